/* planner-recommend-geometry.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Candidate geometry: how a candidate's layers split over its pipeline
 * ranks and virtual stages, and whether a group fits an NVLink domain.
 * The search and the step time both read it; it calls neither. */

#define G_LOG_DOMAIN "planner-recommend"

#include "config.h"

#include <math.h>

#include "planner-recommend-private.h"

/* At least this many transformer layers on every pipeline rank. */
#define MIN_RANK_LAYERS     2


/* ---- Shapes ---- */

static guint32
split_extra (PlannerPipelineSplit split)
{
  switch (split)
    {
    case PLANNER_SPLIT_ACCOUNT_BOTH:
      return 2;
    case PLANNER_SPLIT_ACCOUNT_EMBEDDING:
    case PLANNER_SPLIT_ACCOUNT_LOSS:
      return 1;
    case PLANNER_SPLIT_EVEN:
    case PLANNER_SPLIT_UNEVEN:
    case PLANNER_SPLIT_LAYOUT:
    default:
      return 0;
    }
}

/* Transformer layers in virtual chunk @k (0 .. pp·vpp − 1, in model
 * order; chunk k lives on pipeline rank k % pp). */
guint32
planner_recommend_stage_layers (const PlannerRecommendCandidate *c,
                                guint32                          layers,
                                guint32                          k)
{
  guint32 pp = c->layout.pp, chunks = pp * c->layout.vpp;
  guint32 per;

  if (pp <= 1)
    return layers / MAX (c->layout.vpp, 1);
  if (c->split == PLANNER_SPLIT_LAYOUT)
    {
      if (k == 0)
        return c->first_stage_layers;
      if (k == chunks - 1)
        return c->last_stage_layers;
      return (layers - c->first_stage_layers - c->last_stage_layers) / (chunks - 2);
    }
  if (c->split == PLANNER_SPLIT_UNEVEN)
    {
      if (k == 0)
        return c->first_stage_layers;
      if (k == chunks - 1)
        return c->last_stage_layers;
      return (layers - c->first_stage_layers - c->last_stage_layers) / (pp - 2);
    }
  per = (layers + split_extra (c->split)) / chunks;
  if (k == 0 && (c->split == PLANNER_SPLIT_ACCOUNT_BOTH || c->split == PLANNER_SPLIT_ACCOUNT_EMBEDDING))
    return per - 1;
  if (k == chunks - 1 && (c->split == PLANNER_SPLIT_ACCOUNT_BOTH || c->split == PLANNER_SPLIT_ACCOUNT_LOSS))
    return per - 1;
  return per;
}

guint32
planner_recommend_max_stage_layers (const PlannerRecommendCandidate *c,
                                    guint32                          layers)
{
  guint32 pp = c->layout.pp;

  if (pp <= 1)
    return layers;
  if (c->split == PLANNER_SPLIT_LAYOUT)
    {
      guint32 most = 0;

      for (guint32 r = 0; r < pp; r++)
        {
          guint32 sum = 0;

          for (guint32 j = 0; j < c->layout.vpp; j++)
            sum += planner_recommend_stage_layers (c, layers, r + j * pp);
          most = MAX (most, sum);
        }
      return most;
    }
  if (c->split == PLANNER_SPLIT_UNEVEN)
    {
      guint32 middle = (layers - c->first_stage_layers - c->last_stage_layers) / (pp - 2);

      return MAX (middle, MAX (c->first_stage_layers, c->last_stage_layers));
    }
  return (layers + split_extra (c->split) + pp - 1) / pp;
}

/* The fewest layers any pipeline rank holds, the last one's MTP layers
 * (transformer layers too) counted. */
static guint32
min_rank_layers (const PlannerRecommendCandidate *c,
                 guint32                          layers,
                 guint32                          mtp)
{
  guint32 pp = c->layout.pp, v = c->layout.vpp, least = G_MAXUINT32;

  for (guint32 r = 0; r < pp; r++)
    {
      guint32 sum = r == pp - 1 ? mtp : 0;

      for (guint32 j = 0; j < v; j++)
        sum += planner_recommend_stage_layers (c, layers, r + j * pp);
      least = MIN (least, sum);
    }
  return least;
}

/* The heaviest pipeline rank, in layers, with the output layer's work
 * (@out layers' worth) on the last chunk. */
static double
heaviest_rank (const PlannerRecommendCandidate *c,
               guint32                          layers,
               double                           out)
{
  guint32 pp = c->layout.pp, v = c->layout.vpp;
  double worst = 0.0;

  for (guint32 r = 0; r < pp; r++)
    {
      double sum = r == pp - 1 ? out : 0.0;

      for (guint32 j = 0; j < v; j++)
        sum += planner_recommend_stage_layers (c, layers, r + j * pp);
      worst = MAX (worst, sum);
    }
  return worst;
}

/* Whether an even or account-for split gives @pp ranks a virtual
 * pipeline (2 to PLANNER_RECOMMEND_MAX_VPP virtual stages of at least one layer). */
static gboolean
standard_vpp_exists (guint32 layers,
                     guint32 pp)
{
  for (guint32 v = 2; v <= PLANNER_RECOMMEND_MAX_VPP; v++)
    for (guint32 extra = 0; extra <= 2; extra++)
      if ((guint64) pp * v <= (guint64) layers + extra && (layers + extra) % ((guint64) pp * v) == 0)
        return TRUE;
  return FALSE;
}

/* How @layers split over pp ranks of vpp chunks, among the splits
 * Megatron has: even, --account-for-embedding/loss-in-pipeline-split
 * (one layer's worth each), without VPP lighter first and last stages
 * (--decoder-first/last-pipeline-num-layers), and with VPP a layout
 * (--pipeline-model-parallel-layout, as NVIDIA's DeepSeek-V3 recipes) of
 * the same shape over the virtual stages, for layer counts no even split
 * reaches.  The one whose heaviest rank is lightest wins, counting the
 * output layer (and MTP) as @out layers of work on the last rank; the even
 * split on a tie.  Every rank keeps at least MIN_RANK_LAYERS transformer
 * layers, the last one's @mtp MTP layers counted.  FALSE when none works. */
gboolean
planner_recommend_choose_split_weighted (guint32                    layers,
                                         guint32                    mtp,
                                         guint32                    pp,
                                         guint32                    vpp,
                                         double                     out,
                                         PlannerRecommendCandidate *c)
{
  guint64 chunks = (guint64) pp * vpp;
  PlannerRecommendCandidate best = *c, t = *c;
  double best_load = G_MAXDOUBLE;
  static const PlannerPipelineSplit accounts[] = {
    PLANNER_SPLIT_EVEN, PLANNER_SPLIT_ACCOUNT_LOSS, PLANNER_SPLIT_ACCOUNT_BOTH,
  };

  t.layout.pp = pp;
  t.layout.vpp = vpp;
  t.first_stage_layers = t.last_stage_layers = 0;
  if (pp == 1)
    {
      t.split = PLANNER_SPLIT_EVEN;
      *c = t;
      return vpp == 1;
    }
  if ((guint64) layers + mtp < (guint64) pp * MIN_RANK_LAYERS)
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (accounts); i++)
    {
      guint32 extra = split_extra (accounts[i]);
      double load;

      if ((layers + extra) % chunks != 0 || (extra > 0 && (layers + extra) / chunks < 2))
        continue;
      t.split = accounts[i];
      if (min_rank_layers (&t, layers, mtp) < MIN_RANK_LAYERS)
        continue;
      load = heaviest_rank (&t, layers, out);
      if (load < best_load - 1e-9)
        {
          best = t;
          best_load = load;
        }
    }

  /* Middle stages (pipeline ranks without VPP, virtual stages with it) of
   * m layers, the first and last sharing the rest; the last gets fewer
   * when the output layer is heavy. */
  /* A layout (experimental in Megatron, used by NVIDIA's recipes only
   * where the layers do not split otherwise: DeepSeek-V3's 61) only when
   * no even or account-for split gives this PP any virtual pipeline. */
  if ((vpp == 1 && pp >= 3) || (vpp > 1 && chunks >= 3 && !standard_vpp_exists (layers, pp)))
    {
      guint64 middles = chunks - 2;
      gboolean layout = vpp > 1;
      /* Megatron's uneven stages hold at least one layer each; a layout's
       * end stages may hold none (the loss, or MTP and the loss, alone). */
      guint32 floor_end = layout ? 0 : 1;

      for (guint32 middle = (guint32) ((layers + chunks - 1) / chunks); middle >= (layout ? 1 : MIN_RANK_LAYERS);
           middle--)
        {
          guint32 rest, centre, from, to;

          if ((guint64) middle * middles >= layers)
            continue;
          rest = (guint32) (layers - middle * middles);
          if (rest < 2 * floor_end || rest > 2 * middle + 2 + (guint32) ceil (out))
            break;
          /* The first stage heavier than the last by about the output
           * layer's work: only splits near that balance are worth a look. */
          centre = (guint32) CLAMP (((double) rest + out) / 2.0 + 0.5, (double) floor_end,
                                    (double) (rest - floor_end));
          from = MAX (centre, floor_end + 2) - 2;
          to = MIN (centre + 2, rest - floor_end);

          for (guint32 first = from; first <= to; first++)
            {
              double load;

              if (layers % chunks == 0 && first == rest - first && first == middle)
                continue;   /* that is the even split */
              t.split = layout ? PLANNER_SPLIT_LAYOUT : PLANNER_SPLIT_UNEVEN;
              t.first_stage_layers = first;
              t.last_stage_layers = rest - first;
              if (min_rank_layers (&t, layers, mtp) < MIN_RANK_LAYERS)
                continue;
              load = heaviest_rank (&t, layers, out);
              if (load < best_load - 1e-9)
                {
                  best = t;
                  best_load = load;
                }
            }
          if (middle == 1)
            break;
        }
    }
  if (best_load == G_MAXDOUBLE)
    return FALSE;
  *c = best;
  return TRUE;
}

gboolean
planner_recommend_choose_split (guint32                    layers,
                                guint32                    mtp,
                                guint32                    pp,
                                guint32                    vpp,
                                PlannerRecommendCandidate *c)
{
  return planner_recommend_choose_split_weighted (layers, mtp, pp, vpp, 0.0, c);
}

gboolean
planner_recommend_in_domain (guint64 span,
                             guint32 domain)
{
  return span <= domain && domain % span == 0;
}
