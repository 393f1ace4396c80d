/* planner-hf-release.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "planner-args.h"
#include "planner-diagnostic.h"
#include "planner-hf-config.h"
#include "planner-job.h"

G_BEGIN_DECLS

/* A Hugging Face config's mapping is written in Megatron-Core 0.20.0's
 * flags (DeepSeek-V3's YaRN takes --rope-type, from 0.14.0 on).  Here is
 * what an older release lacks of it, for the models command and for the
 * checks of a job whose architecture came from a config (issue 21). */

typedef struct
{
  char       *dest;   /* as the mapping writes it */
  char       *flag;
  const char *first;  /* the first release that has the flag (static), or NULL */
} PlannerHfMissing;

void       planner_hf_missing_free            (gpointer               data);

/* The options of @args (0.20.0 spellings) that @release does not parse,
 * once renamed as the release spells them: GPtrArray of
 * PlannerHfMissing, in @args' order; empty for the default release. */
GPtrArray *planner_hf_missing_flags           (const PlannerArgs     *args,
                                               const char            *release);

/* planner_hf_config_to_json for @release: what it lacks of the mapping
 * is added to "unsupported" (under the config key the option came from)
 * or, for an option the family's bridge sets whatever the config says,
 * to "notes".  @release NULL or the default: planner_hf_config_to_json. */
JsonNode  *planner_hf_config_to_json_for_release (const PlannerHfConfig *config,
                                                  const char            *release);

/* The same as lines for the text output ("KEY: why"), NULL-terminated;
 * NULL when the release has everything. */
char     **planner_hf_config_dup_release_lines   (const PlannerHfConfig *config,
                                                  const char            *release);

/* A job whose architecture came from a config (model.hf_config, a custom
 * architecture) on a release that lacks a flag it writes: one error per
 * flag, naming the release that added it, in the form's words, linked to
 * the release field and the field that writes the flag. */
void       planner_hf_check_job_release       (PlannerJob            *job,
                                               const char            *release,
                                               GPtrArray             *diagnostics);

G_END_DECLS
