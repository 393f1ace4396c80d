/* fuzz-hf-config.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer target: any bytes as a Hugging Face config.json.  Reading
 * either fails with an error or gives arguments that are all words (a
 * flag first), each unsupported key with its reason, and JSON output.
 */

#include "config.h"

#include <stdint.h>

#include "fuzz-common.h"

#include "planner-hf-config.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PlannerHfConfig) config = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_auto(GStrv) words = NULL;

  fuzz_init ();
  config = planner_hf_config_new_from_data ((const char *) data, size, "fuzz", &error);
  if (config == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }
  g_assert_no_error (error);
  words = planner_hf_config_dup_words (config);
  g_assert_nonnull (words[0]);
  g_assert_true (g_str_has_prefix (words[0], "--"));
  for (guint i = 0; words[i] != NULL; i++)
    g_assert_true (g_utf8_validate (words[i], -1, NULL));
  for (guint i = 0; i < planner_hf_config_get_n_unsupported (config); i++)
    {
      const char *key, *why;

      planner_hf_config_get_unsupported (config, i, &key, &why);
      g_assert_nonnull (key);
      g_assert_true (why != NULL && *why != '\0');
    }
  g_assert_nonnull (planner_hf_config_get_name (config));
  root = planner_hf_config_to_json (config);
  g_assert_nonnull (root);
  return 0;
}
