/* planner-hf-config.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A Hugging Face config.json as Megatron-Core 0.20 arguments.  The keys
 * every family shares are mapped here, the same way everywhere; what a
 * family's bridge fixes, and its own keys, are in planner-hf-families.c.
 * Every key of the config is either carried into an argument, named as
 * bookkeeping, or listed as unsupported with the reason: none is dropped
 * silently.
 */

#define G_LOG_DOMAIN "planner-hf-config"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include "planner-hf-config.h"

#include "planner-format-double.h"
#include "planner-hf-config-private.h"
#include "planner-job-args.h"
#include "planner-job-model.h"
#include "planner-job-model-options.h"
#include "planner-json-check.h"
#include "planner-shell.h"

#define MAX_DEPTH   32
#define MAX_LAYERS  10000
#define MAX_HIDDEN  (G_GUINT64_CONSTANT (1) << 20)
#define MAX_HEADS   (1u << 16)
#define MAX_FFN     (G_GUINT64_CONSTANT (1) << 24)
#define MAX_VOCAB   (G_GUINT64_CONSTANT (1) << 28)
#define MAX_SEQ     (G_GUINT64_CONSTANT (1) << 31)
#define MAX_EXPERTS (1u << 16)

typedef struct
{
  char *key;
  char *why;
} Unsupported;

struct _PlannerHfConfig
{
  char        *architecture;
  char        *family;
  char        *bridge;
  char        *name;
  char        *digest;       /* SHA-256 of the bytes read, hex */
  PlannerArgs *args;
  GHashTable  *sources;      /* dest → config key ("" when the bridge fixes it) */
  GPtrArray   *unsupported;  /* Unsupported* */
  GPtrArray   *notes;        /* char*, NULL-terminated */
};

typedef struct
{
  JsonObject            *o;     /* the text model's keys */
  const PlannerHfFamily *fam;
  PlannerHfConfig       *cfg;
  GHashTable            *used;  /* keys of o read */
  GError               **error;
} Ctx;

G_DEFINE_QUARK (planner-hf-config-error-quark, planner_hf_config_error)

static void
unsupported_free (gpointer data)
{
  Unsupported *u = data;

  g_free (u->key);
  g_free (u->why);
  g_free (u);
}

void
planner_hf_config_free (PlannerHfConfig *config)
{
  if (config == NULL)
    return;
  g_free (config->architecture);
  g_free (config->family);
  g_free (config->bridge);
  g_free (config->name);
  g_free (config->digest);
  g_clear_pointer (&config->args, planner_args_unref);
  g_clear_pointer (&config->sources, g_hash_table_unref);
  g_clear_pointer (&config->unsupported, g_ptr_array_unref);
  g_clear_pointer (&config->notes, g_ptr_array_unref);
  g_free (config);
}

/* ---- Reading keys ---- */

static JsonNode *
lookup (Ctx        *c,
        const char *key)
{
  JsonNode *node = json_object_get_member (c->o, key);

  if (node == NULL)
    return NULL;
  /* By content, never interned: the keys are the config's, and every
   * interned string stays for the life of the process. */
  g_hash_table_add (c->used, g_strdup (key));
  return JSON_NODE_HOLDS_NULL (node) ? NULL : node;
}

static gboolean
fail (Ctx        *c,
      const char *key,
      const char *message)
{
  g_set_error (c->error, PLANNER_HF_CONFIG_ERROR, PLANNER_HF_CONFIG_ERROR_KEY, "config.json: “%s” %s", key,
               message);
  return FALSE;
}

static gboolean
node_number (JsonNode *node,
             double   *out)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    *out = (double) json_node_get_int (node);
  else if (type == G_TYPE_DOUBLE)
    *out = json_node_get_double (node);
  else
    return FALSE;
  return isfinite (*out);
}

/* A whole number in [min, max]; an absent (or null) key is FALSE in
 * *present and an error only when @required. */
static gboolean
read_uint (Ctx        *c,
           const char *key,
           guint64     min,
           guint64     max,
           gboolean    required,
           guint64    *out,
           gboolean   *present)
{
  JsonNode *node = lookup (c, key);
  double value = 0;

  if (present != NULL)
    *present = FALSE;
  if (node == NULL)
    {
      if (!required)
        return TRUE;
      {
        g_autofree char *message = g_strdup_printf (_("is missing: every %s config gives it"),
                                                    c->fam->architecture);
        return fail (c, key, message);
      }
    }
  if (!node_number (node, &value) || value != floor (value))
    return fail (c, key, _("is not a whole number: give the model's value"));
  if (value < (double) min || value > (double) max)
    {
      g_autofree char *message = g_strdup_printf (_("is %.0f, which no model has: give a number from %" PRIu64
                                                    " to %" PRIu64), value, min, max);
      return fail (c, key, message);
    }
  *out = (guint64) value;
  if (present != NULL)
    *present = TRUE;
  return TRUE;
}

static gboolean
read_double (Ctx        *c,
             const char *key,
             double      min,
             double      max,
             double     *out,
             gboolean   *present)
{
  JsonNode *node = lookup (c, key);
  double value = 0;

  *present = FALSE;
  if (node == NULL)
    return TRUE;
  if (!node_number (node, &value))
    return fail (c, key, _("is not a number: give the model's value"));
  if (!(value >= min && value <= max))
    {
      g_autofree char *shown = planner_format_double (value);
      g_autofree char *low = planner_format_double (min);
      g_autofree char *high = planner_format_double (max);
      g_autofree char *message = g_strdup_printf (_("is %s, which no model has: give a number from %s to %s"), shown,
                                                  low, high);
      return fail (c, key, message);
    }
  *out = value;
  *present = TRUE;
  return TRUE;
}

static gboolean
read_bool (Ctx        *c,
           const char *key,
           gboolean    fallback,
           gboolean   *out,
           gboolean   *present)
{
  JsonNode *node = lookup (c, key);

  *out = fallback;
  if (present != NULL)
    *present = node != NULL;
  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return fail (c, key, _("is not true or false"));
  *out = json_node_get_boolean (node);
  return TRUE;
}

/* NULL when absent; an error when present and not a string. */
static gboolean
read_string (Ctx         *c,
             const char  *key,
             const char **out)
{
  JsonNode *node = lookup (c, key);

  *out = NULL;
  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return fail (c, key, _("is not a string"));
  *out = json_node_get_string (node);
  return TRUE;
}

static gboolean
member_number (JsonObject *o,
               const char *key,
               double     *out)
{
  return o != NULL && json_object_has_member (o, key) && node_number (json_object_get_member (o, key), out);
}

static const char *
member_string (JsonObject *o,
               const char *key)
{
  JsonNode *node = o != NULL ? json_object_get_member (o, key) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* ---- Writing arguments ---- */

static void
source (Ctx        *c,
        const char *dest,
        const char *key)
{
  g_hash_table_replace (c->cfg->sources, g_strdup (dest), g_strdup (key != NULL ? key : ""));
}

static void
put_uint (Ctx        *c,
          const char *dest,
          const char *flag,
          guint64     value,
          const char *key)
{
  char text[24];

  g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT, value);
  planner_args_set (c->cfg->args, dest, flag, text);
  source (c, dest, key);
}

static void
put_double (Ctx        *c,
            const char *dest,
            const char *flag,
            double      value,
            const char *key)
{
  g_autofree char *text = planner_format_python_float (value);

  planner_args_set (c->cfg->args, dest, flag, text);
  source (c, dest, key);
}

static void
put_string (Ctx        *c,
            const char *dest,
            const char *flag,
            const char *value,
            const char *key)
{
  planner_args_set (c->cfg->args, dest, flag, value);
  source (c, dest, key);
}

/* A switch: @value is what the flag sets its dest to. */
static void
put_switch (Ctx        *c,
            const char *dest,
            const char *flag,
            gboolean    value,
            const char *key)
{
  planner_args_set_bool (c->cfg->args, dest, flag, value);
  source (c, dest, key);
}

static void
drop (Ctx        *c,
      const char *key,
      const char *why)
{
  Unsupported *u = g_new0 (Unsupported, 1);

  u->key = g_strdup (key);
  u->why = g_strdup (why);
  g_ptr_array_add (c->cfg->unsupported, u);
}

static void G_GNUC_PRINTF (2, 3)
note (Ctx        *c,
      const char *format,
      ...)
{
  va_list ap;

  va_start (ap, format);
  /* Keep the array NULL-terminated. */
  g_ptr_array_insert (c->cfg->notes, (int) c->cfg->notes->len - 1, g_strdup_vprintf (format, ap));
  va_end (ap);
}

static gboolean
has (const Ctx *c,
     guint      feature)
{
  return (c->fam->features & feature) != 0;
}

/* ---- The shared mappings ---- */

static gboolean
map_activation (Ctx *c)
{
  const char *act = NULL;
  const char *key = "hidden_act";

  if (!read_string (c, "hidden_act", &act))
    return FALSE;
  if (has (c, PLANNER_HF_GEMMA))
    {
      const char *gemma = NULL;

      if (!read_string (c, "hidden_activation", &gemma))
        return FALSE;
      if (gemma != NULL)
        {
          act = gemma;
          key = "hidden_activation";
        }
      put_switch (c, "quick_geglu", "--quick-geglu", TRUE, key);
      drop (c, key,
            _("Gemma's MLP is a gated GELU with the tanh approximation; no flag of pretrain_gpt.py gives it, so the "
              "draft writes the nearest, --quick-geglu (gated x·σ(1.702x)): the same shapes, not the same "
              "activation"));
      return TRUE;
    }
  if (has (c, PLANNER_HF_GPT_OSS))
    {
      double limit = 7.0;
      gboolean present = FALSE;

      if (!read_double (c, "swiglu_limit", 0.0, 1e6, &limit, &present))
        return FALSE;
      put_switch (c, "quick_geglu", "--quick-geglu", TRUE, "hidden_act");
      put_double (c, "glu_linear_offset", "--glu-linear-offset", 1.0, NULL);
      put_double (c, "activation_func_clamp_value", "--activation-func-clamp-value", limit,
                  present ? "swiglu_limit" : NULL);
      if (!present)
        note (c, _("swiglu_limit is not given: the clamp is gpt-oss's 7"));
      return TRUE;
    }
  if (act == NULL)
    note (c, _("hidden_act is not given: SiLU, as the family's config class defaults"));
  put_switch (c, "swiglu", "--swiglu", TRUE, act != NULL ? "hidden_act" : NULL);
  if (act != NULL && !g_str_equal (act, "silu") && !g_str_equal (act, "swish"))
    {
      g_autofree char *why = g_strdup_printf (_("the gated MLP uses “%s”; pretrain_gpt.py's flags gate only SiLU "
                                                "(--swiglu, written for the shapes) or quick-GELU"), act);
      drop (c, "hidden_act", why);
    }
  return TRUE;
}

/* rope_scaling (or transformers 5's rope_parameters) as Megatron's
 * RoPE options.  *yarn is set when the position embedding becomes YaRN. */
static gboolean
map_rope_scaling (Ctx      *c,
                  gboolean *yarn)
{
  JsonNode *node = lookup (c, "rope_scaling");
  JsonObject *rs;
  const char *type;
  gboolean mla = has (c, PLANNER_HF_MLA);
  double value;

  *yarn = FALSE;
  if (node == NULL)
    node = lookup (c, "rope_parameters");
  if (node == NULL)
    {
      if (mla)
        {
          /* The bridge's values for an MLA model without YaRN: no scaling. */
          put_string (c, "rope_type", "--rope-type", "yarn", NULL);
          put_double (c, "rotary_scaling_factor", "--rotary-scaling-factor", 1.0, NULL);
          put_double (c, "mscale_all_dim", "--mscale-all-dim", 1.0, NULL);
        }
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail (c, "rope_scaling", _("is not an object"));
  rs = json_node_get_object (node);
  type = member_string (rs, "rope_type");
  if (type == NULL)
    type = member_string (rs, "type");
  if (type == NULL || g_str_equal (type, "default"))
    return TRUE;

  if (g_str_equal (type, "llama3"))
    {
      static const struct { const char *key; double megatron; } fixed[] = {
        { "factor", 8.0 }, { "low_freq_factor", 1.0 }, { "high_freq_factor", 4.0 },
        { "original_max_position_embeddings", 8192.0 },
      };

      put_switch (c, "use_rope_scaling", "--use-rope-scaling", TRUE, "rope_scaling.rope_type");
      /* The bridge sets the model's factor; the flag holds it, though
       * 0.20's gpt_builders.py does not hand it on (named below). */
      if (!member_number (rs, "factor", &value))
        value = 8.0;
      if (value > 0 && value <= 1e6)
        put_double (c, "rope_scaling_factor", "--rope-scaling-factor", value, "rope_scaling.factor");
      for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
        {
          if (!member_number (rs, fixed[i].key, &value))
            value = fixed[i].megatron;
          if (value != fixed[i].megatron)
            {
              g_autofree char *key = g_strdup_printf ("rope_scaling.%s", fixed[i].key);
              g_autofree char *shown = planner_format_double (value);
              g_autofree char *megatron = planner_format_double (fixed[i].megatron);
              g_autofree char *why = g_strdup_printf (
                _("the model's Llama 3 RoPE scaling has %s %s; Megatron-Core 0.20's pretrain_gpt.py passes only "
                  "the switch (--use-rope-scaling) to the model, which then uses %s whatever the draft says: the "
                  "draft's RoPE differs from the model's"), fixed[i].key, shown, megatron);
              drop (c, key, why);
            }
        }
      note (c, _("rope_scaling llama3: --use-rope-scaling; pretrain_gpt.py passes only the switch, so Megatron "
                   "scales by factor 8 with low 1, high 4 and an original context of 8192"));
      return TRUE;
    }

  if (g_str_equal (type, "yarn"))
    {
      if (member_number (rs, "factor", &value))
        put_double (c, "rotary_scaling_factor", "--rotary-scaling-factor", value, "rope_scaling.factor");
      if (member_number (rs, "mscale", &value))
        put_double (c, "mscale", "--mscale", value, "rope_scaling.mscale");
      if (member_number (rs, "mscale_all_dim", &value))
        put_double (c, "mscale_all_dim", "--mscale-all-dim", value, "rope_scaling.mscale_all_dim");
      if (mla)
        {
          /* MLA's YaRN takes its original context and betas from its own
           * config, which no flag sets: 4096, 32 and 1. */
          static const struct { const char *key; double megatron; } fixed[] = {
            { "original_max_position_embeddings", 4096.0 }, { "beta_fast", 32.0 }, { "beta_slow", 1.0 },
          };

          put_string (c, "rope_type", "--rope-type", "yarn", "rope_scaling.type");
          for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
            if (member_number (rs, fixed[i].key, &value) && value != fixed[i].megatron)
              {
                g_autofree char *key = g_strdup_printf ("rope_scaling.%s", fixed[i].key);
                g_autofree char *megatron = planner_format_double (fixed[i].megatron);
                g_autofree char *why = g_strdup_printf (
                  _("multi-latent attention's YaRN takes %s from its own config (%s) and no flag of "
                    "pretrain_gpt.py sets it"), fixed[i].key, megatron);
                drop (c, key, why);
              }
          return TRUE;
        }
      *yarn = TRUE;
      if (member_number (rs, "original_max_position_embeddings", &value) && value >= 1 && value <= (double) MAX_SEQ)
        put_uint (c, "yarn_original_max_position_embeddings", "--yarn-original-max-position-embeddings",
                  (guint64) value, "rope_scaling.original_max_position_embeddings");
      if (member_number (rs, "beta_fast", &value))
        put_double (c, "yarn_beta_fast", "--yarn-beta-fast", value, "rope_scaling.beta_fast");
      if (member_number (rs, "beta_slow", &value))
        put_double (c, "yarn_beta_slow", "--yarn-beta-slow", value, "rope_scaling.beta_slow");
      {
        JsonNode *truncate = json_object_get_member (rs, "truncate");

        if (truncate != NULL && JSON_NODE_HOLDS_VALUE (truncate) &&
            json_node_get_value_type (truncate) == G_TYPE_BOOLEAN && !json_node_get_boolean (truncate))
          put_switch (c, "yarn_correction_range_round_to_int", "--no-yarn-correction-range-round-to-int", FALSE,
                      "rope_scaling.truncate");
      }
      return TRUE;
    }

  if (g_str_equal (type, "linear"))
    {
      g_autofree char *factor = NULL;
      g_autofree char *why = NULL;

      if (member_number (rs, "factor", &value) && value >= 1 && value <= 1e6)
        {
          /* As Megatron-Bridge's Llama bridge: the interpolation factor
           * (a whole number in Megatron's flag). */
          if (value == floor (value))
            put_uint (c, "rotary_seq_len_interpolation_factor", "--rotary-seq-len-interpolation-factor",
                      (guint64) value, "rope_scaling.factor");
          factor = planner_format_double (value);
        }
      else
        factor = g_strdup ("?");
      why = g_strdup_printf (
        _("linear RoPE scaling by %s: the draft writes --rotary-seq-len-interpolation-factor, but Megatron-Core "
          "0.20's pretrain_gpt.py does not pass it to the GPT model, so the model's RoPE is unscaled"), factor);
      drop (c, "rope_scaling", why);
      return TRUE;
    }

  {
    g_autofree char *why = g_strdup_printf (_("RoPE scaling of type “%s” has no flag in Megatron-Core 0.20 (it has "
                                              "llama3 and YaRN); the draft's RoPE is unscaled"), type);
    drop (c, "rope_scaling", why);
  }
  return TRUE;
}

/* A layer pattern (1 = windowed) as --window-attn-skip-freq: N when
 * every N-th layer is full, else Megatron's list expression; NULL when
 * every layer is windowed. */
static char *
window_pattern (const guint8 *windowed,
                guint64       n)
{
  GString *list;
  gboolean all = TRUE;

  for (guint64 i = 0; i < n; i++)
    all = all && windowed[i];
  if (all)
    return NULL;
  for (guint64 freq = 2; freq <= n; freq++)
    {
      gboolean match = TRUE;

      for (guint64 i = 0; i < n && match; i++)
        match = windowed[i] == ((i + 1) % freq != 0);
      if (match)
        return g_strdup_printf ("%" G_GUINT64_FORMAT, freq);
    }
  list = g_string_new ("[");
  for (guint64 i = 0; i < n; i++)
    g_string_append_printf (list, i > 0 ? ",%d" : "%d", windowed[i] ? 1 : 0);
  g_string_append_c (list, ']');
  return g_string_free (list, FALSE);
}

static gboolean
map_windows (Ctx     *c,
             guint64  layers)
{
  guint64 window = 0;
  gboolean present = FALSE;
  g_autofree guint8 *windowed = NULL;
  g_autofree char *freq = NULL;
  char value[48];

  if (has (c, PLANNER_HF_QWEN_WINDOW))
    {
      gboolean use = FALSE;
      guint64 from = 0;
      gboolean from_given = FALSE;

      if (!read_bool (c, "use_sliding_window", FALSE, &use, NULL) ||
          !read_uint (c, "sliding_window", 1, MAX_SEQ, FALSE, &window, &present) ||
          !read_uint (c, "max_window_layers", 0, MAX_LAYERS, FALSE, &from, &from_given))
        return FALSE;
      if (!use)
        {
          if (present || from_given)
            note (c, _("use_sliding_window is false: every layer attends in full (sliding_window and "
                       "max_window_layers unused)"));
          return TRUE;
        }
      if (!present)
        return fail (c, "sliding_window", _("is missing while use_sliding_window is true: give the window"));
      /* Qwen windows the layers from max_window_layers on. */
      windowed = g_new0 (guint8, layers);
      for (guint64 i = 0; i < layers; i++)
        windowed[i] = i >= from;
    }
  else if (has (c, PLANNER_HF_WINDOW))
    {
      if (!read_uint (c, "sliding_window", 1, MAX_SEQ, FALSE, &window, &present))
        return FALSE;
      if (!present)
        {
          note (c, _("sliding_window is null: every layer attends in full"));
          return TRUE;
        }
    }
  else if (has (c, PLANNER_HF_WINDOW_PATTERN))
    {
      JsonNode *types;

      if (!read_uint (c, "sliding_window", 1, MAX_SEQ, TRUE, &window, &present))
        return FALSE;
      windowed = g_new0 (guint8, layers);
      types = lookup (c, "layer_types");
      if (types != NULL)
        {
          JsonArray *array;

          if (!JSON_NODE_HOLDS_ARRAY (types) || json_array_get_length (array = json_node_get_array (types)) != layers)
            return fail (c, "layer_types", _("is not a list of one attention type per layer"));
          for (guint i = 0; i < layers; i++)
            {
              JsonNode *item = json_array_get_element (array, i);
              const char *kind = JSON_NODE_HOLDS_VALUE (item) && json_node_get_value_type (item) == G_TYPE_STRING
                                 ? json_node_get_string (item) : NULL;

              if (g_strcmp0 (kind, "sliding_attention") == 0)
                windowed[i] = 1;
              else if (g_strcmp0 (kind, "full_attention") != 0)
                return fail (c, "layer_types", _("holds a type other than sliding_attention and full_attention"));
            }
        }
      else
        {
          guint64 every = g_str_equal (c->fam->family, "gemma3") ? 6 : 2;
          gboolean given = FALSE;

          if (g_str_equal (c->fam->family, "gemma3") &&
              !read_uint (c, "sliding_window_pattern", 1, MAX_LAYERS, FALSE, &every, &given))
            return FALSE;
          for (guint64 i = 0; i < layers; i++)
            windowed[i] = (i + 1) % every != 0;
          if (!given)
            note (c, _("layer_types is not given: every %" PRIu64 "th layer attends in full, the "
                       "others in the window, as the family does"), every);
        }
    }
  else
    return TRUE;

  g_snprintf (value, sizeof value, "%" G_GUINT64_FORMAT ",0", window - 1);
  put_string (c, "window_size", "--window-size", value, "sliding_window");
  /* What the estimates make of it, said once where the window is read. */
  note (c, _("the FLOPs count the windowed layers as full attention, as Megatron's own FLOPs counter does"));
  if (windowed != NULL)
    {
      freq = window_pattern (windowed, layers);
      if (freq != NULL)
        put_string (c, "window_attn_skip_freq", "--window-attn-skip-freq", freq,
                    has (c, PLANNER_HF_QWEN_WINDOW) ? "max_window_layers" : "layer_types");
    }
  return TRUE;
}

static gboolean
map_moe (Ctx     *c,
         guint64  layers,
         guint64  ffn)
{
  static const char *const expert_keys[] = { "num_local_experts", "num_experts", "n_routed_experts" };
  const char *experts_key = NULL;
  guint64 experts = 0, topk = 0, moe_ffn = ffn, shared = 0, dense = 0, groups = 0, group_topk = 0;
  gboolean present = FALSE, norm_topk = TRUE;
  const char *moe_ffn_key = "intermediate_size";
  const char *score = NULL, *method = NULL;
  double scaling = 1.0;
  gboolean deepseek = has (c, PLANNER_HF_MLA);
  g_autofree guint8 *moe = g_new0 (guint8, layers);
  gboolean all_moe = TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (expert_keys) && experts_key == NULL; i++)
    if (json_object_has_member (c->o, expert_keys[i]))
      experts_key = expert_keys[i];
  if (experts_key == NULL)
    return fail (c, "num_experts", _("is missing: a mixture-of-experts config gives its number of experts"));
  if (!read_uint (c, experts_key, 1, MAX_EXPERTS, TRUE, &experts, NULL))
    return FALSE;
  if (!read_uint (c, "num_experts_per_tok", 1, experts, FALSE, &topk, &present))
    return FALSE;
  if (!present && !read_uint (c, "experts_per_token", 1, experts, TRUE, &topk, &present))
    return FALSE;
  if (json_object_has_member (c->o, "experts_per_token"))
    lookup (c, "experts_per_token");
  if (json_object_has_member (c->o, "moe_intermediate_size"))
    {
      if (!read_uint (c, "moe_intermediate_size", 1, MAX_FFN, TRUE, &moe_ffn, NULL))
        return FALSE;
      moe_ffn_key = "moe_intermediate_size";
    }
  put_uint (c, "num_experts", "--num-experts", experts, experts_key);
  put_uint (c, "moe_router_topk", "--moe-router-topk", topk, present ? "num_experts_per_tok" : "experts_per_token");
  put_uint (c, "moe_ffn_hidden_size", "--moe-ffn-hidden-size", moe_ffn, moe_ffn_key);

  if (!read_uint (c, "n_shared_experts", 0, MAX_EXPERTS, FALSE, &shared, &present))
    return FALSE;
  if (shared > 0)
    put_uint (c, "moe_shared_expert_intermediate_size", "--moe-shared-expert-intermediate-size", shared * moe_ffn,
              "n_shared_experts");

  /* Which layers have experts. */
  for (guint64 i = 0; i < layers; i++)
    moe[i] = 1;
  if (!read_uint (c, "first_k_dense_replace", 0, layers, FALSE, &dense, &present))
    return FALSE;
  for (guint64 i = 0; i < dense; i++)
    moe[i] = 0;
  {
    guint64 step = 1;
    JsonNode *only;

    if (!read_uint (c, "decoder_sparse_step", 1, layers, FALSE, &step, &present))
      return FALSE;
    if (!read_uint (c, "moe_layer_freq", 1, layers, FALSE, &step, &present))
      return FALSE;
    /* DeepSeek puts experts on layer i ≥ first_k_dense_replace when
     * i % moe_layer_freq is 0; Qwen when (i + 1) % decoder_sparse_step is. */
    for (guint64 i = 0; i < layers; i++)
      if (deepseek ? i % step != 0 : (i + 1) % step != 0)
        moe[i] = 0;
    only = lookup (c, "mlp_only_layers");
    if (only != NULL)
      {
        JsonArray *array;

        if (!JSON_NODE_HOLDS_ARRAY (only))
          return fail (c, "mlp_only_layers", _("is not a list of layer numbers"));
        array = json_node_get_array (only);
        for (guint i = 0; i < json_array_get_length (array); i++)
          {
            double index = -1;

            if (!node_number (json_array_get_element (array, i), &index) || index < 0 || index >= (double) layers ||
                index != floor (index))
              return fail (c, "mlp_only_layers", _("holds something that is not a layer number"));
            moe[(guint64) index] = 0;
          }
      }
  }
  for (guint64 i = 0; i < layers; i++)
    all_moe = all_moe && moe[i];
  if (!all_moe)
    {
      GString *freq = g_string_new (NULL);
      gboolean leading = TRUE;
      guint64 k = 0;

      /* DeepSeek's shape reads best as Megatron's own: ([0]*3+[1]*58). */
      while (k < layers && !moe[k])
        k++;
      for (guint64 i = k; i < layers; i++)
        leading = leading && moe[i];
      if (leading)
        g_string_printf (freq, "([0]*%" G_GUINT64_FORMAT "+[1]*%" G_GUINT64_FORMAT ")", k, layers - k);
      else
        {
          g_string_append_c (freq, '[');
          for (guint64 i = 0; i < layers; i++)
            g_string_append_printf (freq, i > 0 ? ",%d" : "%d", moe[i] ? 1 : 0);
          g_string_append_c (freq, ']');
        }
      put_string (c, "moe_layer_freq", "--moe-layer-freq", freq->str,
                  dense > 0 ? "first_k_dense_replace" : "decoder_sparse_step");
      g_string_free (freq, TRUE);
    }

  /* Routing. */
  if (!read_string (c, "scoring_func", &score) || !read_string (c, "topk_method", &method) ||
      !read_bool (c, "norm_topk_prob", !deepseek, &norm_topk, NULL))
    return FALSE;
  if (g_str_equal (c->fam->family, "deepseek-v3") || g_strcmp0 (score, "sigmoid") == 0)
    put_string (c, "moe_router_score_function", "--moe-router-score-function", "sigmoid",
                score != NULL ? "scoring_func" : NULL);
  else if (g_strcmp0 (score, "softmax") == 0)
    put_string (c, "moe_router_score_function", "--moe-router-score-function", "softmax", "scoring_func");
  else if (score != NULL)
    {
      g_autofree char *why = g_strdup_printf (_("router scores by “%s”; Megatron-Core 0.20 scores by softmax, "
                                                "sigmoid or sqrtsoftplus"), score);
      drop (c, "scoring_func", why);
    }
  if (g_str_equal (c->fam->family, "deepseek-v3") || g_strcmp0 (method, "noaux_tc") == 0)
    put_switch (c, "moe_router_enable_expert_bias", "--moe-router-enable-expert-bias", TRUE,
                method != NULL ? "topk_method" : NULL);
  if (!read_uint (c, "n_group", 1, experts, FALSE, &groups, &present) ||
      !read_uint (c, "topk_group", 1, MAX (groups, 1), FALSE, &group_topk, NULL))
    return FALSE;
  /* The bridges carry n_group and topk_group as they are, one group
   * (DeepSeek-V2-Lite) included: routing within one group is routing. */
  if (groups > 0)
    {
      if (experts % groups != 0)
        return fail (c, "n_group", _("does not divide the number of experts"));
      put_uint (c, "moe_router_num_groups", "--moe-router-num-groups", groups, "n_group");
      put_uint (c, "moe_router_group_topk", "--moe-router-group-topk", group_topk > 0 ? group_topk : groups,
                "topk_group");
      if (groups > 1 && g_strcmp0 (method, "group_limited_greedy") == 0)
        drop (c, "topk_method",
              _("group_limited_greedy ranks each group by its best expert; Megatron-Core 0.20 ranks a group by "
                "the sum of its top (k ÷ topk_group) experts, so a few tokens reach other groups"));
    }
  if (!read_double (c, "routed_scaling_factor", 0.0, 1e6, &scaling, &present))
    return FALSE;
  if (present)
    put_double (c, "moe_router_topk_scaling_factor", "--moe-router-topk-scaling-factor", scaling,
                "routed_scaling_factor");
  /* Softmax over every expert before the top-k: DeepSeek always, Qwen3's
   * MoE unless the top-k are renormalised, Mixtral as Megatron-Bridge's
   * Mixtral provider sets it.  Otherwise Megatron softmaxes the chosen k. */
  if (g_str_equal (c->fam->family, "mixtral"))
    {
      put_switch (c, "moe_router_pre_softmax", "--moe-router-pre-softmax", TRUE, NULL);
      note (c, _("the router softmaxes over every expert before the top-k, as Megatron-Bridge's Mixtral provider "
                 "sets it; Hugging Face's Mixtral renormalises the chosen experts' weights to sum to 1"));
    }
  else if (deepseek || (!norm_topk && !has (c, PLANNER_HF_GPT_OSS) && score == NULL))
    put_switch (c, "moe_router_pre_softmax", "--moe-router-pre-softmax", TRUE, deepseek ? NULL : "norm_topk_prob");
  return TRUE;
}

static gboolean
map_mla (Ctx *c)
{
  guint64 q = 0, kv = 0, nope = 0, rope = 0, v = 0;
  gboolean q_given = FALSE;

  lookup (c, "num_key_value_heads");
  lookup (c, "head_dim");
  if (!read_uint (c, "q_lora_rank", 1, MAX_HIDDEN, FALSE, &q, &q_given) ||
      !read_uint (c, "kv_lora_rank", 1, MAX_HIDDEN, TRUE, &kv, NULL) ||
      !read_uint (c, "qk_nope_head_dim", 1, 4096, TRUE, &nope, NULL) ||
      !read_uint (c, "qk_rope_head_dim", 1, 4096, TRUE, &rope, NULL) ||
      !read_uint (c, "v_head_dim", 1, 4096, TRUE, &v, NULL))
    return FALSE;
  put_switch (c, "multi_latent_attention", "--multi-latent-attention", TRUE, NULL);
  if (q_given)
    put_uint (c, "q_lora_rank", "--q-lora-rank", q, "q_lora_rank");
  else
    note (c, _("q_lora_rank is null: the queries are projected in full, without a low-rank step"));
  put_uint (c, "kv_lora_rank", "--kv-lora-rank", kv, "kv_lora_rank");
  put_uint (c, "qk_head_dim", "--qk-head-dim", nope, "qk_nope_head_dim");
  put_uint (c, "qk_pos_emb_head_dim", "--qk-pos-emb-head-dim", rope, "qk_rope_head_dim");
  put_uint (c, "v_head_dim", "--v-head-dim", v, "v_head_dim");
  note (c, _("multi-latent attention: num_key_value_heads and head_dim are not Megatron's; the latent ranks and "
             "head dimensions are"));
  return TRUE;
}

static gboolean
map_gemma_extras (Ctx     *c,
                  guint64  head_dim)
{
  double scalar = 0;
  gboolean present = FALSE;

  drop (c, "hidden_size",
        _("Gemma multiplies the embeddings by √hidden_size; Megatron-Core 0.20's GPT model has no flag for it"));
  if (!g_str_equal (c->fam->family, "gemma"))
    drop (c, "architectures",
          _("Gemma 2 and 3 add a norm after attention and after the MLP (four norms a layer); Megatron's GPT "
            "layer has two, and no flag adds the others"));
  if (!read_double (c, "query_pre_attn_scalar", 1e-6, 1e9, &scalar, &present))
    return FALSE;
  if (present && scalar != (double) head_dim)
    {
      g_autofree char *shown = planner_format_double (scalar);
      g_autofree char *why = g_strdup_printf (_("the attention scores are scaled by 1/√%s, not 1/√head_dim; "
                                                "pretrain_gpt.py has no flag for the softmax scale"), shown);
      drop (c, "query_pre_attn_scalar", why);
    }
  return TRUE;
}

static gboolean
map_config (Ctx *c)
{
  guint64 layers = 0, hidden = 0, heads = 0, ffn = 0, vocab = 0, groups = 0, head_dim = 0, max_pos = 0;
  guint64 mtp = 0;
  gboolean groups_given = FALSE, head_dim_given = FALSE, max_pos_given = FALSE, present = FALSE;
  gboolean tie = FALSE, attn_bias = FALSE, mlp_bias = FALSE, attn_bias_given = FALSE, yarn = FALSE;
  gboolean mla = has (c, PLANNER_HF_MLA);
  double eps = c->fam->eps_default, theta = c->fam->theta_default, value = 0;
  JsonNode *rope_parameters;

  if (!read_uint (c, "num_hidden_layers", 1, MAX_LAYERS, TRUE, &layers, NULL) ||
      !read_uint (c, "hidden_size", 1, MAX_HIDDEN, TRUE, &hidden, NULL) ||
      !read_uint (c, "intermediate_size", 1, MAX_FFN, TRUE, &ffn, NULL) ||
      !read_uint (c, "num_attention_heads", 1, MAX_HEADS, TRUE, &heads, NULL) ||
      !read_uint (c, "vocab_size", 1, MAX_VOCAB, TRUE, &vocab, NULL))
    return FALSE;

  put_uint (c, "num_layers", "--num-layers", layers, "num_hidden_layers");
  put_uint (c, "hidden_size", "--hidden-size", hidden, "hidden_size");
  put_uint (c, "ffn_hidden_size", "--ffn-hidden-size", ffn, "intermediate_size");
  put_uint (c, "num_attention_heads", "--num-attention-heads", heads, "num_attention_heads");

  if (!mla)
    {
      if (!read_uint (c, "num_key_value_heads", 1, heads, FALSE, &groups, &groups_given) ||
          !read_uint (c, "head_dim", 1, 65536, FALSE, &head_dim, &head_dim_given))
        return FALSE;
      if (groups_given)
        {
          if (heads % groups != 0)
            return fail (c, "num_key_value_heads", _("does not divide num_attention_heads"));
          put_switch (c, "group_query_attention", "--group-query-attention", TRUE, "num_key_value_heads");
          put_uint (c, "num_query_groups", "--num-query-groups", groups, "num_key_value_heads");
        }
      else
        note (c, _("num_key_value_heads is not given: multi-head attention, one key and value head per query "
                   "head"));
      if (!head_dim_given)
        {
          if (hidden % heads != 0)
            return fail (c, "head_dim", _("is missing and hidden_size is not a multiple of num_attention_heads: "
                                          "give the head width"));
          head_dim = hidden / heads;
          note (c, _("head_dim is not given: hidden_size / num_attention_heads = %" PRIu64), head_dim);
        }
      put_uint (c, "kv_channels", "--kv-channels", head_dim, head_dim_given ? "head_dim" : "hidden_size");
    }

  if (!map_activation (c))
    return FALSE;

  put_string (c, "normalization", "--normalization", "RMSNorm", NULL);
  if (!read_double (c, "rms_norm_eps", 1e-30, 0.5, &eps, &present))
    return FALSE;
  if (!present)
    {
      g_autofree char *shown = planner_format_double (eps);

      note (c, _("rms_norm_eps is not given: %s, the family's default"), shown);
    }
  put_double (c, "layernorm_epsilon", "--norm-epsilon", eps, present ? "rms_norm_eps" : NULL);
  if (has (c, PLANNER_HF_GEMMA))
    put_switch (c, "apply_layernorm_1p", "--apply-layernorm-1p", TRUE, NULL);
  {
    gboolean qk_norm = FALSE;

    if (!read_bool (c, "use_qk_norm", FALSE, &qk_norm, NULL))
      return FALSE;
    if (qk_norm || has (c, PLANNER_HF_QK_NORM))
      put_switch (c, "qk_layernorm", "--qk-layernorm", TRUE, qk_norm ? "use_qk_norm" : NULL);
  }

  /* RoPE: the base, the part rotated, the scaling. */
  rope_parameters = json_object_get_member (c->o, "rope_parameters");
  if (!read_double (c, "rope_theta", 1.0, 1e12, &theta, &present))
    return FALSE;
  if (!present && rope_parameters != NULL && JSON_NODE_HOLDS_OBJECT (rope_parameters) &&
      member_number (json_node_get_object (rope_parameters), "rope_theta", &value) && value >= 1 && value <= 1e12)
    {
      theta = value;
      present = TRUE;
    }
  if (!map_rope_scaling (c, &yarn))
    return FALSE;
  put_string (c, "position_embedding_type", "--position-embedding-type", yarn ? "yarn" : "rope",
              yarn ? "rope_scaling.type" : NULL);
  if (!present)
    {
      g_autofree char *shown = planner_format_double (theta);

      note (c, _("rope_theta is not given: %s, the family's default"), shown);
    }
  if (theta != floor (theta))
    {
      g_autofree char *shown = planner_format_double (theta);
      g_autofree char *why = g_strdup_printf (_("the RoPE base is %s; Megatron's --rotary-base is a whole number, "
                                                "so the draft rounds it"), shown);
      drop (c, "rope_theta", why);
    }
  put_uint (c, "rotary_base", "--rotary-base", (guint64) llround (theta), present ? "rope_theta" : NULL);
  if (!read_double (c, "partial_rotary_factor", 1e-6, 1.0, &value, &present))
    return FALSE;
  if (present && value != 1.0)
    put_double (c, "rotary_percent", "--rotary-percent", value, "partial_rotary_factor");

  /* Embeddings and biases. */
  if (!read_bool (c, "tie_word_embeddings", c->fam->tie_default, &tie, &present))
    return FALSE;
  if (!present)
    note (c, tie ? _("tie_word_embeddings is not given: tied, as the family's config class defaults")
                 : _("tie_word_embeddings is not given: untied, as the family's config class defaults"));
  if (!tie)
    put_switch (c, "untie_embeddings_and_output_weights", "--untie-embeddings-and-output-weights", TRUE,
                present ? "tie_word_embeddings" : NULL);
  if (!read_bool (c, "attention_bias", has (c, PLANNER_HF_GPT_OSS), &attn_bias, &attn_bias_given) ||
      !read_bool (c, "mlp_bias", FALSE, &mlp_bias, NULL))
    return FALSE;
  if (attn_bias || has (c, PLANNER_HF_QKV_BIAS))
    put_switch (c, "add_qkv_bias", "--add-qkv-bias", TRUE, attn_bias_given ? "attention_bias" : NULL);
  if (!mlp_bias && !has (c, PLANNER_HF_BIAS_LINEAR))
    put_switch (c, "add_bias_linear", "--disable-bias-linear", FALSE, NULL);
  if (attn_bias && !mlp_bias && !has (c, PLANNER_HF_BIAS_LINEAR))
    drop (c, "attention_bias",
          _("the attention output projection's bias: Megatron gives it with the MLP's biases (--disable-bias-linear "
            "turns both off), so only the q, k and v biases are written"));
  if (mlp_bias && !attn_bias && !has (c, PLANNER_HF_BIAS_LINEAR))
    note (c, _("mlp_bias is true: Megatron's linear biases also put one on the attention output projection"));
  if (attn_bias || mlp_bias || has (c, PLANNER_HF_QKV_BIAS) || has (c, PLANNER_HF_BIAS_LINEAR))
    note (c, _("the linear layers' biases are not counted in the memory estimate"));

  if (!read_uint (c, "max_position_embeddings", 1, MAX_SEQ, FALSE, &max_pos, &max_pos_given))
    return FALSE;
  if (max_pos_given)
    put_uint (c, "max_position_embeddings", "--max-position-embeddings", max_pos, "max_position_embeddings");
  else
    note (c, _("max_position_embeddings is not given: Megatron takes the job's sequence length"));

  put_uint (c, "vocab_size", "--vocab-size", vocab, "vocab_size");
  /* The embedding keeps the config's rows at any TP, as the published
   * weights have them: Megatron would otherwise pad the tokenizer's own
   * count (which is often smaller) to a multiple of 128 × TP. */
  put_uint (c, "padded_vocab_size", "--padded-vocab-size", vocab, "vocab_size");
  note (c, _("vocab_size %" PRIu64 ": written as --padded-vocab-size too, so the embedding has the published "
             "rows at any TP; the tensor-parallel size must divide it"), vocab);

  /* Dropout and initialisation as published (the bridges train without
   * hidden dropout). */
  if (!read_double (c, "attention_dropout", 0.0, 1.0, &value, &present))
    return FALSE;
  put_double (c, "attention_dropout", "--attention-dropout", present ? value : 0.0,
              present ? "attention_dropout" : NULL);
  put_double (c, "hidden_dropout", "--hidden-dropout", 0.0, NULL);
  if (!read_double (c, "initializer_range", 1e-9, 10.0, &value, &present))
    return FALSE;
  if (present)
    put_double (c, "init_method_std", "--init-method-std", value, "initializer_range");

  if (has (c, PLANNER_HF_MOE) && !map_moe (c, layers, ffn))
    return FALSE;
  if (mla && !map_mla (c))
    return FALSE;
  if (!read_uint (c, "num_nextn_predict_layers", 0, 64, FALSE, &mtp, &present))
    return FALSE;
  if (mtp == 0 && !read_uint (c, "mtp_num_hidden_layers", 0, 64, FALSE, &mtp, &present))
    return FALSE;
  if (mtp > 0)
    put_uint (c, "mtp_num_layers", "--mtp-num-layers", mtp, "num_nextn_predict_layers");

  if (!map_windows (c, layers))
    return FALSE;
  if (has (c, PLANNER_HF_GPT_OSS))
    {
      put_string (c, "softmax_type", "--softmax-type", "learnable", NULL);
      note (c, _("the learnable softmax sinks (one value per attention head in each layer) are not counted in "
                 "the memory estimate"));
    }
  if (has (c, PLANNER_HF_GEMMA) && !map_gemma_extras (c, head_dim))
    return FALSE;

  /* Soft-capping, in any family that has it. */
  {
    static const char *const caps[] = { "attn_logit_softcapping", "final_logit_softcapping" };

    for (guint i = 0; i < G_N_ELEMENTS (caps); i++)
      if (lookup (c, caps[i]) != NULL)
        drop (c, caps[i],
              i == 0 ? _("the attention logits are soft-capped (tanh); no flag of Megatron-Core 0.20's "
                         "pretrain_gpt.py caps them")
                     : _("the output logits are soft-capped (tanh); no flag of Megatron-Core 0.20's "
                         "pretrain_gpt.py caps them"));
  }
  return TRUE;
}

/* Every key no mapping read: the family's own rules, bookkeeping, or
 * unknown — named either way. */
static void
sweep_keys (Ctx *c)
{
  g_autoptr(GList) members = json_object_get_members (c->o);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      const char *why = NULL;
      gboolean known = FALSE;

      if (g_hash_table_contains (c->used, key))
        continue;
      for (const PlannerHfKeyRule *r = c->fam->keys; r->key != NULL; r++)
        if (g_str_equal (r->key, key))
          {
            known = TRUE;
            why = r->why;
          }
      if (g_str_equal (key, "quantization_config"))
        {
          note (c, _("quantization_config: the published weights are quantized; the draft trains in the job's "
                     "precision"));
          continue;
        }
      if (why != NULL)
        {
          JsonNode *node = json_object_get_member (c->o, key);

          if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
            drop (c, key, _(why));
          continue;
        }
      if (known || planner_hf_key_is_bookkeeping (key))
        continue;
      {
        JsonNode *node = json_object_get_member (c->o, key);

        if (node == NULL || JSON_NODE_HOLDS_NULL (node))
          continue;
      }
      {
        g_autofree char *message = g_strdup_printf (_("the %s mapping does not know this key, so nothing in the "
                                                      "draft carries it: check whether it changes the model"),
                                                    c->fam->architecture);
        drop (c, key, message);
      }
    }
}

/* ---- Making one ---- */

PlannerHfConfig *
planner_hf_config_new_from_data (const char  *data,
                                 gsize        length,
                                 const char  *folder_name,
                                 GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(PlannerHfConfig) cfg = NULL;
  g_autoptr(GHashTable) used = NULL;
  JsonNode *root;
  JsonObject *outer, *text;
  JsonNode *node;
  JsonArray *archs;
  const char *arch = NULL;
  const char *name;
  const PlannerHfFamily *fam;
  Ctx c = { 0, };

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length > PLANNER_HF_CONFIG_MAX_BYTES)
    {
      g_set_error (error, PLANNER_HF_CONFIG_ERROR, PLANNER_HF_CONFIG_ERROR_NOT_JSON,
                   _("config.json is larger than 1 MiB; a model's config is a few kilobytes: give its config.json"));
      return NULL;
    }
  if (!planner_json_check_strict (data, length, MAX_DEPTH, &local_error))
    {
      g_set_error (error, PLANNER_HF_CONFIG_ERROR, PLANNER_HF_CONFIG_ERROR_NOT_JSON,
                   _("config.json is not JSON (%s): give the model's config.json"), local_error->message);
      return NULL;
    }
  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, data, (gssize) length, &local_error))
    {
      g_set_error (error, PLANNER_HF_CONFIG_ERROR, PLANNER_HF_CONFIG_ERROR_NOT_JSON,
                   _("config.json is not JSON (%s): give the model's config.json"), local_error->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error_literal (error, PLANNER_HF_CONFIG_ERROR, PLANNER_HF_CONFIG_ERROR_NOT_JSON,
                           _("config.json is not a JSON object: give the model's config.json"));
      return NULL;
    }
  outer = json_node_get_object (root);
  node = json_object_get_member (outer, "architectures");
  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node) && json_array_get_length (archs = json_node_get_array (node)) > 0)
    {
      JsonNode *first = json_array_get_element (archs, 0);

      if (JSON_NODE_HOLDS_VALUE (first) && json_node_get_value_type (first) == G_TYPE_STRING)
        arch = json_node_get_string (first);
    }
  if (arch == NULL)
    {
      g_set_error_literal (error, PLANNER_HF_CONFIG_ERROR, PLANNER_HF_CONFIG_ERROR_ARCHITECTURE,
                           _("config.json: “architectures” is missing or empty: the planner maps a config by its "
                             "first architecture (LlamaForCausalLM, Qwen3ForCausalLM, …)"));
      return NULL;
    }
  fam = planner_hf_family_lookup (arch);
  if (fam == NULL)
    {
      g_set_error (error, PLANNER_HF_CONFIG_ERROR, PLANNER_HF_CONFIG_ERROR_ARCHITECTURE,
                   _("config.json: “architectures” names %s, which the planner cannot map; it maps Llama, Qwen2, "
                     "Qwen3, Qwen3-MoE, Mistral, Mixtral, DeepSeek-V2/V3, gpt-oss and Gemma 1–3: type the "
                     "dimensions into a custom architecture instead"), arch);
      return NULL;
    }

  cfg = g_new0 (PlannerHfConfig, 1);
  cfg->architecture = g_strdup (arch);
  cfg->family = g_strdup (fam->family);
  cfg->bridge = g_strdup (fam->bridge);
  cfg->digest = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, length);
  cfg->args = planner_args_new ();
  cfg->sources = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  cfg->unsupported = g_ptr_array_new_with_free_func (unsupported_free);
  cfg->notes = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (cfg->notes, NULL);

  text = outer;
  node = json_object_get_member (outer, "text_config");
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    text = json_node_get_object (node);
  used = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c.o = text;
  c.fam = fam;
  c.cfg = cfg;
  c.used = used;
  c.error = error;
  if (!map_config (&c))
    return NULL;
  sweep_keys (&c);
  if (text != outer)
    {
      /* The outer keys of a multimodal config: the vision side is lost. */
      g_autoptr(GList) members = json_object_get_members (outer);

      for (GList *l = members; l != NULL; l = l->next)
        if (g_str_equal (l->data, "vision_config"))
          drop (&c, "vision_config",
                _("the vision tower and its projector: pretrain_gpt.py builds the language model only"));
    }

  name = member_string (outer, "_name_or_path");
  if (name != NULL && *name != '\0' && g_utf8_validate (name, -1, NULL))
    cfg->name = g_strdup (name);
  else if (folder_name != NULL && *folder_name != '\0' && g_utf8_validate (folder_name, -1, NULL))
    cfg->name = g_strdup (folder_name);
  else
    cfg->name = g_strdup (arch);
  return g_steal_pointer (&cfg);
}

PlannerHfConfig *
planner_hf_config_new_from_file (const char  *path,
                                 GError     **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *buffer = NULL;
  g_autofree char *folder = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);

  file = g_file_new_for_path (path);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (info != NULL && g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    {
      GFile *inner = g_file_get_child (file, "config.json");

      folder = g_file_get_basename (file);
      g_object_unref (file);
      file = inner;
      g_clear_object (&info);
      info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE, NULL, &local_error);
    }
  else if (info != NULL)
    {
      /* A model folder's config.json is named by its folder; any other
       * file by its own name. */
      g_autofree char *base = g_file_get_basename (file);
      g_autoptr(GFile) parent = g_file_get_parent (file);

      if (g_str_equal (base, "config.json"))
        folder = parent != NULL ? g_file_get_basename (parent) : NULL;
      else
        folder = g_str_has_suffix (base, ".json") ? g_strndup (base, strlen (base) - 5) : g_strdup (base);
    }
  if (info == NULL)
    {
      g_autofree char *shown = g_file_get_parse_name (file);

      g_set_error (error, PLANNER_HF_CONFIG_ERROR, PLANNER_HF_CONFIG_ERROR_IO, _("Could not read %s: %s"), shown,
                   local_error->message);
      return NULL;
    }
  /* Never read from a device, a fifo or a socket. */
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_autofree char *shown = g_file_get_parse_name (file);

      g_set_error (error, PLANNER_HF_CONFIG_ERROR, PLANNER_HF_CONFIG_ERROR_IO,
                   _("%s is not a regular file: give a config.json or the folder that holds one"), shown);
      return NULL;
    }
  /* At most the bound plus one byte, whatever the file says its size is. */
  stream = g_file_read (file, NULL, &local_error);
  if (stream != NULL)
    {
      buffer = g_malloc (PLANNER_HF_CONFIG_MAX_BYTES + 1);
      if (!g_input_stream_read_all (G_INPUT_STREAM (stream), buffer, PLANNER_HF_CONFIG_MAX_BYTES + 1, &length, NULL,
                                    &local_error))
        g_clear_object (&stream);
    }
  if (stream == NULL)
    {
      g_autofree char *shown = g_file_get_parse_name (file);

      g_set_error (error, PLANNER_HF_CONFIG_ERROR, PLANNER_HF_CONFIG_ERROR_IO, _("Could not read %s: %s"), shown,
                   local_error->message);
      return NULL;
    }
  g_input_stream_close (G_INPUT_STREAM (stream), NULL, NULL);
  return planner_hf_config_new_from_data (buffer, length, folder, error);
}

/* ---- Reading one ---- */

const char *
planner_hf_config_get_architecture (const PlannerHfConfig *config)
{
  g_return_val_if_fail (config != NULL, NULL);
  return config->architecture;
}

const char *
planner_hf_config_get_family (const PlannerHfConfig *config)
{
  g_return_val_if_fail (config != NULL, NULL);
  return config->family;
}

const char *
planner_hf_config_get_bridge (const PlannerHfConfig *config)
{
  g_return_val_if_fail (config != NULL, NULL);
  return config->bridge;
}

const char *
planner_hf_config_get_name (const PlannerHfConfig *config)
{
  g_return_val_if_fail (config != NULL, NULL);
  return config->name;
}

const char *
planner_hf_config_get_digest (const PlannerHfConfig *config)
{
  g_return_val_if_fail (config != NULL, NULL);
  return config->digest;
}

const PlannerArgs *
planner_hf_config_get_args (const PlannerHfConfig *config)
{
  g_return_val_if_fail (config != NULL, NULL);
  return config->args;
}

char **
planner_hf_config_dup_words (const PlannerHfConfig *config)
{
  GPtrArray *words;
  guint n;

  g_return_val_if_fail (config != NULL, NULL);

  words = g_ptr_array_new ();
  n = planner_args_get_n_entries (config->args);
  for (guint i = 0; i < n; i++)
    planner_args_append_words (config->args, planner_args_get_dest_at (config->args, i), words);
  g_ptr_array_add (words, NULL);
  return (char **) g_ptr_array_free (words, FALSE);
}

const char *
planner_hf_config_get_source (const PlannerHfConfig *config,
                              const char            *dest)
{
  const char *key;

  g_return_val_if_fail (config != NULL, NULL);
  key = g_hash_table_lookup (config->sources, dest);
  return key != NULL && *key != '\0' ? key : NULL;
}

guint
planner_hf_config_get_n_unsupported (const PlannerHfConfig *config)
{
  g_return_val_if_fail (config != NULL, 0);
  return config->unsupported->len;
}

void
planner_hf_config_get_unsupported (const PlannerHfConfig *config,
                                   guint                  index,
                                   const char           **key,
                                   const char           **why)
{
  const Unsupported *u;

  g_return_if_fail (config != NULL);
  g_return_if_fail (index < config->unsupported->len);
  u = g_ptr_array_index (config->unsupported, index);
  if (key != NULL)
    *key = u->key;
  if (why != NULL)
    *why = u->why;
}

const char *const *
planner_hf_config_get_notes (const PlannerHfConfig *config)
{
  g_return_val_if_fail (config != NULL, NULL);
  return (const char *const *) config->notes->pdata;
}

/* A config whose dimensions are a catalogue entry's reads as that entry,
 * then is customised: what the config says beyond the entry (its norm
 * epsilon, its router, …) was left in the extra arguments.  The options
 * with fields of their own go there, as for any other config. */
static void
take_options (const PlannerHfConfig *config,
              PlannerJob            *job)
{
  g_autoptr(PlannerArgs) extra = planner_job_parse_extra_args (job, NULL);
  g_autoptr(PlannerArgs) wanted = planner_args_new ();
  g_autoptr(GHashTable) used = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *text = NULL;

  if (extra == NULL)
    return;
  /* The entry's options, then the config's over them. */
  planner_job_model_options_to_args (job, wanted);
  for (guint i = 0; i < planner_args_get_n_entries (config->args); i++)
    {
      const char *dest = planner_args_get_dest_at (config->args, i);

      if (planner_job_model_option_for_dest (dest) != NULL && planner_args_is_set (extra, dest))
        planner_args_set_list (wanted, dest, planner_args_get_flag (config->args, dest),
                               planner_args_get_list (config->args, dest));
    }
  if (!planner_job_model_options_from_args (job, wanted, used, NULL))
    return;
  if (*planner_job_get_string (job, "moe-router-score-function") == '\0' &&
      planner_job_check_choice ("moe-router-score-function",
                                planner_args_get_string (extra, "moe_router_score_function", "?"), NULL))
    {
      g_object_set (job, "moe-router-score-function",
                    planner_args_get_string (extra, "moe_router_score_function", NULL), NULL);
      g_hash_table_add (used, (gpointer) "moe_router_score_function");
    }
  for (guint i = 0; i < planner_args_get_n_entries (extra); i++)
    {
      const char *dest = planner_args_get_dest_at (extra, i);

      if (!g_hash_table_contains (used, dest))
        planner_args_append_words (extra, dest, words);
    }
  g_ptr_array_add (words, NULL);
  text = planner_shell_join ((const char *const *) words->pdata);
  g_object_set (job, "extra-args", text, NULL);
}

gboolean
planner_hf_config_apply_to_job (const PlannerHfConfig *config,
                                PlannerJob            *job,
                                GError               **error)
{
  g_autoptr(PlannerArgs) args = NULL;
  g_autoptr(PlannerArgs) old_model = planner_args_new ();
  g_autoptr(PlannerJob) staged = NULL;
  guint n;

  g_return_val_if_fail (config != NULL, FALSE);
  g_return_val_if_fail (PLANNER_IS_JOB (job), FALSE);

  /* The job as arguments, without the model it had ... */
  staged = planner_job_copy (job);
  planner_job_model_to_args (staged, old_model);
  args = planner_job_to_args (staged);
  for (guint i = 0; i < planner_args_get_n_entries (old_model); i++)
    planner_args_unset (args, planner_args_get_dest_at (old_model, i));
  /* ... and with the config's, which wins over the job's extra arguments. */
  n = planner_args_get_n_entries (config->args);
  for (guint i = 0; i < n; i++)
    {
      const char *dest = planner_args_get_dest_at (config->args, i);

      planner_args_set_list (args, dest, planner_args_get_flag (config->args, dest),
                             planner_args_get_list (config->args, dest));
    }
  /* A Hugging Face model comes with a Hugging Face tokenizer; the job's
   * own choice, when it made one, stays. */
  if (!planner_args_is_set (args, "tokenizer_type"))
    planner_args_set (args, "tokenizer_type", "--tokenizer-type", "HuggingFaceTokenizer");
  g_object_set (staged, "model-id", "", "params-b", 0.0, NULL);
  if (!planner_job_update_from_args (staged, args, error))
    return FALSE;
  /* A config that happens to hold a catalog model's dimensions is still
   * the config's own model. */
  if (planner_job_get_model_kind (staged) == PLANNER_JOB_MODEL_CATALOG)
    {
      if (!planner_job_customise (staged, error))
        return FALSE;
      take_options (config, staged);
    }
  /* What the file was, so a later load can tell it changed. */
  g_object_set (staged, "hf-config-sha256", config->digest, NULL);
  {
    guint n_props;
    g_autofree GParamSpec **pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (staged), &n_props);

    g_object_freeze_notify (G_OBJECT (job));
    for (guint i = 0; i < n_props; i++)
      {
        g_auto(GValue) value = G_VALUE_INIT;

        g_value_init (&value, pspecs[i]->value_type);
        g_object_get_property (G_OBJECT (staged), pspecs[i]->name, &value);
        g_object_set_property (G_OBJECT (job), pspecs[i]->name, &value);
      }
    g_object_thaw_notify (G_OBJECT (job));
  }
  return TRUE;
}

/* A job whose custom fields hold the architecture: those are the job's,
 * edited or not, and the file is where they came from.  *warning says
 * when the file is gone, unreadable or changed since. */
static void
check_stored (PlannerJob  *job,
              const char  *path,
              char       **warning)
{
  g_autoptr(PlannerHfConfig) config = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *digest = planner_job_get_string (job, "hf-config-sha256");
  g_autofree char *text = NULL;

  config = planner_hf_config_new_from_file (path, &local_error);
  if (config == NULL)
    /* Translators: %s is a file's path, then why it cannot be read */
    text = g_strdup_printf (_("The Hugging Face config %s cannot be read now (%s); the architecture saved with the "
                              "job is used."), path, local_error->message);
  else if (digest != NULL && *digest != '\0' && !g_str_equal (digest, planner_hf_config_get_digest (config)))
    /* Translators: %s is a file's path */
    text = g_strdup_printf (_("The Hugging Face config %s changed since the architecture was read from it; the "
                              "architecture saved with the job is kept. Read it again with “From Hugging Face "
                              "Config…” to take the changes."), path);
  if (warning != NULL)
    *warning = g_steal_pointer (&text);
}

gboolean
planner_hf_config_load_into_job (PlannerJob  *job,
                                 char       **warning,
                                 GError     **error)
{
  const char *path;
  g_autoptr(PlannerHfConfig) config = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (PLANNER_IS_JOB (job), FALSE);

  if (warning != NULL)
    *warning = NULL;
  path = planner_job_get_string (job, "hf-config");
  if (path == NULL || *path == '\0')
    return TRUE;
  if (!g_path_is_absolute (path))
    {
      g_set_error (error, PLANNER_HF_CONFIG_ERROR, PLANNER_HF_CONFIG_ERROR_IO,
                   _("model.hf_config is “%s”: give the config.json's absolute path"), path);
      return FALSE;
    }
  /* Read at import, kept in the custom fields: never read over them. */
  if (planner_job_get_model_kind (job) == PLANNER_JOB_MODEL_CUSTOM)
    {
      check_stored (job, path, warning);
      return TRUE;
    }
  /* A job that names a config and holds no architecture yet (written by
   * hand or by another tool): the import happens now. */
  config = planner_hf_config_new_from_file (path, &local_error);
  if (config == NULL)
    {
      g_set_error (error, PLANNER_HF_CONFIG_ERROR, local_error->code, _("model.hf_config: %s"),
                   local_error->message);
      return FALSE;
    }
  if (!planner_hf_config_apply_to_job (config, job, &local_error))
    {
      g_set_error (error, PLANNER_HF_CONFIG_ERROR, PLANNER_HF_CONFIG_ERROR_KEY, _("model.hf_config: %s"),
                   local_error->message);
      return FALSE;
    }
  return TRUE;
}

JsonNode *
planner_hf_config_to_json (const PlannerHfConfig *config)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_auto(GStrv) words = NULL;

  g_return_val_if_fail (config != NULL, NULL);

  words = planner_hf_config_dup_words (config);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "architecture");
  json_builder_add_string_value (b, config->architecture);
  json_builder_set_member_name (b, "arguments");
  json_builder_begin_array (b);
  for (guint i = 0; words[i] != NULL; i++)
    json_builder_add_string_value (b, words[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "unsupported");
  json_builder_begin_array (b);
  for (guint i = 0; i < config->unsupported->len; i++)
    {
      const Unsupported *u = g_ptr_array_index (config->unsupported, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "key");
      json_builder_add_string_value (b, u->key);
      json_builder_set_member_name (b, "why");
      json_builder_add_string_value (b, u->why);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "notes");
  json_builder_begin_array (b);
  for (guint i = 0; i + 1 < config->notes->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (config->notes, i));
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}
