/* test-job.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-catalog.h"
#include "planner-import.h"
#include "planner-job.h"
#include "planner-job-args.h"
#include "planner-shell.h"

static void
test_job_example (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();

  g_assert_cmpstr (planner_job_get_model_id (job), ==, "llama3-70b");
  g_assert_cmpstr (planner_job_get_gpu_id (job), ==, "h100-sxm");
  g_assert_cmpuint (planner_job_get_world_size (job), ==, 64);
  g_assert_cmpuint (planner_job_get_uint (job, "tp"), ==, 4);
  g_assert_cmpuint (planner_job_get_uint (job, "pp"), ==, 4);
  g_assert_cmpuint (planner_job_get_uint (job, "cp"), ==, 1);
  g_assert_cmpuint (planner_job_get_uint (job, "etp"), ==, 0);
  g_assert_cmpuint (planner_job_get_uint (job, "seq-length"), ==, 4096);
  /* No path is ever suggested: every path starts empty. */
  g_assert_cmpstr (planner_job_get_string (job, "data-path"), ==, "");
  g_assert_cmpstr (planner_job_get_string (job, "tokenizer-model"), ==, "");
  g_assert_cmpstr (planner_job_get_string (job, "save-dir"), ==, "");
}

static void
test_job_round_trip (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerJob) loaded = planner_job_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *again = NULL;

  g_object_set (job,
                "data-path", "/data/my corpus/text_document",
                "tokenizer-model", "/models/tok ‘ü’ $HOME `x`",
                "params-b", 12.5,
                "use-tp-pp-dp-mapping", TRUE,
                "ep", 2,
                NULL);
  data = planner_job_to_data (job, NULL);
  g_assert_true (strstr (data, "\"format\" : \"launch-planner-job\"") != NULL);
  g_assert_true (strstr (data, "\"version\" : 1") != NULL);

  g_assert_true (planner_job_load_from_data (loaded, data, -1, &error));
  g_assert_no_error (error);
  g_assert_true (planner_job_equal (job, loaded));
  g_assert_cmpfloat (planner_job_get_double (loaded, "params-b"), ==, 12.5);

  again = planner_job_to_data (loaded, NULL);
  g_assert_cmpstr (data, ==, again);
}

static void
test_job_copy_equal (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerJob) copy = planner_job_copy (job);

  g_assert_true (planner_job_equal (job, copy));
  g_object_set (copy, "cp", 2, NULL);
  g_assert_false (planner_job_equal (job, copy));
  g_assert_cmpuint (planner_job_get_uint (job, "cp"), ==, 1);
}

static void
count_changed (PlannerJob *job,
               guint      *count)
{
  (*count)++;
}

static void
test_job_changed_signal (void)
{
  g_autoptr(PlannerJob) job = planner_job_new ();
  guint count = 0;

  g_signal_connect (job, "changed", G_CALLBACK (count_changed), &count);
  g_object_set (job, "tp", 2, NULL);
  g_assert_cmpuint (count, ==, 1);
  /* Setting the same value is not a change. */
  g_object_set (job, "tp", 2, NULL);
  g_assert_cmpuint (count, ==, 1);
  g_object_set (job, "data-path", "/d", NULL);
  g_assert_cmpuint (count, ==, 2);
}

typedef struct
{
  const char *json;
  GQuark      domain_is_job;   /* 0: any domain */
  int         code;
  const char *message_part;
} BadJob;

static void
test_job_bad_input (void)
{
  static const BadJob cases[] = {
    { "", 1, PLANNER_JOB_ERROR_PARSE, "Not a job file" },
    { "not json", 0, 0, "Not a job file" },
    { "[1, 2]", 1, PLANNER_JOB_ERROR_PARSE, "top level must be a JSON object" },
    { "{\"format\": \"other\"}", 1, PLANNER_JOB_ERROR_PARSE, "\"format\" must be" },
    { "{\"format\": \"launch-planner-job\", \"version\": 99}", 1, PLANNER_JOB_ERROR_VERSION, "version 99" },
    { "{\"format\": \"launch-planner-job\", \"version\": 1, \"parallelism\": {\"tp\": \"four\"}}",
      1, PLANNER_JOB_ERROR_FIELD, "parallelism.tp must be a whole number" },
    { "{\"format\": \"launch-planner-job\", \"version\": 1, \"parallelism\": {\"tp\": 0}}",
      1, PLANNER_JOB_ERROR_FIELD, "parallelism.tp is 0; it must be between 1 and 1024" },
    { "{\"format\": \"launch-planner-job\", \"version\": 1, \"parallelism\": {\"pp\": -3}}",
      1, PLANNER_JOB_ERROR_FIELD, "parallelism.pp is -3" },
    { "{\"format\": \"launch-planner-job\", \"version\": 1, \"cluster\": {\"nodes\": 1099511627776}}",
      1, PLANNER_JOB_ERROR_FIELD, "cluster.nodes is 1099511627776" },
    { "{\"format\": \"launch-planner-job\", \"version\": 1, \"model\": {\"params_b\": \"big\"}}",
      1, PLANNER_JOB_ERROR_FIELD, "model.params_b must be a number" },
    { "{\"format\": \"launch-planner-job\", \"version\": 1, \"data\": {\"data_path\": 3}}",
      1, PLANNER_JOB_ERROR_FIELD, "data.data_path must be a string" },
    { "{\"format\": \"launch-planner-job\", \"version\": 1, \"training\": []}",
      1, PLANNER_JOB_ERROR_FIELD, "\"training\" must be an object" },
    /* Issue 14 #9: not JSON, or JSON json-glib would misread. */
#define JOB(section, body) "{\"format\": \"launch-planner-job\", \"version\": 1, \"" section "\": {" body "}}"
    { JOB ("parallelism", "\"tp\": -18446744073709551608"), 1, PLANNER_JOB_ERROR_FIELD,
      "parallelism.tp: -18446744073709551608 is too large" },
    { JOB ("parallelism", "\"tp\": 18446744073709551624"), 1, PLANNER_JOB_ERROR_FIELD, "parallelism.tp:" },
    { JOB ("parallelism", "\"tp\": 010"), 1, PLANNER_JOB_ERROR_PARSE, "parallelism.tp: “010”" },
    { JOB ("parallelism", "\"tp\": 0x10"), 1, PLANNER_JOB_ERROR_PARSE, "parallelism.tp: “0x10”" },
    { JOB ("parallelism", "\"tp\": +8"), 1, PLANNER_JOB_ERROR_PARSE, "parallelism.tp: “+8”" },
    { JOB ("training", "\"lr\": .5"), 1, PLANNER_JOB_ERROR_PARSE, "training.lr: “.5”" },
    { JOB ("training", "\"lr\": 5."), 1, PLANNER_JOB_ERROR_PARSE, "training.lr: “5.”" },
    { JOB ("training", "\"lr\": 1e400"), 1, PLANNER_JOB_ERROR_FIELD, "training.lr: 1e400 is too large" },
    { JOB ("training", "\"lr\": NaN"), 1, PLANNER_JOB_ERROR_PARSE, "training.lr: “NaN”" },
    { JOB ("data", "\"data_path\": \"/data\\u0000/../etc\""), 1, PLANNER_JOB_ERROR_FIELD,
      "data.data_path: the text holds \\u0000" },
    { JOB ("data", "\"data_path\": \"/data\\q\""), 1, PLANNER_JOB_ERROR_PARSE, "data.data_path: “\\”" },
    { JOB ("data", "\"data_path\": \"/data\\x41\""), 1, PLANNER_JOB_ERROR_PARSE, "data.data_path:" },
    { JOB ("data", "\"data_path\": \"/da\tta\""), 1, PLANNER_JOB_ERROR_PARSE, "data.data_path: a string holds a raw control" },
    /* Issue 14 #13: a lone surrogate would be written back as invalid UTF-8. */
    { JOB ("data", "\"data_path\": \"/data/\\ud83d\""), 1, PLANNER_JOB_ERROR_FIELD,
      "data.data_path: the text holds a lone UTF-16 surrogate (\\ud83d)" },
    { JOB ("data", "\"data_path\": \"/data/\\udc00x\""), 1, PLANNER_JOB_ERROR_FIELD, "lone UTF-16 surrogate" },
    { JOB ("data", "\"data_path\": \"/data/\\ud83d\\u0041\""), 1, PLANNER_JOB_ERROR_FIELD, "lone UTF-16 surrogate" },
    { JOB ("parallelism", "\"tp\": 2, \"tp\": 8"), 1, PLANNER_JOB_ERROR_FIELD, "parallelism.tp: given twice" },
    { JOB ("parallelism", "\"tp\": 2") " " JOB ("parallelism", "\"tp\": 8"), 1, PLANNER_JOB_ERROR_PARSE,
      "more text follows the end of the JSON document" },
    { JOB ("parallelism", "\"tp\": 2,"), 1, PLANNER_JOB_ERROR_PARSE, "parallelism" },
    { "{\"format\": \"launch-planner-job\", \"version\": 1.9}", 1, PLANNER_JOB_ERROR_VERSION,
      "\"version\" must be a whole number" },
    { "{\"format\": \"launch-planner-job\", \"version\": true}", 1, PLANNER_JOB_ERROR_VERSION,
      "\"version\" must be a whole number" },
    { "{\"format\": \"launch-planner-job\"}", 1, PLANNER_JOB_ERROR_VERSION, "\"version\" must be" },
    { "{\"format\": 7, \"version\": 1}", 1, PLANNER_JOB_ERROR_PARSE, "\"format\" must be" },
    { "\"launch-planner-job\"", 1, PLANNER_JOB_ERROR_PARSE, "top level must be a JSON object" },
    { "{\"format\": \"launch-planner-job\", \"version\": 1}\n\x01", 1, PLANNER_JOB_ERROR_PARSE, "line 2" },
    { "{\"format\": \"launch-planner-job\", \"vers\xffion\": 1}", 1, PLANNER_JOB_ERROR_PARSE, "not UTF-8" },
    /* Issue 14 #11: fixed choices are refused at load, naming the choices. */
    { JOB ("training", "\"lr_decay_style\": \"cosin\""), 1, PLANNER_JOB_ERROR_FIELD,
      "training.lr_decay_style is “cosin”, which is not one of the choices: constant, linear, cosine" },
    { JOB ("data", "\"tokenizer_type\": \"HFTokenizer\""), 1, PLANNER_JOB_ERROR_FIELD,
      "data.tokenizer_type is “HFTokenizer”, which is not one of the choices: BertWordPieceLowerCase" },
    { JOB ("training", "\"attention_backend\": \"flash2\""), 1, PLANNER_JOB_ERROR_FIELD,
      "training.attention_backend is “flash2”, which is not one of the choices: flash, fused, unfused, local, auto" },
    { JOB ("training", "\"precision\": \"bf32\""), 1, PLANNER_JOB_ERROR_FIELD, "training.precision is “bf32”" },
    { JOB ("moe", "\"moe_token_dispatcher_type\": \"all2all\""), 1, PLANNER_JOB_ERROR_FIELD,
      "moe.moe_token_dispatcher_type is “all2all”" },
#undef JOB
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PlannerJob) job = planner_job_new_example ();
      g_autoptr(PlannerJob) before = planner_job_copy (job);
      g_autoptr(GError) error = NULL;

      g_assert_false (planner_job_load_from_data (job, cases[i].json, -1, &error));
      g_assert_nonnull (error);
      if (cases[i].domain_is_job)
        g_assert_error (error, PLANNER_JOB_ERROR, cases[i].code);
      if (strstr (error->message, cases[i].message_part) == NULL)
        g_error ("case %u: “%s” does not contain “%s”", i, error->message, cases[i].message_part);
      /* A bad file loses nothing: the job is exactly as before. */
      g_assert_true (planner_job_equal (job, before));
    }
}

/* Issue 14 #2: 100,000 "[" overflowed json-glib's recursive parser. */
static void
test_job_deep_nesting (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerJob) before = planner_job_copy (job);
  g_autoptr(GError) error = NULL;
  g_autofree char *deep = g_strnfill (100000, '[');
  g_autofree char *object = NULL;
  GString *nested = g_string_new ("{\"format\": \"launch-planner-job\", \"version\": 1, \"x\": ");

  g_assert_false (planner_job_load_from_data (job, deep, -1, &error));
  g_assert_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "nested deeper than"));
  g_assert_true (planner_job_equal (job, before));
  g_clear_error (&error);

  /* Unknown keys are ignored, but not at any depth. */
  for (guint i = 0; i < 50; i++)
    g_string_append (nested, "{\"a\": ");
  g_string_append (nested, "1");
  for (guint i = 0; i < 50; i++)
    g_string_append_c (nested, '}');
  g_string_append_c (nested, '}');
  object = g_string_free (nested, FALSE);
  g_assert_false (planner_job_load_from_data (job, object, -1, &error));
  g_assert_nonnull (strstr (error->message, "x.a.a.a"));
}

/* What strict JSON still allows is read exactly. */
static void
test_job_strict_json_accepts (void)
{
  g_autoptr(PlannerJob) job = planner_job_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  g_autoptr(PlannerJob) again = planner_job_new ();

  g_assert_true (planner_job_load_from_data (job,
                                             "\xEF\xBB\xBF{\"format\": \"launch-planner-job\", \"version\": 1,\r\n"
                                             " \"parallelism\": {\"tp\": 8},"
                                             " \"training\": {\"lr\": 2.5E-4, \"min_lr\": 0, \"lr_decay_style\": \"WSD\"},"
                                             " \"data\": {\"data_path\": \"/d\\u00e9/\\ud83d\\ude00\\/x\\\"q\"},"
                                             " \"unknown\": [null, true, {\"k\": -0.0e+1}]}",
                                             -1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (planner_job_get_uint (job, "tp"), ==, 8);
  g_assert_cmpfloat (planner_job_get_double (job, "lr"), ==, 2.5e-4);
  g_assert_cmpstr (planner_job_get_string (job, "data-path"), ==, "/dé/😀/x\"q");

  /* And written back as valid UTF-8 that loads to the same job. */
  saved = planner_job_to_data (job, NULL);
  g_assert_true (g_utf8_validate (saved, -1, NULL));
  g_assert_true (planner_job_load_from_data (again, saved, -1, &error));
  g_assert_no_error (error);
  g_assert_true (planner_job_equal (job, again));
}

static void
test_job_choices (void)
{
  g_auto(GStrv) styles = planner_job_dup_choices ("lr-decay-style");
  g_auto(GStrv) tokenizers = planner_job_dup_choices ("tokenizer-type");

  g_autoptr(GError) error = NULL;

  g_assert_nonnull (styles);
  g_assert_true (g_strv_contains ((const char *const *) styles, "cosine"));
  g_assert_false (g_strv_contains ((const char *const *) styles, ""));
  /* "" (the model's tokenizer) first. */
  g_assert_cmpstr (tokenizers[0], ==, "");
  g_assert_true (g_strv_contains ((const char *const *) tokenizers, "HuggingFaceTokenizer"));

  g_assert_null (planner_job_dup_choices ("data-path"));

  g_assert_true (planner_job_check_choice ("attention-backend", "flash", NULL));
  g_assert_false (planner_job_check_choice ("attention-backend", "flash2", &error));
  g_assert_nonnull (strstr (error->message, "training.attention_backend"));
}

static void
test_job_partial_file_keeps_other_fields (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(GError) error = NULL;

  g_assert_true (planner_job_load_from_data (job,
                                             "{\"format\": \"launch-planner-job\", \"version\": 1,"
                                             " \"parallelism\": {\"tp\": 8}}",
                                             -1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (planner_job_get_uint (job, "tp"), ==, 8);
  g_assert_cmpuint (planner_job_get_uint (job, "pp"), ==, 4);
  g_assert_cmpstr (planner_job_get_model_id (job), ==, "llama3-70b");
}

/* Job → Megatron arguments (with the catalog model's dimensions) → a new
 * job: the same job. */
static PlannerArgs *
full_args (PlannerJob *job)
{
  PlannerArgs *args = planner_job_to_args (job);
  const PlannerModel *model = planner_model_lookup (planner_job_get_model_id (job));
  g_autoptr(PlannerArgs) dims = planner_args_new ();

  g_assert_nonnull (model);
  planner_model_apply_to_args (model, dims);
  /* The job's own values (seq length, tokenizer) win over the model's. */
  planner_args_merge_missing (args, dims);
  return args;
}

static void
test_job_args_round_trip_catalog (void)
{
  const PlannerModel *const *models = planner_model_list (NULL);
  guint n = 0;

  for (guint m = 0; models[m] != NULL; m++)
    {
      g_autoptr(PlannerJob) job = planner_job_new ();
      g_autoptr(PlannerJob) back = planner_job_new ();
      g_autoptr(PlannerArgs) args = NULL;
      g_autoptr(GError) error = NULL;

      g_object_set (job,
                    "model-id", models[m]->id,
                    "tp", 2, "pp", 2, "vpp", 2,
                    "precision", m % 2 ? "fp8" : "bf16",
                    "recompute", m % 3 == 0 ? "full" : m % 3 == 1 ? "selective" : "none",
                    "data-path", "/data/c orpus",
                    "tokenizer-model", "/tok/it's",
                    "save-dir", "/ckpt",
                    "train-iters", 1000,
                    "lr", 1.5e-4,
                    "lr-warmup-iters", 100,
                    "init-method-std", 0.008,
                    NULL);
      if (planner_model_is_moe (models[m]))
        g_object_set (job, "ep", 4, "moe-aux-loss-coeff", 1e-3, "moe-token-dispatcher-type", "flex", NULL);
      args = full_args (job);

      g_assert_true (planner_job_update_from_args (back, args, &error));
      g_assert_no_error (error);
      if (!planner_job_equal (job, back))
        {
          g_autofree char *a = planner_job_to_data (job, NULL);
          g_autofree char *b = planner_job_to_data (back, NULL);

          g_error ("%s does not round-trip:\n%s\n---\n%s", models[m]->id, a, b);
        }
      g_assert_cmpstr (planner_job_get_string (back, "extra-args"), ==, "");
      n++;
    }
  g_assert_cmpuint (n, >=, 14);
}

static void
test_job_args_from_command_line (void)
{
  /* A hand-written command line: imported, then into a job.  What the job
   * has no field for is kept, quoted, in extra-args. */
  g_autoptr(PlannerJob) job = planner_job_new ();
  g_autoptr(PlannerImport) import = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = {
    "--num-layers", "32", "--hidden-size", "4096", "--num-attention-heads", "32",
    "--tensor-model-parallel-size", "4", "--sequence-parallel", "--fp16",
    "--recompute-granularity", "full", "--recompute-method", "block", "--recompute-num-layers", "2",
    "--data-path", "0.3", "/a", "0.7", "/b c", "--lr", "2.5e-4", "--seed", "7", NULL
  };

  import = planner_import_argv (argv, &error);
  g_assert_no_error (error);
  g_assert_true (planner_job_update_from_args (job, import->args, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (planner_job_get_model_id (job), ==, "");
  g_assert_cmpuint (planner_job_get_uint (job, "tp"), ==, 4);
  g_assert_true (planner_job_get_bool (job, "sequence-parallel"));
  g_assert_cmpstr (planner_job_get_string (job, "precision"), ==, "fp16");
  g_assert_cmpstr (planner_job_get_string (job, "recompute"), ==, "none");
  g_assert_cmpstr (planner_job_get_string (job, "data-path"), ==, "");
  g_assert_cmpfloat (planner_job_get_double (job, "lr"), ==, 2.5e-4);
  g_assert_false (planner_job_get_bool (job, "distributed-optimizer"));
  g_assert_cmpstr (planner_job_get_string (job, "extra-args"), ==,
                   "--num-layers 32 --hidden-size 4096 --num-attention-heads 32 "
                   "--recompute-granularity full --recompute-method block --recompute-num-layers 2 "
                   "--data-path 0.3 /a 0.7 '/b c' --seed 7");

  /* The extra arguments parse back to the same entries. */
  {
    g_autoptr(PlannerArgs) extra = planner_job_parse_extra_args (job, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (planner_args_get_n_entries (extra), ==, 8);
    g_assert_cmpstr (planner_args_get_list (extra, "data_path")[3], ==, "/b c");
  }
}

static void
test_job_args_bad_values (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerJob) before = planner_job_copy (job);
  g_autoptr(PlannerArgs) args = planner_args_new ();
  g_autoptr(GError) error = NULL;

  planner_args_set (args, "tensor_model_parallel_size", "--tensor-model-parallel-size", "0");
  g_assert_false (planner_job_update_from_args (job, args, &error));
  g_assert_error (error, PLANNER_JOB_ERROR, PLANNER_JOB_ERROR_FIELD);
  g_assert_nonnull (strstr (error->message, "--tensor-model-parallel-size"));
  /* Nothing changed. */
  g_assert_true (planner_job_equal (job, before));
  g_clear_error (&error);

  planner_args_set (args, "tensor_model_parallel_size", "--tensor-model-parallel-size", "2");
  planner_args_set (args, "lr", "--lr", "nan");
  g_assert_false (planner_job_update_from_args (job, args, &error));
  g_assert_nonnull (strstr (error->message, "--lr"));
  g_assert_true (planner_job_equal (job, before));
}

static void
test_job_extra_args_refused (void)
{
  static const char *bad[] = {
    "--no-such-flag 3", "--use-flash-attn-typo", "torchrun --nnodes 2 pretrain_gpt.py",
    "--seed $(rm -rf /)", "A=1 --seed 2", "--seed 1\n--lr 2", "seed 1",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(PlannerJob) job = planner_job_new ();
      g_autoptr(PlannerArgs) extra = NULL;
      g_autoptr(GError) error = NULL;

      g_object_set (job, "extra-args", bad[i], NULL);
      extra = planner_job_parse_extra_args (job, &error);
      if (extra != NULL)
        g_error ("extra args “%s” accepted", bad[i]);
      g_assert_nonnull (strstr (error->message, "advanced.extra_args"));
    }
}

static void
test_job_format_double (void)
{
  g_autofree char *a = planner_format_double (3e-4);
  g_autofree char *b = planner_format_double (0.1);
  g_autofree char *c = planner_format_double (1.0 / 3.0);

  g_assert_cmpstr (a, ==, "0.0003");
  g_assert_cmpstr (b, ==, "0.1");
  g_assert_cmpfloat (g_ascii_strtod (c, NULL), ==, 1.0 / 3.0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/job/example", test_job_example);
  g_test_add_func ("/planner/job/round-trip", test_job_round_trip);
  g_test_add_func ("/planner/job/copy-equal", test_job_copy_equal);
  g_test_add_func ("/planner/job/changed-signal", test_job_changed_signal);
  g_test_add_func ("/planner/job/bad-input", test_job_bad_input);
  g_test_add_func ("/planner/job/partial-file", test_job_partial_file_keeps_other_fields);
  g_test_add_func ("/planner/job/deep-nesting", test_job_deep_nesting);
  g_test_add_func ("/planner/job/strict-json-accepts", test_job_strict_json_accepts);
  g_test_add_func ("/planner/job/choices", test_job_choices);
  g_test_add_func ("/planner/job/args-round-trip-catalog", test_job_args_round_trip_catalog);
  g_test_add_func ("/planner/job/args-from-command-line", test_job_args_from_command_line);
  g_test_add_func ("/planner/job/args-bad-values", test_job_args_bad_values);
  g_test_add_func ("/planner/job/extra-args-refused", test_job_extra_args_refused);
  g_test_add_func ("/planner/job/format-double", test_job_format_double);

  return g_test_run ();
}
