/* planner-model-page-private.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "planner-pages.h"

G_BEGIN_DECLS

/* What "From Hugging Face Config…" does with the file chosen: @file (a
 * config.json or a folder holding one) read into the job's custom
 * architecture, the job's model.hf_config set to it, and what the config
 * could not carry over listed on the page.  FALSE, the job unchanged,
 * with a message naming the file. */
gboolean   _planner_model_page_import_hf_config (PlannerModelPage *self,
                                                 GFile            *file,
                                                 GError          **error);

/* The same, saying how it went in a toast (the button and a drop). */
void       _planner_model_page_open_hf_config   (PlannerModelPage *self,
                                                 GFile            *file);

/* For the widget tests: the rows under "Not Carried Over" and "Notes"
 * (AdwActionRow), in order. */
GPtrArray *_planner_model_page_get_dropped_rows (PlannerModelPage *self);
GPtrArray *_planner_model_page_get_note_rows    (PlannerModelPage *self);
/* The rows under "Carried Over without a Field Here". */
GPtrArray *_planner_model_page_get_extra_rows   (PlannerModelPage *self);
/* The row that names the config, or why it cannot be told now. */
GtkWidget *_planner_model_page_get_hf_source_row (PlannerModelPage *self);
/* The group that says which config the architecture was read from. */
GtkWidget *_planner_model_page_get_hf_group     (PlannerModelPage *self);

G_END_DECLS
