/* planner-form-page.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-form-page"

#include "config.h"

#include "planner-field-row.h"
#include "planner-spin-row.h"
#include "planner-field.h"
#include "planner-form-page.h"
#include "planner-problems.h"

typedef struct
{
  PlannerJob      *job;
  PlannerDocument *document;
  GPtrArray       *rows;   /* every field row of the template, in order */
} PlannerFormPagePrivate;

G_DEFINE_TYPE_WITH_PRIVATE (PlannerFormPage, planner_form_page, ADW_TYPE_PREFERENCES_PAGE)

static void
collect_rows (GtkWidget *widget,
              GPtrArray *rows)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (planner_is_field_row (child))
        g_ptr_array_add (rows, child);
      else
        collect_rows (child, rows);
    }
}

static GPtrArray *
get_rows (PlannerFormPage *self)
{
  PlannerFormPagePrivate *priv = planner_form_page_get_instance_private (self);

  if (priv->rows == NULL)
    {
      priv->rows = g_ptr_array_new ();
      collect_rows (GTK_WIDGET (self), priv->rows);
    }
  return priv->rows;
}

static void
planner_form_page_dispose (GObject *object)
{
  PlannerFormPage *self = PLANNER_FORM_PAGE (object);
  PlannerFormPagePrivate *priv = planner_form_page_get_instance_private (self);

  g_clear_pointer (&priv->rows, g_ptr_array_unref);
  g_clear_object (&priv->job);
  g_clear_object (&priv->document);
  G_OBJECT_CLASS (planner_form_page_parent_class)->dispose (object);
}

static void
planner_form_page_class_init (PlannerFormPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = planner_form_page_dispose;
}

static void
planner_form_page_init (PlannerFormPage *self)
{
}

void
planner_form_page_set_job (PlannerFormPage *self,
                           PlannerJob      *job)
{
  PlannerFormPagePrivate *priv = planner_form_page_get_instance_private (self);
  GPtrArray *rows;

  g_return_if_fail (PLANNER_IS_FORM_PAGE (self));
  g_return_if_fail (PLANNER_IS_JOB (job));
  g_return_if_fail (priv->job == NULL);

  priv->job = g_object_ref (job);
  if (PLANNER_FORM_PAGE_GET_CLASS (self)->bind != NULL)
    PLANNER_FORM_PAGE_GET_CLASS (self)->bind (self, job);
  rows = get_rows (self);
  for (guint i = 0; i < rows->len; i++)
    planner_field_row_bind (g_ptr_array_index (rows, i), job);
}

static void
on_report_changed (PlannerFormPage *self,
                   PlannerDocument *document)
{
  g_autoptr(GPtrArray) problems = planner_problems_collect_document (document);

  planner_form_page_update (self, planner_document_get_report (document), problems);
}

/* What a row cannot hold is the document's to count and to refuse. */
static void
on_row_invalid_changed (PlannerFormPage *self,
                        GtkWidget       *row)
{
  PlannerFormPagePrivate *priv = planner_form_page_get_instance_private (self);

  planner_document_set_entry_invalid (priv->document, planner_field_row_get_key (row),
                                      planner_field_row_get_invalid_message (row));
}

void
planner_form_page_set_document (PlannerFormPage *self,
                                PlannerDocument *document)
{
  PlannerFormPagePrivate *priv = planner_form_page_get_instance_private (self);
  GPtrArray *rows;

  g_return_if_fail (PLANNER_IS_FORM_PAGE (self));
  g_return_if_fail (PLANNER_IS_DOCUMENT (document));
  g_return_if_fail (priv->document == NULL);

  priv->document = g_object_ref (document);
  planner_form_page_set_job (self, planner_document_get_job (document));
  rows = get_rows (self);
  for (guint i = 0; i < rows->len; i++)
    {
      if (PLANNER_IS_SPIN_ROW (g_ptr_array_index (rows, i)))
        g_signal_connect_object (g_ptr_array_index (rows, i), "invalid-changed",
                                 G_CALLBACK (on_row_invalid_changed), self, G_CONNECT_SWAPPED);
    }
  g_signal_connect_object (document, "report-changed", G_CALLBACK (on_report_changed), self, G_CONNECT_SWAPPED);
  on_report_changed (self, document);
}

PlannerJob *
planner_form_page_get_job (PlannerFormPage *self)
{
  PlannerFormPagePrivate *priv = planner_form_page_get_instance_private (self);

  g_return_val_if_fail (PLANNER_IS_FORM_PAGE (self), NULL);
  return priv->job;
}

void
planner_form_page_update (PlannerFormPage *self,
                          PlannerReport   *report,
                          GPtrArray       *problems)
{
  GPtrArray *rows;

  g_return_if_fail (PLANNER_IS_FORM_PAGE (self));

  rows = get_rows (self);
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);
      const PlannerProblem *problem;
      const PlannerField *field;

      /* What the person is typing that no field can hold stays marked
       * by the row itself until they fix it. */
      if (planner_field_row_get_invalid (row))
        continue;
      problem = problems != NULL ? planner_problems_for_key (problems, planner_field_row_get_key (row)) : NULL;
      planner_field_row_set_problem (row, problem != NULL ? problem->severity : PLANNER_SEVERITY_ERROR,
                                     problem != NULL ? problem->message : NULL);
      /* A field that means nothing for this job is out of the way (the
       * recompute details of another recompute, MoE settings of a dense
       * model); one with a problem always stays in view. */
      field = planner_field_lookup (planner_field_row_get_key (row));
      gtk_widget_set_visible (row, field == NULL || problem != NULL ||
                                   planner_field_applies (field, planner_form_page_get_job (self)));
    }
  if (PLANNER_FORM_PAGE_GET_CLASS (self)->update != NULL && report != NULL)
    PLANNER_FORM_PAGE_GET_CLASS (self)->update (self, report);
}

GtkWidget *
planner_form_page_find_row (PlannerFormPage *self,
                            const char      *key)
{
  GPtrArray *rows;

  g_return_val_if_fail (PLANNER_IS_FORM_PAGE (self), NULL);

  rows = get_rows (self);
  for (guint i = 0; i < rows->len; i++)
    {
      if (g_strcmp0 (planner_field_row_get_key (g_ptr_array_index (rows, i)), key) == 0)
        return g_ptr_array_index (rows, i);
    }
  return NULL;
}

gboolean
planner_form_page_focus_field (PlannerFormPage *self,
                               const char      *key)
{
  PlannerFormPageClass *klass = PLANNER_FORM_PAGE_GET_CLASS (self);
  GtkWidget *row;

  /* A field shown read-only is shown where it can be read. */
  if (klass->focus_read_only != NULL && klass->focus_read_only (self, key))
    return TRUE;
  row = planner_form_page_find_row (self, key);
  if (row == NULL)
    return FALSE;
  /* A row hidden by a choice (the tokenizer's files) is shown to be fixed. */
  gtk_widget_set_visible (row, TRUE);
  planner_field_row_focus (row);
  return TRUE;
}
