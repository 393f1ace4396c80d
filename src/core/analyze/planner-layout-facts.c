/* planner-layout-facts.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-layout-facts"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "planner-catalog.h"
#include "planner-layout-facts.h"
#include "planner-memory.h"

/* "4.7%": one decimal, or two below 1%. */
static char *
format_percent (double fraction)
{
  return g_strdup_printf (fraction < 0.01 ? "%.2f%%" : "%.1f%%", fraction * 100.0);
}

/* The GPUs one NVLink domain joins: the GPU's own figure (a GB200 NVL72
 * rack is one domain over several trays), else the node. */
static guint
nvlink_domain (const PlannerReport *report)
{
  const PlannerGpu *gpu = planner_report_get_gpu (report);

  if (gpu != NULL && gpu->nvlink_domain_size > 0)
    return gpu->nvlink_domain_size;
  return planner_report_get_gpus_per_node (report);
}

/* Whether a group of @kind stays inside one NVLink domain: the same test
 * as the analysis' layout.*-crosses-nvlink-domain warnings. */
static char *
domain_fact (const PlannerLayout *layout,
             PlannerGroupKind     kind,
             guint                domain)
{
  g_autoptr(PlannerGroups) groups = NULL;

  if (domain == 0)
    return NULL;
  groups = planner_groups_new (layout, kind);
  if (groups == NULL)
    return NULL;
  if (!planner_groups_cross_nodes (groups, domain))
    return g_strdup_printf (_("in one NVLink domain (%u GPUs)"), domain);
  return g_strdup_printf (_("across NVLink domains of %u GPUs: its traffic leaves NVLink"), domain);
}

static char *
tp_fact (const PlannerReport *report,
         const PlannerLayout *layout)
{
  g_autofree char *domain = NULL;

  if (layout->tp == 1)
    return g_strdup (_("No tensor split: each GPU holds whole layers"));
  domain = domain_fact (layout, PLANNER_GROUP_TP, nvlink_domain (report));
  if (domain == NULL)
    return g_strdup_printf (_("Each layer split over %u GPUs"), layout->tp);
  return g_strdup_printf (_("Each layer split over %u GPUs · %s"), layout->tp, domain);
}

static char *
pp_fact (const PlannerReport *report,
         const PlannerLayout *layout)
{
  const PlannerConfig *config = planner_report_get_config (report);
  guint32 fewest = G_MAXUINT32, most = 0;

  if (config == NULL || config->layout.pp != layout->pp)
    return layout->pp == 1 ? g_strdup (_("No pipeline: every GPU holds every layer")) : NULL;
  if (layout->pp == 1)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "No pipeline: one stage holds the %u layer",
                                         "No pipeline: one stage holds all %u layers", config->num_layers),
                            config->num_layers);
  for (guint32 s = 0; s < layout->pp; s++)
    {
      guint32 layers = planner_memory_stage_layers (config, s);

      fewest = MIN (fewest, layers);
      most = MAX (most, layers);
    }
  if (fewest == most)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u layer per stage on %u stages",
                                         "%u layers per stage on %u stages", most), most, layout->pp);
  return g_strdup_printf (_("%u to %u layers per stage on %u stages"), fewest, most, layout->pp);
}

static char *
vpp_fact (const PlannerReport *report,
          const PlannerLayout *layout,
          guint64              microbatches)
{
  const PlannerConfig *config = planner_report_get_config (report);
  g_autofree char *bubble = NULL;
  g_autofree char *plain = NULL;
  guint32 vpp = MAX (layout->vpp, 1);

  if (layout->pp == 1)
    return vpp > 1 ? g_strdup (_("Needs pipeline parallel above 1")) : g_strdup (_("No pipeline to interleave"));
  if (microbatches == 0)
    return NULL;
  bubble = format_percent ((double) (layout->pp - 1) / ((double) vpp * (double) microbatches));
  if (vpp == 1)
    return g_strdup_printf (_("No interleaving · pipeline bubble %s: (p − 1)/m"), bubble);
  plain = format_percent ((double) (layout->pp - 1) / (double) microbatches);
  if (config != NULL && config->num_layers % (layout->pp * vpp) == 0)
    return g_strdup_printf (_("%u chunks of %u layers on each rank · bubble %s instead of %s"), vpp,
                            config->num_layers / (layout->pp * vpp), bubble, plain);
  return g_strdup_printf (_("%u chunks on each rank · bubble %s instead of %s"), vpp, bubble, plain);
}

static char *
cp_fact (const PlannerReport *report,
         const PlannerLayout *layout)
{
  const PlannerConfig *config = planner_report_get_config (report);
  g_autofree char *domain = NULL;

  if (config == NULL || config->seq_length == 0)
    return NULL;
  if (layout->cp == 1)
    return g_strdup_printf (_("Each GPU sees whole sequences of %u tokens"), config->seq_length);
  domain = domain_fact (layout, PLANNER_GROUP_CP, nvlink_domain (report));
  return g_strdup_printf (_("Each sequence of %u tokens split into %u parts of %u%s%s"), config->seq_length,
                          layout->cp, config->seq_length / layout->cp, domain != NULL ? " · " : "",
                          domain != NULL ? domain : "");
}

static char *
dp_fact (const PlannerReport *report,
         const PlannerLayout *layout,
         guint64              microbatches)
{
  const PlannerConfig *config = planner_report_get_config (report);
  g_autofree char *left = g_strdup_printf (_("What is left: %u GPUs ÷ (TP %u × CP %u × PP %u)"), layout->world_size,
                                           layout->tp, layout->cp, layout->pp);

  if (config == NULL || microbatches == 0)
    return g_steal_pointer (&left);
  /* Translators: "… · 32 microbatches of 1 per step" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%s · %" PRIu64 " microbatch of %u per step",
                                       "%s · %" PRIu64 " microbatches of %u per step",
                                       microbatches),
                          left, microbatches, config->micro_batch_size);
}

static char *
ep_fact (const PlannerReport *report,
         const PlannerLayout *layout)
{
  const PlannerConfig *config = planner_report_get_config (report);
  g_autofree char *domain = NULL;

  if (config == NULL || config->num_experts == 0)
    return NULL;
  if (config->num_experts % layout->ep != 0)
    return NULL;
  if (layout->ep > 1)
    domain = domain_fact (layout, PLANNER_GROUP_EP, nvlink_domain (report));
  /* Translators: "8 experts, 1 per GPU · carved out of data parallel (EDP 2)" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%u experts, %u per GPU · carved out of data parallel (EDP %u)%s%s",
                                       "%u experts, %u per GPU · carved out of data parallel (EDP %u)%s%s",
                                       config->num_experts / layout->ep),
                          config->num_experts, config->num_experts / layout->ep, layout->expert_dp,
                          domain != NULL ? " · " : "", domain != NULL ? domain : "");
}

static char *
etp_fact (const PlannerReport *report,
          const PlannerLayout *layout)
{
  const PlannerConfig *config = planner_report_get_config (report);

  if (config == NULL || config->num_experts == 0)
    return NULL;
  if (layout->etp == 1)
    return g_strdup (_("Each expert whole on one GPU"));
  return g_strdup_printf (_("Each expert split over %u GPUs"), layout->etp);
}

PlannerLayoutFacts *
planner_layout_facts_new (const PlannerReport *report)
{
  PlannerLayoutFacts *facts;
  const PlannerLayout *layout;
  const PlannerConfig *config;

  g_return_val_if_fail (report != NULL, NULL);

  facts = g_new0 (PlannerLayoutFacts, 1);
  layout = planner_report_get_layout (report);
  if (layout == NULL)
    return facts;
  config = planner_report_get_config (report);
  if (config != NULL && config->layout.pp == layout->pp && config->layout.tp == layout->tp &&
      config->layout.cp == layout->cp)
    facts->num_microbatches = config->num_microbatches;
  if (layout->pp > 1 && facts->num_microbatches > 0)
    facts->bubble_fraction = (double) (layout->pp - 1) /
                             ((double) MAX (layout->vpp, 1) * (double) facts->num_microbatches);

  facts->text[PLANNER_DEGREE_TP] = tp_fact (report, layout);
  facts->text[PLANNER_DEGREE_PP] = pp_fact (report, layout);
  facts->text[PLANNER_DEGREE_VPP] = vpp_fact (report, layout, facts->num_microbatches);
  facts->text[PLANNER_DEGREE_CP] = cp_fact (report, layout);
  facts->text[PLANNER_DEGREE_DP] = dp_fact (report, layout, facts->num_microbatches);
  facts->text[PLANNER_DEGREE_EP] = ep_fact (report, layout);
  facts->text[PLANNER_DEGREE_ETP] = etp_fact (report, layout);
  return facts;
}

void
planner_layout_facts_free (PlannerLayoutFacts *facts)
{
  if (facts == NULL)
    return;
  for (guint i = 0; i < PLANNER_N_DEGREES; i++)
    g_free (facts->text[i]);
  g_free (facts);
}
