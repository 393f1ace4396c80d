/* planner-picture-memory.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-picture"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "planner-picture-private.h"

/* The components in the order they stack, bottom up, drawn from
 * whatever the estimate holds: a component added later gets a colour and
 * its own name without a change here. */
static const char *
component_label (guint component)
{
  switch ((PlannerMemoryComponent) component)
    {
    case PLANNER_MEMORY_WEIGHTS: return _("weights");
    case PLANNER_MEMORY_GRADIENTS: return _("gradients");
    case PLANNER_MEMORY_OPTIMIZER: return _("optimizer states");
    case PLANNER_MEMORY_ACTIVATIONS: return _("activations");
    case PLANNER_MEMORY_LOGITS: return _("logits and loss");
    case PLANNER_MEMORY_OVERHEAD: return _("outside PyTorch");
    case PLANNER_N_MEMORY_COMPONENTS:
    default: return planner_memory_component_to_string ((PlannerMemoryComponent) component);
    }
}

static char *
stage_label (const PlannerMemoryEstimate *est,
             guint                        i,
             guint32                      pp)
{
  guint32 stage = est->stages[i].stage;

  if (pp == 1)
    return g_strdup (_("every GPU"));
  if (stage == 0)
    return g_strdup_printf (_("stage %u · first"), stage);
  if (stage == pp - 1)
    return g_strdup_printf (_("stage %u · last"), stage);
  /* Translators: the middle stage stands for all the middle ones */
  return g_strdup_printf (_("stage %u · middle"), stage);
}

static double
nice_step (double raw)
{
  double mag = pow (10., floor (log10 (MAX (raw, 1e-9))));

  return raw <= mag ? mag : raw <= 2. * mag ? 2. * mag : raw <= 5. * mag ? 5. * mag : 10. * mag;
}

static gboolean
middle_layers_differ (const PlannerConfig *config)
{
  guint32 first = planner_memory_stage_layers (config, 1);

  for (guint32 s = 2; s + 1 < config->layout.pp; s++)
    if (planner_memory_stage_layers (config, s) != first)
      return TRUE;
  return FALSE;
}

/* The numbers beside the chart: a row per component, a column per stage. */
static double
add_table (PlannerScene                *scene,
           const PlannerMemoryEstimate *est,
           guint32                      pp,
           double                       x,
           double                       y,
           double                       width,
           double                       font)
{
  double row_h = font * 1.45, name_w = width * 0.38, col_w = (width - name_w) / MAX (est->n_stages, 1);
  guint row = 0;
  PlannerShape *shape;

  for (guint i = 0; i < est->n_stages; i++)
    {
      guint32 stage = est->stages[i].stage;
      const char *role = pp == 1 ? _("every GPU") : stage == 0 ? _("first") : stage == pp - 1 ? _("last")
                         : _("middle");

      shape = planner_scene_add_textf (scene, x + name_w + i * col_w, y, col_w, row_h, font * 0.85, PLANNER_INK_FG,
                                       PLANNER_SHAPE_ALIGN_END | PLANNER_SHAPE_BOLD | PLANNER_SHAPE_SHRINK,
                                       _("stage %u"), stage);
      shape->tag = PLANNER_TAG_TABLE_CELL;
      shape->a = row;
      shape->b = i + 1;
      planner_scene_add_text (scene, x + name_w + i * col_w, y + row_h * 0.8, col_w, row_h, font * 0.8,
                              PLANNER_INK_DIM, PLANNER_SHAPE_ALIGN_END | PLANNER_SHAPE_SHRINK, role);
    }
  y += row_h * 1.8;
  row++;

  for (guint c = 0; c < PLANNER_N_MEMORY_COMPONENTS + 3; c++)
    {
      gboolean total = c == PLANNER_N_MEMORY_COMPONENTS;
      gboolean capacity = c == PLANNER_N_MEMORY_COMPONENTS + 1;
      gboolean headroom = c == PLANNER_N_MEMORY_COMPONENTS + 2;
      const char *name = total ? _("total") : capacity ? _("GPU memory") : headroom ? _("headroom")
                         : component_label (c);

      if ((capacity || headroom) && est->capacity_bytes <= 0.)
        continue;
      if (row % 2 == 0)
        planner_scene_add_rect (scene, x, y, width, row_h, PLANNER_INK_SHADE, 0);
      if (c < PLANNER_N_MEMORY_COMPONENTS)
        _planner_scene_add_swatch (scene, x + font * 0.2, y + (row_h - font * 0.8) / 2., font * 0.8, c,
                                   PLANNER_TAG_LEGEND);
      shape = planner_scene_add_text (scene, x + font * 1.3, y, name_w - font * 1.3, row_h, font * 0.85,
                                      PLANNER_INK_FG,
                                      PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK |
                                      (total ? PLANNER_SHAPE_BOLD : 0), name);
      shape->tag = PLANNER_TAG_TABLE_CELL;
      shape->a = row;
      for (guint i = 0; i < est->n_stages; i++)
        {
          const PlannerStageMemory *st = &est->stages[i];
          double value = total ? st->total_bytes : capacity ? est->capacity_bytes
                         : headroom ? st->headroom_bytes : st->bytes[c];
          g_autofree char *text = value == 0. ? g_strdup ("0") : _planner_format_bytes (value);
          PlannerInk ink = headroom ? (value < 0. ? PLANNER_INK_ERROR : PLANNER_INK_SUCCESS) : PLANNER_INK_FG;

          shape = planner_scene_add_text (scene, x + name_w + i * col_w, y, col_w, row_h, font * 0.85, ink,
                                          PLANNER_SHAPE_ALIGN_END | PLANNER_SHAPE_SHRINK |
                                          (total || headroom ? PLANNER_SHAPE_BOLD : 0), text);
          shape->tag = PLANNER_TAG_TABLE_CELL;
          shape->a = row;
          shape->b = i + 1;
          shape->value = value;
        }
      y += row_h;
      row++;
    }
  return y;
}

/* Where the labels above a bar ending at @base sit: above the capacity
 * line at @cap_y when they would cross it. */
static double
labels_base (double base,
             double cap_y,
             double font)
{
  return cap_y > base - font * 2.8 && cap_y <= base ? cap_y - font * 0.2 : base;
}

PlannerScene *
planner_picture_memory (const PlannerPictureData  *data,
                        const PlannerPictureStyle *style)
{
  const PlannerMemoryEstimate *est;
  const PlannerConfig *config;
  PlannerReport *report;
  const PlannerGpu *gpu;
  const char *labels[PLANNER_N_MEMORY_COMPONENTS];
  guint values[PLANNER_N_MEMORY_COMPONENTS];
  PlannerScene *scene;
  PlannerShape *shape;
  double font, width, y, chart_w, table_w, plot_h, plot_top, plot_bottom, axis_w, top_bytes, step, bar_w, slot;
  double table_bottom = 0.;
  gboolean table_beside;
  guint32 pp;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (style != NULL, NULL);

  report = planner_picture_data_get_report (data);
  config = report != NULL ? planner_report_get_config (report) : NULL;
  est = report != NULL ? planner_report_get_memory_estimate (report) : NULL;
  gpu = report != NULL ? planner_report_get_gpu (report) : NULL;
  if (config == NULL || est == NULL || est->n_stages == 0)
    return _planner_picture_message (style, _("No memory estimate"),
                                     _("The model's dimensions or the layout are incomplete"));

  font = style->font_size;
  width = style->width > 0. ? style->width : 1200.;
  pp = config->layout.pp;
  scene = planner_scene_new (width, 0.);
  planner_scene_set_font_size (scene, font);

  for (guint c = 0; c < PLANNER_N_MEMORY_COMPONENTS; c++)
    {
      labels[c] = component_label (c);
      values[c] = c;
    }
  y = _planner_scene_add_legend (scene, 0., 0., width, font, labels, values, PLANNER_N_MEMORY_COMPONENTS);
  y += font * 0.6;

  /* The table beside the bars on a wide picture, under them on a narrow one. */
  table_beside = !style->compact && width >= font * 52.;
  table_w = table_beside ? MIN (width * 0.42, font * (14. + 8. * est->n_stages)) : width;
  chart_w = table_beside ? width - table_w - font * 2. : width;
  plot_h = style->presentation ? font * 26. : font * 18.;
  plot_top = y + font * 2.6;
  if (style->height > 0.)
    plot_h = MAX (style->height - plot_top - font * (pp > 3 ? 5.6 : 4.0) -
                  (table_beside || style->compact ? 0. : font * 1.45 * 11.), font * 8.);
  plot_bottom = plot_top + plot_h;

  top_bytes = est->capacity_bytes;
  for (guint i = 0; i < est->n_stages; i++)
    top_bytes = MAX (top_bytes, est->stages[i].total_bytes);
  top_bytes = MAX (top_bytes * 1.08, 1.);
  /* Room above the capacity line for the labels of a bar that reaches it. */
  if (est->capacity_bytes > 0. && plot_h > font * 6.)
    top_bytes = MAX (top_bytes, est->capacity_bytes * plot_h / (plot_h - font * 3.));
  step = nice_step (top_bytes / GIB / 6.) * GIB;

  /* The axis, in GiB. */
  axis_w = ceil (planner_scene_text_width ("0000 GiB", font * 0.8) + font * 0.4);
  for (double v = 0.; v <= top_bytes + 1.; v += step)
    {
      double yy = plot_bottom - v / top_bytes * plot_h;
      g_autofree char *text = g_strdup_printf ("%g GiB", v / GIB);

      planner_scene_add_line (scene, axis_w, yy, chart_w, yy, 1., PLANNER_INK_FAINT);
      planner_scene_add_text (scene, 0., yy - font * 0.6, axis_w - font * 0.4, font * 1.2, font * 0.8,
                              PLANNER_INK_DIM, PLANNER_SHAPE_ALIGN_END, text);
    }

  slot = (chart_w - axis_w - font) / est->n_stages;
  bar_w = MIN (slot * 0.55, font * (style->presentation ? 10. : 7.));
  for (guint i = 0; i < est->n_stages; i++)
    {
      const PlannerStageMemory *st = &est->stages[i];
      double x = axis_w + font + i * slot + (slot - bar_w) / 2., base = plot_bottom, sum = 0., label_base;
      g_autofree char *label = stage_label (est, i, pp);
      g_autofree char *total = _planner_format_bytes (st->total_bytes);
      g_autofree char *layers = NULL;

      for (guint c = 0; c < PLANNER_N_MEMORY_COMPONENTS; c++)
        {
          double h = st->bytes[c] / top_bytes * plot_h;

          sum += st->bytes[c];
          if (st->bytes[c] <= 0.)
            continue;
          shape = planner_scene_add_rect (scene, x, base - h, bar_w, h, PLANNER_INK_DATA, c);
          shape->tag = PLANNER_TAG_BAR_SEGMENT;
          shape->a = st->stage;
          shape->b = c;
          shape->value = st->bytes[c];
          if (h >= font * 1.2)
            {
              g_autofree char *text = _planner_format_bytes (st->bytes[c]);

              shape = planner_scene_add_text (scene, x, base - h, bar_w, h, font * 0.75, PLANNER_INK_ON_DATA,
                                              PLANNER_SHAPE_SHRINK, text);
              shape->color = c;
            }
          base -= h;
        }
      /* Past the capacity: hatched in the error colour. */
      if (est->capacity_bytes > 0. && sum > est->capacity_bytes)
        {
          double cap_y = plot_bottom - est->capacity_bytes / top_bytes * plot_h;

          planner_scene_add_hatch (scene, x - 2., base, bar_w + 4., cap_y - base, PLANNER_INK_ERROR);
        }
      /* The total and the headroom above the bar, never across the
       * capacity line: above it when the bar ends just under it. */
      label_base = labels_base (base, est->capacity_bytes > 0.
                                ? plot_bottom - est->capacity_bytes / top_bytes * plot_h : G_MAXDOUBLE, font);
      shape = planner_scene_add_text (scene, x - slot * 0.2, label_base - font * 1.4, bar_w + slot * 0.4, font * 1.3,
                                      font * 0.9, PLANNER_INK_FG, PLANNER_SHAPE_BOLD | PLANNER_SHAPE_SHRINK, total);
      shape->tag = PLANNER_TAG_BAR_TOTAL;
      shape->a = st->stage;
      shape->value = st->total_bytes;
      if (est->capacity_bytes > 0.)
        {
          g_autofree char *room = _planner_format_bytes (fabs (st->headroom_bytes));

          /* Translators: above a memory bar: "13.5 GiB free" or "4.2 GiB over" */
          shape = planner_scene_add_textf (scene, x - slot * 0.2, label_base - font * 2.6, bar_w + slot * 0.4, font * 1.2,
                                           font * 0.8, st->headroom_bytes >= 0. ? PLANNER_INK_SUCCESS : PLANNER_INK_ERROR,
                                           PLANNER_SHAPE_SHRINK,
                                           st->headroom_bytes >= 0. ? _("%s free") : _("%s over"), room);
          shape->value = st->headroom_bytes;
        }
      shape = planner_scene_add_text (scene, x - slot * 0.2, plot_bottom + font * 0.3, bar_w + slot * 0.4, font * 1.3,
                                      font * 0.85, PLANNER_INK_FG, PLANNER_SHAPE_SHRINK, label);
      shape->tag = PLANNER_TAG_STAGE;
      shape->a = st->stage;
      layers = g_strdup_printf (ngettext ("%u layer", "%u layers", st->num_layers),
                                st->num_layers);
      planner_scene_add_text (scene, x - slot * 0.2, plot_bottom + font * 1.5, bar_w + slot * 0.4, font * 1.2,
                              font * 0.8, PLANNER_INK_DIM, PLANNER_SHAPE_SHRINK, layers);
    }

  if (est->capacity_bytes > 0.)
    {
      double cap_y = plot_bottom - est->capacity_bytes / top_bytes * plot_h;
      g_autofree char *cap = _planner_format_bytes (est->capacity_bytes);

      shape = planner_scene_add_line (scene, axis_w, cap_y, chart_w, cap_y, 2., PLANNER_INK_FG);
      shape->flags |= PLANNER_SHAPE_DASHED;
      shape->tag = PLANNER_TAG_CAPACITY;
      shape->value = est->capacity_bytes;
      shape = planner_scene_add_line (scene, axis_w, plot_top - font * 1.75, axis_w + font * 2., plot_top - font * 1.75,
                                      2., PLANNER_INK_FG);
      shape->flags |= PLANNER_SHAPE_DASHED;
      shape = planner_scene_add_textf (scene, axis_w + font * 2.5, plot_top - font * 2.4, chart_w - axis_w - font * 2.5,
                                       font * 1.3, font * 0.85, PLANNER_INK_FG,
                                       PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                                       /* Translators: the capacity line: "NVIDIA H100 80GB SXM: 79.6 GiB" */
                                       _("%s: %s"), gpu != NULL ? gpu->name : _("GPU memory"), cap);
      shape->tag = PLANNER_TAG_CAPACITY;
      shape->value = est->capacity_bytes;
    }
  else
    planner_scene_add_text (scene, axis_w, plot_top - font * 2.2, chart_w - axis_w, font * 1.3, font * 0.85,
                            PLANNER_INK_DIM, PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                            _("No GPU chosen: no capacity to compare with"));

  if (table_beside)
    table_bottom = add_table (scene, est, pp, width - table_w, plot_top - font * 1.5, table_w, font);
  y = plot_bottom + font * 3.;
  if (!table_beside && !style->compact)
    y = add_table (scene, est, pp, 0., y, width, font) + font * 0.5;
  y = MAX (y, table_bottom + font * 0.5);
  if (pp > 3)
    {
      planner_scene_add_textf (scene, 0., y, width, font * 1.4, font * 0.8, PLANNER_INK_DIM,
                               PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                               middle_layers_differ (config)
                               ? _("The middle stage stands for stages 1 to %u: of them it holds the most "
                                   "layers, as the schedule shows")
                               : _("The middle stage stands for stages 1 to %u"), pp - 2);
      y += font * 1.4;
    }

  planner_scene_set_size (scene, width, ceil (y));
  {
    const PlannerStageMemory *worst = &est->stages[est->worst];
    g_autofree char *total = _planner_format_bytes (worst->total_bytes);
    g_autofree char *cap = _planner_format_bytes (est->capacity_bytes);
    g_autofree char *description =
      est->capacity_bytes > 0.
      ? g_strdup_printf (_("Memory per GPU by pipeline stage: stage %u needs %s of %s"), worst->stage, total, cap)
      : g_strdup_printf (_("Memory per GPU by pipeline stage: stage %u needs %s"), worst->stage, total);

    planner_scene_set_description (scene, description);
  }
  return scene;
}
