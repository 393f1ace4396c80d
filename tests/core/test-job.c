/* test-job.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-job.h"

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

  return g_test_run ();
}
