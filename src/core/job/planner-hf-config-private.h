/* planner-hf-config-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The family tables planner-hf-config.c maps a config.json with.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What a family's bridge sets whatever the config says, and which of
 * the shared mappings apply. */
typedef enum
{
  PLANNER_HF_SWIGLU          = 1 << 0,  /* silu with a gate: --swiglu */
  PLANNER_HF_QKV_BIAS        = 1 << 1,  /* q, k and v biases always (Qwen2) */
  PLANNER_HF_QK_NORM         = 1 << 2,  /* q and k norms always (Qwen3, DeepSeek's latent norms, Gemma 3) */
  PLANNER_HF_MOE             = 1 << 3,  /* routed experts */
  PLANNER_HF_MLA             = 1 << 4,  /* multi-latent attention (DeepSeek) */
  PLANNER_HF_WINDOW          = 1 << 5,  /* sliding_window is a window on every layer (Mistral) */
  PLANNER_HF_WINDOW_PATTERN  = 1 << 6,  /* windows on some layers (gpt-oss, Gemma 2/3) */
  PLANNER_HF_GPT_OSS         = 1 << 7,  /* quick-GeGLU with clamp, sinks, biases */
  PLANNER_HF_GEMMA           = 1 << 8,  /* (1 + w) norms, scaled embeddings, gated tanh GELU */
  PLANNER_HF_BIAS_LINEAR     = 1 << 9,  /* linear biases always (gpt-oss) */
  PLANNER_HF_QWEN_WINDOW     = 1 << 10, /* use_sliding_window / max_window_layers (Qwen2/3) */
} PlannerHfFeature;

/* A key the family knows: handled by a shared mapping (why NULL), or one
 * the flags cannot carry (why says what is lost). */
typedef struct
{
  const char *key;
  const char *why;
} PlannerHfKeyRule;

typedef struct
{
  const char             *architecture;   /* architectures[0] */
  const char             *family;
  const char             *bridge;         /* the Megatron-Bridge file followed */
  guint                   features;
  gboolean                tie_default;    /* the config class's tie_word_embeddings */
  double                  eps_default;    /* the config class's rms_norm_eps */
  double                  theta_default;  /* the config class's rope_theta */
  const PlannerHfKeyRule *keys;           /* ends with { NULL } */
} PlannerHfFamily;

const PlannerHfFamily *planner_hf_family_lookup     (const char *architecture);
/* Keys that say nothing about the model's shape (ids, dtypes, versions). */
gboolean               planner_hf_key_is_bookkeeping (const char *key);

G_END_DECLS
