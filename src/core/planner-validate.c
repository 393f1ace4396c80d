/* planner-validate.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-validate"

#include "config.h"

#include "planner-validate.h"

#include <string.h>

/* How many alternatives a message lists, and how far we search for them. */
#define MAX_CHOICES      8
#define MAX_CANDIDATE    4096
#define MAX_NEAREST      3
/* A pipeline layout string longer than this is not worth expanding. */
#define MAX_LAYOUT_COUNT G_GUINT64_CONSTANT (1000000000)

#define FLAGS(...) ((const char *const[]) { __VA_ARGS__, NULL })

/* ------------------------------------------------------------------ */
/* Argument access                                                      */
/* ------------------------------------------------------------------ */

/* Flags whose spelling is not "--" + dest with dashes. */
static const struct
{
  const char *dest;
  const char *flag;
} flag_exceptions[] = {
  { "add_bias_linear", "--disable-bias-linear" },
  { "add_position_embedding", "--no-position-embedding" },
  { "fp8", "--fp8-format" },
  { "fp4", "--fp4-format" },
  { "gradient_accumulation_fusion", "--no-gradient-accumulation-fusion" },
  { "microbatch_group_size_per_vp_stage", "--microbatch-group-size-per-virtual-pipeline-stage" },
  { "overlap_p2p_comm", "--no-overlap-p2p-communication" },
  { "use_gloo_process_groups", "--disable-gloo-process-groups" },
};

/* The flag as the user wrote it, or the canonical spelling.  Interned so
 * callers never free it. */
static const char *
flag_for (const PlannerArgs *args,
          const char        *dest)
{
  const char *written = planner_args_get_flag (args, dest);
  g_autofree char *derived = NULL;

  if (written != NULL)
    return written;

  for (guint i = 0; i < G_N_ELEMENTS (flag_exceptions); i++)
    if (g_str_equal (flag_exceptions[i].dest, dest))
      return flag_exceptions[i].flag;

  derived = g_strconcat ("--", dest, NULL);
  g_strdelimit (derived, "_", '-');
  return g_intern_string (derived);
}

/* A Store argument given with a value other than None. */
static gboolean
has_value (const PlannerArgs *args,
           const char        *dest)
{
  const char *const *list;

  if (!planner_args_is_set (args, dest))
    return FALSE;
  if (planner_args_get_string (args, dest, NULL) != NULL)
    return TRUE;
  list = planner_args_get_list (args, dest);
  return list != NULL;
}

static gint64
arg_int (const PlannerArgs *args,
         const char        *dest,
         gint64             fallback)
{
  return planner_args_get_int (args, dest, fallback);
}

/* A positive integer, or 0 when absent, zero, negative or unreadable. */
static guint64
arg_pos (const PlannerArgs *args,
         const char        *dest)
{
  gint64 value;

  if (!has_value (args, dest))
    return 0;
  value = planner_args_get_int (args, dest, 0);
  return value > 0 ? (guint64) value : 0;
}

static gboolean
arg_bool (const PlannerArgs *args,
          const char        *dest,
          gboolean           fallback)
{
  return planner_args_get_bool (args, dest, fallback);
}

static const char *
arg_str (const PlannerArgs *args,
         const char        *dest,
         const char        *fallback)
{
  return planner_args_get_string (args, dest, fallback);
}

static gboolean
str_is (const char *value,
        const char *expected)
{
  return value != NULL && g_str_equal (value, expected);
}

/* The first element of a nargs '+' argument (or its plain value). */
static const char *
arg_first (const PlannerArgs *args,
           const char        *dest,
           const char        *fallback)
{
  const char *const *list = planner_args_get_list (args, dest);

  if (list != NULL && list[0] != NULL)
    return list[0];
  return planner_args_get_string (args, dest, fallback);
}

static guint
arg_list_length (const PlannerArgs *args,
                 const char        *dest)
{
  const char *const *list = planner_args_get_list (args, dest);

  if (list == NULL)
    return has_value (args, dest) ? 1 : 0;
  return g_strv_length ((char **) list);
}

/* ------------------------------------------------------------------ */
/* Arithmetic helpers                                                   */
/* ------------------------------------------------------------------ */

/* a·b, or 0 when it would not fit (callers treat 0 as "too large"). */
static guint64
mul_or_zero (guint64 a,
             guint64 b)
{
  if (a != 0 && b > G_MAXUINT64 / a)
    return 0;
  return a * b;
}

static guint64
gcd64 (guint64 a,
       guint64 b)
{
  while (b != 0)
    {
      guint64 t = a % b;

      a = b;
      b = t;
    }
  return a;
}

/* "1, 2, 4 and 8": divisors d of @n (d ≤ MAX_CANDIDATE) that also divide
 * @fit when @fit is non-zero.  NULL when there is none. */
static char *
format_divisors (guint64 n,
                 guint64 fit)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint64 found[MAX_CHOICES];
  guint n_found = 0;

  for (guint64 d = 1; d <= MIN (n, MAX_CANDIDATE) && n_found < MAX_CHOICES; d++)
    if (n % d == 0 && (fit == 0 || fit % d == 0))
      found[n_found++] = d;

  if (n_found == 0)
    return NULL;

  for (guint i = 0; i < n_found; i++)
    {
      if (i > 0)
        g_string_append (text, i + 1 == n_found ? " or " : ", ");
      g_string_append_printf (text, "%" G_GUINT64_FORMAT, found[i]);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* "1,024 or 1,536": the multiples of @unit on either side of @value. */
static char *
format_nearest_multiples (guint64 value,
                          guint64 unit)
{
  guint64 below = unit != 0 ? value / unit * unit : 0;
  guint64 above = mul_or_zero (unit, (unit != 0 ? value / unit : 0) + 1);

  if (below == 0 && above == 0)
    return g_strdup ("none");
  if (below == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT, above);
  if (above == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT, below);
  return g_strdup_printf ("%" G_GUINT64_FORMAT " or %" G_GUINT64_FORMAT, below, above);
}

/* ------------------------------------------------------------------ */
/* Degrees and the virtual pipeline                                     */
/* ------------------------------------------------------------------ */

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

/* NULL @diagnostics mutes every message: planner_validate re-resolves the
 * degrees silently when it has no layout. */
static gboolean
read_degree (const PlannerArgs *args,
             const char        *dest,
             guint64            fallback,
             guint64           *out,
             GPtrArray         *diagnostics)
{
  gint64 value = arg_int (args, dest, (gint64) fallback);

  if (value >= 1 && (guint64) value <= PLANNER_MAX_WORLD_SIZE)
    {
      *out = (guint64) value;
      return TRUE;
    }

  *out = 1;
  if (diagnostics != NULL)
    planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "layout.invalid-degree",
                             FLAGS (flag_for (args, dest)),
                             "Give a whole number of at least 1.",
                             "%s is %" G_GINT64_FORMAT ": a parallel size must be between 1 and %u.",
                             flag_for (args, dest), value, (guint) PLANNER_MAX_WORLD_SIZE);
  return FALSE;
}

/* Stages in a --pipeline-model-parallel-layout string such as
 * "Et*3|(tt|)*29,m|L": one more than the number of '|' after expanding
 * "(…)*N" and "x*N".  Returns FALSE when it cannot be read. */
static gboolean
layout_count_pipes (const char **cursor,
                    guint        depth,
                    guint64     *pipes)
{
  const char *p = *cursor;

  *pipes = 0;
  if (depth > 32)
    return FALSE;

  while (*p != '\0' && *p != ')')
    {
      guint64 item = 0;

      if (*p == '(')
        {
          p++;
          if (!layout_count_pipes (&p, depth + 1, &item) || *p != ')')
            return FALSE;
          p++;
        }
      else if (*p == '|')
        {
          item = 1;
          p++;
        }
      else if (g_ascii_isalpha (*p))
        {
          p++;
        }
      else if (*p == ',' || g_ascii_isspace (*p))
        {
          p++;
          continue;
        }
      else
        {
          return FALSE;
        }

      if (*p == '*')
        {
          guint64 times = 0;

          p++;
          if (!g_ascii_isdigit (*p))
            return FALSE;
          while (g_ascii_isdigit (*p))
            {
              times = times * 10 + (guint64) (*p - '0');
              if (times > MAX_LAYOUT_COUNT)
                return FALSE;
              p++;
            }
          item = mul_or_zero (item, times);
          if (item > MAX_LAYOUT_COUNT)
            return FALSE;
        }

      *pipes += item;
      if (*pipes > MAX_LAYOUT_COUNT)
        return FALSE;
    }

  *cursor = p;
  return TRUE;
}

static gboolean
layout_string_stages (const char *layout,
                      guint64    *stages)
{
  const char *cursor = layout;
  guint64 pipes = 0;

  if (!layout_count_pipes (&cursor, 0, &pipes) || *cursor != '\0')
    return FALSE;
  *stages = pipes + 1;
  return TRUE;
}

/* num_layers plus the embedding and loss "layers" when they are accounted
 * for in the pipeline split (facts §2.4); 0 when unknown. */
static guint64
pipeline_layers (const PlannerArgs *args)
{
  guint64 layers = arg_pos (args, "num_layers");

  if (layers == 0 || layers > G_MAXUINT32)
    return 0;
  if (arg_bool (args, "account_for_embedding_in_pipeline_split", FALSE))
    layers++;
  if (arg_bool (args, "account_for_loss_in_pipeline_split", FALSE))
    layers++;
  return layers;
}

static gboolean
has_uneven_stages (const PlannerArgs *args)
{
  return has_value (args, "decoder_first_pipeline_num_layers")
         || has_value (args, "decoder_last_pipeline_num_layers");
}

/* The virtual pipeline size from whichever source is given (facts §2.4). */
static void
resolve_vpp (const PlannerArgs *args,
             Degrees           *d,
             GPtrArray         *diagnostics)
{
  gboolean per_stage = has_value (args, "num_layers_per_virtual_pipeline_stage");
  gboolean per_rank = has_value (args, "num_virtual_stages_per_pipeline_rank");
  gboolean layout = has_value (args, "pipeline_model_parallel_layout");
  guint64 layers = pipeline_layers (args);
  guint64 vpp = 1;

  d->vpp = 1;

  if (per_stage + per_rank + layout > 1)
    {
      if (diagnostics != NULL)
        planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "pipeline.vpp-sources",
                                 FLAGS (flag_for (args, "num_layers_per_virtual_pipeline_stage"),
                                        flag_for (args, "num_virtual_stages_per_pipeline_rank"),
                                        flag_for (args, "pipeline_model_parallel_layout")),
                                 "Keep only one; --num-virtual-stages-per-pipeline-rank is the simplest.",
                                 "Megatron accepts at most one of %s, %s and %s: each one sets the virtual pipeline size.",
                                 flag_for (args, "num_layers_per_virtual_pipeline_stage"),
                                 flag_for (args, "num_virtual_stages_per_pipeline_rank"),
                                 flag_for (args, "pipeline_model_parallel_layout"));
      return;
    }

  if (per_stage)
    {
      const char *flag = flag_for (args, "num_layers_per_virtual_pipeline_stage");
      guint64 n = arg_pos (args, "num_layers_per_virtual_pipeline_stage");

      if (n == 0)
        {
          if (diagnostics != NULL)
            planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "pipeline.vpp-layers",
                                     FLAGS (flag), "Give a positive number of layers.",
                                     "%s must be a positive number of layers.", flag);
          return;
        }
      if (has_uneven_stages (args))
        {
          if (diagnostics != NULL)
            planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "pipeline.vpp-layers",
                                     FLAGS (flag, flag_for (args, has_value (args, "decoder_first_pipeline_num_layers")
                                                                  ? "decoder_first_pipeline_num_layers"
                                                                  : "decoder_last_pipeline_num_layers")),
                                     "Use --num-virtual-stages-per-pipeline-rank instead.",
                                     "%s cannot be combined with uneven first or last pipeline stages; "
                                     "Megatron asks for --num-virtual-stages-per-pipeline-rank.", flag);
          return;
        }
      if (layers == 0)
        return;
      if (layers % d->pp != 0 || (layers / d->pp) % n != 0)
        {
          g_autofree char *choices = layers % d->pp == 0 ? format_divisors (layers / d->pp, 0) : NULL;

          if (diagnostics != NULL)
            planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "pipeline.vpp-layers",
                                     FLAGS (flag, flag_for (args, "num_layers"),
                                            flag_for (args, "pipeline_model_parallel_size")),
                                     "Pick a layer count per virtual stage that divides the layers per pipeline rank.",
                                     "%" G_GUINT64_FORMAT " layers (counting the embedding and loss when accounted for) "
                                     "must split evenly over PP %" G_GUINT64_FORMAT " and then into virtual stages of "
                                     "%" G_GUINT64_FORMAT " layers. Valid %s values: %s.",
                                     layers, d->pp, n, flag,
                                     choices != NULL ? choices : "none for this PP");
          return;
        }
      vpp = (layers / d->pp) / n;
    }
  else if (per_rank)
    {
      const char *flag = flag_for (args, "num_virtual_stages_per_pipeline_rank");

      vpp = arg_pos (args, "num_virtual_stages_per_pipeline_rank");
      if (vpp == 0 || vpp > G_MAXUINT32)
        {
          if (diagnostics != NULL)
            planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "pipeline.vpp-layers",
                                     FLAGS (flag), "Give a positive number of virtual stages.",
                                     "%s must be a positive number of virtual stages.", flag);
          return;
        }
    }
  else if (layout)
    {
      const char *flag = flag_for (args, "pipeline_model_parallel_layout");
      const char *text = arg_str (args, "pipeline_model_parallel_layout", "");
      guint64 stages = 0;

      if (!layout_string_stages (text, &stages))
        {
          if (diagnostics != NULL)
            planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_WARNING, "pipeline.layout-unreadable",
                                     FLAGS (flag), NULL,
                                     "The planner cannot read the pipeline layout \"%s\"; it assumes no virtual pipeline.",
                                     text);
          return;
        }
      if (stages % d->pp != 0)
        {
          if (diagnostics != NULL)
            planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "pipeline.layout-stages",
                                     FLAGS (flag, flag_for (args, "pipeline_model_parallel_size")),
                                     "Write a layout whose number of '|'-separated stages is a multiple of PP.",
                                     "The pipeline layout has %" G_GUINT64_FORMAT " stages, which is not a multiple of "
                                     "PP %" G_GUINT64_FORMAT ".", stages, d->pp);
          return;
        }
      vpp = stages / d->pp;
    }

  if (vpp > 1 && d->pp == 1)
    {
      if (diagnostics != NULL)
        planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "layout.vpp-needs-pp",
                                 FLAGS (flag_for (args, per_stage ? "num_layers_per_virtual_pipeline_stage"
                                                  : per_rank ? "num_virtual_stages_per_pipeline_rank"
                                                  : "pipeline_model_parallel_layout"),
                                        flag_for (args, "pipeline_model_parallel_size")),
                                 "Raise --pipeline-model-parallel-size above 1, or drop the virtual pipeline.",
                                 "A virtual (interleaved) pipeline of %" G_GUINT64_FORMAT " stages needs pipeline "
                                 "parallelism: with PP 1 Megatron stops with \"pipeline-model-parallel size should be "
                                 "greater than 1 with interleaved schedule\".", vpp);
      return;
    }

  d->vpp = vpp;
}

static gboolean
resolve_degrees (const PlannerArgs *args,
                 Degrees           *d,
                 GPtrArray         *diagnostics)
{
  gboolean ok = TRUE;

  memset (d, 0, sizeof *d);
  ok &= read_degree (args, "tensor_model_parallel_size", 1, &d->tp, diagnostics);
  ok &= read_degree (args, "pipeline_model_parallel_size", 1, &d->pp, diagnostics);
  ok &= read_degree (args, "context_parallel_size", 1, &d->cp, diagnostics);
  ok &= read_degree (args, "expert_model_parallel_size", 1, &d->ep, diagnostics);
  ok &= read_degree (args, "num_distributed_optimizer_instances", 1, &d->instances, diagnostics);
  d->etp_given = has_value (args, "expert_tensor_parallel_size");
  if (d->etp_given)
    ok &= read_degree (args, "expert_tensor_parallel_size", d->tp, &d->etp, diagnostics);
  else
    d->etp = d->tp;
  d->order = arg_bool (args, "use_tp_pp_dp_mapping", FALSE)
             ? PLANNER_RANK_ORDER_TP_CP_EP_PP_DP
             : PLANNER_RANK_ORDER_TP_CP_EP_DP_PP;
  resolve_vpp (args, d, diagnostics);
  return ok;
}

/* "TP 4 × CP 1 × DP 2 × PP 1 = 8 GPUs (ETP 1 × EP 8 × EDP 1 × PP 1); …" */
static char *
nearest_layouts_text (const PlannerArgs *args,
                      guint64            world,
                      const Degrees     *d)
{
  g_autoptr(GArray) nearest = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  guint64 experts = arg_pos (args, "num_experts");

  nearest = planner_layout_nearest_valid_full (world, d->tp, d->pp, d->cp, d->ep,
                                               d->etp_given ? d->etp : 0, d->vpp, d->order,
                                               (guint) MIN (experts, G_MAXUINT), MAX_NEAREST);
  if (nearest == NULL || nearest->len == 0)
    return NULL;

  for (guint i = 0; i < nearest->len && i < MAX_NEAREST; i++)
    {
      const PlannerLayout *layout = &g_array_index (nearest, PlannerLayout, i);
      g_autofree char *dense = planner_layout_describe (layout);

      if (i > 0)
        g_string_append (text, "; ");
      g_string_append (text, dense);
      if (layout->ep > 1 || layout->etp != layout->tp)
        {
          g_autofree char *expert = planner_layout_describe_expert (layout);

          g_string_append_printf (text, " (%s)", expert);
        }
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The smallest multiples of both grid sizes around @world. */
static char *
needed_world_text (guint64 world,
                   guint64 dense,
                   guint64 expert)
{
  guint64 lcm = mul_or_zero (dense / gcd64 (dense, expert), expert);

  if (lcm == 0)
    return g_strdup ("");
  if (world < lcm)
    return g_strdup_printf (" These degrees need a multiple of %" G_GUINT64_FORMAT " GPUs (at least %" G_GUINT64_FORMAT ").",
                            lcm, lcm);
  return g_strdup_printf (" These degrees need a multiple of %" G_GUINT64_FORMAT " GPUs, such as %" G_GUINT64_FORMAT
                          " or %" G_GUINT64_FORMAT ".", lcm, world / lcm * lcm, mul_or_zero (world / lcm + 1, lcm));
}

gboolean
planner_validate_resolve_layout (const PlannerArgs *args,
                                 guint64            world_size,
                                 PlannerLayout     *layout,
                                 GPtrArray         *diagnostics)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *nearest = NULL;
  g_autofree char *needed = NULL;
  Degrees d;
  guint64 dense;
  guint64 expert;
  gboolean divisible = TRUE;

  g_return_val_if_fail (args != NULL, FALSE);
  g_return_val_if_fail (layout != NULL, FALSE);
  g_return_val_if_fail (diagnostics != NULL, FALSE);

  memset (layout, 0, sizeof *layout);

  if (!resolve_degrees (args, &d, diagnostics))
    return FALSE;

  if (world_size == 0)
    {
      if (!planner_diagnostics_has_code (diagnostics, "layout.world-size-unknown"))
        planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_INFO, "layout.world-size-unknown",
                                 FLAGS ("--nnodes", "--nproc-per-node"),
                                 "Give --world-size, or --nnodes and --nproc-per-node in the launcher line.",
                                 "The number of GPUs is unknown, so the checks that need the data-parallel size "
                                 "(world divisibility, batch sizes, microbatches) were skipped.");
      return FALSE;
    }
  if (world_size > PLANNER_MAX_WORLD_SIZE)
    {
      planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "layout.world-too-large",
                               FLAGS ("--nnodes", "--nproc-per-node"),
                               "Give the real number of GPUs.",
                               "%" G_GUINT64_FORMAT " GPUs is more than the planner accepts (%u).",
                               world_size, (guint) PLANNER_MAX_WORLD_SIZE);
      return FALSE;
    }

  /* Degrees are ≤ 2^20 each, so these products fit. */
  dense = d.tp * d.pp * d.cp;
  expert = d.etp * d.ep * d.pp;

  if (world_size % dense != 0 || world_size % expert != 0)
    {
      nearest = nearest_layouts_text (args, world_size, &d);
      needed = needed_world_text (world_size, dense, expert);
    }

  if (world_size % dense != 0)
    {
      divisible = FALSE;
      planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "layout.world-not-divisible",
                               FLAGS (flag_for (args, "tensor_model_parallel_size"),
                                      flag_for (args, "pipeline_model_parallel_size"),
                                      flag_for (args, "context_parallel_size")),
                               "Change TP, PP or CP so that TP × PP × CP divides the number of GPUs, or change the number of GPUs.",
                               "world_size (%" G_GUINT64_FORMAT ") is not divisible by TP %" G_GUINT64_FORMAT
                               " × PP %" G_GUINT64_FORMAT " × CP %" G_GUINT64_FORMAT " = %" G_GUINT64_FORMAT
                               ": Megatron needs a whole number of data-parallel replicas.%s%s%s",
                               world_size, d.tp, d.pp, d.cp, dense, needed,
                               nearest != NULL ? " Nearest valid layouts for this world: " : "",
                               nearest != NULL ? nearest : "");
    }
  if (world_size % expert != 0)
    {
      divisible = FALSE;
      planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "layout.expert-world-not-divisible",
                               FLAGS (flag_for (args, "expert_tensor_parallel_size"),
                                      flag_for (args, "expert_model_parallel_size"),
                                      flag_for (args, "pipeline_model_parallel_size")),
                               "Lower EP, ETP or PP, or use more GPUs: EP is carved out of TP × CP × DP, it is not an extra factor.",
                               "world_size (%" G_GUINT64_FORMAT ") is not divisible by "
                               "expert_tensor_model_pipeline_parallel size (%" G_GUINT64_FORMAT
                               "): ETP %" G_GUINT64_FORMAT "%s × EP %" G_GUINT64_FORMAT " × PP %" G_GUINT64_FORMAT ".%s%s%s",
                               world_size, expert, d.etp, d.etp_given ? "" : " (defaults to TP)", d.ep, d.pp,
                               needed,
                               nearest != NULL ? " Nearest valid layouts for this world: " : "",
                               nearest != NULL ? nearest : "");
    }
  if (!divisible)
    return FALSE;

  if (d.order == PLANNER_RANK_ORDER_TP_CP_EP_PP_DP && d.pp > 1
      && world_size / expert != world_size / dense)
    {
      planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "layout.mapping-expert-dp",
                               FLAGS (flag_for (args, "use_tp_pp_dp_mapping"),
                                      flag_for (args, "expert_tensor_parallel_size"),
                                      flag_for (args, "expert_model_parallel_size")),
                               "Drop --use-tp-pp-dp-mapping, or make ETP × EP equal TP × CP.",
                               "With %s and PP %" G_GUINT64_FORMAT ", the data-parallel size of the attention layers (%"
                               G_GUINT64_FORMAT ") and of the expert layers (%" G_GUINT64_FORMAT ") must be equal, "
                               "which needs ETP × EP (%" G_GUINT64_FORMAT ") = TP × CP (%" G_GUINT64_FORMAT ").",
                               flag_for (args, "use_tp_pp_dp_mapping"), d.pp, world_size / dense,
                               world_size / expert, d.etp * d.ep, d.tp * d.cp);
      return FALSE;
    }

  if (!planner_layout_init (layout, world_size, d.tp, d.pp, d.cp, d.ep,
                            d.etp_given ? d.etp : 0, d.vpp, d.order, &error))
    {
      planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "layout.invalid",
                               FLAGS (flag_for (args, "tensor_model_parallel_size"),
                                      flag_for (args, "pipeline_model_parallel_size")),
                               "Change the parallel sizes.",
                               "%s", error->message);
      memset (layout, 0, sizeof *layout);
      return FALSE;
    }

  layout->num_distributed_optimizer_instances = (guint32) d.instances;
  if (d.instances > 1
      && ((guint64) layout->dp * layout->cp % d.instances != 0 || layout->expert_dp % d.instances != 0))
    {
      planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "layout.dist-opt-instances",
                               FLAGS (flag_for (args, "num_distributed_optimizer_instances")),
                               "Pick a number of instances that divides both DP × CP and the expert DP.",
                               "%s %" G_GUINT64_FORMAT " must divide DP × CP (%" G_GUINT64_FORMAT
                               ") and the expert data-parallel size (%u).",
                               flag_for (args, "num_distributed_optimizer_instances"), d.instances,
                               (guint64) layout->dp * layout->cp, layout->expert_dp);
    }

  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The semantic checks                                                  */
/* ------------------------------------------------------------------ */

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
} Check;

#define F(dest) flag_for (c->args, (dest))
#define ADD(severity, code, flags, fix, ...) \
  planner_diagnostics_add (c->diagnostics, PLANNER_SEVERITY_ ## severity, code, flags, fix, __VA_ARGS__)

static gboolean
fsdp (const Check *c)
{
  return arg_bool (c->args, "use_megatron_fsdp", FALSE) || arg_bool (c->args, "use_torch_fsdp2", FALSE);
}

static void
check_required (Check *c)
{
  static const struct
  {
    const char *dest;
    const char *code;
  } required[] = {
    { "num_layers", "required.num-layers" },
    { "hidden_size", "required.hidden-size" },
    { "num_attention_heads", "required.num-attention-heads" },
    { "max_position_embeddings", "required.max-position-embeddings" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (required); i++)
    {
      if (!has_value (c->args, required[i].dest))
        ADD (ERROR, required[i].code, FLAGS (F (required[i].dest)),
             "Add it with the model's value.",
             "%s is required: Megatron cannot build the model without it.", F (required[i].dest));
      else if (arg_pos (c->args, required[i].dest) == 0)
        ADD (ERROR, required[i].code, FLAGS (F (required[i].dest)),
             "Give a positive whole number.",
             "%s must be a positive whole number.", F (required[i].dest));
    }

  if (c->seq == 0)
    {
      gboolean given = has_value (c->args, "seq_length") || has_value (c->args, "encoder_seq_length");

      ADD (ERROR, "required.seq-length", FLAGS (F ("seq_length")),
           given ? "Give a positive sequence length." : "Add --seq-length with the training sequence length.",
           given ? "%s must be a positive whole number." : "%s (or --encoder-seq-length) is required.",
           F ("seq_length"));
    }

  if (!has_value (c->args, "micro_batch_size") || arg_pos (c->args, "micro_batch_size") == 0)
    ADD (ERROR, "batch.micro-missing", FLAGS (F ("micro_batch_size")),
         "Add --micro-batch-size (1 is the usual start).",
         "%s is %s: Megatron needs a positive micro-batch size.",
         F ("micro_batch_size"), has_value (c->args, "micro_batch_size") ? "not positive" : "missing");

  if (c->seq != 0 && arg_pos (c->args, "max_position_embeddings") != 0
      && arg_pos (c->args, "max_position_embeddings") < c->seq)
    ADD (ERROR, "model.max-position-below-seq",
         FLAGS (F ("max_position_embeddings"), F ("seq_length")),
         "Raise --max-position-embeddings to at least the sequence length, or shorten the sequence.",
         "%s (%" G_GUINT64_FORMAT ") is smaller than the sequence length (%" G_GUINT64_FORMAT ").",
         F ("max_position_embeddings"), arg_pos (c->args, "max_position_embeddings"), c->seq);
}

static void
check_model (Check *c)
{
  gboolean gqa = arg_bool (c->args, "group_query_attention", FALSE);
  guint64 tp = c->d.tp;

  if (c->heads != 0 && c->hidden != 0 && !has_value (c->args, "kv_channels") && c->hidden % c->heads != 0)
    ADD (ERROR, "model.hidden-not-divisible-by-heads",
         FLAGS (F ("hidden_size"), F ("num_attention_heads"), F ("kv_channels")),
         "Make the hidden size a multiple of the heads, or give --kv-channels.",
         "Without %s Megatron sets the head size to %s / %s, which must divide evenly "
         "(%" G_GUINT64_FORMAT " / %" G_GUINT64_FORMAT " does not).",
         F ("kv_channels"), F ("hidden_size"), F ("num_attention_heads"), c->hidden, c->heads);

  if (c->heads != 0 && c->heads % tp != 0)
    {
      guint64 fit = c->world != 0 && c->world % (c->d.pp * c->d.cp) == 0 ? c->world / (c->d.pp * c->d.cp) : 0;
      g_autofree char *choices = format_divisors (c->heads, fit);

      ADD (ERROR, "model.heads-not-divisible-by-tp",
           FLAGS (F ("num_attention_heads"), F ("tensor_model_parallel_size")),
           "Pick a tensor-parallel size that divides the number of heads.",
           "num_attention_heads (%" G_GUINT64_FORMAT ") must be a multiple of tensor_model_parallel_size (%"
           G_GUINT64_FORMAT "): each TP rank holds whole heads. Valid %s values%s: %s.",
           c->heads, tp, F ("tensor_model_parallel_size"),
           fit != 0 ? " that also fit the GPUs" : "", choices != NULL ? choices : "none");
    }

  if (gqa)
    {
      gint64 groups = arg_int (c->args, "num_query_groups", 1);

      if (groups <= 0)
        {
          ADD (ERROR, "model.query-groups-invalid", FLAGS (F ("num_query_groups")),
               "Give the model's number of key/value heads.",
               "%s must be a positive number.", F ("num_query_groups"));
        }
      else
        {
          if (c->heads != 0 && c->heads % (guint64) groups != 0)
            ADD (ERROR, "model.heads-not-divisible-by-groups",
                 FLAGS (F ("num_attention_heads"), F ("num_query_groups")),
                 "Give a number of query groups that divides the heads.",
                 "%" G_GUINT64_FORMAT " attention heads cannot be shared evenly by %" G_GINT64_FORMAT " query groups.",
                 c->heads, groups);
          if ((guint64) groups % tp != 0 && tp % (guint64) groups != 0)
            ADD (ERROR, "model.query-groups-tp",
                 FLAGS (F ("num_query_groups"), F ("tensor_model_parallel_size")),
                 "Use a TP that divides the query groups, or a multiple of them (KV heads are then replicated).",
                 "num_query_groups (%" G_GINT64_FORMAT ") must be a multiple or a divisor of "
                 "tensor_model_parallel_size (%" G_GUINT64_FORMAT ").", groups, tp);
        }
    }
  else if (has_value (c->args, "num_query_groups")
           && (c->heads == 0 || arg_int (c->args, "num_query_groups", 1) != (gint64) c->heads))
    {
      ADD (WARNING, "model.num-query-groups-ignored",
           FLAGS (F ("num_query_groups"), F ("group_query_attention")),
           "Add --group-query-attention if the model uses grouped-query attention.",
           "%s is ignored without --group-query-attention: Megatron builds plain multi-head attention "
           "(one key/value head per query head), which changes the parameter count and memory.",
           F ("num_query_groups"));
    }

  /* The FFN and expert FFN are split over TP and ETP with divide(). */
  {
    guint64 ffn = c->config != NULL ? c->config->ffn_hidden_size : arg_pos (c->args, "ffn_hidden_size");

    if (ffn == 0 && c->config == NULL && c->hidden != 0 && c->hidden < G_MAXUINT32)
      ffn = arg_bool (c->args, "swiglu", FALSE) ? (c->hidden * 8 / 3) / 64 * 64 : 4 * c->hidden;
    if (ffn != 0 && ffn % tp != 0)
      {
        g_autofree char *nearest = format_nearest_multiples (ffn, tp);

        ADD (ERROR, "ffn.not-divisible-by-tp", FLAGS (F ("ffn_hidden_size"), F ("tensor_model_parallel_size")),
             "Pick a TP that divides the FFN size, or round the FFN size to a multiple of TP.",
             "The FFN hidden size %" G_GUINT64_FORMAT " is not divisible by TP %" G_GUINT64_FORMAT
             ": the job dies when the model is built. Nearest multiples: %s.", ffn, tp, nearest);
      }
  }
}

static void
check_moe (Check *c)
{
  const char *dispatcher = arg_str (c->args, "moe_token_dispatcher_type", "allgather");
  const char *score = arg_str (c->args, "moe_router_score_function", "softmax");
  const char *balancing = arg_first (c->args, "moe_router_load_balancing_type", "aux_loss");

  if (has_value (c->args, "num_experts") && arg_int (c->args, "num_experts", 0) == 0)
    ADD (WARNING, "moe.num-experts-zero", FLAGS (F ("num_experts")),
         "Drop --num-experts for a dense model.",
         "%s 0 is turned into \"no experts\": the model is dense.", F ("num_experts"));

  if (c->d.ep > 1 && c->num_experts == 0)
    {
      ADD (ERROR, "moe.ep-without-experts", FLAGS (F ("expert_model_parallel_size"), F ("num_experts")),
           "Drop --expert-model-parallel-size, or add --num-experts.",
           "%s %" G_GUINT64_FORMAT " needs a mixture-of-experts model, but %s is not set.",
           F ("expert_model_parallel_size"), c->d.ep, F ("num_experts"));
      return;
    }
  if (c->num_experts == 0)
    return;

  if (c->num_experts % c->d.ep != 0)
    {
      guint64 fit = c->world != 0 && c->world % (c->d.etp * c->d.pp) == 0 ? c->world / (c->d.etp * c->d.pp) : 0;
      g_autofree char *choices = format_divisors (c->num_experts, fit);

      ADD (ERROR, "moe.experts-not-divisible-by-ep", FLAGS (F ("num_experts"), F ("expert_model_parallel_size")),
           "Pick an expert-parallel size that divides the number of experts.",
           "Number of experts should be a multiple of expert model parallel_size: %" G_GUINT64_FORMAT
           " experts over EP %" G_GUINT64_FORMAT ". Valid %s values%s: %s.",
           c->num_experts, c->d.ep, F ("expert_model_parallel_size"),
           fit != 0 ? " that fit the GPUs" : "", choices != NULL ? choices : "none");
    }

  if (arg_bool (c->args, "add_bias_linear", TRUE) && c->d.etp != 1)
    ADD (ERROR, "moe.bias-needs-etp-1",
         FLAGS (F ("add_bias_linear"), F ("expert_tensor_parallel_size"), F ("tensor_model_parallel_size")),
         "Add --disable-bias-linear (most MoE models have no bias), or --expert-tensor-parallel-size 1.",
         "Bias in MoE is only supported when ETP == 1, and ETP is %" G_GUINT64_FORMAT "%s. The linear layers have a "
         "bias because %s is not given.",
         c->d.etp, c->d.etp_given ? "" : " (it defaults to TP)", F ("add_bias_linear"));
  else if (!c->d.etp_given && c->d.tp > 1)
    ADD (INFO, "moe.etp-defaults-to-tp", FLAGS (F ("expert_tensor_parallel_size"), F ("tensor_model_parallel_size")),
         "Set --expert-tensor-parallel-size 1 to keep experts whole (often faster with EP).",
         "Expert tensor parallelism is not given, so it defaults to TP %" G_GUINT64_FORMAT ": every expert is split "
         "over %" G_GUINT64_FORMAT " GPUs.", c->d.tp, c->d.tp);

  if (!has_value (c->args, "moe_ffn_hidden_size"))
    ADD (INFO, "moe.ffn-default", FLAGS (F ("moe_ffn_hidden_size"), F ("ffn_hidden_size")),
         NULL, "%s is not given, so each expert uses the dense FFN size (%s).",
         F ("moe_ffn_hidden_size"), F ("ffn_hidden_size"));

  {
    guint64 moe_ffn = c->config != NULL ? c->config->moe_ffn_hidden_size : arg_pos (c->args, "moe_ffn_hidden_size");

    if (moe_ffn != 0 && moe_ffn % c->d.etp != 0)
      ADD (ERROR, "moe.ffn-not-divisible-by-etp",
           FLAGS (F ("moe_ffn_hidden_size"), F ("expert_tensor_parallel_size")),
           "Pick an ETP that divides the expert FFN size.",
           "The expert FFN size %" G_GUINT64_FORMAT " is not divisible by ETP %" G_GUINT64_FORMAT
           ": the job dies when the model is built.", moe_ffn, c->d.etp);
  }

  {
    gint64 topk = arg_int (c->args, "moe_router_topk", 2);

    if (topk <= 0 || (guint64) topk > c->num_experts)
      ADD (ERROR, "moe.topk-range", FLAGS (F ("moe_router_topk"), F ("num_experts")),
           "Route each token to between 1 and the number of experts.",
           "%s %" G_GINT64_FORMAT " must be between 1 and the %" G_GUINT64_FORMAT " experts.",
           F ("moe_router_topk"), topk, c->num_experts);
    else if (topk == 1 && str_is (score, "softmax") && !arg_bool (c->args, "moe_router_pre_softmax", FALSE)
             && !str_is (balancing, "sinkhorn"))
      ADD (ERROR, "moe.topk1-needs-pre-softmax", FLAGS (F ("moe_router_topk"), F ("moe_router_pre_softmax")),
           "Add --moe-router-pre-softmax.",
           "With top-1 routing and softmax scores Megatron stops: \"Please use --moe-router-pre-softmax when topk is 1.\"");
  }

  if (has_value (c->args, "moe_router_num_groups"))
    {
      guint64 groups = arg_pos (c->args, "moe_router_num_groups");
      guint64 group_topk = arg_pos (c->args, "moe_router_group_topk");

      if (groups == 0 || c->num_experts % groups != 0 || group_topk > groups)
        ADD (ERROR, "moe.router-groups",
             FLAGS (F ("moe_router_num_groups"), F ("moe_router_group_topk"), F ("num_experts")),
             "Use a group count that divides the experts and a group top-k no larger than it.",
             "Group-limited routing needs the %" G_GUINT64_FORMAT " experts to split evenly into %s groups and "
             "%s ≤ the number of groups.", c->num_experts, F ("moe_router_num_groups"), F ("moe_router_group_topk"));
    }

  if (arg_bool (c->args, "moe_router_enable_expert_bias", FALSE) && str_is (score, "softmax"))
    ADD (ERROR, "moe.expert-bias-needs-sigmoid",
         FLAGS (F ("moe_router_enable_expert_bias"), F ("moe_router_score_function")),
         "Add --moe-router-score-function sigmoid.",
         "%s works only with sigmoid or sqrtsoftplus router scores, not softmax.", F ("moe_router_enable_expert_bias"));

  if (arg_bool (c->args, "moe_shared_expert_overlap", FALSE) && !str_is (dispatcher, "alltoall")
      && !str_is (dispatcher, "flex"))
    ADD (ERROR, "moe.shared-expert-overlap-dispatcher",
         FLAGS (F ("moe_shared_expert_overlap"), F ("moe_token_dispatcher_type")),
         "Use --moe-token-dispatcher-type alltoall (or flex).",
         "%s needs the alltoall or flex token dispatcher; the dispatcher is %s.",
         F ("moe_shared_expert_overlap"), dispatcher);

  if (arg_bool (c->args, "moe_enable_deepep", FALSE) && !str_is (dispatcher, "flex"))
    ADD (ERROR, "moe.deepep-needs-flex", FLAGS (F ("moe_enable_deepep"), F ("moe_token_dispatcher_type")),
         "Add --moe-token-dispatcher-type flex.",
         "%s needs --moe-token-dispatcher-type flex; the dispatcher is %s.", F ("moe_enable_deepep"), dispatcher);

  if ((arg_bool (c->args, "moe_router_padding_for_quantization", FALSE)
       || arg_bool (c->args, "moe_router_padding_for_fp8", FALSE))
      && str_is (dispatcher, "allgather"))
    ADD (ERROR, "moe.padding-for-quantization-allgather",
         FLAGS (F (arg_bool (c->args, "moe_router_padding_for_fp8", FALSE) ? "moe_router_padding_for_fp8"
                   : "moe_router_padding_for_quantization"), F ("moe_token_dispatcher_type")),
         "Use --moe-token-dispatcher-type alltoall or flex.",
         "Router padding for quantization is rejected with the allgather token dispatcher.");

  if (has_value (c->args, "moe_expert_capacity_factor"))
    {
      double factor = planner_args_get_double (c->args, "moe_expert_capacity_factor", -1.0);

      if (factor < 0.0)
        ADD (WARNING, "moe.capacity-factor-negative", FLAGS (F ("moe_expert_capacity_factor")), NULL,
             "A negative %s is turned into \"no capacity limit\" (no token dropping).",
             F ("moe_expert_capacity_factor"));
      else if (!str_is (balancing, "aux_loss") && !str_is (balancing, "seq_aux_loss")
               && !str_is (balancing, "global_aux_loss") && !str_is (balancing, "none"))
        ADD (ERROR, "moe.capacity-factor-balancing",
             FLAGS (F ("moe_expert_capacity_factor"), F ("moe_router_load_balancing_type")),
             "Use --moe-router-load-balancing-type aux_loss, seq_aux_loss, global_aux_loss or none.",
             "Token dropping with %s works only with the aux_loss, seq_aux_loss, global_aux_loss or none "
             "load balancing, not %s.", F ("moe_expert_capacity_factor"), balancing);
    }
  else if (arg_bool (c->args, "moe_pad_expert_input_to_capacity", FALSE))
    {
      ADD (ERROR, "moe.pad-needs-capacity",
           FLAGS (F ("moe_pad_expert_input_to_capacity"), F ("moe_expert_capacity_factor")),
           "Add --moe-expert-capacity-factor, or drop the padding flag.",
           "%s needs %s.", F ("moe_pad_expert_input_to_capacity"), F ("moe_expert_capacity_factor"));
    }

  {
    guint n_types = arg_list_length (c->args, "moe_router_load_balancing_type");
    guint n_coeffs = arg_list_length (c->args, "moe_aux_loss_coeff");

    if (n_types > 1 && n_coeffs > 1 && n_types != n_coeffs)
      ADD (ERROR, "moe.balancing-coeff-length",
           FLAGS (F ("moe_router_load_balancing_type"), F ("moe_aux_loss_coeff")),
           "Give one coefficient per load-balancing type.",
           "%u load-balancing types but %u auxiliary-loss coefficients.", n_types, n_coeffs);
  }

  if (arg_bool (c->args, "moe_grouped_gemm", FALSE) && c->context != NULL
      && c->context->compute_capability_major != 0 && c->context->compute_capability_major < 8)
    ADD (ERROR, "moe.grouped-gemm-cc", FLAGS (F ("moe_grouped_gemm")),
         "Drop --moe-grouped-gemm on this GPU, or use an Ampere or newer GPU.",
         "%s needs a GPU of compute capability 8.0 or newer; this one is %u.x.",
         F ("moe_grouped_gemm"), c->context->compute_capability_major);

  if (arg_bool (c->args, "overlap_moe_expert_parallel_comm", FALSE))
    {
      GString *why = g_string_new (NULL);

      if (c->d.ep <= 1)
        g_string_append (why, " EP > 1;");
      if (!str_is (dispatcher, "alltoall") && !str_is (dispatcher, "flex"))
        g_string_append (why, " the alltoall or flex dispatcher;");
      if (!arg_bool (c->args, "bf16", FALSE) && !arg_bool (c->args, "fp16", FALSE))
        g_string_append (why, " --bf16 or --fp16;");
      if (str_is (c->recompute, "full") || has_value (c->args, "recompute_method"))
        g_string_append (why, " no full recompute;");
      if (c->d.pp > 1 && c->d.vpp <= 1)
        g_string_append (why, " a virtual pipeline when PP > 1;");
      if (why->len > 0)
        {
          why->str[why->len - 1] = '.';
          ADD (ERROR, "moe.overlap-ep-comm", FLAGS (F ("overlap_moe_expert_parallel_comm")),
               "Meet the requirements, or drop the flag.",
               "%s needs:%s", F ("overlap_moe_expert_parallel_comm"), why->str);
        }
      g_string_free (why, TRUE);
    }
}

static void
check_parallel (Check *c)
{
  gboolean sp_flag = arg_bool (c->args, "sequence_parallel", FALSE);

  if (sp_flag && c->d.tp == 1)
    ADD (WARNING, "parallel.sp-auto-off", FLAGS (F ("sequence_parallel"), F ("tensor_model_parallel_size")),
         "Drop --sequence-parallel at TP 1 (or raise TP).",
         "%s is turned off because TP is 1: sequence parallelism splits activations over the TP group.",
         F ("sequence_parallel"));

  if (c->d.ep > 1 && c->d.tp > 1 && !sp_flag)
    ADD (WARNING, "parallel.sp-required-with-ep",
         FLAGS (F ("sequence_parallel"), F ("expert_model_parallel_size"), F ("tensor_model_parallel_size")),
         "Add --sequence-parallel.",
         "With expert parallelism and TP %" G_GUINT64_FORMAT ", Megatron says sequence parallelism must be used.",
         c->d.tp);

  if (arg_bool (c->args, "tp_comm_overlap", FALSE) && !c->sp)
    ADD (ERROR, "parallel.tp-comm-overlap-needs-sp", FLAGS (F ("tp_comm_overlap"), F ("sequence_parallel")),
         c->d.tp == 1 ? "Drop --tp-comm-overlap at TP 1." : "Add --sequence-parallel.",
         "%s works only when sequence parallelism is enabled%s.", F ("tp_comm_overlap"),
         c->d.tp == 1 ? ", and at TP 1 sequence parallelism is turned off" : "");

  if (c->sp && c->seq != 0)
    {
      gboolean bad = c->seq % c->d.cp != 0 || (c->seq / c->d.cp) % c->d.tp != 0;

      if (bad)
        ADD (ERROR, "sp.seq-not-divisible", FLAGS (F ("seq_length"), F ("tensor_model_parallel_size")),
             "Use a sequence length that is a multiple of TP × CP.",
             "With sequence parallelism each TP rank holds 1/TP of the sequence chunk: %" G_GUINT64_FORMAT
             " tokens / CP %" G_GUINT64_FORMAT " is not divisible by TP %" G_GUINT64_FORMAT
             ". The job dies at the first step.", c->seq, c->d.cp, c->d.tp);
    }

  if (c->d.cp > 1)
    {
      if (c->seq != 0 && c->seq % (2 * c->d.cp) != 0)
        {
          guint64 fit = c->world != 0 && c->world % (c->d.tp * c->d.pp) == 0 ? c->world / (c->d.tp * c->d.pp) : 0;
          g_autofree char *choices = c->seq >= 2 ? format_divisors (c->seq / 2, fit) : NULL;

          ADD (ERROR, "cp.seq-not-divisible", FLAGS (F ("seq_length"), F ("context_parallel_size")),
               "Pick a CP size for which the sequence is a multiple of 2 × CP.",
               "seq-length should be a multiple of 2 * context-parallel-size (%" G_GUINT64_FORMAT
               " is not a multiple of %" G_GUINT64_FORMAT "). Valid %s values: %s.",
               c->seq, 2 * c->d.cp, F ("context_parallel_size"), choices != NULL ? choices : "none");
        }
      if (str_is (arg_str (c->args, "transformer_impl", "transformer_engine"), "local"))
        ADD (ERROR, "cp.local-impl", FLAGS (F ("context_parallel_size"), F ("transformer_impl")),
             "Use --transformer-impl transformer_engine, or CP 1.",
             "Context parallelism is only supported by TEDotProductAttention: with %s local the job dies "
             "when the model is built.", F ("transformer_impl"));
    }

  {
    const char *const *comm = planner_args_get_list (c->args, "cp_comm_type");
    gboolean a2a_p2p = FALSE;

    for (guint i = 0; comm != NULL && comm[i] != NULL; i++)
      if (g_str_equal (comm[i], "a2a+p2p"))
        a2a_p2p = TRUE;
    if (comm == NULL && str_is (arg_str (c->args, "cp_comm_type", NULL), "a2a+p2p"))
      a2a_p2p = TRUE;

    if (a2a_p2p && !has_value (c->args, "hierarchical_context_parallel_sizes"))
      ADD (ERROR, "cp.a2a-p2p-needs-hierarchical",
           FLAGS (F ("cp_comm_type"), F ("hierarchical_context_parallel_sizes")),
           "Add --hierarchical-context-parallel-sizes (for example the a2a size and the p2p size).",
           "%s a2a+p2p needs %s.", F ("cp_comm_type"), F ("hierarchical_context_parallel_sizes"));
  }

  if (has_value (c->args, "hierarchical_context_parallel_sizes"))
    {
      const char *const *sizes = planner_args_get_list (c->args, "hierarchical_context_parallel_sizes");
      guint64 product = 1;
      gboolean readable = TRUE;

      for (guint i = 0; sizes != NULL && sizes[i] != NULL && readable; i++)
        {
          guint64 value = 0;

          if (!g_ascii_string_to_unsigned (sizes[i], 10, 1, PLANNER_MAX_WORLD_SIZE, &value, NULL))
            readable = FALSE;
          else
            product = mul_or_zero (product, value);
        }
      if (sizes != NULL && readable && product != c->d.cp)
        ADD (ERROR, "cp.hierarchical-sizes",
             FLAGS (F ("hierarchical_context_parallel_sizes"), F ("context_parallel_size")),
             "Make the product of the hierarchical sizes equal the CP size.",
             "The product of %s must equal CP %" G_GUINT64_FORMAT ".",
             F ("hierarchical_context_parallel_sizes"), c->d.cp);
    }

  if (arg_bool (c->args, "hybrid_context_parallel", FALSE))
    {
      GString *why = g_string_new (NULL);
      const char *loader = arg_str (c->args, "dataloader_type", "single");

      if (c->d.pp > 1)
        g_string_append (why, " PP 1;");
      if (!str_is (arg_str (c->args, "cuda_graph_impl", "none"), "none") || arg_bool (c->args, "enable_cuda_graph", FALSE))
        g_string_append (why, " no CUDA graphs;");
      if (arg_bool (c->args, "use_megatron_fsdp", FALSE))
        g_string_append (why, " no Megatron FSDP;");
      if (loader != NULL && !g_str_equal (loader, "single"))
        g_string_append (why, " the single data loader;");
      if (!arg_bool (c->args, "calculate_per_token_loss", FALSE))
        g_string_append (why, " --calculate-per-token-loss;");
      if (why->len > 0)
        {
          why->str[why->len - 1] = '.';
          ADD (ERROR, "cp.hybrid", FLAGS (F ("hybrid_context_parallel")),
               "Meet the requirements, or drop --hybrid-context-parallel.",
               "%s needs:%s", F ("hybrid_context_parallel"), why->str);
        }
      g_string_free (why, TRUE);
    }
}

static void
check_env (Check *c)
{
  GHashTable *env = c->context != NULL ? c->context->env : NULL;
  guint cc = c->context != NULL ? c->context->compute_capability_major : 0;

  if ((c->d.tp > 1 || c->d.cp > 1) && cc < 10 && !fsdp (c)
      && !arg_bool (c->args, "overlap_moe_expert_parallel_comm", FALSE))
    {
      const char *value = env != NULL ? g_hash_table_lookup (env, "CUDA_DEVICE_MAX_CONNECTIONS") : NULL;

      if (env == NULL)
        ADD (WARNING, "env.cuda-device-max-connections", FLAGS ("CUDA_DEVICE_MAX_CONNECTIONS"),
             "Export CUDA_DEVICE_MAX_CONNECTIONS=1 in the launch script.",
             "With TP %" G_GUINT64_FORMAT " and CP %" G_GUINT64_FORMAT " on a GPU older than Blackwell, Megatron stops "
             "unless CUDA_DEVICE_MAX_CONNECTIONS=1 is exported; the environment of this launch is not known.",
             c->d.tp, c->d.cp);
      else if (!str_is (value, "1"))
        ADD (ERROR, "env.cuda-device-max-connections", FLAGS ("CUDA_DEVICE_MAX_CONNECTIONS"),
             "Export CUDA_DEVICE_MAX_CONNECTIONS=1 in the launch script.",
             "With TP %" G_GUINT64_FORMAT " and CP %" G_GUINT64_FORMAT " on a GPU older than Blackwell, Megatron "
             "stops unless CUDA_DEVICE_MAX_CONNECTIONS=1 is exported (it is %s%s%s), so that communication and "
             "computation kernels are ordered.",
             c->d.tp, c->d.cp, value != NULL ? "\"" : "not set", value != NULL ? value : "",
             value != NULL ? "\"" : "");
    }

  /* --attention-backend sets the NVTE_* switches and asserts that the
   * environment does not already say otherwise (facts §2.9). */
  if (env != NULL)
    {
      static const char *const names[] = { "NVTE_FLASH_ATTN", "NVTE_FUSED_ATTN", "NVTE_UNFUSED_ATTN" };
      const char *backend = arg_str (c->args, "attention_backend", "auto");
      static const struct
      {
        const char *backend;
        const char *values[3];
      } settings[] = {
        { "auto", { "1", "1", "1" } },
        { "flash", { "1", "0", "0" } },
        { "fused", { "0", "1", "0" } },
        { "unfused", { "0", "0", "1" } },
        { "local", { "0", "0", "0" } },
      };
      const char *const *expected = NULL;

      for (guint i = 0; i < G_N_ELEMENTS (settings); i++)
        if (str_is (backend, settings[i].backend))
          expected = settings[i].values;
      if (expected == NULL)
        return;

      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          const char *value = g_hash_table_lookup (env, names[i]);

          if (value != NULL && !g_str_equal (value, expected[i]))
            ADD (ERROR, "attention.backend-env-conflict", FLAGS (F ("attention_backend"), names[i]),
                 "Remove the NVTE_* export and choose the kernel with --attention-backend only.",
                 "The environment sets %s=%s but %s %s needs %s=%s: Megatron stops when it builds the model.",
                 names[i], value, F ("attention_backend"), backend, names[i], expected[i]);
        }
    }
}

static void
check_attention (Check *c)
{
  const char *impl = arg_str (c->args, "transformer_impl", "transformer_engine");
  const char *position = arg_str (c->args, "position_embedding_type", "learned_absolute");

  if (str_is (arg_str (c->args, "attention_backend", "auto"), "local"))
    ADD (ERROR, "attention.local-backend", FLAGS (F ("attention_backend")),
         "Use --attention-backend auto (or flash, fused, unfused).",
         "%s local cannot work with pretrain_gpt.py: without --spec it dies with a TypeError, and with "
         "--spec local building the model config fails.", F ("attention_backend"));

  if (str_is (position, "relative") && !str_is (impl, "transformer_engine"))
    ADD (ERROR, "attention.relative-needs-te", FLAGS (F ("position_embedding_type"), F ("transformer_impl")),
         "Use --transformer-impl transformer_engine.",
         "Relative position embeddings need --transformer-impl transformer_engine.");

  if (!arg_bool (c->args, "add_position_embedding", TRUE) && !str_is (position, "rope"))
    ADD (ERROR, "attention.no-position-embedding",
         FLAGS (F ("add_position_embedding"), F ("position_embedding_type")),
         "Use --position-embedding-type rope (or none) instead of --no-position-embedding.",
         "%s is deprecated and is accepted only with rope; the position embedding type is %s.",
         F ("add_position_embedding"), position);

  if (!str_is (impl, "transformer_engine"))
    {
      if (arg_bool (c->args, "delay_wgrad_compute", FALSE))
        ADD (ERROR, "impl.needs-te", FLAGS (F ("delay_wgrad_compute"), F ("transformer_impl")),
             "Use --transformer-impl transformer_engine.", "%s needs Transformer Engine.", F ("delay_wgrad_compute"));
      if (arg_bool (c->args, "fine_grained_activation_offloading", FALSE))
        ADD (ERROR, "impl.needs-te", FLAGS (F ("fine_grained_activation_offloading"), F ("transformer_impl")),
             "Use --transformer-impl transformer_engine.", "%s needs Transformer Engine.",
             F ("fine_grained_activation_offloading"));
      if (has_value (c->args, "fp8"))
        ADD (WARNING, "fp8.needs-te", FLAGS (F ("fp8"), F ("transformer_impl")),
             "Use --transformer-impl transformer_engine for FP8.",
             "FP8 runs through Transformer Engine; with %s %s there is no FP8 path.", F ("transformer_impl"), impl);
    }
}

static void
check_precision (Check *c)
{
  gboolean fp8 = has_value (c->args, "fp8");
  gboolean distopt = arg_bool (c->args, "use_distributed_optimizer", FALSE);
  const char *recipe = arg_str (c->args, "fp8_recipe", "delayed");

  if (arg_bool (c->args, "fp16", FALSE) && arg_bool (c->args, "bf16", FALSE))
    ADD (ERROR, "precision.fp16-and-bf16", FLAGS (F ("fp16"), F ("bf16")),
         "Keep only one: --bf16 on Ampere and newer.", "%s and %s cannot both be given.", F ("fp16"), F ("bf16"));

  if (arg_bool (c->args, "fp8_param_gather", FALSE) && !distopt && !fsdp (c))
    ADD (ERROR, "fp8.param-gather-needs-distopt", FLAGS (F ("fp8_param_gather"), F ("use_distributed_optimizer")),
         "Add --use-distributed-optimizer.",
         "%s needs the distributed optimizer (or FSDP).", F ("fp8_param_gather"));

  if (fp8 && arg_bool (c->args, "first_last_layers_bf16", FALSE))
    {
      if (str_is (recipe, "delayed"))
        ADD (ERROR, "fp8.first-last-bf16-delayed", FLAGS (F ("first_last_layers_bf16"), F ("fp8_recipe")),
             "Use --fp8-recipe tensorwise, mxfp8 or blockwise.",
             "%s cannot be used with the delayed FP8 recipe, which is the default.", F ("first_last_layers_bf16"));
      if (c->num_layers != 0)
        {
          guint64 per_stage = c->num_layers / c->d.pp;
          gint64 start = arg_int (c->args, "num_layers_at_start_in_bf16", 1);
          gint64 end = arg_int (c->args, "num_layers_at_end_in_bf16", 1);

          if (start < 0 || end < 0 || (guint64) start > per_stage || (guint64) end > per_stage)
            ADD (ERROR, "fp8.first-last-bf16-count",
                 FLAGS (F ("num_layers_at_start_in_bf16"), F ("num_layers_at_end_in_bf16")),
                 "Keep each count at most the layers per pipeline stage.",
                 "The BF16 layer counts at the start and end must each be between 0 and %" G_GUINT64_FORMAT
                 " (layers per pipeline stage).", per_stage);
        }
    }

  if (fp8 && str_is (recipe, "custom") && !has_value (c->args, "fp8_quantizer_factory"))
    ADD (ERROR, "fp8.custom-needs-factory", FLAGS (F ("fp8_recipe"), F ("fp8_quantizer_factory")),
         "Add --fp8-quantizer-factory, or pick a built-in recipe.", "The custom FP8 recipe needs %s.",
         F ("fp8_quantizer_factory"));
  if (arg_bool (c->args, "fp8_output_proj", FALSE) && !str_is (recipe, "mxfp8"))
    ADD (ERROR, "fp8.output-proj-needs-mxfp8", FLAGS (F ("fp8_output_proj"), F ("fp8_recipe")),
         "Add --fp8-recipe mxfp8, or drop the flag.", "%s needs the mxfp8 recipe.", F ("fp8_output_proj"));

  if (has_value (c->args, "fp4") && fp8)
    ADD (ERROR, "fp4.with-fp8", FLAGS (F ("fp4"), F ("fp8")),
         "Keep only one low-precision format.", "%s cannot be combined with %s.", F ("fp4"), F ("fp8"));
  if (arg_bool (c->args, "fp4_param_gather", FALSE) && !has_value (c->args, "fp4"))
    ADD (ERROR, "fp4.param-gather-needs-fp4", FLAGS (F ("fp4_param_gather"), F ("fp4")),
         "Add --fp4-format e2m1, or drop the flag.", "%s needs %s.", F ("fp4_param_gather"), F ("fp4"));

  if (arg_bool (c->args, "optimizer_cpu_offload", FALSE) && arg_bool (c->args, "fp8_param_gather", FALSE)
      && !str_is (recipe, "delayed"))
    ADD (ERROR, "fp8.cpu-offload-recipe", FLAGS (F ("optimizer_cpu_offload"), F ("fp8_param_gather"), F ("fp8_recipe")),
         "Use the delayed recipe, or drop one of the two flags.",
         "%s with %s needs the delayed FP8 recipe.", F ("optimizer_cpu_offload"), F ("fp8_param_gather"));
}

static void
check_batch (Check *c)
{
  guint64 micro = arg_pos (c->args, "micro_batch_size");
  gboolean global_given = has_value (c->args, "global_batch_size");
  gboolean schedule = has_value (c->args, "step_batch_size_schedule");
  gboolean decrease = arg_bool (c->args, "decrease_batch_size_if_needed", FALSE);
  guint64 global = arg_pos (c->args, "global_batch_size");

  if (global_given && global == 0)
    ADD (ERROR, "batch.global-invalid", FLAGS (F ("global_batch_size")),
         "Give a positive global batch size.", "%s must be a positive whole number.", F ("global_batch_size"));

  if (schedule && global_given)
    ADD (ERROR, "batch.step-schedule-with-global", FLAGS (F ("step_batch_size_schedule"), F ("global_batch_size")),
         "Drop --global-batch-size (the schedule sets the batch), or drop the schedule.",
         "Cannot specify both %s and %s: Megatron stops at start-up. "
         "(NVIDIA's examples/gpt3/train_gpt3_175b_distributed.sh passes both.)",
         F ("step_batch_size_schedule"), F ("global_batch_size"));
  if (schedule && decrease)
    ADD (ERROR, "batch.step-schedule-decrease",
         FLAGS (F ("step_batch_size_schedule"), F ("decrease_batch_size_if_needed")),
         "Drop --decrease-batch-size-if-needed.",
         "%s cannot be combined with %s.", F ("step_batch_size_schedule"), F ("decrease_batch_size_if_needed"));

  if (has_value (c->args, "rampup_batch_size"))
    ADD (WARNING, "batch.rampup-ignored", FLAGS (F ("rampup_batch_size")),
         "Drop it; use --step-batch-size-schedule for a changing batch size.",
         "%s is parsed but never used by training: the batch size stays constant.", F ("rampup_batch_size"));

  if (micro == 0 || c->dp == 0 || schedule || (global_given && global == 0))
    return;

  {
    guint64 unit = mul_or_zero (micro, c->dp);
    guint64 eval_micro = has_value (c->args, "eval_micro_batch_size")
                         ? arg_pos (c->args, "eval_micro_batch_size") : micro;
    gboolean eval_global_given = has_value (c->args, "eval_global_batch_size");
    guint64 eval_global;
    guint64 eval_unit = mul_or_zero (eval_micro, c->dp);
    gboolean global_bad;
    gboolean eval_bad;

    if (!global_given)
      {
        global = unit;
        if (unit != 0)
          ADD (INFO, "batch.global-default", FLAGS (F ("global_batch_size")),
               "Give --global-batch-size explicitly.",
               "%s is not given, so it is micro-batch %" G_GUINT64_FORMAT " × DP %" G_GUINT64_FORMAT " = %"
               G_GUINT64_FORMAT " (one microbatch per step).", F ("global_batch_size"), micro, c->dp, unit);
      }
    eval_global = eval_global_given ? arg_pos (c->args, "eval_global_batch_size") : global;

    global_bad = unit == 0 || global % unit != 0;
    eval_bad = eval_unit == 0 || eval_global == 0 || eval_global % eval_unit != 0;

    if (eval_bad && (eval_global_given || eval_micro != micro || !global_bad))
      {
        g_autofree char *nearest = eval_unit != 0 ? format_nearest_multiples (eval_global, eval_unit) : g_strdup ("none");

        ADD (ERROR, "batch.eval-not-divisible",
             FLAGS (F ("eval_global_batch_size"), F ("eval_micro_batch_size")),
             "Give an evaluation batch that is a multiple of the evaluation micro-batch × DP.",
             "eval_global_batch_size (%" G_GUINT64_FORMAT ") must be divisible by eval micro-batch (%"
             G_GUINT64_FORMAT ") × DP (%" G_GUINT64_FORMAT "). Nearest valid: %s.",
             eval_global, eval_micro, c->dp, nearest);
      }

    if (global_bad)
      {
        g_autofree char *nearest = unit != 0 ? format_nearest_multiples (global, unit) : g_strdup ("none");

        if (decrease && eval_global_given && !eval_bad && unit != 0 && global >= unit)
          ADD (WARNING, "batch.global-rounded-down",
               FLAGS (F ("global_batch_size"), F ("decrease_batch_size_if_needed")),
               "Give a global batch that is a multiple of micro-batch × DP.",
               "%s rounds the global batch %" G_GUINT64_FORMAT " down to %" G_GUINT64_FORMAT ".",
               F ("decrease_batch_size_if_needed"), global, global / unit * unit);
        else
          ADD (ERROR, "batch.global-not-divisible",
               FLAGS (F ("global_batch_size"), F ("micro_batch_size")),
               "Pick a global batch that is a multiple of micro-batch × DP (DP does not count CP).",
               "global batch size (%" G_GUINT64_FORMAT ") is not divisible by micro batch size (%" G_GUINT64_FORMAT
               ") times data parallel size (%" G_GUINT64_FORMAT "). Megatron refuses it at start-up (through the "
               "evaluation batch check, since the evaluation batch defaults to the global batch)%s. "
               "Nearest valid global batch sizes: %s.",
               global, micro, c->dp,
               decrease ? "; --decrease-batch-size-if-needed alone does not rescue it" : "", nearest);
        if (!(decrease && eval_global_given && !eval_bad && unit != 0 && global >= unit))
          return;
        global = global / unit * unit;
      }

    c->num_microbatches = global / unit;
  }
}

static void
check_pipeline (Check *c)
{
  guint64 layers = pipeline_layers (c->args);
  gboolean uneven = has_uneven_stages (c->args);
  gboolean account = arg_bool (c->args, "account_for_embedding_in_pipeline_split", FALSE)
                     || arg_bool (c->args, "account_for_loss_in_pipeline_split", FALSE);
  gboolean layout_string = has_value (c->args, "pipeline_model_parallel_layout");
  gboolean per_stage = has_value (c->args, "num_layers_per_virtual_pipeline_stage");
  gboolean per_rank = has_value (c->args, "num_virtual_stages_per_pipeline_rank");
  guint64 pp = c->d.pp;
  guint64 vpp = c->d.vpp;

  if (layout_string && (uneven || account))
    ADD (ERROR, "pipeline.layout-conflict",
         FLAGS (F ("pipeline_model_parallel_layout"),
                F (uneven ? "decoder_first_pipeline_num_layers" : "account_for_embedding_in_pipeline_split")),
         "Describe the stages in the layout string only.",
         "%s cannot be combined with uneven first/last stages or the account-for-embedding/loss flags.",
         F ("pipeline_model_parallel_layout"));
  else if (uneven)
    {
      gboolean first_given = has_value (c->args, "decoder_first_pipeline_num_layers");
      gboolean last_given = has_value (c->args, "decoder_last_pipeline_num_layers");
      gint64 first = first_given ? arg_int (c->args, "decoder_first_pipeline_num_layers", 0) : 0;
      gint64 last = last_given ? arg_int (c->args, "decoder_last_pipeline_num_layers", 0) : 0;
      const char *first_flag = F ("decoder_first_pipeline_num_layers");
      const char *last_flag = F ("decoder_last_pipeline_num_layers");

      if (account)
        ADD (ERROR, "pipeline.uneven-account",
             FLAGS (first_given ? first_flag : last_flag, F ("account_for_embedding_in_pipeline_split"),
                    F ("account_for_loss_in_pipeline_split")),
             "Use either uneven stages or the account-for flags.",
             "Uneven first/last pipeline stages cannot be combined with "
             "--account-for-embedding-in-pipeline-split / --account-for-loss-in-pipeline-split.");

      if ((first_given && first <= 0) || (last_given && last <= 0))
        {
          ADD (ERROR, "pipeline.uneven-positive", FLAGS (first_given ? first_flag : last_flag),
               "Give a positive number of layers.",
               "%s and %s must be positive.", first_flag, last_flag);
          return;
        }
      if (vpp > 1 && ((first_given && first % (gint64) vpp != 0) || (last_given && last % (gint64) vpp != 0)))
        ADD (ERROR, "pipeline.uneven-vpp",
             FLAGS (first_given ? first_flag : last_flag, F ("num_virtual_stages_per_pipeline_rank")),
             "Make the first and last stage layer counts multiples of the virtual pipeline size.",
             "With %" G_GUINT64_FORMAT " virtual stages per rank, the first (%" G_GINT64_FORMAT ") and last (%"
             G_GINT64_FORMAT ") stage layer counts must be divisible by %" G_GUINT64_FORMAT ".",
             vpp, first, last, vpp);

      if (c->num_layers != 0)
        {
          /* first and last are positive gint64 here, so their sum fits. */
          guint64 used = (guint64) first + (guint64) last;
          guint64 n_ends = (first_given ? 1 : 0) + (last_given ? 1 : 0);
          guint64 stages_left = pp >= n_ends ? pp - n_ends : 0;
          guint64 layers_left = used <= c->num_layers ? c->num_layers - used : 0;

          if (pp < n_ends || used > c->num_layers
              || (stages_left == 0) != (layers_left == 0)
              || (stages_left > 0 && layers_left % stages_left != 0))
            ADD (ERROR, "pipeline.uneven-middle",
                 FLAGS (first_given ? first_flag : last_flag, F ("num_layers"), F ("pipeline_model_parallel_size")),
                 "Choose first/last counts so the remaining layers split evenly over the middle stages.",
                 "%" G_GUINT64_FORMAT " layers minus the first (%" G_GINT64_FORMAT ") and last (%" G_GINT64_FORMAT
                 ") stages leaves %s%" G_GUINT64_FORMAT " layers for %" G_GUINT64_FORMAT " middle stages: they must "
                 "split evenly, and there must be layers exactly when there are middle stages.",
                 c->num_layers, first, last, used > c->num_layers ? "-" : "",
                 used > c->num_layers ? used - c->num_layers : layers_left, stages_left);
          else if (vpp > 1 && stages_left > 0 && (layers_left / stages_left) % vpp != 0)
            ADD (ERROR, "pipeline.uneven-vpp",
                 FLAGS (F ("num_virtual_stages_per_pipeline_rank"), F ("num_layers")),
                 "Make the middle stages' layer count a multiple of the virtual pipeline size.",
                 "Each middle stage holds %" G_GUINT64_FORMAT " layers, which is not divisible by the %"
                 G_GUINT64_FORMAT " virtual stages per rank.", layers_left / stages_left, vpp);
        }
    }
  else if (!layout_string && !per_stage && layers != 0 && layers % pp != 0)
    {
      guint64 fit = c->world != 0 && c->world % (c->d.tp * c->d.cp) == 0 ? c->world / (c->d.tp * c->d.cp) : 0;
      g_autofree char *choices = format_divisors (layers, fit);
      gboolean plus_two = !account && (layers + 2) % pp == 0;

      ADD (ERROR, "pipeline.layers-not-divisible",
           FLAGS (F ("num_layers"), F ("pipeline_model_parallel_size")),
           plus_two ? "Add --account-for-embedding-in-pipeline-split --account-for-loss-in-pipeline-split, "
                      "use uneven first/last stages, or change PP."
                    : "Change PP, or use --decoder-first-pipeline-num-layers / --decoder-last-pipeline-num-layers.",
           "Number of layers should be divisible by the pipeline-model-parallel size: %" G_GUINT64_FORMAT
           " layers over PP %" G_GUINT64_FORMAT ". Valid %s values%s: %s.%s",
           layers, pp, F ("pipeline_model_parallel_size"), fit != 0 ? " that fit the GPUs" : "",
           choices != NULL ? choices : "none",
           plus_two ? " Accounting for the embedding and loss as layers would also make it divide." : "");
    }
  else if (per_rank && !layout_string && vpp > 1 && layers != 0 && layers % pp == 0 && (layers / pp) % vpp != 0)
    {
      g_autofree char *choices = format_divisors (layers / pp, 0);

      ADD (ERROR, "pipeline.vpp-layers",
           FLAGS (F ("num_virtual_stages_per_pipeline_rank"), F ("num_layers")),
           "Pick a number of virtual stages that divides the layers per pipeline rank.",
           "Each pipeline rank holds %" G_GUINT64_FORMAT " layers, which cannot be split into %" G_GUINT64_FORMAT
           " virtual stages: the job dies when the model is built. Valid values: %s.",
           layers / pp, vpp, choices != NULL ? choices : "none");
    }

  if (vpp > 1)
    {
      if (!arg_bool (c->args, "overlap_p2p_comm", TRUE) && pp <= 2)
        ADD (ERROR, "pipeline.interleave-needs-pp",
             FLAGS (F ("overlap_p2p_comm"), F ("pipeline_model_parallel_size")),
             "Keep the default p2p overlap, or use PP > 2.",
             "The interleaved schedule without p2p overlap needs PP > 2 (PP is %" G_GUINT64_FORMAT ").", pp);

      if (c->num_microbatches != 0)
        {
          guint64 group = arg_pos (c->args, "microbatch_group_size_per_vp_stage");
          guint64 m = c->num_microbatches;
          guint64 remainder;

          if (group == 0)
            group = pp;
          remainder = m % group;
          if (m < pp || (remainder != 0 && remainder < pp))
            {
              guint64 better = (m + pp - 1) / pp * pp;
              guint64 unit = mul_or_zero (arg_pos (c->args, "micro_batch_size"), c->dp);

              ADD (ERROR, "pipeline.interleave-microbatches",
                   FLAGS (F ("global_batch_size"), F ("pipeline_model_parallel_size")),
                   "Raise the global batch so the number of microbatches is a multiple of PP.",
                   "The interleaved schedule needs at least PP (%" G_GUINT64_FORMAT ") microbatches and a multiple "
                   "of PP; this job has %" G_GUINT64_FORMAT ". The job dies at the first step. A global batch of %"
                   G_GUINT64_FORMAT " would give %" G_GUINT64_FORMAT " microbatches.",
                   pp, m, mul_or_zero (better, unit), better);
            }
        }
    }
  else if (pp > 1 && arg_bool (c->args, "overlap_p2p_comm", TRUE))
    {
      ADD (INFO, "pipeline.overlap-p2p-off", FLAGS (F ("pipeline_model_parallel_size")), NULL,
           "Without a virtual pipeline, Megatron turns p2p communication overlap off.");
    }

  if (arg_bool (c->args, "overlap_param_gather_with_optimizer_step", FALSE))
    {
      GString *why = g_string_new (NULL);

      if (!arg_bool (c->args, "use_distributed_optimizer", FALSE))
        g_string_append (why, " --use-distributed-optimizer;");
      if (!arg_bool (c->args, "overlap_param_gather", FALSE))
        g_string_append (why, " --overlap-param-gather;");
      if (vpp <= 1)
        g_string_append (why, " an interleaved (virtual) pipeline;");
      if (!str_is (arg_str (c->args, "ckpt_format", "torch_dist"), "torch"))
        g_string_append (why, " --ckpt-format torch;");
      if (why->len > 0)
        {
          why->str[why->len - 1] = '.';
          ADD (ERROR, "pipeline.overlap-param-gather-with-optimizer-step",
               FLAGS (F ("overlap_param_gather_with_optimizer_step")),
               "Meet the requirements, or drop the flag.", "%s needs:%s",
               F ("overlap_param_gather_with_optimizer_step"), why->str);
        }
      g_string_free (why, TRUE);
    }
}

static const char *const recompute_modules[] = {
  "core_attn", "moe_act", "layernorm", "mla_up_proj", "mlp", "moe", "shared_experts",
  "gdn_norm_out", "gdp_in_proj", "gdp_qkv", "mhc",
};

static void
check_recompute (Check *c)
{
  const char *granularity = c->recompute;
  gboolean method = has_value (c->args, "recompute_method");
  gboolean num_layers = has_value (c->args, "recompute_num_layers");

  if (arg_bool (c->args, "recompute_activations", FALSE))
    {
      if (str_is (arg_str (c->args, "recompute_granularity", NULL), "full"))
        ADD (WARNING, "recompute.activations-override",
             FLAGS (F ("recompute_activations"), F ("recompute_granularity")),
             "Drop --recompute-activations.",
             "%s turns the granularity into selective, overriding %s full.",
             F ("recompute_activations"), F ("recompute_granularity"));
      else
        ADD (INFO, "recompute.activations-selective", FLAGS (F ("recompute_activations")),
             "Write --recompute-granularity selective instead.",
             "%s means --recompute-granularity selective.", F ("recompute_activations"));
    }

  if (str_is (granularity, "full"))
    {
      if (!method)
        ADD (ERROR, "recompute.full-needs-method", FLAGS (F ("recompute_granularity"), F ("recompute_method")),
             "Add --recompute-method uniform (or block).",
             "Full recompute needs %s uniform or block.", F ("recompute_method"));
      if (!num_layers)
        ADD (ERROR, "recompute.full-needs-num-layers",
             FLAGS (F ("recompute_granularity"), F ("recompute_num_layers")),
             "Add --recompute-num-layers (1 with uniform recomputes every layer).",
             "Full recompute needs %s.", F ("recompute_num_layers"));
      if (arg_bool (c->args, "moe_layer_recompute", FALSE))
        ADD (ERROR, "recompute.moe-layer-recompute-full",
             FLAGS (F ("moe_layer_recompute"), F ("recompute_granularity")),
             "Drop --moe-layer-recompute.",
             "%s (deprecated) means selective recompute of the MoE layers and is rejected with full recompute.",
             F ("moe_layer_recompute"));
    }
  else if (str_is (granularity, "selective"))
    {
      if (method)
        ADD (ERROR, "recompute.selective-with-method", FLAGS (F ("recompute_granularity"), F ("recompute_method")),
             "Drop --recompute-method (it only applies to full recompute).",
             "%s cannot be used with selective recompute.", F ("recompute_method"));
      if (num_layers)
        ADD (ERROR, "recompute.selective-with-num-layers",
             FLAGS (F ("recompute_granularity"), F ("recompute_num_layers")),
             "Drop --recompute-num-layers (it only applies to full recompute).",
             "%s cannot be used with selective recompute.", F ("recompute_num_layers"));
    }

  if (arg_bool (c->args, "distribute_saved_activations", FALSE))
    {
      if (c->d.tp <= 1 || !str_is (granularity, "full") || !method)
        ADD (ERROR, "recompute.distribute-saved-activations",
             FLAGS (F ("distribute_saved_activations"), F ("recompute_granularity"), F ("tensor_model_parallel_size")),
             "Use it only with TP > 1, --recompute-granularity full and a --recompute-method.",
             "%s needs TP > 1, full recompute and a recompute method.", F ("distribute_saved_activations"));
      if (c->sp)
        ADD (ERROR, "recompute.distribute-saved-activations-sp",
             FLAGS (F ("distribute_saved_activations"), F ("sequence_parallel")),
             "Drop one of the two: sequence parallelism already splits the activations.",
             "%s cannot be combined with sequence parallelism.", F ("distribute_saved_activations"));
    }

  {
    const char *const *modules = planner_args_get_list (c->args, "recompute_modules");

    for (guint i = 0; modules != NULL && modules[i] != NULL; i++)
      {
        if (!g_strv_contains (recompute_modules, modules[i]))
          ADD (ERROR, "recompute.modules", FLAGS (F ("recompute_modules")),
               "Use core_attn, moe_act, layernorm, mla_up_proj, mlp, moe or shared_experts.",
               "\"%s\" is not a module %s knows.", modules[i], F ("recompute_modules"));
        else if (g_str_equal (modules[i], "moe_act") && !arg_bool (c->args, "moe_grouped_gemm", FALSE))
          ADD (ERROR, "recompute.modules", FLAGS (F ("recompute_modules"), F ("moe_grouped_gemm")),
               "Add --moe-grouped-gemm, or drop moe_act.", "Recomputing moe_act needs --moe-grouped-gemm.");
        else if (g_str_equal (modules[i], "mla_up_proj") && !arg_bool (c->args, "multi_latent_attention", FALSE))
          ADD (ERROR, "recompute.modules", FLAGS (F ("recompute_modules"), F ("multi_latent_attention")),
               "Drop mla_up_proj (the model has no multi-latent attention).",
               "Recomputing mla_up_proj needs --multi-latent-attention.");
      }
  }

  if (arg_int (c->args, "cpu_offloading_num_layers", 0) > 0)
    {
      if (granularity != NULL)
        ADD (ERROR, "cpu-offloading.with-recompute",
             FLAGS (F ("cpu_offloading_num_layers"), F ("recompute_granularity")),
             "Use either activation offloading or recompute.",
             "CPU activation offloading (%s) cannot be combined with recompute.", F ("cpu_offloading_num_layers"));
      if (c->d.pp > 1)
        ADD (ERROR, "cpu-offloading.with-pp",
             FLAGS (F ("cpu_offloading_num_layers"), F ("pipeline_model_parallel_size")),
             "Use PP 1, or drop the offloading.",
             "CPU activation offloading (%s) does not work with pipeline parallelism (PP %" G_GUINT64_FORMAT ").",
             F ("cpu_offloading_num_layers"), c->d.pp);
    }
}

static void
check_optimizer (Check *c)
{
  gboolean distopt = arg_bool (c->args, "use_distributed_optimizer", FALSE);
  gboolean megatron_fsdp = arg_bool (c->args, "use_megatron_fsdp", FALSE);
  const char *optimizer = arg_str (c->args, "optimizer", "adam");
  const char *ckpt = arg_str (c->args, "ckpt_format", "torch_dist");

  if (arg_bool (c->args, "overlap_param_gather", FALSE))
    {
      if (!distopt && !megatron_fsdp && !str_is (optimizer, "dist_muon"))
        ADD (ERROR, "optimizer.overlap-param-gather-needs-distopt",
             FLAGS (F ("overlap_param_gather"), F ("use_distributed_optimizer")),
             "Add --use-distributed-optimizer.",
             "%s needs the distributed optimizer: without it there is no parameter all-gather to overlap.",
             F ("overlap_param_gather"));
      if (!arg_bool (c->args, "overlap_grad_reduce", FALSE))
        ADD (ERROR, "optimizer.overlap-param-gather-needs-grad-reduce",
             FLAGS (F ("overlap_param_gather"), F ("overlap_grad_reduce")),
             "Add --overlap-grad-reduce.", "%s needs %s.", F ("overlap_param_gather"), F ("overlap_grad_reduce"));
    }

  if (arg_bool (c->args, "use_torch_fsdp2", FALSE))
    {
      const char *flag = F ("use_torch_fsdp2");

      if (c->d.pp > 1)
        ADD (ERROR, "fsdp2.pp", FLAGS (flag, F ("pipeline_model_parallel_size")), "Use PP 1 with FSDP2.",
             "%s cannot be combined with pipeline parallelism.", flag);
      if (c->d.ep > 1)
        ADD (ERROR, "fsdp2.ep", FLAGS (flag, F ("expert_model_parallel_size")), "Use EP 1 with FSDP2.",
             "%s cannot be combined with expert parallelism.", flag);
      if (distopt)
        ADD (ERROR, "fsdp2.distopt", FLAGS (flag, F ("use_distributed_optimizer")),
             "Drop --use-distributed-optimizer: FSDP2 shards the optimizer itself.",
             "%s cannot be combined with the distributed optimizer.", flag);
      if (arg_bool (c->args, "gradient_accumulation_fusion", TRUE))
        ADD (ERROR, "fsdp2.grad-acc-fusion", FLAGS (flag, F ("gradient_accumulation_fusion")),
             "Add --no-gradient-accumulation-fusion.",
             "%s cannot be combined with gradient accumulation fusion, which is on by default.", flag);
      if (!arg_bool (c->args, "untie_embeddings_and_output_weights", FALSE))
        ADD (ERROR, "fsdp2.tied-embeddings", FLAGS (flag, F ("untie_embeddings_and_output_weights")),
             "Add --untie-embeddings-and-output-weights.", "%s needs untied embeddings.", flag);
      if (!str_is (ckpt, "torch_dist") && !str_is (ckpt, "torch_dcp"))
        ADD (ERROR, "fsdp2.ckpt-format", FLAGS (flag, F ("ckpt_format")),
             "Use --ckpt-format torch_dist (the default) or torch_dcp.",
             "%s needs a torch_dist or torch_dcp checkpoint.", flag);
      if (arg_bool (c->args, "fp16", FALSE))
        ADD (ERROR, "fsdp2.fp16", FLAGS (flag, F ("fp16")), "Use --bf16.", "%s does not support --fp16.", flag);
    }

  if (megatron_fsdp)
    {
      if (!str_is (ckpt, "fsdp_dtensor"))
        ADD (ERROR, "fsdp.ckpt-format", FLAGS (F ("use_megatron_fsdp"), F ("ckpt_format")),
             "Add --ckpt-format fsdp_dtensor.", "%s needs --ckpt-format fsdp_dtensor.", F ("use_megatron_fsdp"));
      if (!distopt)
        ADD (INFO, "fsdp.distopt-auto", FLAGS (F ("use_megatron_fsdp"), F ("use_distributed_optimizer")), NULL,
             "%s turns the distributed optimizer on.", F ("use_megatron_fsdp"));
    }

  if (!arg_bool (c->args, "use_gloo_process_groups", TRUE) && distopt && str_is (ckpt, "torch"))
    ADD (ERROR, "optimizer.gloo-torch-ckpt",
         FLAGS (F ("use_gloo_process_groups"), F ("use_distributed_optimizer"), F ("ckpt_format")),
         "Use --ckpt-format torch_dist.",
         "%s with the distributed optimizer needs a distributed checkpoint format, not torch.",
         F ("use_gloo_process_groups"));

  if (distopt && optimizer != NULL && !str_is (optimizer, "adam") && !str_is (optimizer, "sgd"))
    ADD (WARNING, "optimizer.layer-wise", FLAGS (F ("use_distributed_optimizer"), F ("optimizer")), NULL,
         "With %s %s, --use-distributed-optimizer becomes the layer-wise distributed optimizer.",
         F ("optimizer"), optimizer);

  if (arg_bool (c->args, "freeze_all_layers", FALSE) && distopt)
    ADD (WARNING, "optimizer.freeze-all-layers", FLAGS (F ("freeze_all_layers"), F ("use_distributed_optimizer")),
         NULL, "%s turns the distributed optimizer and the parameter-gather overlap off.", F ("freeze_all_layers"));
}

static void
check_data (Check *c)
{
  gboolean data_path = planner_args_is_set (c->args, "data_path");
  gboolean mock = arg_bool (c->args, "mock_data", FALSE);
  gboolean per_split = has_value (c->args, "train_data_path") || has_value (c->args, "valid_data_path")
                       || has_value (c->args, "test_data_path");
  guint sources = (guint) data_path + (guint) mock + (guint) per_split;

  if (sources > 1)
    ADD (ERROR, "data.single-source",
         FLAGS (F ("mock_data"), F ("data_path"), F ("train_data_path")),
         "Keep exactly one of --mock-data, --data-path or the per-split paths.",
         "A single data source must be provided in training mode: this launch gives %u.", sources);
  else if (sources == 0 && !has_value (c->args, "data_args_path") && !has_value (c->args, "per_split_data_args_path"))
    ADD (WARNING, "data.no-source", FLAGS (F ("data_path"), F ("mock_data")),
         "Add --data-path with your preprocessed data prefix (or --mock-data for a smoke test).",
         "No training data is given.");

  if (data_path && !has_value (c->args, "split"))
    ADD (WARNING, "data.split-missing", FLAGS (F ("data_path"), F ("split")),
         "Add --split, for example --split 99,1,0.",
         "%s without %s: Megatron falls back to the legacy split 969,30,1, so 3%% of the data goes to "
         "validation and 0.1%% to test.", F ("data_path"), F ("split"));

  if (data_path && has_value (c->args, "data_args_path"))
    ADD (ERROR, "data.path-and-args-path", FLAGS (F ("data_path"), F ("data_args_path")),
         "Keep one of the two.", "%s and %s are mutually exclusive.", F ("data_path"), F ("data_args_path"));
  if (per_split && has_value (c->args, "per_split_data_args_path"))
    ADD (ERROR, "data.per-split-and-args-path", FLAGS (F ("train_data_path"), F ("per_split_data_args_path")),
         "Keep one of the two.", "The per-split data paths cannot be combined with %s.",
         F ("per_split_data_args_path"));
}

static void
check_tokenizer (Check *c)
{
  const char *type = arg_str (c->args, "tokenizer_type", NULL);
  const char *flag = F ("tokenizer_type");

  if (type == NULL)
    {
      type = "GPT2BPETokenizer";
      ADD (INFO, "tokenizer.default-gpt2", FLAGS (flag), "Give --tokenizer-type explicitly.",
           "No %s: pretrain_gpt.py uses GPT2BPETokenizer.", flag);
    }

  if (g_str_equal (type, "GPT2BPETokenizer")
      && (!has_value (c->args, "vocab_file") || !has_value (c->args, "merge_file")))
    ADD (ERROR, "tokenizer.gpt2-files", FLAGS (flag, F ("vocab_file"), F ("merge_file")),
         "Give --vocab-file and --merge-file with the paths of your GPT-2 vocab.json and merges.txt.",
         "GPT2BPETokenizer without %s and %s would download them from the internet at start-up; "
         "the planner needs the paths of local files.", F ("vocab_file"), F ("merge_file"));
  else if (g_str_has_prefix (type, "BertWordPiece") && !has_value (c->args, "vocab_file"))
    ADD (ERROR, "tokenizer.bert-vocab", FLAGS (flag, F ("vocab_file")),
         "Give --vocab-file with the path of your WordPiece vocabulary.",
         "%s without %s would download it from the internet at start-up.", type, F ("vocab_file"));
  else if (g_str_equal (type, "NullTokenizer") && !has_value (c->args, "vocab_size"))
    ADD (ERROR, "tokenizer.null-needs-vocab-size", FLAGS (flag, F ("vocab_size")),
         "Add --vocab-size (for example 128256 for a LLaMA-3 vocabulary).",
         "NullTokenizer needs %s: without it the job dies while building the tokenizer.", F ("vocab_size"));
  else if ((g_str_equal (type, "SentencePieceTokenizer") || g_str_equal (type, "GPTSentencePieceTokenizer")
            || g_str_equal (type, "Llama2Tokenizer") || g_str_equal (type, "HuggingFaceTokenizer")
            || g_str_equal (type, "TikTokenizer") || g_str_equal (type, "MultimodalTokenizer")
            || g_str_equal (type, "SFTTokenizer"))
           && !has_value (c->args, "tokenizer_model"))
    ADD (ERROR, "tokenizer.model-missing", FLAGS (flag, F ("tokenizer_model")),
         g_str_equal (type, "HuggingFaceTokenizer")
         ? "Add --tokenizer-model with a Hugging Face model id or a local tokenizer directory."
         : "Add --tokenizer-model with the path of the tokenizer model file.",
         "%s needs %s: \"Tokenizer path must be specified.\"", type, F ("tokenizer_model"));
}

static void
check_vocab (Check *c)
{
  guint64 vocab = 0;
  guint64 divisor = (guint64) MAX (arg_int (c->args, "make_vocab_size_divisible_by", 128), 1);
  guint64 tp = c->d.tp;

  if (has_value (c->args, "padded_vocab_size"))
    {
      guint64 padded = arg_pos (c->args, "padded_vocab_size");

      if (padded == 0 || padded % tp != 0)
        ADD (ERROR, "vocab.padded-not-divisible-by-tp", FLAGS (F ("padded_vocab_size"), F ("tensor_model_parallel_size")),
             "Give a padded vocabulary that is a multiple of TP, or leave Megatron to pad it.",
             "%s %" G_GUINT64_FORMAT " is not a positive multiple of TP %" G_GUINT64_FORMAT
             ": the job dies when the model is built.", F ("padded_vocab_size"), padded, tp);
      return;
    }

  if (c->config != NULL && c->config->vocab_size != 0)
    vocab = c->config->vocab_size;
  else if (c->context != NULL && c->context->vocab_size != 0)
    vocab = c->context->vocab_size;
  else
    vocab = arg_pos (c->args, "vocab_size");
  if (vocab == 0 || vocab > G_MAXUINT32 || divisor > G_MAXUINT32)
    return;

  {
    guint64 padded = c->config != NULL && c->config->padded_vocab_size != 0
                     ? c->config->padded_vocab_size
                     : planner_padded_vocab_size (vocab, (guint32) divisor, (guint32) tp);
    guint64 padded_tp1 = planner_padded_vocab_size (vocab, (guint32) divisor, 1);

    ADD (INFO, "vocab.padded", FLAGS (F ("make_vocab_size_divisible_by"), F ("tensor_model_parallel_size")),
         NULL,
         "The vocabulary of %" G_GUINT64_FORMAT " tokens is padded to %" G_GUINT64_FORMAT " (a multiple of %"
         G_GUINT64_FORMAT " × TP %" G_GUINT64_FORMAT "); the padded size depends on TP (%" G_GUINT64_FORMAT
         " at TP 1), so embedding shapes and checkpoints change with TP.",
         vocab, padded, divisor, tp, padded_tp1);
  }
}

static void
check_training (Check *c)
{
  if (has_value (c->args, "save") && arg_int (c->args, "save_interval", 0) <= 0)
    ADD (ERROR, "checkpoint.save-needs-interval", FLAGS (F ("save"), F ("save_interval")),
         "Add --save-interval (for example 1000).", "%s needs a positive %s.", F ("save"), F ("save_interval"));

  if (has_value (c->args, "lr") && has_value (c->args, "min_lr"))
    {
      double lr = planner_args_get_double (c->args, "lr", 0.0);
      double min_lr = planner_args_get_double (c->args, "min_lr", 0.0);

      if (min_lr > lr)
        ADD (ERROR, "lr.min-above-max", FLAGS (F ("min_lr"), F ("lr")),
             "Make --min-lr at most --lr (often lr / 10).",
             "%s (%g) is larger than %s (%g).", F ("min_lr"), min_lr, F ("lr"), lr);
    }

  if (has_value (c->args, "lr_warmup_fraction")
      && (arg_int (c->args, "lr_warmup_iters", 0) != 0 || arg_int (c->args, "lr_warmup_samples", 0) != 0))
    ADD (ERROR, "lr.warmup-exclusive",
         FLAGS (F ("lr_warmup_fraction"),
                F (arg_int (c->args, "lr_warmup_iters", 0) != 0 ? "lr_warmup_iters" : "lr_warmup_samples")),
         "Keep one way of giving the warm-up.", "%s cannot be combined with --lr-warmup-iters / --lr-warmup-samples.",
         F ("lr_warmup_fraction"));

  if (has_value (c->args, "train_iters"))
    {
      if (has_value (c->args, "train_samples"))
        ADD (ERROR, "training.iters-and-samples", FLAGS (F ("train_iters"), F ("train_samples")),
             "Keep one of the two.", "%s and %s cannot both be given.", F ("train_iters"), F ("train_samples"));
      else if (has_value (c->args, "lr_decay_samples") || arg_int (c->args, "lr_warmup_samples", 0) != 0
               || has_value (c->args, "lr_wsd_decay_samples"))
        ADD (ERROR, "training.iters-with-sample-lr", FLAGS (F ("train_iters"), F ("lr_decay_samples")),
             "Use --lr-decay-iters / --lr-warmup-iters with --train-iters.",
             "Iteration-based training (%s) cannot use sample-based learning-rate options.", F ("train_iters"));
    }
  else if (has_value (c->args, "train_samples")
           && (has_value (c->args, "lr_decay_iters") || arg_int (c->args, "lr_warmup_iters", 0) != 0
               || has_value (c->args, "lr_wsd_decay_iters")))
    {
      ADD (ERROR, "training.samples-with-iter-lr", FLAGS (F ("train_samples"), F ("lr_decay_iters")),
           "Use --lr-decay-samples / --lr-warmup-samples with --train-samples.",
           "Sample-based training (%s) cannot use iteration-based learning-rate options.", F ("train_samples"));
    }

  if (planner_args_is_set (c->args, "seed") && arg_int (c->args, "seed", 1234) <= 0)
    ADD (ERROR, "training.seed-zero", FLAGS (F ("seed")),
         "Use a positive seed (Megatron's default is 1234).",
         "%s %" G_GINT64_FORMAT " is refused at start-up: the random-seed set-up needs a positive seed.",
         F ("seed"), arg_int (c->args, "seed", 0));

  if (has_value (c->args, "log_memory_interval"))
    {
      gint64 memory = arg_int (c->args, "log_memory_interval", 0);
      gint64 interval = arg_int (c->args, "log_interval", 100);

      if (interval <= 0 || memory % interval != 0)
        ADD (ERROR, "logging.memory-interval", FLAGS (F ("log_memory_interval"), F ("log_interval")),
             "Make --log-memory-interval a multiple of --log-interval.",
             "%s (%" G_GINT64_FORMAT ") must be a multiple of %s (%" G_GINT64_FORMAT ").",
             F ("log_memory_interval"), memory, F ("log_interval"), interval);
    }

  if (arg_bool (c->args, "cross_entropy_loss_fusion", FALSE)
      && str_is (arg_str (c->args, "cross_entropy_fusion_impl", "native"), "te"))
    ADD (ERROR, "loss.cross-entropy-te", FLAGS (F ("cross_entropy_loss_fusion"), F ("cross_entropy_fusion_impl")),
         "Use --cross-entropy-fusion-impl native (the default).",
         "%s te is rejected; only native is accepted.", F ("cross_entropy_fusion_impl"));
}

void
planner_validate (const PlannerArgs            *args,
                  const PlannerValidateContext *context,
                  const PlannerLayout          *layout,
                  const PlannerConfig          *config,
                  GPtrArray                    *diagnostics)
{
  Check check = { 0 };
  Check *c = &check;

  g_return_if_fail (args != NULL);
  g_return_if_fail (diagnostics != NULL);

  c->args = args;
  c->context = context;
  c->config = config;
  c->diagnostics = diagnostics;

  resolve_degrees (args, &c->d, NULL);
  if (layout != NULL && layout->world_size != 0)
    {
      c->d.tp = layout->tp;
      c->d.pp = layout->pp;
      c->d.cp = layout->cp;
      c->d.ep = layout->ep;
      c->d.etp = layout->etp;
      c->d.vpp = MAX (layout->vpp, 1);
      c->world = layout->world_size;
      c->dp = layout->dp;
      c->expert_dp = layout->expert_dp;
    }
  else if (context != NULL && context->world_size == 0
           && !planner_diagnostics_has_code (diagnostics, "layout.world-size-unknown"))
    {
      planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_INFO, "layout.world-size-unknown",
                               FLAGS ("--nnodes", "--nproc-per-node"),
                               "Give --world-size, or --nnodes and --nproc-per-node in the launcher line.",
                               "The number of GPUs is unknown, so the checks that need the data-parallel size "
                               "(world divisibility, batch sizes, microbatches) were skipped.");
    }

  c->sp = arg_bool (args, "sequence_parallel", FALSE) && c->d.tp > 1;
  c->num_layers = arg_pos (args, "num_layers");
  c->hidden = arg_pos (args, "hidden_size");
  c->heads = arg_pos (args, "num_attention_heads");
  c->seq = has_value (args, "seq_length") ? arg_pos (args, "seq_length") : arg_pos (args, "encoder_seq_length");
  c->num_experts = arg_pos (args, "num_experts");
  c->recompute = arg_bool (args, "recompute_activations", FALSE)
                 ? "selective" : arg_str (args, "recompute_granularity", NULL);

  check_required (c);
  check_model (c);
  check_moe (c);
  check_parallel (c);
  check_env (c);
  check_attention (c);
  check_precision (c);
  check_batch (c);
  check_pipeline (c);
  check_recompute (c);
  check_optimizer (c);
  check_data (c);
  check_tokenizer (c);
  check_vocab (c);
  check_training (c);
}
