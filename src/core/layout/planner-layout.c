/* planner-layout.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-layout"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "planner-layout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The axes of Megatron's RankGenerator (facts §1.1).  The numbering is
 * only an identity; positions in the grid come from the order string. */
typedef enum
{
  AXIS_TP = 0,
  AXIS_CP,
  AXIS_EP,
  AXIS_DP,
  AXIS_PP,
  N_AXES
} PlannerAxis;

#define BIT(axis) (1u << (axis))

/* One grid: the sizes and strides of the axes in order-string order,
 * leftmost fastest. */
typedef struct
{
  PlannerAxis axis[N_AXES];
  guint32     size[N_AXES];
  guint32     stride[N_AXES];
} PlannerGrid;

static const PlannerAxis order_default[N_AXES] = { AXIS_TP, AXIS_CP, AXIS_EP, AXIS_DP, AXIS_PP };
static const PlannerAxis order_mapping[N_AXES] = { AXIS_TP, AXIS_CP, AXIS_EP, AXIS_PP, AXIS_DP };

typedef enum
{
  SOURCE_DENSE,
  SOURCE_EXPERT,
  SOURCE_EMBEDDING,
  SOURCE_POSITION_EMBEDDING,
} PlannerGroupSource;

typedef struct
{
  const char         *name;
  PlannerGroupSource  source;
  guint               mask;   /* the axes named in Megatron's token */
} PlannerKindInfo;

/* Indexed by PlannerGroupKind; the tokens are the ones
 * initialize_model_parallel passes to get_ranks (facts §1.3). */
static const PlannerKindInfo kind_info[PLANNER_N_GROUP_KINDS] = {
  [PLANNER_GROUP_TP]                 = { "tp",                 SOURCE_DENSE,  BIT (AXIS_TP) },
  [PLANNER_GROUP_PP]                 = { "pp",                 SOURCE_DENSE,  BIT (AXIS_PP) },
  [PLANNER_GROUP_DP]                 = { "dp",                 SOURCE_DENSE,  BIT (AXIS_DP) },
  [PLANNER_GROUP_CP]                 = { "cp",                 SOURCE_DENSE,  BIT (AXIS_CP) },
  [PLANNER_GROUP_DP_CP]              = { "dp_cp",              SOURCE_DENSE,  BIT (AXIS_DP) | BIT (AXIS_CP) },
  [PLANNER_GROUP_TP_PP]              = { "tp_pp",              SOURCE_DENSE,  BIT (AXIS_TP) | BIT (AXIS_PP) },
  [PLANNER_GROUP_TP_DP]              = { "tp_dp",              SOURCE_DENSE,  BIT (AXIS_TP) | BIT (AXIS_DP) },
  [PLANNER_GROUP_TP_DP_CP]           = { "tp_dp_cp",           SOURCE_DENSE,  BIT (AXIS_TP) | BIT (AXIS_DP) | BIT (AXIS_CP) },
  [PLANNER_GROUP_TP_CP]              = { "tp_cp",              SOURCE_DENSE,  BIT (AXIS_TP) | BIT (AXIS_CP) },
  [PLANNER_GROUP_EP]                 = { "ep",                 SOURCE_EXPERT, BIT (AXIS_EP) },
  [PLANNER_GROUP_ETP]                = { "etp",                SOURCE_EXPERT, BIT (AXIS_TP) },
  [PLANNER_GROUP_ETP_EP]             = { "etp_ep",             SOURCE_EXPERT, BIT (AXIS_TP) | BIT (AXIS_EP) },
  [PLANNER_GROUP_ETP_EP_PP]          = { "etp_ep_pp",          SOURCE_EXPERT, BIT (AXIS_TP) | BIT (AXIS_EP) | BIT (AXIS_PP) },
  [PLANNER_GROUP_EXPERT_DP]          = { "expert_dp",          SOURCE_EXPERT, BIT (AXIS_DP) },
  [PLANNER_GROUP_EMBEDDING]          = { "embedding",          SOURCE_EMBEDDING, BIT (AXIS_PP) },
  [PLANNER_GROUP_POSITION_EMBEDDING] = { "position_embedding", SOURCE_POSITION_EMBEDDING, BIT (AXIS_PP) },
};

/* What planner_groups_new hands out: the public part first, then what
 * planner_groups_find needs to answer arithmetically. */
typedef struct
{
  PlannerGroups  public;
  PlannerGrid    grid;
  guint          mask;
  /* The un-named axes of size > 1: a rank's group index is
   * Σ ((rank / stride) % size) × weight over them. */
  guint          n_find;
  guint32        find_stride[N_AXES];
  guint32        find_size[N_AXES];
  guint32        find_weight[N_AXES];
} PlannerGroupsReal;

G_DEFINE_QUARK (planner-layout-error-quark, planner_layout_error)

static void
grid_init (PlannerGrid      *grid,
           PlannerRankOrder  order,
           guint32           tp,
           guint32           cp,
           guint32           ep,
           guint32           dp,
           guint32           pp)
{
  const PlannerAxis *axes = order == PLANNER_RANK_ORDER_TP_CP_EP_PP_DP ? order_mapping : order_default;
  guint32 sizes[N_AXES];
  guint32 stride = 1;

  sizes[AXIS_TP] = tp;
  sizes[AXIS_CP] = cp;
  sizes[AXIS_EP] = ep;
  sizes[AXIS_DP] = dp;
  sizes[AXIS_PP] = pp;

  for (guint i = 0; i < N_AXES; i++)
    {
      grid->axis[i] = axes[i];
      grid->size[i] = sizes[axes[i]];
      grid->stride[i] = stride;
      stride *= sizes[axes[i]];
    }
}

static void
grid_init_dense (PlannerGrid         *grid,
                 const PlannerLayout *layout)
{
  grid_init (grid, layout->order, layout->tp, layout->cp, 1, layout->dp, layout->pp);
}

static void
grid_init_expert (PlannerGrid         *grid,
                  const PlannerLayout *layout)
{
  grid_init (grid, layout->order, layout->etp, 1, layout->ep, layout->expert_dp, layout->pp);
}

/* The index of @rank along each axis, by axis identity. */
static void
grid_decompose (const PlannerGrid *grid,
                guint32            rank,
                guint32            index[N_AXES])
{
  for (guint i = 0; i < N_AXES; i++)
    index[grid->axis[i]] = grid->size[i] == 1 ? 0 : (rank / grid->stride[i]) % grid->size[i];
}

static guint32
grid_compose (const PlannerGrid *grid,
              const guint32      index[N_AXES])
{
  guint32 rank = 0;

  for (guint i = 0; i < N_AXES; i++)
    {
      guint32 v = index[grid->axis[i]];

      if (v >= grid->size[i])
        return PLANNER_RANK_NONE;
      rank += v * grid->stride[i];
    }

  return rank;
}

/* Megatron's generate_masked_orthogonal_rank_groups: groups enumerated by
 * the un-named axes, ranks inside a group by the named ones, both leftmost
 * fastest in order-string order. */
static void
grid_fill_groups (const PlannerGrid *grid,
                  guint              mask,
                  guint32           *out,
                  guint32           *n_groups_out,
                  guint32           *group_size_out)
{
  guint32 in_size[N_AXES], in_stride[N_AXES];
  guint32 out_size[N_AXES], out_stride[N_AXES];
  guint n_in = 0, n_out = 0;
  guint32 group_size = 1, n_groups = 1;
  guint32 counter[N_AXES] = { 0, };
  guint32 *offsets;
  guint32 base = 0;

  for (guint i = 0; i < N_AXES; i++)
    {
      if (mask & BIT (grid->axis[i]))
        {
          in_size[n_in] = grid->size[i];
          in_stride[n_in++] = grid->stride[i];
          group_size *= grid->size[i];
        }
      else
        {
          out_size[n_out] = grid->size[i];
          out_stride[n_out++] = grid->stride[i];
          n_groups *= grid->size[i];
        }
    }

  /* The offsets of the ranks of a group from its first rank are the same
   * for every group; an odometer avoids divisions. */
  offsets = g_new (guint32, group_size);
  for (guint32 j = 0, offset = 0; j < group_size; j++)
    {
      offsets[j] = offset;
      for (guint k = 0; k < n_in; k++)
        {
          offset += in_stride[k];
          if (++counter[k] < in_size[k])
            break;
          offset -= in_stride[k] * in_size[k];
          counter[k] = 0;
        }
    }

  memset (counter, 0, sizeof counter);
  for (guint32 g = 0; g < n_groups; g++)
    {
      guint32 *dest = out + (gsize) g * group_size;

      for (guint32 j = 0; j < group_size; j++)
        dest[j] = base + offsets[j];

      for (guint k = 0; k < n_out; k++)
        {
          base += out_stride[k];
          if (++counter[k] < out_size[k])
            break;
          base -= out_stride[k] * out_size[k];
          counter[k] = 0;
        }
    }

  g_free (offsets);
  *n_groups_out = n_groups;
  *group_size_out = group_size;
}

static void
groups_prepare_find (PlannerGroupsReal *real)
{
  guint32 weight = 1;

  real->n_find = 0;
  for (guint i = 0; i < N_AXES; i++)
    {
      if (real->mask & BIT (real->grid.axis[i]))
        continue;
      if (real->grid.size[i] > 1)
        {
          real->find_stride[real->n_find] = real->grid.stride[i];
          real->find_size[real->n_find] = real->grid.size[i];
          real->find_weight[real->n_find] = weight;
          real->n_find++;
        }
      weight *= real->grid.size[i];
    }
}

/* Validation without messages, shared by init and the enumerators so
 * that searching thousands of layouts allocates nothing. */
typedef enum
{
  CHECK_OK,
  CHECK_ZERO,
  CHECK_WORLD_RANGE,
  CHECK_DEGREE_RANGE,
  CHECK_VPP_RANGE,
  CHECK_DENSE_DIVISIBLE,
  CHECK_VPP_NEEDS_PP,
  CHECK_EXPERT_DIVISIBLE,
  CHECK_MAPPING,
} PlannerCheck;

static PlannerCheck
check_degrees (guint64           world,
               guint64           tp,
               guint64           pp,
               guint64           cp,
               guint64           ep,
               guint64           etp,
               guint64           vpp,
               PlannerRankOrder  order)
{
  if (world == 0 || tp == 0 || pp == 0 || cp == 0 || ep == 0 || etp == 0)
    return CHECK_ZERO;
  if (world > PLANNER_MAX_WORLD_SIZE)
    return CHECK_WORLD_RANGE;
  /* Each degree ≤ world ≤ 2^20, so products of three fit in 64 bits. */
  if (tp > world || pp > world || cp > world || ep > world || etp > world)
    return CHECK_DEGREE_RANGE;
  if (vpp > PLANNER_MAX_WORLD_SIZE)
    return CHECK_VPP_RANGE;
  if (world % (tp * pp * cp) != 0)
    return CHECK_DENSE_DIVISIBLE;
  if (vpp > 1 && pp == 1)
    return CHECK_VPP_NEEDS_PP;
  if (world % (etp * ep * pp) != 0)
    return CHECK_EXPERT_DIVISIBLE;
  if (order == PLANNER_RANK_ORDER_TP_CP_EP_PP_DP && pp > 1
      && world / (etp * ep * pp) != world / (tp * pp * cp))
    return CHECK_MAPPING;
  return CHECK_OK;
}

static void
layout_fill (PlannerLayout    *layout,
             guint64           world,
             guint64           tp,
             guint64           pp,
             guint64           cp,
             guint64           ep,
             guint64           etp,
             guint64           vpp,
             PlannerRankOrder  order)
{
  layout->world_size = (guint32) world;
  layout->tp = (guint32) tp;
  layout->pp = (guint32) pp;
  layout->cp = (guint32) cp;
  layout->dp = (guint32) (world / (tp * pp * cp));
  layout->ep = (guint32) ep;
  layout->etp = (guint32) etp;
  layout->expert_dp = (guint32) (world / (etp * ep * pp));
  layout->vpp = vpp > 1 ? (guint32) vpp : 1;
  layout->num_distributed_optimizer_instances = 1;
  layout->order = order;
}

static const char *
first_zero_degree (guint64 world,
                   guint64 tp,
                   guint64 pp,
                   guint64 cp,
                   guint64 ep,
                   guint64 etp)
{
  if (world == 0)
    return "world_size";
  if (tp == 0)
    return "tp";
  if (pp == 0)
    return "pp";
  if (cp == 0)
    return "cp";
  if (ep == 0)
    return "ep";
  return "etp";
}

gboolean
planner_layout_init (PlannerLayout     *layout,
                     guint64            world_size,
                     guint64            tp,
                     guint64            pp,
                     guint64            cp,
                     guint64            ep,
                     guint64            etp,
                     guint64            vpp,
                     PlannerRankOrder   order,
                     GError           **error)
{
  guint64 world = world_size;

  g_return_val_if_fail (layout != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (order != PLANNER_RANK_ORDER_TP_CP_EP_DP_PP && order != PLANNER_RANK_ORDER_TP_CP_EP_PP_DP)
    {
      g_set_error (error, PLANNER_LAYOUT_ERROR, PLANNER_LAYOUT_ERROR_INVALID,
                   _("unknown rank order %d"), (int) order);
      return FALSE;
    }

  /* etp 0 means "not given": Megatron defaults it to tp. */
  if (etp == 0)
    etp = tp;

  switch (check_degrees (world, tp, pp, cp, ep, etp, vpp, order))
    {
    case CHECK_OK:
      layout_fill (layout, world, tp, pp, cp, ep, etp, vpp, order);
      return TRUE;

    case CHECK_ZERO:
      g_set_error (error, PLANNER_LAYOUT_ERROR, PLANNER_LAYOUT_ERROR_INVALID,
                   _("%s must be at least 1"), first_zero_degree (world, tp, pp, cp, ep, etp));
      return FALSE;

    case CHECK_WORLD_RANGE:
      g_set_error (error, PLANNER_LAYOUT_ERROR, PLANNER_LAYOUT_ERROR_INVALID,
                   _("world_size (%" PRIu64 ") is larger than the supported maximum of %u GPUs"),
                   world, (guint) PLANNER_MAX_WORLD_SIZE);
      return FALSE;

    case CHECK_DEGREE_RANGE:
      {
        const char *name = tp > world ? "tp" : pp > world ? "pp" : cp > world ? "cp"
                         : ep > world ? "ep" : "etp";
        guint64 value = tp > world ? tp : pp > world ? pp : cp > world ? cp
                      : ep > world ? ep : etp;

        g_set_error (error, PLANNER_LAYOUT_ERROR, PLANNER_LAYOUT_ERROR_INVALID,
                     _("%s (%" PRIu64 ") is larger than world_size (%" PRIu64 "); "
                       "a parallel degree cannot exceed the number of GPUs"),
                     name, value, world);
        return FALSE;
      }

    case CHECK_VPP_RANGE:
      g_set_error (error, PLANNER_LAYOUT_ERROR, PLANNER_LAYOUT_ERROR_INVALID,
                   _("vpp (%" PRIu64 ") is too large; virtual stages per pipeline rank "
                     "must be at most %u"), vpp, (guint) PLANNER_MAX_WORLD_SIZE);
      return FALSE;

    case CHECK_DENSE_DIVISIBLE:
      g_set_error (error, PLANNER_LAYOUT_ERROR, PLANNER_LAYOUT_ERROR_NOT_DIVISIBLE,
                   _("world_size (%" PRIu64 ") is not divisible by %" PRIu64
                     ": tp %" PRIu64 " × pp %" PRIu64 " × cp %" PRIu64
                     " must divide the number of GPUs"),
                   world, tp * pp * cp, tp, pp, cp);
      return FALSE;

    case CHECK_VPP_NEEDS_PP:
      g_set_error (error, PLANNER_LAYOUT_ERROR, PLANNER_LAYOUT_ERROR_INVALID,
                   _("pipeline-model-parallel size should be greater than 1 with interleaved schedule "
                     "(vpp %" PRIu64 " needs pp > 1)"), vpp);
      return FALSE;

    case CHECK_EXPERT_DIVISIBLE:
      g_set_error (error, PLANNER_LAYOUT_ERROR, PLANNER_LAYOUT_ERROR_NOT_DIVISIBLE,
                   _("world_size (%" PRIu64 ") is not divisible by "
                     "expert_tensor_model_pipeline_parallel size (%" PRIu64 ")"
                     ": etp %" PRIu64 " × ep %" PRIu64 " × pp %" PRIu64
                     " must divide the number of GPUs"),
                   world, etp * ep * pp, etp, ep, pp);
      return FALSE;

    case CHECK_MAPPING:
      g_set_error (error, PLANNER_LAYOUT_ERROR, PLANNER_LAYOUT_ERROR_MAPPING,
                   _("When not using pp-last rank ordering, the data parallel size of the attention "
                     "and moe layers must be the same (--use-tp-pp-dp-mapping with pp %" PRIu64
                     ": expert data parallel %" PRIu64 " ≠ data parallel %" PRIu64
                     "; it needs etp × ep = tp × cp)"),
                   pp, world / (etp * ep * pp), world / (tp * pp * cp));
      return FALSE;

    default:
      g_assert_not_reached ();
    }

  return FALSE;
}

gboolean
planner_layout_set_distributed_optimizer_instances (PlannerLayout  *layout,
                                                    guint64         n,
                                                    GError        **error)
{
  guint64 dp_cp;

  g_return_val_if_fail (layout != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  dp_cp = (guint64) layout->dp * layout->cp;

  if (n == 0)
    {
      g_set_error_literal (error, PLANNER_LAYOUT_ERROR, PLANNER_LAYOUT_ERROR_INVALID,
                           _("num_distributed_optimizer_instances must be at least 1"));
      return FALSE;
    }
  if (dp_cp == 0 || dp_cp % n != 0)
    {
      g_set_error (error, PLANNER_LAYOUT_ERROR, PLANNER_LAYOUT_ERROR_NOT_DIVISIBLE,
                   _("Data parallel size should be divisible by partial DistOpt shard factor "
                     "(dp %u × cp %u = %" PRIu64 " is not divisible by "
                     "num_distributed_optimizer_instances %" PRIu64 ")"),
                   layout->dp, layout->cp, dp_cp, n);
      return FALSE;
    }
  if (layout->expert_dp % n != 0)
    {
      g_set_error (error, PLANNER_LAYOUT_ERROR, PLANNER_LAYOUT_ERROR_NOT_DIVISIBLE,
                   _("Expert data parallel size should be divisible by partial DistOpt shard factor "
                     "(expert_dp %u is not divisible by num_distributed_optimizer_instances %"
                     PRIu64 ")"),
                   layout->expert_dp, n);
      return FALSE;
    }

  layout->num_distributed_optimizer_instances = (guint32) n;
  return TRUE;
}

/* A layout that did not come from planner_layout_init (zeroed, edited by
 * hand) must not make the group code divide by zero or overrun. */
static gboolean
layout_is_consistent (const PlannerLayout *layout)
{
  guint64 world = layout->world_size;

  if (layout->tp == 0 || layout->cp == 0 || layout->pp == 0 || layout->dp == 0
      || layout->ep == 0 || layout->etp == 0 || layout->expert_dp == 0
      || world == 0 || world > PLANNER_MAX_WORLD_SIZE)
    return FALSE;
  if (layout->order != PLANNER_RANK_ORDER_TP_CP_EP_DP_PP
      && layout->order != PLANNER_RANK_ORDER_TP_CP_EP_PP_DP)
    return FALSE;
  if (layout->tp > world || layout->cp > world || layout->pp > world || layout->dp > world
      || layout->ep > world || layout->etp > world || layout->expert_dp > world)
    return FALSE;
  return (guint64) layout->tp * layout->cp * layout->dp * layout->pp == world
         && (guint64) layout->etp * layout->ep * layout->expert_dp * layout->pp == world;
}

void
planner_layout_get_coords (const PlannerLayout *layout,
                           guint32              rank,
                           guint32              gpus_per_node,
                           PlannerRankCoords   *coords)
{
  guint32 tp_cp, etp_ep;

  g_return_if_fail (layout != NULL);
  g_return_if_fail (coords != NULL);

  coords->rank = rank;
  if (!layout_is_consistent (layout) || rank >= layout->world_size)
    {
      coords->tp = coords->cp = coords->dp = coords->pp = PLANNER_RANK_NONE;
      coords->etp = coords->ep = coords->expert_dp = PLANNER_RANK_NONE;
      coords->node = coords->local_rank = PLANNER_RANK_NONE;
      return;
    }

  /* The closed forms of facts §1.2/§1.3: the same as decomposing on both
   * grids, without building them for every rank of a 16k-GPU map. */
  tp_cp = layout->tp * layout->cp;
  etp_ep = layout->etp * layout->ep;
  coords->tp = rank % layout->tp;
  coords->cp = (rank / layout->tp) % layout->cp;
  coords->etp = rank % layout->etp;
  coords->ep = (rank / layout->etp) % layout->ep;
  if (layout->order == PLANNER_RANK_ORDER_TP_CP_EP_DP_PP)
    {
      coords->dp = (rank / tp_cp) % layout->dp;
      coords->pp = rank / (tp_cp * layout->dp);
      coords->expert_dp = (rank / etp_ep) % layout->expert_dp;
    }
  else
    {
      coords->pp = (rank / tp_cp) % layout->pp;
      coords->dp = rank / (tp_cp * layout->pp);
      coords->expert_dp = rank / (etp_ep * layout->pp);
    }

  /* gpus_per_node 0: the machine is unknown, treat the world as one node. */
  if (gpus_per_node == 0)
    {
      coords->node = 0;
      coords->local_rank = rank;
    }
  else
    {
      coords->node = rank / gpus_per_node;
      coords->local_rank = rank % gpus_per_node;
    }
}

guint32
planner_layout_dense_rank (const PlannerLayout *layout,
                           guint32              tp,
                           guint32              cp,
                           guint32              dp,
                           guint32              pp)
{
  PlannerGrid grid;
  guint32 index[N_AXES];

  g_return_val_if_fail (layout != NULL, PLANNER_RANK_NONE);

  if (!layout_is_consistent (layout))
    return PLANNER_RANK_NONE;

  grid_init_dense (&grid, layout);
  index[AXIS_TP] = tp;
  index[AXIS_CP] = cp;
  index[AXIS_EP] = 0;
  index[AXIS_DP] = dp;
  index[AXIS_PP] = pp;
  return grid_compose (&grid, index);
}

guint32
planner_layout_expert_rank (const PlannerLayout *layout,
                            guint32              etp,
                            guint32              ep,
                            guint32              expert_dp,
                            guint32              pp)
{
  PlannerGrid grid;
  guint32 index[N_AXES];

  g_return_val_if_fail (layout != NULL, PLANNER_RANK_NONE);

  if (!layout_is_consistent (layout))
    return PLANNER_RANK_NONE;

  grid_init_expert (&grid, layout);
  index[AXIS_TP] = etp;
  index[AXIS_CP] = 0;
  index[AXIS_EP] = ep;
  index[AXIS_DP] = expert_dp;
  index[AXIS_PP] = pp;
  return grid_compose (&grid, index);
}

PlannerGroups *
planner_groups_new (const PlannerLayout *layout,
                    PlannerGroupKind     kind)
{
  PlannerGroupsReal *real;
  const PlannerKindInfo *info;
  guint32 world;

  g_return_val_if_fail (layout != NULL, NULL);

  if ((guint) kind >= PLANNER_N_GROUP_KINDS || !layout_is_consistent (layout))
    return NULL;

  info = &kind_info[kind];
  world = layout->world_size;

  real = g_new0 (PlannerGroupsReal, 1);
  real->public.kind = kind;
  real->mask = info->mask;
  if (info->source == SOURCE_EXPERT)
    grid_init_expert (&real->grid, layout);
  else
    grid_init_dense (&real->grid, layout);
  groups_prepare_find (real);

  switch (info->source)
    {
    case SOURCE_DENSE:
    case SOURCE_EXPERT:
      real->public.ranks = g_new (guint32, world);
      grid_fill_groups (&real->grid, info->mask, real->public.ranks,
                        &real->public.n_groups, &real->public.group_size);
      break;

    case SOURCE_EMBEDDING:
    case SOURCE_POSITION_EMBEDDING:
      {
        /* Derived from the PP groups: the first and last stage (just the
         * one rank when pp == 1), or the first stage only. */
        guint32 pp = layout->pp;
        guint32 n = world / pp;
        guint32 size = (info->source == SOURCE_EMBEDDING && pp > 1) ? 2 : 1;
        g_autofree guint32 *pp_ranks = g_new (guint32, world);
        guint32 n_pp, pp_size;

        grid_fill_groups (&real->grid, BIT (AXIS_PP), pp_ranks, &n_pp, &pp_size);
        g_assert (n_pp == n && pp_size == pp);

        real->public.ranks = g_new (guint32, (gsize) n * size);
        for (guint32 g = 0; g < n; g++)
          {
            real->public.ranks[(gsize) g * size] = pp_ranks[(gsize) g * pp];
            if (size == 2)
              real->public.ranks[(gsize) g * size + 1] = pp_ranks[(gsize) g * pp + pp - 1];
          }
        real->public.n_groups = n;
        real->public.group_size = size;
        break;
      }

    default:
      g_assert_not_reached ();
    }

  return &real->public;
}

void
planner_groups_free (PlannerGroups *groups)
{
  if (groups == NULL)
    return;

  g_free (groups->ranks);
  g_free ((PlannerGroupsReal *) groups);
}

const guint32 *
planner_groups_get_group (const PlannerGroups *groups,
                          guint32              index)
{
  g_return_val_if_fail (groups != NULL, NULL);

  if (index >= groups->n_groups)
    return NULL;

  return groups->ranks + (gsize) index * groups->group_size;
}

guint32
planner_groups_find (const PlannerGroups *groups,
                     guint32              rank)
{
  const PlannerGroupsReal *real = (const PlannerGroupsReal *) groups;
  guint32 world;
  guint32 index;

  g_return_val_if_fail (groups != NULL, PLANNER_GROUP_INDEX_NONE);

  world = real->grid.stride[N_AXES - 1] * real->grid.size[N_AXES - 1];
  if (rank >= world)
    return PLANNER_GROUP_INDEX_NONE;

  index = 0;
  for (guint i = 0; i < real->n_find; i++)
    index += ((rank / real->find_stride[i]) % real->find_size[i]) * real->find_weight[i];

  /* Embedding groups hold only the ends of each pipeline. */
  if (groups->kind == PLANNER_GROUP_EMBEDDING || groups->kind == PLANNER_GROUP_POSITION_EMBEDDING)
    {
      guint32 coord[N_AXES];
      guint32 pp = 0;

      grid_decompose (&real->grid, rank, coord);
      for (guint i = 0; i < N_AXES; i++)
        if (real->grid.axis[i] == AXIS_PP)
          pp = real->grid.size[i];

      if (coord[AXIS_PP] == 0)
        return index;
      if (groups->kind == PLANNER_GROUP_EMBEDDING && coord[AXIS_PP] == pp - 1)
        return index;
      return PLANNER_GROUP_INDEX_NONE;
    }

  return index;
}

gboolean
planner_groups_cross_nodes (const PlannerGroups *groups,
                            guint32              gpus_per_node)
{
  g_return_val_if_fail (groups != NULL, FALSE);

  if (gpus_per_node == 0 || groups->group_size < 2)
    return FALSE;

  for (guint32 g = 0; g < groups->n_groups; g++)
    {
      const guint32 *group = groups->ranks + (gsize) g * groups->group_size;
      guint32 node = group[0] / gpus_per_node;

      for (guint32 j = 1; j < groups->group_size; j++)
        if (group[j] / gpus_per_node != node)
          return TRUE;
    }

  return FALSE;
}

guint32
planner_layout_group_size (const PlannerLayout *layout,
                           PlannerGroupKind     kind)
{
  const PlannerKindInfo *info;
  PlannerGrid grid;
  guint32 size = 1;

  g_return_val_if_fail (layout != NULL, 0);

  if ((guint) kind >= PLANNER_N_GROUP_KINDS || !layout_is_consistent (layout))
    return 0;
  info = &kind_info[kind];
  switch (info->source)
    {
    case SOURCE_EMBEDDING:
      return layout->pp > 1 ? 2 : 1;
    case SOURCE_POSITION_EMBEDDING:
      return 1;
    case SOURCE_EXPERT:
      grid_init_expert (&grid, layout);
      break;
    case SOURCE_DENSE:
    default:
      grid_init_dense (&grid, layout);
      break;
    }
  for (guint i = 0; i < N_AXES; i++)
    if (info->mask & BIT (grid.axis[i]))
      size *= grid.size[i];
  return size;
}

guint32
planner_layout_group_member (const PlannerLayout *layout,
                             PlannerGroupKind     kind,
                             guint32              rank,
                             guint32              k)
{
  const PlannerKindInfo *info;
  PlannerGrid grid;
  guint32 index[N_AXES];

  g_return_val_if_fail (layout != NULL, PLANNER_RANK_NONE);

  if ((guint) kind >= PLANNER_N_GROUP_KINDS || !layout_is_consistent (layout) || rank >= layout->world_size)
    return PLANNER_RANK_NONE;
  info = &kind_info[kind];
  if (info->source == SOURCE_EXPERT)
    grid_init_expert (&grid, layout);
  else
    grid_init_dense (&grid, layout);
  grid_decompose (&grid, rank, index);

  if (info->source == SOURCE_EMBEDDING || info->source == SOURCE_POSITION_EMBEDDING)
    {
      /* The ends of each pipeline (the first stage only for the position
       * embedding), as planner_groups_new derives them from PP. */
      guint32 last = layout->pp - 1;
      gboolean two = info->source == SOURCE_EMBEDDING && layout->pp > 1;

      if (index[AXIS_PP] != 0 && !(two && index[AXIS_PP] == last))
        return PLANNER_RANK_NONE;
      if (k >= (two ? 2u : 1u))
        return PLANNER_RANK_NONE;
      index[AXIS_PP] = k == 0 ? 0 : last;
      return grid_compose (&grid, index);
    }

  /* Inside a group the named axes count leftmost fastest (grid_fill_groups). */
  for (guint i = 0; i < N_AXES; i++)
    {
      if (!(info->mask & BIT (grid.axis[i])))
        continue;
      index[grid.axis[i]] = k % grid.size[i];
      k /= grid.size[i];
    }
  if (k != 0)
    return PLANNER_RANK_NONE;
  return grid_compose (&grid, index);
}

gboolean
planner_layout_same_group (const PlannerLayout *layout,
                           PlannerGroupKind     kind,
                           guint32              a,
                           guint32              b)
{
  guint32 first = planner_layout_group_member (layout, kind, a, 0);

  return first != PLANNER_RANK_NONE && first == planner_layout_group_member (layout, kind, b, 0);
}

const char *
planner_group_kind_to_string (PlannerGroupKind kind)
{
  if ((guint) kind >= PLANNER_N_GROUP_KINDS)
    return NULL;

  return kind_info[kind].name;
}

gboolean
planner_group_kind_from_string (const char       *name,
                                PlannerGroupKind *kind)
{
  if (name == NULL)
    return FALSE;

  for (guint i = 0; i < PLANNER_N_GROUP_KINDS; i++)
    {
      if (g_str_equal (name, kind_info[i].name))
        {
          if (kind != NULL)
            *kind = (PlannerGroupKind) i;
          return TRUE;
        }
    }

  return FALSE;
}

char *
planner_layout_describe (const PlannerLayout *layout)
{
  g_return_val_if_fail (layout != NULL, NULL);

  return g_strdup_printf (_("TP %u × CP %u × DP %u × PP %u = %u GPUs"),
                          layout->tp, layout->cp, layout->dp, layout->pp, layout->world_size);
}

char *
planner_layout_describe_expert (const PlannerLayout *layout)
{
  g_return_val_if_fail (layout != NULL, NULL);

  return g_strdup_printf (_("ETP %u × EP %u × EDP %u × PP %u = %u GPUs"),
                          layout->etp, layout->ep, layout->expert_dp, layout->pp, layout->world_size);
}

const char *
planner_rank_order_to_string (PlannerRankOrder order)
{
  switch (order)
    {
    case PLANNER_RANK_ORDER_TP_CP_EP_DP_PP:
      return "tp-cp-ep-dp-pp";
    case PLANNER_RANK_ORDER_TP_CP_EP_PP_DP:
      return "tp-cp-ep-pp-dp";
    default:
      return NULL;
    }
}

/* Enumeration of valid layouts. */

static guint
collect_divisors (guint64  n,
                  guint32 *out)
{
  guint count = 0;

  for (guint64 d = 1; d * d <= n; d++)
    {
      if (n % d == 0)
        {
          out[count++] = (guint32) d;
          if (d * d != n)
            out[count++] = (guint32) (n / d);
        }
    }

  return count;
}

static int
compare_guint32 (gconstpointer a,
                 gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return x < y ? -1 : x > y;
}

/* Sorted divisors of @n; n ≤ 2^20 has at most 240 of them. */
static guint32 *
divisors_of (guint64  n,
             guint   *n_out)
{
  guint32 *out = g_new (guint32, 512);

  *n_out = collect_divisors (n, out);
  qsort (out, *n_out, sizeof (guint32), compare_guint32);
  return out;
}

void
planner_layout_foreach_valid (guint64           world_size,
                              guint             num_experts,
                              gboolean          include_expert,
                              PlannerRankOrder  order,
                              PlannerLayoutFunc func,
                              gpointer          user_data)
{
  g_autofree guint32 *divs = NULL;
  guint n_divs;

  g_return_if_fail (func != NULL);

  if (world_size == 0 || world_size > PLANNER_MAX_WORLD_SIZE)
    return;

  divs = divisors_of (world_size, &n_divs);

  for (guint a = 0; a < n_divs; a++)
    for (guint b = 0; b < n_divs; b++)
      for (guint c = 0; c < n_divs; c++)
        {
          guint64 tp = divs[a], pp = divs[b], cp = divs[c];
          PlannerLayout layout;

          if (world_size % (tp * pp * cp) != 0)
            continue;

          if (!include_expert)
            {
              if (check_degrees (world_size, tp, pp, cp, 1, tp, 1, order) != CHECK_OK)
                continue;
              layout_fill (&layout, world_size, tp, pp, cp, 1, tp, 1, order);
              if (!func (&layout, user_data))
                return;
              continue;
            }

          for (guint e = 0; e < n_divs; e++)
            {
              guint64 ep = divs[e];

              if (num_experts > 0 && num_experts % ep != 0)
                continue;
              if (world_size % (ep * pp) != 0)
                continue;

              for (guint x = 0; x < n_divs; x++)
                {
                  guint64 etp = divs[x];

                  if (check_degrees (world_size, tp, pp, cp, ep, etp, 1, order) != CHECK_OK)
                    continue;
                  layout_fill (&layout, world_size, tp, pp, cp, ep, etp, 1, order);
                  if (!func (&layout, user_data))
                    return;
                }
            }
        }
}

/* Nearest valid layouts: a branch-and-bound over the divisors of the
 * world, each axis visited in increasing distance from the request, so
 * the search stays fast even for worlds with hundreds of divisors. */

typedef struct
{
  guint32 value;
  double  distance;
} PlannerCandidate;

typedef struct
{
  PlannerLayout layout;
  double        distance;
} PlannerScored;

#define DISTANCE_EPSILON 1e-9

static int
compare_candidates (gconstpointer a,
                    gconstpointer b)
{
  const PlannerCandidate *x = a, *y = b;

  if (x->distance < y->distance - DISTANCE_EPSILON)
    return -1;
  if (x->distance > y->distance + DISTANCE_EPSILON)
    return 1;
  return x->value < y->value ? -1 : x->value > y->value;
}

static int
compare_scored (const PlannerScored *x,
                const PlannerScored *y)
{
  if (x->distance < y->distance - DISTANCE_EPSILON)
    return -1;
  if (x->distance > y->distance + DISTANCE_EPSILON)
    return 1;
  if (x->layout.tp != y->layout.tp)
    return x->layout.tp < y->layout.tp ? -1 : 1;
  if (x->layout.pp != y->layout.pp)
    return x->layout.pp < y->layout.pp ? -1 : 1;
  if (x->layout.cp != y->layout.cp)
    return x->layout.cp < y->layout.cp ? -1 : 1;
  if (x->layout.ep != y->layout.ep)
    return x->layout.ep < y->layout.ep ? -1 : 1;
  if (x->layout.etp != y->layout.etp)
    return x->layout.etp < y->layout.etp ? -1 : 1;
  return 0;
}

static PlannerCandidate *
candidates_for (const guint32 *divs,
                guint          n_divs,
                guint64        wanted)
{
  PlannerCandidate *out = g_new (PlannerCandidate, n_divs);
  double target = log2 ((double) MAX (wanted, 1));

  for (guint i = 0; i < n_divs; i++)
    {
      out[i].value = divs[i];
      out[i].distance = fabs (log2 ((double) divs[i]) - target);
    }
  qsort (out, n_divs, sizeof *out, compare_candidates);
  return out;
}

typedef struct
{
  PlannerScored *best;
  guint          n_best;
  guint          max;
} PlannerBest;

static double
best_bound (const PlannerBest *best)
{
  return best->n_best < best->max ? G_MAXDOUBLE : best->best[best->n_best - 1].distance;
}

static void
best_offer (PlannerBest         *best,
            const PlannerScored *scored)
{
  guint pos;

  if (best->n_best == best->max && compare_scored (scored, &best->best[best->n_best - 1]) >= 0)
    return;

  pos = best->n_best < best->max ? best->n_best++ : best->n_best - 1;
  while (pos > 0 && compare_scored (scored, &best->best[pos - 1]) < 0)
    {
      best->best[pos] = best->best[pos - 1];
      pos--;
    }
  best->best[pos] = *scored;
}

GArray *
planner_layout_nearest_valid_full (guint64          world_size,
                                   guint64          tp,
                                   guint64          pp,
                                   guint64          cp,
                                   guint64          ep,
                                   guint64          etp,
                                   guint64          vpp,
                                   PlannerRankOrder order,
                                   guint            num_experts,
                                   guint            max_results)
{
  GArray *result = g_array_new (FALSE, FALSE, sizeof (PlannerLayout));
  g_autofree guint32 *divs = NULL;
  g_autofree PlannerCandidate *c_tp = NULL, *c_pp = NULL, *c_cp = NULL, *c_ep = NULL, *c_etp = NULL;
  PlannerBest best;
  gboolean etp_follows_tp = etp == 0;
  guint n_divs;

  if (world_size == 0 || world_size > PLANNER_MAX_WORLD_SIZE || max_results == 0)
    return result;
  if (order != PLANNER_RANK_ORDER_TP_CP_EP_DP_PP && order != PLANNER_RANK_ORDER_TP_CP_EP_PP_DP)
    return result;

  divs = divisors_of (world_size, &n_divs);
  c_tp = candidates_for (divs, n_divs, tp);
  c_pp = candidates_for (divs, n_divs, pp);
  c_cp = candidates_for (divs, n_divs, cp);
  c_ep = candidates_for (divs, n_divs, ep);
  c_etp = candidates_for (divs, n_divs, etp);

  best.best = g_new (PlannerScored, max_results);
  best.n_best = 0;
  best.max = max_results;

  /* Sorted candidates: once an axis' distance alone pushes the partial sum
   * past the worst kept result, every later candidate of that axis does
   * too.  Ties are kept (by the epsilon) so the tie-break order holds. */
#define PRUNE(sum) ((sum) > best_bound (&best) + DISTANCE_EPSILON)
  for (guint a = 0; a < n_divs && !PRUNE (c_tp[a].distance); a++)
    for (guint b = 0; b < n_divs && !PRUNE (c_tp[a].distance + c_pp[b].distance); b++)
      {
        guint64 t = c_tp[a].value, p = c_pp[b].value;
        double d_tp_pp = c_tp[a].distance + c_pp[b].distance;

        if (world_size % (t * p) != 0 || (vpp > 1 && p == 1))
          continue;

        for (guint c = 0; c < n_divs && !PRUNE (d_tp_pp + c_cp[c].distance); c++)
          {
            guint64 k = c_cp[c].value;
            double d_dense = d_tp_pp + c_cp[c].distance;

            if (world_size % (t * p * k) != 0)
              continue;

            for (guint e = 0; e < n_divs && !PRUNE (d_dense + c_ep[e].distance); e++)
              {
                guint64 x = c_ep[e].value;
                double d_ep = d_dense + c_ep[e].distance;

                if (num_experts > 0 && num_experts % x != 0)
                  continue;
                /* A dense model (ep 1, experts unknown) keeps ep 1: EP
                 * without experts is rejected by Megatron. */
                if (num_experts == 0 && ep <= 1 && x != 1)
                  continue;
                if (world_size % (x * p) != 0)
                  continue;

                for (guint f = 0; f < (etp_follows_tp ? 1u : n_divs); f++)
                  {
                    guint64 y = etp_follows_tp ? t : c_etp[f].value;
                    double d = d_ep + (etp_follows_tp ? 0.0 : c_etp[f].distance);
                    PlannerScored scored;

                    if (PRUNE (d))
                      break;
                    if (check_degrees (world_size, t, p, k, x, y, vpp, order) != CHECK_OK)
                      continue;

                    layout_fill (&scored.layout, world_size, t, p, k, x, y, vpp, order);
                    scored.distance = d;
                    best_offer (&best, &scored);
                  }
              }
          }
      }
#undef PRUNE

  for (guint i = 0; i < best.n_best; i++)
    g_array_append_val (result, best.best[i].layout);

  g_free (best.best);
  return result;
}

GArray *
planner_layout_nearest_valid (guint64 world_size,
                              guint64 tp,
                              guint64 pp,
                              guint64 cp,
                              guint64 ep,
                              guint64 etp,
                              guint   num_experts,
                              guint   max_results)
{
  return planner_layout_nearest_valid_full (world_size, tp, pp, cp, ep, etp, 1,
                                            PLANNER_RANK_ORDER_TP_CP_EP_DP_PP,
                                            num_experts, max_results);
}
