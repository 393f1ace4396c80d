/* planner-experts-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-experts-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-experts-page-private.h"
#include "planner-bind.h"
#include "planner-combo-factory.h"
#include "planner-expert-facts.h"
#include "planner-field.h"
#include "planner-flag-catalog.h"

#define GIB (1024.0 * 1024.0 * 1024.0)

struct _PlannerExpertsPage
{
  AdwBin               parent_instance;

  PlannerJob          *job;

  /* Template widgets */
  GtkStack            *stack;
  AdwStatusPage       *dense_page;

  /* Diagnostics about experts: warnings and errors on top, notes below. */
  AdwPreferencesGroup *attention_group;
  GPtrArray           *attention_rows;
  AdwPreferencesGroup *notes_group;
  GPtrArray           *note_rows;

  /* Expert layout */
  AdwActionRow        *ep_row;
  GtkSpinButton       *ep_spin;
  AdwActionRow        *etp_row;
  GtkSpinButton       *etp_spin;
  AdwActionRow        *grid_row;
  AdwActionRow        *carve_row;

  /* Memory saved by expert parallelism */
  AdwPreferencesGroup *memory_group;
  AdwActionRow        *headline_row;
  GtkImage            *headline_icon;
  AdwActionRow        *per_gpu_row;
  GtkLabel            *per_gpu_label;
  AdwActionRow        *ep1_row;
  GtkLabel            *ep1_label;
  AdwActionRow        *now_row;
  GtkLabel            *now_label;
  AdwActionRow        *state_row;

  /* Router and dispatcher */
  GtkLabel            *topk_label;
  AdwActionRow        *topk_row;
  AdwComboRow         *balancing_row;
  AdwActionRow        *aux_row;
  GtkSpinButton       *aux_spin;
  AdwComboRow         *dispatcher_row;
  AdwActionRow        *gemm_row;
  GtkSwitch           *gemm_switch;
  AdwActionRow        *overlap_row;
  GtkSwitch           *overlap_switch;

  /* What the page shows, for the tests */
  gboolean             is_moe;
  gboolean             have_figures;
  guint                experts_per_gpu;
  double               saved_fraction;
  double               bytes_at_ep1;
  double               bytes_now;
};

G_DEFINE_FINAL_TYPE (PlannerExpertsPage, planner_experts_page, ADW_TYPE_BIN)

/* Megatron's flags for the expert settings: a diagnostic involving one of
 * them (or any --moe-* flag, or a "moe." code) belongs on this page. */
static const char *expert_flags[] = {
  "--expert-model-parallel-size",
  "--expert-tensor-parallel-size",
  "--num-experts",
  "--overlap-moe-expert-parallel-comm",
  NULL
};

typedef struct
{
  const char *id;
  const char *label;
} Choice;

static const Choice balancing_choices[] = {
  { "aux_loss", N_("Auxiliary Loss") },
  { "seq_aux_loss", N_("Per-Sequence Loss") },
  { "global_aux_loss", N_("Global-Batch Loss") },
  { "sinkhorn", N_("Sinkhorn") },
  { "quantile_balancing", N_("Quantile Balancing") },
  { "none", N_("None") },
};

static const Choice dispatcher_choices[] = {
  { "allgather", N_("All-Gather") },
  { "alltoall", N_("All-to-All") },
  { "flex", N_("Flex") },
};

/* Helpers ------------------------------------------------------------------ */

static gboolean
is_aux_loss_type (const char *type)
{
  return g_strcmp0 (type, "aux_loss") == 0 ||
         g_strcmp0 (type, "seq_aux_loss") == 0 ||
         g_strcmp0 (type, "global_aux_loss") == 0;
}

/* "87.5" or "75": one decimal only when it says something. */
static char *
format_percent (double fraction)
{
  double percent = fraction * 100.0;

  if (ABS (percent - (double) (gint64) (percent + 0.5)) < 0.05)
    return g_strdup_printf ("%.0f", percent);
  return g_strdup_printf ("%.1f", percent);
}

static char *
format_gib (double bytes)
{
  /* Translators: a size in gibibytes. */
  return g_strdup_printf (_("%.1f GiB"), bytes / GIB);
}

/* A spin button or switch of the template, bound both ways to a job
 * property (as the window's form pages do). */
static void
bind_editor (PlannerExpertsPage *self,
             GtkWidget          *editor)
{
  const char *property = gtk_widget_get_name (editor);

  if (GTK_IS_SPIN_BUTTON (editor))
    g_object_bind_property (self->job, property, gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (editor)), "value",
                            G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  else
    g_object_bind_property (self->job, property, editor, "active", G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
}

/* A choice among Megatron's values for @flag, shown by label and bound to
 * the string property the row is named after. */
static void
fill_choice_row (PlannerExpertsPage *self,
                 AdwComboRow        *row,
                 const char         *flag,
                 const Choice       *choices,
                 guint               n_choices)
{
  const PlannerFlagInfo *info = planner_flag_catalog_lookup (flag);
  g_autoptr(GStrvBuilder) ids_builder = g_strv_builder_new ();
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);
  GStrv ids;

  /* Megatron's choices, in its order; a label where we have one. */
  g_assert (info != NULL && info->choices != NULL);
  for (guint i = 0; info->choices[i] != NULL; i++)
    {
      const char *label = info->choices[i];

      for (guint c = 0; c < n_choices; c++)
        {
          if (g_str_equal (choices[c].id, info->choices[i]))
            label = _(choices[c].label);
        }
      g_strv_builder_add (ids_builder, info->choices[i]);
      gtk_string_list_append (model, label);
    }
  ids = g_strv_builder_end (ids_builder);

  adw_combo_row_set_model (row, G_LIST_MODEL (model));
  planner_combo_factory_install (row);
  planner_bind_choice (G_OBJECT (self->job), gtk_widget_get_name (GTK_WIDGET (row)), row, ids);
}

static gboolean
diagnostic_is_about_experts (const PlannerDiagnostic *d)
{
  if (g_str_has_prefix (d->code, "moe."))
    return TRUE;
  for (guint f = 0; d->flags[f] != NULL; f++)
    {
      if (g_str_has_prefix (d->flags[f], "--moe-") ||
          g_strv_contains (expert_flags, d->flags[f]))
        return TRUE;
    }
  return FALSE;
}

static void
clear_rows (AdwPreferencesGroup *group,
            GPtrArray           *rows)
{
  for (guint i = 0; i < rows->len; i++)
    adw_preferences_group_remove (group, g_ptr_array_index (rows, i));
  g_ptr_array_set_size (rows, 0);
}

static void
add_diagnostic_row (AdwPreferencesGroup     *group,
                    GPtrArray               *rows,
                    const PlannerDiagnostic *d)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon;
  const char *icon_name, *css_class;

  switch (d->severity)
    {
    case PLANNER_SEVERITY_ERROR:
      icon_name = "dialog-error-symbolic";
      css_class = "error";
      break;
    case PLANNER_SEVERITY_WARNING:
      icon_name = "dialog-warning-symbolic";
      css_class = "warning";
      break;
    case PLANNER_SEVERITY_INFO:
    default:
      icon_name = "dialog-information-symbolic";
      css_class = "dim-label";
      break;
    }

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  {
    /* The document's report speaks the form's words (issue 19), as the problem list does. */
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), d->message);
    if (d->fix != NULL)
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), d->fix);
  }
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  icon = gtk_image_new_from_icon_name (icon_name);
  gtk_widget_add_css_class (icon, css_class);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  adw_preferences_group_add (group, row);
  g_ptr_array_add (rows, row);
}

/* Dense models ------------------------------------------------------------ */

static void
on_choose_model_clicked (PlannerExpertsPage *self)
{
  /* The window's "win.show-page" action; the Model page is the first. */
  gtk_widget_activate_action (GTK_WIDGET (self), "win.show-page", "i", 0);
}

static void
update_dense_page (PlannerExpertsPage *self)
{
  const PlannerModel *model = planner_model_lookup (planner_job_get_model_id (self->job));
  g_autofree char *what = NULL;
  g_autofree char *description = NULL;

  if (model != NULL)
    /* Translators: the model's name, e.g. "LLaMA-3 70B". */
    what = g_strdup_printf (_("%s has no experts."), model->name);
  else
    what = g_strdup (_("A custom-size model has no experts."));
  description = g_strdup_printf ("%s %s", what,
                                 _("Expert settings apply only to mixture-of-experts models, such as Mixtral, "
                                   "DeepSeek-V3 or Qwen3 MoE. This page stays in the sidebar: choose one of "
                                   "them on the Model page to plan its experts."));
  adw_status_page_set_description (self->dense_page, description);
}

/* Mixture-of-experts models ----------------------------------------------- */

static void
update_layout_group (PlannerExpertsPage       *self,
                     PlannerReport            *report,
                     const PlannerExpertFacts *facts)
{
  const PlannerLayout *layout = planner_report_get_layout (report);
  guint etp = planner_job_get_uint (self->job, "etp");
  guint32 num_experts = facts->num_experts;
  g_autofree char *ep_subtitle = NULL;
  g_autofree char *etp_subtitle = NULL;

  if (facts->ep_divides)
    ep_subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "Spreads the %u experts of each MoE layer: %u per GPU",
                                                "Spreads the %u experts of each MoE layer: %u per GPU",
                                                num_experts),
                                   num_experts, facts->experts_per_gpu);
  else
    ep_subtitle = g_strdup_printf (_("Must divide the %u experts of each MoE layer"), num_experts);
  adw_action_row_set_subtitle (self->ep_row, ep_subtitle);

  /* The field's own value: 0 is how the form says "not given". */
  if (etp == 0)
    etp_subtitle = g_strdup_printf (_("0 means the same as tensor parallel (TP %u)"), facts->tp);
  else if (facts->etp == 1)
    etp_subtitle = g_strdup (_("Each expert whole on one GPU: usually fastest with EP"));
  else
    etp_subtitle = g_strdup_printf (_("Each expert split over %u GPUs"), facts->etp);
  adw_action_row_set_subtitle (self->etp_row, etp_subtitle);

  if (layout != NULL)
    {
      g_autofree char *expert = NULL;
      g_autofree char *dense = planner_layout_describe (layout);
      g_autofree char *dense_line = NULL;
      g_autofree char *carve = NULL;
      const char *summary = planner_report_get_expert_summary (report);

      /* The report names the expert view when it differs from the dense
       * one; otherwise describe it here, it is the same layout. */
      expert = summary != NULL ? g_strdup (summary) : planner_layout_describe_expert (layout);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->grid_row), expert);
      /* Translators: the dense layout, "TP 4 × CP 1 × DP 4 × PP 4 = 64 GPUs". */
      dense_line = g_strdup_printf (_("Expert view of the same GPUs as %s"), dense);
      adw_action_row_set_subtitle (self->grid_row, dense_line);

      carve = g_strdup_printf (_("TP %u × CP %u × DP %u = ETP %u × EP %u × EDP %u = %u GPUs per pipeline "
                                 "stage. A guide that multiplies TP × PP × DP × EP counts DP as the "
                                 "expert-data-parallel size: EDP %u here, while Megatron’s DP is %u."),
                               layout->tp, layout->cp, layout->dp, layout->etp, layout->ep, layout->expert_dp,
                               layout->tp * layout->cp * layout->dp, layout->expert_dp, layout->dp);
      adw_action_row_set_subtitle (self->carve_row, carve);
      gtk_widget_remove_css_class (GTK_WIDGET (self->grid_row), "error");
    }
  else
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->grid_row), _("No Valid Layout"));
      adw_action_row_set_subtitle (self->grid_row, _("The expert view appears once the degrees multiply out"));
      adw_action_row_set_subtitle (self->carve_row,
                                   _("Once the degrees multiply out, ETP × EP × EDP equals TP × CP × DP "
                                     "on each pipeline stage. A guide that multiplies TP × PP × DP × EP "
                                     "counts DP as the expert-data-parallel size."));
      gtk_widget_add_css_class (GTK_WIDGET (self->grid_row), "error");
    }
}

/* The EP values Megatron accepts, "1, 2, 4 or 8", as the engine lists them. */
static char *
describe_choices (GArray *choices)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; choices != NULL && i < choices->len; i++)
    {
      if (i > 0)
        g_string_append (text, i + 1 == choices->len ? _(" or ") : ", ");
      g_string_append_printf (text, "%u", g_array_index (choices, guint32, i));
    }
  return g_string_free (text, FALSE);
}

/* The precision the engine counted the weights in, in a person's words. */
static const char *
precision_label (const PlannerExpertFacts *facts)
{
  if (facts->fp8)
    /* Translators: the precision of the expert weights */
    return _("BF16 with FP8 copies");
  switch (facts->precision)
    {
    case PLANNER_PRECISION_FP32: return "FP32";
    case PLANNER_PRECISION_FP16: return "FP16";
    case PLANNER_PRECISION_BF16:
    default:                     return "BF16";
    }
}

static void
set_headline (PlannerExpertsPage *self,
              const char         *text,
              const char         *detail,
              const char         *icon_name,
              const char         *css_class)
{
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->headline_row), text);
  adw_action_row_set_subtitle (self->headline_row, detail != NULL ? detail : "");
  gtk_image_set_from_icon_name (self->headline_icon, icon_name);
  gtk_widget_remove_css_class (GTK_WIDGET (self->headline_icon), "success");
  gtk_widget_remove_css_class (GTK_WIDGET (self->headline_icon), "warning");
  gtk_widget_remove_css_class (GTK_WIDGET (self->headline_icon), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->headline_icon), css_class);
}

static void
update_memory_figures (PlannerExpertsPage       *self,
                       const PlannerExpertFacts *facts)
{
  guint32 ep = facts->ep, etp = facts->etp, split = facts->ep * facts->etp;
  guint32 num_experts = facts->num_experts;
  g_autofree char *description = NULL;
  g_autofree char *now_title = NULL;
  g_autofree char *ep1 = NULL;
  g_autofree char *now = NULL;
  g_autofree char *percent = NULL;
  g_autofree char *headline = NULL;
  g_autofree char *per_gpu = NULL;
  g_autofree char *split_subtitle = NULL;
  g_autofree char *transfer = NULL;

  self->have_figures = TRUE;
  self->experts_per_gpu = facts->experts_per_gpu;
  self->saved_fraction = facts->saved_fraction;
  self->bytes_now = facts->weight_bytes;
  self->bytes_at_ep1 = facts->weight_bytes_at_ep1;

  ep1 = format_gib (self->bytes_at_ep1);
  now = format_gib (self->bytes_now);
  percent = format_percent (self->saved_fraction);

  description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              /* Translators: %s is the precision, "BF16" */
                                              "Routed expert weights in %s on each GPU of pipeline stage %u "
                                              "(%u layer), the most loaded.",
                                              "Routed expert weights in %s on each GPU of pipeline stage %u "
                                              "(%u layers), the most loaded.",
                                              facts->stage_layers),
                                 precision_label (facts), facts->stage, facts->stage_layers);
  adw_preferences_group_set_description (self->memory_group, description);

  transfer = g_strdup_printf (_("%s → %s of expert weights per GPU"), ep1, now);
  if (split == 1)
    {
      headline = g_strdup_printf (_("EP 1 keeps all %u experts on every GPU"), num_experts);
      g_clear_pointer (&transfer, g_free);
      transfer = g_strdup_printf (_("%s of expert weights per GPU; raising EP divides this by EP"), now);
    }
  else if (etp == 1)
    /* Translators: "EP 4 keeps 2 of 8 experts per GPU: 75% less expert-weight memory" */
    headline = g_strdup_printf (_("EP %u keeps %u of %u experts per GPU: %s%% less expert-weight memory"),
                                ep, facts->experts_per_gpu, num_experts, percent);
  else
    headline = g_strdup_printf (_("EP %u × ETP %u keeps %u of %u experts per GPU, each split %u ways: "
                                  "%s%% less expert-weight memory"),
                                ep, etp, facts->experts_per_gpu, num_experts, etp, percent);
  set_headline (self, headline, transfer, split == 1 ? "dialog-information-symbolic" : "emblem-ok-symbolic",
                split == 1 ? "dim-label" : "success");

  per_gpu = g_strdup_printf (_("%u of %u"), facts->experts_per_gpu, num_experts);
  gtk_label_set_text (self->per_gpu_label, per_gpu);
  gtk_label_set_text (self->ep1_label, ep1);
  adw_action_row_set_subtitle (self->ep1_row, _("Every GPU holds every expert whole (EP 1, ETP 1)"));
  if (etp > 1)
    now_title = g_strdup_printf (_("Expert Weights at EP %u × ETP %u"), ep, etp);
  else
    now_title = g_strdup_printf (_("Expert Weights at EP %u"), ep);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->now_row), now_title);
  gtk_label_set_text (self->now_label, now);
  split_subtitle = g_strdup_printf (_("%s%% less than at EP 1"), percent);
  adw_action_row_set_subtitle (self->now_row, split_subtitle);

  gtk_widget_set_visible (GTK_WIDGET (self->per_gpu_row), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->ep1_row), split > 1);
  gtk_widget_set_visible (GTK_WIDGET (self->now_row), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->state_row), TRUE);
}

static void
update_memory_group (PlannerExpertsPage       *self,
                     const PlannerExpertFacts *facts)
{
  self->have_figures = FALSE;
  self->experts_per_gpu = 0;
  self->saved_fraction = 0;
  self->bytes_at_ep1 = 0;
  self->bytes_now = 0;

  gtk_widget_set_visible (GTK_WIDGET (self->per_gpu_row), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->ep1_row), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->now_row), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->state_row), FALSE);
  adw_preferences_group_set_description (self->memory_group, NULL);

  switch (facts->memory)
    {
    case PLANNER_EXPERT_MEMORY_NO_MODEL_MATH:
      set_headline (self, _("The figures need the model’s dimensions: choose a model from the catalog."),
                    NULL, "dialog-information-symbolic", "dim-label");
      break;
    case PLANNER_EXPERT_MEMORY_EP_NOT_DIVISIBLE:
      {
        g_autofree char *choices = describe_choices (facts->ep_choices);
        g_autofree char *headline = NULL;

        headline = g_strdup_printf (_("%u experts cannot be shared evenly by EP %u: choose an EP of %s."),
                                    facts->num_experts, facts->ep, choices);
        set_headline (self, headline, NULL, "dialog-warning-symbolic", "warning");
      }
      break;
    case PLANNER_EXPERT_MEMORY_NO_ROUTED_EXPERTS:
      set_headline (self, _("No routed experts on any pipeline stage."), NULL, "dialog-information-symbolic",
                    "dim-label");
      break;
    case PLANNER_EXPERT_MEMORY_FIGURES:
    default:
      update_memory_figures (self, facts);
      break;
    }
}

/* Router and dispatcher --------------------------------------------------- */

static const char *
balancing_reason (const char *type)
{
  if (g_strcmp0 (type, "aux_loss") == 0)
    return _("Megatron’s default: a loss term evens out expert load");
  if (g_strcmp0 (type, "seq_aux_loss") == 0)
    return _("Evens load within each sequence, as DeepSeek-V3 does");
  if (g_strcmp0 (type, "global_aux_loss") == 0)
    return _("Evens load over the global batch: freer experts");
  if (g_strcmp0 (type, "sinkhorn") == 0)
    return _("Sinkhorn-normalised router scores; no loss term");
  if (g_strcmp0 (type, "quantile_balancing") == 0)
    return _("A per-expert bias from score quantiles; no loss term");
  if (g_strcmp0 (type, "none") == 0)
    return _("No balancing: a busy expert holds up the step");
  return _("A value this version of Launch Planner does not know");
}

/* What the expert-parallel overlap still needs, the first need the engine
 * finds unmet, said before the validator has to refuse it. */
static const char *
overlap_reason (PlannerEpOverlapNeed unmet)
{
  static const struct
  {
    PlannerEpOverlapNeed need;
    const char          *reason;
  } reasons[] = {
    { PLANNER_EP_OVERLAP_NEEDS_EP, N_("Hides the all-to-all behind compute; needs expert parallel above 1") },
    { PLANNER_EP_OVERLAP_NEEDS_DISPATCHER, N_("Needs the All-to-All or Flex dispatcher") },
    { PLANNER_EP_OVERLAP_NEEDS_HALF_PRECISION, N_("Needs BF16 or FP16 training") },
    { PLANNER_EP_OVERLAP_NO_FULL_RECOMPUTE, N_("Not with full recompute") },
    { PLANNER_EP_OVERLAP_NO_RECOMPUTE_METHOD, N_("Not with a recompute method") },
    { PLANNER_EP_OVERLAP_NO_RECOMPUTE_NUM_LAYERS, N_("Not with a number of recomputed layers") },
    { PLANNER_EP_OVERLAP_NO_MOE_RECOMPUTE, N_("Not with the MoE layer among the recomputed modules") },
    { PLANNER_EP_OVERLAP_NO_SHARED_EXPERT_OVERLAP, N_("Not with the shared-expert overlap") },
    { PLANNER_EP_OVERLAP_AT_MOST_ONE_MTP_LAYER, N_("Not with more than one multi-token prediction layer") },
    { PLANNER_EP_OVERLAP_NEEDS_VPP, N_("With pipeline parallel it needs virtual pipeline stages (VPP above 1)") },
    { PLANNER_EP_OVERLAP_NO_NCCLEP_FC1_OFFLOAD, N_("Not with expert FC1 offloading on the NCCL EP backend") },
    { PLANNER_EP_OVERLAP_NO_TE_GRAPH_MOE, N_("Not with MoE or MLP layers in Transformer Engine CUDA graphs") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (reasons); i++)
    {
      if (unmet & reasons[i].need)
        return _(reasons[i].reason);
    }
  return _("Hides the all-to-all behind another microbatch’s compute (one more warm-up microbatch)");
}

static void
update_router_group (PlannerExpertsPage       *self,
                     const PlannerExpertFacts *facts)
{
  const char *balancing = planner_job_get_string (self->job, "moe-router-load-balancing-type");
  const char *dispatcher = planner_job_get_string (self->job, "moe-token-dispatcher-type");
  double coeff = planner_job_get_double (self->job, "moe-aux-loss-coeff");
  gboolean grouped = planner_job_get_bool (self->job, "moe-grouped-gemm");
  guint ep = facts->ep;
  guint32 topk = facts->topk, num_experts = facts->num_experts;
  g_autofree char *topk_text = NULL;
  const char *reason;

  if (topk > 0)
    topk_text = g_strdup_printf (_("%u of %u"), topk, num_experts);
  gtk_label_set_text (self->topk_label, topk_text != NULL ? topk_text : "—");

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->balancing_row), balancing_reason (balancing));

  gtk_widget_set_sensitive (GTK_WIDGET (self->aux_row), is_aux_loss_type (balancing));
  if (!is_aux_loss_type (balancing))
    reason = _("Not used by this balancing type");
  else if (coeff == 0)
    reason = _("0, Megatron’s default, turns the loss off; 0.01 is common");
  else
    reason = _("Weight of the balancing loss; 0.01 is common");
  adw_action_row_set_subtitle (self->aux_row, reason);

  if (g_strcmp0 (dispatcher, "allgather") == 0)
    reason = ep > 1 ? _("Megatron’s default; with EP above 1, All-to-All is better")
                    : _("Megatron’s default; fine without expert parallelism");
  else if (g_strcmp0 (dispatcher, "alltoall") == 0)
    reason = ep > 1 ? _("Recommended with EP above 1: tokens go only where needed")
                    : _("Tokens go only to their experts’ GPUs; pays off with EP");
  else if (g_strcmp0 (dispatcher, "flex") == 0)
    reason = _("DeepEP or HybridEP kernels, which must be installed");
  else
    reason = _("A value this version of Launch Planner does not know");
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->dispatcher_row), reason);

  adw_action_row_set_subtitle (self->gemm_row,
                               grouped ? _("One kernel for all of a GPU’s experts; not on V100")
                                       : _("One GEMM per expert: slower with several per GPU"));

  adw_action_row_set_subtitle (self->overlap_row, overlap_reason (facts->overlap_unmet));
}

static void
update_diagnostics (PlannerExpertsPage *self,
                    PlannerReport      *report)
{
  GPtrArray *diagnostics = planner_report_get_diagnostics (report);

  clear_rows (self->attention_group, self->attention_rows);
  clear_rows (self->notes_group, self->note_rows);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (!diagnostic_is_about_experts (d))
        continue;
      if (d->severity == PLANNER_SEVERITY_INFO)
        add_diagnostic_row (self->notes_group, self->note_rows, d);
      else
        add_diagnostic_row (self->attention_group, self->attention_rows, d);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->attention_group), self->attention_rows->len > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->notes_group), self->note_rows->len > 0);
}

/* GObject ----------------------------------------------------------------- */

static void
planner_experts_page_dispose (GObject *object)
{
  PlannerExpertsPage *self = (PlannerExpertsPage *)object;

  g_clear_object (&self->job);
  g_clear_pointer (&self->attention_rows, g_ptr_array_unref);
  g_clear_pointer (&self->note_rows, g_ptr_array_unref);
  /* The stack is both AdwBin's child and a template child: let the bin
   * drop it first, or both would unparent it. */
  adw_bin_set_child (ADW_BIN (object), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_EXPERTS_PAGE);
  G_OBJECT_CLASS (planner_experts_page_parent_class)->dispose (object);
}

static void
planner_experts_page_class_init (PlannerExpertsPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = planner_experts_page_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-experts-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, stack);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, dense_page);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, attention_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, notes_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, ep_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, ep_spin);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, etp_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, etp_spin);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, grid_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, carve_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, memory_group);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, headline_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, headline_icon);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, per_gpu_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, per_gpu_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, ep1_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, ep1_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, now_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, now_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, state_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, topk_label);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, topk_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, balancing_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, aux_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, aux_spin);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, dispatcher_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, gemm_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, gemm_switch);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, overlap_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerExpertsPage, overlap_switch);
  gtk_widget_class_bind_template_callback (widget_class, on_choose_model_clicked);
}

static void
planner_experts_page_init (PlannerExpertsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->attention_rows = g_ptr_array_new ();
  self->note_rows = g_ptr_array_new ();
}

GtkWidget *
planner_experts_page_new (PlannerJob *job)
{
  PlannerExpertsPage *self;
  const PlannerModel *model;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  self = g_object_new (PLANNER_TYPE_EXPERTS_PAGE, NULL);
  self->job = g_object_ref (job);
  bind_editor (self, GTK_WIDGET (self->ep_spin));
  bind_editor (self, GTK_WIDGET (self->etp_spin));
  fill_choice_row (self, self->balancing_row, "--moe-router-load-balancing-type",
                   balancing_choices, G_N_ELEMENTS (balancing_choices));
  bind_editor (self, GTK_WIDGET (self->aux_spin));
  fill_choice_row (self, self->dispatcher_row, "--moe-token-dispatcher-type",
                   dispatcher_choices, G_N_ELEMENTS (dispatcher_choices));
  bind_editor (self, GTK_WIDGET (self->gemm_switch));
  bind_editor (self, GTK_WIDGET (self->overlap_switch));

  /* Until the first report: what the catalog says about the model. */
  model = planner_model_lookup (planner_job_get_model_id (job));
  self->is_moe = model != NULL && planner_model_is_moe (model);
  update_dense_page (self);
  gtk_stack_set_visible_child_name (self->stack, self->is_moe ? "moe" : "dense");
  return GTK_WIDGET (self);
}

void
planner_experts_page_update (PlannerExpertsPage *self,
                             PlannerReport      *report)
{
  g_autoptr(PlannerExpertFacts) facts = NULL;

  g_return_if_fail (PLANNER_IS_EXPERTS_PAGE (self));
  g_return_if_fail (report != NULL);

  facts = planner_expert_facts_new (report);
  self->is_moe = facts->num_experts > 0;

  if (!self->is_moe)
    {
      self->have_figures = FALSE;
      update_dense_page (self);
      gtk_stack_set_visible_child_name (self->stack, "dense");
      return;
    }

  update_diagnostics (self, report);
  update_layout_group (self, report, facts);
  update_memory_group (self, facts);
  update_router_group (self, facts);
  gtk_stack_set_visible_child_name (self->stack, "moe");
}

const char *
_planner_experts_page_get_state (PlannerExpertsPage *self)
{
  g_return_val_if_fail (PLANNER_IS_EXPERTS_PAGE (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

gboolean
_planner_experts_page_get_figures (PlannerExpertsPage *self,
                                   guint              *experts_per_gpu,
                                   double             *saved_fraction,
                                   double             *bytes_at_ep1,
                                   double             *bytes_now)
{
  gboolean have;

  g_return_val_if_fail (PLANNER_IS_EXPERTS_PAGE (self), FALSE);

  have = self->is_moe && self->have_figures;
  if (experts_per_gpu != NULL)
    *experts_per_gpu = have ? self->experts_per_gpu : 0;
  if (saved_fraction != NULL)
    *saved_fraction = have ? self->saved_fraction : 0;
  if (bytes_at_ep1 != NULL)
    *bytes_at_ep1 = have ? self->bytes_at_ep1 : 0;
  if (bytes_now != NULL)
    *bytes_now = have ? self->bytes_now : 0;
  return have;
}

const char *
_planner_experts_page_get_overlap_reason (PlannerExpertsPage *self)
{
  g_return_val_if_fail (PLANNER_IS_EXPERTS_PAGE (self), NULL);
  return adw_action_row_get_subtitle (self->overlap_row);
}

static GtkWidget *
find_named (GtkWidget  *widget,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

gboolean
planner_experts_page_focus_field (PlannerExpertsPage *self,
                                  const char         *property)
{
  GtkWidget *editor;

  g_return_val_if_fail (PLANNER_IS_EXPERTS_PAGE (self), FALSE);

  editor = find_named (GTK_WIDGET (self), property);
  return editor != NULL && gtk_widget_grab_focus (editor);
}
