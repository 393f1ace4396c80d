/* planner-validate-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the validator's files, one per family of Megatron's checks
 * (model, MoE, parallel, precision, training, recompute and offloading,
 * features).  Not installed, not used outside planner-validate*.c.
 */

#pragma once

#include "planner-validate.h"

G_BEGIN_DECLS

/* How many alternatives a message lists, and how far we search for them. */
#define MAX_CHOICES      8
#define MAX_CANDIDATE    4096
#define MAX_NEAREST      3

#define FLAGS(...) ((const char *const[]) { __VA_ARGS__, NULL })

/* translators: between the items of a list inside a sentence ("a; b; c") */
#define LIST_SEPARATOR C_("list", "; ")

/* Short names inside the validator, namespaced symbols outside it. */
#define flag_for                 planner_validate_flag_for
#define has_value                planner_validate_has_value
#define arg_int                  planner_validate_arg_int
#define arg_pos                  planner_validate_arg_pos
#define arg_bool                 planner_validate_arg_bool
#define arg_str                  planner_validate_arg_str
#define str_is                   planner_validate_str_is
#define arg_first                planner_validate_arg_first
#define arg_list_length          planner_validate_arg_list_length
#define arg_list_contains        planner_validate_arg_list_contains
#define mul_or_zero              planner_validate_mul_or_zero
#define gcd64                    planner_validate_gcd64
#define format_divisors          planner_validate_format_divisors
#define format_nearest_multiples planner_validate_format_nearest_multiples
#define pipeline_layers          planner_validate_pipeline_layers
#define has_uneven_stages        planner_validate_has_uneven_stages
#define layout_string_stages     planner_validate_layout_string_stages
#define join_list                planner_validate_join_list

/* The flag as the user wrote it, or the canonical spelling; interned. */
const char  *flag_for                 (const PlannerArgs *args,
                                       const char        *dest);
/* A store argument given with a value other than None. */
gboolean     has_value                (const PlannerArgs *args,
                                       const char        *dest);
gint64       arg_int                  (const PlannerArgs *args,
                                       const char        *dest,
                                       gint64             fallback);
/* A positive integer, or 0 when absent, zero, negative or unreadable. */
guint64      arg_pos                  (const PlannerArgs *args,
                                       const char        *dest);
gboolean     arg_bool                 (const PlannerArgs *args,
                                       const char        *dest,
                                       gboolean           fallback);
const char  *arg_str                  (const PlannerArgs *args,
                                       const char        *dest,
                                       const char        *fallback);
gboolean     str_is                   (const char        *value,
                                       const char        *expected);
/* The first element of a nargs '+' argument (or its plain value). */
const char  *arg_first                (const PlannerArgs *args,
                                       const char        *dest,
                                       const char        *fallback);
guint        arg_list_length          (const PlannerArgs *args,
                                       const char        *dest);
/* @value is one of the list's elements (or the plain value). */
gboolean     arg_list_contains        (const PlannerArgs *args,
                                       const char        *dest,
                                       const char        *value);
/* a·b, or 0 when it would not fit (callers treat 0 as "too large"). */
guint64      mul_or_zero              (guint64            a,
                                       guint64            b);
guint64      gcd64                    (guint64            a,
                                       guint64            b);
/* "1, 2, 4 or 8": divisors of @n that also divide @fit when non-zero. */
char        *format_divisors          (guint64            n,
                                       guint64            fit);
/* The same divisors as data (GArray of guint32); empty when there are none. */
GArray      *planner_validate_divisors (guint64           n,
                                        guint64           fit);
/* "1,024 or 1,536": the multiples of @unit on either side of @value. */
char        *format_nearest_multiples (guint64            value,
                                       guint64            unit);
/* num_layers plus the embedding and loss when accounted for; 0 when unknown. */
guint64      pipeline_layers          (const PlannerArgs *args);
gboolean     has_uneven_stages        (const PlannerArgs *args);
/* The items of @items (const char *) joined with LIST_SEPARATOR: "a; b; c". */
char        *join_list                (GPtrArray         *items);
/* Stages of a --pipeline-model-parallel-layout string; FALSE when unreadable. */
gboolean     layout_string_stages     (const char        *layout,
                                       guint64           *stages);

typedef struct
{
  guint64          tp;
  guint64          pp;
  guint64          cp;
  guint64          ep;
  guint64          etp;
  guint64          vpp;
  guint64          instances;
  gboolean         etp_given;
  PlannerRankOrder order;
} Degrees;

/* One run of the semantic checks: the arguments and what is known about
 * the launch, resolved once. */
typedef struct
{
  const PlannerArgs            *args;
  const PlannerValidateContext *context;
  const PlannerConfig          *config;
  GPtrArray                    *diagnostics;
  Degrees                       d;
  guint64                       world;      /* 0 = unknown */
  guint64                       dp;         /* 0 = unknown */
  guint64                       expert_dp;  /* 0 = unknown */
  gboolean                      sp;         /* after the TP 1 auto-off */
  guint64                       num_layers;
  guint64                       hidden;
  guint64                       heads;
  guint64                       seq;
  guint64                       num_experts;
  guint64                       num_microbatches;  /* 0 = unknown */
  const char                   *recompute;  /* "full", "selective" or NULL */
  /* Resolved once, as validate_args and TransformerConfig see them. */
  gboolean                      fp8;        /* --fp8-format given */
  gboolean                      fp4;        /* --fp4-format given */
  const char                   *fp8_recipe; /* default delayed */
  const char                   *dispatcher; /* default allgather */
  const char                   *flex_backend;      /* after --moe-enable-deepep */
  gboolean                      add_bias;   /* no --disable-bias-linear */
  gboolean                      grouped_tensor;    /* as TransformerConfig sets it */
  gboolean                      cpu_offloading;    /* --cpu-offloading-num-layers > 0 */
  const char                   *position;   /* position embedding type, after the rope alias */
  const char                   *cuda_graph_impl;   /* after the deprecated switches */
  gboolean                      rope_fusion;       /* after validate_args turns it off */
  gboolean                      gated_linear_unit; /* --swiglu or --quick-geglu */
} PlannerCheck;

/* A switch that is on (store_true given), a store argument with a value. */
#define ON(dest)    arg_bool (c->args, (dest), FALSE)
#define GIVEN(dest) has_value (c->args, (dest))

/* The selective-recompute modules as TransformerConfig sees them:
 * [core_attn] when --recompute-modules is not given. */
gboolean planner_check_recompute_module (const PlannerCheck *c,
                                         const char         *module);
/* --cuda-graph-modules contains @module. */
gboolean planner_check_graph_module     (const PlannerCheck *c,
                                         const char         *module);
/* --offload-modules contains @module. */
gboolean planner_check_offload_module   (const PlannerCheck *c,
                                         const char         *module);

/* F names a flag as data (a diagnostic's flags); N names it in a
 * message, in the words the message is made for (the flag, or the
 * form's label).  A message's fix and format are templates: a flag
 * written "{--flag}" in them is named so too (issue 19). */
#define WORDS   (c->context != NULL ? c->context->words : NULL)
#define F(dest) flag_for (c->args, (dest))
#define N(dest) planner_words_name (WORDS, flag_for (c->args, (dest)))
#define ADD(severity, code, flags, fix, ...) \
  planner_diagnostics_add_in (c->diagnostics, WORDS, PLANNER_SEVERITY_ ## severity, code, flags, fix, __VA_ARGS__)

gboolean planner_check_fsdp       (const PlannerCheck *c);

/* planner-validate-moe.c: the needs of the expert-parallel overlap that
 * the check's job does not meet (planner_validate_ep_overlap_unmet). */
PlannerEpOverlapNeed planner_check_ep_overlap_unmet (const PlannerCheck *c);
/* The GPUs left for EP on a pipeline stage, world ÷ (ETP × PP); 0 when unknown. */
guint64              planner_check_ep_fit           (const PlannerCheck *c);

/* planner-validate-model.c */
void     planner_check_required   (PlannerCheck *c);
void     planner_check_model      (PlannerCheck *c);
void     planner_check_attention  (PlannerCheck *c);
void     planner_check_tokenizer  (PlannerCheck *c);
void     planner_check_vocab      (PlannerCheck *c);
/* planner-validate-moe.c */
void     planner_check_moe        (PlannerCheck *c);
/* planner-validate-parallel.c */
void     planner_check_parallel   (PlannerCheck *c);
void     planner_check_env        (PlannerCheck *c);
void     planner_check_pipeline   (PlannerCheck *c);
/* planner-validate-precision.c */
void     planner_check_precision  (PlannerCheck *c);
/* planner-validate-training.c */
void     planner_check_batch      (PlannerCheck *c);
void     planner_check_optimizer  (PlannerCheck *c);
/* planner-validate-release.c: rules only older releases hold. */
void     planner_check_release    (PlannerCheck *c);
void     planner_check_data       (PlannerCheck *c);
void     planner_check_training   (PlannerCheck *c);
/* planner-validate-recompute.c */
void     planner_check_recompute  (PlannerCheck *c);
void     planner_check_offloading (PlannerCheck *c);
/* planner-validate-features.c */
void     planner_check_cuda_graphs      (PlannerCheck *c);
void     planner_check_experimental     (PlannerCheck *c);
void     planner_check_weight_shards    (PlannerCheck *c);
void     planner_check_batch_invariant  (PlannerCheck *c);
void     planner_check_requirements     (PlannerCheck *c);

G_END_DECLS
