/* planner-data-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-data-page"

#include "config.h"

#include <glib/gi18n.h>

#include "planner-catalog.h"
#include "planner-choice-row.h"
#include "planner-spin-row.h"
#include "planner-switch-row.h"
#include "planner-text-row.h"
#include "planner-pages.h"

struct _PlannerDataPage
{
  PlannerFormPage  parent_instance;

  GtkWidget       *tokenizer_type_row;
  GtkWidget       *tokenizer_model_row;
  GtkWidget       *vocab_file_row;
  GtkWidget       *merge_file_row;
};

G_DEFINE_FINAL_TYPE (PlannerDataPage, planner_data_page, PLANNER_TYPE_FORM_PAGE)

/* What each tokenizer type is and reads, under its row. */
static const char *
tokenizer_description (const char *type)
{
  /* Short: a combo row gives its title and subtitle the room first, and
   * the choice it shows is cut where they are long. */
  static const struct { const char *type, *text; } descriptions[] = {
    { "BertWordPieceLowerCase", N_("A vocabulary file; text lower-cased") },
    { "BertWordPieceCase", N_("A vocabulary file; case kept") },
    { "GPT2BPETokenizer", N_("A vocabulary file and a merge file") },
    { "SentencePieceTokenizer", N_("A SentencePiece model file") },
    { "GPTSentencePieceTokenizer", N_("A SentencePiece model, GPT’s tokens") },
    { "HuggingFaceTokenizer", N_("A tokenizer folder or a Hub name") },
    { "Llama2Tokenizer", N_("Llama 2’s SentencePiece model") },
    { "TikTokenizer", N_("A tiktoken vocabulary file") },
    { "MultimodalTokenizer", N_("A tokenizer with image tokens") },
    { "NullTokenizer", N_("None: the data holds token IDs") },
    { "NullMultimodalTokenizer", N_("None: multimodal token IDs") },
    { "SFTTokenizer", N_("A tokenizer with a chat template") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (descriptions); i++)
    if (g_str_equal (descriptions[i].type, type))
      return _(descriptions[i].text);
  return NULL;
}

/* Each tokenizer type shows exactly the files it reads (Megatron's
 * build_tokenizer); a field that holds a value stays in view, so nothing
 * the person gave is hidden. */
static void
update_tokenizer_rows (PlannerDataPage *self)
{
  static const char *model_file[] = { "HuggingFaceTokenizer", "SentencePieceTokenizer",
                                      "GPTSentencePieceTokenizer", "Llama2Tokenizer", "TikTokenizer", NULL };
  static const char *vocab_file[] = { "GPT2BPETokenizer", "BertWordPieceLowerCase", "BertWordPieceCase", NULL };
  PlannerJob *job = planner_form_page_get_job (PLANNER_FORM_PAGE (self));
  const char *type = planner_job_get_string (job, "tokenizer-type");
  const PlannerModel *model = planner_model_lookup (planner_job_get_model_id (job));

  if ((type == NULL || *type == '\0') && model != NULL && model->tokenizer_type != NULL)
    type = model->tokenizer_type;
  if (type == NULL)
    type = "";
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->tokenizer_type_row), tokenizer_description (type));

  gtk_widget_set_visible (self->tokenizer_model_row,
                          g_strv_contains (model_file, type) || *planner_job_get_string (job, "tokenizer-model"));
  gtk_widget_set_visible (self->vocab_file_row,
                          g_strv_contains (vocab_file, type) || *planner_job_get_string (job, "vocab-file"));
  gtk_widget_set_visible (self->merge_file_row,
                          g_str_equal (type, "GPT2BPETokenizer") || *planner_job_get_string (job, "merge-file"));
}

static void
planner_data_page_bind (PlannerFormPage *page,
                        PlannerJob      *job)
{
  PlannerDataPage *self = PLANNER_DATA_PAGE (page);

  g_signal_connect_object (job, "notify::tokenizer-type", G_CALLBACK (update_tokenizer_rows), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (job, "notify::model-id", G_CALLBACK (update_tokenizer_rows), self, G_CONNECT_SWAPPED);
}

static void
planner_data_page_update (PlannerFormPage *page,
                          PlannerReport   *report)
{
  update_tokenizer_rows (PLANNER_DATA_PAGE (page));
}

static void
planner_data_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), PLANNER_TYPE_DATA_PAGE);
  G_OBJECT_CLASS (planner_data_page_parent_class)->dispose (object);
}

static void
planner_data_page_class_init (PlannerDataPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = planner_data_page_dispose;
  PLANNER_FORM_PAGE_CLASS (klass)->bind = planner_data_page_bind;
  PLANNER_FORM_PAGE_CLASS (klass)->update = planner_data_page_update;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/planner-data-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PlannerDataPage, tokenizer_type_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerDataPage, tokenizer_model_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerDataPage, vocab_file_row);
  gtk_widget_class_bind_template_child (widget_class, PlannerDataPage, merge_file_row);
}

static void
planner_data_page_init (PlannerDataPage *self)
{
  g_type_ensure (PLANNER_TYPE_CHOICE_ROW);
  g_type_ensure (PLANNER_TYPE_SPIN_ROW);
  g_type_ensure (PLANNER_TYPE_SWITCH_ROW);
  g_type_ensure (PLANNER_TYPE_TEXT_ROW);
  gtk_widget_init_template (GTK_WIDGET (self));
}
