/* test-document.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include <string.h>

#include "planner-analyze.h"
#include "planner-document.h"
#include "planner-log.h"

#include <sys/stat.h>
#include <unistd.h>
#include "planner-job-args.h"

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

/* Issue 23 item 10: a script written the way NVIDIA's examples are
 * (variables, arrays, an if on the precision, an if MOCK … else … data
 * block, a schedule in samples, its own master port) becomes a job with
 * one data source, the samples and the port. */
static void
test_document_import_realistic (void)
{
  static const char script[] =
    "#!/bin/bash\n"
    "TOKENIZER_ARG=${1:-\"MOCK\"}\n"
    "DATA_ARG=${2:-\"MOCK\"}\n"
    "MASTER_ADDR=${MASTER_ADDR:-localhost}\n"
    "MASTER_PORT=6000\n"
    "DTYPE=\"fp8\"\n"
    "LAUNCH=(--nproc_per_node 8 --nnodes 1 --master_addr $MASTER_ADDR --master_port $MASTER_PORT)\n"
    "MODEL=(--num-layers 32 --hidden-size 4096 --ffn-hidden-size 14336 --num-attention-heads 32\n"
    "       --group-query-attention --num-query-groups 8 --seq-length 8192 --max-position-embeddings 8192\n"
    "       --position-embedding-type rope --swiglu --normalization RMSNorm --untie-embeddings-and-output-weights\n"
    "       --disable-bias-linear)\n"
    "TRAIN=(--micro-batch-size 1 --global-batch-size 128 --train-samples 1953125000\n"
    "       --lr-decay-samples 1949218748 --lr-warmup-samples 3906252 --lr 0.00015 --min-lr 0.00001 --bf16)\n"
    "PRECISION=()\n"
    "if [[ \"$DTYPE\" == \"fp8\" ]]; then\n"
    "  PRECISION+=(--fp8-format hybrid --fp8-param-gather)\n"
    "fi\n"
    "DATA=()\n"
    "if [[ \"$TOKENIZER_ARG\" == \"MOCK\" ]] || [[ \"$DATA_ARG\" == \"MOCK\" ]]; then\n"
    "  DATA+=(--mock-data --tokenizer-type NullTokenizer --vocab-size 128256)\n"
    "else\n"
    "  DATA+=(--data-path $DATA_ARG --tokenizer-type HuggingFaceTokenizer --tokenizer-model $TOKENIZER_ARG)\n"
    "fi\n"
    "torchrun ${LAUNCH[@]} pretrain_gpt.py ${MODEL[@]} ${TRAIN[@]} ${PRECISION[@]} \\\n"
    "  --use-distributed-optimizer ${DATA[@]}\n";
  g_autoptr(PlannerJob) job = planner_job_new_example ();
  g_autoptr(PlannerDocument) document = planner_document_new (job);
  g_autoptr(PlannerJob) template_job = planner_job_new ();
  g_autoptr(GBytes) bytes = g_bytes_new_static (script, sizeof script - 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerReport) report = NULL;
  g_autoptr(PlannerArgs) args = NULL;
  g_auto(GStrv) notes = NULL;
  GPtrArray *diagnostics;

  g_assert_true (planner_document_load_bytes (document, bytes, NULL, template_job, NULL, &notes, &error));
  g_assert_no_error (error);
  g_assert_true (planner_job_get_bool (job, "mock-data"));
  g_assert_cmpstr (planner_job_get_string (job, "data-path"), ==, "");
  g_assert_cmpstr (planner_job_get_string (job, "precision"), ==, "fp8");
  g_assert_true (planner_job_get_bool (job, "fp8-param-gather"));
  g_assert_cmpuint (planner_job_get_uint (job, "rdzv-port"), ==, 6000);
  g_assert_cmpuint (planner_job_get_uint (job, "train-samples"), ==, 1953125000u);
  g_assert_cmpuint (planner_job_get_uint (job, "lr-decay-samples"), ==, 1949218748u);
  g_assert_cmpuint (planner_job_get_uint (job, "lr-warmup-samples"), ==, 3906252u);
  g_assert_cmpuint (planner_job_get_uint (job, "train-iters"), ==, 0);
  /* None of it is left to the extra arguments. */
  g_assert_null (strstr (planner_job_get_string (job, "extra-args"), "samples"));

  /* The job's own arguments say the same, and the analysis has no error
   * about the data or the schedule. */
  args = planner_job_to_args (job);
  g_assert_cmpint (planner_args_get_int (args, "train_samples", 0), ==, 1953125000);
  g_assert_false (planner_args_is_set (args, "train_iters"));
  report = planner_analyze_job (job);
  diagnostics = planner_report_get_diagnostics (report);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (diagnostics, i);

      g_assert_cmpstr (d->code, !=, "data.single-source");
      if (d->severity == PLANNER_SEVERITY_ERROR)
        g_assert_false (g_str_has_prefix (d->code, "training."));
    }

  /* A port the script does not set keeps the job's, and the notes say so. */
  {
    static const char unknown[] =
      "torchrun --nproc_per_node 8 --master_port $PORT pretrain_gpt.py --num-layers 2\n";
    g_autoptr(GBytes) other = g_bytes_new_static (unknown, sizeof unknown - 1);
    g_auto(GStrv) other_notes = NULL;
    gboolean said = FALSE;

    g_assert_true (planner_document_load_bytes (document, other, NULL, template_job, NULL, &other_notes, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (planner_job_get_uint (planner_document_get_job (document), "rdzv-port"), ==, 29500);
    for (guint i = 0; other_notes[i] != NULL; i++)
      said |= strstr (other_notes[i], "29500") != NULL;
    g_assert_true (said);
  }
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
load_done (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  GError **error = user_data;

  g_assert_false (planner_document_load_finish (PLANNER_DOCUMENT (object), result, NULL, NULL, error));
  *(gboolean *) g_object_get_data (object, "done") = TRUE;
  g_main_context_wakeup (NULL);
}

static void
sniff_done (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  gboolean is_log = TRUE;

  g_assert_true (planner_log_sniff_file_finish (G_FILE (object), result, &is_log, NULL));
  g_assert_false (is_log);
  *(gboolean *) user_data = TRUE;
  g_main_context_wakeup (NULL);
}

/* Opening in the window reads as the command line does (red team, round
 * 3 #1): /dev/zero, a link to it and a pipe nobody writes to are refused
 * within seconds, with the command line's words, instead of reading until
 * GLib aborts or waiting for ever. */
static void
test_document_load_bounded (void)
{
  g_autoptr(PlannerJob) job = complete_job ();
  g_autofree char *dir = g_dir_make_tmp ("planner-document-XXXXXX", NULL);
  g_autofree char *link = g_build_filename (dir, "zero.lpjob", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.lpjob", NULL);
  const char *paths[] = { "/dev/zero", link, fifo };
  const char *words[] = { "gives more than 8 MiB", "gives more than 8 MiB", "nothing wrote to it" };

  g_assert_cmpint (symlink ("/dev/zero", link), ==, 0);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(PlannerDocument) document = planner_document_new (job);
      g_autoptr(GFile) file = g_file_new_for_path (paths[i]);
      g_autoptr(GError) error = NULL;
      gint64 start = g_get_monotonic_time ();
      gboolean done = FALSE;

      planner_log_sniff_file_async (file, NULL, sniff_done, &done);
      while (!done)
        g_main_context_iteration (NULL, TRUE);
      done = FALSE;
      g_object_set_data (G_OBJECT (document), "done", &done);
      planner_document_load_async (document, file, job, NULL, load_done, &error);
      while (!done)
        g_main_context_iteration (NULL, TRUE);
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, words[i]));
      g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
    }
  g_unlink (link);
  g_unlink (fifo);
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
  g_test_add_func ("/planner/document/import-realistic", test_document_import_realistic);
  g_test_add_func ("/planner/document/save-reload", test_document_save_reload);
  g_test_add_func ("/planner/document/restore", test_document_restore);
  g_test_add_func ("/planner/document/load-bounded", test_document_load_bounded);

  return g_test_run ();
}
