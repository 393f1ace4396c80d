/* planner-presentation.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-presentation"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "planner-compare-view.h"
#include "planner-memory-chart.h"
#include "planner-presentation.h"
#include "planner-rank-grid.h"
#include "planner-schedule-view.h"

/* One slide: a picture (or a part of the comparison) under its title
 * and layout line, in type a room can read. */
typedef struct
{
  PlannerPictureKind  kind;
  PlannerComparePart  part;
  GtkWidget          *page;    /* the title, the lines and the view */
  GtkWidget          *view;
  GtkLabel           *title;
  GtkLabel           *lines[2];
} Slide;

#define MAX_SLIDES (PLANNER_N_PICTURES + PLANNER_N_COMPARE_PARTS)

struct _PlannerPresentation
{
  AdwWindow   parent_instance;

  /* Template widgets */
  GtkStack   *stack;
  GtkLabel   *caption;

  Slide       slides[MAX_SLIDES];
  guint       n_slides;
  guint       current;   /* index into slides */
  double      font;      /* the base text size in px, from the screen's height */
  guint       refont_id;
};

G_DEFINE_FINAL_TYPE (PlannerPresentation, planner_presentation, ADW_TYPE_WINDOW)

static const char *
picture_title (PlannerPictureKind kind)
{
  switch (kind)
    {
    case PLANNER_PICTURE_GRID: return _("Rank grid");
    case PLANNER_PICTURE_SCHEDULE: return _("Pipeline schedule");
    case PLANNER_PICTURE_MEMORY: return _("Memory per GPU");
    case PLANNER_PICTURE_COMPARE: return _("Two layouts side by side");
    case PLANNER_N_PICTURES:
    default: return "";
    }
}

static const char *
slide_title (const Slide *slide)
{
  return slide->kind == PLANNER_PICTURE_COMPARE ? planner_compare_part_title (slide->part) : picture_title (slide->kind);
}

static guint
n_pictures (PlannerPresentation *self)
{
  gboolean seen[PLANNER_N_PICTURES] = { FALSE, };
  guint n = 0;

  for (guint i = 0; i < self->n_slides; i++)
    seen[self->slides[i].kind] = TRUE;
  for (guint k = 0; k < PLANNER_N_PICTURES; k++)
    n += seen[k];
  return n;
}

static void
show (PlannerPresentation *self,
      guint                index)
{
  g_autofree char *caption = NULL;

  if (index >= self->n_slides)
    return;
  self->current = index;
  gtk_stack_set_visible_child (self->stack, self->slides[index].page);
  /* Translators: the presentation's caption, "2 / 7 · Pipeline schedule", then the keys */
  caption = g_strdup_printf (_("%u / %u · %s     ← → step through the slides · Esc leaves"), index + 1,
                             self->n_slides, slide_title (&self->slides[index]));
  gtk_label_set_text (self->caption, caption);
}

static void
step (PlannerPresentation *self,
      int                  direction)
{
  int index = (int) self->current + direction;

  if (index >= 0 && index < (int) self->n_slides)
    show (self, (guint) index);
}

static void
set_label_size (GtkLabel *label,
                double    px,
                gboolean  bold)
{
  PangoAttrList *attrs = pango_attr_list_new ();

  pango_attr_list_insert (attrs, pango_attr_size_new_absolute ((int) round (px * PANGO_SCALE)));
  if (bold)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  gtk_label_set_attributes (label, attrs);
  pango_attr_list_unref (attrs);
}

/* A room's type: the base text is a 36th of the screen's height (30 px
 * at 1080p), the titles half as large again, cell labels at least 24 px. */
static void
apply_font (PlannerPresentation *self,
            double               font)
{
  self->font = font;
  set_label_size (self->caption, font * 0.8, FALSE);
  for (guint i = 0; i < self->n_slides; i++)
    {
      Slide *slide = &self->slides[i];

      set_label_size (slide->title, font * 1.5, TRUE);
      for (guint l = 0; l < G_N_ELEMENTS (slide->lines); l++)
        if (slide->lines[l] != NULL)
          set_label_size (slide->lines[l], font, FALSE);
      if (PLANNER_IS_RANK_GRID (slide->view))
        planner_rank_grid_set_presentation_font (PLANNER_RANK_GRID (slide->view), font);
      else
        planner_picture_view_set_presentation_font (PLANNER_PICTURE_VIEW (slide->view), font);
    }
}

static double
font_for_height (int height)
{
  return MAX (height, 480) / 36.;
}

static gboolean
refont (gpointer user_data)
{
  PlannerPresentation *self = user_data;

  self->refont_id = 0;
  apply_font (self, font_for_height (gtk_widget_get_height (GTK_WIDGET (self))));
  return G_SOURCE_REMOVE;
}

/* The type follows the window's height (a projector, a laptop); set
 * after the allocation, never during it. */
static void
planner_presentation_size_allocate (GtkWidget *widget,
                                    int        width,
                                    int        height,
                                    int        baseline)
{
  PlannerPresentation *self = PLANNER_PRESENTATION (widget);

  GTK_WIDGET_CLASS (planner_presentation_parent_class)->size_allocate (widget, width, height, baseline);
  if (height > 0 && fabs (font_for_height (height) - self->font) > 0.5 && self->refont_id == 0)
    self->refont_id = g_idle_add (refont, self);
}

static void
on_default_height (PlannerPresentation *self)
{
  int width, height;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (height > 0)
    apply_font (self, font_for_height (height));
}

static void
planner_presentation_dispose (GObject *object)
{
  PlannerPresentation *self = PLANNER_PRESENTATION (object);

  g_clear_handle_id (&self->refont_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_PRESENTATION);
  G_OBJECT_CLASS (planner_presentation_parent_class)->dispose (object);
}

static gboolean
on_key_pressed (PlannerPresentation   *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  GtkWidget *grid = self->n_slides > 0 ? self->slides[self->current].view : NULL;

  switch (keyval)
    {
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
    case GDK_KEY_Down:
    case GDK_KEY_Page_Down:
    case GDK_KEY_space:
      step (self, 1);
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
    case GDK_KEY_Up:
    case GDK_KEY_Page_Up:
    case GDK_KEY_BackSpace:
      step (self, -1);
      return TRUE;
    case GDK_KEY_Home:
      show (self, 0);
      return TRUE;
    case GDK_KEY_End:
      if (self->n_slides > 0)
        show (self, self->n_slides - 1);
      return TRUE;
    case GDK_KEY_Escape:
      gtk_window_close (GTK_WINDOW (self));
      return TRUE;
    case GDK_KEY_plus:
    case GDK_KEY_equal:
    case GDK_KEY_KP_Add:
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
    case GDK_KEY_0:
    case GDK_KEY_KP_0:
      if (grid == NULL || !PLANNER_IS_RANK_GRID (grid))
        return FALSE;
      gtk_widget_activate_action (grid, keyval == GDK_KEY_minus || keyval == GDK_KEY_KP_Subtract
                                        ? "rank-grid.zoom-out"
                                        : keyval == GDK_KEY_0 || keyval == GDK_KEY_KP_0
                                        ? "rank-grid.zoom-fit" : "rank-grid.zoom-in", NULL);
      return TRUE;
    default:
      return FALSE;
    }
}

static void
step_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PlannerPresentation *self = PLANNER_PRESENTATION (widget);

  if (g_str_equal (action_name, "presentation.next"))
    step (self, 1);
  else if (g_str_equal (action_name, "presentation.previous"))
    step (self, -1);
  else
    gtk_window_close (GTK_WINDOW (self));
}

static void
planner_presentation_class_init (PlannerPresentationClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = planner_presentation_dispose;
  widget_class->size_allocate = planner_presentation_size_allocate;

  /* The keys are read before any picture sees them (on_key_pressed);
   * the actions are for menus and tests. */
  gtk_widget_class_install_action (widget_class, "presentation.next", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "presentation.previous", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "presentation.leave", NULL, step_action);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-presentation.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerPresentation, stack);
  gtk_widget_class_bind_template_child (widget_class, PlannerPresentation, caption);
  gtk_widget_class_bind_template_callback (widget_class, on_key_pressed);
}

static void
planner_presentation_init (PlannerPresentation *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static GtkLabel *
slide_label (GtkWidget  *box,
             const char *text,
             gboolean    dim)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0.);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (dim)
    gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (box), label);
  return GTK_LABEL (label);
}

static void
add_slide (PlannerPresentation *self,
           PlannerPictureKind   kind,
           PlannerComparePart   part,
           GtkWidget           *view,
           PlannerPictureData  *data)
{
  Slide *slide = &self->slides[self->n_slides++];
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  g_autofree char *title = NULL;

  slide->kind = kind;
  slide->part = part;
  slide->view = view;
  slide->page = box;
  gtk_widget_set_margin_start (box, 40);
  gtk_widget_set_margin_end (box, 40);
  gtk_widget_set_margin_top (box, 28);
  /* The title and the layout line, as the exports have them. */
  if (kind == PLANNER_PICTURE_COMPARE)
    slide->title = slide_label (box, slide_title (slide), FALSE);
  else
    {
      /* Translators: a slide's title, "Rank grid · Llama 3 70B on 64 × NVIDIA H100 80GB SXM" */
      title = g_strdup_printf (_("%s · %s"), picture_title (kind), planner_picture_data_get_title (data));
      slide->title = slide_label (box, title, FALSE);
      slide->lines[0] = slide_label (box, planner_picture_data_get_layout_line (data), FALSE);
      if (planner_picture_data_get_expert_line (data) != NULL)
        slide->lines[1] = slide_label (box, planner_picture_data_get_expert_line (data), TRUE);
    }
  gtk_widget_add_css_class (GTK_WIDGET (slide->title), "presentation-title");
  /* A long model name takes a second line rather than being cut. */
  gtk_label_set_wrap (slide->title, TRUE);
  gtk_label_set_lines (slide->title, 2);
  gtk_accessible_update_property (GTK_ACCESSIBLE (slide->title), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  gtk_label_get_text (slide->title), -1);
  gtk_widget_set_margin_top (view, 16);
  gtk_widget_set_vexpand (view, TRUE);
  gtk_box_append (GTK_BOX (box), view);
  gtk_stack_add_child (self->stack, box);
}

GtkWidget *
planner_presentation_new (GtkWindow          *parent,
                          PlannerPictureData *data,
                          PlannerPictureData *other)
{
  PlannerPresentation *self;
  GtkWidget *grid, *schedule, *memory;
  double height = 1080.;

  g_return_val_if_fail (data != NULL, NULL);

  self = g_object_new (PLANNER_TYPE_PRESENTATION, NULL);
  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);

  grid = planner_rank_grid_new ();
  planner_rank_grid_set_data (PLANNER_RANK_GRID (grid), data);
  planner_rank_grid_set_presentation (PLANNER_RANK_GRID (grid), TRUE);
  gtk_widget_set_focusable (grid, FALSE);
  add_slide (self, PLANNER_PICTURE_GRID, PLANNER_COMPARE_ALL, grid, data);

  schedule = planner_schedule_view_new ();
  planner_picture_view_set_data (PLANNER_PICTURE_VIEW (schedule), data);
  planner_picture_view_set_presentation (PLANNER_PICTURE_VIEW (schedule), TRUE);
  add_slide (self, PLANNER_PICTURE_SCHEDULE, PLANNER_COMPARE_ALL, schedule, data);

  memory = planner_memory_chart_new ();
  planner_picture_view_set_data (PLANNER_PICTURE_VIEW (memory), data);
  planner_picture_view_set_presentation (PLANNER_PICTURE_VIEW (memory), TRUE);
  add_slide (self, PLANNER_PICTURE_MEMORY, PLANNER_COMPARE_ALL, memory, data);

  /* The comparison is taller than a screen: a slide for each part. */
  if (other != NULL)
    for (PlannerComparePart part = PLANNER_COMPARE_GRIDS; part < PLANNER_N_COMPARE_PARTS; part++)
      {
        GtkWidget *compare = planner_compare_view_new ();

        planner_picture_view_set_data (PLANNER_PICTURE_VIEW (compare), data);
        planner_picture_view_set_other (PLANNER_PICTURE_VIEW (compare), other);
        planner_picture_view_set_presentation (PLANNER_PICTURE_VIEW (compare), TRUE);
        planner_compare_view_set_part (PLANNER_COMPARE_VIEW (compare), part);
        add_slide (self, PLANNER_PICTURE_COMPARE, part, compare, data);
      }

  show (self, 0);
  /* As large as the parent's monitor even where nothing makes windows
   * full screen (no window manager): a projector shows it whole. */
  if (parent != NULL && gtk_native_get_surface (GTK_NATIVE (parent)) != NULL)
    {
      GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (parent));
      GdkMonitor *monitor = gdk_display_get_monitor_at_surface (gdk_surface_get_display (surface), surface);
      GdkRectangle area;

      if (monitor != NULL)
        {
          gdk_monitor_get_geometry (monitor, &area);
          gtk_window_set_default_size (GTK_WINDOW (self), area.width, area.height);
          height = area.height;
        }
    }
  apply_font (self, font_for_height ((int) height));
  g_signal_connect (self, "notify::default-height", G_CALLBACK (on_default_height), NULL);
  gtk_window_fullscreen (GTK_WINDOW (self));
  return GTK_WIDGET (self);
}

static int
first_slide (PlannerPresentation *self,
             PlannerPictureKind   kind)
{
  for (guint i = 0; i < self->n_slides; i++)
    if (self->slides[i].kind == kind)
      return (int) i;
  return -1;
}

void
planner_presentation_set_picture (PlannerPresentation *self,
                                  PlannerPictureKind   kind)
{
  int index;

  g_return_if_fail (PLANNER_IS_PRESENTATION (self));
  index = first_slide (self, kind);
  if (index >= 0)
    show (self, (guint) index);
}

PlannerPictureKind
planner_presentation_get_picture (PlannerPresentation *self)
{
  g_return_val_if_fail (PLANNER_IS_PRESENTATION (self), PLANNER_PICTURE_GRID);
  return self->slides[self->current].kind;
}

guint
planner_presentation_get_n_pictures (PlannerPresentation *self)
{
  g_return_val_if_fail (PLANNER_IS_PRESENTATION (self), 0);
  return n_pictures (self);
}

GtkWidget *
planner_presentation_get_view (PlannerPresentation *self,
                               PlannerPictureKind   kind)
{
  int index;

  g_return_val_if_fail (PLANNER_IS_PRESENTATION (self), NULL);
  g_return_val_if_fail (kind < PLANNER_N_PICTURES, NULL);

  index = first_slide (self, kind);
  return index >= 0 ? self->slides[index].view : NULL;
}

guint
planner_presentation_get_n_slides (PlannerPresentation *self)
{
  g_return_val_if_fail (PLANNER_IS_PRESENTATION (self), 0);
  return self->n_slides;
}

guint
planner_presentation_get_slide (PlannerPresentation *self)
{
  g_return_val_if_fail (PLANNER_IS_PRESENTATION (self), 0);
  return self->current;
}

void
planner_presentation_set_slide (PlannerPresentation *self,
                                guint                index)
{
  g_return_if_fail (PLANNER_IS_PRESENTATION (self));
  show (self, index);
}

GtkWidget *
planner_presentation_get_slide_view (PlannerPresentation *self,
                                     guint                index)
{
  g_return_val_if_fail (PLANNER_IS_PRESENTATION (self), NULL);
  return index < self->n_slides ? self->slides[index].view : NULL;
}

GtkLabel *
planner_presentation_get_slide_title (PlannerPresentation *self,
                                      guint                index,
                                      GtkLabel           **layout_line)
{
  g_return_val_if_fail (PLANNER_IS_PRESENTATION (self), NULL);
  if (index >= self->n_slides)
    return NULL;
  if (layout_line != NULL)
    *layout_line = self->slides[index].lines[0];
  return self->slides[index].title;
}

double
planner_presentation_get_font_size (PlannerPresentation *self)
{
  g_return_val_if_fail (PLANNER_IS_PRESENTATION (self), 0.);
  return self->font;
}
