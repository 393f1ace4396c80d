/* planner-window.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-window"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-window-private.h"
#include "planner-bind.h"
#include "planner-rank-grid-page.h"
#include "planner-recommend.h"
#include "planner-advice-page.h"
#include "planner-experts-page.h"
#include "planner-script-page.h"

struct _PlannerWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwLeaflet           *leaflet;
  GtkListBox           *sidebar;
  AdwWindowTitle       *window_title;
  GtkLabel             *summary_label;
  GtkLabel             *expert_summary_label;
  GtkLabel             *memory_summary_label;
  GtkStack             *stack;

  /* One "needs attention" group per form page, in page_flags order. */
  AdwPreferencesGroup  *problem_groups[4];
  GPtrArray            *problem_rows[4];

  PlannerScriptPage    *script_page;
  PlannerExpertsPage   *experts_page;
  PlannerAdvicePage    *optimize_page;
  PlannerAdvicePage    *troubleshoot_page;
  PlannerRankGridPage  *rank_grid_page;

  /* The memory page is rebuilt from each report. */
  AdwPreferencesPage   *memory_page;
  GPtrArray            *memory_groups;
  /* Why each degree, after "Use Recommended" */
  AdwPreferencesGroup  *reasons_group;
  GPtrArray            *reason_rows;
  AdwToastOverlay      *toast_overlay;

  GSettings            *settings;
  PlannerJob           *job;
  PlannerReport        *report;
  guint                 analyze_source;
};

G_DEFINE_FINAL_TYPE (PlannerWindow, planner_window, ADW_TYPE_APPLICATION_WINDOW)

typedef GtkWidget *(*PageBuilder) (PlannerWindow *self);

typedef struct
{
  const char  *name;
  const char  *title;
  PageBuilder  build;
  const char  *icon_name;      /* for pages that are not built yet */
  const char  *placeholder;
} PageInfo;

/* Which page a diagnostic belongs to, by the flags it involves: the
 * sidebar marks a page that needs attention. */
typedef struct
{
  const char *page;
  const char *flags[12];
} PageFlags;

static const PageFlags page_flags[] = {
  { "model", { "--num-layers", "--hidden-size", "--num-attention-heads", "--num-query-groups",
               "--group-query-attention", "--ffn-hidden-size", "--kv-channels", "--max-position-embeddings",
               "--vocab-size", "--num-experts", NULL } },
  { "data", { "--data-path", "--split", "--tokenizer-type", "--tokenizer-model", "--vocab-file",
              "--merge-file", "--save", "--load", "--save-interval", "--mock-data", NULL } },
  { "training", { "--micro-batch-size", "--global-batch-size", "--seq-length", "--recompute-granularity",
                  "--recompute-method", "--recompute-num-layers", "--bf16", "--fp16", "--fp8-format",
                  "--use-distributed-optimizer", "--sequence-parallel", NULL } },
  { "parallelism", { "--tensor-model-parallel-size", "--pipeline-model-parallel-size", "--context-parallel-size",
                     "--num-virtual-stages-per-pipeline-rank", "--use-tp-pp-dp-mapping",
                     "--expert-model-parallel-size", "--expert-tensor-parallel-size", NULL } },
};

static GtkWidget *build_model_page       (PlannerWindow *self);
static GtkWidget *build_cluster_page     (PlannerWindow *self);
static GtkWidget *build_data_page        (PlannerWindow *self);
static GtkWidget *build_training_page    (PlannerWindow *self);
static GtkWidget *build_parallelism_page (PlannerWindow *self);
static GtkWidget *build_rank_grid_page   (PlannerWindow *self);
static GtkWidget *build_memory_page      (PlannerWindow *self);
static GtkWidget *build_script_page      (PlannerWindow *self);
static GtkWidget *build_experts_page     (PlannerWindow *self);
static GtkWidget *build_optimize_page    (PlannerWindow *self);
static GtkWidget *build_troubleshoot_page (PlannerWindow *self);

static const PageInfo pages[] = {
  { "model", N_("Model"), build_model_page },
  { "cluster", N_("Cluster"), build_cluster_page },
  { "data", N_("Data"), build_data_page },
  { "training", N_("Training"), build_training_page },
  { "parallelism", N_("Parallelism"), build_parallelism_page },
  { "experts", N_("Experts"), build_experts_page },
  { "rank-grid", N_("Rank Grid"), build_rank_grid_page },
  { "memory", N_("Memory"), build_memory_page },
  { "optimize", N_("Optimize"), build_optimize_page },
  { "troubleshoot", N_("Troubleshoot"), build_troubleshoot_page },
  { "script", N_("Script"), build_script_page },
};

static void update_sidebar     (PlannerWindow *self);
static void update_problems    (PlannerWindow *self);
static void update_memory_page (PlannerWindow *self);
static void update_rank_grid_page (PlannerWindow *self);
static void on_use_recommended_clicked (PlannerWindow *self,
                                        GtkButton     *button);

static void
planner_window_update_report (PlannerWindow *self)
{
  const char *expert;
  const char *memory;
  g_autofree char *subtitle = NULL;
  gboolean accepted;

  g_clear_pointer (&self->report, planner_report_unref);
  self->report = planner_analyze_job (self->job);

  accepted = planner_report_get_layout_accepted (self->report);
  gtk_label_set_text (self->summary_label, planner_report_get_summary (self->report));
  if (!accepted)
    gtk_widget_add_css_class (GTK_WIDGET (self->summary_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->summary_label), "error");

  memory = planner_report_get_memory_summary (self->report);
  gtk_label_set_text (self->memory_summary_label, memory ? memory : "");
  gtk_widget_set_visible (GTK_WIDGET (self->memory_summary_label), memory != NULL);
  if (memory != NULL && g_str_has_suffix (memory, "✗"))
    gtk_widget_add_css_class (GTK_WIDGET (self->memory_summary_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->memory_summary_label), "error");

  expert = planner_report_get_expert_summary (self->report);
  gtk_label_set_text (self->expert_summary_label, expert ? expert : "");
  gtk_widget_set_visible (GTK_WIDGET (self->expert_summary_label), expert != NULL);

  /* Translators: the subtitle is the model id and the state of the plan. */
  subtitle = g_strdup_printf (_("%s — draft"),
                              *planner_job_get_model_id (self->job) ? planner_job_get_model_id (self->job)
                                                                    : _("custom model"));
  adw_window_title_set_subtitle (self->window_title, subtitle);

  if (gtk_list_box_get_row_at_index (self->sidebar, 0) != NULL)
    {
      update_sidebar (self);
      update_problems (self);
      update_memory_page (self);
      update_rank_grid_page (self);
      if (self->experts_page != NULL)
        planner_experts_page_update (self->experts_page, self->report);
      if (self->optimize_page != NULL)
        planner_advice_page_update (self->optimize_page, self->report);
      if (self->troubleshoot_page != NULL)
        planner_advice_page_update (self->troubleshoot_page, self->report);
      if (self->script_page != NULL)
        planner_script_page_refresh (self->script_page);
    }
}

static gboolean
analyze_idle_cb (gpointer user_data)
{
  PlannerWindow *self = user_data;

  self->analyze_source = 0;
  planner_window_update_report (self);
  return G_SOURCE_REMOVE;
}

static void
on_job_changed (PlannerWindow *self,
                PlannerJob    *job)
{
  /* Many properties may change in one turn of the loop (a file load, a
   * recommendation applied): analyze once, after all of them. */
  if (self->analyze_source == 0)
    self->analyze_source = g_idle_add (analyze_idle_cb, self);
}

void
planner_window_flush (PlannerWindow *self)
{
  g_return_if_fail (PLANNER_IS_WINDOW (self));

  if (self->analyze_source != 0)
    {
      g_clear_handle_id (&self->analyze_source, g_source_remove);
      planner_window_update_report (self);
    }
}

/* Form rows bound to job properties ------------------------------------- */

static AdwPreferencesGroup *
add_group (AdwPreferencesPage *page,
           const char         *title,
           const char         *description)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());

  adw_preferences_group_set_title (group, title);
  if (description != NULL)
    adw_preferences_group_set_description (group, description);
  adw_preferences_page_add (page, group);
  return group;
}

static void
add_spin_row (PlannerWindow       *self,
              AdwPreferencesGroup *group,
              const char          *title,
              const char          *subtitle,
              const char          *property,
              double               lower,
              double               upper,
              guint                digits)
{
  GtkWidget *row = adw_action_row_new ();
  GtkAdjustment *adjustment = gtk_adjustment_new (lower, lower, upper, 1, 8, 0);
  GtkWidget *spin = gtk_spin_button_new (adjustment, 1, digits);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  gtk_widget_set_name (spin, property);
  g_object_bind_property (self->job, property, adjustment, "value",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  adw_preferences_group_add (group, row);
}

static void
add_entry_row (PlannerWindow       *self,
               AdwPreferencesGroup *group,
               const char          *title,
               const char          *property)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_widget_set_name (row, property);
  g_object_bind_property (self->job, property, row, "text",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  adw_preferences_group_add (group, row);
}

static void
add_switch_row (PlannerWindow       *self,
                AdwPreferencesGroup *group,
                const char          *title,
                const char          *subtitle,
                const char          *property)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *toggle = gtk_switch_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  g_object_bind_property (self->job, property, toggle, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  adw_preferences_group_add (group, row);
}

static void
add_problems_group (PlannerWindow      *self,
                    AdwPreferencesPage *page,
                    const char         *name)
{
  for (guint p = 0; p < G_N_ELEMENTS (page_flags); p++)
    {
      if (!g_str_equal (page_flags[p].page, name))
        continue;
      self->problem_groups[p] = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
      adw_preferences_group_set_title (self->problem_groups[p], _("Needs Attention"));
      gtk_widget_set_visible (GTK_WIDGET (self->problem_groups[p]), FALSE);
      adw_preferences_page_add (page, self->problem_groups[p]);
      self->problem_rows[p] = g_ptr_array_new ();
    }
}

/* Each warning or error that involves one of the page's flags, in words,
 * at the top of the page: a field that is wrong says why, right there. */
static void
update_problems (PlannerWindow *self)
{
  GPtrArray *diagnostics = planner_report_get_diagnostics (self->report);

  for (guint p = 0; p < G_N_ELEMENTS (page_flags); p++)
    {
      AdwPreferencesGroup *group = self->problem_groups[p];

      if (group == NULL)
        continue;

      for (guint i = 0; i < self->problem_rows[p]->len; i++)
        adw_preferences_group_remove (group, g_ptr_array_index (self->problem_rows[p], i));
      g_ptr_array_set_size (self->problem_rows[p], 0);

      for (guint i = 0; i < diagnostics->len; i++)
        {
          const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);
          gboolean touches = FALSE;
          GtkWidget *row, *icon;

          if (d->severity == PLANNER_SEVERITY_INFO)
            continue;
          for (guint f = 0; !touches && page_flags[p].flags[f] != NULL; f++)
            touches = g_strv_contains ((const char * const *) d->flags, page_flags[p].flags[f]);
          if (!touches)
            continue;

          row = adw_action_row_new ();
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), d->message);
          adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
          if (d->fix != NULL)
            adw_action_row_set_subtitle (ADW_ACTION_ROW (row), d->fix);
          adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
          icon = gtk_image_new_from_icon_name (d->severity == PLANNER_SEVERITY_ERROR ? "dialog-error-symbolic"
                                                                                   : "dialog-warning-symbolic");
          gtk_widget_add_css_class (icon, d->severity == PLANNER_SEVERITY_ERROR ? "error" : "warning");
          adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
          adw_preferences_group_add (group, row);
          g_ptr_array_add (self->problem_rows[p], row);
        }
      gtk_widget_set_visible (GTK_WIDGET (group), self->problem_rows[p]->len > 0);
    }
}

/* A choice among ids (a catalog, or Megatron's choices), shown by label. */
static void
add_choice_row (PlannerWindow       *self,
                AdwPreferencesGroup *group,
                const char          *title,
                const char          *subtitle,
                const char          *property,
                GStrv                ids,
                GStrv                labels)
{
  GtkWidget *row = adw_combo_row_new ();
  g_autoptr(GtkStringList) model = gtk_string_list_new ((const char * const *) labels);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  gtk_widget_set_name (row, property);
  planner_bind_choice (G_OBJECT (self->job), property, ADW_COMBO_ROW (row), ids);
  g_strfreev (labels);
  adw_preferences_group_add (group, row);
}

static GtkWidget *
build_model_page (PlannerWindow *self)
{
  AdwPreferencesPage *page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  AdwPreferencesGroup *group;
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();
  const PlannerModel * const *models;
  guint n_models = 0;

  g_strv_builder_add (ids, "");
  g_strv_builder_add (labels, _("Custom Size"));
  models = planner_model_list (&n_models);
  for (guint i = 0; i < n_models; i++)
    {
      g_strv_builder_add (ids, models[i]->id);
      g_strv_builder_add (labels, models[i]->name);
    }

  add_problems_group (self, page, "model");
  group = add_group (page, _("Model"),
                     _("A known model from the catalog, or a size in billions of parameters."));
  add_choice_row (self, group, _("Model"), NULL, "model-id",
                  g_strv_builder_end (ids), g_strv_builder_end (labels));
  add_spin_row (self, group, _("Size in Billions"), _("Used with a custom size"),
                "params-b", 0, 100000, 1);
  return GTK_WIDGET (page);
}

static GtkWidget *
build_cluster_page (PlannerWindow *self)
{
  AdwPreferencesPage *page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  AdwPreferencesGroup *group;
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();
  const PlannerGpu * const *gpus;
  guint n_gpus = 0;

  gpus = planner_gpu_list (&n_gpus);
  for (guint i = 0; i < n_gpus; i++)
    {
      g_strv_builder_add (ids, gpus[i]->id);
      g_strv_builder_add (labels, gpus[i]->name);
    }

  group = add_group (page, _("Cluster"), NULL);
  add_choice_row (self, group, _("GPU Type"), NULL, "gpu-id",
                  g_strv_builder_end (ids), g_strv_builder_end (labels));
  add_spin_row (self, group, _("Nodes"), NULL, "nodes", 1, 16384, 0);
  add_spin_row (self, group, _("GPUs per Node"), _("One NVLink domain on most systems"),
                "gpus-per-node", 1, 72, 0);
  return GTK_WIDGET (page);
}

static GtkWidget *
build_data_page (PlannerWindow *self)
{
  AdwPreferencesPage *page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  AdwPreferencesGroup *group;

  add_problems_group (self, page, "data");
  group = add_group (page, _("Data"),
                     _("Your own absolute paths. Launch Planner never suggests a path."));
  add_entry_row (self, group, _("Data Path Prefix"), "data-path");
  add_entry_row (self, group, _("Split"), "split");
  group = add_group (page, _("Tokenizer"), NULL);
  add_entry_row (self, group, _("Tokenizer Type"), "tokenizer-type");
  add_entry_row (self, group, _("Tokenizer Model"), "tokenizer-model");
  add_entry_row (self, group, _("Vocabulary File"), "vocab-file");
  add_entry_row (self, group, _("Merge File"), "merge-file");
  group = add_group (page, _("Checkpoints"), NULL);
  add_entry_row (self, group, _("Save Directory"), "save-dir");
  add_entry_row (self, group, _("Load Directory"), "load-dir");
  return GTK_WIDGET (page);
}

static GtkWidget *
build_training_page (PlannerWindow *self)
{
  AdwPreferencesPage *page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  AdwPreferencesGroup *group;

  add_problems_group (self, page, "training");
  group = add_group (page, _("Batch"), NULL);
  add_spin_row (self, group, _("Sequence Length"), NULL, "seq-length", 1, 1 << 24, 0);
  add_spin_row (self, group, _("Micro-Batch Size"), NULL, "micro-batch-size", 1, 65536, 0);
  add_spin_row (self, group, _("Global Batch Size"), NULL, "global-batch-size", 1, 1 << 30, 0);
  group = add_group (page, _("Memory and Precision"), NULL);
  {
    const char *precision_ids[] = { "bf16", "fp16", "fp8", NULL };
    const char *precision_labels[] = { _("BF16"), _("FP16"), _("FP8 (Hybrid)"), NULL };
    const char *recompute_ids[] = { "none", "selective", "full", NULL };
    const char *recompute_labels[] = { _("None"), _("Selective"), _("Full"), NULL };

    add_choice_row (self, group, _("Precision"), _("FP8 needs Hopper or newer"), "precision",
                    g_strdupv ((char **) precision_ids), g_strdupv ((char **) precision_labels));
    add_choice_row (self, group, _("Activation Recompute"), NULL, "recompute",
                    g_strdupv ((char **) recompute_ids), g_strdupv ((char **) recompute_labels));
  }
  add_switch_row (self, group, _("Distributed Optimizer"),
                  _("Shards optimizer states over the data-parallel ranks"),
                  "distributed-optimizer");
  add_switch_row (self, group, _("Sequence Parallel"),
                  _("Megatron turns it off by itself at tensor parallel 1"),
                  "sequence-parallel");
  return GTK_WIDGET (page);
}

static GtkWidget *
build_parallelism_page (PlannerWindow *self)
{
  AdwPreferencesPage *page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  AdwPreferencesGroup *group;

  add_problems_group (self, page, "parallelism");
  group = add_group (page, _("Parallelism"),
                     _("Tensor × context × data × pipeline must equal the number of GPUs; "
                       "data parallel is what is left."));
  {
    GtkWidget *button = gtk_button_new_with_mnemonic (_("_Use Recommended"));

    gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
    gtk_widget_add_css_class (button, "suggested-action");
    gtk_widget_set_tooltip_text (button, _("Search every valid layout for this model and these GPUs"));
    g_signal_connect_object (button, "clicked", G_CALLBACK (on_use_recommended_clicked), self, G_CONNECT_SWAPPED);
    adw_preferences_group_set_header_suffix (group, button);
  }
  add_spin_row (self, group, _("Tensor Parallel"), _("Keep inside one NVLink domain"), "tp", 1, 1024, 0);
  add_spin_row (self, group, _("Pipeline Parallel"), NULL, "pp", 1, 1024, 0);
  add_spin_row (self, group, _("Virtual Pipeline Stages"), _("Per pipeline rank; 1 means no interleaving"),
                "vpp", 1, 1024, 0);
  add_spin_row (self, group, _("Context Parallel"), _("Splits each sequence; for long contexts"),
                "cp", 1, 1024, 0);
  add_switch_row (self, group, _("Pipeline Inside Data Parallel"),
                  _("Megatron’s --use-tp-pp-dp-mapping rank order"),
                  "use-tp-pp-dp-mapping");
  group = add_group (page, _("Experts"),
                     _("Expert parallelism is carved out of the data-parallel ranks, not multiplied on top."));
  add_spin_row (self, group, _("Expert Parallel"), NULL, "ep", 1, 1024, 0);
  add_spin_row (self, group, _("Expert Tensor Parallel"), _("0 means the same as tensor parallel"),
                "etp", 0, 1024, 0);

  self->reasons_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->reasons_group, _("Why Each Degree"));
  gtk_widget_set_visible (GTK_WIDGET (self->reasons_group), FALSE);
  adw_preferences_page_add (page, self->reasons_group);
  self->reason_rows = g_ptr_array_new ();
  return GTK_WIDGET (page);
}

#define GIB (1024.0 * 1024.0 * 1024.0)

static GtkWidget *
value_row (const char *title,
           const char *subtitle,
           const char *value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_add_css_class (label, "numeric");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  return row;
}

static GtkWidget *
gib_row (const char *title,
         const char *subtitle,
         double      bytes)
{
  g_autofree char *text = g_strdup_printf (_("%.1f GiB"), bytes / GIB);

  return value_row (title, subtitle, text);
}

static GtkWidget *
build_memory_page (PlannerWindow *self)
{
  self->memory_page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  self->memory_groups = g_ptr_array_new ();
  return GTK_WIDGET (self->memory_page);
}

static void
add_memory_group (PlannerWindow       *self,
                  AdwPreferencesGroup *group)
{
  adw_preferences_page_add (self->memory_page, group);
  g_ptr_array_add (self->memory_groups, group);
}

/* Per GPU, per pipeline stage: what the planner estimates and what
 * Megatron's own formula will print, side by side. */
static void
update_memory_page (PlannerWindow *self)
{
  static const struct {
    PlannerMemoryComponent component;
    const char            *title;
  } components[] = {
    { PLANNER_MEMORY_WEIGHTS, N_("Weights") },
    { PLANNER_MEMORY_GRADIENTS, N_("Gradients") },
    { PLANNER_MEMORY_OPTIMIZER, N_("Optimizer States") },
    { PLANNER_MEMORY_ACTIVATIONS, N_("Activations") },
    { PLANNER_MEMORY_LOGITS, N_("Output Layer and Logits") },
    { PLANNER_MEMORY_OVERHEAD, N_("Outside PyTorch") },
  };
  const PlannerMemoryEstimate *estimate = planner_report_get_memory_estimate (self->report);
  const PlannerMegatronMemory *megatron = planner_report_get_megatron_memory (self->report);
  const PlannerGpu *gpu = planner_report_get_gpu (self->report);
  AdwPreferencesGroup *group;

  if (self->memory_page == NULL)
    return;
  for (guint i = 0; i < self->memory_groups->len; i++)
    adw_preferences_page_remove (self->memory_page, g_ptr_array_index (self->memory_groups, i));
  g_ptr_array_set_size (self->memory_groups, 0);

  if (estimate == NULL || megatron == NULL)
    {
      group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
      adw_preferences_group_set_title (group, _("No Estimate Yet"));
      adw_preferences_group_set_description (group, _("Choose a model and a valid layout to see the memory per GPU."));
      add_memory_group (self, group);
      return;
    }

  for (guint s = 0; s < estimate->n_stages; s++)
    {
      const PlannerStageMemory *stage = &estimate->stages[s];
      g_autofree char *title = g_strdup_printf (_("Pipeline Stage %u"), stage->stage);
      g_autofree char *description = NULL;

      if (gpu != NULL)
        description = g_strdup_printf (_("%u layers · %.1f of %.1f GiB on the %s · %s"), stage->num_layers,
                                       stage->total_bytes / GIB, estimate->capacity_bytes / GIB, gpu->name,
                                       stage->fits ? _("fits") : _("does not fit"));
      else
        description = g_strdup_printf (_("%u layers · %.1f GiB"), stage->num_layers, stage->total_bytes / GIB);

      group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
      adw_preferences_group_set_title (group, title);
      adw_preferences_group_set_description (group, description);
      for (guint c = 0; c < G_N_ELEMENTS (components); c++)
        {
          gboolean dominant = components[c].component == stage->dominant;

          adw_preferences_group_add (group, gib_row (_(components[c].title),
                                                     dominant ? _("The largest part") : NULL,
                                                     stage->bytes[components[c].component]));
        }
      add_memory_group (self, group);
    }

  group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (group, _("What Megatron Will Print"));
  adw_preferences_group_set_description (group, _("theoretical_memory_usage for the first stage; it ignores context "
                                                  "parallelism, MoE routing and memory outside PyTorch."));
  adw_preferences_group_add (group, gib_row (_("Weights and Optimizer"), NULL, megatron->weight_and_optimizer_bytes));
  adw_preferences_group_add (group, gib_row (_("Activations"), NULL, megatron->activation_bytes));
  adw_preferences_group_add (group, gib_row (_("Total"), NULL, megatron->total_bytes));
  add_memory_group (self, group);
}

static GtkWidget *
build_rank_grid_page (PlannerWindow *self)
{
  self->rank_grid_page = PLANNER_RANK_GRID_PAGE (planner_rank_grid_page_new ());
  return GTK_WIDGET (self->rank_grid_page);
}

/* The grid follows the newest report; "No valid layout" without one. */
static void
update_rank_grid_page (PlannerWindow *self)
{
  if (self->rank_grid_page == NULL)
    return;
  planner_rank_grid_page_update (self->rank_grid_page,
                                 planner_report_get_layout (self->report),
                                 planner_job_get_uint (self->job, "gpus-per-node"),
                                 planner_report_get_config (self->report));
}

static GtkWidget *
build_experts_page (PlannerWindow *self)
{
  self->experts_page = PLANNER_EXPERTS_PAGE (planner_experts_page_new (self->job));
  return GTK_WIDGET (self->experts_page);
}

static GtkWidget *
build_optimize_page (PlannerWindow *self)
{
  self->optimize_page = PLANNER_ADVICE_PAGE (planner_advice_page_new (self->job, FALSE));
  return GTK_WIDGET (self->optimize_page);
}

static GtkWidget *
build_troubleshoot_page (PlannerWindow *self)
{
  self->troubleshoot_page = PLANNER_ADVICE_PAGE (planner_advice_page_new (self->job, TRUE));
  return GTK_WIDGET (self->troubleshoot_page);
}

static GtkWidget *
build_script_page (PlannerWindow *self)
{
  self->script_page = PLANNER_SCRIPT_PAGE (planner_script_page_new (self->job));
  return GTK_WIDGET (self->script_page);
}

static void
clear_reasons (PlannerWindow *self)
{
  for (guint i = 0; i < self->reason_rows->len; i++)
    adw_preferences_group_remove (self->reasons_group, g_ptr_array_index (self->reason_rows, i));
  g_ptr_array_set_size (self->reason_rows, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->reasons_group), FALSE);
}

/* The recommendation is applied to the job like any edit: a draft the
 * user sees in the summary line and can change or undo field by field. */
static void
on_use_recommended_clicked (PlannerWindow *self,
                            GtkButton     *button)
{
  g_autoptr(GError) error = NULL;
  PlannerRecommendRequest request = { 0 };
  PlannerRecommendation *recommendation;
  const PlannerRecommendCandidate *best;
  AdwToast *toast;

  request.model_id = *planner_job_get_model_id (self->job) ? planner_job_get_model_id (self->job) : NULL;
  request.params_b = planner_job_get_double (self->job, "params-b");
  request.gpu_id = planner_job_get_gpu_id (self->job);
  request.num_gpus = planner_job_get_world_size (self->job);
  request.gpus_per_node = planner_job_get_uint (self->job, "gpus-per-node");
  request.seq_length = planner_job_get_uint (self->job, "seq-length");

  clear_reasons (self);
  recommendation = planner_recommend (&request, &error);
  if (recommendation == NULL)
    {
      toast = adw_toast_new (error->message);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
      return;
    }
  if (!recommendation->fits)
    {
      toast = adw_toast_new (_("Nothing fits on these GPUs; see the reasons below"));
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
      if (recommendation->nothing_fits != NULL)
        {
          GtkWidget *row = adw_action_row_new ();

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), recommendation->nothing_fits);
          adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
          adw_preferences_group_add (self->reasons_group, row);
          g_ptr_array_add (self->reason_rows, row);
          gtk_widget_set_visible (GTK_WIDGET (self->reasons_group), TRUE);
        }
      planner_recommendation_free (recommendation);
      return;
    }

  best = &recommendation->best;
  g_object_freeze_notify (G_OBJECT (self->job));
  g_object_set (self->job,
                "tp", best->layout.tp,
                "pp", best->layout.pp,
                "cp", best->layout.cp,
                "ep", best->layout.ep,
                "etp", recommendation->num_experts > 0 ? best->layout.etp : 0,
                "vpp", best->layout.vpp,
                "micro-batch-size", best->micro_batch_size,
                "global-batch-size", (guint) MIN (best->global_batch_size, G_MAXUINT32),
                "recompute", best->recompute == PLANNER_RECOMPUTE_FULL ? "full"
                             : best->recompute == PLANNER_RECOMPUTE_SELECTIVE ? "selective" : "none",
                "distributed-optimizer", best->distributed_optimizer,
                NULL);
  g_object_thaw_notify (G_OBJECT (self->job));

  for (guint i = 0; i < recommendation->reasons->len; i++)
    {
      const PlannerRecommendReason *reason = g_ptr_array_index (recommendation->reasons, i);
      g_autofree char *value = g_strdup_printf ("%" G_GUINT64_FORMAT, reason->value);
      GtkWidget *row = value_row (reason->degree, reason->reason, value);

      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
      adw_preferences_group_add (self->reasons_group, row);
      g_ptr_array_add (self->reason_rows, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->reasons_group), TRUE);

  toast = adw_toast_new (_("Applied the recommended layout as a draft"));
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  planner_recommendation_free (recommendation);
}

static GtkWidget *
build_placeholder_page (const PageInfo *info)
{
  GtkWidget *status = adw_status_page_new ();

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (status), info->icon_name);
  adw_status_page_set_title (ADW_STATUS_PAGE (status), _(info->title));
  adw_status_page_set_description (ADW_STATUS_PAGE (status), _(info->placeholder));
  return status;
}

static GtkWidget *
build_sidebar_row (const PageInfo *info)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label = gtk_label_new (_(info->title));
  GtkWidget *status = gtk_image_new ();

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_add_css_class (status, "sidebar-status");
  gtk_box_append (GTK_BOX (box), status);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_widget_set_name (row, info->name);
  g_object_set_data (G_OBJECT (row), "status", status);
  return row;
}

typedef enum
{
  PAGE_STATUS_NONE,
  PAGE_STATUS_DONE,
  PAGE_STATUS_ATTENTION,
} PageStatus;

static gboolean
diagnostics_touch_page (GPtrArray  *diagnostics,
                        const char *page)
{
  for (guint p = 0; p < G_N_ELEMENTS (page_flags); p++)
    {
      if (!g_str_equal (page_flags[p].page, page))
        continue;
      for (guint i = 0; i < diagnostics->len; i++)
        {
          const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

          if (d->severity == PLANNER_SEVERITY_INFO)
            continue;
          for (guint f = 0; page_flags[p].flags[f] != NULL; f++)
            {
              if (g_strv_contains ((const char * const *) d->flags, page_flags[p].flags[f]))
                return TRUE;
            }
        }
    }
  return FALSE;
}

static PageStatus
page_status (PlannerWindow *self,
             const char    *page)
{
  GPtrArray *diagnostics = planner_report_get_diagnostics (self->report);
  const PlannerMemoryEstimate *estimate = planner_report_get_memory_estimate (self->report);

  if (g_str_equal (page, "memory"))
    {
      if (estimate == NULL || planner_report_get_gpu (self->report) == NULL)
        return PAGE_STATUS_NONE;
      return estimate->fits ? PAGE_STATUS_DONE : PAGE_STATUS_ATTENTION;
    }
  if (g_str_equal (page, "cluster"))
    return planner_report_get_gpu (self->report) != NULL ? PAGE_STATUS_DONE : PAGE_STATUS_ATTENTION;
  if (g_str_equal (page, "parallelism"))
    return planner_report_get_layout_accepted (self->report) ? PAGE_STATUS_DONE : PAGE_STATUS_ATTENTION;
  if (g_str_equal (page, "model") && planner_report_get_config (self->report) == NULL)
    return PAGE_STATUS_ATTENTION;

  for (guint p = 0; p < G_N_ELEMENTS (page_flags); p++)
    {
      if (g_str_equal (page_flags[p].page, page))
        return diagnostics_touch_page (diagnostics, page) ? PAGE_STATUS_ATTENTION : PAGE_STATUS_DONE;
    }
  return PAGE_STATUS_NONE;
}

static void
update_sidebar (PlannerWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->sidebar, i);
      GtkWidget *status = g_object_get_data (G_OBJECT (row), "status");

      gtk_widget_remove_css_class (status, "success");
      gtk_widget_remove_css_class (status, "warning");
      switch (page_status (self, pages[i].name))
        {
        case PAGE_STATUS_DONE:
          gtk_image_set_from_icon_name (GTK_IMAGE (status), "object-select-symbolic");
          gtk_widget_add_css_class (status, "success");
          gtk_widget_set_tooltip_text (status, _("Done"));
          break;
        case PAGE_STATUS_ATTENTION:
          gtk_image_set_from_icon_name (GTK_IMAGE (status), "dialog-warning-symbolic");
          gtk_widget_add_css_class (status, "warning");
          gtk_widget_set_tooltip_text (status, _("Needs attention"));
          break;
        case PAGE_STATUS_NONE:
        default:
          gtk_image_clear (GTK_IMAGE (status));
          gtk_widget_set_tooltip_text (status, NULL);
          break;
        }
    }
}

static void
on_sidebar_row_selected (PlannerWindow *self,
                         GtkListBoxRow *row,
                         GtkListBox    *list)
{
  if (row == NULL)
    return;

  gtk_stack_set_visible_child_name (self->stack, gtk_widget_get_name (GTK_WIDGET (row)));
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_FORWARD);
}

static void
on_back_clicked (PlannerWindow *self,
                 GtkButton     *button)
{
  adw_leaflet_navigate (self->leaflet, ADW_NAVIGATION_DIRECTION_BACK);
}

static void
show_page_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  PlannerWindow *self = PLANNER_WINDOW (widget);
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->sidebar, g_variant_get_int32 (parameter));

  if (row != NULL)
    gtk_list_box_select_row (self->sidebar, row);
}

/* The job persists across starts as its own file format in GSettings. */
static void
restore_job (PlannerWindow *self)
{
  g_autofree char *data = g_settings_get_string (self->settings, "last-job");
  g_autoptr(GError) error = NULL;

  if (*data == '\0')
    {
      self->job = planner_job_new_example ();
      return;
    }

  self->job = planner_job_new ();
  if (!planner_job_load_from_data (self->job, data, -1, &error))
    {
      g_warning ("The last job could not be restored, showing the example: %s", error->message);
      g_clear_object (&self->job);
      self->job = planner_job_new_example ();
    }
}

static gboolean
planner_window_close_request (GtkWindow *window)
{
  PlannerWindow *self = PLANNER_WINDOW (window);
  g_autofree char *data = planner_job_to_data (self->job, NULL);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  g_settings_set_string (self->settings, "last-job", data);

  return GTK_WINDOW_CLASS (planner_window_parent_class)->close_request (window);
}

static void
planner_window_dispose (GObject *object)
{
  PlannerWindow *self = (PlannerWindow *)object;

  g_clear_handle_id (&self->analyze_source, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLANNER_TYPE_WINDOW);
  g_clear_object (&self->job);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->report, planner_report_unref);
  for (guint p = 0; p < G_N_ELEMENTS (self->problem_rows); p++)
    g_clear_pointer (&self->problem_rows[p], g_ptr_array_unref);
  g_clear_pointer (&self->memory_groups, g_ptr_array_unref);
  g_clear_pointer (&self->reason_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (planner_window_parent_class)->dispose (object);
}

static void
planner_window_class_init (PlannerWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = planner_window_dispose;
  window_class->close_request = planner_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, summary_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, expert_summary_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, memory_summary_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, PlannerWindow, toast_overlay);
  gtk_widget_class_bind_template_callback (widget_class, on_sidebar_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_back_clicked);

  gtk_widget_class_install_action (widget_class, "win.show-page", "i", show_page_action);
  for (int i = 0; i < 9; i++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, GDK_ALT_MASK,
                                         "win.show-page", "i", i);
}

static void
planner_window_init (PlannerWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  if (DEVELOPMENT_BUILD)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");

  self->settings = g_settings_new (APP_ID);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  restore_job (self);
  g_signal_connect_object (self->job, "changed", G_CALLBACK (on_job_changed), self, G_CONNECT_SWAPPED);

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      GtkWidget *page = pages[i].build != NULL ? pages[i].build (self) : build_placeholder_page (&pages[i]);

      gtk_stack_add_titled (self->stack, page, pages[i].name, _(pages[i].title));
      gtk_list_box_append (self->sidebar, build_sidebar_row (&pages[i]));
    }

  planner_window_update_report (self);
  gtk_list_box_select_row (self->sidebar, gtk_list_box_get_row_at_index (self->sidebar, 4));
}

PlannerWindow *
planner_window_new (PlannerApplication *application)
{
  return g_object_new (PLANNER_TYPE_WINDOW, "application", application, NULL);
}

PlannerJob *
planner_window_get_job (PlannerWindow *self)
{
  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);
  return self->job;
}

PlannerReport *
planner_window_get_report (PlannerWindow *self)
{
  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);
  return self->report;
}

GtkLabel *
_planner_window_get_summary_label (PlannerWindow *self)
{
  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);
  return self->summary_label;
}

GtkStack *
_planner_window_get_stack (PlannerWindow *self)
{
  g_return_val_if_fail (PLANNER_IS_WINDOW (self), NULL);
  return self->stack;
}

void
_planner_window_use_recommended (PlannerWindow *self)
{
  g_return_if_fail (PLANNER_IS_WINDOW (self));
  on_use_recommended_clicked (self, NULL);
}
