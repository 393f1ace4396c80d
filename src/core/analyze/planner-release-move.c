/* planner-release-move.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Moving a job to another release: the options it carries that the other
 * release does not parse, the defaults it relies on that moved, and the
 * start-up verdicts that change.  The verdicts come from running the same
 * validator for both releases, so this unit never restates a rule.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-release-move.h"
#include "planner-flag-catalog.h"
#include "planner-release.h"
#include "planner-release-args.h"

/* Spellings a newer release replaced that its catalogue keeps no trace
 * of (the old one is simply gone from its parser). */
static const struct
{
  const char *old_flag;
  const char *new_flag;
  const char *since;
} renames[] = {
  { "--use-custom-fsdp", "--use-megatron-fsdp", "0.14.0" },
  { "--keep-fp8-transpose-cache-when-using-custom-fsdp", "--keep-fp8-transpose-cache", "0.14.0" },
};

static const char *
new_spelling (const char *flag,
              const char *to)
{
  const PlannerRemovedFlag *removed;

  for (guint i = 0; i < G_N_ELEMENTS (renames); i++)
    {
      gboolean newer = planner_release_at_least (to, renames[i].since);

      if (newer && g_str_equal (flag, renames[i].old_flag))
        return renames[i].new_flag;
      if (!newer && g_str_equal (flag, renames[i].new_flag))
        return renames[i].old_flag;
    }
  removed = planner_flag_catalog_lookup_removed_in (to, flag);
  return removed != NULL ? removed->replacement : NULL;
}

static void
collect_flags (PlannerReleaseMove *move,
               const PlannerArgs  *args)
{
  for (guint i = 0; i < planner_args_get_n_entries (args); i++)
    {
      const char *dest = planner_args_get_dest_at (args, i);
      const char *flag = planner_args_get_flag (args, dest);
      const char *spelling;

      if (flag == NULL || planner_release_has_flag (move->to, flag))
        continue;
      spelling = new_spelling (flag, move->to);
      {
        PlannerReleaseFlagChange *change = g_new0 (PlannerReleaseFlagChange, 1);

        change->flag = g_strdup (flag);
        change->spelling = spelling;
        g_ptr_array_add (move->flag_changes, change);
      }
      if (spelling != NULL)
        /* Translators: an option renamed between releases: old spelling, release, new spelling */
        g_ptr_array_add (move->flags, g_strdup_printf (_("%s: Megatron-Core %s spells it %s"), flag, move->to, spelling));
      else
        /* Translators: an option the release moved to does not parse */
        g_ptr_array_add (move->flags, g_strdup_printf (_("%s: Megatron-Core %s does not parse it; drop it"), flag, move->to));
    }
}

/* None, False and "" all leave the option off: no change between them. */
static const char *
unset_is_off (const char *value)
{
  return value == NULL || value[0] == '\0' || g_str_equal (value, "False") ? NULL : value;
}

/* Defaults of the options the job leaves to Megatron, where they moved. */
static void
collect_defaults (PlannerReleaseMove *move,
                  const PlannerArgs  *args)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < planner_flag_catalog_get_n_flags_in (move->to); i++)
    {
      const PlannerFlagInfo *now = planner_flag_catalog_get_flag_at_in (move->to, i);
      const PlannerFlagInfo *before;

      if (now->dest == NULL || !g_hash_table_add (seen, (gpointer) now->dest) || planner_args_is_set (args, now->dest)
          || !planner_release_default_matters (args, now->flag))
        continue;
      before = planner_flag_catalog_lookup_in (move->from, now->flag);
      if (before == NULL || g_strcmp0 (unset_is_off (before->default_value), unset_is_off (now->default_value)) == 0)
        continue;
      {
        PlannerReleaseDefaultChange *change = g_new0 (PlannerReleaseDefaultChange, 1);

        change->flag = now->flag;
        change->before = before->default_value;
        change->after = now->default_value;
        g_ptr_array_add (move->default_changes, change);
      }
      /* Translators: an option's default in two releases; "none" when unset */
      g_ptr_array_add (move->defaults,
                       g_strdup_printf (_("%s: %s in Megatron-Core %s, %s in %s"), now->flag,
                                        before->default_value != NULL ? before->default_value : _("none"), move->from,
                                        now->default_value != NULL ? now->default_value : _("none"), move->to));
    }
}

/* What @to adds that the planner could write for the job. */
static void
collect_features (PlannerReleaseMove *move,
                  const PlannerArgs  *args)
{
  g_autoptr(GPtrArray) found = planner_release_features_new (args, move->from, move->to);
  const char *first;

  for (guint i = 0; i < found->len; i++)
    {
      const PlannerReleaseFeature *feature = g_ptr_array_index (found, i);

      first = planner_flag_catalog_first_release_of (feature->flag);
      /* Translators: a flag a newer release added, the first release that has it, what it does */
      g_ptr_array_add (move->features, g_strdup_printf (_("%s (from Megatron-Core %s): %s"), feature->flag,
                                                        first != NULL ? first : move->to, feature->what));
    }
  g_ptr_array_extend_and_steal (move->feature_changes, g_steal_pointer (&found));
}

/* Errors of @a whose code @b does not report. */
static void
collect_errors (GPtrArray *into,
                GPtrArray *a,
                GPtrArray *b)
{
  for (guint i = 0; i < a->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (a, i);

      if (d->severity == PLANNER_SEVERITY_ERROR && !planner_diagnostics_has_code (b, d->code))
        g_ptr_array_add (into, planner_diagnostic_copy (d));
    }
}

static void
flag_change_free (PlannerReleaseFlagChange *change)
{
  g_free (change->flag);
  g_free (change);
}

static PlannerReleaseMove *
move_for_job (PlannerJob  *job,
              const char  *to,
              gboolean     for_form,
              GError     **error)
{
  const char *release = planner_release_resolve (to, error);
  g_autoptr(PlannerJob) other = NULL;
  g_autoptr(PlannerReport) before = NULL;
  g_autoptr(PlannerReport) after = NULL;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  if (release == NULL)
    return NULL;
  /* The job as it would be for the other release, its drafts' environment included. */
  other = planner_job_copy (job);
  g_object_set (other, "megatron-version", release, NULL);
  before = for_form ? planner_analyze_job_for_form (job) : planner_analyze_job (job);
  after = for_form ? planner_analyze_job_for_form (other) : planner_analyze_job (other);
  return planner_release_move_new (before, after);
}

PlannerReleaseMove *
planner_release_move_new_for_job (PlannerJob  *job,
                                  const char  *to,
                                  GError     **error)
{
  return move_for_job (job, to, FALSE, error);
}

PlannerReleaseMove *
planner_release_move_new_for_form (PlannerJob  *job,
                                   const char  *to,
                                   GError     **error)
{
  return move_for_job (job, to, TRUE, error);
}

PlannerReleaseMove *
planner_release_move_new (const PlannerReport *before,
                          const PlannerReport *after)
{
  PlannerReleaseMove *move = g_new0 (PlannerReleaseMove, 1);

  g_return_val_if_fail (before != NULL && after != NULL, NULL);

  move->flags = g_ptr_array_new_with_free_func (g_free);
  move->defaults = g_ptr_array_new_with_free_func (g_free);
  move->refuses = g_ptr_array_new_with_free_func ((GDestroyNotify) planner_diagnostic_free);
  move->accepts = g_ptr_array_new_with_free_func ((GDestroyNotify) planner_diagnostic_free);
  move->flag_changes = g_ptr_array_new_with_free_func ((GDestroyNotify) flag_change_free);
  move->default_changes = g_ptr_array_new_with_free_func (g_free);
  move->features = g_ptr_array_new_with_free_func (g_free);
  move->feature_changes = g_ptr_array_new_with_free_func (g_free);
  move->from = planner_report_get_megatron_version (before);
  move->to = planner_report_get_megatron_version (after);
  collect_flags (move, planner_report_get_args (before));
  collect_defaults (move, planner_report_get_args (before));
  collect_features (move, planner_report_get_args (before));
  collect_errors (move->refuses, planner_report_get_diagnostics (after), planner_report_get_diagnostics (before));
  collect_errors (move->accepts, planner_report_get_diagnostics (before), planner_report_get_diagnostics (after));
  return move;
}

void
planner_release_move_free (PlannerReleaseMove *move)
{
  if (move == NULL)
    return;
  g_clear_pointer (&move->flags, g_ptr_array_unref);
  g_clear_pointer (&move->defaults, g_ptr_array_unref);
  g_clear_pointer (&move->refuses, g_ptr_array_unref);
  g_clear_pointer (&move->accepts, g_ptr_array_unref);
  g_clear_pointer (&move->flag_changes, g_ptr_array_unref);
  g_clear_pointer (&move->default_changes, g_ptr_array_unref);
  g_clear_pointer (&move->features, g_ptr_array_unref);
  g_clear_pointer (&move->feature_changes, g_ptr_array_unref);
  g_free (move);
}

static void
text_section (GString    *out,
              const char *heading,
              GPtrArray  *lines,
              gboolean    diagnostics)
{
  g_string_append_printf (out, "%s\n", heading);
  if (lines->len == 0)
    g_string_append_printf (out, "  %s\n", _("none"));
  for (guint i = 0; i < lines->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (lines, i);

      if (diagnostics)
        g_string_append_printf (out, "  [%s] %s\n", d->code, d->message);
      else
        g_string_append_printf (out, "  %s\n", (const char *) g_ptr_array_index (lines, i));
    }
}

char *
planner_release_move_to_text (const PlannerReleaseMove *move)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (move != NULL, NULL);

  /* Translators: the two releases a job moves between */
  g_string_append_printf (out, _("Moving from Megatron-Core %s to %s"), move->from, move->to);
  g_string_append (out, "\n");
  text_section (out, _("Options to respell or drop:"), move->flags, FALSE);
  text_section (out, _("Defaults that changed (options the job leaves unset that the plan relies on):"),
                move->defaults, FALSE);
  text_section (out, _("Start-up checks that now refuse the job:"), move->refuses, TRUE);
  text_section (out, _("Start-up checks that now accept it:"), move->accepts, TRUE);
  text_section (out, _("Features the job could now use:"), move->features, FALSE);
  return g_string_free (out, FALSE);
}

static void
json_strings (JsonBuilder *b,
              const char  *name,
              GPtrArray   *lines)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < lines->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (lines, i));
  json_builder_end_array (b);
}

static void
json_diagnostics (JsonBuilder *b,
                  const char  *name,
                  GPtrArray   *lines)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < lines->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (lines, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "code");
      json_builder_add_string_value (b, d->code);
      json_builder_set_member_name (b, "message");
      json_builder_add_string_value (b, d->message);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

JsonNode *
planner_release_move_to_json (const PlannerReleaseMove *move)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  g_return_val_if_fail (move != NULL, NULL);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "from");
  json_builder_add_string_value (b, move->from);
  json_builder_set_member_name (b, "to");
  json_builder_add_string_value (b, move->to);
  json_strings (b, "flags", move->flags);
  json_strings (b, "defaults", move->defaults);
  json_diagnostics (b, "refuses", move->refuses);
  json_diagnostics (b, "accepts", move->accepts);
  json_strings (b, "features", move->features);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}
