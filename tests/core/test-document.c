/* test-document.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "planner-document.h"

static PlannerJob *
complete_job (void)
{
  PlannerJob *job = planner_job_new_example ();

  g_object_set (job, "train-iters", 1000, "data-path", "/data/corpus_text", "tokenizer-model", "/models/tok",
                NULL);
  return job;
}

static void
test_document_modified (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerDocument) document = planner_document_new (job);
  g_autofree char *title = planner_document_dup_title (document);

  g_assert_null (planner_document_get_file (document));
  g_assert_cmpstr (title, ==, "Untitled Job");
  g_assert_false (planner_document_get_modified (document));

  g_object_set (job, "tp", 8, NULL);
  g_assert_true (planner_document_get_modified (document));
  /* Back to the saved value: nothing to save. */
  g_object_set (job, "tp", 4, NULL);
  g_assert_false (planner_document_get_modified (document));
}

static void
count (guint *n)
{
  (*n)++;
}

static void
test_document_approval_withdrawn (void)
{
  g_autoptr(PlannerJob) job = complete_job ();
  g_autoptr(PlannerDocument) document = planner_document_new (job);
  g_autoptr(GDateTime) when = g_date_time_new_utc (2026, 12, 1, 9, 0, 0);
  g_autoptr(GError) error = NULL;
  g_autofree char *draft = planner_script_render (job, PLANNER_SCRIPT_TORCHRUN, &error);
  guint withdrawn = 0;

  g_assert_no_error (error);
  g_signal_connect_swapped (document, "approval-withdrawn", G_CALLBACK (count), &withdrawn);

  /* Only the draft of the job as it is now. */
  g_assert_false (planner_document_approve (document, "#!/bin/bash\necho hi\n", when, "me", &error));
  g_assert_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_NOT_A_DRAFT);
  g_clear_error (&error);

  g_assert_true (planner_document_approve (document, draft, when, "me", &error));
  g_assert_no_error (error);
  g_assert_true (planner_document_get_approved (document));
  g_assert_true (planner_script_is_approved (planner_document_get_approved_text (document)));

  g_object_set (job, "micro-batch-size", 2, NULL);
  g_assert_false (planner_document_get_approved (document));
  g_assert_null (planner_document_get_approved_text (document));
  g_assert_cmpuint (withdrawn, ==, 1);

  /* Another launcher is another draft, with its own approval: viewing
   * it keeps torchrun's, which is there again on coming back. */
  g_clear_pointer (&draft, g_free);
  draft = planner_script_render (job, PLANNER_SCRIPT_TORCHRUN, NULL);
  g_assert_true (planner_document_approve (document, draft, when, "me", NULL));
  planner_document_set_launcher (document, PLANNER_SCRIPT_SLURM);
  g_assert_false (planner_document_get_approved (document));
  g_assert_null (planner_document_get_approved_text (document));
  planner_document_set_launcher (document, PLANNER_SCRIPT_TORCHRUN);
  g_assert_true (planner_document_get_approved (document));
  g_assert_cmpuint (withdrawn, ==, 1);

  /* Only a change of the job withdraws it, and says so once. */
  planner_document_set_launcher (document, PLANNER_SCRIPT_SLURM);
  g_object_set (job, "micro-batch-size", 1, NULL);
  planner_document_set_launcher (document, PLANNER_SCRIPT_TORCHRUN);
  g_assert_false (planner_document_get_approved (document));
  g_assert_cmpuint (withdrawn, ==, 2);
}

/* The document owns the newest report: one "report-changed" per turn of
 * the main loop however many fields change, and text typed that is no
 * value blocks approval. */
static void
test_document_report (void)
{
  g_autoptr(PlannerJob) job = complete_job ();
  g_autoptr(PlannerDocument) document = planner_document_new (job);
  g_autoptr(GError) error = NULL;
  g_autofree char *draft = NULL;
  g_auto(GStrv) invalid = NULL;
  PlannerReport *first;
  guint changed = 0;

  g_signal_connect_swapped (document, "report-changed", G_CALLBACK (count), &changed);
  first = planner_document_get_report (document);
  g_assert_nonnull (first);
  g_assert_cmpuint (changed, ==, 1);
  g_object_set (job, "micro-batch-size", 2, NULL);
  g_object_set (job, "tp", 2, NULL);
  g_assert_true (planner_document_get_pending (document));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_false (planner_document_get_pending (document));
  g_assert_cmpuint (changed, ==, 2);

  planner_document_set_entry_invalid (document, "nodes", "Nodes takes a whole number from 1 to 16384");
  invalid = planner_document_list_invalid_entries (document);
  g_assert_cmpstrv (invalid, ((const char *[]) { "nodes", NULL }));
  draft = planner_script_render (job, PLANNER_SCRIPT_TORCHRUN, NULL);
  g_assert_false (planner_document_approve (document, draft, NULL, "me", &error));
  g_assert_error (error, PLANNER_SCRIPT_ERROR, PLANNER_SCRIPT_ERROR_NOT_A_DRAFT);
  g_clear_error (&error);
  planner_document_set_entry_invalid (document, "nodes", NULL);
  g_assert_true (planner_document_approve (document, draft, NULL, "me", &error));
  g_assert_no_error (error);
}

/* The memory check's stages belong to its draft: the document renders
 * and approves that draft, and other stages withdraw the approval. */
static void
test_document_memory_check_stages (void)
{
  g_autoptr(PlannerJob) job = complete_job ();
  g_autoptr(PlannerDocument) document = planner_document_new (job);
  g_autoptr(GDateTime) when = g_date_time_new_utc (2026, 12, 1, 9, 0, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) marks = NULL;
  g_autofree char *draft = NULL;
  g_autofree char *stages_text = NULL;
  g_autofree char *default_draft = NULL;
  const guint32 stages[] = { 0 };
  guint withdrawn = 0, n = 99;

  g_signal_connect_swapped (document, "approval-withdrawn", G_CALLBACK (count), &withdrawn);
  planner_document_set_launcher (document, PLANNER_SCRIPT_MEMORY_CHECK);
  default_draft = planner_document_render_draft (document, &marks, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (marks->len, ==, 0);
  planner_document_get_memory_check_stages (document, &n);
  g_assert_cmpuint (n, ==, 0);

  planner_document_set_memory_check_stages (document, stages, 1);
  g_object_get (document, "memory-check-stages", &stages_text, NULL);
  g_assert_cmpstr (stages_text, ==, "0");
  draft = planner_document_render_draft (document, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (draft, !=, default_draft);
  /* The default draft is not the draft of these stages. */
  g_assert_false (planner_document_approve (document, default_draft, when, "me", NULL));
  g_assert_true (planner_document_approve (document, draft, when, "me", &error));
  g_assert_no_error (error);

  planner_document_set_memory_check_stages (document, NULL, 0);
  g_assert_false (planner_document_get_approved (document));
  g_assert_cmpuint (withdrawn, ==, 1);
}

static void
test_document_load_job_all_or_nothing (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerJob) before = NULL;
  g_autoptr(PlannerDocument) document = planner_document_new (job);
  g_autoptr(PlannerJob) template_job = planner_job_new ();
  static const char good_text[] = "{\"format\": \"launch-planner-job\", \"version\": 1, "
                                  "\"cluster\": {\"nodes\": 2}}";
  static const char bad_text[] = "{\"format\": \"launch-planner-job\", \"version\": 1, "
                                 "\"cluster\": {\"nodes\": \"x\"}}";
  g_autoptr(GBytes) good = g_bytes_new_static (good_text, sizeof good_text - 1);
  g_autoptr(GBytes) bad = g_bytes_new_static (bad_text, sizeof bad_text - 1);
  g_autoptr(GFile) file = g_file_new_for_path ("/nonexistent/job.lpjob");
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) notes = NULL;
  PlannerDocumentSource source;

  g_object_set (job, "tp", 8, NULL);
  before = planner_job_copy (job);
  g_assert_false (planner_document_load_bytes (document, bad, file, template_job, &source, &notes, &error));
  g_assert_nonnull (error);
  g_assert_true (planner_job_equal (job, before));
  g_assert_null (planner_document_get_file (document));
  g_clear_error (&error);

  g_assert_true (planner_document_load_bytes (document, good, file, template_job, &source, &notes, &error));
  g_assert_no_error (error);
  g_assert_cmpint (source, ==, PLANNER_DOCUMENT_JOB_FILE);
  g_assert_cmpuint (planner_job_get_uint (job, "nodes"), ==, 2);
  /* Keys the file does not give come from the template (a new job). */
  g_assert_cmpuint (planner_job_get_uint (job, "tp"), ==, 1);
  g_assert_true (g_file_equal (planner_document_get_file (document), file));
  g_assert_false (planner_document_get_modified (document));
}

static void
test_document_import_script (void)
{
  static const char script[] =
    "#!/bin/bash\n"
    "torchrun --nnodes 2 --nproc-per-node 8 pretrain_gpt.py \\\n"
    "  --tensor-model-parallel-size 2 --pipeline-model-parallel-size 2 \\\n"
    "  --num-layers 32 --hidden-size 4096 --num-attention-heads 32 --seq-length 4096 \\\n"
    "  --max-position-embeddings 4096 --micro-batch-size 1 --global-batch-size 256 \\\n"
    "  --train-iters 5000 --bf16 --mock-data --tokenizer-type NullTokenizer --vocab-size 32000\n";
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerDocument) document = planner_document_new (job);
  g_autoptr(PlannerJob) template_job = planner_job_new ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (script, sizeof script - 1);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) notes = NULL;
  PlannerDocumentSource source;

  g_object_set (template_job, "gpu-id", "a100-80gb", NULL);
  g_assert_true (planner_document_load_bytes (document, bytes, NULL, template_job, &source, &notes, &error));
  g_assert_no_error (error);
  g_assert_cmpint (source, ==, PLANNER_DOCUMENT_LAUNCH_SCRIPT);
  g_assert_cmpuint (planner_job_get_uint (job, "nodes"), ==, 2);
  g_assert_cmpuint (planner_job_get_uint (job, "gpus-per-node"), ==, 8);
  g_assert_cmpuint (planner_job_get_uint (job, "tp"), ==, 2);
  g_assert_cmpuint (planner_job_get_uint (job, "train-iters"), ==, 5000);
  /* The GPU type is not in a script: the template's, and the notes say so. */
  g_assert_cmpstr (planner_job_get_gpu_id (job), ==, "a100-80gb");
  g_assert_nonnull (notes);
  g_assert_nonnull (notes[0]);
  /* Nothing on disk holds it: untitled and unsaved, even after an edit and its undo. */
  g_assert_null (planner_document_get_file (document));
  g_assert_true (planner_document_get_modified (document));
  g_object_set (job, "tp", 4, NULL);
  g_object_set (job, "tp", 2, NULL);
  g_assert_true (planner_document_get_modified (document));
}

static void
save_done (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  GError **error = user_data;

  planner_document_save_finish (PLANNER_DOCUMENT (object), result, error);
  g_main_context_wakeup (NULL);
  *(gboolean *) g_object_get_data (object, "done") = TRUE;
}

static void
test_document_save_reload (void)
{
  g_autoptr(PlannerJob) job = complete_job ();
  g_autoptr(PlannerDocument) document = planner_document_new (job);
  g_autofree char *dir = g_dir_make_tmp ("planner-document-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "job.lpjob", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PlannerJob) reloaded = planner_job_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gboolean done = FALSE;

  /* Without a file, saving asks for one. */
  g_object_set_data (G_OBJECT (document), "done", &done);
  planner_document_save_async (document, NULL, NULL, save_done, &error);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME);
  g_clear_error (&error);

  g_object_set (job, "tp", 8, NULL);
  g_assert_true (planner_document_get_modified (document));
  done = FALSE;
  planner_document_save_async (document, file, NULL, save_done, &error);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (error);
  g_assert_false (planner_document_get_modified (document));
  g_assert_true (g_file_equal (planner_document_get_file (document), file));

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (planner_job_load_from_data (reloaded, contents, -1, &error));
  g_assert_no_error (error);
  g_assert_true (planner_job_equal (reloaded, job));

  g_unlink (path);
  g_rmdir (dir);
}

static void
test_document_restore (void)
{
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerDocument) document = planner_document_new (job);
  g_autoptr(GFile) file = g_file_new_for_path ("/home/someone/jobs/70b.lpjob");

  /* Restored with changes the file does not hold: modified until saved. */
  planner_document_restore (document, file, TRUE);
  g_assert_true (planner_document_get_modified (document));
  g_object_set (job, "tp", 8, NULL);
  g_object_set (job, "tp", 4, NULL);
  g_assert_true (planner_document_get_modified (document));

  planner_document_restore (document, file, FALSE);
  g_assert_false (planner_document_get_modified (document));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/document/modified", test_document_modified);
  g_test_add_func ("/planner/document/approval-withdrawn", test_document_approval_withdrawn);
  g_test_add_func ("/planner/document/report", test_document_report);
  g_test_add_func ("/planner/document/memory-check-stages", test_document_memory_check_stages);
  g_test_add_func ("/planner/document/load-all-or-nothing", test_document_load_job_all_or_nothing);
  g_test_add_func ("/planner/document/import-script", test_document_import_script);
  g_test_add_func ("/planner/document/save-reload", test_document_save_reload);
  g_test_add_func ("/planner/document/restore", test_document_restore);

  return g_test_run ();
}
