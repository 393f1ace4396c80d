/* planner-hf-release.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What an older Megatron-Core release lacks of a Hugging Face config's
 * mapping.  The mapping follows Megatron-Bridge, which builds on the
 * newest Megatron-Core; a release that lacks one of its flags cannot
 * build the model as mapped, and its parser stops at the flag.  Named,
 * never dropped: for the models command under the config key the flag
 * came from, for a job as an error linked to its release.
 */

#define G_LOG_DOMAIN "planner-hf-config"

#include "config.h"

#include "planner-hf-release.h"

#include <glib/gi18n-lib.h>

#include "planner-field.h"
#include "planner-flag-catalog.h"
#include "planner-job-args.h"
#include "planner-job-model.h"
#include "planner-release-args.h"

void
planner_hf_missing_free (gpointer data)
{
  PlannerHfMissing *m = data;

  g_free (m->dest);
  g_free (m->flag);
  g_free (m);
}

GPtrArray *
planner_hf_missing_flags (const PlannerArgs *args,
                          const char        *release)
{
  GPtrArray *missing = g_ptr_array_new_with_free_func (planner_hf_missing_free);
  g_autoptr(PlannerArgs) spelled = NULL;

  g_return_val_if_fail (args != NULL, missing);

  if (release == NULL || g_str_equal (release, planner_megatron_get_default_release ()))
    return missing;
  /* What was only renamed is not missing (--use-megatron-fsdp was
   * --use-custom-fsdp). */
  spelled = planner_args_copy (args);
  planner_release_respell_args (spelled, release);
  for (guint i = 0; i < planner_args_get_n_entries (spelled); i++)
    {
      const char *dest = planner_args_get_dest_at (spelled, i);
      const char *flag = planner_args_get_flag (spelled, dest);
      PlannerHfMissing *m;

      if (flag == NULL || planner_release_has_flag (release, flag))
        continue;
      m = g_new0 (PlannerHfMissing, 1);
      m->dest = g_strdup (dest);
      m->flag = g_strdup (flag);
      m->first = planner_flag_catalog_first_release_of (flag);
      g_ptr_array_add (missing, m);
    }
  return missing;
}

/* "Megatron-Core 0.12.0 has no --rope-type (it came in 0.14.0) …" */
static char *
missing_why (const PlannerHfMissing *m,
             const char             *release)
{
  if (m->first != NULL)
    /* Translators: the first %s is a Megatron-Core release, then a flag, then the release that added it */
    return g_strdup_printf (_("Megatron-Core %s has no %s (it came in %s): the mapping needs it to build this "
                              "model, so there is no draft for %s; choose %s or newer"), release, m->flag, m->first,
                            release, m->first);
  /* Translators: the first %s is a Megatron-Core release, then a flag */
  return g_strdup_printf (_("Megatron-Core %s has no %s: the mapping needs it to build this model, so there is no "
                            "draft for %s"), release, m->flag, release);
}

/* The config key each missing option came from, or NULL (the bridge
 * sets it whatever the config says), with why. */
static GPtrArray *
missing_entries (const PlannerHfConfig *config,
                 const char            *release)
{
  g_autoptr(GPtrArray) missing = planner_hf_missing_flags (planner_hf_config_get_args (config), release);
  GPtrArray *entries = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < missing->len; i++)
    {
      const PlannerHfMissing *m = g_ptr_array_index (missing, i);
      const char *key = planner_hf_config_get_source (config, m->dest);

      g_ptr_array_add (entries, g_strdup (key != NULL ? key : ""));
      g_ptr_array_add (entries, missing_why (m, release));
    }
  return entries;
}

JsonNode *
planner_hf_config_to_json_for_release (const PlannerHfConfig *config,
                                       const char            *release)
{
  JsonNode *root;
  JsonObject *o;
  JsonArray *unsupported, *notes;
  g_autoptr(GPtrArray) entries = NULL;

  g_return_val_if_fail (config != NULL, NULL);

  root = planner_hf_config_to_json (config);
  entries = missing_entries (config, release);
  if (entries->len == 0)
    return root;
  o = json_node_get_object (root);
  unsupported = json_object_get_array_member (o, "unsupported");
  notes = json_object_get_array_member (o, "notes");
  for (guint i = 0; i + 1 < entries->len; i += 2)
    {
      const char *key = g_ptr_array_index (entries, i);
      const char *why = g_ptr_array_index (entries, i + 1);

      if (*key != '\0')
        {
          JsonObject *u = json_object_new ();

          json_object_set_string_member (u, "key", key);
          json_object_set_string_member (u, "why", why);
          json_array_add_object_element (unsupported, u);
        }
      else
        json_array_add_string_element (notes, why);
    }
  return root;
}

char **
planner_hf_config_dup_release_lines (const PlannerHfConfig *config,
                                     const char            *release)
{
  g_autoptr(GPtrArray) entries = NULL;
  GPtrArray *lines;

  g_return_val_if_fail (config != NULL, NULL);

  entries = missing_entries (config, release);
  if (entries->len == 0)
    return NULL;
  lines = g_ptr_array_new ();
  for (guint i = 0; i + 1 < entries->len; i += 2)
    {
      const char *key = g_ptr_array_index (entries, i);
      const char *why = g_ptr_array_index (entries, i + 1);

      g_ptr_array_add (lines, *key != '\0' ? g_strdup_printf ("%s: %s", key, why) : g_strdup (why));
    }
  g_ptr_array_add (lines, NULL);
  return (char **) g_ptr_array_free (lines, FALSE);
}

/* The field that writes @flag for @job, as the form names it; the extra
 * arguments when none does. */
static const PlannerField *
field_writing (PlannerJob *job,
               const char *flag)
{
  const char *flags[] = { flag, NULL };
  g_auto(GStrv) keys = planner_field_keys_for_flags (job, flags);

  return planner_field_lookup (keys[0] != NULL ? keys[0] : "advanced.extra_args");
}

void
planner_hf_check_job_release (PlannerJob *job,
                              const char *release,
                              GPtrArray  *diagnostics)
{
  const char *path;
  g_autoptr(PlannerArgs) args = planner_args_new ();
  g_autoptr(PlannerArgs) extra = NULL;
  g_autoptr(GPtrArray) missing = NULL;

  g_return_if_fail (PLANNER_IS_JOB (job));
  g_return_if_fail (diagnostics != NULL);

  path = planner_job_get_string (job, "hf-config");
  if (path == NULL || *path == '\0' || planner_job_get_model_kind (job) != PLANNER_JOB_MODEL_CUSTOM)
    return;
  /* The mapping wrote the model fields and the extra arguments. */
  planner_job_model_to_args (job, args);
  extra = planner_job_parse_extra_args (job, NULL);
  if (extra != NULL)
    planner_args_merge_missing (args, extra);
  missing = planner_hf_missing_flags (args, release);
  for (guint i = 0; i < missing->len; i++)
    {
      const PlannerHfMissing *m = g_ptr_array_index (missing, i);
      const PlannerField *field = field_writing (job, m->flag);
      const PlannerField *release_field = planner_field_lookup ("launch.megatron_version");
      const char *flags[] = { m->flag, NULL };
      const char *keys[] = { release_field->key, field->key, NULL };
      g_autofree char *fix = NULL;
      PlannerDiagnostic *d;

      if (m->first != NULL)
        /* Translators: %s is a field's label, then a Megatron-Core release */
        fix = g_strdup_printf (_("Set %s to %s or newer, or choose another model."),
                               planner_field_get_label (release_field), m->first);
      else
        fix = g_strdup_printf (_("Set %s to a newer release, or choose another model."),
                               planner_field_get_label (release_field));
      if (m->first != NULL)
        d = planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "model.hf-flag-not-in-release", flags, fix,
                                     /* Translators: a release, a flag, a field's label, then the release that added the flag */
                                     _("Megatron-Core %s has no %s, which the architecture read from the Hugging Face "
                                       "config writes in %s; the option came in Megatron-Core %s, and the job's "
                                       "draft would stop when Megatron reads its arguments."),
                                     release, m->flag, planner_field_get_label (field), m->first);
      else
        d = planner_diagnostics_add (diagnostics, PLANNER_SEVERITY_ERROR, "model.hf-flag-not-in-release", flags, fix,
                                     /* Translators: a release, a flag, then a field's label */
                                     _("Megatron-Core %s has no %s, which the architecture read from the Hugging Face "
                                       "config writes in %s; the job's draft would stop when Megatron reads its "
                                       "arguments."),
                                     release, m->flag, planner_field_get_label (field));
      planner_diagnostic_set_fields (d, keys);
    }
}
