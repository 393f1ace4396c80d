/* planner-json-writer.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* A streaming JSON writer whose bytes are exactly those json-glib 1.6's
 * JsonGenerator prints for the same document (pretty with an indent of
 * 2, or compact), without building a tree: `ranks --json` of a
 * million-GPU world is half a gigabyte of text in a few megabytes of
 * memory.  Where json-glib would print something that is not JSON, the
 * writer prints JSON instead: 0x1f and the C1 controls escaped, bytes
 * that are not UTF-8 as U+FFFD, NaN and infinities as null.  Output goes
 * through a sink in blocks; a failing sink makes every later call a no-op
 * and planner_json_writer_finish() returns FALSE. */
typedef struct _PlannerJsonWriter PlannerJsonWriter;

/* Writes @length bytes; FALSE stops the writer. */
typedef gboolean (*PlannerJsonSink) (const char *data,
                                     gsize       length,
                                     gpointer    user_data);

PlannerJsonWriter *planner_json_writer_new            (gboolean           pretty,
                                                       PlannerJsonSink    sink,
                                                       gpointer           user_data);
/* Appends everything to @string (owned by the caller). */
PlannerJsonWriter *planner_json_writer_new_for_string (gboolean           pretty,
                                                       GString           *string);
void               planner_json_writer_free           (PlannerJsonWriter *writer);

/* The name of the next value inside an object. */
void               planner_json_writer_member         (PlannerJsonWriter *writer,
                                                       const char        *name);
void               planner_json_writer_begin_object   (PlannerJsonWriter *writer);
void               planner_json_writer_end_object     (PlannerJsonWriter *writer);
void               planner_json_writer_begin_array    (PlannerJsonWriter *writer);
void               planner_json_writer_end_array      (PlannerJsonWriter *writer);
void               planner_json_writer_int            (PlannerJsonWriter *writer,
                                                       gint64             value);
/* As json-glib prints a double: %.17g, and ".0" when there is no '.';
 * null for NaN and the infinities. */
void               planner_json_writer_double         (PlannerJsonWriter *writer,
                                                       double             value);
void               planner_json_writer_boolean        (PlannerJsonWriter *writer,
                                                       gboolean           value);
void               planner_json_writer_string         (PlannerJsonWriter *writer,
                                                       const char        *value);
void               planner_json_writer_null           (PlannerJsonWriter *writer);
/* A whole json-glib tree as one value (NULL writes null). */
void               planner_json_writer_node           (PlannerJsonWriter *writer,
                                                       JsonNode          *node);
/* A whole array of ranks: [a, b, …] with one number per element. */
void               planner_json_writer_uint_array     (PlannerJsonWriter *writer,
                                                       const guint32     *values,
                                                       gsize              n_values);

/* Flushes what is buffered; FALSE when the sink failed or the document
 * is not complete (an object or array left open). */
gboolean           planner_json_writer_finish         (PlannerJsonWriter *writer);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlannerJsonWriter, planner_json_writer_free)

G_END_DECLS
