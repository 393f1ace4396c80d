/* planner-picture-data.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a picture shows, computed once from a report or a layout, and the
 * colour-by dimensions of the rank grid.
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
