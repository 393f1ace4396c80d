/* planner-job.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-job"

#include "config.h"

#include <json-glib/json-glib.h>

#include "planner-job.h"
#include "planner-layout.h"

/* Every input is described once, in this table: the properties, the JSON
 * format and equality all come from it, so a new field is one line. */
typedef enum
{
  FIELD_UINT,
  FIELD_DOUBLE,
  FIELD_BOOL,
  FIELD_STRING,
} FieldType;

typedef struct
{
  const char *name;      /* property name; the JSON key is the same with '_' */
  const char *section;   /* JSON object the key lives in */
  FieldType   type;
  guint       min;
  guint       max;
  guint       uint_default;
  const char *string_default;
  double      double_default;
} FieldInfo;

enum {
  PROP_0,
  PROP_MODEL_ID,
  PROP_PARAMS_B,
  PROP_GPU_ID,
  PROP_NODES,
  PROP_GPUS_PER_NODE,
  PROP_TP,
  PROP_PP,
  PROP_CP,
  PROP_EP,
  PROP_ETP,
  PROP_VPP,
  PROP_USE_TP_PP_DP_MAPPING,
  PROP_SEQ_LENGTH,
  PROP_MICRO_BATCH_SIZE,
  PROP_GLOBAL_BATCH_SIZE,
  PROP_PRECISION,
  PROP_RECOMPUTE,
  PROP_DISTRIBUTED_OPTIMIZER,
  PROP_SEQUENCE_PARALLEL,
  PROP_DATA_PATH,
  PROP_SPLIT,
  PROP_TOKENIZER_TYPE,
  PROP_TOKENIZER_MODEL,
  PROP_VOCAB_FILE,
  PROP_MERGE_FILE,
  PROP_SAVE_DIR,
  PROP_LOAD_DIR,
  PROP_TRAIN_ITERS,
  PROP_LR,
  PROP_MIN_LR,
  PROP_LR_DECAY_STYLE,
  PROP_LR_WARMUP_ITERS,
  PROP_WEIGHT_DECAY,
  PROP_CLIP_GRAD,
  PROP_INIT_METHOD_STD,
  PROP_FP8_RECIPE,
  PROP_ATTENTION_BACKEND,
  PROP_OVERLAP_GRAD_REDUCE,
  PROP_OVERLAP_PARAM_GATHER,
  PROP_MOE_LOAD_BALANCING_TYPE,
  PROP_MOE_AUX_LOSS_COEFF,
  PROP_MOE_TOKEN_DISPATCHER_TYPE,
  PROP_MOE_GROUPED_GEMM,
  PROP_MOCK_DATA,
  PROP_SAVE_INTERVAL,
  PROP_LOG_INTERVAL,
  PROP_EVAL_INTERVAL,
  PROP_EVAL_ITERS,
  PROP_TENSORBOARD_DIR,
  PROP_MEGATRON_DIR,
  PROP_RDZV_PORT,
  PROP_SLURM_PARTITION,
  PROP_SLURM_ACCOUNT,
  PROP_SLURM_TIME,
  PROP_SLURM_CPUS_PER_TASK,
  PROP_EXTRA_ARGS,
  N_PROPS
};

#define MAX_NODES 16384

/* Indexed by property id; entry 0 is unused. */
static const FieldInfo fields[N_PROPS] = {
  [PROP_MODEL_ID]              = { "model-id", "model", FIELD_STRING, 0, 0, 0, "" },
  [PROP_PARAMS_B]              = { "params-b", "model", FIELD_DOUBLE, 0, 100000, 0, NULL },
  [PROP_GPU_ID]                = { "gpu-id", "cluster", FIELD_STRING, 0, 0, 0, "h100-sxm" },
  [PROP_NODES]                 = { "nodes", "cluster", FIELD_UINT, 1, MAX_NODES, 1, NULL },
  [PROP_GPUS_PER_NODE]         = { "gpus-per-node", "cluster", FIELD_UINT, 1, 72, 8, NULL },
  [PROP_TP]                    = { "tp", "parallelism", FIELD_UINT, 1, 1024, 1, NULL },
  [PROP_PP]                    = { "pp", "parallelism", FIELD_UINT, 1, 1024, 1, NULL },
  [PROP_CP]                    = { "cp", "parallelism", FIELD_UINT, 1, 1024, 1, NULL },
  [PROP_EP]                    = { "ep", "parallelism", FIELD_UINT, 1, 1024, 1, NULL },
  /* 0: not given, Megatron uses tp */
  [PROP_ETP]                   = { "etp", "parallelism", FIELD_UINT, 0, 1024, 0, NULL },
  [PROP_VPP]                   = { "vpp", "parallelism", FIELD_UINT, 1, 1024, 1, NULL },
  [PROP_USE_TP_PP_DP_MAPPING]  = { "use-tp-pp-dp-mapping", "parallelism", FIELD_BOOL, 0, 1, 0, NULL },
  [PROP_SEQ_LENGTH]            = { "seq-length", "training", FIELD_UINT, 1, 1u << 24, 4096, NULL },
  [PROP_MICRO_BATCH_SIZE]      = { "micro-batch-size", "training", FIELD_UINT, 1, 65536, 1, NULL },
  [PROP_GLOBAL_BATCH_SIZE]     = { "global-batch-size", "training", FIELD_UINT, 1, 1u << 30, 128, NULL },
  [PROP_PRECISION]             = { "precision", "training", FIELD_STRING, 0, 0, 0, "bf16" },
  [PROP_RECOMPUTE]             = { "recompute", "training", FIELD_STRING, 0, 0, 0, "none" },
  [PROP_DISTRIBUTED_OPTIMIZER] = { "distributed-optimizer", "training", FIELD_BOOL, 0, 1, 1, NULL },
  [PROP_SEQUENCE_PARALLEL]     = { "sequence-parallel", "training", FIELD_BOOL, 0, 1, 1, NULL },
  [PROP_DATA_PATH]             = { "data-path", "data", FIELD_STRING, 0, 0, 0, "" },
  [PROP_SPLIT]                 = { "split", "data", FIELD_STRING, 0, 0, 0, "99,1,0" },
  [PROP_TOKENIZER_TYPE]        = { "tokenizer-type", "data", FIELD_STRING, 0, 0, 0, "" },
  [PROP_TOKENIZER_MODEL]       = { "tokenizer-model", "data", FIELD_STRING, 0, 0, 0, "" },
  [PROP_VOCAB_FILE]            = { "vocab-file", "data", FIELD_STRING, 0, 0, 0, "" },
  [PROP_MERGE_FILE]            = { "merge-file", "data", FIELD_STRING, 0, 0, 0, "" },
  [PROP_SAVE_DIR]              = { "save-dir", "checkpoint", FIELD_STRING, 0, 0, 0, "" },
  [PROP_LOAD_DIR]              = { "load-dir", "checkpoint", FIELD_STRING, 0, 0, 0, "" },
  /* Training hyperparameters.  0 iterations: not chosen yet, and the
   * script writer asks for it rather than picking a length. */
  [PROP_TRAIN_ITERS]           = { "train-iters", "training", FIELD_UINT, 0, 1u << 31, 0, NULL },
  [PROP_LR]                    = { "lr", "training", FIELD_DOUBLE, 0, 10, 0, NULL, 3.0e-4 },
  [PROP_MIN_LR]                = { "min-lr", "training", FIELD_DOUBLE, 0, 10, 0, NULL, 3.0e-5 },
  [PROP_LR_DECAY_STYLE]        = { "lr-decay-style", "training", FIELD_STRING, 0, 0, 0, "cosine" },
  [PROP_LR_WARMUP_ITERS]       = { "lr-warmup-iters", "training", FIELD_UINT, 0, 1u << 31, 0, NULL },
  [PROP_WEIGHT_DECAY]          = { "weight-decay", "training", FIELD_DOUBLE, 0, 10, 0, NULL, 0.1 },
  [PROP_CLIP_GRAD]             = { "clip-grad", "training", FIELD_DOUBLE, 0, 1000000, 0, NULL, 1.0 },
  /* 0: Megatron's default (0.02), not written */
  [PROP_INIT_METHOD_STD]       = { "init-method-std", "training", FIELD_DOUBLE, 0, 10, 0, NULL, 0 },
  /* "": the recipe that suits the GPU (delayed on Hopper/Ada, mxfp8 on Blackwell) */
  [PROP_FP8_RECIPE]            = { "fp8-recipe", "training", FIELD_STRING, 0, 0, 0, "" },
  [PROP_ATTENTION_BACKEND]     = { "attention-backend", "training", FIELD_STRING, 0, 0, 0, "auto" },
  [PROP_OVERLAP_GRAD_REDUCE]   = { "overlap-grad-reduce", "training", FIELD_BOOL, 0, 1, 1, NULL },
  [PROP_OVERLAP_PARAM_GATHER]  = { "overlap-param-gather", "training", FIELD_BOOL, 0, 1, 1, NULL },
  /* Used only when the model has experts. */
  [PROP_MOE_LOAD_BALANCING_TYPE]   = { "moe-router-load-balancing-type", "moe", FIELD_STRING, 0, 0, 0, "aux_loss" },
  [PROP_MOE_AUX_LOSS_COEFF]        = { "moe-aux-loss-coeff", "moe", FIELD_DOUBLE, 0, 1000, 0, NULL, 1.0e-2 },
  [PROP_MOE_TOKEN_DISPATCHER_TYPE] = { "moe-token-dispatcher-type", "moe", FIELD_STRING, 0, 0, 0, "alltoall" },
  [PROP_MOE_GROUPED_GEMM]          = { "moe-grouped-gemm", "moe", FIELD_BOOL, 0, 1, 1, NULL },
  [PROP_MOCK_DATA]             = { "mock-data", "data", FIELD_BOOL, 0, 1, 0, NULL },
  [PROP_SAVE_INTERVAL]         = { "save-interval", "checkpoint", FIELD_UINT, 1, 1u << 31, 1000, NULL },
  [PROP_LOG_INTERVAL]          = { "log-interval", "logging", FIELD_UINT, 1, 1u << 31, 100, NULL },
  [PROP_EVAL_INTERVAL]         = { "eval-interval", "logging", FIELD_UINT, 1, 1u << 31, 1000, NULL },
  [PROP_EVAL_ITERS]            = { "eval-iters", "logging", FIELD_UINT, 0, 1u << 31, 10, NULL },
  [PROP_TENSORBOARD_DIR]       = { "tensorboard-dir", "logging", FIELD_STRING, 0, 0, 0, "" },
  /* The user's Megatron-LM checkout; "" runs pretrain_gpt.py from the
   * working directory. */
  [PROP_MEGATRON_DIR]          = { "megatron-dir", "launch", FIELD_STRING, 0, 0, 0, "" },
  [PROP_RDZV_PORT]             = { "rdzv-port", "launch", FIELD_UINT, 1, 65535, 29500, NULL },
  /* SLURM fields are the user's: empty means not written, never guessed. */
  [PROP_SLURM_PARTITION]       = { "slurm-partition", "launch", FIELD_STRING, 0, 0, 0, "" },
  [PROP_SLURM_ACCOUNT]         = { "slurm-account", "launch", FIELD_STRING, 0, 0, 0, "" },
  [PROP_SLURM_TIME]            = { "slurm-time", "launch", FIELD_STRING, 0, 0, 0, "" },
  [PROP_SLURM_CPUS_PER_TASK]   = { "slurm-cpus-per-task", "launch", FIELD_UINT, 0, 4096, 0, NULL },
  /* Megatron arguments no field holds, as shell words; kept verbatim. */
  [PROP_EXTRA_ARGS]            = { "extra-args", "advanced", FIELD_STRING, 0, 0, 0, "" },
};

typedef union
{
  guint     u;
  double    d;
  gboolean  b;
  char     *s;
} FieldValue;

struct _PlannerJob
{
  GObject    parent_instance;
  FieldValue values[N_PROPS];
};

G_DEFINE_FINAL_TYPE (PlannerJob, planner_job, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_QUARK (planner-job-error-quark, planner_job_error)

static char *
json_key (const char *name)
{
  char *key = g_strdup (name);

  g_strdelimit (key, "-", '_');
  return key;
}

static void
planner_job_finalize (GObject *object)
{
  PlannerJob *self = (PlannerJob *)object;

  for (guint i = 1; i < N_PROPS; i++)
    {
      if (fields[i].type == FIELD_STRING)
        g_clear_pointer (&self->values[i].s, g_free);
    }

  G_OBJECT_CLASS (planner_job_parent_class)->finalize (object);
}

static void
planner_job_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  PlannerJob *self = PLANNER_JOB (object);

  if (prop_id == 0 || prop_id >= N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }

  switch (fields[prop_id].type)
    {
    case FIELD_UINT:
      g_value_set_uint (value, self->values[prop_id].u);
      break;
    case FIELD_DOUBLE:
      g_value_set_double (value, self->values[prop_id].d);
      break;
    case FIELD_BOOL:
      g_value_set_boolean (value, self->values[prop_id].b);
      break;
    case FIELD_STRING:
      g_value_set_string (value, self->values[prop_id].s);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
planner_job_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  PlannerJob *self = PLANNER_JOB (object);
  FieldValue *slot;
  gboolean changed = FALSE;

  if (prop_id == 0 || prop_id >= N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }

  slot = &self->values[prop_id];
  switch (fields[prop_id].type)
    {
    case FIELD_UINT:
      changed = slot->u != g_value_get_uint (value);
      slot->u = g_value_get_uint (value);
      break;
    case FIELD_DOUBLE:
      changed = slot->d != g_value_get_double (value);
      slot->d = g_value_get_double (value);
      break;
    case FIELD_BOOL:
      changed = slot->b != g_value_get_boolean (value);
      slot->b = g_value_get_boolean (value);
      break;
    case FIELD_STRING:
      {
        const char *s = g_value_get_string (value);

        if (s == NULL)
          s = "";
        changed = g_strcmp0 (slot->s, s) != 0;
        if (changed)
          {
            g_free (slot->s);
            slot->s = g_strdup (s);
          }
      }
      break;
    default:
      g_assert_not_reached ();
    }

  if (changed)
    {
      g_object_notify_by_pspec (object, pspec);
      g_signal_emit (self, signals[CHANGED], 0);
    }
}

static void
planner_job_class_init (PlannerJobClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = planner_job_finalize;
  object_class->get_property = planner_job_get_property;
  object_class->set_property = planner_job_set_property;

  for (guint i = 1; i < N_PROPS; i++)
    {
      const FieldInfo *f = &fields[i];

      switch (f->type)
        {
        case FIELD_UINT:
          properties[i] = g_param_spec_uint (f->name, NULL, NULL, f->min, f->max, f->uint_default, flags);
          break;
        case FIELD_DOUBLE:
          properties[i] = g_param_spec_double (f->name, NULL, NULL, f->min, f->max, f->double_default, flags);
          break;
        case FIELD_BOOL:
          properties[i] = g_param_spec_boolean (f->name, NULL, NULL, f->uint_default != 0, flags);
          break;
        case FIELD_STRING:
          properties[i] = g_param_spec_string (f->name, NULL, NULL, f->string_default, flags);
          break;
        default:
          g_assert_not_reached ();
        }
    }
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * PlannerJob::changed:
   *
   * Emitted once after any input changed, so a view can schedule one
   * re-analysis instead of one per property.
   */
  signals[CHANGED] = g_signal_new ("changed",
                                   G_TYPE_FROM_CLASS (klass),
                                   G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
}

static void
planner_job_init (PlannerJob *self)
{
  for (guint i = 1; i < N_PROPS; i++)
    {
      switch (fields[i].type)
        {
        case FIELD_UINT:
          self->values[i].u = fields[i].uint_default;
          break;
        case FIELD_DOUBLE:
          self->values[i].d = fields[i].double_default;
          break;
        case FIELD_BOOL:
          self->values[i].b = fields[i].uint_default != 0;
          break;
        case FIELD_STRING:
          self->values[i].s = g_strdup (fields[i].string_default);
          break;
        default:
          g_assert_not_reached ();
        }
    }
}

PlannerJob *
planner_job_new (void)
{
  return g_object_new (PLANNER_TYPE_JOB, NULL);
}

PlannerJob *
planner_job_new_example (void)
{
  /* LLaMA-3 70B on 64 H100s in the reference layout for 70B: TP 4 inside
   * a node, PP 4 over nodes, DP 4 for the rest.  At 4K context it fits
   * with selective recompute; at 8K the first stage would not (NVIDIA's
   * 8K recipe uses PP 8 with a virtual pipeline instead). */
  return g_object_new (PLANNER_TYPE_JOB,
                       "model-id", "llama3-70b",
                       "gpu-id", "h100-sxm",
                       "nodes", 8,
                       "gpus-per-node", 8,
                       "tp", 4,
                       "pp", 4,
                       "seq-length", 4096,
                       "micro-batch-size", 1,
                       "global-batch-size", 128,
                       "recompute", "selective",
                       NULL);
}

PlannerJob *
planner_job_copy (PlannerJob *self)
{
  PlannerJob *copy;

  g_return_val_if_fail (PLANNER_IS_JOB (self), NULL);

  copy = planner_job_new ();
  for (guint i = 1; i < N_PROPS; i++)
    {
      if (fields[i].type == FIELD_STRING)
        {
          g_free (copy->values[i].s);
          copy->values[i].s = g_strdup (self->values[i].s);
        }
      else
        copy->values[i] = self->values[i];
    }
  return copy;
}

static gboolean
field_equal (PlannerJob *a,
             PlannerJob *b,
             guint       i)
{
  switch (fields[i].type)
    {
    case FIELD_UINT:
      return a->values[i].u == b->values[i].u;
    case FIELD_DOUBLE:
      return a->values[i].d == b->values[i].d;
    case FIELD_BOOL:
      return !a->values[i].b == !b->values[i].b;
    case FIELD_STRING:
      return g_strcmp0 (a->values[i].s, b->values[i].s) == 0;
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

static char *
field_to_string (PlannerJob *self,
                 guint       i)
{
  switch (fields[i].type)
    {
    case FIELD_UINT:
      return g_strdup_printf ("%u", self->values[i].u);
    case FIELD_DOUBLE:
      return g_strdup_printf ("%g", self->values[i].d);
    case FIELD_BOOL:
      return g_strdup (self->values[i].b ? "true" : "false");
    case FIELD_STRING:
      return g_strdup_printf ("“%s”", self->values[i].s);
    default:
      g_assert_not_reached ();
    }
  return NULL;
}

gboolean
planner_job_equal (PlannerJob *a,
                   PlannerJob *b)
{
  g_return_val_if_fail (PLANNER_IS_JOB (a), FALSE);
  g_return_val_if_fail (PLANNER_IS_JOB (b), FALSE);

  for (guint i = 1; i < N_PROPS; i++)
    {
      if (!field_equal (a, b, i))
        return FALSE;
    }
  return TRUE;
}

GStrv
planner_job_list_changes (PlannerJob *before,
                          PlannerJob *after)
{
  g_autoptr(GStrvBuilder) changes = g_strv_builder_new ();

  g_return_val_if_fail (PLANNER_IS_JOB (before), NULL);
  g_return_val_if_fail (PLANNER_IS_JOB (after), NULL);

  for (guint i = 1; i < N_PROPS; i++)
    {
      g_autofree char *key = NULL;
      g_autofree char *old_value = NULL;
      g_autofree char *new_value = NULL;
      g_autofree char *line = NULL;

      if (field_equal (before, after, i))
        continue;
      key = json_key (fields[i].name);
      old_value = field_to_string (before, i);
      new_value = field_to_string (after, i);
      /* g_strv_builder_take needs GLib 2.80; Debian 12 has 2.74. */
      line = g_strdup_printf ("%s.%s: %s → %s", fields[i].section, key, old_value, new_value);
      g_strv_builder_add (changes, line);
    }
  return g_strv_builder_end (changes);
}

char *
planner_job_to_data (PlannerJob *self,
                     gsize      *length)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  static const char *sections[] = { "model", "cluster", "parallelism", "training", "moe", "data",
                                    "checkpoint", "logging", "launch", "advanced" };

  g_return_val_if_fail (PLANNER_IS_JOB (self), NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, "launch-planner-job");
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, PLANNER_JOB_FORMAT_VERSION);

  for (guint s = 0; s < G_N_ELEMENTS (sections); s++)
    {
      json_builder_set_member_name (builder, sections[s]);
      json_builder_begin_object (builder);
      for (guint i = 1; i < N_PROPS; i++)
        {
          g_autofree char *key = NULL;

          if (!g_str_equal (fields[i].section, sections[s]))
            continue;

          key = json_key (fields[i].name);
          json_builder_set_member_name (builder, key);
          switch (fields[i].type)
            {
            case FIELD_UINT:
              json_builder_add_int_value (builder, self->values[i].u);
              break;
            case FIELD_DOUBLE:
              json_builder_add_double_value (builder, self->values[i].d);
              break;
            case FIELD_BOOL:
              json_builder_add_boolean_value (builder, self->values[i].b);
              break;
            case FIELD_STRING:
              json_builder_add_string_value (builder, self->values[i].s);
              break;
            default:
              g_assert_not_reached ();
            }
        }
      json_builder_end_object (builder);
    }
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  return json_generator_to_data (generator, length);
}

static gboolean
read_field (const FieldInfo  *f,
            JsonNode         *node,
            FieldValue       *out,
            GError          **error)
{
  GType value_type = JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node) : G_TYPE_INVALID;
  g_autofree char *key = json_key (f->name);

  switch (f->type)
    {
    case FIELD_UINT:
      {
        gint64 v;

        if (value_type != G_TYPE_INT64)
          {
            g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                         "%s.%s must be a whole number", f->section, key);
            return FALSE;
          }
        v = json_node_get_int (node);
        if (v < f->min || v > f->max)
          {
            g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                         "%s.%s is %" G_GINT64_FORMAT "; it must be between %u and %u",
                         f->section, key, v, f->min, f->max);
            return FALSE;
          }
        out->u = (guint) v;
      }
      return TRUE;

    case FIELD_DOUBLE:
      {
        double v;

        if (value_type != G_TYPE_INT64 && value_type != G_TYPE_DOUBLE)
          {
            g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                         "%s.%s must be a number", f->section, key);
            return FALSE;
          }
        v = json_node_get_double (node);
        if (!(v >= f->min && v <= f->max))
          {
            g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                         "%s.%s is %g; it must be between %u and %u",
                         f->section, key, v, f->min, f->max);
            return FALSE;
          }
        out->d = v;
      }
      return TRUE;

    case FIELD_BOOL:
      if (value_type != G_TYPE_BOOLEAN)
        {
          g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                       "%s.%s must be true or false", f->section, key);
          return FALSE;
        }
      out->b = json_node_get_boolean (node);
      return TRUE;

    case FIELD_STRING:
      if (value_type != G_TYPE_STRING)
        {
          g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                       "%s.%s must be a string", f->section, key);
          return FALSE;
        }
      out->s = g_strdup (json_node_get_string (node));
      return TRUE;

    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

gboolean
planner_job_load_from_data (PlannerJob  *self,
                            const char  *data,
                            gssize       length,
                            GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  FieldValue values[N_PROPS] = { { 0 } };
  gboolean present[N_PROPS] = { FALSE };
  JsonObject *root;
  gboolean ok = TRUE;
  gint64 version;

  g_return_val_if_fail (PLANNER_IS_JOB (self), FALSE);
  g_return_val_if_fail (data != NULL, FALSE);

  if (!json_parser_load_from_data (parser, data, length, error))
    {
      g_prefix_error (error, "Not a job file: ");
      return FALSE;
    }

  /* An empty document parses, with no root at all. */
  if (json_parser_get_root (parser) == NULL ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      g_set_error_literal (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_PARSE,
                           "Not a job file: the top level must be a JSON object");
      return FALSE;
    }
  root = json_node_get_object (json_parser_get_root (parser));

  if (g_strcmp0 (json_object_get_string_member_with_default (root, "format", ""), "launch-planner-job") != 0)
    {
      g_set_error_literal (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_PARSE,
                           "Not a job file: \"format\" must be \"launch-planner-job\"");
      return FALSE;
    }

  version = json_object_get_int_member_with_default (root, "version", 0);
  if (version < 1 || version > PLANNER_JOB_FORMAT_VERSION)
    {
      g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_VERSION,
                   "The job file has version %" G_GINT64_FORMAT "; this Launch Planner reads version 1 to %d",
                   version, PLANNER_JOB_FORMAT_VERSION);
      return FALSE;
    }

  /* Read everything first and apply only when all of it is valid, so a
   * bad file never leaves the job half-changed. */
  for (guint i = 1; ok && i < N_PROPS; i++)
    {
      g_autofree char *key = json_key (fields[i].name);
      JsonObject *section;
      JsonNode *node;

      if (!json_object_has_member (root, fields[i].section))
        continue;
      node = json_object_get_member (root, fields[i].section);
      if (!JSON_NODE_HOLDS_OBJECT (node))
        {
          g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                       "\"%s\" must be an object", fields[i].section);
          ok = FALSE;
          break;
        }
      section = json_node_get_object (node);
      if (!json_object_has_member (section, key))
        continue;
      ok = read_field (&fields[i], json_object_get_member (section, key), &values[i], error);
      present[i] = ok;
    }

  /* Each factor is in range on its own, but together they can pass what
   * the planner plans for: say which fields, not that Megatron refuses. */
  if (ok)
    {
      guint64 nodes = present[PROP_NODES] ? values[PROP_NODES].u : self->values[PROP_NODES].u;
      guint64 per_node = present[PROP_GPUS_PER_NODE] ? values[PROP_GPUS_PER_NODE].u
                                                    : self->values[PROP_GPUS_PER_NODE].u;

      if (nodes * per_node > PLANNER_MAX_WORLD_SIZE)
        {
          g_set_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD,
                       "cluster.nodes × cluster.gpus_per_node is %" G_GUINT64_FORMAT " × %" G_GUINT64_FORMAT
                       " = %" G_GUINT64_FORMAT " GPUs, more than the planner plans for (%u); lower cluster.nodes "
                       "or cluster.gpus_per_node", nodes, per_node, nodes * per_node, PLANNER_MAX_WORLD_SIZE);
          ok = FALSE;
        }
    }

  if (ok)
    {
      g_object_freeze_notify (G_OBJECT (self));
      for (guint i = 1; i < N_PROPS; i++)
        {
          g_auto(GValue) value = G_VALUE_INIT;

          if (!present[i])
            continue;
          g_value_init (&value, G_PARAM_SPEC_VALUE_TYPE (properties[i]));
          switch (fields[i].type)
            {
            case FIELD_UINT:
              g_value_set_uint (&value, values[i].u);
              break;
            case FIELD_DOUBLE:
              g_value_set_double (&value, values[i].d);
              break;
            case FIELD_BOOL:
              g_value_set_boolean (&value, values[i].b);
              break;
            case FIELD_STRING:
              g_value_set_string (&value, values[i].s);
              break;
            default:
              g_assert_not_reached ();
            }
          g_object_set_property (G_OBJECT (self), fields[i].name, &value);
        }
      g_object_thaw_notify (G_OBJECT (self));
    }

  for (guint i = 1; i < N_PROPS; i++)
    {
      if (fields[i].type == FIELD_STRING)
        g_free (values[i].s);
    }
  return ok;
}

static guint
find_field (const char *property,
            FieldType   type)
{
  for (guint i = 1; i < N_PROPS; i++)
    {
      if (g_str_equal (fields[i].name, property))
        {
          g_return_val_if_fail (fields[i].type == type, 0);
          return i;
        }
    }
  g_return_val_if_reached (0);
}

guint
planner_job_get_uint (PlannerJob *self,
                      const char *property)
{
  guint i;

  g_return_val_if_fail (PLANNER_IS_JOB (self), 0);

  i = find_field (property, FIELD_UINT);
  return i ? self->values[i].u : 0;
}

gboolean
planner_job_get_bool (PlannerJob *self,
                      const char *property)
{
  guint i;

  g_return_val_if_fail (PLANNER_IS_JOB (self), FALSE);

  i = find_field (property, FIELD_BOOL);
  return i ? self->values[i].b : FALSE;
}

double
planner_job_get_double (PlannerJob *self,
                        const char *property)
{
  guint i;

  g_return_val_if_fail (PLANNER_IS_JOB (self), 0);

  i = find_field (property, FIELD_DOUBLE);
  return i ? self->values[i].d : 0;
}

const char *
planner_job_get_string (PlannerJob *self,
                        const char *property)
{
  guint i;

  g_return_val_if_fail (PLANNER_IS_JOB (self), NULL);

  i = find_field (property, FIELD_STRING);
  return i ? self->values[i].s : "";
}

const char *
planner_job_get_model_id (PlannerJob *self)
{
  g_return_val_if_fail (PLANNER_IS_JOB (self), NULL);
  return self->values[PROP_MODEL_ID].s;
}

const char *
planner_job_get_gpu_id (PlannerJob *self)
{
  g_return_val_if_fail (PLANNER_IS_JOB (self), NULL);
  return self->values[PROP_GPU_ID].s;
}

guint
planner_job_get_world_size (PlannerJob *self)
{
  g_return_val_if_fail (PLANNER_IS_JOB (self), 0);
  /* Both factors are bounded by the property ranges: no overflow. */
  return self->values[PROP_NODES].u * self->values[PROP_GPUS_PER_NODE].u;
}
