/* planner-tokenizer-names.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "planner-tokenizer-names.h"

const char *
planner_tokenizer_name (const char *type)
{
  /* Megatron's tokenizer classes (issue 23 #9: never the class name, cut off) */
  static const struct { const char *type, *name; } names[] = {
    { "BertWordPieceLowerCase", N_("BERT WordPiece, Lower Case") },
    { "BertWordPieceCase", N_("BERT WordPiece, Cased") }, { "GPT2BPETokenizer", N_("GPT-2 BPE") },
    { "SentencePieceTokenizer", N_("SentencePiece") }, { "GPTSentencePieceTokenizer", N_("GPT SentencePiece") },
    { "HuggingFaceTokenizer", N_("Hugging Face") }, { "Llama2Tokenizer", N_("Llama 2 SentencePiece") },
    { "TikTokenizer", N_("tiktoken") }, { "MultimodalTokenizer", N_("Multimodal (Hugging Face)") },
    { "NullTokenizer", N_("None (Token IDs)") },
    { "NullMultimodalTokenizer", N_("None (Multimodal Token IDs)") },
    { "SFTTokenizer", N_("Fine-Tuning Chat Template") },
  };

  g_return_val_if_fail (type != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (names[i].type, type))
      return _(names[i].name);
  return type;
}
