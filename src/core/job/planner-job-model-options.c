/* planner-job-model-options.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-job-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "planner-job-model-options.h"

#include "planner-format-double.h"

/* Megatron's dests and flags as 0.20.0's parser has them
 * (/work/shared/megatron/flags.jsonl); the order is the draft's. */
static const PlannerJobModelOption options[] = {
  { "norm-epsilon", "layernorm_epsilon", "--norm-epsilon", FALSE, NULL },
  { "add-qkv-bias", "add_qkv_bias", "--add-qkv-bias", FALSE, NULL },
  { "use-rope-scaling", "use_rope_scaling", "--use-rope-scaling", FALSE, NULL },
  { "rope-scaling-factor", "rope_scaling_factor", "--rope-scaling-factor", FALSE, "use-rope-scaling" },
  { "window-size", "window_size", "--window-size", FALSE, NULL },
  { "window-attn-skip-freq", "window_attn_skip_freq", "--window-attn-skip-freq", FALSE, "window-size" },
  { "softmax-type", "softmax_type", "--softmax-type", FALSE, NULL },
  { "moe-router-enable-expert-bias", "moe_router_enable_expert_bias", "--moe-router-enable-expert-bias", TRUE, NULL },
  { "moe-router-num-groups", "moe_router_num_groups", "--moe-router-num-groups", TRUE, NULL },
  { "moe-router-group-topk", "moe_router_group_topk", "--moe-router-group-topk", TRUE, NULL },
  { "moe-router-topk-scaling-factor", "moe_router_topk_scaling_factor", "--moe-router-topk-scaling-factor", TRUE,
    NULL },
  { "moe-router-pre-softmax", "moe_router_pre_softmax", "--moe-router-pre-softmax", TRUE, NULL },
  { "rope-type", "rope_type", "--rope-type", FALSE, NULL },
  { "rotary-scaling-factor", "rotary_scaling_factor", "--rotary-scaling-factor", FALSE, NULL },
  { "mscale", "mscale", "--mscale", FALSE, NULL },
  { "mscale-all-dim", "mscale_all_dim", "--mscale-all-dim", FALSE, NULL },
  { "yarn-original-max-position-embeddings", "yarn_original_max_position_embeddings",
    "--yarn-original-max-position-embeddings", FALSE, NULL },
  { "yarn-beta-fast", "yarn_beta_fast", "--yarn-beta-fast", FALSE, NULL },
  { "yarn-beta-slow", "yarn_beta_slow", "--yarn-beta-slow", FALSE, NULL },
  /* store_false: the flag sets the dest to False. */
  { "yarn-correction-range-round-to-int", "yarn_correction_range_round_to_int",
    "--no-yarn-correction-range-round-to-int", FALSE, NULL },
};

const PlannerJobModelOption *
planner_job_model_options (guint *n_options)
{
  if (n_options != NULL)
    *n_options = G_N_ELEMENTS (options);
  return options;
}

const PlannerJobModelOption *
planner_job_model_option_for_dest (const char *dest)
{
  g_return_val_if_fail (dest != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (g_str_equal (options[i].dest, dest))
      return &options[i];
  return NULL;
}

static GParamSpec *
pspec_of (PlannerJob *job,
          const char *property)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (job), property);

  g_assert (pspec != NULL);
  return pspec;
}

static gboolean
holds_own (PlannerJob *job,
           const char *property)
{
  GParamSpec *pspec = pspec_of (job, property);
  g_auto(GValue) value = G_VALUE_INIT;

  g_value_init (&value, pspec->value_type);
  g_object_get_property (G_OBJECT (job), property, &value);
  return !g_param_value_defaults (pspec, &value);
}

gboolean
planner_job_model_option_is_set (PlannerJob                  *job,
                                 const PlannerJobModelOption *option)
{
  g_return_val_if_fail (PLANNER_IS_JOB (job), FALSE);
  g_return_val_if_fail (option != NULL, FALSE);

  if (option->moe && planner_job_get_uint (job, "num-experts") == 0)
    return FALSE;
  if (option->needs != NULL && !holds_own (job, option->needs))
    return FALSE;
  return holds_own (job, option->property);
}

void
planner_job_model_options_to_args (PlannerJob  *job,
                                   PlannerArgs *args)
{
  g_return_if_fail (PLANNER_IS_JOB (job));
  g_return_if_fail (args != NULL);

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      const PlannerJobModelOption *o = &options[i];
      GParamSpec *pspec;

      if (!planner_job_model_option_is_set (job, o))
        continue;
      pspec = pspec_of (job, o->property);
      /* A switch holds what its flag sets: on, or off for a --no-x. */
      if (G_IS_PARAM_SPEC_BOOLEAN (pspec))
        planner_args_set_bool (args, o->dest, o->flag, planner_job_get_bool (job, o->property));
      else if (G_IS_PARAM_SPEC_UINT (pspec))
        {
          char text[16];

          g_snprintf (text, sizeof text, "%u", planner_job_get_uint (job, o->property));
          planner_args_set (args, o->dest, o->flag, text);
        }
      else if (G_IS_PARAM_SPEC_DOUBLE (pspec))
        {
          g_autofree char *text = planner_format_python_float (planner_job_get_double (job, o->property));

          planner_args_set (args, o->dest, o->flag, text);
        }
      else
        planner_args_set (args, o->dest, o->flag, planner_job_get_string (job, o->property));
    }
}

/* One option's value from @text into its field; FALSE with why. */
static gboolean
set_from_text (PlannerJob  *job,
               GParamSpec  *pspec,
               const char  *text,
               char       **why)
{
  if (G_IS_PARAM_SPEC_UINT (pspec))
    {
      GParamSpecUInt *u = G_PARAM_SPEC_UINT (pspec);
      guint64 value;

      if (!g_ascii_string_to_unsigned (text, 10, u->minimum, u->maximum, &value, NULL))
        {
          *why = g_strdup_printf (_("“%s” must be a whole number from %u to %u"), text, u->minimum, u->maximum);
          return FALSE;
        }
      g_object_set (job, pspec->name, (guint) value, NULL);
    }
  else if (G_IS_PARAM_SPEC_DOUBLE (pspec))
    {
      GParamSpecDouble *d = G_PARAM_SPEC_DOUBLE (pspec);
      char *end = NULL;
      double value = g_ascii_strtod (text, &end);

      if (end == text || *end != '\0' || !isfinite (value) || value < d->minimum || value > d->maximum)
        {
          *why = g_strdup_printf (_("“%s” must be a number from %g to %g"), text, d->minimum, d->maximum);
          return FALSE;
        }
      g_object_set (job, pspec->name, value, NULL);
    }
  else
    g_object_set (job, pspec->name, text, NULL);
  return TRUE;
}

static void
reset (PlannerJob *job,
       GParamSpec *pspec)
{
  g_auto(GValue) value = G_VALUE_INIT;

  g_value_init (&value, pspec->value_type);
  g_param_value_set_default (pspec, &value);
  g_object_set_property (G_OBJECT (job), pspec->name, &value);
}

gboolean
planner_job_model_options_from_args (PlannerJob         *job,
                                     const PlannerArgs  *args,
                                     GHashTable         *used,
                                     GError            **error)
{
  g_return_val_if_fail (PLANNER_IS_JOB (job), FALSE);
  g_return_val_if_fail (args != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      const PlannerJobModelOption *o = &options[i];
      GParamSpec *pspec = pspec_of (job, o->property);
      const char *const *values = planner_args_get_list (args, o->dest);
      g_autofree char *why = NULL;

      if (!planner_args_is_set (args, o->dest))
        {
          reset (job, pspec);
          continue;
        }
      if (G_IS_PARAM_SPEC_BOOLEAN (pspec))
        {
          g_object_set (job, o->property,
                        planner_args_get_bool (args, o->dest, G_PARAM_SPEC_BOOLEAN (pspec)->default_value), NULL);
        }
      else if (values == NULL || values[0] == NULL || values[1] != NULL ||
               ((g_str_equal (o->property, "softmax-type") || g_str_equal (o->property, "rope-type")) &&
                !planner_job_check_choice (o->property, values[0], NULL)))
        {
          reset (job, pspec);
          continue;
        }
      else if (!set_from_text (job, pspec, values[0], &why))
        {
          g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD, "%s: %s",
                       planner_args_get_flag (args, o->dest), why);
          return FALSE;
        }
      /* What the field cannot write back (a router option without
       * experts, a factor without the scaling, a default given) stays in
       * the extra arguments, as written. */
      if (!planner_job_model_option_is_set (job, o))
        {
          reset (job, pspec);
          continue;
        }
      if (used != NULL)
        g_hash_table_add (used, (gpointer) o->dest);
    }
  return TRUE;
}
