/* planner-release-check.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's face of analyze --to: the engine compares the job's two
 * analyses and returns the changes as data; this lays them out in the
 * form's words (a field's label where a field writes the option).
 */

#define G_LOG_DOMAIN "planner-release-check"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-release-check.h"
#include "planner-field.h"
#include "planner-flag-catalog.h"
#include "planner-release.h"
#include "planner-release-move.h"

struct _PlannerReleaseCheck
{
  AdwWindow            parent_instance;

  PlannerJob          *job;
  AdwComboRow         *release_row;
  GtkWidget           *use_button;
  GtkLabel            *summary;
  AdwPreferencesGroup *groups[PLANNER_RELEASE_CHECK_N_SECTIONS];
  GPtrArray           *rows[PLANNER_RELEASE_CHECK_N_SECTIONS];  /* AdwActionRow *, shown */
  GStrv                releases;                                 /* newest first, as the combo lists them */
};

G_DEFINE_FINAL_TYPE (PlannerReleaseCheck, planner_release_check, ADW_TYPE_WINDOW)

/* The label of the field that writes @flag for the job, or @flag. */
static const char *
flag_words (PlannerReleaseCheck *self,
            const char          *flag)
{
  const char *flags[] = { flag, NULL };
  g_auto(GStrv) keys = planner_field_keys_for_flags (self->job, flags);
  const PlannerField *field = keys[0] != NULL ? planner_field_lookup (keys[0]) : NULL;

  return field != NULL ? planner_field_get_label (field) : flag;
}

static void
add_row (PlannerReleaseCheck        *self,
         PlannerReleaseCheckSection  section,
         const char                 *title,
         const char                 *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  /* Engine messages and option values may hold < or &. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  adw_preferences_group_add (self->groups[section], row);
  g_ptr_array_add (self->rows[section], row);
}

/* The option's spelling heads the subtitle only when a field's label is
 * the row's title: once is enough. */
static void
add_option_row (PlannerReleaseCheck        *self,
                PlannerReleaseCheckSection  section,
                const char                 *flag,
                const char                 *what)
{
  const char *title = flag_words (self, flag);
  g_autofree char *subtitle = NULL;

  if (title != flag)
    /* Translators: an option's spelling, then what changes for it */
    subtitle = g_strdup_printf (_("%s: %s"), flag, what);
  add_row (self, section, title, subtitle != NULL ? subtitle : what);
}

static void
add_flags (PlannerReleaseCheck      *self,
           const PlannerReleaseMove *move)
{
  for (guint i = 0; i < move->flag_changes->len; i++)
    {
      const PlannerReleaseFlagChange *change = g_ptr_array_index (move->flag_changes, i);
      g_autofree char *what = NULL;

      if (change->spelling != NULL)
        /* Translators: the release, that release's spelling of the option */
        what = g_strdup_printf (_("Megatron-Core %s spells it %s"), move->to, change->spelling);
      else
        /* Translators: an option the other release does not have */
        what = g_strdup_printf (_("Megatron-Core %s does not have it: leave it out"), move->to);
      add_option_row (self, PLANNER_RELEASE_CHECK_FLAGS, change->flag, what);
    }
}

static void
add_defaults (PlannerReleaseCheck      *self,
              const PlannerReleaseMove *move)
{
  for (guint i = 0; i < move->default_changes->len; i++)
    {
      const PlannerReleaseDefaultChange *change = g_ptr_array_index (move->default_changes, i);
      /* Translators: an option's default when the job leaves it unset */
      const char *unset = _("unset");
      g_autofree char *what = NULL;

      /* Translators: an option's default in one release and in the other */
      what = g_strdup_printf (_("%s in Megatron-Core %s, %s in %s"),
                              change->before != NULL ? change->before : unset, move->from,
                              change->after != NULL ? change->after : unset, move->to);
      add_option_row (self, PLANNER_RELEASE_CHECK_DEFAULTS, change->flag, what);
    }
}

static void
add_features (PlannerReleaseCheck      *self,
              const PlannerReleaseMove *move)
{
  for (guint i = 0; i < move->feature_changes->len; i++)
    {
      const PlannerReleaseFeature *feature = g_ptr_array_index (move->feature_changes, i);

      add_option_row (self, PLANNER_RELEASE_CHECK_FEATURES, feature->flag, feature->what);
    }
}

static void
add_diagnostics (PlannerReleaseCheck        *self,
                 PlannerReleaseCheckSection  section,
                 GPtrArray                  *diagnostics)
{
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);
      /* Made in the form's words (planner_release_move_new_for_form). */
      add_row (self, section, d->message, d->fix);
    }
}

static void
clear_rows (PlannerReleaseCheck *self)
{
  for (guint s = 0; s < PLANNER_RELEASE_CHECK_N_SECTIONS; s++)
    {
      for (guint i = 0; i < self->rows[s]->len; i++)
        adw_preferences_group_remove (self->groups[s], g_ptr_array_index (self->rows[s], i));
      g_ptr_array_set_size (self->rows[s], 0);
    }
}

static void
show_move (PlannerReleaseCheck *self,
           const char          *release)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerReleaseMove) move = planner_release_move_new_for_form (self->job, release, &error);
  g_autofree char *summary = NULL;
  const char *own = planner_job_get_string (self->job, "megatron-version");

  clear_rows (self);
  if (move == NULL)
    {
      gtk_label_set_text (self->summary, error->message);
      return;
    }
  add_flags (self, move);
  add_defaults (self, move);
  add_diagnostics (self, PLANNER_RELEASE_CHECK_REFUSES, move->refuses);
  add_diagnostics (self, PLANNER_RELEASE_CHECK_ACCEPTS, move->accepts);
  add_features (self, move);
  for (guint s = 0; s < PLANNER_RELEASE_CHECK_N_SECTIONS; s++)
    adw_preferences_group_set_description (self->groups[s], self->rows[s]->len == 0 ? _("None") : NULL);
  /* Translators: the release the job plans for, and the one checked */
  summary = g_strdup_printf (_("Moving this job from Megatron-Core %s to %s"), move->from, move->to);
  gtk_label_set_text (self->summary, summary);
  gtk_widget_set_sensitive (self->use_button, planner_release_compare (move->to, own) != 0);
}

static void
on_release_selected (PlannerReleaseCheck *self)
{
  guint selected = adw_combo_row_get_selected (self->release_row);

  /* The model is set before there is a job to check. */
  if (self->job == NULL)
    return;
  if (selected < g_strv_length (self->releases))
    show_move (self, self->releases[selected]);
}

void
planner_release_check_set_release (PlannerReleaseCheck *self,
                                   const char          *release)
{
  g_return_if_fail (PLANNER_IS_RELEASE_CHECK (self));

  for (guint i = 0; self->releases[i] != NULL; i++)
    {
      if (g_str_equal (self->releases[i], release))
        {
          if (adw_combo_row_get_selected (self->release_row) == i)
            on_release_selected (self);
          else
            adw_combo_row_set_selected (self->release_row, i);
          return;
        }
    }
  g_warning ("release %s is not held", release);
}

const char *
planner_release_check_get_release (PlannerReleaseCheck *self)
{
  guint selected;

  g_return_val_if_fail (PLANNER_IS_RELEASE_CHECK (self), NULL);
  selected = adw_combo_row_get_selected (self->release_row);
  return selected < g_strv_length (self->releases) ? self->releases[selected] : NULL;
}

GStrv
planner_release_check_dup_titles (PlannerReleaseCheck        *self,
                                  PlannerReleaseCheckSection  section)
{
  g_autoptr(GStrvBuilder) titles = g_strv_builder_new ();

  g_return_val_if_fail (PLANNER_IS_RELEASE_CHECK (self), NULL);
  g_return_val_if_fail (section < PLANNER_RELEASE_CHECK_N_SECTIONS, NULL);

  for (guint i = 0; i < self->rows[section]->len; i++)
    g_strv_builder_add (titles, adw_preferences_row_get_title (g_ptr_array_index (self->rows[section], i)));
  return g_strv_builder_end (titles);
}

void
planner_release_check_use (PlannerReleaseCheck *self)
{
  const char *release = planner_release_check_get_release (self);

  g_return_if_fail (PLANNER_IS_RELEASE_CHECK (self));
  if (release != NULL)
    g_object_set (self->job, "megatron-version", release, NULL);
  gtk_window_close (GTK_WINDOW (self));
}

GtkWidget *
planner_release_check_get_use_button (PlannerReleaseCheck *self)
{
  g_return_val_if_fail (PLANNER_IS_RELEASE_CHECK (self), NULL);
  return self->use_button;
}

static void
planner_release_check_finalize (GObject *object)
{
  PlannerReleaseCheck *self = PLANNER_RELEASE_CHECK (object);

  for (guint s = 0; s < PLANNER_RELEASE_CHECK_N_SECTIONS; s++)
    g_clear_pointer (&self->rows[s], g_ptr_array_unref);
  g_clear_pointer (&self->releases, g_strfreev);
  g_clear_object (&self->job);
  G_OBJECT_CLASS (planner_release_check_parent_class)->finalize (object);
}

static void
planner_release_check_class_init (PlannerReleaseCheckClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = planner_release_check_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-release-check.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerReleaseCheck, release_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerReleaseCheck, use_button);
  gtk_widget_class_bind_template_child (widget_class, PlannerReleaseCheck, summary);
  gtk_widget_class_bind_template_child_full (widget_class, "flags_group", FALSE,
                                             G_STRUCT_OFFSET (PlannerReleaseCheck,
                                                              groups[PLANNER_RELEASE_CHECK_FLAGS]));
  gtk_widget_class_bind_template_child_full (widget_class, "defaults_group", FALSE,
                                             G_STRUCT_OFFSET (PlannerReleaseCheck,
                                                              groups[PLANNER_RELEASE_CHECK_DEFAULTS]));
  gtk_widget_class_bind_template_child_full (widget_class, "refuses_group", FALSE,
                                             G_STRUCT_OFFSET (PlannerReleaseCheck,
                                                              groups[PLANNER_RELEASE_CHECK_REFUSES]));
  gtk_widget_class_bind_template_child_full (widget_class, "accepts_group", FALSE,
                                             G_STRUCT_OFFSET (PlannerReleaseCheck,
                                                              groups[PLANNER_RELEASE_CHECK_ACCEPTS]));
  gtk_widget_class_bind_template_child_full (widget_class, "features_group", FALSE,
                                             G_STRUCT_OFFSET (PlannerReleaseCheck,
                                                              groups[PLANNER_RELEASE_CHECK_FEATURES]));
  gtk_widget_class_bind_template_callback (widget_class, on_release_selected);
  gtk_widget_class_bind_template_callback (widget_class, planner_release_check_use);
}

static void
planner_release_check_init (PlannerReleaseCheck *self)
{
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint s = 0; s < PLANNER_RELEASE_CHECK_N_SECTIONS; s++)
    self->rows[s] = g_ptr_array_new ();
  for (guint i = planner_megatron_get_n_releases (); i-- > 0;)
    {
      g_strv_builder_add (ids, planner_megatron_get_release (i));
      gtk_string_list_append (labels, planner_megatron_get_release (i));
    }
  self->releases = g_strv_builder_end (ids);
  adw_combo_row_set_model (self->release_row, G_LIST_MODEL (labels));
}

PlannerReleaseCheck *
planner_release_check_new (PlannerJob *job)
{
  PlannerReleaseCheck *self = g_object_new (PLANNER_TYPE_RELEASE_CHECK, NULL);
  const char *own = planner_job_get_string (job, "megatron-version");
  const char *first = NULL;

  self->job = g_object_ref (job);
  /* The newest release that is not the job's own, to start with. */
  for (guint i = 0; self->releases[i] != NULL && first == NULL; i++)
    if (planner_release_compare (self->releases[i], own) != 0)
      first = self->releases[i];
  planner_release_check_set_release (self, first != NULL ? first : self->releases[0]);
  return self;
}
