/* planner-presentation.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-presentation"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-compare-view.h"
#include "planner-memory-chart.h"
#include "planner-presentation.h"
#include "planner-rank-grid.h"
#include "planner-schedule-view.h"

struct _PlannerPresentation
{
  AdwWindow   parent_instance;

  GtkStack   *stack;
  GtkLabel   *caption;
  GtkWidget  *views[PLANNER_N_PICTURES];
  guint       current;   /* index into views */
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

static guint
n_pictures (PlannerPresentation *self)
{
  guint n = 0;

  for (guint i = 0; i < PLANNER_N_PICTURES; i++)
    n += self->views[i] != NULL;
  return n;
}

static void
show (PlannerPresentation *self,
      guint                kind)
{
  g_autofree char *caption = NULL;
  guint position = 0;

  if (kind >= PLANNER_N_PICTURES || self->views[kind] == NULL)
    return;
  self->current = kind;
  for (guint i = 0; i <= kind; i++)
    position += self->views[i] != NULL;
  gtk_stack_set_visible_child (self->stack, self->views[kind]);
  /* Translators: the presentation's caption, "2 / 4 · Pipeline schedule" */
  if (kind == PLANNER_PICTURE_COMPARE)
    /* Translators: the caption of the comparison, which is taller than a screen */
    caption = g_strdup_printf (_("%u / %u · %s     ← → step through the pictures · ↑ ↓ scroll · Esc leaves"),
                               position, n_pictures (self), picture_title (kind));
  else
    caption = g_strdup_printf (_("%u / %u · %s     ← → step through the pictures · Esc leaves"), position,
                               n_pictures (self), picture_title (kind));
  gtk_label_set_text (self->caption, caption);
}

static void
step (PlannerPresentation *self,
      int                  direction)
{
  int kind = (int) self->current;

  do
    kind += direction;
  while (kind >= 0 && kind < PLANNER_N_PICTURES && self->views[kind] == NULL);
  if (kind >= 0 && kind < PLANNER_N_PICTURES)
    show (self, (guint) kind);
}

/* By a quarter of the screen, or nearly a screen with @page. */
static void
scroll_compare (PlannerPresentation *self,
                int                  direction,
                gboolean             page)
{
  GtkAdjustment *adjustment;
  double size;

  if (self->views[PLANNER_PICTURE_COMPARE] == NULL)
    return;
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->views[PLANNER_PICTURE_COMPARE]));
  size = gtk_adjustment_get_page_size (adjustment) * (page ? 0.9 : 0.25);
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + direction * size);
}

static gboolean
on_key_pressed (PlannerPresentation   *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  GtkWidget *grid = self->views[PLANNER_PICTURE_GRID];

  /* The comparison is taller than a screen: up and down scroll it (left
   * and right still step), so a presenter needs no mouse. */
  if (self->current == PLANNER_PICTURE_COMPARE &&
      (keyval == GDK_KEY_Up || keyval == GDK_KEY_Down || keyval == GDK_KEY_Page_Up || keyval == GDK_KEY_Page_Down))
    {
      scroll_compare (self, keyval == GDK_KEY_Up || keyval == GDK_KEY_Page_Up ? -1 : 1,
                      keyval == GDK_KEY_Page_Up || keyval == GDK_KEY_Page_Down);
      return TRUE;
    }

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
      show (self, PLANNER_PICTURE_GRID);
      return TRUE;
    case GDK_KEY_End:
      for (int k = PLANNER_N_PICTURES - 1; k >= 0; k--)
        if (self->views[k] != NULL)
          {
            show (self, (guint) k);
            break;
          }
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
      if (self->current != PLANNER_PICTURE_GRID || grid == NULL)
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
  else if (g_str_equal (action_name, "presentation.scroll-down"))
    scroll_compare (self, 1, TRUE);
  else if (g_str_equal (action_name, "presentation.scroll-up"))
    scroll_compare (self, -1, TRUE);
  else
    gtk_window_close (GTK_WINDOW (self));
}

static void
planner_presentation_class_init (PlannerPresentationClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /* The keys are read before any picture sees them (on_key_pressed);
   * the actions are for menus and tests. */
  gtk_widget_class_install_action (widget_class, "presentation.next", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "presentation.previous", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "presentation.leave", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "presentation.scroll-down", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "presentation.scroll-up", NULL, step_action);
}

static void
planner_presentation_init (PlannerPresentation *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_transition_type (self->stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  self->caption = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->caption), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->caption), "presentation-caption");
  gtk_widget_set_margin_top (GTK_WIDGET (self->caption), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->caption), 10);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->stack));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->caption));
  adw_window_set_content (ADW_WINDOW (self), box);
  gtk_widget_add_css_class (GTK_WIDGET (self), "presentation");
  gtk_widget_add_css_class (GTK_WIDGET (self), "view");
  gtk_window_set_title (GTK_WINDOW (self), _("Presentation"));

  /* Before the pictures: the arrows step, they do not move a selection. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

static GtkWidget *
framed (GtkWidget *view)
{
  gtk_widget_set_margin_start (view, 32);
  gtk_widget_set_margin_end (view, 32);
  gtk_widget_set_margin_top (view, 24);
  return view;
}

GtkWidget *
planner_presentation_new (GtkWindow          *parent,
                          PlannerPictureData *data,
                          PlannerPictureData *other)
{
  PlannerPresentation *self;
  GtkWidget *grid, *schedule, *memory;

  g_return_val_if_fail (data != NULL, NULL);

  self = g_object_new (PLANNER_TYPE_PRESENTATION, NULL);
  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);

  grid = planner_rank_grid_new ();
  planner_rank_grid_set_data (PLANNER_RANK_GRID (grid), data);
  planner_rank_grid_set_presentation (PLANNER_RANK_GRID (grid), TRUE);
  gtk_widget_set_focusable (grid, FALSE);
  self->views[PLANNER_PICTURE_GRID] = framed (grid);

  schedule = planner_schedule_view_new ();
  planner_picture_view_set_data (PLANNER_PICTURE_VIEW (schedule), data);
  planner_picture_view_set_presentation (PLANNER_PICTURE_VIEW (schedule), TRUE);
  self->views[PLANNER_PICTURE_SCHEDULE] = framed (schedule);

  memory = planner_memory_chart_new ();
  planner_picture_view_set_data (PLANNER_PICTURE_VIEW (memory), data);
  planner_picture_view_set_presentation (PLANNER_PICTURE_VIEW (memory), TRUE);
  self->views[PLANNER_PICTURE_MEMORY] = framed (memory);

  /* The comparison is a long page: it scrolls. */
  if (other != NULL)
    {
      GtkWidget *compare = planner_compare_view_new ();
      GtkWidget *scrolled = gtk_scrolled_window_new ();

      planner_picture_view_set_data (PLANNER_PICTURE_VIEW (compare), data);
      planner_picture_view_set_other (PLANNER_PICTURE_VIEW (compare), other);
      planner_picture_view_set_presentation (PLANNER_PICTURE_VIEW (compare), TRUE);
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), framed (compare));
      self->views[PLANNER_PICTURE_COMPARE] = scrolled;
    }

  for (guint i = 0; i < PLANNER_N_PICTURES; i++)
    if (self->views[i] != NULL)
      gtk_stack_add_child (self->stack, self->views[i]);
  show (self, PLANNER_PICTURE_GRID);
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
        }
    }
  gtk_window_fullscreen (GTK_WINDOW (self));
  return GTK_WIDGET (self);
}

void
planner_presentation_set_picture (PlannerPresentation *self,
                                  PlannerPictureKind   kind)
{
  g_return_if_fail (PLANNER_IS_PRESENTATION (self));
  show (self, kind);
}

PlannerPictureKind
planner_presentation_get_picture (PlannerPresentation *self)
{
  g_return_val_if_fail (PLANNER_IS_PRESENTATION (self), PLANNER_PICTURE_GRID);
  return (PlannerPictureKind) self->current;
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
  g_return_val_if_fail (PLANNER_IS_PRESENTATION (self), NULL);
  g_return_val_if_fail (kind < PLANNER_N_PICTURES, NULL);

  if (kind == PLANNER_PICTURE_COMPARE && self->views[kind] != NULL)
    return gtk_widget_get_first_child (gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (self->views[kind])));
  return self->views[kind];
}
