/* planner-picture.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-picture"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "planner-catalog.h"
#include "planner-picture-private.h"

struct _PlannerPictureData
{
  gatomicrefcount    ref_count;
  PlannerReport     *report;
  gboolean           has_layout;
  PlannerLayout      layout;
  guint              gpus_per_node;
  guint              nvlink_domain;
  PlannerRankCoords *coords;
  PlannerSchedule   *schedule;
  char              *schedule_error;
  PlannerTraffic     traffic;
  char              *title;
  char              *layout_line;
  char              *expert_line;
  char              *label;
};

G_DEFINE_BOXED_TYPE (PlannerPictureData, planner_picture_data,
                     planner_picture_data_ref, planner_picture_data_unref)

/* Helpers ------------------------------------------------------------------ */

char *
_planner_format_count (guint64 n)
{
  char digits[32];
  GString *out = g_string_new (NULL);
  gsize len;

  g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT, n);
  len = strlen (digits);
  for (gsize i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, digits[i]);
    }
  return g_string_free (out, FALSE);
}

char *
_planner_format_bytes (double bytes)
{
  double a = fabs (bytes);

  if (a >= 1024. * GIB)
    return g_strdup_printf ("%.1f TiB", bytes / (1024. * GIB));
  if (a >= GIB)
    return g_strdup_printf ("%.1f GiB", bytes / GIB);
  if (a >= 1024. * 1024.)
    return g_strdup_printf ("%.0f MiB", bytes / (1024. * 1024.));
  if (a >= 1024.)
    return g_strdup_printf ("%.0f KiB", bytes / 1024.);
  return g_strdup_printf ("%.0f B", bytes);
}

static void
add_mark (PlannerScene *scene,
          double        x,
          double        y,
          double        w,
          double        h,
          guint         value,
          PlannerTag    tag,
          guint32       a)
{
  PlannerShape *shape;
  double s = MIN (w, h);

  /* At the edges, so that a label in the middle stays readable. */
  switch (planner_palette_mark (value))
    {
    case PLANNER_MARK_SQUARE:
      shape = planner_scene_add_rect (scene, x + w - MAX (s * 0.3, 1.), y, MAX (s * 0.3, 1.), MAX (s * 0.3, 1.),
                                      PLANNER_INK_DATA_MARK, value);
      break;
    case PLANNER_MARK_BAR:
      shape = planner_scene_add_rect (scene, x, y + h - MAX (h * 0.2, 1.), w, MAX (h * 0.2, 1.),
                                      PLANNER_INK_DATA_MARK, value);
      break;
    case PLANNER_MARK_COLUMN:
      shape = planner_scene_add_rect (scene, x, y, MAX (w * 0.2, 1.), h, PLANNER_INK_DATA_MARK, value);
      break;
    case PLANNER_MARK_NONE:
    default:
      return;
    }
  shape->tag = tag == PLANNER_TAG_GPU ? PLANNER_TAG_GPU_MARK : tag;
  shape->a = a;
  shape->b = value;
}

guint
_planner_scene_add_cell (PlannerScene *scene,
                         double        x,
                         double        y,
                         double        w,
                         double        h,
                         guint         value,
                         PlannerTag    tag,
                         guint32       a)
{
  PlannerShape *shape = planner_scene_add_rect (scene, x, y, w, h, PLANNER_INK_DATA, value);
  guint index = planner_scene_get_n_shapes (scene) - 1;

  shape->tag = tag;
  shape->a = a;
  shape->b = value;
  if (w >= 8.)
    shape->radius = (float) MIN (w, h) / 8.f;
  add_mark (scene, x, y, w, h, value, tag, a);
  return index;
}

void
_planner_scene_add_swatch (PlannerScene *scene,
                           double        x,
                           double        y,
                           double        size,
                           guint         value,
                           PlannerTag    tag)
{
  _planner_scene_add_cell (scene, x, y, size, size, value, tag, value);
}

#define LEGEND_GAP(font) ((font) * 1.2)

static double
legend_entry_width (const char *label,
                    double      font)
{
  return font * 1.4 + planner_scene_text_width (label, font);
}

double
_planner_legend_height (double              width,
                        double              font,
                        const char * const *labels,
                        guint               n)
{
  double x = 0., lines = n > 0 ? 1. : 0.;

  for (guint i = 0; i < n; i++)
    {
      double w = legend_entry_width (labels[i], font);

      if (x > 0. && x + w > width)
        {
          lines++;
          x = 0.;
        }
      x += w + LEGEND_GAP (font);
    }
  return lines * font * 1.6;
}

double
_planner_scene_add_legend (PlannerScene       *scene,
                           double              x0,
                           double              y0,
                           double              width,
                           double              font,
                           const char * const *labels,
                           const guint        *values,
                           guint               n)
{
  double x = 0., y = 0., line_h = font * 1.6;

  for (guint i = 0; i < n; i++)
    {
      double w = legend_entry_width (labels[i], font);
      PlannerShape *text;

      if (x > 0. && x + w > width)
        {
          y += line_h;
          x = 0.;
        }
      _planner_scene_add_swatch (scene, x0 + x, y0 + y + (line_h - font) / 2, font, values[i], PLANNER_TAG_LEGEND);
      text = planner_scene_add_text (scene, x0 + x + font * 1.4, y0 + y, w - font * 1.4 + LEGEND_GAP (font) / 2,
                                     line_h, font, PLANNER_INK_FG, PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                                     labels[i]);
      text->tag = PLANNER_TAG_LEGEND;
      text->a = values[i];
      x += w + LEGEND_GAP (font);
    }
  return n > 0 ? y + line_h : 0.;
}

PlannerScene *
_planner_picture_message (const PlannerPictureStyle *style,
                          const char                *title,
                          const char                *message)
{
  double font = style->font_size;
  double width = style->width > 0. ? style->width : font * 40.;
  double height = style->height > 0. ? style->height : font * 8.;
  PlannerScene *scene = planner_scene_new (width, height);
  PlannerShape *shape;

  planner_scene_set_font_size (scene, font);
  shape = planner_scene_add_text (scene, 0, height / 2 - font * 2.2, width, font * 2., font * 1.3, PLANNER_INK_FG,
                                  PLANNER_SHAPE_BOLD | PLANNER_SHAPE_SHRINK, title);
  shape->tag = PLANNER_TAG_TITLE;
  planner_scene_add_text (scene, 0, height / 2, width, font * 1.6, font, PLANNER_INK_DIM, PLANNER_SHAPE_SHRINK,
                          message);
  planner_scene_set_description (scene, message);
  return scene;
}

/* Picture data --------------------------------------------------------------- */

static char *
model_name_for_job (PlannerJob *job)
{
  const char *id = planner_job_get_model_id (job);
  double params_b = planner_job_get_double (job, "params-b");

  if (id != NULL && *id != '\0')
    {
      const PlannerModel *model = planner_model_lookup (id);

      return g_strdup (model != NULL ? model->name : id);
    }
  if (params_b > 0.)
    /* Translators: a model given only by its size, "70B-parameter model" */
    return g_strdup_printf (_("%gB-parameter model"), params_b);
  return g_strdup (_("Custom model"));
}

static void
compute (PlannerPictureData *data,
         const char         *model_name)
{
  const PlannerLayout *layout = planner_report_get_layout (data->report);
  const PlannerConfig *config = planner_report_get_config (data->report);
  const PlannerGpu *gpu = planner_report_get_gpu (data->report);
  g_autofree char *count = _planner_format_count (planner_report_get_world_size (data->report));
  GString *line;

  data->nvlink_domain = gpu != NULL ? gpu->nvlink_domain_size : 0;
  if (gpu != NULL)
    /* Translators: the title of every picture: "Llama 3.1 405B on 16,384 × NVIDIA H100 80GB SXM" */
    data->title = g_strdup_printf (_("%s on %s × %s"), model_name, count, gpu->name);
  else
    data->title = g_strdup_printf (_("%s on %s GPUs"), model_name, count);

  if (layout != NULL && layout->world_size > 0)
    {
      data->has_layout = TRUE;
      data->layout = *layout;
      data->coords = g_new (PlannerRankCoords, layout->world_size);
      for (guint32 r = 0; r < layout->world_size; r++)
        planner_layout_get_coords (layout, r, data->gpus_per_node, &data->coords[r]);
    }

  line = g_string_new (planner_report_get_summary (data->report));
  if (data->has_layout && data->layout.vpp > 1)
    g_string_append_printf (line, _(" · VPP %u"), data->layout.vpp);
  if (config != NULL)
    {
      g_autofree char *microbatches = _planner_format_count (config->num_microbatches);

      g_string_append_printf (line, _(" · micro-batch %u · %s microbatches a step"), config->micro_batch_size,
                              microbatches);
      if (config->recompute == PLANNER_RECOMPUTE_FULL)
        g_string_append (line, _(" · full recompute"));
      else if (config->recompute == PLANNER_RECOMPUTE_SELECTIVE)
        g_string_append (line, _(" · selective recompute"));
    }
  data->layout_line = g_string_free (line, FALSE);
  if (planner_report_get_expert_summary (data->report) != NULL)
    data->expert_line = g_strdup (planner_report_get_expert_summary (data->report));

  if (config != NULL && data->has_layout)
    {
      PlannerScheduleParams params;
      g_autoptr(GError) error = NULL;

      planner_schedule_params_init (&params, config, planner_report_get_args (data->report));
      data->schedule = planner_schedule_new (&params, &error);
      if (data->schedule == NULL)
        data->schedule_error = g_strdup (error->message);
      planner_traffic_estimate (config, planner_report_get_memory_estimate (data->report), &data->traffic);
    }
  else if (!data->has_layout)
    data->schedule_error = g_strdup (_("The parallel degrees do not form a layout Megatron would build"));
  else
    data->schedule_error = g_strdup (_("The model's dimensions are incomplete, so the number of microbatches is unknown"));
}

PlannerPictureData *
planner_picture_data_new (PlannerJob    *job,
                          PlannerReport *report)
{
  PlannerPictureData *data;
  g_autofree char *model_name = NULL;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  data = g_new0 (PlannerPictureData, 1);
  g_atomic_ref_count_init (&data->ref_count);
  data->report = report != NULL ? planner_report_ref (report) : planner_analyze_job (job);
  data->gpus_per_node = planner_job_get_uint (job, "gpus-per-node");
  model_name = model_name_for_job (job);
  compute (data, model_name);
  return data;
}

PlannerPictureData *
planner_picture_data_new_for_report (PlannerReport *report,
                                     guint          gpus_per_node,
                                     const char    *model_name)
{
  PlannerPictureData *data;

  g_return_val_if_fail (report != NULL, NULL);

  data = g_new0 (PlannerPictureData, 1);
  g_atomic_ref_count_init (&data->ref_count);
  data->report = planner_report_ref (report);
  data->gpus_per_node = gpus_per_node;
  compute (data, model_name != NULL ? model_name : _("Custom model"));
  return data;
}

PlannerPictureData *
planner_picture_data_new_for_layout (const PlannerLayout *layout,
                                     guint                gpus_per_node,
                                     guint                nvlink_domain)
{
  PlannerPictureData *data;
  g_autofree char *count = NULL;

  g_return_val_if_fail (layout != NULL, NULL);

  data = g_new0 (PlannerPictureData, 1);
  g_atomic_ref_count_init (&data->ref_count);
  data->gpus_per_node = gpus_per_node;
  data->nvlink_domain = nvlink_domain;
  count = _planner_format_count (layout->world_size);
  data->title = g_strdup_printf (_("%s GPUs"), count);
  data->layout_line = planner_layout_describe (layout);
  data->schedule_error = g_strdup (_("The model and the batch are not known"));
  if (layout->world_size > 0)
    {
      data->has_layout = TRUE;
      data->layout = *layout;
      data->coords = g_new (PlannerRankCoords, layout->world_size);
      for (guint32 r = 0; r < layout->world_size; r++)
        planner_layout_get_coords (layout, r, gpus_per_node, &data->coords[r]);
    }
  return data;
}

PlannerPictureData *
planner_picture_data_ref (PlannerPictureData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  g_atomic_ref_count_inc (&data->ref_count);
  return data;
}

void
planner_picture_data_unref (PlannerPictureData *data)
{
  g_return_if_fail (data != NULL);
  if (!g_atomic_ref_count_dec (&data->ref_count))
    return;
  g_clear_pointer (&data->report, planner_report_unref);
  g_free (data->coords);
  g_clear_pointer (&data->schedule, planner_schedule_free);
  g_free (data->schedule_error);
  g_free (data->title);
  g_free (data->layout_line);
  g_free (data->expert_line);
  g_free (data->label);
  g_free (data);
}

PlannerReport *
planner_picture_data_get_report (const PlannerPictureData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return data->report;
}

const PlannerLayout *
planner_picture_data_get_layout (const PlannerPictureData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return data->has_layout ? &data->layout : NULL;
}

guint
planner_picture_data_get_gpus_per_node (const PlannerPictureData *data)
{
  g_return_val_if_fail (data != NULL, 0);
  return data->gpus_per_node;
}

guint
planner_picture_data_get_nvlink_domain (const PlannerPictureData *data)
{
  g_return_val_if_fail (data != NULL, 0);
  return data->nvlink_domain;
}

const PlannerSchedule *
planner_picture_data_get_schedule (const PlannerPictureData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return data->schedule;
}

const char *
planner_picture_data_get_schedule_error (const PlannerPictureData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return data->schedule_error;
}

const PlannerTraffic *
planner_picture_data_get_traffic (const PlannerPictureData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return &data->traffic;
}

const char *
planner_picture_data_get_title (const PlannerPictureData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return data->title;
}

const char *
planner_picture_data_get_layout_line (const PlannerPictureData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return data->layout_line;
}

const char *
planner_picture_data_get_expert_line (const PlannerPictureData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return data->expert_line;
}

const PlannerRankCoords *
planner_picture_data_get_coords (const PlannerPictureData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return data->coords;
}

const char *
planner_picture_data_get_label (const PlannerPictureData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return data->label != NULL ? data->label : _("Current layout");
}

void
planner_picture_data_set_label (PlannerPictureData *data,
                                const char         *label)
{
  g_return_if_fail (data != NULL);
  g_free (data->label);
  data->label = g_strdup (label);
}

PlannerGridColorBy
planner_picture_data_get_default_color_by (const PlannerPictureData *data)
{
  /* Ties go to the pipeline: the dimension people argue about. */
  static const PlannerGridColorBy order[] = {
    PLANNER_GRID_COLOR_PP, PLANNER_GRID_COLOR_CP, PLANNER_GRID_COLOR_TP,
  };
  PlannerGridColorBy best = PLANNER_GRID_COLOR_PP;
  guint32 best_degree = 1;

  g_return_val_if_fail (data != NULL, PLANNER_GRID_COLOR_PP);

  if (!data->has_layout)
    return PLANNER_GRID_COLOR_PP;
  if (data->layout.ep > 1)
    return PLANNER_GRID_COLOR_EP;
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      guint32 degree = planner_grid_color_by_degree (order[i], &data->layout);

      if (degree > best_degree)
        {
          best = order[i];
          best_degree = degree;
        }
    }
  /* Pure data parallelism: the replicas are the story. */
  if (best_degree == 1 && data->layout.dp > 1)
    return PLANNER_GRID_COLOR_DP;
  return best;
}

/* Colour-by dimensions ------------------------------------------------------- */

const char *
planner_grid_color_by_short_name (PlannerGridColorBy color_by)
{
  switch (color_by)
    {
    case PLANNER_GRID_COLOR_TP: return "tp";
    case PLANNER_GRID_COLOR_CP: return "cp";
    case PLANNER_GRID_COLOR_DP: return "dp";
    case PLANNER_GRID_COLOR_PP: return "pp";
    case PLANNER_GRID_COLOR_EP: return "ep";
    case PLANNER_GRID_COLOR_EXPERT_DP: return "edp";
    case PLANNER_N_GRID_COLORS:
    default: return "";
    }
}

const char *
planner_grid_color_by_title (PlannerGridColorBy color_by)
{
  switch (color_by)
    {
    case PLANNER_GRID_COLOR_TP: return _("tensor-parallel rank");
    case PLANNER_GRID_COLOR_CP: return _("context-parallel rank");
    case PLANNER_GRID_COLOR_DP: return _("data-parallel rank");
    case PLANNER_GRID_COLOR_PP: return _("pipeline stage");
    case PLANNER_GRID_COLOR_EP: return _("expert-parallel rank");
    case PLANNER_GRID_COLOR_EXPERT_DP: return _("expert data-parallel rank");
    case PLANNER_N_GRID_COLORS:
    default: return "";
    }
}

guint32
planner_grid_color_by_degree (PlannerGridColorBy   color_by,
                              const PlannerLayout *layout)
{
  g_return_val_if_fail (layout != NULL, 1);

  switch (color_by)
    {
    case PLANNER_GRID_COLOR_TP: return layout->tp;
    case PLANNER_GRID_COLOR_CP: return layout->cp;
    case PLANNER_GRID_COLOR_DP: return layout->dp;
    case PLANNER_GRID_COLOR_PP: return layout->pp;
    case PLANNER_GRID_COLOR_EP: return layout->ep;
    case PLANNER_GRID_COLOR_EXPERT_DP: return layout->expert_dp;
    case PLANNER_N_GRID_COLORS:
    default: return 1;
    }
}

guint32
planner_grid_color_by_coord (PlannerGridColorBy       color_by,
                             const PlannerRankCoords *coords)
{
  g_return_val_if_fail (coords != NULL, 0);

  switch (color_by)
    {
    case PLANNER_GRID_COLOR_TP: return coords->tp;
    case PLANNER_GRID_COLOR_CP: return coords->cp;
    case PLANNER_GRID_COLOR_DP: return coords->dp;
    case PLANNER_GRID_COLOR_PP: return coords->pp;
    case PLANNER_GRID_COLOR_EP: return coords->ep;
    case PLANNER_GRID_COLOR_EXPERT_DP: return coords->expert_dp;
    case PLANNER_N_GRID_COLORS:
    default: return 0;
    }
}

PlannerGroupKind
planner_grid_color_by_group_kind (PlannerGridColorBy color_by)
{
  switch (color_by)
    {
    case PLANNER_GRID_COLOR_TP: return PLANNER_GROUP_TP;
    case PLANNER_GRID_COLOR_CP: return PLANNER_GROUP_CP;
    case PLANNER_GRID_COLOR_DP: return PLANNER_GROUP_DP;
    case PLANNER_GRID_COLOR_PP: return PLANNER_GROUP_PP;
    case PLANNER_GRID_COLOR_EP: return PLANNER_GROUP_EP;
    case PLANNER_GRID_COLOR_EXPERT_DP: return PLANNER_GROUP_EXPERT_DP;
    case PLANNER_N_GRID_COLORS:
    default: return PLANNER_GROUP_TP;
    }
}

static const char * const kind_names[PLANNER_N_PICTURES] = {
  "grid", "schedule", "memory", "compare",
};

const char *
planner_picture_kind_to_string (PlannerPictureKind kind)
{
  return kind < PLANNER_N_PICTURES ? kind_names[kind] : NULL;
}

gboolean
planner_picture_kind_from_string (const char         *name,
                                  PlannerPictureKind *kind)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < PLANNER_N_PICTURES; i++)
    {
      if (g_str_equal (name, kind_names[i]))
        {
          if (kind != NULL)
            *kind = (PlannerPictureKind) i;
          return TRUE;
        }
    }
  return FALSE;
}

/* Exports -------------------------------------------------------------------- */

PlannerScene *
planner_picture_export (PlannerPictureKind         kind,
                        const PlannerPictureData  *a,
                        const PlannerPictureData  *b,
                        const PlannerGridOptions  *options,
                        double                     width)
{
  g_autoptr(PlannerScene) inner = NULL;
  PlannerPictureStyle style = { 0, };
  PlannerGridOptions grid_options;
  PlannerScene *scene;
  PlannerShape *shape;
  double font, pad, y, line_h;

  g_return_val_if_fail (a != NULL, NULL);
  g_return_val_if_fail (kind < PLANNER_N_PICTURES, NULL);
  g_return_val_if_fail (kind != PLANNER_PICTURE_COMPARE || b != NULL, NULL);

  width = MAX (width, 320.);
  font = MAX (width / 96., 8.);
  pad = font * 1.5;
  line_h = font * 1.5;

  style.font_size = font;
  style.width = width - 2 * pad;
  switch (kind)
    {
    case PLANNER_PICTURE_GRID:
      if (options == NULL)
        {
          grid_options.color_by = planner_picture_data_get_default_color_by (a);
          grid_options.labels = TRUE;
          options = &grid_options;
        }
      inner = planner_picture_grid (a, options, &style);
      break;
    case PLANNER_PICTURE_SCHEDULE:
      inner = planner_picture_schedule (a, &style);
      break;
    case PLANNER_PICTURE_MEMORY:
      inner = planner_picture_memory (a, &style);
      break;
    case PLANNER_PICTURE_COMPARE:
      inner = planner_picture_compare (a, b, &style);
      break;
    case PLANNER_N_PICTURES:
    default:
      g_return_val_if_reached (NULL);
    }

  scene = planner_scene_new (width, 0);
  planner_scene_set_font_size (scene, font);
  y = pad;
  shape = planner_scene_add_text (scene, pad, y, width - 2 * pad, font * 2.2, font * 1.6, PLANNER_INK_FG,
                                  PLANNER_SHAPE_BOLD | PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                                  kind == PLANNER_PICTURE_COMPARE
                                  /* Translators: the title of a comparison picture */
                                  ? _("Two layouts side by side") : planner_picture_data_get_title (a));
  shape->tag = PLANNER_TAG_TITLE;
  y += font * 2.4;
  if (kind != PLANNER_PICTURE_COMPARE)
    {
      planner_scene_add_text (scene, pad, y, width - 2 * pad, line_h, font, PLANNER_INK_FG,
                              PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK, planner_picture_data_get_layout_line (a));
      y += line_h;
      if (planner_picture_data_get_expert_line (a) != NULL)
        {
          planner_scene_add_text (scene, pad, y, width - 2 * pad, line_h, font, PLANNER_INK_DIM,
                                  PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                                  planner_picture_data_get_expert_line (a));
          y += line_h;
        }
    }
  y += font * 0.8;

  planner_scene_append (scene, inner, pad, y, 1., 0);
  y += planner_scene_get_height (inner) + font;

  /* Translators: the footer of exported pictures: "Planned for Megatron-Core 0.20.0 · Launch Planner 0.1.0" */
  shape = planner_scene_add_textf (scene, pad, y, width - 2 * pad, line_h, font * 0.85, PLANNER_INK_DIM,
                                   PLANNER_SHAPE_ALIGN_END | PLANNER_SHAPE_SHRINK, _("Planned for %s · Launch Planner %s"),
                                   PLANNER_PICTURE_MEGATRON, PACKAGE_VERSION);
  shape->tag = PLANNER_TAG_FOOTER;
  y += line_h + pad * 0.5;

  planner_scene_set_size (scene, width, ceil (y));
  planner_scene_set_description (scene, planner_scene_get_description (inner));
  return scene;
}
