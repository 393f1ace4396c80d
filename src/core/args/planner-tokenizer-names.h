/* planner-tokenizer-names.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Megatron's tokenizer class @type ("GPT2BPETokenizer") as the form names
 * the choice ("GPT-2 BPE"), translated; a class without a name reads as
 * itself.  The one table the form's choices and the messages the window
 * shows both read (issue 23 #9). */
const char *planner_tokenizer_name (const char *type);

G_END_DECLS
