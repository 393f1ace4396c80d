/* planner-picture-compare.c
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

#include "planner-picture-private.h"
#include "planner-recommend-job.h"
#include "planner-recommend.h"

typedef struct
{
  char     *name;
  char     *values[2];
  gboolean  section;   /* a heading row */
} Row;

static void
row_free (gpointer data)
{
  Row *row = data;

  g_free (row->name);
  g_free (row->values[0]);
  g_free (row->values[1]);
  g_free (row);
}

static void
add_row (GPtrArray  *rows,
         const char *name,
         char       *a,
         char       *b)
{
  Row *row = g_new0 (Row, 1);

  row->name = g_strdup (name);
  row->values[0] = a;
  row->values[1] = b;
  g_ptr_array_add (rows, row);
}

static void
add_section (GPtrArray  *rows,
             const char *name)
{
  Row *row = g_new0 (Row, 1);

  row->name = g_strdup (name);
  row->section = TRUE;
  g_ptr_array_add (rows, row);
}

static char *
degree_text (const PlannerLayout *layout,
             gsize                offset)
{
  if (layout == NULL)
    return g_strdup ("—");
  return g_strdup_printf ("%u", G_STRUCT_MEMBER (guint32, layout, offset));
}

/* "yes", "no", or "—" when the degree is 1 (there is no such traffic). */
static char *
crosses_text (const PlannerPictureData *data,
              PlannerGroupKind          kind,
              guint32                   degree)
{
  const PlannerLayout *layout = planner_picture_data_get_layout (data);
  g_autoptr(PlannerGroups) groups = NULL;
  guint gpn = planner_picture_data_get_gpus_per_node (data);

  if (layout == NULL || degree <= 1)
    return g_strdup ("—");
  groups = planner_groups_new (layout, kind);
  if (groups == NULL)
    return g_strdup ("—");
  return g_strdup (planner_groups_cross_nodes (groups, gpn) ? _("yes") : _("no"));
}

/* @role: 0 the first stage, 1 a middle one, 2 the last; with PP 1 the
 * one stage is all three. */
static char *
stage_memory_text (const PlannerMemoryEstimate *est,
                   guint                        role)
{
  g_autofree char *total = NULL;
  guint i;

  if (est == NULL || est->n_stages == 0)
    return g_strdup ("—");
  if (role == 0)
    i = 0;
  else if (role == 2)
    i = est->n_stages - 1;
  else if (est->n_stages == 3)
    i = 1;
  else
    return g_strdup ("—");
  total = _planner_format_bytes (est->stages[i].total_bytes);
  if (est->capacity_bytes > 0.)
    return g_strdup_printf ("%s %s", total, est->stages[i].fits ? "✓" : "✗");
  return g_steal_pointer (&total);
}

static GPtrArray *
build_rows (const PlannerPictureData *a,
            const PlannerPictureData *b)
{
  static const struct { const char *name; gsize offset; } degrees[] = {
    { "TP", G_STRUCT_OFFSET (PlannerLayout, tp) },
    { "PP", G_STRUCT_OFFSET (PlannerLayout, pp) },
    { "VPP", G_STRUCT_OFFSET (PlannerLayout, vpp) },
    { "CP", G_STRUCT_OFFSET (PlannerLayout, cp) },
    { "DP", G_STRUCT_OFFSET (PlannerLayout, dp) },
    { "EP", G_STRUCT_OFFSET (PlannerLayout, ep) },
    { "ETP", G_STRUCT_OFFSET (PlannerLayout, etp) },
    { "EDP", G_STRUCT_OFFSET (PlannerLayout, expert_dp) },
  };
  static const struct { const char *name; PlannerGroupKind kind; gsize offset; } crossing[] = {
    { "TP", PLANNER_GROUP_TP, G_STRUCT_OFFSET (PlannerLayout, tp) },
    { "CP", PLANNER_GROUP_CP, G_STRUCT_OFFSET (PlannerLayout, cp) },
    { "EP", PLANNER_GROUP_EP, G_STRUCT_OFFSET (PlannerLayout, ep) },
    { "PP", PLANNER_GROUP_PP, G_STRUCT_OFFSET (PlannerLayout, pp) },
    { "DP", PLANNER_GROUP_DP, G_STRUCT_OFFSET (PlannerLayout, dp) },
  };
  const PlannerPictureData *d[2] = { a, b };
  const PlannerLayout *l[2];
  const PlannerConfig *c[2];
  const PlannerMemoryEstimate *m[2];
  GPtrArray *rows = g_ptr_array_new_with_free_func (row_free);
  guint n_stages = 0;

  for (guint i = 0; i < 2; i++)
    {
      PlannerReport *report = planner_picture_data_get_report (d[i]);

      l[i] = planner_picture_data_get_layout (d[i]);
      c[i] = report != NULL ? planner_report_get_config (report) : NULL;
      m[i] = c[i] != NULL ? planner_report_get_memory_estimate (report) : NULL;
      if (m[i] != NULL)
        n_stages = MAX (n_stages, m[i]->n_stages);
    }

  add_section (rows, _("Parallel degrees"));
  for (guint k = 0; k < G_N_ELEMENTS (degrees); k++)
    add_row (rows, degrees[k].name, degree_text (l[0], degrees[k].offset), degree_text (l[1], degrees[k].offset));

  add_section (rows, _("Batch"));
  add_row (rows, _("micro-batch size"),
           c[0] ? g_strdup_printf ("%u", c[0]->micro_batch_size) : g_strdup ("—"),
           c[1] ? g_strdup_printf ("%u", c[1]->micro_batch_size) : g_strdup ("—"));
  add_row (rows, _("microbatches a step"),
           c[0] ? _planner_format_count (c[0]->num_microbatches) : g_strdup ("—"),
           c[1] ? _planner_format_count (c[1]->num_microbatches) : g_strdup ("—"));
  add_row (rows, _("global batch"),
           c[0] ? _planner_format_count (c[0]->global_batch_size) : g_strdup ("—"),
           c[1] ? _planner_format_count (c[1]->global_batch_size) : g_strdup ("—"));
  {
    const char *names[] = { _("none"), _("selective"), _("full") };

    add_row (rows, _("activation recompute"),
             g_strdup (c[0] ? names[c[0]->recompute] : "—"), g_strdup (c[1] ? names[c[1]->recompute] : "—"));
  }

  add_section (rows, _("Memory per GPU"));
  {
    const char *roles[3] = { _("first stage"), _("middle stage"), _("last stage") };

    for (guint role = 0; role < 3; role++)
      {
        /* A middle stage only where some layout has one; one stage (PP 1) once. */
        if (role == 1 && n_stages < 3)
          continue;
        if (role == 2 && n_stages < 2)
          continue;
        add_row (rows, n_stages == 1 ? _("every stage") : roles[role], stage_memory_text (m[0], role),
                 stage_memory_text (m[1], role));
      }
  }

  add_section (rows, _("Pipeline"));
  {
    char *v[2];

    for (guint i = 0; i < 2; i++)
      {
        const PlannerSchedule *s = planner_picture_data_get_schedule (d[i]);

        v[i] = s != NULL ? g_strdup_printf ("%.2f %%", 100. * s->bubble_fraction) : g_strdup ("—");
      }
    add_row (rows, _("bubble (p − 1) / (v · m)"), v[0], v[1]);
  }

  add_section (rows, _("Groups that cross nodes"));
  for (guint k = 0; k < G_N_ELEMENTS (crossing); k++)
    add_row (rows, crossing[k].name,
             crosses_text (a, crossing[k].kind, l[0] ? G_STRUCT_MEMBER (guint32, l[0], crossing[k].offset) : 1),
             crosses_text (b, crossing[k].kind, l[1] ? G_STRUCT_MEMBER (guint32, l[1], crossing[k].offset) : 1));

  add_section (rows, _("Modelled traffic a step, sent by each GPU"));
  for (guint k = 0; k <= PLANNER_N_TRAFFIC; k++)
    {
      char *v[2];

      for (guint i = 0; i < 2; i++)
        {
          const PlannerTraffic *t = planner_picture_data_get_traffic (d[i]);
          double bytes = k == PLANNER_N_TRAFFIC ? t->total : t->bytes[k];

          v[i] = c[i] == NULL ? g_strdup ("—") : bytes > 0. ? _planner_format_bytes (bytes) : g_strdup ("0");
        }
      add_row (rows, k == PLANNER_N_TRAFFIC ? _("all groups") : planner_traffic_kind_name (k), v[0], v[1]);
    }
  return rows;
}

/* With @differs_only, the rows that differ under their sections, and a
 * last line counting the rest (a slide has no room for every row). */
static double
add_table (PlannerScene             *scene,
           const PlannerPictureData *a,
           const PlannerPictureData *b,
           double                    x0,
           double                    y,
           double                    width,
           double                    font,
           gboolean                  differs_only,
           guint                     first,
           guint                     end)
{
  g_autoptr(GPtrArray) rows = build_rows (a, b);
  guint n_same = 0;
  double row_h = font * 1.45, mark_w = font * 1.5, name_w = (width - mark_w) * 0.4;
  double col_w = (width - mark_w - name_w) / 2.;
  guint stripe = 0;
  PlannerShape *shape;

  for (guint i = 0; i < 2; i++)
    {
      shape = planner_scene_add_text (scene, x0 + mark_w + name_w + i * col_w, y, col_w, row_h, font * 0.9, PLANNER_INK_FG,
                                      PLANNER_SHAPE_ALIGN_END | PLANNER_SHAPE_BOLD | PLANNER_SHAPE_SHRINK,
                                      planner_picture_data_get_label (i == 0 ? a : b));
      shape->tag = PLANNER_TAG_TABLE_CELL;
      shape->b = i + 1;
    }
  y += row_h;

  for (guint r = first; r < MIN (end, rows->len); r++)
    {
      const Row *row = g_ptr_array_index (rows, r);
      gboolean differs;

      if (row->section && differs_only)
        {
          gboolean any = FALSE;

          for (guint k = r + 1; k < MIN (end, rows->len) && !((Row *) g_ptr_array_index (rows, k))->section; k++)
            {
              const Row *next = g_ptr_array_index (rows, k);

              any |= g_strcmp0 (next->values[0], next->values[1]) != 0;
            }
          if (!any)
            continue;
        }
      if (row->section)
        {
          y += font * 0.3;
          planner_scene_add_text (scene, x0, y, width, row_h, font * 0.9, PLANNER_INK_DIM,
                                  PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_BOLD | PLANNER_SHAPE_SHRINK, row->name);
          y += row_h;
          stripe = 0;
          continue;
        }
      differs = g_strcmp0 (row->values[0], row->values[1]) != 0;
      if (differs_only && !differs)
        {
          n_same++;
          continue;
        }
      if (stripe++ % 2 == 0)
        planner_scene_add_rect (scene, x0, y, width, row_h, PLANNER_INK_SHADE, 0);
      if (differs)
        planner_scene_add_text (scene, x0, y, mark_w, row_h, font * 0.9, PLANNER_INK_ACCENT, PLANNER_SHAPE_BOLD, "≠");
      shape = planner_scene_add_text (scene, x0 + mark_w, y, name_w, row_h, font * 0.85, PLANNER_INK_FG,
                                      PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK, row->name);
      shape->tag = PLANNER_TAG_TABLE_CELL;
      shape->a = r;
      shape->c = differs;
      for (guint i = 0; i < 2; i++)
        {
          shape = planner_scene_add_text (scene, x0 + mark_w + name_w + i * col_w, y, col_w, row_h, font * 0.85,
                                          differs ? PLANNER_INK_FG : PLANNER_INK_DIM,
                                          PLANNER_SHAPE_ALIGN_END | PLANNER_SHAPE_SHRINK |
                                          (differs ? PLANNER_SHAPE_BOLD : 0), row->values[i]);
          shape->tag = PLANNER_TAG_TABLE_CELL;
          shape->a = r;
          shape->b = i + 1;
          shape->c = differs;
        }
      y += row_h;
    }
  if (n_same > 0)
    {
      y += font * 0.3;
      planner_scene_add_textf (scene, x0, y, width, row_h, font * 0.85, PLANNER_INK_DIM,
                               PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                               ngettext ("and %u row that is the same in both", "and %u rows that are the same in both",
                                         n_same), n_same);
      y += row_h;
    }
  return y;
}

/* A panel's heading: its label, the model and GPUs, the layout line. */
static double
add_panel_header (PlannerScene             *scene,
                  const PlannerPictureData *data,
                  guint                     panel,
                  double                    x,
                  double                    col_w,
                  double                    font)
{
  PlannerShape *shape;
  double y = 0.;

  shape = planner_scene_add_text (scene, x, y, col_w, font * 1.7, font * 1.15, PLANNER_INK_FG,
                                  PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_BOLD | PLANNER_SHAPE_SHRINK,
                                  planner_picture_data_get_label (data));
  shape->tag = PLANNER_TAG_PANEL;
  shape->a = panel;
  y += font * 1.8;
  planner_scene_add_text (scene, x, y, col_w, font * 1.4, font * 0.85, PLANNER_INK_DIM,
                          PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK, planner_picture_data_get_title (data));
  y += font * 1.4;
  {
    const char *line = planner_picture_data_get_layout_line (data);
    const char *cut = strstr (line, " · ");

    /* Too long for the column: the degrees, then the rest below. */
    if (cut != NULL && planner_scene_text_width (line, font * 0.85) > col_w)
      {
        g_autofree char *head = g_strndup (line, cut - line);

        planner_scene_add_text (scene, x, y, col_w, font * 1.4, font * 0.85, PLANNER_INK_FG,
                                PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK, head);
        y += font * 1.4;
        line = cut + strlen (" · ");
      }
    planner_scene_add_text (scene, x, y, col_w, font * 1.4, font * 0.85, PLANNER_INK_FG,
                            PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK, line);
    y += font * 1.4;
  }
  if (planner_picture_data_get_expert_line (data) != NULL)
    planner_scene_add_text (scene, x, y, col_w, font * 1.4, font * 0.85, PLANNER_INK_DIM,
                            PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_SHRINK,
                            planner_picture_data_get_expert_line (data));
  return y + font * 1.8;
}

static void
set_description (PlannerScene             *scene,
                 const PlannerPictureData *a,
                 const PlannerPictureData *b)
{
  g_autofree char *description = g_strdup_printf (_("Two layouts side by side: %s and %s"),
                                                  planner_picture_data_get_layout_line (a),
                                                  planner_picture_data_get_layout_line (b));

  planner_scene_set_description (scene, description);
}

PlannerScene *
planner_picture_compare (const PlannerPictureData  *a,
                         const PlannerPictureData  *b,
                         const PlannerPictureStyle *style)
{
  const PlannerPictureData *d[2] = { a, b };
  PlannerPictureStyle sub;
  PlannerScene *scene;
  double font, width, col_w, gap, y, bottom = 0.;

  g_return_val_if_fail (a != NULL, NULL);
  g_return_val_if_fail (b != NULL, NULL);
  g_return_val_if_fail (style != NULL, NULL);

  font = style->font_size;
  width = style->width > 0. ? style->width : 1600.;
  gap = font * 2.;
  col_w = (width - gap) / 2.;
  scene = planner_scene_new (width, 0.);
  planner_scene_set_font_size (scene, font);

  sub = *style;
  sub.width = col_w;
  sub.height = 0.;
  sub.compact = TRUE;
  sub.interactive = FALSE;
  sub.font_size = font * 0.85;

  for (guint i = 0; i < 2; i++)
    {
      double x = i * (col_w + gap);
      PlannerGridOptions options = { planner_picture_data_get_default_color_by (d[i]), TRUE };
      g_autoptr(PlannerScene) grid = NULL;
      g_autoptr(PlannerScene) memory = NULL;
      g_autoptr(PlannerScene) schedule = NULL;

      y = add_panel_header (scene, d[i], i, x, col_w, font);
      sub.height = col_w * 0.62;
      grid = planner_picture_grid (d[i], &options, &sub);
      sub.height = 0.;
      planner_scene_append (scene, grid, x, y, 1., i);
      y += planner_scene_get_height (grid) + font;
      memory = planner_picture_memory (d[i], &sub);
      planner_scene_append (scene, memory, x, y, 1., i);
      y += planner_scene_get_height (memory) + font;
      schedule = planner_picture_schedule (d[i], &sub);
      planner_scene_append (scene, schedule, x, y, 1., i);
      y += planner_scene_get_height (schedule) + font;
      bottom = MAX (bottom, y);
    }

  y = bottom + font * 0.5;
  planner_scene_add_line (scene, 0., y, width, y, 1., PLANNER_INK_FAINT);
  y += font * 0.8;
  planner_scene_add_text (scene, 0., y, width, font * 1.7, font * 1.1, PLANNER_INK_FG,
                          PLANNER_SHAPE_ALIGN_START | PLANNER_SHAPE_BOLD | PLANNER_SHAPE_SHRINK,
                          _("What differs (≠)"));
  y += font * 1.9;
  y = add_table (scene, a, b, 0., y, MIN (width, font * 60.), font, FALSE, 0, G_MAXUINT);
  y += font * 0.5;

  planner_scene_set_size (scene, width, ceil (y));
  set_description (scene, a, b);
  return scene;
}

const char *
planner_compare_part_title (PlannerComparePart part)
{
  switch (part)
    {
    case PLANNER_COMPARE_GRIDS: return _("Two layouts: which GPU holds which rank");
    case PLANNER_COMPARE_MEMORY: return _("Two layouts: memory per GPU");
    case PLANNER_COMPARE_SCHEDULES: return _("Two layouts: pipeline schedules");
    case PLANNER_COMPARE_TABLE: return _("Two layouts: what differs (≠)");
    case PLANNER_COMPARE_ALL:
    case PLANNER_N_COMPARE_PARTS:
    default: return _("Two layouts side by side");
    }
}

/* The first section at or after the middle of the rows. */
static guint
middle_section (const PlannerPictureData *a,
                const PlannerPictureData *b)
{
  g_autoptr(GPtrArray) rows = build_rows (a, b);

  for (guint r = rows->len / 2; r < rows->len; r++)
    if (((Row *) g_ptr_array_index (rows, r))->section)
      return r;
  return rows->len;
}

/* The table alone, in the type that fits @height (0: any): in two
 * columns of sections when one is too tall. */
static PlannerScene *
compare_table (const PlannerPictureData  *a,
               const PlannerPictureData  *b,
               const PlannerPictureStyle *style)
{
  g_autoptr(PlannerScene) probe = planner_scene_new (1., 0.);
  double font = style->font_size, width = style->width > 0. ? style->width : 1600., table_w, y;
  guint split = middle_section (a, b);
  gboolean two = FALSE;
  PlannerScene *scene;

  /* Laid out once at the base size to learn its height. */
  y = add_table (probe, a, b, 0., 0., MIN (width, font * 60.), font, style->presentation, 0, G_MAXUINT);
  if (style->height > 0. && y > style->height)
    {
      double y1 = add_table (probe, a, b, 0., 0., width / 2., font, style->presentation, 0, split);
      double y2 = add_table (probe, a, b, 0., 0., width / 2., font, style->presentation, split, G_MAXUINT);

      two = TRUE;
      y = MAX (y1, y2);
      if (y > style->height)
        font *= MAX (style->height / y * 0.98, 0.5);
    }
  scene = planner_scene_new (width, 0.);
  planner_scene_set_font_size (scene, font);
  if (two)
    {
      table_w = (width - font * 2.) / 2.;
      y = MAX (add_table (scene, a, b, 0., 0., table_w, font, style->presentation, 0, split),
               add_table (scene, a, b, table_w + font * 2., 0., table_w, font, style->presentation, split, G_MAXUINT));
    }
  else
    y = add_table (scene, a, b, 0., 0., MIN (width, font * 60.), font, style->presentation, 0, G_MAXUINT);
  planner_scene_set_size (scene, width, ceil (y));
  set_description (scene, a, b);
  return scene;
}

PlannerScene *
planner_picture_compare_part (const PlannerPictureData  *a,
                              const PlannerPictureData  *b,
                              PlannerComparePart         part,
                              const PlannerPictureStyle *style)
{
  const PlannerPictureData *d[2] = { a, b };
  PlannerPictureStyle sub;
  PlannerScene *scene;
  double font, width, col_w, gap, bottom = 0.;

  g_return_val_if_fail (a != NULL, NULL);
  g_return_val_if_fail (b != NULL, NULL);
  g_return_val_if_fail (style != NULL, NULL);
  g_return_val_if_fail (part < PLANNER_N_COMPARE_PARTS, NULL);

  if (part == PLANNER_COMPARE_ALL)
    return planner_picture_compare (a, b, style);
  if (part == PLANNER_COMPARE_TABLE)
    return compare_table (a, b, style);

  font = style->font_size;
  width = style->width > 0. ? style->width : 1600.;
  gap = font * 2.;
  col_w = (width - gap) / 2.;
  scene = planner_scene_new (width, 0.);
  planner_scene_set_font_size (scene, font);
  sub = *style;
  sub.width = col_w;
  sub.compact = TRUE;
  sub.interactive = FALSE;
  sub.font_size = font * 0.85;

  for (guint i = 0; i < 2; i++)
    {
      double x = i * (col_w + gap), y, scale;
      PlannerGridOptions options = { planner_picture_data_get_default_color_by (d[i]), TRUE };
      g_autoptr(PlannerScene) picture = NULL;

      y = add_panel_header (scene, d[i], i, x, col_w, font);
      /* The grids' cell labels in a room's type (24 px at 1080p), not
       * the panels' smaller one. */
      sub.font_size = part == PLANNER_COMPARE_GRIDS && style->presentation ? font : font * 0.85;
      sub.height = style->height > 0. ? MAX (style->height - y, font * 8.) : 0.;
      if (part == PLANNER_COMPARE_GRIDS)
        picture = planner_picture_grid (d[i], &options, &sub);
      else if (part == PLANNER_COMPARE_MEMORY)
        picture = planner_picture_memory (d[i], &sub);
      else
        picture = planner_picture_schedule (d[i], &sub);
      /* What cannot fit (16,384 GPUs in half a screen) is scaled to fit. */
      scale = sub.height > 0. && planner_scene_get_height (picture) > sub.height
              ? sub.height / planner_scene_get_height (picture) : 1.;
      planner_scene_append (scene, picture, x, y, scale, i);
      bottom = MAX (bottom, y + planner_scene_get_height (picture) * scale);
    }
  planner_scene_set_size (scene, width, ceil (bottom));
  set_description (scene, a, b);
  return scene;
}

PlannerJob *
planner_picture_recommended_job (PlannerJob          *job,
                                 const PlannerWords  *words,
                                 GError             **error)
{
  PlannerRecommendRequest request = { 0, };
  g_autoptr(PlannerArgs) model_args = NULL;
  PlannerRecommendation *recommendation;
  PlannerJob *copy;

  g_return_val_if_fail (PLANNER_IS_JOB (job), NULL);

  /* Asked as the window asks: what the job fixes stays fixed. */
  if (!planner_recommend_request_from_job_in (job, words, &request, &model_args, error))
    return NULL;
  recommendation = planner_recommend (&request, error);
  if (recommendation == NULL)
    return NULL;
  if (!recommendation->fits)
    {
      g_set_error (error, PLANNER_RECOMMEND_ERROR, PLANNER_RECOMMEND_ERROR_INVALID, "%s",
                   recommendation->nothing_fits != NULL ? recommendation->nothing_fits
                   : _("No layout fits these GPUs"));
      planner_recommendation_free (recommendation);
      return NULL;
    }
  /* The layout, its layer split and the overlaps the search counted on. */
  copy = planner_recommendation_to_job (recommendation, NULL, job);
  planner_recommendation_free (recommendation);
  return copy;
}
