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

  /* Template widgets */
  GtkStack         *stack;
  AdwStatusPage    *empty;
  PlannerRankGrid  *grid;
  GtkDropDown      *color_by;
  GtkLabel         *info;

  char             *legend;
  gboolean          syncing;
};

G_DEFINE_FINAL_TYPE (PlannerRankGridPage, planner_rank_grid_page, ADW_TYPE_BIN)

/* The dropdown's order (its titles are in the template): "Automatic"
 * first, then the dimensions. */
static const struct
{
  int         color_by;   /* −1: automatic */
} choices[] = {
  { -1 },
  { PLANNER_RANK_GRID_COLOR_PP },
  { PLANNER_RANK_GRID_COLOR_TP },
  { PLANNER_RANK_GRID_COLOR_DP },
  { PLANNER_RANK_GRID_COLOR_CP },
  { PLANNER_RANK_GRID_COLOR_EP },
  { PLANNER_RANK_GRID_COLOR_EXPERT_DP },
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

/* The zoom actions are the grid's own; the buttons sit beside it, not in it. */
static void
on_zoom_out_clicked (PlannerRankGridPage *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self->grid), "rank-grid.zoom-out", NULL);
}

static void
on_zoom_fit_clicked (PlannerRankGridPage *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self->grid), "rank-grid.zoom-fit", NULL);
}

static void
on_zoom_in_clicked (PlannerRankGridPage *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self->grid), "rank-grid.zoom-in", NULL);
}

static void
planner_rank_grid_page_dispose (GObject *object)
{
  /* The stack is both AdwBin's child and a template child: let the bin
   * drop it first, or both would unparent it. */
  adw_bin_set_child (ADW_BIN (object), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_RANK_GRID_PAGE);
  G_OBJECT_CLASS (planner_rank_grid_page_parent_class)->dispose (object);
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
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = planner_rank_grid_page_dispose;
  object_class->finalize = planner_rank_grid_page_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-rank-grid-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerRankGridPage, stack);
  gtk_widget_class_bind_template_child (widget_class, PlannerRankGridPage, empty);
  gtk_widget_class_bind_template_child (widget_class, PlannerRankGridPage, grid);
  gtk_widget_class_bind_template_child (widget_class, PlannerRankGridPage, color_by);
  gtk_widget_class_bind_template_child (widget_class, PlannerRankGridPage, info);
  gtk_widget_class_bind_template_callback (widget_class, on_color_by_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_grid_color_by);
  gtk_widget_class_bind_template_callback (widget_class, update_info);
  gtk_widget_class_bind_template_callback (widget_class, on_zoom_out_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_zoom_fit_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_zoom_in_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_export_png_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_export_svg_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_present_clicked);
}

static void
planner_rank_grid_page_init (PlannerRankGridPage *self)
{
  g_type_ensure (PLANNER_TYPE_RANK_GRID);
  gtk_widget_init_template (GTK_WIDGET (self));
  planner_combo_factory_install_drop_down (self->color_by);
  gtk_stack_set_visible_child_name (self->stack, "empty");

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
