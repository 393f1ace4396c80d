/* planner-layout.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The largest world we accept: far beyond any real cluster, small enough
 * that every product of degrees fits comfortably in 64 bits. */
#define PLANNER_MAX_WORLD_SIZE (1u << 20)

/* "No such rank / group": out-of-range coordinates, a rank outside the
 * world, or a rank that belongs to no group of a kind (the embedding
 * groups hold only the pipeline ends). */
#define PLANNER_RANK_NONE        G_MAXUINT32
#define PLANNER_GROUP_INDEX_NONE G_MAXUINT32

/* Megatron-Core's rank orders (facts §1.2). */
typedef enum
{
  PLANNER_RANK_ORDER_TP_CP_EP_DP_PP = 0,   /* the default */
  PLANNER_RANK_ORDER_TP_CP_EP_PP_DP,       /* --use-tp-pp-dp-mapping */
} PlannerRankOrder;

/* Every kind of process group Megatron builds, in the order of the
 * `ranks --json` contract. */
typedef enum
{
  PLANNER_GROUP_TP = 0,
  PLANNER_GROUP_PP,
  PLANNER_GROUP_DP,
  PLANNER_GROUP_CP,
  PLANNER_GROUP_DP_CP,
  PLANNER_GROUP_TP_PP,
  PLANNER_GROUP_TP_DP,
  PLANNER_GROUP_TP_DP_CP,
  PLANNER_GROUP_TP_CP,
  PLANNER_GROUP_EP,
  PLANNER_GROUP_ETP,
  PLANNER_GROUP_ETP_EP,
  PLANNER_GROUP_ETP_EP_PP,
  PLANNER_GROUP_EXPERT_DP,
  PLANNER_GROUP_EMBEDDING,
  PLANNER_GROUP_POSITION_EMBEDDING,
  PLANNER_N_GROUP_KINDS
} PlannerGroupKind;

/* A validated set of parallel degrees over one world.  Plain data: copy it
 * by value.  Every field is resolved (etp defaults to tp, dp and expert_dp
 * are derived the way Megatron derives them). */
typedef struct
{
  guint32          world_size;
  guint32          tp;
  guint32          pp;
  guint32          cp;
  guint32          dp;          /* world / (tp·pp·cp): excludes CP (facts §1.5) */
  guint32          ep;
  guint32          etp;
  guint32          expert_dp;   /* world / (etp·ep·pp) */
  guint32          vpp;         /* virtual stages per pipeline rank; 1 = none */
  guint32          num_distributed_optimizer_instances;
  PlannerRankOrder order;
} PlannerLayout;

/* Where one global rank sits on both grids and on the machine. */
typedef struct
{
  guint32 rank;
  guint32 tp;
  guint32 cp;
  guint32 dp;
  guint32 pp;
  guint32 etp;
  guint32 ep;
  guint32 expert_dp;
  guint32 node;        /* rank / gpus_per_node */
  guint32 local_rank;  /* rank % gpus_per_node */
} PlannerRankCoords;

/* All groups of one kind: n_groups lists of group_size ranks, stored
 * back to back in Megatron's order.  Every kind has groups of one size
 * within a layout. */
typedef struct
{
  PlannerGroupKind kind;
  guint32          n_groups;
  guint32          group_size;
  guint32         *ranks;      /* n_groups × group_size */
} PlannerGroups;

#define PLANNER_LAYOUT_ERROR (planner_layout_error_quark ())

typedef enum
{
  PLANNER_LAYOUT_ERROR_INVALID,      /* zero, overflow, out of range */
  PLANNER_LAYOUT_ERROR_NOT_DIVISIBLE,
  PLANNER_LAYOUT_ERROR_MAPPING,      /* tp-pp-dp mapping with expert dp ≠ dp */
} PlannerLayoutError;

GQuark            planner_layout_error_quark        (void);

/* etp == 0 means "not given": it defaults to tp as in Megatron.  vpp 0 or 1
 * means no virtual pipeline.  The error message is Megatron's reason in
 * plain words, naming the degrees involved. */
gboolean          planner_layout_init               (PlannerLayout       *layout,
                                                     guint64              world_size,
                                                     guint64              tp,
                                                     guint64              pp,
                                                     guint64              cp,
                                                     guint64              ep,
                                                     guint64              etp,
                                                     guint64              vpp,
                                                     PlannerRankOrder     order,
                                                     GError             **error);
/* Megatron's num_distributed_optimizer_instances (1 after init): needs
 * (dp·cp) % n == 0 and expert_dp % n == 0.  On error @layout is unchanged. */
gboolean          planner_layout_set_distributed_optimizer_instances
                                                    (PlannerLayout       *layout,
                                                     guint64              n,
                                                     GError             **error);
/* gpus_per_node 0 means "unknown": the whole world is one node.  A rank
 * outside the world gets PLANNER_RANK_NONE in every coordinate. */
void              planner_layout_get_coords         (const PlannerLayout *layout,
                                                     guint32              rank,
                                                     guint32              gpus_per_node,
                                                     PlannerRankCoords   *coords);
/* The inverse of get_coords on the dense / expert grid;
 * PLANNER_RANK_NONE when a coordinate is out of range. */
guint32           planner_layout_dense_rank         (const PlannerLayout *layout,
                                                     guint32              tp,
                                                     guint32              cp,
                                                     guint32              dp,
                                                     guint32              pp);
guint32           planner_layout_expert_rank        (const PlannerLayout *layout,
                                                     guint32              etp,
                                                     guint32              ep,
                                                     guint32              expert_dp,
                                                     guint32              pp);

PlannerGroups    *planner_groups_new                (const PlannerLayout *layout,
                                                     PlannerGroupKind     kind);
void              planner_groups_free               (PlannerGroups       *groups);
const guint32    *planner_groups_get_group          (const PlannerGroups *groups,
                                                     guint32              index);
/* Index of the group of this kind that holds @rank, computed from the
 * rank's coordinates (O(1)); PLANNER_GROUP_INDEX_NONE when no group
 * holds it (a middle pipeline stage for the embedding kinds). */
guint32           planner_groups_find               (const PlannerGroups *groups,
                                                     guint32              rank);
/* TRUE when some group of this kind spans more than one node;
 * gpus_per_node 0 means one node (never crosses). */
gboolean          planner_groups_cross_nodes        (const PlannerGroups *groups,
                                                     guint32              gpus_per_node);

/* Group membership without building the groups, O(1) and allocation-free,
 * for a face that asks about one rank at a time (the window's rank grid on
 * 16,384 GPUs).  The answers are exactly planner_groups_new's. */
/* Ranks in each group of @kind; 0 for an inconsistent layout. */
guint32           planner_layout_group_size         (const PlannerLayout *layout,
                                                     PlannerGroupKind     kind);
/* The @k-th rank of the group of @kind that holds @rank, in the order
 * planner_groups_get_group lists it; PLANNER_RANK_NONE when @k is past the
 * group's size or no group of @kind holds @rank. */
guint32           planner_layout_group_member       (const PlannerLayout *layout,
                                                     PlannerGroupKind     kind,
                                                     guint32              rank,
                                                     guint32              k);
/* TRUE when one group of @kind holds both @a and @b. */
gboolean          planner_layout_same_group         (const PlannerLayout *layout,
                                                     PlannerGroupKind     kind,
                                                     guint32              a,
                                                     guint32              b);

const char       *planner_group_kind_to_string      (PlannerGroupKind     kind);
gboolean          planner_group_kind_from_string    (const char          *name,
                                                     PlannerGroupKind    *kind);

/* "TP 4 × CP 1 × DP 4 × PP 4 = 64 GPUs" */
char             *planner_layout_describe           (const PlannerLayout *layout);
/* "ETP 1 × EP 8 × EDP 8 × PP 1 = 64 GPUs" */
char             *planner_layout_describe_expert    (const PlannerLayout *layout);

/* "tp-cp-ep-dp-pp" or "tp-cp-ep-pp-dp", Megatron's order strings. */
const char       *planner_rank_order_to_string      (PlannerRankOrder     order);

/* Called for each valid layout; return FALSE to stop. */
typedef gboolean (*PlannerLayoutFunc) (const PlannerLayout *layout,
                                       gpointer             user_data);

/* Every valid layout of @world_size in @order with vpp 1, by increasing
 * tp, then pp, cp, ep, etp.  Without @include_expert only ep 1 and
 * etp = tp; with it every ep (dividing @num_experts when that is > 0)
 * and every etp that Megatron accepts. */
void              planner_layout_foreach_valid      (guint64              world_size,
                                                     guint                num_experts,
                                                     gboolean             include_expert,
                                                     PlannerRankOrder     order,
                                                     PlannerLayoutFunc    func,
                                                     gpointer             user_data);

/* Up to @max_results valid layouts (GArray of PlannerLayout) for the same
 * world, closest to the requested degrees: the distance is the sum of
 * |log2 wanted − log2 chosen| over tp, pp, cp, ep, etp; ties go to the
 * smaller tp, pp, cp, ep, etp.  etp 0 means "follows tp" (Megatron's
 * default) and then the candidates keep etp = tp.  ep divides
 * @num_experts when that is > 0; with @num_experts 0 and ep 1 (a dense
 * model) ep stays 1.  Default rank order, no VPP. */
GArray           *planner_layout_nearest_valid      (guint64              world_size,
                                                     guint64              tp,
                                                     guint64              pp,
                                                     guint64              cp,
                                                     guint64              ep,
                                                     guint64              etp,
                                                     guint                num_experts,
                                                     guint                max_results);
/* The same for another rank order and a virtual pipeline (vpp > 1 keeps
 * only pp > 1). */
GArray           *planner_layout_nearest_valid_full (guint64              world_size,
                                                     guint64              tp,
                                                     guint64              pp,
                                                     guint64              cp,
                                                     guint64              ep,
                                                     guint64              etp,
                                                     guint64              vpp,
                                                     PlannerRankOrder     order,
                                                     guint                num_experts,
                                                     guint                max_results);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerGroups, planner_groups_free)

G_END_DECLS
