/* planner-plan.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-plan"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-flag-catalog.h"
#include "planner-plan.h"
#include "planner-shell.h"

PlannerChange *
planner_change_new (PlannerChangeTarget  target,
                    PlannerChangeAction  action,
                    const char          *dest,
                    const char          *flag,
                    const char          *old_value,
                    const char          *new_value)
{
  PlannerChange *change = g_new0 (PlannerChange, 1);

  change->target = target;
  change->action = action;
  change->dest = g_strdup (dest);
  change->flag = g_strdup (flag);
  change->old_value = g_strdup (old_value);
  change->new_value = g_strdup (new_value);
  return change;
}

void
planner_change_free (PlannerChange *change)
{
  if (change == NULL)
    return;
  g_free (change->dest);
  g_free (change->flag);
  g_free (change->old_value);
  g_free (change->new_value);
  g_free (change);
}

const char *
planner_change_action_to_string (PlannerChangeAction action)
{
  switch (action)
    {
    case PLANNER_CHANGE_ADD:
      return "add";
    case PLANNER_CHANGE_CHANGE:
      return "change";
    case PLANNER_CHANGE_REMOVE:
      return "remove";
    default:
      return "unknown";
    }
}

static void
append_side (GString             *out,
             char                 sign,
             const PlannerChange *change,
             const char          *value)
{
  g_autofree char *quoted = value != NULL ? planner_shell_quote (value) : NULL;

  if (change->target == PLANNER_CHANGE_TARGET_ENV)
    g_string_append_printf (out, "%c export %s=%s\n", sign, change->flag, quoted != NULL ? quoted : "''");
  else if (quoted != NULL)
    g_string_append_printf (out, "%c %s %s\n", sign, change->flag, quoted);
  else
    g_string_append_printf (out, "%c %s\n", sign, change->flag);
}

char *
planner_change_to_diff (const PlannerChange *change)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (change != NULL, NULL);

  if (change->action != PLANNER_CHANGE_ADD)
    append_side (out, '-', change, change->old_value);
  if (change->action != PLANNER_CHANGE_REMOVE)
    append_side (out, '+', change, change->new_value);
  return g_string_free (out, FALSE);
}

PlannerCitation *
planner_citation_new (guint64     line,
                      gint        rank,
                      const char *topic,
                      const char *text)
{
  PlannerCitation *citation = g_new (PlannerCitation, 1);

  citation->line = line;
  citation->rank = rank;
  citation->topic = g_strdup (topic);
  citation->text = g_strdup (text);
  return citation;
}

void
planner_citation_free (PlannerCitation *citation)
{
  if (citation == NULL)
    return;
  g_free (citation->topic);
  g_free (citation->text);
  g_free (citation);
}

PlannerSuggestion *
planner_suggestion_new (const char *id,
                        const char *title)
{
  PlannerSuggestion *suggestion = g_new0 (PlannerSuggestion, 1);

  suggestion->id = g_strdup (id);
  suggestion->title = g_strdup (title);
  suggestion->changes = g_ptr_array_new_with_free_func ((GDestroyNotify) planner_change_free);
  suggestion->prerequisites = g_ptr_array_new_with_free_func (g_free);
  suggestion->checks = g_ptr_array_new_with_free_func (g_free);
  suggestion->citations = g_ptr_array_new_with_free_func ((GDestroyNotify) planner_citation_free);
  suggestion->speed_low = suggestion->speed_high = -1;
  suggestion->mfu_low = suggestion->mfu_high = -1;
  suggestion->memory_before = suggestion->memory_after = -1;
  suggestion->bubble_before = suggestion->bubble_after = -1;
  return suggestion;
}

void
planner_suggestion_free (PlannerSuggestion *suggestion)
{
  if (suggestion == NULL)
    return;
  g_free (suggestion->id);
  g_free (suggestion->title);
  g_free (suggestion->reason);
  g_free (suggestion->effect);
  g_free (suggestion->cause);
  g_ptr_array_unref (suggestion->changes);
  g_ptr_array_unref (suggestion->prerequisites);
  g_ptr_array_unref (suggestion->checks);
  g_ptr_array_unref (suggestion->citations);
  g_free (suggestion);
}

/* The value @args holds for @dest, as it would be written after the
 * flag: NULL for a switch or when not given. */
static const char *
written_value (const PlannerArgs     *args,
               const char            *dest,
               const PlannerFlagInfo *info)
{
  if (!planner_args_is_set (args, dest))
    return NULL;
  if (info != NULL && !planner_flag_info_takes_value (info))
    return NULL;
  return planner_args_get_string (args, dest, NULL);
}

void
planner_suggestion_set_flag (PlannerSuggestion *suggestion,
                             const PlannerArgs *args,
                             const char        *dest,
                             const char        *flag,
                             const char        *value)
{
  const PlannerFlagInfo *info = planner_flag_catalog_lookup (flag);
  const char *old_flag = planner_args_get_flag (args, dest);
  const char *old_value = written_value (args, dest, info);

  g_return_if_fail (suggestion != NULL);

  if (old_flag != NULL)
    {
      gboolean same;

      if (value == NULL && info != NULL)
        same = planner_args_get_bool (args, dest, !planner_flag_info_switch_value (info, flag)) ==
               planner_flag_info_switch_value (info, flag);
      else
        same = g_strcmp0 (old_value, value) == 0;
      if (same)
        return;
      /* A switch written the other way (--no-x) is replaced by this one. */
      if (value == NULL)
        {
          g_ptr_array_add (suggestion->changes,
                           planner_change_new (PLANNER_CHANGE_TARGET_FLAG, PLANNER_CHANGE_REMOVE, dest, old_flag,
                                               NULL, NULL));
          g_ptr_array_add (suggestion->changes,
                           planner_change_new (PLANNER_CHANGE_TARGET_FLAG, PLANNER_CHANGE_ADD, dest, flag,
                                               NULL, NULL));
          return;
        }
      g_ptr_array_add (suggestion->changes,
                       planner_change_new (PLANNER_CHANGE_TARGET_FLAG, PLANNER_CHANGE_CHANGE, dest, flag,
                                           old_value, value));
      return;
    }

  g_ptr_array_add (suggestion->changes,
                   planner_change_new (PLANNER_CHANGE_TARGET_FLAG, PLANNER_CHANGE_ADD, dest, flag, NULL, value));
}

void
planner_suggestion_unset_flag (PlannerSuggestion *suggestion,
                               const PlannerArgs *args,
                               const char        *dest)
{
  const char *flag = planner_args_get_flag (args, dest);

  g_return_if_fail (suggestion != NULL);

  if (flag == NULL)
    return;
  g_ptr_array_add (suggestion->changes,
                   planner_change_new (PLANNER_CHANGE_TARGET_FLAG, PLANNER_CHANGE_REMOVE, dest, flag,
                                       written_value (args, dest, planner_flag_catalog_lookup (flag)), NULL));
}

void
planner_suggestion_set_env (PlannerSuggestion *suggestion,
                            GHashTable        *env,
                            const char        *name,
                            const char        *value)
{
  const char *old = env != NULL ? g_hash_table_lookup (env, name) : NULL;

  g_return_if_fail (suggestion != NULL);

  if (g_strcmp0 (old, value) == 0)
    return;
  g_ptr_array_add (suggestion->changes,
                   planner_change_new (PLANNER_CHANGE_TARGET_ENV,
                                       old != NULL ? PLANNER_CHANGE_CHANGE : PLANNER_CHANGE_ADD,
                                       NULL, name, old, value));
}

guint
planner_suggestion_count_flag_changes (const PlannerSuggestion *suggestion)
{
  guint n = 0;

  for (guint i = 0; i < suggestion->changes->len; i++)
    {
      const PlannerChange *change = g_ptr_array_index (suggestion->changes, i);

      n += change->target == PLANNER_CHANGE_TARGET_FLAG;
    }
  return n;
}

static gboolean
check_change (const PlannerChange  *change,
              GError              **error)
{
  const PlannerFlagInfo *info = planner_flag_catalog_lookup (change->flag);

  if (info == NULL)
    {
      g_set_error (error, PLANNER_FLAG_CATALOG_ERROR, PLANNER_FLAG_CATALOG_ERROR_BAD_VALUE,
                   _("%s is not a flag of Megatron-Core %s"), change->flag,
                   planner_flag_catalog_get_megatron_version ());
      return FALSE;
    }
  if (g_strcmp0 (info->dest, change->dest) != 0)
    {
      g_set_error (error, PLANNER_FLAG_CATALOG_ERROR, PLANNER_FLAG_CATALOG_ERROR_BAD_VALUE,
                   _("%s writes %s, not %s"), change->flag, info->dest, change->dest);
      return FALSE;
    }
  /* Removing a dead flag is the point; writing one never is. */
  if (change->action == PLANNER_CHANGE_REMOVE)
    return TRUE;
  if (info->status != PLANNER_FLAG_STATUS_OK)
    {
      g_set_error (error, PLANNER_FLAG_CATALOG_ERROR, PLANNER_FLAG_CATALOG_ERROR_BAD_VALUE,
                   _("%s is %s in Megatron-Core %s"), change->flag, planner_flag_status_to_string (info->status),
                   planner_flag_catalog_get_megatron_version ());
      return FALSE;
    }
  if (planner_flag_info_takes_value (info) != (change->new_value != NULL))
    {
      g_set_error (error, PLANNER_FLAG_CATALOG_ERROR, PLANNER_FLAG_CATALOG_ERROR_BAD_VALUE,
                   "%s %s", change->flag,
                   change->new_value != NULL ? _("is a switch and takes no value") : _("needs a value"));
      return FALSE;
    }
  if (change->new_value != NULL)
    return planner_flag_catalog_check_value (info, change->new_value, error);
  return TRUE;
}

gboolean
planner_suggestion_check_flags (const PlannerSuggestion  *suggestion,
                                GError                  **error)
{
  g_return_val_if_fail (suggestion != NULL, FALSE);

  for (guint i = 0; i < suggestion->changes->len; i++)
    {
      const PlannerChange *change = g_ptr_array_index (suggestion->changes, i);

      if (change->target == PLANNER_CHANGE_TARGET_FLAG && !check_change (change, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
planner_suggestion_apply (const PlannerSuggestion  *suggestion,
                          PlannerArgs              *args,
                          GHashTable               *env,
                          GError                  **error)
{
  g_return_val_if_fail (suggestion != NULL, FALSE);
  g_return_val_if_fail (args != NULL, FALSE);

  for (guint i = 0; i < suggestion->changes->len; i++)
    {
      const PlannerChange *change = g_ptr_array_index (suggestion->changes, i);
      const PlannerFlagInfo *info;

      if (change->target == PLANNER_CHANGE_TARGET_ENV)
        {
          if (env != NULL && change->action == PLANNER_CHANGE_REMOVE)
            g_hash_table_remove (env, change->flag);
          else if (env != NULL)
            g_hash_table_insert (env, g_strdup (change->flag), g_strdup (change->new_value));
          continue;
        }

      if (!check_change (change, error))
        return FALSE;
      info = planner_flag_catalog_lookup (change->flag);
      if (change->action == PLANNER_CHANGE_REMOVE)
        planner_args_unset (args, change->dest);
      else if (change->new_value == NULL)
        planner_args_set_bool (args, change->dest, change->flag,
                               planner_flag_info_switch_value (info, change->flag));
      else
        planner_args_set (args, change->dest, change->flag, change->new_value);
    }
  return TRUE;
}

PlannerPlan *
planner_plan_new (PlannerPlanKind kind,
                  PlannerSymptom  symptom)
{
  PlannerPlan *plan = g_new0 (PlannerPlan, 1);

  plan->kind = kind;
  plan->symptom = symptom;
  plan->cumulative = kind == PLANNER_PLAN_OPTIMIZE;
  plan->suggestions = g_ptr_array_new_with_free_func ((GDestroyNotify) planner_suggestion_free);
  plan->rejected = g_ptr_array_new_with_free_func (g_free);
  plan->rejected_ids = g_ptr_array_new_with_free_func (g_free);
  plan->rejected_reasons = g_ptr_array_new_with_free_func (g_free);
  plan->notes = g_ptr_array_new_with_free_func (g_free);
  plan->errors = g_ptr_array_new_with_free_func (g_free);
  plan->evidence = g_ptr_array_new_with_free_func (g_free);
  plan->evidence_kinds = g_array_new (FALSE, FALSE, sizeof (PlannerEvidenceKind));
  plan->note_kinds = g_array_new (FALSE, FALSE, sizeof (PlannerNoteKind));
  plan->note_codes = g_ptr_array_new_with_free_func (g_free);
  plan->error_codes = g_ptr_array_new_with_free_func (g_free);
  plan->error_messages = g_ptr_array_new_with_free_func (g_free);
  plan->error_fixes = g_ptr_array_new_with_free_func (g_free);
  plan->memory_before = plan->memory_after = -1;
  return plan;
}

void
planner_plan_free (PlannerPlan *plan)
{
  if (plan == NULL)
    return;
  g_ptr_array_unref (plan->suggestions);
  g_ptr_array_unref (plan->rejected);
  g_ptr_array_unref (plan->rejected_ids);
  g_ptr_array_unref (plan->rejected_reasons);
  g_ptr_array_unref (plan->notes);
  g_ptr_array_unref (plan->errors);
  g_ptr_array_unref (plan->evidence);
  g_array_unref (plan->evidence_kinds);
  g_array_unref (plan->note_kinds);
  g_ptr_array_unref (plan->note_codes);
  g_ptr_array_unref (plan->error_codes);
  g_ptr_array_unref (plan->error_messages);
  g_ptr_array_unref (plan->error_fixes);
  g_free (plan->summary);
  g_free (plan);
}

void
planner_plan_add_evidence (PlannerPlan         *plan,
                           PlannerEvidenceKind  kind,
                           char                *text)
{
  g_return_if_fail (plan != NULL);

  g_ptr_array_add (plan->evidence, text);
  g_array_append_val (plan->evidence_kinds, kind);
}

void
planner_plan_add_note (PlannerPlan     *plan,
                       PlannerNoteKind  kind,
                       const char      *code,
                       char            *text)
{
  g_return_if_fail (plan != NULL);

  g_ptr_array_add (plan->notes, text);
  g_array_append_val (plan->note_kinds, kind);
  g_ptr_array_add (plan->note_codes, g_strdup (code != NULL ? code : ""));
}

void
planner_plan_add_error (PlannerPlan *plan,
                        const char  *code,
                        const char  *message,
                        const char  *fix)
{
  g_return_if_fail (plan != NULL);

  g_ptr_array_add (plan->errors, g_strdup_printf ("%s: %s", code, message));
  g_ptr_array_add (plan->error_codes, g_strdup (code));
  g_ptr_array_add (plan->error_messages, g_strdup (message));
  g_ptr_array_add (plan->error_fixes, g_strdup (fix != NULL ? fix : ""));
}

PlannerArgs *
planner_plan_apply (const PlannerPlan  *plan,
                    const PlannerArgs  *args,
                    GHashTable         *env,
                    guint               index,
                    GError            **error)
{
  g_autoptr(PlannerArgs) copy = NULL;

  g_return_val_if_fail (plan != NULL, NULL);
  g_return_val_if_fail (args != NULL, NULL);

  copy = planner_args_copy (args);
  for (guint i = 0; i < plan->suggestions->len; i++)
    {
      if (!plan->cumulative && index != G_MAXUINT && i != index)
        continue;
      if (!planner_suggestion_apply (g_ptr_array_index (plan->suggestions, i), copy, env, error))
        return NULL;
    }
  return g_steal_pointer (&copy);
}

static const char *symptom_names[] = {
  [PLANNER_SYMPTOM_NONE] = "none",
  [PLANNER_SYMPTOM_OOM] = "oom",
  [PLANNER_SYMPTOM_LOW_MFU] = "low-mfu",
  [PLANNER_SYMPTOM_SLOW] = "slow",
  [PLANNER_SYMPTOM_DIVERGING] = "diverging",
  [PLANNER_SYMPTOM_STARTUP_ERROR] = "start-up-error",
  [PLANNER_SYMPTOM_HANG] = "hang",
  [PLANNER_SYMPTOM_HANG_MID_RUN] = "hang-mid-run",
};

const char *
planner_symptom_to_string (PlannerSymptom symptom)
{
  if ((guint) symptom >= G_N_ELEMENTS (symptom_names))
    return "unknown";
  return symptom_names[symptom];
}

gboolean
planner_symptom_from_string (const char     *text,
                             PlannerSymptom *symptom)
{
  if (text == NULL)
    return FALSE;
  /* "none" is no symptom a user can report. */
  for (guint i = PLANNER_SYMPTOM_OOM; i < G_N_ELEMENTS (symptom_names); i++)
    {
      if (g_str_equal (text, symptom_names[i]))
        {
          *symptom = (PlannerSymptom) i;
          return TRUE;
        }
    }
  if (g_str_equal (text, "startup-error"))
    {
      *symptom = PLANNER_SYMPTOM_STARTUP_ERROR;
      return TRUE;
    }
  return FALSE;
}

const char *
planner_plan_kind_to_string (PlannerPlanKind kind)
{
  switch (kind)
    {
    case PLANNER_PLAN_OPTIMIZE:
      return "optimize";
    case PLANNER_PLAN_TROUBLESHOOT:
      return "troubleshoot";
    default:
      return "unknown";
    }
}
