/* planner-picture-schedule.c
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

/* Palette values of the three passes. */
#define FORWARD_COLOR   5   /* cyan */
#define BACKWARD_COLOR  0   /* indigo */
#define RECOMPUTE_COLOR 1   /* sand */

/* A chunk narrower than this is not drawn whole: the middle of the step
 * is left out instead. */
#define MIN_CHUNK_WIDTH 5.

/* Steady-state time kept on each side of the cut, in units. */
#define KEEP_STEADY 6.

typedef struct
{
  double label_w;   /* the stage names */
  double x0;        /* time 0 */
  double scale;     /* picture units per time unit */
  gboolean elided;
  double cut_a;     /* simulated time where the head ends */
  double cut_b;     /* and where the tail starts */
  double band;      /* width of the elision band */
  double shift;     /* real time minus simulated time in the tail */
} TimeAxis;

static double
time_x (const TimeAxis *axis,
        double          t)
{
  if (!axis->elided || t <= axis->cut_a)
    return axis->x0 + t * axis->scale;
  return axis->x0 + axis->cut_a * axis->scale + axis->band + (MAX (t, axis->cut_b) - axis->cut_b) * axis->scale;
}

static const PlannerScheduleCell *
rank_cells (const PlannerSchedule *s,
            guint32                rank,
            guint64               *n)
{
  *n = s->rank_start[rank + 1] - s->rank_start[rank];
  return &s->cells[s->rank_start[rank]];
}

/* The cut keeps rank 0's warm-up and first steady steps, and its last
 * steady steps and cool-down: every other rank fills and drains inside
 * those windows. */
static void
choose_cut (const PlannerSchedule *s,
            double                 width,
            TimeAxis              *axis)
{
  guint64 n;
  const PlannerScheduleCell *cells = rank_cells (s, 0, &n);
  double sim_end = s->makespan - s->skipped_microbatches * s->period_time;
  double first_backward = 0., last_forward = sim_end;
  double chunk = s->forward;

  axis->elided = FALSE;
  axis->shift = 0.;
  axis->scale = width / s->makespan;
  if (axis->scale * chunk >= MIN_CHUNK_WIDTH && s->skipped_microbatches == 0)
    return;

  for (guint64 i = 0; i < n; i++)
    {
      if (cells[i].pass != PLANNER_PASS_FORWARD)
        {
          first_backward = cells[i].end;
          break;
        }
    }
  for (guint64 i = n; i > 0; i--)
    {
      if (cells[i - 1].pass == PLANNER_PASS_FORWARD)
        {
          last_forward = cells[i - 1].start;
          break;
        }
    }
  axis->cut_a = first_backward + KEEP_STEADY;
  axis->cut_b = last_forward - KEEP_STEADY;
  if (axis->cut_b - axis->cut_a < 2. * KEEP_STEADY && s->skipped_microbatches == 0)
    return;
  axis->elided = TRUE;
  axis->shift = s->skipped_microbatches * s->period_time;
}

static void
add_row_label (PlannerScene *scene,
               double        y,
               double        h,
               double        width,
               double        font,
               guint32       rank)
{
  PlannerShape *shape;

  /* Translators: a pipeline rank's row in the schedule */
  shape = planner_scene_add_textf (scene, 0., y, width - font * 0.5, h, font * 0.9, PLANNER_INK_FG,
                                   PLANNER_SHAPE_ALIGN_END | PLANNER_SHAPE_SHRINK, _("stage %u"), rank);
  shape->tag = PLANNER_TAG_STAGE;
  shape->a = rank;
}

static void
add_idle (PlannerScene   *scene,
          const TimeAxis *axis,
          guint32         rank,
          double          y,
          double          h,
          double          from,
          double          to)
{
  PlannerShape *shape;
  double x1, x2;

  if (to - from <= 1e-9)
    return;
  /* Idle time is never in the elided middle: the steady state has none. */
  x1 = time_x (axis, from);
  x2 = time_x (axis, to);
  if (x2 - x1 < 0.25)
    return;
  shape = planner_scene_add_hatch (scene, x1, y, x2 - x1, h, PLANNER_INK_DIM);
  shape->tag = PLANNER_TAG_SCHEDULE_IDLE;
  shape->a = rank;
  shape->value = to - from;
}

static void
add_phase_brackets (PlannerScene          *scene,
                    const PlannerSchedule *s,
                    const TimeAxis        *axis,
                    double                 y,
                    double                 font)
{
  guint64 n;
  const PlannerScheduleCell *cells = rank_cells (s, 0, &n);
  double start[PLANNER_N_PHASES], end[PLANNER_N_PHASES];
  const char *names[PLANNER_N_PHASES] = {
    _("warm-up"), s->kind == PLANNER_SCHEDULE_NO_PIPELINE ? _("forward, backward") : _("steady 1F1B"),
    _("cool-down"),
  };

  for (guint p = 0; p < PLANNER_N_PHASES; p++)
    {
      start[p] = G_MAXDOUBLE;
      end[p] = -1.;
    }
  for (guint64 i = 0; i < n; i++)
    {
      guint p = cells[i].phase;

      start[p] = MIN (start[p], cells[i].start);
      end[p] = MAX (end[p], cells[i].end);
    }
  for (guint p = 0; p < PLANNER_N_PHASES; p++)
    {
      double x1, x2;
      PlannerShape *shape;

      if (end[p] < 0.)
        continue;
      x1 = time_x (axis, start[p]);
      x2 = time_x (axis, end[p]);
      planner_scene_add_line (scene, x1 + 1., y + font * 1.5, x2 - 1., y + font * 1.5, 1., PLANNER_INK_DIM);
      planner_scene_add_line (scene, x1 + 1., y + font * 1.1, x1 + 1., y + font * 1.5, 1., PLANNER_INK_DIM);
      planner_scene_add_line (scene, x2 - 1., y + font * 1.1, x2 - 1., y + font * 1.5, 1., PLANNER_INK_DIM);
      /* A phase too short for its name shows the bracket alone: a name
       * shrunk to fit a few cells was an unreadable smudge. */
      shape = planner_scene_add_text (scene, x1, y, MAX (x2 - x1, 1.), font * 1.1, font * 0.8, PLANNER_INK_DIM,
                                      0, names[p]);
      shape->a = p;
    }
}

PlannerScene *
planner_picture_schedule (const PlannerPictureData  *data,
                          const PlannerPictureStyle *style)
{
  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (style != NULL, NULL);

  if (planner_picture_data_get_schedule (data) == NULL)
    return _planner_picture_message (style, _("No pipeline schedule"),
                                     planner_picture_data_get_schedule_error (data));
  return planner_picture_schedule_for (planner_picture_data_get_schedule (data), style);
}

/* The legend, the bubble as Megatron's papers write it and what the
 * timeline's units are; returns the height used and sets @bubble. */
static double
add_schedule_header (PlannerScene              *scene,
                     const PlannerSchedule     *s,
                     const PlannerPictureStyle *style,
                     double                     width,
                     const char                *m_text,
                     char                     **bubble_out)
{
  double font = style->font_size, line_h = font * 1.6, y;
  g_autofree char *bubble = NULL;
  PlannerShape *shape;
  const char *labels[3];
  guint values[3];
  guint n_labels = 0;

  /* Legend: the passes, idle time, the unit of time. */
  labels[n_labels] = _("forward");
  values[n_labels++] = FORWARD_COLOR;
  labels[n_labels] = _("backward (2 × forward)");
  values[n_labels++] = BACKWARD_COLOR;
  if (s->recompute > 0.)
    {
      labels[n_labels] = _("recomputed forward");
      values[n_labels++] = RECOMPUTE_COLOR;
    }
  y = _planner_scene_add_legend (scene, 0., 0., width * 0.7, font, labels, values, n_labels);
  {
    /* Room for the idle entry at its full size (about 17 em with its
     * swatch), never over the colour entries on the left half. */
    double x = CLAMP (width - font * 17., width * 0.55, width * 0.7);

    shape = planner_scene_add_hatch (scene, x, (line_h - font) / 2., font * 1.6, font, PLANNER_INK_DIM);
    shape->tag = PLANNER_TAG_LEGEND;
    planner_scene_add_text (scene, x + font * 2., 0., width - x - font * 2., line_h, font, PLANNER_INK_FG,
                            PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK, _("idle: the pipeline bubble"));
  }

  /* The bubble, as Megatron's papers write it. */
  if (s->kind == PLANNER_SCHEDULE_NO_PIPELINE)
    bubble = g_strdup (_("No pipeline (PP 1): no bubble"));
  else if (s->kind == PLANNER_SCHEDULE_INTERLEAVED)
    /* Translators: the bubble of an interleaved schedule, "(16 − 1) / (8 × 512) = 0.37 %" */
    bubble = g_strdup_printf (_("Bubble (p − 1) / (v · m) = (%u − 1) / (%u × %s) = %.2f %% of the step's compute"),
                              s->pp, s->vpp, m_text, 100. * s->bubble_fraction);
  else
    bubble = g_strdup_printf (_("Bubble (p − 1) / m = (%u − 1) / %s = %.2f %% of the step's compute"),
                              s->pp, m_text, 100. * s->bubble_fraction);
  shape = planner_scene_add_text (scene, 0., y, width, line_h, font, PLANNER_INK_FG,
                                  PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_BOLD | PLANNER_SHAPE_SHRINK, bubble);
  shape->tag = PLANNER_TAG_BUBBLE;
  shape->value = s->bubble_fraction;
  y += line_h;
  /* The formula assumes a steady state; with few microbatches the
   * timeline below idles more, and says so. */
  if (s->uneven)
    {
      /* The formula assumes equal stages; an uneven split idles the
       * lighter ones while the heaviest sets the pace.  A stage with no
       * layers does no work, so its idle time has no ratio to give. */
      if (s->least_busy <= 0.)
        planner_scene_add_textf (scene, 0., y, width, line_h, font * 0.9, PLANNER_INK_FG,
                                 PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                                 _("Stages hold %u to %u layers and each pass takes time in proportion to its "
                                   "layers: this timeline idles %.2f %% on the busiest stage, and a stage with "
                                   "no layers idles the whole step"),
                                 s->fewest_layers, s->most_layers, 100. * s->simulated_bubble);
      else
        planner_scene_add_textf (scene, 0., y, width, line_h, font * 0.9, PLANNER_INK_FG,
                                 PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                                 _("Stages hold %u to %u layers and each pass takes time in proportion to its "
                                   "layers: this timeline idles %.2f %% on the busiest stage, %.2f %% on the least "
                                   "busy"),
                                 s->fewest_layers, s->most_layers, 100. * s->simulated_bubble,
                                 100. * (s->makespan - s->least_busy) / s->least_busy);
      y += line_h;
    }
  else if (s->kind != PLANNER_SCHEDULE_NO_PIPELINE && fabs (s->simulated_bubble - s->bubble_fraction) > 0.005)
    {
      gboolean all_warmup = s->warmup[0] >= s->num_microbatches * s->vpp;

      planner_scene_add_textf (scene, 0., y, width, line_h, font * 0.9, PLANNER_INK_FG,
                               PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                               all_warmup
                               ? _("This timeline idles %.2f %%: every microbatch fits in stage 0's warm-up, so it "
                                   "runs all forwards, then all backwards. More microbatches would shrink it")
                               : _("This timeline idles %.2f %%: the formula assumes a long steady state"),
                               100. * s->simulated_bubble);
      y += line_h;
    }
  if (style->compact)
    y -= line_h;
  else if (s->vpp > 1)
    planner_scene_add_textf (scene, 0., y, width, line_h, font * 0.9, PLANNER_INK_DIM,
                             PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                             _("Interleaved 1F1B: %u model chunks a stage, microbatches in groups of %u. Time in "
                               "units of one microbatch's forward through a whole stage; a chunk takes 1/%u of it"),
                             s->vpp, s->group_size, s->vpp);
  else
    planner_scene_add_text (scene, 0., y, width, line_h, font * 0.9, PLANNER_INK_DIM,
                            PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                            s->kind == PLANNER_SCHEDULE_1F1B
                            ? _("1F1B. Time in units of one microbatch's forward through one stage")
                            : _("Time in units of one microbatch's forward"));
  y += line_h + font * 0.3;
  *bubble_out = g_steal_pointer (&bubble);
  return y;
}

/* Pipeline rank @r's row at @ry: its cells, idle time and elision. */
static void
add_rank_row (PlannerScene          *scene,
              const PlannerSchedule *s,
              const TimeAxis        *axis_in,
              guint32                r,
              double                 ry,
              double                 row_h,
              double                 font)
{
  const TimeAxis axis = *axis_in;
  PlannerShape *shape;
  guint64 n, drawn = 0;
  const PlannerScheduleCell *cells = rank_cells (s, r, &n);
  double busy_until = 0.;
  double real_cells = (double) n + (double) s->skipped_microbatches * s->vpp * (s->recompute > 0. ? 3 : 2);

  add_row_label (scene, ry, row_h, axis.label_w, font, r);
  for (guint64 i = 0; i < n; i++)
    {
      const PlannerScheduleCell *c = &cells[i];
      double t1 = c->start, t2 = c->end, x1, x2;
      gboolean tail;
      guint value;
      guint32 microbatch = c->microbatch;

      add_idle (scene, &axis, r, ry, row_h, busy_until, c->start);
      busy_until = c->end;

      if (axis.elided)
        {
          if (t1 >= axis.cut_a && t2 <= axis.cut_b)
            continue;
          tail = t2 > axis.cut_b;
          if (!tail)
            t2 = MIN (t2, axis.cut_a);
          else
            {
              t1 = MAX (t1, axis.cut_b);
              microbatch += (guint32) s->skipped_microbatches;
            }
        }
      x1 = time_x (&axis, t1);
      x2 = time_x (&axis, t2);
      value = c->pass == PLANNER_PASS_FORWARD ? FORWARD_COLOR
              : c->pass == PLANNER_PASS_BACKWARD ? BACKWARD_COLOR : RECOMPUTE_COLOR;
      shape = planner_scene_add_rect (scene, x1 + 0.5, ry, MAX (x2 - x1 - 1., 0.5), row_h, PLANNER_INK_DATA, value);
      shape->tag = PLANNER_TAG_SCHEDULE_CELL;
      shape->a = r;
      shape->b = microbatch;
      shape->c = (guint32) c->chunk << 8 | c->pass;
      shape->value = c->end - c->start;
      drawn++;
      if (x2 - x1 >= font * 1.4)
        {
          shape = planner_scene_add_textf (scene, x1, ry, x2 - x1, row_h, MIN (font * 0.8, row_h * 0.6),
                                           PLANNER_INK_ON_DATA, 0, "%u", microbatch);
          shape->color = value;
          shape->tag = PLANNER_TAG_SCHEDULE_CELL;
          shape->a = r;
          shape->b = microbatch;
          shape->c = G_MAXUINT32;
        }
    }
  add_idle (scene, &axis, r, ry, row_h, busy_until, s->makespan - axis.shift);
  if (axis.elided)
    {
      shape = planner_scene_add_rect (scene, time_x (&axis, axis.cut_a) + font * 0.5, ry + row_h / 2. - 1.,
                                      axis.band - font, 2., PLANNER_INK_FAINT, 0);
      shape->tag = PLANNER_TAG_SCHEDULE_ELIDED;
      shape->a = r;
      shape->b = (guint32) MIN (real_cells - (double) drawn, (double) G_MAXUINT32);
      shape->value = axis.cut_b - axis.cut_a + axis.shift;
    }
}

/* A time axis at @y: ticks at round numbers of units. */
static void
add_time_axis (PlannerScene          *scene,
               const PlannerSchedule *s,
               const TimeAxis        *axis_in,
               double                 y,
               double                 plot_w,
               double                 font)
{
  const TimeAxis axis = *axis_in;
  double tick;

  double span = (axis.elided ? axis.cut_a : s->makespan);
  double target = MAX (plot_w / (font * 6.), 2.);
  double raw = (axis.elided ? (axis.cut_a + s->makespan - axis.shift - axis.cut_b) : s->makespan) / target;
  double mag = pow (10., floor (log10 (MAX (raw, 1e-9))));

  tick = raw <= mag ? mag : raw <= 2. * mag ? 2. * mag : raw <= 5. * mag ? 5. * mag : 10. * mag;
  planner_scene_add_line (scene, axis.x0, y, time_x (&axis, s->makespan - axis.shift), y, 1., PLANNER_INK_DIM);
  for (double t = 0.; t <= span + 1e-9; t += tick)
    {
      double x = time_x (&axis, t);

      planner_scene_add_line (scene, x, y, x, y + font * 0.4, 1., PLANNER_INK_DIM);
      planner_scene_add_textf (scene, x - font * 3., y + font * 0.4, font * 6., font * 1.2, font * 0.8,
                               PLANNER_INK_DIM, 0, "%g", t);
    }
  if (axis.elided)
    for (double t = ceil ((axis.cut_b + axis.shift) / tick) * tick; t <= s->makespan + 1e-9; t += tick)
      {
        double x = time_x (&axis, t - axis.shift);

        planner_scene_add_line (scene, x, y, x, y + font * 0.4, 1., PLANNER_INK_DIM);
        planner_scene_add_textf (scene, x - font * 3., y + font * 0.4, font * 6., font * 1.2, font * 0.8,
                                 PLANNER_INK_DIM, 0, "%g", t);
      }
  y += font * 1.6;
}

PlannerScene *
planner_picture_schedule_for (const PlannerSchedule     *s,
                              const PlannerPictureStyle *style)
{
  g_autofree char *bubble = NULL;
  g_autofree char *m_text = NULL;
  PlannerScene *scene;
  PlannerShape *shape;
  TimeAxis axis = { 0, };
  double font, width, y, row_h, row_gap, line_h, plot_w, top;

  g_return_val_if_fail (s != NULL, NULL);
  g_return_val_if_fail (style != NULL, NULL);

  font = style->font_size;
  width = style->width > 0. ? style->width : 1200.;
  line_h = font * 1.6;
  scene = planner_scene_new (width, 0.);
  planner_scene_set_font_size (scene, font);

  m_text = _planner_format_count (s->num_microbatches);
  y = add_schedule_header (scene, s, style, width, m_text, &bubble);

  /* Rows, in the room left. */
  axis.label_w = ceil (planner_scene_text_width ("stage 000", font * 0.9) + font);
  axis.x0 = axis.label_w;
  axis.band = font * 3.;
  plot_w = width - axis.label_w - font * 0.5;
  row_gap = MAX (floor (font * 0.25), 2.);
  row_h = style->presentation ? font * 2.8 : font * 1.9;
  top = y + font * 1.8;
  if (style->height > 0.)
    {
      double room = style->height - top - font * 3.8;

      /* On a projector the rows fill the screen (PP 4 used its top 40 %). */
      row_h = CLAMP (room / s->pp - row_gap, font * 0.9, style->presentation ? font * 7. : row_h);
      /* Many stages on a short screen: thinner gaps and rows rather than
       * a picture taller than its room (PP 16 at 800 px). */
      if (room / s->pp < font * 0.9 + row_gap)
        {
          row_gap = MAX (floor (room / s->pp * 0.08), 1.);
          row_h = MAX (room / s->pp - row_gap, font * 0.5);
        }
    }
  choose_cut (s, plot_w, &axis);
  if (axis.elided)
    axis.scale = (plot_w - axis.band) / (axis.cut_a + (s->makespan - axis.shift - axis.cut_b));

  add_phase_brackets (scene, s, &axis, y, font);
  y = top;

  for (guint32 r = 0; r < s->pp; r++)
    add_rank_row (scene, s, &axis, r, y + r * (row_h + row_gap), row_h, font);
  y += s->pp * (row_h + row_gap);

  if (axis.elided)
    {
      double bx = time_x (&axis, axis.cut_a);
      double left_out = (axis.cut_b - axis.cut_a + axis.shift) / s->period_time;
      g_autofree char *count = _planner_format_count ((guint64) round (left_out));

      planner_scene_add_rect (scene, bx + font * 0.3, top, axis.band - font * 0.6, y - top - row_gap,
                              PLANNER_INK_SHADE, 0);
      shape = planner_scene_add_text (scene, bx, top + (y - top) / 2. - font, axis.band, font * 2., font * 1.4,
                                      PLANNER_INK_DIM, PLANNER_SHAPE_BOLD, "⋯");
      shape->tag = PLANNER_TAG_SCHEDULE_ELIDED;
      shape->a = G_MAXUINT32;
      shape->value = axis.cut_b - axis.cut_a + axis.shift;
      /* Translators: under the elision of a long schedule; %s is a number of microbatches */
      planner_scene_add_textf (scene, axis.x0, y + font * 1.6, plot_w, line_h, font * 0.85, PLANNER_INK_DIM,
                               PLANNER_SHAPE_SHRINK,
                               _("⋯ marks about %s microbatches of steady 1F1B left out: "
                                 "the first and the last steps are drawn"), count);
    }

  add_time_axis (scene, s, &axis, y, plot_w, font);
  y += font * 1.6;
  if (axis.elided)
    y += line_h;
  y += font * 0.4;

  planner_scene_set_size (scene, width, ceil (y));
  {
    g_autofree char *description =
      g_strdup_printf (_("Pipeline schedule, %s: %u stages, %s microbatches; %s"),
                       planner_schedule_kind_to_string (s->kind), s->pp, m_text, bubble);
    planner_scene_set_description (scene, description);
  }
  return scene;
}
