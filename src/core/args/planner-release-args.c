/* planner-release-args.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-release"

#include "config.h"

#include "planner-release-args.h"

#include <glib/gi18n-lib.h>

#include "planner-flag-catalog.h"
#include "planner-release.h"

gboolean
planner_release_has_flag (const char *release,
                          const char *flag)
{
  g_return_val_if_fail (flag != NULL, FALSE);

  return planner_flag_catalog_lookup_in (release, flag) != NULL;
}

static void
rename_switch (PlannerArgs *args,
               const char  *dest,
               const char  *new_dest,
               const char  *new_flag)
{
  gboolean value;

  if (!planner_args_is_set (args, dest))
    return;
  value = planner_args_get_bool (args, dest, FALSE);
  planner_args_unset (args, dest);
  if (value)
    planner_args_set_bool (args, new_dest, new_flag, TRUE);
}

/* An option a release stores under another name (0.12's --norm-epsilon
 * wrote norm_epsilon, 0.20's layernorm_epsilon; 0.15's --apply-layernorm-1p
 * apply_layernorm_1p, 0.16's layernorm_zero_centered_gamma): the same
 * words, kept under the release's name so its checks read them. */
static void
rename_value_dests (PlannerArgs *args,
                    const char  *release)
{
  g_autoptr(GPtrArray) moves = g_ptr_array_new ();

  for (guint i = 0; i < planner_args_get_n_entries (args); i++)
    {
      const char *dest = planner_args_get_dest_at (args, i);
      const char *flag = planner_args_get_flag (args, dest);
      const PlannerFlagInfo *info = flag != NULL ? planner_flag_catalog_lookup_in (release, flag) : NULL;

      if (info != NULL && !g_str_equal (info->dest, dest))
        g_ptr_array_add (moves, (gpointer) dest);
    }
  /* Renamed in place: the draft keeps each option where its section put it. */
  for (guint i = 0; i < moves->len; i++)
    {
      g_autofree char *dest = g_strdup (g_ptr_array_index (moves, i));
      const PlannerFlagInfo *info = planner_flag_catalog_lookup_in (release, planner_args_get_flag (args, dest));

      planner_args_rename (args, dest, info->dest);
    }
}

/* --padded-vocab-size came in 0.14.0.  Before it Megatron pads the
 * tokenizer's count up to a multiple of --make-vocab-size-divisible-by ×
 * TP (megatron/training/tokenizer/tokenizer.py, _vocab_size_with_padding,
 * 0.12.0 and 0.13.1), so a divisor of padded / TP gives exactly the
 * padded rows for any count up to them: a Hugging Face config's
 * vocabulary, which its tokenizer never exceeds.  Left as it is (and
 * refused as missing) when TP does not divide it, which the job's checks
 * refuse anyway. */
static void
respell_padded_vocab (PlannerArgs *args)
{
  gint64 padded = planner_args_get_int (args, "padded_vocab_size", 0);
  gint64 tp = planner_args_get_int (args, "tensor_model_parallel_size", 1);
  g_autofree char *divisor = NULL;

  if (padded <= 0 || tp <= 0 || padded % tp != 0)
    return;
  divisor = g_strdup_printf ("%" G_GINT64_FORMAT, padded / tp);
  planner_args_unset (args, "padded_vocab_size");
  planner_args_set (args, "make_vocab_size_divisible_by", "--make-vocab-size-divisible-by", divisor);
}

void
planner_release_respell_args (PlannerArgs *args,
                              const char  *release)
{
  g_return_if_fail (args != NULL);

  if (release == NULL || g_str_equal (release, planner_megatron_get_default_release ()))
    return;

  rename_value_dests (args, release);

  if (!planner_release_at_least (release, "0.14.0"))
    {
      /* Megatron FSDP was the custom FSDP, with no checkpoint format of
       * its own: it saves in the default distributed format. */
      gboolean fsdp = planner_args_get_bool (args, "use_megatron_fsdp", FALSE);

      rename_switch (args, "use_megatron_fsdp", "use_custom_fsdp", "--use-custom-fsdp");
      if (fsdp && g_strcmp0 (planner_args_get_string (args, "ckpt_format", NULL), "fsdp_dtensor") == 0)
        planner_args_unset (args, "ckpt_format");
      /* The custom FSDP shards gradients only without gradient
       * accumulation fusion (validate_args of 0.12 and 0.13). */
      if (fsdp)
        {
          const char *sharding = planner_args_get_string (args, "data_parallel_sharding_strategy", "no_shard");

          if (g_strcmp0 (sharding, "optim_grads_params") == 0 || g_strcmp0 (sharding, "optim_grads") == 0)
            planner_args_set_bool (args, "gradient_accumulation_fusion", "--no-gradient-accumulation-fusion", FALSE);
        }
    }
  if (!planner_release_at_least (release, "0.14.0"))
    respell_padded_vocab (args);
  if (!planner_release_at_least (release, "0.16.1") &&
      g_strcmp0 (planner_args_get_string (args, "moe_token_dispatcher_type", NULL), "flex") == 0)
    {
      /* The flex dispatcher had one backend, switched on by name. */
      planner_args_unset (args, "moe_flex_dispatcher_backend");
      planner_args_set_bool (args, "moe_enable_deepep", "--moe-enable-deepep", TRUE);
    }
}

char *
planner_release_dup_missing (const PlannerArgs *args,
                             const char        *release,
                             guint             *n_missing)
{
  g_autoptr(GString) missing = g_string_new (NULL);
  guint n = 0;

  g_return_val_if_fail (args != NULL, NULL);

  for (guint i = 0; i < planner_args_get_n_entries (args); i++)
    {
      const char *dest = planner_args_get_dest_at (args, i);
      const char *flag = planner_args_get_flag (args, dest);
      const char *first;

      if (flag == NULL || planner_release_has_flag (release, flag))
        continue;
      first = planner_flag_catalog_first_release_of (flag);
      if (n++ > 0)
        g_string_append (missing, "\n");
      if (first != NULL)
        /* Translators: an option the draft needs, in braces (the reader's name for it is put in
         * their place: keep them); the second %s is the first release that has it */
        g_string_append_printf (missing, _("{%s} (Megatron-Core %s or newer)"), flag, first);
      else
        g_string_append_printf (missing, "{%s}", flag);
    }
  if (n_missing != NULL)
    *n_missing = n;
  return n > 0 ? g_string_free (g_steal_pointer (&missing), FALSE) : NULL;
}
