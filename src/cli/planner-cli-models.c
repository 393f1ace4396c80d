/* planner-cli-models.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The catalogue: every model and GPU with the id that --model and --gpu
 * take, and the figures the planner uses from it.
 */

#define G_LOG_DOMAIN "planner-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-catalog.h"
#include "planner-cli-private.h"
#include "planner-flag-catalog.h"
#include "planner-hf-config.h"
#include "planner-hf-release.h"
#include "planner-memory.h"

#define COMMAND "models"

/* "6.7B", "671B", "124M": parameters as model cards write them. */
static char *
format_params (double params)
{
  if (params >= 1e9)
    return g_strdup_printf (params >= 1e11 ? "%.0fB" : "%.1fB", params / 1e9);
  return g_strdup_printf ("%.0fM", params / 1e6);
}

static void
print_text (void)
{
  const PlannerModel *const *models;
  const PlannerGpu *const *gpus;
  guint n_models = 0, n_gpus = 0;

  models = planner_model_list (&n_models);
  gpus = planner_gpu_list (&n_gpus);

  g_print ("%s\n", _("Models (--model ID)"));
  g_print ("  %-17s %-32s %-25s %6s %7s %7s %7s\n", "ID", _("NAME"), _("PARAMETERS"), _("LAYERS"), _("HIDDEN"),
           _("EXPERTS"), _("SEQ"));
  for (guint i = 0; i < n_models; i++)
    {
      const PlannerModel *m = models[i];
      PlannerModelParams params = { 0 };
      g_autofree char *total = NULL;
      g_autofree char *size = NULL;
      g_autofree char *experts = m->num_experts > 0 ? g_strdup_printf ("%u", m->num_experts) : g_strdup ("-");

      if (planner_model_count_params (m, &params, NULL))
        {
          total = format_params (params.total);
          if (params.active < params.total * 0.99)
            {
              g_autofree char *active = format_params (params.active);
              g_autofree char *bare = format_params (params.active_without_embedding);

              /* Translators: total (active; active without the input embedding) */
              size = g_strdup_printf (_("%s (%s/%s act.)"), total, active, bare);
            }
          else
            size = g_strdup (total);
        }
      else
        size = g_strdup ("?");
      g_print ("  %-17s %-32s %-25s %6u %7" G_GUINT64_FORMAT " %7s %7u\n", m->id, m->name, size, m->num_layers,
               m->hidden_size, experts, m->seq_length);
    }

  /* Translators: “act.” is the abbreviation the PARAMETERS column uses */
  g_print ("\n%s %s\n", _("act.: active parameters per token, then the same without the input embedding."),
           planner_model_params_active_definition ());

  g_print ("\n%s\n", _("GPUs (--gpu ID)"));
  g_print ("  %-10s %-30s %-13s %7s %6s %6s %6s %7s\n", "ID", _("NAME"), _("ARCHITECTURE"), _("MEMORY"),
           _("FP16"), _("BF16"), _("FP8"), _("NVLINK"));
  for (guint i = 0; i < n_gpus; i++)
    {
      const PlannerGpu *g = gpus[i];
      g_autofree char *memory = g_strdup_printf ("%.0f GB", g->memory_marketed_gb);
      g_autofree char *fp16 = g_strdup_printf ("%.0f", g->peak_fp16_tflops);
      g_autofree char *bf16 = g->supports_bf16 ? g_strdup_printf ("%.0f", g->peak_bf16_tflops) : g_strdup ("-");
      g_autofree char *fp8 = g->supports_fp8 ? g_strdup_printf ("%.0f", g->peak_fp8_tflops) : g_strdup ("-");

      g_print ("  %-10s %-30s %-13s %7s %6s %6s %6s %7u\n", g->id, g->name, g->architecture, memory, fp16, bf16,
               fp8, g->nvlink_domain_size);
    }
  g_print ("\n%s\n", _("FP16, BF16, FP8: dense peak TFLOP/s per GPU (- not supported).  "
                         "NVLINK: GPUs that reach each other over NVLink."));
}

static void
print_json (void)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  const PlannerModel *const *models;
  const PlannerGpu *const *gpus;
  guint n_models = 0, n_gpus = 0;

  models = planner_model_list (&n_models);
  gpus = planner_gpu_list (&n_gpus);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "models");
  json_builder_begin_array (b);
  for (guint i = 0; i < n_models; i++)
    {
      const PlannerModel *m = models[i];
      PlannerModelParams params = { 0 };
      gboolean counted = planner_model_count_params (m, &params, NULL);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, m->id);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, m->name);
      json_builder_set_member_name (b, "family");
      json_builder_add_string_value (b, m->family);
      json_builder_set_member_name (b, "params_total");
      if (counted)
        json_builder_add_double_value (b, params.total);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "params_active");
      if (counted)
        json_builder_add_double_value (b, params.active);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "params_active_without_embedding");
      if (counted)
        json_builder_add_double_value (b, params.active_without_embedding);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "num_layers");
      json_builder_add_int_value (b, m->num_layers);
      json_builder_set_member_name (b, "hidden_size");
      json_builder_add_int_value (b, (gint64) m->hidden_size);
      json_builder_set_member_name (b, "num_attention_heads");
      json_builder_add_int_value (b, m->num_attention_heads);
      json_builder_set_member_name (b, "num_experts");
      json_builder_add_int_value (b, m->num_experts);
      json_builder_set_member_name (b, "seq_length");
      json_builder_add_int_value (b, m->seq_length);
      json_builder_set_member_name (b, "vocab_size");
      json_builder_add_int_value (b, (gint64) m->vocab_size);
      json_builder_set_member_name (b, "source");
      json_builder_add_string_value (b, m->source);
      if (m->hf_config != NULL)
        {
          /* The config.json the entry was made from (tests/core/hf-configs). */
          json_builder_set_member_name (b, "hf_config");
          json_builder_add_string_value (b, m->hf_config);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "gpus");
  json_builder_begin_array (b);
  for (guint i = 0; i < n_gpus; i++)
    {
      const PlannerGpu *g = gpus[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, g->id);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, g->name);
      json_builder_set_member_name (b, "architecture");
      json_builder_add_string_value (b, g->architecture);
      json_builder_set_member_name (b, "memory_bytes");
      json_builder_add_int_value (b, (gint64) g->memory_bytes);
      json_builder_set_member_name (b, "memory_marketed_gb");
      json_builder_add_double_value (b, g->memory_marketed_gb);
      json_builder_set_member_name (b, "peak_bf16_tflops");
      json_builder_add_double_value (b, g->peak_bf16_tflops);
      json_builder_set_member_name (b, "peak_fp8_tflops");
      json_builder_add_double_value (b, g->peak_fp8_tflops);
      json_builder_set_member_name (b, "nvlink_domain_size");
      json_builder_add_int_value (b, g->nvlink_domain_size);
      json_builder_set_member_name (b, "source");
      json_builder_add_string_value (b, g->source);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  planner_cli_print_json (root);
}

/* The releases held: one per line, or as JSON with their commits. */
static void
print_releases (gboolean json)
{
  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "megatron_core");
      json_builder_add_string_value (b, planner_cli_release_for (NULL));
      json_builder_set_member_name (b, "default");
      json_builder_add_string_value (b, planner_megatron_get_default_release ());
      json_builder_set_member_name (b, "releases");
      json_builder_begin_array (b);
      for (guint i = 0; i < planner_megatron_get_n_releases (); i++)
        {
          const char *release = planner_megatron_get_release (i);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "version");
          json_builder_add_string_value (b, release);
          json_builder_set_member_name (b, "megatron_lm_commit");
          json_builder_add_string_value (b, planner_flag_catalog_get_megatron_commit_in (release));
          json_builder_set_member_name (b, "options");
          json_builder_add_int_value (b, planner_flag_catalog_get_n_flags_in (release));
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      planner_cli_print_json (root);
      return;
    }
  g_print (_("Megatron-Core releases (the default is %s):\n"), planner_megatron_get_default_release ());
  for (guint i = 0; i < planner_megatron_get_n_releases (); i++)
    {
      const char *release = planner_megatron_get_release (i);

      /* Translators: a release, its Megatron-LM commit and how many options its parser has */
      g_print (_("  %-8s  commit %-10s  %u options\n"), release,
               planner_flag_catalog_get_megatron_commit_in (release), planner_flag_catalog_get_n_flags_in (release));
    }
}

/* One config.json as the arguments a draft writes, what they cannot
 * carry and what the config left to defaults; with --megatron-version,
 * what that release lacks of them too. */
static int
print_hf_config (const char *path,
                 gboolean    json)
{
  g_autoptr(PlannerHfConfig) config = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) words = NULL;
  const char *const *notes;
  const char *release = planner_cli_get_megatron_version ();
  g_auto(GStrv) release_lines = NULL;
  guint n;

  config = planner_hf_config_new_from_file (path, &error);
  if (config == NULL)
    {
      return planner_cli_usage_error (COMMAND, "%s", error->message);
    }
  if (json)
    {
      g_autoptr(JsonNode) root = planner_hf_config_to_json_for_release (config, release);

      planner_cli_print_json (root);
      return PLANNER_EXIT_OK;
    }

  words = planner_hf_config_dup_words (config);
  g_print (_("%s (%s), mapped as Megatron-Bridge's %s does\n"), planner_hf_config_get_name (config),
           planner_hf_config_get_architecture (config), planner_hf_config_get_bridge (config));
  g_print ("\n%s\n", _("Arguments"));
  for (guint i = 0; words[i] != NULL; i++)
    {
      gboolean value_follows = words[i + 1] != NULL && !g_str_has_prefix (words[i + 1], "--");

      if (value_follows)
        {
          g_print ("  %s %s\n", words[i], words[i + 1]);
          i++;
        }
      else
        g_print ("  %s\n", words[i]);
    }
  n = planner_hf_config_get_n_unsupported (config);
  release_lines = planner_hf_config_dup_release_lines (config, release);
  g_print ("\n%s\n", _("Not carried over"));
  if (n == 0 && release_lines == NULL)
    g_print ("  %s\n", _("nothing: every key the config holds is in the arguments"));
  for (guint i = 0; i < n; i++)
    {
      const char *key, *why;

      planner_hf_config_get_unsupported (config, i, &key, &why);
      g_print ("  %s: %s\n", key, why);
    }
  for (guint i = 0; release_lines != NULL && release_lines[i] != NULL; i++)
    g_print ("  %s\n", release_lines[i]);
  notes = planner_hf_config_get_notes (config);
  if (notes[0] != NULL)
    {
      g_print ("\n%s\n", _("Left to defaults"));
      for (guint i = 0; notes[i] != NULL; i++)
        g_print ("  %s\n", notes[i]);
    }
  return PLANNER_EXIT_OK;
}

int
planner_cli_models (int    argc,
                    char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) args = g_strdupv (argv);
  gboolean json = FALSE;
  gboolean releases = FALSE;
  g_autofree char *hf_config = NULL;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { "megatron-versions", 0, 0, G_OPTION_ARG_NONE, &releases,
      N_("List the Megatron-Core releases the planner holds instead"), NULL },
    { "hf-config", 0, 0, G_OPTION_ARG_FILENAME, &hf_config,
      N_("Map a Hugging Face config.json (or a folder holding one) to Megatron arguments instead"), N_("FILE") },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context,
                                N_("List the catalogue: every model (the ids --model takes) and GPU (the ids --gpu "
                                   "takes) with the figures the planner uses; with --hf-config, the Megatron "
                                   "arguments a Hugging Face config.json maps to, what they cannot carry and what "
                                   "the config left to defaults.\n"
                                   "Exit status: 0 ok, 2 bad invocation."));
  if (!planner_cli_parse_options (COMMAND, context, entries, &args))
    return PLANNER_EXIT_USAGE;
  if (args[0] != NULL && args[1] != NULL)
    return planner_cli_usage_error (COMMAND, _("unexpected argument “%s”"), args[1]);

  if (hf_config != NULL)
    return print_hf_config (hf_config, json);
  if (releases)
    print_releases (json);
  else if (json)
    print_json ();
  else
    print_text ();
  return PLANNER_EXIT_OK;
}
