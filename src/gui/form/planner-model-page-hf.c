/* planner-model-page-hf.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Where each value of an architecture read from a Hugging Face config
 * came from, in the form's words: the config's key, the family's
 * mapping, Megatron's default, or typed by the person since.  The engine
 * says which key each Megatron argument came from; this file only words
 * it for the Model page's rows.
 */

#define G_LOG_DOMAIN "planner-model-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-field.h"
#include "planner-model-page-hf.h"

/* The Megatron arguments a field of the page holds, by property.  A
 * field whose property is its dest with "_" is not listed. */
static const struct
{
  const char *property;
  const char *dests[4];
} field_dests[] = {
  { "activation", { "swiglu", "quick_geglu", "squared_relu", NULL } },
  { "num-query-groups", { "num_query_groups", "group_query_attention", NULL } },
  { "norm-epsilon", { "layernorm_epsilon", NULL } },
};

/* The options the mapping writes that no field of the page holds, as the
 * page names them. */
static const struct
{
  const char *dest;
  const char *label;
} extra_labels[] = {
  { "rotary_seq_len_interpolation_factor", N_("RoPE Interpolation Factor") },
  { "rotary_percent", N_("Rotated Share of Each Head") },
  { "glu_linear_offset", N_("Gated Unit Offset") },
  { "activation_func_clamp_value", N_("Activation Clamp") },
  { "apply_layernorm_1p", N_("Norm Weights Plus One") },
  { "padded_vocab_size", N_("Padded Vocabulary") },
  { "attention_dropout", N_("Attention Dropout") },
  { "hidden_dropout", N_("Hidden Dropout") },
  { "init_method_std", N_("Initial Weight Spread") },
};

static gboolean
dests_of (const char  *property,
          const char **out,
          guint        n_out)
{
  for (guint i = 0; i < G_N_ELEMENTS (field_dests); i++)
    if (g_str_equal (field_dests[i].property, property))
      {
        for (guint k = 0; k < n_out; k++)
          out[k] = k < G_N_ELEMENTS (field_dests[i].dests) ? field_dests[i].dests[k] : NULL;
        return TRUE;
      }
  return FALSE;
}

static gboolean
same_value (PlannerJob *a,
            PlannerJob *b,
            const char *property)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (a), property);
  g_auto(GValue) va = G_VALUE_INIT;
  g_auto(GValue) vb = G_VALUE_INIT;

  if (pspec == NULL)
    return TRUE;
  g_value_init (&va, pspec->value_type);
  g_value_init (&vb, pspec->value_type);
  g_object_get_property (G_OBJECT (a), property, &va);
  g_object_get_property (G_OBJECT (b), property, &vb);
  return g_param_values_cmp (pspec, &va, &vb) == 0;
}

char *
_planner_model_page_hf_source (const PlannerHfConfig *config,
                               PlannerJob            *imported,
                               PlannerJob            *job,
                               const char            *property)
{
  g_autofree char *own = NULL;
  const char *dests[4] = { NULL, };
  const PlannerArgs *args = planner_hf_config_get_args (config);

  if (imported != NULL && !same_value (imported, job, property))
    return g_strdup (_("Typed"));
  if (!dests_of (property, dests, G_N_ELEMENTS (dests)))
    {
      own = g_strdelimit (g_strdup (property), "-", '_');
      dests[0] = own;
    }
  for (guint i = 0; i < G_N_ELEMENTS (dests) && dests[i] != NULL; i++)
    {
      const char *key;

      if (!planner_args_is_set (args, dests[i]))
        continue;
      key = planner_hf_config_get_source (config, dests[i]);
      if (key != NULL)
        /* Translators: %s is a key of the Hugging Face config.json, e.g. rope_theta */
        return g_strdup_printf (_("From config.json: %s"), key);
      return g_strdup (_("As Megatron-Bridge maps this family"));
    }
  return g_strdup (_("Megatron default"));
}

const char *
_planner_model_page_hf_extra_label (const char *dest)
{
  for (guint i = 0; i < G_N_ELEMENTS (extra_labels); i++)
    if (g_str_equal (extra_labels[i].dest, dest))
      return _(extra_labels[i].label);
  return NULL;
}

/* Whether a field of the Model page holds @flag. */
static gboolean
held_on_page (const char *flag)
{
  guint n_fields = 0;
  const PlannerField *const *fields = planner_field_list (&n_fields);

  for (guint i = 0; i < n_fields; i++)
    {
      if (g_strcmp0 (fields[i]->page, "model") != 0 || fields[i]->group == NULL)
        continue;
      for (guint k = 0; fields[i]->flags[k] != NULL; k++)
        if (g_str_equal (fields[i]->flags[k], flag))
          return TRUE;
    }
  return FALSE;
}

GPtrArray *
_planner_model_page_hf_extras (const PlannerHfConfig *config)
{
  const PlannerArgs *args = planner_hf_config_get_args (config);
  GPtrArray *extras = g_ptr_array_new_with_free_func (_planner_model_page_hf_extra_free);
  guint n = planner_args_get_n_entries (args);

  for (guint i = 0; i < n; i++)
    {
      const char *dest = planner_args_get_dest_at (args, i);
      const char *flag = planner_args_get_flag (args, dest);
      const char *key = planner_hf_config_get_source (config, dest);
      const char *label = _planner_model_page_hf_extra_label (dest);
      g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
      PlannerModelPageHfExtra *extra;

      if (flag == NULL || held_on_page (flag))
        continue;
      planner_args_append_words (args, dest, words);
      g_ptr_array_add (words, NULL);
      extra = g_new0 (PlannerModelPageHfExtra, 1);
      extra->title = g_strdup (label != NULL ? label : flag);
      extra->words = g_strjoinv (" ", (char **) words->pdata);
      extra->source = key != NULL ? g_strdup_printf (_("From config.json: %s"), key)
                                  : g_strdup (_("As Megatron-Bridge maps this family"));
      g_ptr_array_add (extras, extra);
    }
  return extras;
}

void
_planner_model_page_hf_extra_free (gpointer data)
{
  PlannerModelPageHfExtra *extra = data;

  g_free (extra->title);
  g_free (extra->words);
  g_free (extra->source);
  g_free (extra);
}
