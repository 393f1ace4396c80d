/* planner-rank-grid-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-rank-grid-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-rank-grid-page.h"
#include "planner-memory.h"

struct _PlannerRankGridPage
{
  AdwBin            parent_instance;

  GtkStack         *stack;
  AdwStatusPage    *empty;
  PlannerRankGrid  *grid;
  GtkDropDown      *color_by;
  GtkLabel         *legend;
  GtkLabel         *info;
  GtkToggleButton  *presentation;
  GtkNativeDialog  *chooser;
  gboolean          chooser_svg;
};

G_DEFINE_FINAL_TYPE (PlannerRankGridPage, planner_rank_grid_page, ADW_TYPE_BIN)

/* The dropdown's order, and how each value is named in the legend. */
static const struct
{
  PlannerRankGridColorBy  color_by;
  const char             *title;
} choices[] = {
  { PLANNER_RANK_GRID_COLOR_PP, N_("Pipeline stage") },
  { PLANNER_RANK_GRID_COLOR_TP, N_("Tensor parallel") },
  { PLANNER_RANK_GRID_COLOR_DP, N_("Data parallel") },
  { PLANNER_RANK_GRID_COLOR_CP, N_("Context parallel") },
  { PLANNER_RANK_GRID_COLOR_EP, N_("Expert parallel") },
};

static char *
value_name (PlannerRankGridColorBy color_by,
            guint                  value)
{
  switch (color_by)
    {
    case PLANNER_RANK_GRID_COLOR_PP: return g_strdup_printf (_("stage %u"), value);
    case PLANNER_RANK_GRID_COLOR_TP: return g_strdup_printf (_("tp %u"), value);
    case PLANNER_RANK_GRID_COLOR_DP: return g_strdup_printf (_("dp %u"), value);
    case PLANNER_RANK_GRID_COLOR_CP: return g_strdup_printf (_("cp %u"), value);
    case PLANNER_RANK_GRID_COLOR_EP: return g_strdup_printf (_("ep %u"), value);
    case PLANNER_RANK_GRID_COLOR_EXPERT_DP: return g_strdup_printf (_("edp %u"), value);
    case PLANNER_RANK_GRID_N_COLORS_BY:
    default: return g_strdup_printf ("%u", value);
    }
}

#define LEGEND_MAX 8

static void
show_toast (PlannerRankGridPage *self,
            const char          *text)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  if (overlay != NULL)
    adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), adw_toast_new (text));
}

static guint
current_choice (PlannerRankGridPage *self)
{
  guint position = gtk_drop_down_get_selected (self->color_by);

  return position < G_N_ELEMENTS (choices) ? position : 0;
}

static void
update_legend (PlannerRankGridPage *self)
{
  guint n = planner_rank_grid_get_n_values (self->grid);
  PlannerRankGridColorBy color_by = planner_rank_grid_get_color_by (self->grid);
  g_autoptr(GString) markup = g_string_new (NULL);

  for (guint v = 0; v < MIN (n, LEGEND_MAX); v++)
    {
      g_autofree char *name = value_name (color_by, v);
      g_autofree char *escaped = g_markup_escape_text (name, -1);
      GdkRGBA color;

      planner_rank_grid_get_value_color (self->grid, v, &color);
      g_string_append_printf (markup, "%s<span foreground=\"#%02x%02x%02x\" fgalpha=\"%u%%\">■</span> %s",
                              v > 0 ? "   " : "",
                              (guint) (color.red * 255 + .5), (guint) (color.green * 255 + .5),
                              (guint) (color.blue * 255 + .5), (guint) (color.alpha * 100 + .5), escaped);
    }
  if (n > LEGEND_MAX)
    {
      /* Translators: after the first few legend entries; %u is how many values there are. */
      g_autofree char *more = g_strdup_printf (_("   … %u in all, colours repeat every 12"), n);

      g_string_append (markup, more);
    }
  gtk_label_set_markup (self->legend, markup->str);
}

static void
update_info (PlannerRankGridPage *self)
{
  int rank = planner_rank_grid_get_hovered_rank (self->grid);
  g_autofree char *text = NULL;

  if (rank < 0)
    rank = planner_rank_grid_get_selected_rank (self->grid);
  text = planner_rank_grid_describe_rank (self->grid, rank);
  gtk_label_set_text (self->info, text != NULL ? text : _("Point at a GPU or select one to see its groups"));
}

static void
on_color_by_selected (PlannerRankGridPage *self)
{
  planner_rank_grid_set_color_by (self->grid, choices[current_choice (self)].color_by);
  update_legend (self);
}

/* The grid may also be changed directly (tests, a future action): the
 * dropdown and the legend follow it. */
static void
on_grid_color_by (PlannerRankGridPage *self)
{
  PlannerRankGridColorBy color_by = planner_rank_grid_get_color_by (self->grid);

  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    {
      if (choices[i].color_by == color_by && gtk_drop_down_get_selected (self->color_by) != i)
        gtk_drop_down_set_selected (self->color_by, i);
    }
  update_legend (self);
}

static void
on_grid_presentation (PlannerRankGridPage *self)
{
  if (planner_rank_grid_get_presentation (self->grid))
    gtk_widget_add_css_class (GTK_WIDGET (self), "presentation");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "presentation");
}

static void
on_chooser_response (PlannerRankGridPage *self,
                     int                  response,
                     GtkNativeDialog     *chooser)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      path = file != NULL ? g_file_get_path (file) : NULL;
      if (path == NULL)
        show_toast (self, _("Only local files can be written"));
      else if (self->chooser_svg ? planner_rank_grid_save_svg (self->grid, path, &error)
                                 : planner_rank_grid_save_png (self->grid, path, &error))
        {
          g_autofree char *name = g_file_get_basename (file);
          g_autofree char *message = g_strdup_printf (_("Exported %s"), name);

          show_toast (self, message);
        }
      else
        show_toast (self, error->message);
    }
  g_clear_object (&self->chooser);
}

static void
export (PlannerRankGridPage *self,
        gboolean             svg)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *chooser;

  /* Through the portal in the Flatpak: the app sees only the chosen file. */
  chooser = gtk_file_chooser_native_new (svg ? _("Export Rank Grid as SVG") : _("Export Rank Grid as PNG"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), svg ? "rank-grid.svg" : "rank-grid.png");
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_chooser_response), self, G_CONNECT_SWAPPED);
  g_clear_object (&self->chooser);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  self->chooser_svg = svg;
  gtk_native_dialog_show (self->chooser);
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
planner_rank_grid_page_dispose (GObject *object)
{
  PlannerRankGridPage *self = (PlannerRankGridPage *)object;

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);

  G_OBJECT_CLASS (planner_rank_grid_page_parent_class)->dispose (object);
}

static void
planner_rank_grid_page_class_init (PlannerRankGridPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = planner_rank_grid_page_dispose;
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

static void
planner_rank_grid_page_init (PlannerRankGridPage *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *toolbar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new_with_mnemonic (_("C_olour by"));
  GtkWidget *spacer = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    gtk_string_list_append (model, _(choices[i].title));
  self->color_by = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (model)), NULL));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->color_by));
  g_signal_connect_object (self->color_by, "notify::selected", G_CALLBACK (on_color_by_selected), self,
                           G_CONNECT_SWAPPED);

  self->presentation = GTK_TOGGLE_BUTTON (gtk_toggle_button_new_with_mnemonic (_("_Presentation")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->presentation), _("Bigger cells and labels for a projector"));

  gtk_widget_set_hexpand (spacer, TRUE);
  gtk_box_append (GTK_BOX (toolbar), label);
  gtk_box_append (GTK_BOX (toolbar), GTK_WIDGET (self->color_by));
  gtk_box_append (GTK_BOX (toolbar), spacer);
  gtk_box_append (GTK_BOX (toolbar), GTK_WIDGET (self->presentation));
  gtk_box_append (GTK_BOX (toolbar), toolbar_button (self, _("Export P_NG…"), _("Save the grid as a picture"),
                                                     G_CALLBACK (on_export_png_clicked)));
  gtk_box_append (GTK_BOX (toolbar), toolbar_button (self, _("Export _SVG…"), _("Save the grid as a drawing"),
                                                     G_CALLBACK (on_export_svg_clicked)));

  self->legend = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->legend, 0);
  gtk_label_set_wrap (self->legend, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->legend), "rank-grid-legend");

  self->info = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->info, 0);
  gtk_label_set_wrap (self->info, TRUE);
  gtk_label_set_selectable (self->info, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->info), "rank-grid-info");
  gtk_widget_add_css_class (GTK_WIDGET (self->info), "dim-label");

  gtk_box_append (GTK_BOX (header), toolbar);
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (self->legend));
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (self->info));
  gtk_widget_set_margin_start (header, 12);
  gtk_widget_set_margin_end (header, 12);
  gtk_widget_set_margin_top (header, 12);
  gtk_widget_set_margin_bottom (header, 12);

  self->grid = PLANNER_RANK_GRID (planner_rank_grid_new ());
  gtk_widget_set_halign (GTK_WIDGET (self->grid), GTK_ALIGN_START);
  gtk_widget_set_valign (GTK_WIDGET (self->grid), GTK_ALIGN_START);
  g_signal_connect_object (self->grid, "notify::hovered-rank", G_CALLBACK (update_info), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->grid, "notify::selected-rank", G_CALLBACK (update_info), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->grid, "notify::color-by", G_CALLBACK (on_grid_color_by), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->grid, "notify::presentation", G_CALLBACK (on_grid_presentation), self,
                           G_CONNECT_SWAPPED);
  g_object_bind_property (self->grid, "presentation", self->presentation, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->grid));
  gtk_widget_set_vexpand (scrolled, TRUE);

  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (box), scrolled);

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

void
planner_rank_grid_page_update (PlannerRankGridPage *self,
                               const PlannerLayout *layout,
                               guint                gpus_per_node,
                               const PlannerConfig *config)
{
  g_return_if_fail (PLANNER_IS_RANK_GRID_PAGE (self));

  if (layout != NULL && layout->world_size > PLANNER_RANK_GRID_MAX_GPUS)
    {
      g_autofree char *description =
        g_strdup_printf (_("The grid draws up to %u GPUs; this layout has %u."),
                         PLANNER_RANK_GRID_MAX_GPUS, layout->world_size);

      adw_status_page_set_title (self->empty, _("Too Many GPUs to Draw"));
      adw_status_page_set_description (self->empty, description);
      layout = NULL;
    }
  else
    {
      adw_status_page_set_title (self->empty, _("No Valid Layout"));
      adw_status_page_set_description (self->empty,
                                       _("Fix the parallel degrees on the Parallelism page to see which GPU holds which rank."));
    }

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

  gtk_stack_set_visible_child_name (self->stack, layout != NULL ? "grid" : "empty");
  update_legend (self);
  update_info (self);
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
  return gtk_label_get_text (self->legend);
}
