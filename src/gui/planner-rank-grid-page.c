/* planner-rank-grid-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-rank-grid-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-combo-factory.h"
#include "planner-memory.h"
#include "planner-picture-export.h"
#include "planner-presentation.h"
#include "planner-rank-grid-page.h"

#define EXPORT_WIDTH 1920.
#define LEGEND_TEXT_MAX 8

struct _PlannerRankGridPage
{
  AdwBin            parent_instance;

  GtkStack         *stack;
  AdwStatusPage    *empty;
  PlannerRankGrid  *grid;
  GtkDropDown      *color_by;
  GtkLabel         *info;
  char             *legend;
  gboolean          syncing;
};

G_DEFINE_FINAL_TYPE (PlannerRankGridPage, planner_rank_grid_page, ADW_TYPE_BIN)

/* The dropdown's order: "Automatic" first, then the dimensions. */
static const struct
{
  int         color_by;   /* −1: automatic */
  const char *title;
} choices[] = {
  { -1, N_("Automatic") },
  { PLANNER_RANK_GRID_COLOR_PP, N_("Pipeline stage") },
  { PLANNER_RANK_GRID_COLOR_TP, N_("Tensor parallel") },
  { PLANNER_RANK_GRID_COLOR_DP, N_("Data parallel") },
  { PLANNER_RANK_GRID_COLOR_CP, N_("Context parallel") },
  { PLANNER_RANK_GRID_COLOR_EP, N_("Expert parallel") },
  { PLANNER_RANK_GRID_COLOR_EXPERT_DP, N_("Expert data parallel") },
};

static void
update_legend (PlannerRankGridPage *self)
{
  guint n = planner_rank_grid_get_n_values (self->grid);
  PlannerGridColorBy color_by = (PlannerGridColorBy) planner_rank_grid_get_color_by (self->grid);
  GString *text = g_string_new (NULL);

  if (n > 0)
    {
      g_string_append_printf (text, _("Colour: %s ·"), planner_grid_color_by_title (color_by));
      for (guint v = 0; v < MIN (n, LEGEND_TEXT_MAX); v++)
        g_string_append_printf (text, " %s%u", planner_grid_color_by_short_name (color_by), v);
      if (n > LEGEND_TEXT_MAX)
        g_string_append_printf (text, _(" … %u in all"), n);
    }
  g_free (self->legend);
  self->legend = g_string_free (text, FALSE);
}

static void
update_info (PlannerRankGridPage *self)
{
  int rank = planner_rank_grid_get_hovered_rank (self->grid);
  g_autofree char *text = NULL;

  if (rank < 0)
    rank = planner_rank_grid_get_selected_rank (self->grid);
  text = planner_rank_grid_describe_rank (self->grid, rank);
  gtk_label_set_text (self->info, text != NULL ? text
                      : _("Point at a GPU or select one to see its groups · + and − zoom, 0 fits"));
}

static void
on_color_by_selected (PlannerRankGridPage *self)
{
  guint position = gtk_drop_down_get_selected (self->color_by);

  if (self->syncing || position >= G_N_ELEMENTS (choices))
    return;
  if (choices[position].color_by < 0)
    planner_rank_grid_set_color_by_auto (self->grid);
  else
    planner_rank_grid_set_color_by (self->grid, (PlannerRankGridColorBy) choices[position].color_by);
  update_legend (self);
}

/* The grid may also be changed directly (tests, presentation): the
 * dropdown and the legend follow it. */
static void
on_grid_color_by (PlannerRankGridPage *self)
{
  PlannerRankGridColorBy color_by = planner_rank_grid_get_color_by (self->grid);
  guint position = 0;

  if (!planner_rank_grid_get_color_by_auto (self->grid))
    for (guint i = 1; i < G_N_ELEMENTS (choices); i++)
      if (choices[i].color_by == (int) color_by)
        position = i;
  self->syncing = TRUE;
  if (gtk_drop_down_get_selected (self->color_by) != position)
    gtk_drop_down_set_selected (self->color_by, position);
  self->syncing = FALSE;
  update_legend (self);
}

static void
export (PlannerRankGridPage *self,
        gboolean             svg)
{
  PlannerPictureData *data = planner_rank_grid_get_data (self->grid);
  g_autoptr(PlannerScene) scene = NULL;
  PlannerGridOptions options;

  if (data == NULL)
    return;
  planner_rank_grid_get_options (self->grid, &options);
  scene = planner_picture_export (PLANNER_PICTURE_GRID, data, NULL, &options, EXPORT_WIDTH);
  planner_picture_export_choose (GTK_WIDGET (self), scene, svg, svg ? "rank-grid.svg" : "rank-grid.png");
}

static void
on_export_png_clicked (PlannerRankGridPage *self)
{
  export (self, FALSE);
}

static void
on_export_svg_clicked (PlannerRankGridPage *self)
{
  export (self, TRUE);
}

static void
on_present_clicked (PlannerRankGridPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  PlannerPictureData *data = planner_rank_grid_get_data (self->grid);
  GtkWidget *presentation;

  if (data == NULL)
    return;
  presentation = planner_presentation_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, data, NULL);
  gtk_window_present (GTK_WINDOW (presentation));
}

static void
on_zoom_clicked (PlannerRankGridPage *self,
                 GtkButton           *button)
{
  gtk_widget_activate_action (GTK_WIDGET (self->grid), g_object_get_data (G_OBJECT (button), "action"), NULL);
}

static void
planner_rank_grid_page_finalize (GObject *object)
{
  PlannerRankGridPage *self = (PlannerRankGridPage *)object;

  g_free (self->legend);
  G_OBJECT_CLASS (planner_rank_grid_page_parent_class)->finalize (object);
}

static void
planner_rank_grid_page_class_init (PlannerRankGridPageClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = planner_rank_grid_page_finalize;
}

static GtkWidget *
toolbar_button (PlannerRankGridPage *self,
                const char          *label,
                const char          *tooltip,
                GCallback            callback)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_tooltip_text (button, tooltip);
  g_signal_connect_object (button, "clicked", callback, self, G_CONNECT_SWAPPED);
  return button;
}

static GtkWidget *
zoom_button (PlannerRankGridPage *self,
             const char          *icon,
             const char          *tooltip,
             const char          *action)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  g_object_set_data (G_OBJECT (button), "action", (gpointer) action);
  g_signal_connect_object (button, "clicked", G_CALLBACK (on_zoom_clicked), self, G_CONNECT_SWAPPED);
  return button;
}

static void
planner_rank_grid_page_init (PlannerRankGridPage *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *toolbar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *zoom = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *label = gtk_label_new_with_mnemonic (_("C_olour by"));
  GtkWidget *spacer = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    gtk_string_list_append (model, _(choices[i].title));
  self->color_by = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (model)), NULL));
  planner_combo_factory_install_drop_down (self->color_by);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->color_by));
  g_signal_connect_object (self->color_by, "notify::selected", G_CALLBACK (on_color_by_selected), self,
                           G_CONNECT_SWAPPED);

  gtk_widget_add_css_class (zoom, "linked");
  gtk_box_append (GTK_BOX (zoom), zoom_button (self, "zoom-out-symbolic", _("Zoom Out (−)"), "rank-grid.zoom-out"));
  gtk_box_append (GTK_BOX (zoom), zoom_button (self, "zoom-fit-best-symbolic", _("Fit the Window (0)"),
                                               "rank-grid.zoom-fit"));
  gtk_box_append (GTK_BOX (zoom), zoom_button (self, "zoom-in-symbolic", _("Zoom In (+)"), "rank-grid.zoom-in"));

  gtk_widget_set_hexpand (spacer, TRUE);
  gtk_box_append (GTK_BOX (toolbar), label);
  gtk_box_append (GTK_BOX (toolbar), GTK_WIDGET (self->color_by));
  gtk_box_append (GTK_BOX (toolbar), zoom);
  gtk_box_append (GTK_BOX (toolbar), spacer);
  gtk_box_append (GTK_BOX (toolbar), toolbar_button (self, _("Export P_NG…"), _("Save the grid for slides (1920 pixels wide)"),
                                                     G_CALLBACK (on_export_png_clicked)));
  gtk_box_append (GTK_BOX (toolbar), toolbar_button (self, _("Export _SVG…"), _("Save the grid as a drawing"),
                                                     G_CALLBACK (on_export_svg_clicked)));
  gtk_box_append (GTK_BOX (toolbar), toolbar_button (self, _("_Present"),
                                                     _("Every picture full screen for a projector; arrow keys step, Esc leaves"),
                                                     G_CALLBACK (on_present_clicked)));

  self->info = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->info, 0);
  gtk_label_set_wrap (self->info, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->info), "rank-grid-info");
  gtk_widget_add_css_class (GTK_WIDGET (self->info), "dim-label");

  gtk_box_append (GTK_BOX (header), toolbar);
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (self->info));
  gtk_widget_set_margin_start (header, 12);
  gtk_widget_set_margin_end (header, 12);
  gtk_widget_set_margin_top (header, 12);
  gtk_widget_set_margin_bottom (header, 6);

  self->grid = PLANNER_RANK_GRID (planner_rank_grid_new ());
  g_signal_connect_object (self->grid, "notify::hovered-rank", G_CALLBACK (update_info), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->grid, "notify::selected-rank", G_CALLBACK (update_info), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->grid, "notify::color-by", G_CALLBACK (on_grid_color_by), self, G_CONNECT_SWAPPED);

  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->grid));

  self->empty = ADW_STATUS_PAGE (adw_status_page_new ());
  adw_status_page_set_icon_name (self->empty, "view-app-grid-symbolic");
  adw_status_page_set_title (self->empty, _("No Valid Layout"));
  adw_status_page_set_description (self->empty,
                                   _("Fix the parallel degrees on the Parallelism page to see which GPU holds which rank."));

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_add_named (self->stack, box, "grid");
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->empty), "empty");
  gtk_stack_set_visible_child_name (self->stack, "empty");
  adw_bin_set_child (ADW_BIN (self), GTK_WIDGET (self->stack));
  gtk_widget_add_css_class (GTK_WIDGET (self), "rank-grid-page");

  update_legend (self);
  update_info (self);
}

GtkWidget *
planner_rank_grid_page_new (void)
{
  return g_object_new (PLANNER_TYPE_RANK_GRID_PAGE, NULL);
}

static void
show_layout (PlannerRankGridPage *self,
             const PlannerLayout *layout)
{
  if (layout != NULL && layout->world_size > PLANNER_RANK_GRID_MAX_GPUS)
    {
      g_autofree char *description =
        g_strdup_printf (_("The grid draws up to %u GPUs; this layout has %u."),
                         PLANNER_RANK_GRID_MAX_GPUS, layout->world_size);

      adw_status_page_set_title (self->empty, _("Too Many GPUs to Draw"));
      adw_status_page_set_description (self->empty, description);
    }
  else
    {
      adw_status_page_set_title (self->empty, _("No Valid Layout"));
      adw_status_page_set_description (self->empty,
                                       _("Fix the parallel degrees on the Parallelism page to see which GPU holds which rank."));
    }
  gtk_stack_set_visible_child_name (self->stack, planner_rank_grid_get_layout (self->grid) != NULL ? "grid" : "empty");
  update_legend (self);
  update_info (self);
}

void
planner_rank_grid_page_set_data (PlannerRankGridPage *self,
                                 PlannerPictureData  *data)
{
  PlannerReport *report;
  const PlannerConfig *config;
  const PlannerLayout *layout;

  g_return_if_fail (PLANNER_IS_RANK_GRID_PAGE (self));

  planner_rank_grid_set_data (self->grid, data);
  layout = data != NULL ? planner_picture_data_get_layout (data) : NULL;
  report = data != NULL ? planner_picture_data_get_report (data) : NULL;
  config = report != NULL ? planner_report_get_config (report) : NULL;
  if (layout != NULL && config != NULL && config->layout.pp == layout->pp)
    {
      g_autofree guint32 *layers = g_new (guint32, layout->pp);

      for (guint32 s = 0; s < layout->pp; s++)
        layers[s] = planner_memory_stage_layers (config, s);
      planner_rank_grid_set_stage_layers (self->grid, layers, layout->pp);
    }
  show_layout (self, layout);
}

void
planner_rank_grid_page_set_report (PlannerRankGridPage *self,
                                   PlannerJob          *job,
                                   PlannerReport       *report)
{
  g_autoptr(PlannerPictureData) data = NULL;

  g_return_if_fail (PLANNER_IS_RANK_GRID_PAGE (self));
  g_return_if_fail (PLANNER_IS_JOB (job));

  data = planner_picture_data_new (job, report);
  planner_rank_grid_page_set_data (self, data);
}

void
planner_rank_grid_page_update (PlannerRankGridPage *self,
                               const PlannerLayout *layout,
                               guint                gpus_per_node,
                               const PlannerConfig *config)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID_PAGE (self));

  planner_rank_grid_set_layout (self->grid, layout, gpus_per_node);
  if (layout != NULL && config != NULL && config->layout.pp == layout->pp)
    {
      g_autofree guint32 *layers = g_new (guint32, layout->pp);

      for (guint32 s = 0; s < layout->pp; s++)
        layers[s] = planner_memory_stage_layers (config, s);
      planner_rank_grid_set_stage_layers (self->grid, layers, layout->pp);
    }
  else
    planner_rank_grid_set_stage_layers (self->grid, NULL, 0);
  show_layout (self, layout);
}

PlannerRankGrid *
planner_rank_grid_page_get_grid (PlannerRankGridPage *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID_PAGE (self), NULL);
  return self->grid;
}

const char *
planner_rank_grid_page_get_info (PlannerRankGridPage *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID_PAGE (self), NULL);
  return gtk_label_get_text (self->info);
}

const char *
planner_rank_grid_page_get_legend (PlannerRankGridPage *self)
{
  g_return_val_if_fail (PLANNER_IS_RANK_GRID_PAGE (self), NULL);
  return self->legend;
}
