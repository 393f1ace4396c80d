/* planner-config.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-config"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "planner-config.h"

#include <string.h>

/* Far beyond any real model, small enough that every product the model
 * math forms stays finite and exact enough in a double. */
#define MAX_LAYERS        10000
#define MAX_HIDDEN        (G_GUINT64_CONSTANT (1) << 20)
#define MAX_HEADS         (1u << 16)
#define MAX_FFN           (G_GUINT64_CONSTANT (1) << 24)
#define MAX_VOCAB         (G_GUINT64_CONSTANT (1) << 28)
#define MAX_SEQ           (1u << 24)
#define MAX_EXPERTS       (1u << 16)
#define MAX_MICRO_BATCH   (1u << 20)
#define MAX_GLOBAL_BATCH  (G_GUINT64_CONSTANT (1) << 32)
#define MAX_PATTERN_DEPTH 16

/* The pretrain_gpt default tokenizer (GPT2BPETokenizer) has this many tokens. */
#define GPT2_VOCAB_SIZE   50257

G_DEFINE_QUARK (planner-config-error-quark, planner_config_error)

guint64
planner_padded_vocab_size (guint64 vocab_size,
                           guint32 divisor,
                           guint32 tp)
{
  guint64 multiple;

  if (divisor == 0)
    divisor = 1;
  if (tp == 0)
    tp = 1;
  multiple = (guint64) divisor * tp;

  return ((vocab_size + multiple - 1) / multiple) * multiple;
}

guint32
planner_config_count_moe_layers (const PlannerConfig *config)
{
  guint32 count = 0;

  g_return_val_if_fail (config != NULL, 0);

  if (config->num_experts == 0 || config->moe_layer_pattern == NULL)
    return 0;

  for (guint32 i = 0; i < config->num_layers; i++)
    count += config->moe_layer_pattern[i] ? 1 : 0;

  return count;
}

/* A tiny evaluator for the list expressions moe_freq_type accepts:
 *   expr   := term ('+' term)*
 *   term   := factor ('*' factor)*
 *   factor := INT | '[' [INT (',' INT)*] ']' | '(' expr ')'
 * Values are integers or lists of 0/1; list·int repeats, list+list
 * concatenates.  Every list is capped at max_len, so no input can make us
 * allocate more than that or recurse deeper than MAX_PATTERN_DEPTH. */
typedef struct
{
  const char *p;
  guint32     max_len;
  const char *error;
} PatternParser;

typedef struct
{
  gboolean  is_list;
  guint64   number;
  GArray   *list;    /* guint8 */
} PatternValue;

static void
pattern_value_clear (PatternValue *value)
{
  g_clear_pointer (&value->list, g_array_unref);
}

static void
pattern_skip_space (PatternParser *parser)
{
  while (*parser->p == ' ' || *parser->p == '\t')
    parser->p++;
}

static gboolean
pattern_parse_int (PatternParser *parser,
                   guint64       *out)
{
  guint64 value = 0;
  gboolean any = FALSE;

  pattern_skip_space (parser);
  while (g_ascii_isdigit (*parser->p))
    {
      value = value * 10 + (guint64) (*parser->p - '0');
      if (value > G_MAXUINT32)
        {
          parser->error = _("a number in the pattern is too large");
          return FALSE;
        }
      parser->p++;
      any = TRUE;
    }
  if (!any)
    {
      parser->error = _("expected a number, '[' or '('");
      return FALSE;
    }
  *out = value;
  return TRUE;
}

static gboolean pattern_parse_expr (PatternParser *parser,
                                    guint          depth,
                                    PatternValue  *out);

static gboolean
pattern_parse_factor (PatternParser *parser,
                      guint          depth,
                      PatternValue  *out)
{
  pattern_skip_space (parser);

  if (*parser->p == '(')
    {
      parser->p++;
      if (!pattern_parse_expr (parser, depth + 1, out))
        return FALSE;
      pattern_skip_space (parser);
      if (*parser->p != ')')
        {
          parser->error = _("missing ')'");
          return FALSE;
        }
      parser->p++;
      return TRUE;
    }

  if (*parser->p == '[')
    {
      out->is_list = TRUE;
      out->list = g_array_new (FALSE, FALSE, sizeof (guint8));
      parser->p++;
      pattern_skip_space (parser);
      if (*parser->p == ']')
        {
          parser->p++;
          return TRUE;
        }
      for (;;)
        {
          guint64 item;
          guint8 byte;

          if (!pattern_parse_int (parser, &item))
            return FALSE;
          if (item > 1)
            {
              parser->error = _("pattern entries must be 0 (dense) or 1 (MoE)");
              return FALSE;
            }
          if (out->list->len >= parser->max_len)
            {
              parser->error = _("the pattern is longer than --num-layers");
              return FALSE;
            }
          byte = (guint8) item;
          g_array_append_val (out->list, byte);
          pattern_skip_space (parser);
          if (*parser->p == ',')
            {
              parser->p++;
              pattern_skip_space (parser);
              if (*parser->p == ']')   /* Python allows a trailing comma */
                {
                  parser->p++;
                  return TRUE;
                }
              continue;
            }
          if (*parser->p == ']')
            {
              parser->p++;
              return TRUE;
            }
          parser->error = _("expected ',' or ']' in a list");
          return FALSE;
        }
    }

  out->is_list = FALSE;
  return pattern_parse_int (parser, &out->number);
}

static gboolean
pattern_multiply (PatternParser *parser,
                  PatternValue  *acc,
                  PatternValue  *rhs)
{
  if (!acc->is_list && !rhs->is_list)
    {
      acc->number *= rhs->number;
      if (acc->number > G_MAXUINT32)
        {
          parser->error = _("a number in the pattern is too large");
          return FALSE;
        }
      return TRUE;
    }
  if (acc->is_list && rhs->is_list)
    {
      parser->error = _("a list cannot be multiplied by a list");
      return FALSE;
    }
  if (!acc->is_list)
    {
      /* int * list: make acc the list. */
      PatternValue tmp = *acc;

      *acc = *rhs;
      *rhs = tmp;
    }
  {
    guint64 times = rhs->number;
    guint len = acc->list->len;

    if (times == 0 || len == 0)
      {
        g_array_set_size (acc->list, 0);
        return TRUE;
      }
    if ((guint64) len * times > parser->max_len)
      {
        parser->error = _("the pattern is longer than --num-layers");
        return FALSE;
      }
    /* Grow once, then copy: appending from the array's own storage
     * would read freed memory after a reallocation. */
    g_array_set_size (acc->list, (guint) (len * times));
    for (guint64 t = 1; t < times; t++)
      memcpy (acc->list->data + t * len, acc->list->data, len);
  }
  return TRUE;
}

static gboolean
pattern_parse_term (PatternParser *parser,
                    guint          depth,
                    PatternValue  *out)
{
  if (!pattern_parse_factor (parser, depth, out))
    return FALSE;

  for (;;)
    {
      PatternValue rhs = { 0, };
      gboolean ok;

      pattern_skip_space (parser);
      if (*parser->p != '*')
        return TRUE;
      parser->p++;
      ok = pattern_parse_factor (parser, depth, &rhs) && pattern_multiply (parser, out, &rhs);
      pattern_value_clear (&rhs);
      if (!ok)
        return FALSE;
    }
}

static gboolean
pattern_parse_expr (PatternParser *parser,
                    guint          depth,
                    PatternValue  *out)
{
  if (depth > MAX_PATTERN_DEPTH)
    {
      parser->error = _("the pattern is nested too deeply");
      return FALSE;
    }

  if (!pattern_parse_term (parser, depth, out))
    return FALSE;

  for (;;)
    {
      PatternValue rhs = { 0, };
      gboolean ok = TRUE;

      pattern_skip_space (parser);
      if (*parser->p != '+')
        return TRUE;
      parser->p++;
      if (!pattern_parse_term (parser, depth, &rhs))
        ok = FALSE;
      else if (out->is_list != rhs.is_list)
        {
          parser->error = _("a list cannot be added to a number");
          ok = FALSE;
        }
      else if (!out->is_list)
        out->number += rhs.number;
      else if ((guint64) out->list->len + rhs.list->len > parser->max_len)
        {
          parser->error = _("the pattern is longer than --num-layers");
          ok = FALSE;
        }
      else
        g_array_append_vals (out->list, rhs.list->data, rhs.list->len);
      pattern_value_clear (&rhs);
      if (!ok)
        return FALSE;
    }
}

guint8 *
planner_parse_moe_layer_freq (const char  *text,
                              guint32      num_layers,
                              GError     **error)
{
  g_autofree guint8 *pattern = NULL;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (num_layers == 0 || num_layers > MAX_LAYERS)
    {
      g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                   _("--num-layers must be between 1 and %u to lay out --moe-layer-freq"),
                   MAX_LAYERS);
      return NULL;
    }
  if (text == NULL)
    text = "1";

  if (strchr (text, '[') == NULL)
    {
      /* An integer k: layer i is MoE when i % k == 0, so layer 0 always is. */
      guint64 k = 0;
      const char *end = NULL;

      while (*text == ' ')
        text++;
      if (!g_ascii_isdigit (*text))
        {
          g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                       _("--moe-layer-freq “%s” is neither an integer nor a list such as “([0]*3+[1]*58)”"),
                       text);
          return NULL;
        }
      k = g_ascii_strtoull (text, (char **) &end, 10);
      while (end != NULL && *end == ' ')
        end++;
      if (end == NULL || *end != '\0' || k == 0 || k > G_MAXUINT32)
        {
          g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                       _("--moe-layer-freq must be a positive integer or a list such as “([0]*3+[1]*58)”, not “%s”"),
                       text);
          return NULL;
        }
      pattern = g_new0 (guint8, num_layers);
      for (guint32 i = 0; i < num_layers; i++)
        pattern[i] = (i % k == 0) ? 1 : 0;
      return g_steal_pointer (&pattern);
    }

  {
    PatternParser parser = { text, num_layers, NULL };
    PatternValue value = { 0, };
    gboolean ok = pattern_parse_expr (&parser, 0, &value);

    if (ok)
      {
        pattern_skip_space (&parser);
        if (*parser.p != '\0')
          {
            parser.error = _("unexpected text after the pattern");
            ok = FALSE;
          }
        else if (!value.is_list)
          {
            parser.error = _("the pattern must evaluate to a list");
            ok = FALSE;
          }
        else if (value.list->len != num_layers)
          {
            g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                         _("--moe-layer-freq gives %u layers but --num-layers is %u; make the list exactly %u long"),
                         value.list->len, num_layers, num_layers);
            pattern_value_clear (&value);
            return NULL;
          }
      }
    if (!ok)
      {
        g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                     "--moe-layer-freq “%s”: %s", text, parser.error);
        pattern_value_clear (&value);
        return NULL;
      }
    pattern = g_memdup2 (value.list->data, num_layers);
    pattern_value_clear (&value);
  }

  return g_steal_pointer (&pattern);
}

/* Reads an integer argument, refusing negative or absurd values.  A
 * missing one gives @fallback. */
static gboolean
get_uint (const PlannerArgs  *args,
          const char         *dest,
          const char         *flag,
          guint64             fallback,
          guint64             min,
          guint64             max,
          guint64            *out,
          GError            **error)
{
  gint64 value;

  if (!planner_args_is_set (args, dest) || planner_args_get_string (args, dest, NULL) == NULL)
    {
      *out = fallback;
      return TRUE;
    }

  value = planner_args_get_int (args, dest, G_MININT64);
  if (value == G_MININT64)
    {
      g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                   _("%s “%s” is not an integer"),
                   planner_args_get_flag (args, dest) ? planner_args_get_flag (args, dest) : flag,
                   planner_args_get_string (args, dest, ""));
      return FALSE;
    }
  if (value < 0 || (guint64) value < min || (guint64) value > max)
    {
      g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                   _("%s %" PRId64 " is out of range: use a value from %" PRIu64
                     " to %" PRIu64),
                   planner_args_get_flag (args, dest) ? planner_args_get_flag (args, dest) : flag,
                   value, min, max);
      return FALSE;
    }
  *out = (guint64) value;
  return TRUE;
}

static gboolean
require_uint (const PlannerArgs  *args,
              const char         *dest,
              const char         *flag,
              guint64             max,
              guint64            *out,
              GError            **error)
{
  if (!planner_args_is_set (args, dest) || planner_args_get_string (args, dest, NULL) == NULL)
    {
      g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_MISSING,
                   _("%s is required: Megatron cannot build the model without it"), flag);
      return FALSE;
    }
  return get_uint (args, dest, flag, 0, 1, max, out, error);
}

static gboolean
string_equal (const char *a,
              const char *b)
{
  return a != NULL && g_strcmp0 (a, b) == 0;
}

/* Bytes of one element of a --main-params-dtype / --exp-avg-dtype choice;
 * junk reads as Megatron's default, fp32. */
static guint8
dtype_bytes (const char *text)
{
  if (string_equal (text, "bf16") || string_equal (text, "fp16"))
    return 2;
  if (string_equal (text, "fp8"))
    return 1;
  return 4;
}

/* What validate_args and TransformerConfig make of the memory-saving
 * options: FSDP, the precision-aware optimizer, the FP8 recipe, activation
 * offloading and the recompute modules. */
static void
read_memory_savers (PlannerConfig     *c,
                    const PlannerArgs *args)
{
  static const struct
  {
    const char             *name;
    PlannerRecomputeModules bit;
  } modules[] = {
    { "core_attn", PLANNER_RECOMPUTE_MODULE_CORE_ATTN },
    { "moe_act", PLANNER_RECOMPUTE_MODULE_MOE_ACT },
    { "layernorm", PLANNER_RECOMPUTE_MODULE_LAYERNORM },
    { "mla_up_proj", PLANNER_RECOMPUTE_MODULE_MLA_UP_PROJ },
    { "mlp", PLANNER_RECOMPUTE_MODULE_MLP },
    { "moe", PLANNER_RECOMPUTE_MODULE_MOE },
    { "shared_experts", PLANNER_RECOMPUTE_MODULE_SHARED_EXPERTS },
  };
  static const char *const recipes[] = { "delayed", "tensorwise", "mxfp8", "blockwise", "custom" };
  const char *const *list;
  const char *text;
  gint64 layers, groups, group_topk;

  if (planner_args_get_bool (args, "use_torch_fsdp2", FALSE))
    c->fsdp = PLANNER_FSDP_TORCH;
  /* use_custom_fsdp: its name before 0.14. */
  else if (planner_args_get_bool (args, "use_megatron_fsdp", FALSE) ||
           planner_args_get_bool (args, "use_custom_fsdp", FALSE))
    c->fsdp = PLANNER_FSDP_MEGATRON;
  text = planner_args_get_string (args, "data_parallel_sharding_strategy", "optim_grads_params");
  if (string_equal (text, "no_shard"))
    c->fsdp_sharding = PLANNER_SHARDING_NO_SHARD;
  else if (string_equal (text, "optim"))
    c->fsdp_sharding = PLANNER_SHARDING_OPTIM;
  else if (string_equal (text, "optim_grads"))
    c->fsdp_sharding = PLANNER_SHARDING_OPTIM_GRADS;
  else
    c->fsdp_sharding = PLANNER_SHARDING_OPTIM_GRADS_PARAMS;

  /* The dtypes apply only with the precision-aware optimizer (Megatron
   * refuses them otherwise). */
  c->precision_aware_optimizer = planner_args_get_bool (args, "use_precision_aware_optimizer", FALSE);
  c->main_params_bytes = 4;
  c->exp_avg_bytes = 4;
  c->exp_avg_sq_bytes = 4;
  c->main_grads_bytes = 4;
  if (c->precision_aware_optimizer)
    {
      c->main_params_bytes = dtype_bytes (planner_args_get_string (args, "main_params_dtype", "fp32"));
      c->exp_avg_bytes = dtype_bytes (planner_args_get_string (args, "exp_avg_dtype", "fp32"));
      c->exp_avg_sq_bytes = dtype_bytes (planner_args_get_string (args, "exp_avg_sq_dtype", "fp32"));
      c->main_grads_bytes = dtype_bytes (planner_args_get_string (args, "main_grads_dtype", "fp32"));
    }
  /* Half-precision training keeps gradients in the parameter dtype unless
   * they are accumulated in fp32: bf16 does by default (unless reduced in
   * bf16), fp16 only with --accumulate-allreduce-grads-in-fp32. */
  if (c->precision == PLANNER_PRECISION_BF16 && c->grad_reduce_in_bf16)
    c->main_grads_bytes = 2;
  else if (c->precision == PLANNER_PRECISION_FP16 &&
           !planner_args_get_bool (args, "accumulate_allreduce_grads_in_fp32", FALSE))
    c->main_grads_bytes = 2;
  else if (c->precision == PLANNER_PRECISION_FP32)
    c->main_grads_bytes = 4;

  text = planner_args_get_string (args, "fp8_recipe", "delayed");
  c->fp8_recipe = PLANNER_FP8_RECIPE_DELAYED;
  for (guint i = 0; i < G_N_ELEMENTS (recipes); i++)
    if (string_equal (text, recipes[i]))
      c->fp8_recipe = (PlannerFp8Recipe) i;

  layers = planner_args_get_int (args, "cpu_offloading_num_layers", 0);
  c->cpu_offloading_num_layers = layers > 0 && layers < (gint64) c->num_layers ? (guint32) layers : 0;

  /* TransformerConfig: the modules default to core_attn; the deprecated
   * --moe-layer-recompute turns selective on and adds moe. */
  list = planner_args_get_list (args, "recompute_modules");
  if (planner_args_is_set (args, "recompute_modules") && list != NULL)
    {
      for (guint i = 0; list[i] != NULL; i++)
        for (guint m = 0; m < G_N_ELEMENTS (modules); m++)
          if (string_equal (list[i], modules[m].name))
            c->recompute_modules |= modules[m].bit;
    }
  else
    c->recompute_modules = PLANNER_RECOMPUTE_MODULE_CORE_ATTN;
  if (planner_args_get_bool (args, "moe_layer_recompute", FALSE) && c->recompute != PLANNER_RECOMPUTE_FULL)
    {
      c->recompute = PLANNER_RECOMPUTE_SELECTIVE;
      c->recompute_modules |= PLANNER_RECOMPUTE_MODULE_MOE;
    }

  c->attention_dropout = planner_args_get_double (args, "attention_dropout", 0.1);
  if (!(c->attention_dropout >= 0.0 && c->attention_dropout <= 1.0))
    c->attention_dropout = 0.1;
  if (!planner_args_get_bool (args, "cross_entropy_loss_fusion", FALSE))
    c->cross_entropy_fusion = PLANNER_LOSS_UNFUSED;
  else if (string_equal (planner_args_get_string (args, "cross_entropy_fusion_impl", "native"), "te"))
    c->cross_entropy_fusion = PLANNER_LOSS_FUSED_TE;
  else
    c->cross_entropy_fusion = PLANNER_LOSS_FUSED_NATIVE;

  c->overlap_moe_comm = planner_args_get_bool (args, "overlap_moe_expert_parallel_comm", FALSE);

  /* TEGroupedMLP multiplies the expert activation by the routing weights
   * in one fused kernel only for SwiGLU with bias-activation fusion. */
  c->moe_fused_weighted_activation = c->swiglu && planner_args_get_bool (args, "bias_swiglu_fusion", TRUE) &&
                                     !planner_args_get_bool (args, "use_te_activation_func", FALSE);

  /* Group-limited routing counts only when both are given and consistent
   * (TransformerConfig refuses the rest). */
  groups = planner_args_get_int (args, "moe_router_num_groups", 0);
  group_topk = planner_args_get_int (args, "moe_router_group_topk", 0);
  if (c->num_experts > 0 && groups > 0 && group_topk > 0 && group_topk <= groups &&
      c->num_experts % (guint32) groups == 0)
    {
      c->moe_router_num_groups = (guint32) groups;
      c->moe_router_group_topk = (guint32) group_topk;
    }
  text = planner_args_get_string (args, "moe_token_dispatcher_type", "allgather");
  if (string_equal (text, "alltoall"))
    c->moe_dispatcher = PLANNER_DISPATCHER_ALLTOALL;
  else if (string_equal (text, "flex"))
    {
      const char *backend = planner_args_get_string (args, "moe_flex_dispatcher_backend", "deepep");

      c->moe_dispatcher = string_equal (backend, "hybridep") ? PLANNER_DISPATCHER_FLEX_HYBRIDEP
                          : string_equal (backend, "ncclep") ? PLANNER_DISPATCHER_FLEX_NCCLEP
                                                              : PLANNER_DISPATCHER_FLEX_DEEPEP;
    }
  else
    c->moe_dispatcher = PLANNER_DISPATCHER_ALLGATHER;
  c->moe_shared_expert_overlap = planner_args_get_bool (args, "moe_shared_expert_overlap", FALSE);
  text = planner_args_get_string (args, "moe_router_dtype", NULL);
  c->moe_router_fp32 = string_equal (text, "fp32") || string_equal (text, "fp64");
  c->moe_grouped_gemm = c->num_experts > 0 && planner_args_get_bool (args, "moe_grouped_gemm", FALSE) &&
                        !string_equal (planner_args_get_string (args, "transformer_impl", NULL), "local");
  c->tp_comm_overlap = planner_args_get_bool (args, "tp_comm_overlap", FALSE) && c->sequence_parallel &&
                       c->layout.tp > 1;
}

/* Megatron's layout strings unroll "(…)*n" first, then "x*n"; commas are
 * cosmetic.  Anything longer than this is not a layout a person writes. */
#define MAX_LAYOUT_TEXT 65536

static gboolean
unroll_layout (const char *text,
               GString    *out)
{
  g_autoptr(GString) groups = g_string_new (NULL);
  const char *p;

  /* (…)*n, not nested (Megatron's pattern does not nest either). */
  for (p = text; *p != '\0'; p++)
    {
      if (*p == ',' || g_ascii_isspace (*p))
        continue;
      if (*p == '(')
        {
          const char *close = strchr (p, ')');
          guint64 n = 0;
          char *end = NULL;
          g_autofree char *inner = NULL;

          if (close == NULL || close[1] != '*' || !g_ascii_isdigit (close[2]))
            return FALSE;
          n = g_ascii_strtoull (close + 2, &end, 10);
          inner = g_strndup (p + 1, (gsize) (close - p - 1));
          if (strchr (inner, '(') != NULL || n == 0 || n > MAX_LAYOUT_TEXT ||
              groups->len + n * strlen (inner) > MAX_LAYOUT_TEXT)
            return FALSE;
          for (guint64 i = 0; i < n; i++)
            g_string_append (groups, inner);
          p = end - 1;
          continue;
        }
      g_string_append_c (groups, *p);
    }
  /* x*n */
  for (p = groups->str; *p != '\0'; p++)
    {
      if (*p == ',')
        continue;
      if (p[1] == '*' && g_ascii_isdigit (p[2]))
        {
          char *end = NULL;
          guint64 n = g_ascii_strtoull (p + 2, &end, 10);

          if (n > MAX_LAYOUT_TEXT || out->len + n > MAX_LAYOUT_TEXT)
            return FALSE;
          for (guint64 i = 0; i < n; i++)
            g_string_append_c (out, *p);
          p = end - 1;
          continue;
        }
      if (*p == '*')
        return FALSE;
      g_string_append_c (out, *p);
    }
  return TRUE;
}

gboolean
planner_config_parse_layout (const char *text,
                             guint32     mtp_layers,
                             guint32    *stages,
                             guint32    *first,
                             guint32    *middle,
                             guint32    *last)
{
  g_autoptr(GString) flat = g_string_new (NULL);
  g_auto(GStrv) parts = NULL;
  guint n;

  g_return_val_if_fail (stages != NULL && first != NULL && middle != NULL && last != NULL, FALSE);
  *stages = *first = *middle = *last = 0;
  if (text == NULL || strlen (text) > MAX_LAYOUT_TEXT || !unroll_layout (text, flat))
    return FALSE;
  parts = g_strsplit (flat->str, "|", -1);
  n = g_strv_length (parts);
  if (n < 2)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      const char *stage = parts[i];
      guint32 t = 0, m = 0, e = 0, l = 0;

      for (const char *c = stage; *c != '\0'; c++)
        switch (*c)
          {
          case 't': t++; if (m > 0 || l > 0) return FALSE; break;
          case 'm': m++; if (l > 0) return FALSE; break;
          case 'E': e++; if (t > 0) return FALSE; break;
          case 'L': l++; break;
          default: return FALSE;
          }
      if (i == 0)
        {
          if (e != 1 || m > 0 || l > 0)
            return FALSE;
          *first = t;
        }
      else if (i == n - 1)
        {
          if (e > 0 || l != 1 || m != mtp_layers)
            return FALSE;
          *last = t;
        }
      else
        {
          if (e > 0 || l > 0 || m > 0)
            return FALSE;
          if (i == 1)
            *middle = t;
          else if (t != *middle)
            return FALSE;
        }
    }
  *stages = n;
  return TRUE;
}

char *
planner_config_layout_string (guint32 stages,
                              guint32 first,
                              guint32 middle,
                              guint32 last,
                              guint32 mtp_layers)
{
  GString *out = g_string_new ("E");

  g_return_val_if_fail (stages >= 2, g_string_free (out, FALSE));
  if (first > 0)
    g_string_append_printf (out, first > 1 ? "t*%u" : "t", first);
  g_string_append_c (out, '|');
  if (stages > 2)
    {
      if (stages - 2 > 1)
        g_string_append_c (out, '(');
      if (middle > 0)
        g_string_append_printf (out, middle > 1 ? "t*%u" : "t", middle);
      g_string_append_c (out, '|');
      if (stages - 2 > 1)
        g_string_append_printf (out, ")*%u", stages - 2);
    }
  if (last > 0)
    g_string_append_printf (out, last > 1 ? "t*%u" : "t", last);
  if (mtp_layers > 0)
    g_string_append_printf (out, mtp_layers > 1 ? "m*%u" : "m", mtp_layers);
  g_string_append_c (out, 'L');
  return g_string_free (out, FALSE);
}

gboolean
planner_config_init_from_args (PlannerConfig       *config,
                               const PlannerArgs   *args,
                               const PlannerLayout *layout,
                               guint64              vocab_size,
                               GError             **error)
{
  PlannerConfig c = { 0, };
  guint64 v = 0;
  guint64 dp;
  const char *text;

  g_return_val_if_fail (config != NULL, FALSE);
  g_return_val_if_fail (args != NULL, FALSE);
  g_return_val_if_fail (layout != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (config, 0, sizeof *config);
  c.layout = *layout;
  if (c.layout.tp == 0 || c.layout.pp == 0 || c.layout.cp == 0 || c.layout.dp == 0)
    {
      g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                   _("The parallel layout is not resolved: fix the parallel sizes first"));
      return FALSE;
    }
  if (c.layout.ep == 0)
    c.layout.ep = 1;
  if (c.layout.etp == 0)
    c.layout.etp = c.layout.tp;
  if (c.layout.expert_dp == 0)
    c.layout.expert_dp = 1;
  if (c.layout.vpp == 0)
    c.layout.vpp = 1;

  /* Dimensions (facts §2.12) */
  if (!require_uint (args, "num_layers", "--num-layers", MAX_LAYERS, &v, error))
    return FALSE;
  c.num_layers = (guint32) v;
  if (!require_uint (args, "hidden_size", "--hidden-size", MAX_HIDDEN, &c.hidden_size, error))
    return FALSE;
  if (!require_uint (args, "num_attention_heads", "--num-attention-heads", MAX_HEADS, &v, error))
    return FALSE;
  c.num_attention_heads = (guint32) v;

  if (planner_args_is_set (args, "seq_length") || !planner_args_is_set (args, "encoder_seq_length"))
    {
      if (!require_uint (args, "seq_length", "--seq-length", MAX_SEQ, &v, error))
        return FALSE;
    }
  else if (!require_uint (args, "encoder_seq_length", "--encoder-seq-length", MAX_SEQ, &v, error))
    return FALSE;
  c.seq_length = (guint32) v;

  /* Megatron requires it; the validator says so.  The math only needs a value. */
  if (!get_uint (args, "max_position_embeddings", "--max-position-embeddings",
                 c.seq_length, 1, MAX_SEQ, &v, error))
    return FALSE;
  c.max_position_embeddings = (guint32) v;

  /* Without --group-query-attention, --num-query-groups is ignored. */
  c.group_query_attention = planner_args_get_bool (args, "group_query_attention", FALSE);
  if (c.group_query_attention)
    {
      if (!get_uint (args, "num_query_groups", "--num-query-groups", 1, 1, MAX_HEADS, &v, error))
        return FALSE;
      c.num_query_groups = (guint32) v;
    }
  else
    c.num_query_groups = c.num_attention_heads;

  if (planner_args_is_set (args, "kv_channels") && planner_args_get_string (args, "kv_channels", NULL))
    {
      if (!get_uint (args, "kv_channels", "--kv-channels", 0, 1, MAX_HIDDEN, &c.kv_channels, error))
        return FALSE;
    }
  else if (c.hidden_size % c.num_attention_heads != 0)
    {
      g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                   _("--hidden-size %" PRIu64 " is not divisible by --num-attention-heads %u; "
                     "change one of them or give --kv-channels"),
                   c.hidden_size, c.num_attention_heads);
      return FALSE;
    }
  else
    c.kv_channels = c.hidden_size / c.num_attention_heads;

  c.swiglu = planner_args_get_bool (args, "swiglu", FALSE);
  if (planner_args_is_set (args, "ffn_hidden_size") && planner_args_get_string (args, "ffn_hidden_size", NULL))
    {
      if (!get_uint (args, "ffn_hidden_size", "--ffn-hidden-size", 0, 1, MAX_FFN, &c.ffn_hidden_size, error))
        return FALSE;
    }
  else if (c.swiglu)
    /* int((4h·2/3)/64)·64 == floor(h/24)·64 exactly for any h we accept. */
    c.ffn_hidden_size = (c.hidden_size / 24) * 64;
  else
    c.ffn_hidden_size = 4 * c.hidden_size;
  if (c.ffn_hidden_size == 0)
    {
      g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                   _("With --swiglu and --hidden-size %" PRIu64 " Megatron's default "
                     "--ffn-hidden-size is 0; give --ffn-hidden-size"), c.hidden_size);
      return FALSE;
    }

  c.rmsnorm = string_equal (planner_args_get_string (args, "normalization", "LayerNorm"), "RMSNorm");
  c.add_bias_linear = planner_args_get_bool (args, "add_bias_linear", TRUE);
  c.untie_embeddings_and_output_weights =
    planner_args_get_bool (args, "untie_embeddings_and_output_weights", FALSE);
  c.attention_output_gate = planner_args_get_bool (args, "attention_output_gate", FALSE);

  /* Vocabulary (facts §2.9, §2.10) */
  if (!get_uint (args, "make_vocab_size_divisible_by", "--make-vocab-size-divisible-by",
                 128, 1, 1u << 20, &v, error))
    return FALSE;
  c.make_vocab_size_divisible_by = (guint32) v;
  if (vocab_size == 0)
    {
      if (!get_uint (args, "vocab_size", "--vocab-size", 0, 0, MAX_VOCAB, &vocab_size, error))
        return FALSE;
      if (vocab_size == 0 && planner_args_is_set (args, "vocab_size"))
        {
          g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                       _("--vocab-size must be at least 1"));
          return FALSE;
        }
    }
  if (vocab_size == 0)
    {
      const char *tokenizer = planner_args_get_string (args, "tokenizer_type", "GPT2BPETokenizer");

      /* pretrain_gpt's default tokenizer has a known size. */
      if (string_equal (tokenizer, "GPT2BPETokenizer"))
        vocab_size = GPT2_VOCAB_SIZE;
      else
        {
          g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_MISSING,
                       _("The vocabulary size of --tokenizer-type %s is not known without its files: "
                         "give --vocab-size or pick a model preset"), tokenizer);
          return FALSE;
        }
    }
  if (vocab_size > MAX_VOCAB)
    {
      g_set_error (error, PLANNER_CONFIG_ERROR, PLANNER_CONFIG_ERROR_INVALID,
                   _("--vocab-size %" PRIu64 " is absurd; use at most %" PRIu64),
                   vocab_size, MAX_VOCAB);
      return FALSE;
    }
  c.vocab_size = vocab_size;
  if (planner_args_is_set (args, "padded_vocab_size") && planner_args_get_string (args, "padded_vocab_size", NULL))
    {
      if (!get_uint (args, "padded_vocab_size", "--padded-vocab-size", 0, 1, MAX_VOCAB,
                     &c.padded_vocab_size, error))
        return FALSE;
    }
  else
    c.padded_vocab_size = planner_padded_vocab_size (c.vocab_size, c.make_vocab_size_divisible_by,
                                                     c.layout.tp);

  /* Multi-latent attention; the defaults are Megatron's. */
  c.multi_latent_attention = planner_args_get_bool (args, "multi_latent_attention", FALSE);
  if (!get_uint (args, "q_lora_rank", "--q-lora-rank", 0, 0, MAX_HIDDEN, &c.q_lora_rank, error) ||
      !get_uint (args, "kv_lora_rank", "--kv-lora-rank", 32, 0, MAX_HIDDEN, &c.kv_lora_rank, error) ||
      !get_uint (args, "qk_head_dim", "--qk-head-dim", 128, 0, MAX_HIDDEN, &c.qk_head_dim, error) ||
      !get_uint (args, "qk_pos_emb_head_dim", "--qk-pos-emb-head-dim", 64, 0, MAX_HIDDEN,
                 &c.qk_pos_emb_head_dim, error) ||
      !get_uint (args, "v_head_dim", "--v-head-dim", 128, 0, MAX_HIDDEN, &c.v_head_dim, error))
    return FALSE;

  /* Mixture of experts; --num-experts 0 means dense. */
  if (!get_uint (args, "num_experts", "--num-experts", 0, 0, MAX_EXPERTS, &v, error))
    return FALSE;
  c.num_experts = (guint32) v;
  if (!get_uint (args, "moe_router_topk", "--moe-router-topk", 2, 1, MAX_EXPERTS, &v, error))
    return FALSE;
  c.moe_router_topk = (guint32) v;
  if (!get_uint (args, "moe_ffn_hidden_size", "--moe-ffn-hidden-size", c.ffn_hidden_size, 1, MAX_FFN,
                 &c.moe_ffn_hidden_size, error) ||
      !get_uint (args, "moe_shared_expert_intermediate_size", "--moe-shared-expert-intermediate-size",
                 0, 0, MAX_FFN, &c.moe_shared_expert_intermediate_size, error) ||
      !get_uint (args, "moe_latent_size", "--moe-latent-size", 0, 0, MAX_HIDDEN, &c.moe_latent_size, error))
    return FALSE;
  c.moe_shared_expert_gate = planner_args_get_bool (args, "moe_shared_expert_gate", FALSE);
  if (!get_uint (args, "mtp_num_layers", "--mtp-num-layers", 0, 0, 64, &v, error))
    return FALSE;
  c.mtp_num_layers = (guint32) v;
  if (c.num_experts > 0)
    {
      const char *const *list = planner_args_get_list (args, "moe_layer_freq");
      g_autofree char *joined = NULL;

      /* An importer may have split a pattern on spaces; join it back. */
      if (list != NULL && list[0] != NULL && list[1] != NULL)
        joined = g_strjoinv ("", (char **) list);
      text = joined ? joined : planner_args_get_string (args, "moe_layer_freq", "1");
      c.moe_layer_pattern = planner_parse_moe_layer_freq (text, c.num_layers, error);
      if (c.moe_layer_pattern == NULL)
        return FALSE;
    }

  /* Batch (facts §2.2); dp excludes CP. */
  if (!get_uint (args, "micro_batch_size", "--micro-batch-size", 1, 1, MAX_MICRO_BATCH, &v, error))
    goto fail;
  c.micro_batch_size = (guint32) v;
  dp = (guint64) c.micro_batch_size * c.layout.dp;
  /* A step schedule, not the micro × DP default, sets the first batch. */
  if (!get_uint (args, "global_batch_size", "--global-batch-size",
                 MAX (planner_args_step_schedule_start (args), dp), 1, MAX_GLOBAL_BATCH,
                 &c.global_batch_size, error))
    goto fail;
  c.num_microbatches = c.global_batch_size / dp;

  /* Parallel and memory-saving choices */
  c.sequence_parallel = planner_args_get_bool (args, "sequence_parallel", FALSE) && c.layout.tp > 1;

  /* validate_args: --recompute-activations sets the granularity to
   * selective, overriding --recompute-granularity full. */
  text = planner_args_get_string (args, "recompute_granularity", NULL);
  if (string_equal (text, "selective") || planner_args_get_bool (args, "recompute_activations", FALSE))
    c.recompute = PLANNER_RECOMPUTE_SELECTIVE;
  else if (string_equal (text, "full"))
    c.recompute = PLANNER_RECOMPUTE_FULL;
  else
    c.recompute = PLANNER_RECOMPUTE_NONE;
  text = planner_args_get_string (args, "recompute_method", NULL);
  if (string_equal (text, "uniform"))
    c.recompute_method = PLANNER_RECOMPUTE_METHOD_UNIFORM;
  else if (string_equal (text, "block"))
    c.recompute_method = PLANNER_RECOMPUTE_METHOD_BLOCK;
  else
    c.recompute_method = PLANNER_RECOMPUTE_METHOD_NONE;
  if (!get_uint (args, "recompute_num_layers", "--recompute-num-layers", 0, 0, MAX_LAYERS, &v, error))
    goto fail;
  c.recompute_num_layers = (guint32) v;

  /* validate_args, in its order: Megatron FSDP v1 turns the distributed
   * optimizer on; an optimizer other than adam or sgd turns it into the
   * layer-wise one (use_distributed_optimizer False); --freeze-all-layers
   * turns it off. */
  text = planner_args_get_string (args, "optimizer", "adam");
  c.use_distributed_optimizer =
    planner_args_get_bool (args, "use_distributed_optimizer", FALSE) ||
    ((planner_args_get_bool (args, "use_megatron_fsdp", FALSE) ||
      planner_args_get_bool (args, "use_custom_fsdp", FALSE)) &&
     planner_args_get_int (args, "megatron_fsdp_version", 1) != 2);
  if (text != NULL && !string_equal (text, "adam") && !string_equal (text, "sgd"))
    {
      c.layer_wise_distributed_optimizer = c.use_distributed_optimizer ||
                                           string_equal (text, "dist_muon");
      c.use_distributed_optimizer = FALSE;
    }
  if (planner_args_get_bool (args, "freeze_all_layers", FALSE))
    c.use_distributed_optimizer = FALSE;
  if (planner_args_get_bool (args, "optimizer_cpu_offload", FALSE))
    {
      double fraction = planner_args_get_double (args, "optimizer_offload_fraction", 1.0);

      /* Junk or out of range reads as Megatron's default: all of it. */
      c.optimizer_offload_fraction = fraction >= 0.0 && fraction <= 1.0 ? fraction : 1.0;
    }
  if (planner_args_get_bool (args, "bf16", FALSE))
    c.precision = PLANNER_PRECISION_BF16;
  else if (planner_args_get_bool (args, "fp16", FALSE))
    c.precision = PLANNER_PRECISION_FP16;
  else
    c.precision = PLANNER_PRECISION_FP32;
  c.fp8 = planner_args_get_string (args, "fp8", NULL) != NULL;
  c.fp8_param_gather = c.fp8 && planner_args_get_bool (args, "fp8_param_gather", FALSE);
  c.grad_reduce_in_bf16 = planner_args_get_bool (args, "grad_reduce_in_bf16", FALSE);
  read_memory_savers (&c, args);

  c.account_for_embedding_in_pipeline_split =
    planner_args_get_bool (args, "account_for_embedding_in_pipeline_split", FALSE);
  c.account_for_loss_in_pipeline_split =
    planner_args_get_bool (args, "account_for_loss_in_pipeline_split", FALSE);
  if (!get_uint (args, "decoder_first_pipeline_num_layers", "--decoder-first-pipeline-num-layers",
                 0, 0, MAX_LAYERS, &v, error))
    goto fail;
  c.decoder_first_pipeline_num_layers = (guint32) v;
  if (!get_uint (args, "decoder_last_pipeline_num_layers", "--decoder-last-pipeline-num-layers",
                 0, 0, MAX_LAYERS, &v, error))
    goto fail;
  c.decoder_last_pipeline_num_layers = (guint32) v;
  /* A layout of the first/middle/last form counts only when its decoder
   * layers add up and its stages fit the pipeline; anything else is left
   * to the validator (and the estimate splits evenly). */
  if (planner_args_is_set (args, "pipeline_model_parallel_layout"))
    {
      guint32 stages, first, middle, last;

      if (planner_config_parse_layout (planner_args_get_string (args, "pipeline_model_parallel_layout", NULL),
                                       c.mtp_num_layers, &stages, &first, &middle, &last) &&
          (guint64) first + (guint64) middle * (stages - 2) + last == c.num_layers &&
          stages % MAX (c.layout.pp, 1) == 0 && stages / MAX (c.layout.pp, 1) == MAX (c.layout.vpp, 1))
        {
          c.layout_stages = stages;
          c.layout_first = first;
          c.layout_middle = middle;
          c.layout_last = last;
        }
    }

  /* TE's flash and fused backends never store the s×s scores. */
  text = planner_args_get_string (args, "attention_backend", "auto");
  c.flash_attention = !(string_equal (text, "unfused") || string_equal (text, "local") ||
                        string_equal (planner_args_get_string (args, "transformer_impl", NULL), "local"));
  c.hidden_dropout = planner_args_get_double (args, "hidden_dropout", 0.1);
  if (!(c.hidden_dropout >= 0.0 && c.hidden_dropout <= 1.0))
    c.hidden_dropout = 0.1;

  *config = c;
  return TRUE;

fail:
  g_free (c.moe_layer_pattern);
  return FALSE;
}

void
planner_config_clear (PlannerConfig *config)
{
  g_return_if_fail (config != NULL);

  g_clear_pointer (&config->moe_layer_pattern, g_free);
  memset (config, 0, sizeof *config);
}

void
planner_config_copy (PlannerConfig       *dest,
                     const PlannerConfig *src)
{
  g_return_if_fail (dest != NULL);
  g_return_if_fail (src != NULL);

  if (dest == src)
    return;
  *dest = *src;
  if (src->moe_layer_pattern != NULL)
    dest->moe_layer_pattern = g_memdup2 (src->moe_layer_pattern, src->num_layers);
}
