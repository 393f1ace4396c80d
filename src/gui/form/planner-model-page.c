/* planner-model-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-model-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-file-chooser.h"
#include "planner-choice-row.h"
#include "planner-spin-row.h"
#include "planner-switch-row.h"
#include "planner-text-row.h"
#include "planner-hf-config.h"
#include "planner-job-model.h"
#include "planner-job-model-options.h"
#include "planner-field.h"
#include "planner-memory.h"
#include "planner-model-page-hf.h"
#include "planner-model-page-private.h"

struct _PlannerModelPage
{
  PlannerFormPage      parent_instance;

  PlannerChoiceRow    *model_row;
  GtkWidget           *size_row;
  AdwPreferencesGroup *figures_group;
  GtkWidget           *customise_button;
  GtkWidget           *custom_group;
  GtkWidget           *custom_moe_group;
  AdwPreferencesGroup *size_group;
  GPtrArray           *figure_rows;
  GPtrArray           *figure_keys;  /* const char *: the property each figure row shows, or "" */
  GPtrArray           *size_rows;
  GtkWidget           *hf_button;
  GtkWidget           *hf_group;
  GtkWidget           *hf_source_row;
  AdwExpanderRow      *hf_dropped_row;
  AdwExpanderRow      *hf_notes_row;
  AdwExpanderRow      *hf_extra_row;
  GPtrArray           *hf_dropped_rows;
  GPtrArray           *hf_note_rows;
  GPtrArray           *hf_extra_rows;
  PlannerHfConfig     *hf_config;   /* the config the rows' sources name, or NULL */
  PlannerJob          *hf_imported; /* the job as the import left it, or NULL */
  char                *hf_problem;  /* why the sources cannot be told, or NULL */
  GtkNativeDialog     *hf_chooser;
  char                *hf_path;     /* the model.hf_config the rows show */
  char                *hf_name;     /* the model's name in it */
};

G_DEFINE_FINAL_TYPE (PlannerModelPage, planner_model_page, PLANNER_TYPE_FORM_PAGE)

/* A catalogue model or a size chosen after a config was read: the job no
 * longer names the config, which its next load would read over the
 * choice. */
static void
on_model_choice_changed (PlannerJob *job)
{
  const char *path = planner_job_get_string (job, "hf-config");

  if (path != NULL && *path != '\0' && planner_job_get_model_kind (job) != PLANNER_JOB_MODEL_CUSTOM)
    g_object_set (job, "hf-config", "", "hf-config-sha256", "", NULL);
}

static void
planner_model_page_bind (PlannerFormPage *page,
                         PlannerJob      *job)
{
  PlannerModelPage *self = PLANNER_MODEL_PAGE (page);
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();
  const PlannerModel * const *models;
  guint n_models = 0;

  g_strv_builder_add (ids, "");
  g_strv_builder_add (labels, _("Custom"));
  models = planner_model_list (&n_models);
  for (guint i = 0; i < n_models; i++)
    {
      g_strv_builder_add (ids, models[i]->id);
      g_strv_builder_add (labels, models[i]->name);
    }
  planner_choice_row_set_choices (self->model_row, g_strv_builder_end (ids), g_strv_builder_end (labels));
  /* Another job: its config, if any, is read for it. */
  g_clear_pointer (&self->hf_path, g_free);
  g_clear_pointer (&self->hf_config, planner_hf_config_free);
  g_clear_object (&self->hf_imported);
  g_clear_pointer (&self->hf_problem, g_free);
  g_signal_connect (job, "notify::model-id", G_CALLBACK (on_model_choice_changed), NULL);
  g_signal_connect (job, "notify::params-b", G_CALLBACK (on_model_choice_changed), NULL);
}

static void
add_value_row (AdwPreferencesGroup *group,
               GPtrArray           *rows,
               const char          *title,
               char                *value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_widget_add_css_class (label, "numeric");
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  adw_preferences_group_add (group, row);
  g_ptr_array_add (rows, row);
  g_free (value);
}

/* A catalogue model's dimension, named by its field so a problem's link
 * can reach it while it is read-only. */
static void
add_figure_row (PlannerModelPage *self,
                const char       *property,
                const char       *title,
                char             *value)
{
  add_value_row (self->figures_group, self->figure_rows, title, value);
  g_ptr_array_add (self->figure_keys, (gpointer) property);
}

static gboolean
planner_model_page_focus_read_only (PlannerFormPage *page,
                                    const char      *property)
{
  PlannerModelPage *self = PLANNER_MODEL_PAGE (page);
  guint index;

  if (!gtk_widget_get_visible (GTK_WIDGET (self->figures_group)) ||
      !g_ptr_array_find_with_equal_func (self->figure_keys, property, g_str_equal, &index))
    return FALSE;
  return gtk_widget_grab_focus (g_ptr_array_index (self->figure_rows, index));
}

static void
clear_rows (AdwPreferencesGroup *group,
            GPtrArray           *rows)
{
  for (guint i = 0; i < rows->len; i++)
    adw_preferences_group_remove (group, g_ptr_array_index (rows, i));
  g_ptr_array_set_size (rows, 0);
}

static char *
billions (double n)
{
  return n >= 1e9 ? g_strdup_printf (_("%.2f billion"), n / 1e9) : g_strdup_printf (_("%.1f million"), n / 1e6);
}

static char *
number (guint64 n)
{
  return g_strdup_printf ("%" G_GUINT64_FORMAT, n);
}

/* The options a catalogue entry sets beyond its dimensions (norm
 * epsilon, RoPE scaling, windows, the router's), by their fields'
 * labels, as its arguments write them. */
static void
add_option_figures (PlannerModelPage   *self,
                    const PlannerModel *model)
{
  g_autoptr(PlannerArgs) args = planner_args_new ();
  guint n = 0;
  const PlannerJobModelOption *options = planner_job_model_options (&n);

  planner_model_apply_to_args (model, args);
  for (guint i = 0; i < n; i++)
    {
      const PlannerField *field = planner_field_lookup (options[i].property);
      const char *const *values = planner_args_get_list (args, options[i].dest);
      GParamSpec *pspec = g_object_class_find_property (g_type_class_peek (PLANNER_TYPE_JOB), options[i].property);

      if (!planner_args_is_set (args, options[i].dest))
        continue;
      if (G_IS_PARAM_SPEC_BOOLEAN (pspec))
        add_figure_row (self, options[i].property, planner_field_get_label (field),
                        g_strdup (planner_args_get_bool (args, options[i].dest, FALSE) ? _("On") : _("Off")));
      else
        add_figure_row (self, options[i].property, planner_field_get_label (field),
                        g_strjoinv (" ", (char **) values));
    }
}

/* A catalogue model or a size: its dimensions read-only, as the engine
 * uses them, with Customise to start a custom architecture from them. */
static void
update_figures (PlannerModelPage *self,
                PlannerJob       *job)
{
  g_autoptr(PlannerModel) model = planner_job_dup_model (job, NULL);
  PlannerJobModelKind kind = planner_job_get_model_kind (job);

  clear_rows (self->figures_group, self->figure_rows);
  g_ptr_array_set_size (self->figure_keys, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->figures_group), kind != PLANNER_JOB_MODEL_CUSTOM);
  gtk_widget_set_visible (self->customise_button, model != NULL);
  if (kind == PLANNER_JOB_MODEL_CUSTOM)
    return;
  if (model == NULL)
    {
      adw_preferences_group_set_description (self->figures_group,
                                             _("Choose a model, or give its size, to see its dimensions."));
      return;
    }
  if (model->assumed != NULL && model->assumed[0] != NULL)
    {
      g_autofree char *assumed = g_strjoinv (", ", model->assumed);
      g_autofree char *text = g_strdup_printf (_("A size alone does not say these, so they are assumed: %s."),
                                               assumed);

      adw_preferences_group_set_description (self->figures_group, text);
    }
  else
    adw_preferences_group_set_description (self->figures_group, _("As the catalogue gives them."));

  add_figure_row (self, "num-layers", _("Layers"), number (model->num_layers));
  add_figure_row (self, "hidden-size", _("Hidden Size"), number (model->hidden_size));
  add_figure_row (self, "num-attention-heads", _("Attention Heads"), number (model->num_attention_heads));
  add_figure_row (self, "num-query-groups", _("Query Groups"),
                 model->num_query_groups > 0 ? number (model->num_query_groups) : g_strdup (_("one per head")));
  add_figure_row (self, "ffn-hidden-size", _("FFN Hidden Size"), number (model->ffn_hidden_size));
  add_figure_row (self, "vocab-size", _("Vocabulary"), number (model->vocab_size));
  add_figure_row (self, "max-position-embeddings", _("Maximum Position Embeddings"),
                 number (model->max_position_embeddings));
  add_figure_row (self, "position-embedding-type", _("Position Embeddings"),
                 g_strdup (model->position_embedding_type != NULL ? model->position_embedding_type : ""));
  add_figure_row (self, "normalization", _("Normalisation"),
                 g_strdup (model->rmsnorm ? "RMSNorm" : "LayerNorm"));
  if (model->num_experts > 0)
    {
      add_figure_row (self, "num-experts", _("Experts"), number (model->num_experts));
      add_figure_row (self, "moe-router-topk", _("Experts per Token"), number (model->moe_router_topk));
      add_figure_row (self, "moe-ffn-hidden-size", _("Expert FFN Hidden Size"),
                     number (model->moe_ffn_hidden_size));
      add_figure_row (self, "moe-shared-expert-intermediate-size", _("Shared Expert Size"),
                     number (model->moe_shared_expert_intermediate_size));
      if (model->moe_layer_freq != NULL)
        add_figure_row (self, "moe-layer-freq", _("MoE Layer Frequency"),
                       g_strdup (model->moe_layer_freq));
    }
  add_option_figures (self, model);
}

/* Total and active parameters, and what each pipeline stage holds. */
static void
update_sizes (PlannerModelPage *self,
              PlannerJob       *job,
              PlannerReport    *report)
{
  const PlannerConfig *config = planner_report_get_config (report);
  PlannerModelParams params = { 0 };
  guint pp = planner_job_get_uint (job, "pp");

  clear_rows (self->size_group, self->size_rows);
  if (!planner_job_count_params (job, &params, NULL))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->size_group), FALSE);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->size_group), TRUE);
  add_value_row (self->size_group, self->size_rows, _("Total Parameters"), billions (params.total));
  if (planner_job_model_is_moe (job))
    {
      add_value_row (self->size_group, self->size_rows, _("Active Parameters per Token"), billions (params.active));
      add_value_row (self->size_group, self->size_rows, _("Active without the Input Embedding"),
                     billions (params.active_without_embedding));
      /* Publishers count differently: say which count is which. */
      adw_action_row_set_subtitle (ADW_ACTION_ROW (g_ptr_array_index (self->size_rows, self->size_rows->len - 1)),
                                   planner_model_params_active_definition ());
    }
  if (config == NULL)
    return;
  /* Every stage of a short pipeline; the first and last of a long one. */
  for (guint stage = 0; stage < pp; stage++)
    {
      PlannerStageParams stage_params;
      g_autofree char *title = NULL;

      if (pp > 8 && stage > 0 && stage < pp - 1)
        continue;
      if (!planner_config_count_stage_params (config, stage, &stage_params))
        break;
      title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Pipeline Stage %u (%u layer)",
                                            "Pipeline Stage %u (%u layers)", stage_params.num_layers),
                               stage, stage_params.num_layers);
      add_value_row (self->size_group, self->size_rows, title, billions (stage_params.params));
    }
}


static void
clear_expander (AdwExpanderRow *expander,
                GPtrArray      *rows)
{
  for (guint i = 0; i < rows->len; i++)
    adw_expander_row_remove (expander, g_ptr_array_index (rows, i));
  g_ptr_array_set_size (rows, 0);
}

static void
add_expander_row (AdwExpanderRow *expander,
                  GPtrArray      *rows,
                  const char     *title,
                  const char     *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_expander_row_add_row (expander, row);
  g_ptr_array_add (rows, row);
}

/* Which config the architecture came from, and what the engine said it
 * could not carry over; @config NULL with @problem when the file named
 * by the job cannot be read now. */
static void
show_hf (PlannerModelPage      *self,
         const char            *path,
         const PlannerHfConfig *config,
         const char            *problem)
{
  const char *const *notes;
  guint n;

  clear_expander (self->hf_dropped_row, self->hf_dropped_rows);
  clear_expander (self->hf_notes_row, self->hf_note_rows);
  clear_expander (self->hf_extra_row, self->hf_extra_rows);
  if (config == NULL)
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->hf_source_row), path);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->hf_source_row), problem);
      gtk_widget_set_visible (GTK_WIDGET (self->hf_dropped_row), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->hf_notes_row), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->hf_extra_row), FALSE);
      return;
    }
  {
    g_autofree char *subtitle = g_strdup_printf ("%s · %s", planner_hf_config_get_architecture (config), path);

    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->hf_source_row), planner_hf_config_get_name (config));
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->hf_source_row), subtitle);
  }
  n = planner_hf_config_get_n_unsupported (config);
  for (guint i = 0; i < n; i++)
    {
      const char *key, *why;

      planner_hf_config_get_unsupported (config, i, &key, &why);
      add_expander_row (self->hf_dropped_row, self->hf_dropped_rows, key, why);
    }
  if (n > 0)
    {
      g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u key the flags cannot express",
                                                             "%u keys the flags cannot express", n), n);

      adw_expander_row_set_subtitle (self->hf_dropped_row, count);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->hf_dropped_row), n > 0);
  notes = planner_hf_config_get_notes (config);
  for (guint i = 0; notes != NULL && notes[i] != NULL; i++)
    add_expander_row (self->hf_notes_row, self->hf_note_rows, notes[i], NULL);
  adw_expander_row_set_subtitle (self->hf_notes_row, _("Defaults the config left implicit"));
  gtk_widget_set_visible (GTK_WIDGET (self->hf_notes_row), self->hf_note_rows->len > 0);
  {
    g_autoptr(GPtrArray) extras = _planner_model_page_hf_extras (config);

    for (guint i = 0; i < extras->len; i++)
      {
        const PlannerModelPageHfExtra *extra = g_ptr_array_index (extras, i);
        g_autofree char *subtitle = g_strdup_printf ("%s · %s", extra->source, extra->words);

        add_expander_row (self->hf_extra_row, self->hf_extra_rows, extra->title, subtitle);
      }
    gtk_widget_set_visible (GTK_WIDGET (self->hf_extra_row), extras->len > 0);
  }
}

/* A row's own help, kept while a source stands in its place. */
static const char *
row_help (GtkWidget *row)
{
  const char *help = g_object_get_data (G_OBJECT (row), "planner-row-help");

  if (help == NULL)
    {
      const char *now = ADW_IS_ACTION_ROW (row) ? adw_action_row_get_subtitle (ADW_ACTION_ROW (row))
                                                : gtk_widget_get_tooltip_text (row);

      g_object_set_data_full (G_OBJECT (row), "planner-row-help", g_strdup (now != NULL ? now : ""), g_free);
      help = g_object_get_data (G_OBJECT (row), "planner-row-help");
    }
  return help;
}

static void
set_row_note (GtkWidget  *row,
              const char *text)
{
  if (ADW_IS_ACTION_ROW (row))
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), text);
  else
    gtk_widget_set_tooltip_text (row, *text != '\0' ? text : NULL);
}

/* Each architecture row says where its value came from while the job's
 * architecture is a config's; its own help otherwise. */
static void
update_sources (PlannerModelPage *self,
                PlannerJob       *job,
                gboolean          shown)
{
  guint n_fields = 0;
  const PlannerField *const *fields = planner_field_list (&n_fields);

  for (guint i = 0; i < n_fields; i++)
    {
      GtkWidget *row;
      const char *help;
      g_autofree char *source = NULL;

      if (g_strcmp0 (fields[i]->page, "model") != 0 || fields[i]->group == NULL ||
          g_str_has_prefix (fields[i]->property, "hf-config"))
        continue;
      row = planner_form_page_find_row (PLANNER_FORM_PAGE (self), fields[i]->property);
      if (row == NULL)
        continue;
      help = row_help (row);
      if (!shown)
        {
          set_row_note (row, help);
          continue;
        }
      if (self->hf_config != NULL)
        source = _planner_model_page_hf_source (self->hf_config, self->hf_imported, job, fields[i]->property);
      else
        source = g_strdup (_("Saved with the job"));
      if (*help != '\0')
        {
          g_autofree char *both = g_strdup_printf ("%s · %s", source, help);

          set_row_note (row, both);
        }
      else
        set_row_note (row, source);
    }
}

static void
forget_hf (PlannerModelPage *self)
{
  g_clear_pointer (&self->hf_config, planner_hf_config_free);
  g_clear_object (&self->hf_imported);
  g_clear_pointer (&self->hf_problem, g_free);
}

/* A job opened with model.hf_config: the file read again for what it says
 * (once per path), never into the job.  The fields are the job's; what
 * the file would make of the job tells which of them were typed since,
 * unless the file changed since the import. */
static void
update_hf (PlannerModelPage *self,
           PlannerJob       *job)
{
  const char *path = planner_job_get_string (job, "hf-config");
  gboolean shown = path != NULL && *path != '\0' && planner_job_get_model_kind (job) == PLANNER_JOB_MODEL_CUSTOM;

  gtk_widget_set_visible (self->hf_group, shown);
  if (shown && g_strcmp0 (path, self->hf_path) != 0)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PlannerHfConfig) config = planner_hf_config_new_from_file (path, &error);
      const char *digest = planner_job_get_string (job, "hf-config-sha256");

      forget_hf (self);
      g_free (self->hf_path);
      self->hf_path = g_strdup (path);
      if (config != NULL && *digest != '\0' && !g_str_equal (digest, planner_hf_config_get_digest (config)))
        self->hf_problem = g_strdup (_("Changed since the architecture was read from it: the values here are "
                                       "those saved with the job. Read it again to take the changes."));
      else if (config == NULL)
        self->hf_problem = g_strdup (error->message);
      else
        {
          self->hf_imported = planner_job_copy (job);
          if (!planner_hf_config_apply_to_job (config, self->hf_imported, NULL))
            g_clear_object (&self->hf_imported);
          self->hf_config = g_steal_pointer (&config);
        }
      show_hf (self, path, self->hf_config, self->hf_problem);
    }
  update_sources (self, job, shown);
}

static void
toast (PlannerModelPage *self,
       const char       *text)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (text));
}

gboolean
_planner_model_page_import_hf_config (PlannerModelPage *self,
                                      GFile            *file,
                                      GError          **error)
{
  PlannerJob *job = planner_form_page_get_job (PLANNER_FORM_PAGE (self));
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *shown = g_file_get_parse_name (file);
  g_autoptr(PlannerHfConfig) config = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (PLANNER_IS_MODEL_PAGE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Could not read the Hugging Face config %s: it is not a local file"), shown);
      return FALSE;
    }
  /* The engine's reader and mapping, as a job's model.hf_config is read
   * at load. */
  config = planner_hf_config_new_from_file (path, &local_error);
  if (config == NULL || !planner_hf_config_apply_to_job (config, job, &local_error))
    {
      g_set_error (error, PLANNER_HF_CONFIG_ERROR, local_error->code,
                   _("Could not use the Hugging Face config %s: %s"), shown, local_error->message);
      return FALSE;
    }
  g_free (self->hf_path);
  self->hf_path = g_strdup (path);
  g_free (self->hf_name);
  self->hf_name = g_strdup (planner_hf_config_get_name (config));
  show_hf (self, path, config, NULL);
  g_object_set (job, "hf-config", path, NULL);
  /* What the import set: a field that differs from it later was typed. */
  forget_hf (self);
  self->hf_imported = planner_job_copy (job);
  self->hf_config = g_steal_pointer (&config);
  return TRUE;
}

void
_planner_model_page_open_hf_config (PlannerModelPage *self,
                                    GFile            *file)
{
  g_autoptr(GError) error = NULL;

  if (_planner_model_page_import_hf_config (self, file, &error))
    {
      g_autofree char *text = g_strdup_printf (_("Architecture read from %s"), self->hf_name);

      toast (self, text);
    }
  else
    toast (self, error->message);
}

static void
on_hf_response (PlannerModelPage *self,
                int               response,
                GtkNativeDialog  *chooser)
{
  g_autoptr(GFile) file = planner_file_chooser_take_file (&self->hf_chooser, response, chooser);

  if (file != NULL)
    _planner_model_page_open_hf_config (self, file);
}

static void
on_hf_clicked (PlannerModelPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  static const char *const suffixes[] = { "json", NULL };
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Read a Hugging Face Config"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root)
                                                                                               : NULL,
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Read"), _("_Cancel"));
  planner_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), _("Hugging Face Configs"), "application/json",
                                   suffixes);
  planner_file_chooser_show (&self->hf_chooser, chooser, G_CALLBACK (on_hf_response), self);
}

GPtrArray *
_planner_model_page_get_dropped_rows (PlannerModelPage *self)
{
  return self->hf_dropped_rows;
}

GPtrArray *
_planner_model_page_get_note_rows (PlannerModelPage *self)
{
  return self->hf_note_rows;
}

GPtrArray *
_planner_model_page_get_extra_rows (PlannerModelPage *self)
{
  return self->hf_extra_rows;
}

GtkWidget *
_planner_model_page_get_hf_source_row (PlannerModelPage *self)
{
  return self->hf_source_row;
}

GtkWidget *
_planner_model_page_get_hf_group (PlannerModelPage *self)
{
  return self->hf_group;
}

static void
planner_model_page_update (PlannerFormPage *page,
                           PlannerReport   *report)
{
  PlannerModelPage *self = PLANNER_MODEL_PAGE (page);
  PlannerJob *job = planner_form_page_get_job (page);
  PlannerJobModelKind kind = planner_job_get_model_kind (job);

  /* The model row is how a person leaves a custom architecture too. */
  gtk_widget_set_visible (GTK_WIDGET (self->model_row), TRUE);
  gtk_widget_set_visible (self->size_row, kind == PLANNER_JOB_MODEL_SIZE ||
                                          (kind == PLANNER_JOB_MODEL_NONE &&
                                           *planner_job_get_model_id (job) == '\0'));
  gtk_widget_set_visible (self->custom_group, kind == PLANNER_JOB_MODEL_CUSTOM);
  gtk_widget_set_visible (self->custom_moe_group, kind == PLANNER_JOB_MODEL_CUSTOM);
  update_figures (self, job);
  update_sizes (self, job, report);
  update_hf (self, job);
}

static void
on_customise_clicked (PlannerModelPage *self)
{
  g_autoptr(GError) error = NULL;
  GtkWidget *overlay;

  if (planner_job_customise (planner_form_page_get_job (PLANNER_FORM_PAGE (self)), &error))
    return;
  overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (error->message));
}

static void
planner_model_page_dispose (GObject *object)
{
  PlannerModelPage *self = PLANNER_MODEL_PAGE (object);

  g_clear_pointer (&self->figure_rows, g_ptr_array_unref);
  g_clear_pointer (&self->figure_keys, g_ptr_array_unref);
  g_clear_pointer (&self->size_rows, g_ptr_array_unref);
  g_clear_pointer (&self->hf_dropped_rows, g_ptr_array_unref);
  g_clear_pointer (&self->hf_note_rows, g_ptr_array_unref);
  g_clear_pointer (&self->hf_extra_rows, g_ptr_array_unref);
  forget_hf (self);
  g_clear_pointer (&self->hf_path, g_free);
  g_clear_pointer (&self->hf_name, g_free);
  if (self->hf_chooser != NULL)
    gtk_native_dialog_destroy (self->hf_chooser);
  g_clear_object (&self->hf_chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLANNER_TYPE_MODEL_PAGE);
  G_OBJECT_CLASS (planner_model_page_parent_class)->dispose (object);
}

static void
planner_model_page_class_init (PlannerModelPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PlannerFormPageClass *page_class = PLANNER_FORM_PAGE_CLASS (klass);

  object_class->dispose = planner_model_page_dispose;
  page_class->bind = planner_model_page_bind;
  page_class->update = planner_model_page_update;
  page_class->focus_read_only = planner_model_page_focus_read_only;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-model-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerModelPage, model_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerModelPage, figures_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerModelPage, size_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerModelPage, customise_button);
  gtk_widget_class_bind_template_child (widget_class, PlannerModelPage, custom_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerModelPage, custom_moe_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerModelPage, size_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerModelPage, hf_button);
  gtk_widget_class_bind_template_child (widget_class, PlannerModelPage, hf_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerModelPage, hf_source_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerModelPage, hf_dropped_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerModelPage, hf_notes_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerModelPage, hf_extra_row);
}

static void
planner_model_page_init (PlannerModelPage *self)
{
  g_type_ensure (PLANNER_TYPE_CHOICE_ROW);
  g_type_ensure (PLANNER_TYPE_SPIN_ROW);
  g_type_ensure (PLANNER_TYPE_SWITCH_ROW);
  g_type_ensure (PLANNER_TYPE_TEXT_ROW);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->figure_rows = g_ptr_array_new ();
  self->figure_keys = g_ptr_array_new ();
  self->size_rows = g_ptr_array_new ();
  self->hf_dropped_rows = g_ptr_array_new ();
  self->hf_note_rows = g_ptr_array_new ();
  self->hf_extra_rows = g_ptr_array_new ();
  g_signal_connect_object (self->hf_button, "clicked", G_CALLBACK (on_hf_clicked), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->customise_button, "clicked", G_CALLBACK (on_customise_clicked), self,
                           G_CONNECT_SWAPPED);
}
