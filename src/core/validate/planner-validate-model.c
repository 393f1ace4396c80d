/* planner-validate-model.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-validate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "planner-validate-private.h"

#include <math.h>
#include <string.h>

#include "planner-release.h"
#include "planner-tokenizer-names.h"

void
planner_check_required (PlannerCheck *c)
{
  static const struct
  {
    const char *dest;
    const char *code;
  } required[] = {
    { "num_layers", "required.num-layers" },
    { "hidden_size", "required.hidden-size" },
    { "num_attention_heads", "required.num-attention-heads" },
    { "max_position_embeddings", "required.max-position-embeddings" },
  };

  if (GIVEN ("num_layers") && GIVEN ("encoder_num_layers"))
    ADD (ERROR, "model.encoder-num-layers", FLAGS (F ("num_layers"), F ("encoder_num_layers")),
         _("Keep {--num-layers} only."),
         _("%s and %s cannot both be given: for a GPT model they name the same layer count."),
         N ("num_layers"), N ("encoder_num_layers"));
  if (GIVEN ("seq_length") && GIVEN ("encoder_seq_length"))
    ADD (ERROR, "model.seq-and-encoder-seq", FLAGS (F ("seq_length"), F ("encoder_seq_length")),
         _("Keep {--seq-length} only."),
         _("%s and %s cannot both be given: for a GPT model they name the same sequence length."),
         N ("seq_length"), N ("encoder_seq_length"));

  for (guint i = 0; i < G_N_ELEMENTS (required); i++)
    {
      /* --encoder-num-layers stands in for --num-layers. */
      if (i == 0 && !GIVEN ("num_layers") && GIVEN ("encoder_num_layers"))
        continue;
      if (!has_value (c->args, required[i].dest))
        ADD (ERROR, required[i].code, FLAGS (F (required[i].dest)),
             _("Add it with the model's value."),
             _("%s is required: Megatron cannot build the model without it."), N (required[i].dest));
      else if (arg_pos (c->args, required[i].dest) == 0)
        ADD (ERROR, required[i].code, FLAGS (F (required[i].dest)),
             _("Give a positive whole number."),
             _("%s must be a positive whole number."), N (required[i].dest));
    }

  if (c->seq == 0)
    {
      gboolean given = has_value (c->args, "seq_length") || has_value (c->args, "encoder_seq_length");

      ADD (ERROR, "required.seq-length", FLAGS (F ("seq_length")),
           given ? _("Give a positive sequence length.") : _("Add {--seq-length} with the training sequence length."),
           given ? _("%s must be a positive whole number.") : _("%s (or --encoder-seq-length) is required."),
           N ("seq_length"));
    }

  if (!has_value (c->args, "micro_batch_size") || arg_pos (c->args, "micro_batch_size") == 0)
    ADD (ERROR, "batch.micro-missing", FLAGS (F ("micro_batch_size")),
         _("Add {--micro-batch-size} (1 is the usual start)."),
         has_value (c->args, "micro_batch_size")
         ? _("%s is not positive: Megatron needs a positive micro-batch size.")
         : _("%s is missing: Megatron needs a positive micro-batch size."),
         N ("micro_batch_size"));

  if (c->seq != 0 && arg_pos (c->args, "max_position_embeddings") != 0
      && arg_pos (c->args, "max_position_embeddings") < c->seq)
    ADD (ERROR, "model.max-position-below-seq",
         FLAGS (F ("max_position_embeddings"), F ("seq_length")),
         _("Raise {--max-position-embeddings} to at least the sequence length, or shorten the sequence."),
         _("%s (%" PRIu64 ") is smaller than the sequence length (%" PRIu64 ")."),
         N ("max_position_embeddings"), arg_pos (c->args, "max_position_embeddings"), c->seq);

  if (GIVEN ("decoder_seq_length") && arg_pos (c->args, "max_position_embeddings") != 0
      && arg_int (c->args, "decoder_seq_length", 0) > (gint64) arg_pos (c->args, "max_position_embeddings"))
    ADD (ERROR, "model.max-position-below-decoder-seq",
         FLAGS (F ("max_position_embeddings"), F ("decoder_seq_length")),
         _("Raise {--max-position-embeddings} to at least the decoder sequence length, or drop --decoder-seq-length."),
         _("%s (%" PRIu64 ") is smaller than %s (%" PRId64 ")."),
         N ("max_position_embeddings"), arg_pos (c->args, "max_position_embeddings"),
         N ("decoder_seq_length"), arg_int (c->args, "decoder_seq_length", 0));
}

/* The MLP activation as TransformerConfig gets it from the switches:
 * silu with --swiglu, squared ReLU, quick GELU with --quick-geglu, else
 * GELU; and whether the bias is fused into it. */
static void
check_activation (PlannerCheck *c)
{
  gboolean swiglu = ON ("swiglu");
  const char *activation = swiglu ? "silu" : ON ("squared_relu") ? "squared_relu"
                           : ON ("quick_geglu") ? "quick_gelu" : "gelu";
  gboolean gelu_fusion = arg_bool (c->args, "bias_gelu_fusion", TRUE) && c->add_bias;
  gboolean fusion = swiglu ? arg_bool (c->args, "bias_swiglu_fusion", TRUE) : gelu_fusion;
  const char *fusion_flag = F (swiglu ? "bias_swiglu_fusion" : "bias_gelu_fusion");
  gboolean te_activation = ON ("use_te_activation_func");
  double offset = planner_args_get_double (c->args, "glu_linear_offset", 0.0);

  if (fusion && g_str_equal (activation, "squared_relu"))
    ADD (ERROR, "model.bias-activation-fusion", FLAGS (F ("squared_relu"), fusion_flag),
         _("Add --no-bias-gelu-fusion (or {--disable-bias-linear})."),
         _("The bias-activation fusion (on by default) works only with GELU, SwiGLU or quick GELU, not with %s."),
         N ("squared_relu"));
  if (!swiglu && !c->add_bias && arg_bool (c->args, "bias_gelu_fusion", TRUE))
    ADD (INFO, "model.bias-gelu-fusion-off", FLAGS (F ("add_bias_linear"), F ("bias_gelu_fusion")), NULL,
         _("Without biases (%s) Megatron turns the bias-GELU fusion off."), N ("add_bias_linear"));
  if (fusion && offset != 0.0 && !g_str_equal (activation, "quick_gelu"))
    ADD (ERROR, "model.glu-offset-fusion", FLAGS (F ("glu_linear_offset"), fusion_flag),
         _("Add --no-bias-swiglu-fusion (or --no-bias-gelu-fusion), or drop --glu-linear-offset."),
         _("A non-zero %s works with the fused bias-activation only for quick GELU."), N ("glu_linear_offset"));
  if (fusion && te_activation)
    ADD (ERROR, "model.te-activation-fusion", FLAGS (F ("use_te_activation_func"), fusion_flag),
         swiglu ? _("Add --no-bias-swiglu-fusion.") : _("Add --no-bias-gelu-fusion."),
         _("%s cannot be combined with the bias-activation fusion, which is on by default."),
         N ("use_te_activation_func"));
  if (te_activation && (g_str_equal (activation, "squared_relu") || g_str_equal (activation, "quick_gelu")))
    ADD (ERROR, "model.te-activation-func", FLAGS (F ("use_te_activation_func"), F (ON ("squared_relu") ? "squared_relu"
                                                                                    : "quick_geglu")),
         _("Drop --use-te-activation-func."),
         _("Transformer Engine's activations cover GELU, SiLU/SwiGLU and ReLU only, not %s."), activation);
  if (ON ("fused_residual_rmsnorm") && !str_is (arg_str (c->args, "normalization", "LayerNorm"), "RMSNorm"))
    ADD (ERROR, "model.fused-residual-rmsnorm", FLAGS (F ("fused_residual_rmsnorm"), F ("normalization")),
         _("Add {--normalization} RMSNorm, or drop the flag."),
         _("%s works only with RMSNorm; the normalization is %s."), N ("fused_residual_rmsnorm"),
         arg_str (c->args, "normalization", "LayerNorm"));

  if (GIVEN ("activation_func_clamp_value") && swiglu)
    {
      double clamp = planner_args_get_double (c->args, "activation_func_clamp_value", 0.0);
      g_autoptr(GPtrArray) why = g_ptr_array_new ();

      if (!(clamp > 0.0) || !isfinite (clamp))
        g_ptr_array_add (why, (gpointer) _("a finite value above zero"));
      if (c->num_experts == 0)
        g_ptr_array_add (why, (gpointer) _("a mixture-of-experts model"));
      if (offset != 0.0)
        g_ptr_array_add (why, (gpointer) "--glu-linear-offset 0");
      if (te_activation)
        g_ptr_array_add (why, (gpointer) _("no --use-te-activation-func"));
      if (why->len > 0)
        {
          g_autofree char *list = join_list (why);

          ADD (ERROR, "model.swiglu-clamp", FLAGS (F ("activation_func_clamp_value"), F ("swiglu")),
               _("Meet the requirements, or drop --activation-func-clamp-value."),
               _("Clamping the SwiGLU activation (%s) needs: %s."), N ("activation_func_clamp_value"), list);
        }
    }
}

void
planner_check_model (PlannerCheck *c)
{
  gboolean gqa = arg_bool (c->args, "group_query_attention", FALSE);
  guint64 tp = c->d.tp;

  if (c->heads != 0 && c->hidden != 0 && !has_value (c->args, "kv_channels") && c->hidden % c->heads != 0)
    ADD (ERROR, "model.hidden-not-divisible-by-heads",
         FLAGS (F ("hidden_size"), F ("num_attention_heads"), F ("kv_channels")),
         _("Make the hidden size a multiple of the heads, or give {--kv-channels}."),
         _("Without %s Megatron sets the head size to %s / %s, which must divide evenly "
           "(%" PRIu64 " / %" PRIu64 " does not)."),
         N ("kv_channels"), N ("hidden_size"), N ("num_attention_heads"), c->hidden, c->heads);

  if (c->heads != 0 && c->heads % tp != 0)
    {
      guint64 fit = c->world != 0 && c->world % (c->d.pp * c->d.cp) == 0 ? c->world / (c->d.pp * c->d.cp) : 0;
      g_autofree char *choices = format_divisors (c->heads, fit);

      ADD (ERROR, "model.heads-not-divisible-by-tp",
           FLAGS (F ("num_attention_heads"), F ("tensor_model_parallel_size")),
           _("Pick a tensor-parallel size that divides the number of heads."),
           fit != 0
           ? _("{num_attention_heads} (%" PRIu64 ") must be a multiple of {tensor_model_parallel_size} (%"
               PRIu64 "): each TP rank holds whole heads. Valid %s values that also fit the GPUs: %s.")
           : _("{num_attention_heads} (%" PRIu64 ") must be a multiple of {tensor_model_parallel_size} (%"
               PRIu64 "): each TP rank holds whole heads. Valid %s values: %s."),
           c->heads, tp, N ("tensor_model_parallel_size"),
           /* translators: in place of a list of valid values */
           choices != NULL ? choices : _("none"));
    }

  if (gqa)
    {
      gint64 groups = arg_int (c->args, "num_query_groups", 1);
      /* Up to 0.15.3 TransformerConfig wants whole groups per TP rank;
       * 0.16.1 replicates KV heads when TP is a multiple of them. */
      gboolean replicate = planner_release_at_least (c->context != NULL ? c->context->megatron_version : NULL,
                                                     "0.16.1");

      if (groups <= 0)
        {
          ADD (ERROR, "model.query-groups-invalid", FLAGS (F ("num_query_groups")),
               _("Give the model's number of key/value heads."),
               _("%s must be a positive number."), N ("num_query_groups"));
        }
      else
        {
          if (c->heads != 0 && c->heads % (guint64) groups != 0)
            ADD (ERROR, "model.heads-not-divisible-by-groups",
                 FLAGS (F ("num_attention_heads"), F ("num_query_groups")),
                 _("Give a number of query groups that divides the heads."),
                 _("%" PRIu64 " attention heads cannot be shared evenly by %" PRId64 " query groups."),
                 c->heads, groups);
          if ((guint64) groups % tp != 0 && (!replicate || tp % (guint64) groups != 0))
            ADD (ERROR, "model.query-groups-tp",
                 FLAGS (F ("num_query_groups"), F ("tensor_model_parallel_size")),
                 replicate
                 ? _("Use a TP that divides the query groups, or a multiple of them (KV heads are then replicated).")
                 : _("Use a TP that divides the query groups, or plan for Megatron-Core 0.16 or newer (it "
                     "replicates KV heads)."),
                 replicate
                 ? _("{num_query_groups} (%" PRId64 ") must be a multiple or a divisor of "
                     "{tensor_model_parallel_size} (%" PRIu64 ").")
                 : _("{num_query_groups} (%" PRId64 ") must be a multiple of {tensor_model_parallel_size} (%" PRIu64
                     ") in this release."), groups, tp);
        }
    }
  else if (has_value (c->args, "num_query_groups")
           && (c->heads == 0 || arg_int (c->args, "num_query_groups", 1) != (gint64) c->heads))
    {
      ADD (WARNING, "model.num-query-groups-ignored",
           FLAGS (F ("num_query_groups"), F ("group_query_attention")),
           _("Add {--group-query-attention} if the model uses grouped-query attention."),
           _("%s is ignored without {--group-query-attention}: Megatron builds plain multi-head attention "
             "(one key/value head per query head), which changes the parameter count and memory."),
           N ("num_query_groups"));
    }

  /* The FFN and expert FFN are split over TP and ETP with divide(). */
  {
    guint64 ffn = c->config != NULL ? c->config->ffn_hidden_size : arg_pos (c->args, "ffn_hidden_size");

    if (ffn == 0 && c->config == NULL && c->hidden != 0 && c->hidden < G_MAXUINT32)
      ffn = arg_bool (c->args, "swiglu", FALSE) ? (c->hidden * 8 / 3) / 64 * 64 : 4 * c->hidden;
    if (ffn != 0 && ffn % tp != 0)
      {
        g_autofree char *nearest = format_nearest_multiples (ffn, tp);

        ADD (ERROR, "ffn.not-divisible-by-tp", FLAGS (F ("ffn_hidden_size"), F ("tensor_model_parallel_size")),
             _("Pick a TP that divides the FFN size, or round the FFN size to a multiple of TP."),
             _("The FFN hidden size %" PRIu64 " is not divisible by TP %" PRIu64
               ": the job dies when the model is built. Nearest multiples: %s."), ffn, tp, nearest);
      }
  }
}

void
planner_check_attention (PlannerCheck *c)
{
  const char *impl = arg_str (c->args, "transformer_impl", "transformer_engine");
  const char *position = c->position;

  check_activation (c);

  if (str_is (position, "mrope") && !GIVEN ("mrope_section"))
    ADD (ERROR, "attention.mrope-section", FLAGS (F ("position_embedding_type"), F ("mrope_section")),
         _("Add --mrope-section with the rotary sections (for example 16 24 24)."),
         _("Multimodal RoPE (%s mrope) needs %s."), N ("position_embedding_type"), N ("mrope_section"));

  if (arg_int (c->args, "mtp_num_layers", 0) != 0)
    {
      if (!str_is (position, "rope") && !str_is (position, "none"))
        ADD (ERROR, "mtp.position-embedding", FLAGS (F ("mtp_num_layers"), F ("position_embedding_type")),
             _("Use {--position-embedding-type} rope (or none) with multi-token prediction."),
             _("Multi-token prediction (%s) works only with rope or no position embedding, not %s."),
             N ("mtp_num_layers"), position);
    }
  if (ON ("mtp_hsm") && arg_int (c->args, "mtp_num_layers", 0) < 2)
    ADD (WARNING, "mtp.hsm-disabled", FLAGS (F ("mtp_hsm"), F ("mtp_num_layers")),
         _("Give {--mtp-num-layers} 2 or more, or drop --mtp-hsm."),
         _("%s mixes the hidden states of two or more MTP layers; with fewer Megatron turns it off."), N ("mtp_hsm"));

  if (str_is (arg_str (c->args, "attention_backend", "auto"), "local"))
    ADD (ERROR, "attention.local-backend", FLAGS (F ("attention_backend")),
         _("Use {--attention-backend} auto (or flash, fused, unfused)."),
         _("%s local cannot work with pretrain_gpt.py: without --spec it dies with a TypeError, and with "
           "--spec local building the model config fails."), N ("attention_backend"));

  if (str_is (position, "relative") && !str_is (impl, "transformer_engine"))
    ADD (ERROR, "attention.relative-needs-te", FLAGS (F ("position_embedding_type"), F ("transformer_impl")),
         _("Use --transformer-impl transformer_engine."),
         _("Relative position embeddings need --transformer-impl transformer_engine."));

  if (!arg_bool (c->args, "add_position_embedding", TRUE) && !str_is (position, "rope"))
    ADD (ERROR, "attention.no-position-embedding",
         FLAGS (F ("add_position_embedding"), F ("position_embedding_type")),
         _("Use {--position-embedding-type} rope (or none) instead of --no-position-embedding."),
         _("%s is deprecated and is accepted only with rope; the position embedding type is %s."),
         N ("add_position_embedding"), position);

  if (!str_is (impl, "transformer_engine"))
    {
      if (arg_bool (c->args, "delay_wgrad_compute", FALSE))
        ADD (ERROR, "impl.needs-te", FLAGS (F ("delay_wgrad_compute"), F ("transformer_impl")),
             _("Use --transformer-impl transformer_engine."), _("%s needs Transformer Engine."), N ("delay_wgrad_compute"));
      if (arg_bool (c->args, "fine_grained_activation_offloading", FALSE))
        ADD (ERROR, "impl.needs-te", FLAGS (F ("fine_grained_activation_offloading"), F ("transformer_impl")),
             _("Use --transformer-impl transformer_engine."), _("%s needs Transformer Engine."),
             N ("fine_grained_activation_offloading"));
      if (has_value (c->args, "fp8"))
        ADD (WARNING, "fp8.needs-te", FLAGS (F ("fp8"), F ("transformer_impl")),
             _("Use --transformer-impl transformer_engine for FP8."),
             _("FP8 runs through Transformer Engine; with %s %s there is no FP8 path."), N ("transformer_impl"), impl);
    }
}

/* A tokenizer class as the message's reader knows it: the form's choice
 * name in the window, Megatron's class on the command line. */
#define TOKENIZER(type) (c->context != NULL && c->context->form_words ? planner_tokenizer_name (type) : (type))

void
planner_check_tokenizer (PlannerCheck *c)
{
  const char *type = arg_str (c->args, "tokenizer_type", NULL);
  const char *flag = F ("tokenizer_type");

  if (type == NULL)
    {
      type = "GPT2BPETokenizer";
      /* Translators: the second %s is the tokenizer, "GPT-2 BPE" */
      ADD (INFO, "tokenizer.default-gpt2", FLAGS (flag), _("Give {--tokenizer-type} explicitly."),
           _("No %s: pretrain_gpt.py uses %s."), planner_words_name (WORDS, flag), TOKENIZER (type));
    }

  if (g_str_equal (type, "GPT2BPETokenizer")
      && (!has_value (c->args, "vocab_file") || !has_value (c->args, "merge_file")))
    /* Megatron 0.20 accepts this and fetches the files when it builds the
     * tokenizer (megatron/core/tokenizers/text/libraries/
     * megatron_hf_tokenizer.py at d98e8a64dd), so it is no error here; the
     * planner's own drafts still need the user's paths (the job's field
     * check refuses them). */
    ADD (WARNING, "tokenizer.gpt2-files", FLAGS (flag, F ("vocab_file"), F ("merge_file")),
         _("Give {--vocab-file} and {--merge-file} with the paths of your GPT-2 vocab.json and merges.txt."),
         /* Translators: the first %s is the tokenizer, "GPT-2 BPE" */
         _("%s without %s and %s: Megatron downloads the GPT-2 vocab and merges files at start-up, "
           "which the Flatpak and clusters without internet access cannot do."), TOKENIZER (type), N ("vocab_file"),
         N ("merge_file"));
  /* The missing value's flag first: it is the field to fix, where the
   * window's link goes (not the tokenizer the person chose). */
  else if (g_str_has_prefix (type, "BertWordPiece") && !has_value (c->args, "vocab_file"))
    ADD (ERROR, "tokenizer.bert-vocab", FLAGS (F ("vocab_file"), flag),
         _("Give {--vocab-file} with the path of your WordPiece vocabulary."),
         _("%s without %s would download it from the internet at start-up."), TOKENIZER (type), N ("vocab_file"));
  else if (g_str_equal (type, "NullTokenizer") && !has_value (c->args, "vocab_size"))
    ADD (ERROR, "tokenizer.null-needs-vocab-size", FLAGS (F ("vocab_size"), flag),
         _("Add {--vocab-size} (for example 128256 for a LLaMA-3 vocabulary)."),
         /* Translators: the first %s is the tokenizer, "None (Token IDs)" */
         _("%s needs %s: without it the job dies while building the tokenizer."), TOKENIZER (type), N ("vocab_size"));
  else if ((g_str_equal (type, "SentencePieceTokenizer") || g_str_equal (type, "GPTSentencePieceTokenizer")
            || g_str_equal (type, "Llama2Tokenizer") || g_str_equal (type, "HuggingFaceTokenizer")
            || g_str_equal (type, "TikTokenizer") || g_str_equal (type, "MultimodalTokenizer")
            || g_str_equal (type, "SFTTokenizer"))
           && !has_value (c->args, "tokenizer_model"))
    ADD (ERROR, "tokenizer.model-missing", FLAGS (F ("tokenizer_model"), flag),
         g_str_equal (type, "HuggingFaceTokenizer")
         ? _("Add {--tokenizer-model} with a Hugging Face model id or a local tokenizer directory.")
         : _("Add {--tokenizer-model} with the path of the tokenizer model file."),
         _("%s needs %s: \"Tokenizer path must be specified.\""), TOKENIZER (type), N ("tokenizer_model"));
}

void
planner_check_vocab (PlannerCheck *c)
{
  guint64 vocab = 0;
  guint64 divisor = (guint64) MAX (arg_int (c->args, "make_vocab_size_divisible_by", 128), 1);
  guint64 tp = c->d.tp;

  if (has_value (c->args, "padded_vocab_size"))
    {
      guint64 padded = arg_pos (c->args, "padded_vocab_size");

      if (padded == 0 || padded % tp != 0)
        ADD (ERROR, "vocab.padded-not-divisible-by-tp", FLAGS (F ("padded_vocab_size"), F ("tensor_model_parallel_size")),
             _("Give a padded vocabulary that is a multiple of TP, or leave Megatron to pad it."),
             _("%s %" PRIu64 " is not a positive multiple of TP %" PRIu64
               ": the job dies when the model is built."), N ("padded_vocab_size"), padded, tp);
      return;
    }

  if (c->config != NULL && c->config->vocab_size != 0)
    vocab = c->config->vocab_size;
  else if (c->context != NULL && c->context->vocab_size != 0)
    vocab = c->context->vocab_size;
  else
    vocab = arg_pos (c->args, "vocab_size");
  if (vocab == 0 || vocab > G_MAXUINT32 || divisor > G_MAXUINT32)
    return;

  {
    guint64 padded = c->config != NULL && c->config->padded_vocab_size != 0
                     ? c->config->padded_vocab_size
                     : planner_padded_vocab_size (vocab, (guint32) divisor, (guint32) tp);
    guint64 padded_tp1 = planner_padded_vocab_size (vocab, (guint32) divisor, 1);

    ADD (INFO, "vocab.padded", FLAGS (F ("make_vocab_size_divisible_by"), F ("tensor_model_parallel_size")),
         NULL,
         _("The vocabulary of %" PRIu64 " tokens is padded to %" PRIu64 " (a multiple of %"
           PRIu64 " × TP %" PRIu64 "); the padded size depends on TP (%" PRIu64
           " at TP 1), so embedding shapes and checkpoints change with TP."),
         vocab, padded, divisor, tp, padded_tp1);
  }
}
