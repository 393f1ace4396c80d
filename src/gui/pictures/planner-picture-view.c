/* planner-picture-view.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-picture-view"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "planner-picture-font.h"
#include "planner-picture-view.h"
#include "planner-scene-renderer.h"

typedef struct
{
  PlannerPictureData   *data;
  PlannerPictureData   *other;
  gboolean              presentation;
  double                presentation_font;   /* px, at least, in presentation */
  gboolean              fits;                /* fills its height even if its class scrolls */
  PlannerScene         *scene;
  int                   scene_width;
  int                   scene_height;   /* the height it was fitted to; 0 natural */
  double                scene_font;
  PlannerSceneRenderer *renderer;
} PlannerPictureViewPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (PlannerPictureView, planner_picture_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_DATA,
  PROP_OTHER,
  PROP_PRESENTATION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static double
font_px (PlannerPictureView *self)
{
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);

  return planner_picture_font_px (GTK_WIDGET (self), priv->presentation, priv->presentation_font);
}

static gboolean
scrolls (PlannerPictureView *self)
{
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);

  return PLANNER_PICTURE_VIEW_GET_CLASS (self)->scrolls && !priv->fits;
}

static void
invalidate (PlannerPictureView *self)
{
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);

  g_clear_pointer (&priv->scene, planner_scene_unref);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static PlannerScene *
build (PlannerPictureView *self,
       int                 width,
       int                 height)
{
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);
  PlannerPictureStyle style = { 0, };

  if (priv->data == NULL || width <= 0)
    return NULL;
  style.font_size = font_px (self);
  style.width = width;
  style.height = height;
  style.presentation = priv->presentation;
  style.interactive = TRUE;
  return PLANNER_PICTURE_VIEW_GET_CLASS (self)->build (self, &style);
}

/* The scene for this size, built once per size, font and data. */
static PlannerScene *
ensure_scene (PlannerPictureView *self,
              int                 width,
              int                 height)
{
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);
  double font = font_px (self);

  if (!priv->presentation || scrolls (self))
    height = 0;
  if (priv->scene != NULL && priv->scene_width == width && priv->scene_height == height &&
      !planner_picture_font_changed (priv->scene_font, font))
    return priv->scene;
  g_clear_pointer (&priv->scene, planner_scene_unref);
  priv->scene = build (self, width, height);
  priv->scene_width = width;
  priv->scene_height = height;
  priv->scene_font = font;
  return priv->scene;
}

static GtkSizeRequestMode
planner_picture_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
planner_picture_view_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  PlannerPictureView *self = PLANNER_PICTURE_VIEW (widget);
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 320;
      *natural = 960;
      return;
    }
  /* As tall as the picture is for that width; in presentation it fills
   * whatever it is given. */
  if ((priv->presentation && !scrolls (self)) || for_size <= 0)
    {
      *minimum = *natural = 200;
      return;
    }
  {
    PlannerScene *scene = ensure_scene (self, for_size, 0);

    *minimum = *natural = scene != NULL ? (int) ceil (planner_scene_get_height (scene)) : 120;
  }
}

static void
planner_picture_view_snapshot (GtkWidget   *widget,
                               GtkSnapshot *snapshot)
{
  PlannerPictureView *self = PLANNER_PICTURE_VIEW (widget);
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  PlannerScene *scene = ensure_scene (self, width, height);

  if (scene == NULL)
    return;
  planner_scene_renderer_draw (priv->renderer, snapshot, scene,
                               &GRAPHENE_RECT_INIT (0, 0, (float) width, (float) height));
}

static void
planner_picture_view_css_changed (GtkWidget         *widget,
                                  GtkCssStyleChange *change)
{
  PlannerPictureView *self = PLANNER_PICTURE_VIEW (widget);
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);

  GTK_WIDGET_CLASS (planner_picture_view_parent_class)->css_changed (widget, change);
  planner_scene_renderer_invalidate (priv->renderer);
  if (priv->scene != NULL && planner_picture_font_changed (priv->scene_font, font_px (self)))
    invalidate (self);
  gtk_widget_queue_draw (widget);
}

char *
planner_picture_view_describe_shape (PlannerPictureView *self,
                                     const PlannerShape *s)
{
  g_autofree char *bytes = NULL;

  g_return_val_if_fail (PLANNER_IS_PICTURE_VIEW (self), NULL);
  g_return_val_if_fail (s != NULL, NULL);

  switch ((PlannerTag) s->tag)
    {
    case PLANNER_TAG_SCHEDULE_CELL:
      if (s->c == G_MAXUINT32)
        return NULL;
      /* Translators: a schedule cell: "stage 3 · microbatch 12 · backward, model chunk 1 · 0.50 F" */
      return g_strdup_printf (_("stage %u · microbatch %u · %s, model chunk %u · %.2f F"), s->a, s->b,
                              (s->c & 0xff) == PLANNER_PASS_FORWARD ? _("forward")
                              : (s->c & 0xff) == PLANNER_PASS_BACKWARD ? _("backward") : _("recomputed forward"),
                              s->c >> 8, s->value);
    case PLANNER_TAG_SCHEDULE_IDLE:
      return g_strdup_printf (_("stage %u waits %.2f F: the pipeline bubble"), s->a, s->value);
    case PLANNER_TAG_SCHEDULE_ELIDED:
      return g_strdup (_("The middle of the step, where every stage repeats the same forward and backward, is "
                         "left out"));
    case PLANNER_TAG_BAR_SEGMENT:
      bytes = g_strdup_printf ("%.2f GiB", s->value / (1024. * 1024. * 1024.));
      return g_strdup_printf (_("stage %u · %s: %s"), s->a,
                              planner_memory_component_to_string ((PlannerMemoryComponent) s->b), bytes);
    case PLANNER_TAG_GPU:
      return g_strdup_printf (_("GPU %u"), s->a);
    case PLANNER_TAG_NONE:
    case PLANNER_TAG_TITLE:
    case PLANNER_TAG_LEGEND:
    case PLANNER_TAG_GPU_MARK:
    case PLANNER_TAG_GPU_LABEL:
    case PLANNER_TAG_NODE:
    case PLANNER_TAG_DOMAIN:
    case PLANNER_TAG_BUBBLE:
    case PLANNER_TAG_STAGE:
    case PLANNER_TAG_BAR_TOTAL:
    case PLANNER_TAG_CAPACITY:
    case PLANNER_TAG_TABLE_CELL:
    case PLANNER_TAG_FOOTER:
    case PLANNER_TAG_PANEL:
    case PLANNER_TAG_LOG_SEGMENT:
    case PLANNER_TAG_LOG_POINT:
    case PLANNER_TAG_LOG_RANGE:
    case PLANNER_TAG_LOG_OFF_SCALE:
    case PLANNER_TAG_LOG_FLAG:
    case PLANNER_TAG_LOG_MARK:
    case PLANNER_TAG_LOG_AXIS:
    default:
      return NULL;
    }
}

static gboolean
planner_picture_view_query_tooltip (GtkWidget  *widget,
                                    int         x,
                                    int         y,
                                    gboolean    keyboard_tooltip,
                                    GtkTooltip *tooltip)
{
  PlannerPictureView *self = PLANNER_PICTURE_VIEW (widget);
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);
  const PlannerShape *shapes;
  guint n;

  if (priv->scene == NULL || keyboard_tooltip)
    return FALSE;
  shapes = planner_scene_get_shapes (priv->scene, &n);
  /* The topmost shape that means something. */
  for (guint i = n; i > 0; i--)
    {
      const PlannerShape *s = &shapes[i - 1];
      g_autofree char *text = NULL;

      if (s->kind == PLANNER_SHAPE_TEXT || s->kind == PLANNER_SHAPE_LINE)
        continue;
      if (x < s->x || y < s->y || x >= s->x + s->w || y >= s->y + s->h)
        continue;
      text = planner_picture_view_describe_shape (self, s);
      if (text == NULL)
        continue;
      gtk_tooltip_set_text (tooltip, text);
      gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { (int) s->x, (int) s->y, (int) ceil (s->w),
                                                           (int) ceil (s->h) });
      return TRUE;
    }
  return FALSE;
}

/* Screen readers get the picture's one-sentence description. */
static void
update_accessible (PlannerPictureView *self)
{
  PlannerScene *scene = ensure_scene (self, MAX (gtk_widget_get_width (GTK_WIDGET (self)), 960), 0);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  scene != NULL ? planner_scene_get_description (scene) : _("No picture"),
                                  -1);
}

static void
planner_picture_view_finalize (GObject *object)
{
  PlannerPictureView *self = (PlannerPictureView *)object;
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);

  g_clear_pointer (&priv->data, planner_picture_data_unref);
  g_clear_pointer (&priv->other, planner_picture_data_unref);
  g_clear_pointer (&priv->scene, planner_scene_unref);
  g_clear_pointer (&priv->renderer, planner_scene_renderer_free);

  G_OBJECT_CLASS (planner_picture_view_parent_class)->finalize (object);
}

static void
planner_picture_view_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  PlannerPictureView *self = PLANNER_PICTURE_VIEW (object);
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);

  switch (prop_id)
    {
    case PROP_DATA:
      g_value_set_boxed (value, priv->data);
      break;
    case PROP_OTHER:
      g_value_set_boxed (value, priv->other);
      break;
    case PROP_PRESENTATION:
      g_value_set_boolean (value, priv->presentation);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
planner_picture_view_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  PlannerPictureView *self = PLANNER_PICTURE_VIEW (object);

  switch (prop_id)
    {
    case PROP_DATA:
      planner_picture_view_set_data (self, g_value_get_boxed (value));
      break;
    case PROP_OTHER:
      planner_picture_view_set_other (self, g_value_get_boxed (value));
      break;
    case PROP_PRESENTATION:
      planner_picture_view_set_presentation (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
planner_picture_view_class_init (PlannerPictureViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = planner_picture_view_finalize;
  object_class->get_property = planner_picture_view_get_property;
  object_class->set_property = planner_picture_view_set_property;

  widget_class->get_request_mode = planner_picture_view_get_request_mode;
  widget_class->measure = planner_picture_view_measure;
  widget_class->snapshot = planner_picture_view_snapshot;
  widget_class->css_changed = planner_picture_view_css_changed;
  widget_class->query_tooltip = planner_picture_view_query_tooltip;

  properties[PROP_DATA] =
    g_param_spec_boxed ("data", NULL, NULL, PLANNER_TYPE_PICTURE_DATA,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_OTHER] =
    g_param_spec_boxed ("other", NULL, NULL, PLANNER_TYPE_PICTURE_DATA,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_PRESENTATION] =
    g_param_spec_boolean ("presentation", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
planner_picture_view_init (PlannerPictureView *self)
{
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);

  priv->renderer = planner_scene_renderer_new (GTK_WIDGET (self));
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  /* Named before its first picture too (a comparison waits until shown). */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("No picture yet"), -1);
}

void
planner_picture_view_set_data (PlannerPictureView *self,
                               PlannerPictureData *data)
{
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);

  g_return_if_fail (PLANNER_IS_PICTURE_VIEW (self));

  if (priv->data == data)
    return;
  g_clear_pointer (&priv->data, planner_picture_data_unref);
  if (data != NULL)
    priv->data = planner_picture_data_ref (data);
  invalidate (self);
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DATA]);
}

PlannerPictureData *
planner_picture_view_get_data (PlannerPictureView *self)
{
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);

  g_return_val_if_fail (PLANNER_IS_PICTURE_VIEW (self), NULL);
  return priv->data;
}

void
planner_picture_view_set_other (PlannerPictureView *self,
                                PlannerPictureData *other)
{
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);

  g_return_if_fail (PLANNER_IS_PICTURE_VIEW (self));

  if (priv->other == other)
    return;
  g_clear_pointer (&priv->other, planner_picture_data_unref);
  if (other != NULL)
    priv->other = planner_picture_data_ref (other);
  invalidate (self);
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OTHER]);
}

PlannerPictureData *
planner_picture_view_get_other (PlannerPictureView *self)
{
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);

  g_return_val_if_fail (PLANNER_IS_PICTURE_VIEW (self), NULL);
  return priv->other;
}

void
planner_picture_view_set_presentation (PlannerPictureView *self,
                                       gboolean            presentation)
{
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);

  g_return_if_fail (PLANNER_IS_PICTURE_VIEW (self));

  presentation = !!presentation;
  if (priv->presentation == presentation)
    return;
  priv->presentation = presentation;
  gtk_widget_set_vexpand (GTK_WIDGET (self), presentation && !scrolls (self));
  invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENTATION]);
}

gboolean
planner_picture_view_get_presentation (PlannerPictureView *self)
{
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);

  g_return_val_if_fail (PLANNER_IS_PICTURE_VIEW (self), FALSE);
  return priv->presentation;
}

PlannerPictureKind
planner_picture_view_get_kind (PlannerPictureView *self)
{
  g_return_val_if_fail (PLANNER_IS_PICTURE_VIEW (self), PLANNER_PICTURE_GRID);
  return PLANNER_PICTURE_VIEW_GET_CLASS (self)->kind;
}

PlannerScene *
planner_picture_view_get_scene (PlannerPictureView *self)
{
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);

  g_return_val_if_fail (PLANNER_IS_PICTURE_VIEW (self), NULL);
  return ensure_scene (self, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self))) ?
         priv->scene : NULL;
}

PlannerScene *
planner_picture_view_build_export (PlannerPictureView *self,
                                   double              width)
{
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);
  PlannerPictureKind kind;

  g_return_val_if_fail (PLANNER_IS_PICTURE_VIEW (self), NULL);

  kind = planner_picture_view_get_kind (self);
  if (priv->data == NULL || (kind == PLANNER_PICTURE_COMPARE && priv->other == NULL))
    return NULL;
  return planner_picture_export (kind, priv->data, priv->other, NULL, width);
}

void
planner_picture_view_set_presentation_font (PlannerPictureView *self,
                                            double              font_px)
{
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);

  g_return_if_fail (PLANNER_IS_PICTURE_VIEW (self));

  if (fabs (priv->presentation_font - font_px) < 0.01)
    return;
  priv->presentation_font = font_px;
  invalidate (self);
}

void
planner_picture_view_set_fits (PlannerPictureView *self,
                               gboolean            fits)
{
  PlannerPictureViewPrivate *priv = planner_picture_view_get_instance_private (self);

  g_return_if_fail (PLANNER_IS_PICTURE_VIEW (self));

  priv->fits = !!fits;
  gtk_widget_set_vexpand (GTK_WIDGET (self), priv->presentation && !scrolls (self));
  invalidate (self);
}
