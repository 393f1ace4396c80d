/* planner-palette.h
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The data colours of every picture: Paul Tol's "muted" qualitative
 * scheme (https://personal.sron.nl/~pault/#sec:qualitative), designed to
 * stay apart for the common colour-vision deficiencies; the tests check
 * that they do, under a simulation.  Values past the eighth get the same
 * colours again with a pattern over the cell (PLANNER_MARK_*): half the
 * cell in a darker or lighter shade, so that it shows however small the
 * cells are and 64 values never look alike; past 64 the picture's labels
 * tell them apart. */
#define PLANNER_PALETTE_SIZE 8
#define PLANNER_PALETTE_N_MARKS 8
#define PLANNER_PALETTE_DISTINCT (PLANNER_PALETTE_SIZE * PLANNER_PALETTE_N_MARKS)

/* sRGB, each channel 0 … 1. */
typedef struct
{
  double red;
  double green;
  double blue;
} PlannerRgb;

/* What is drawn over a cell besides its colour: rectangles only, so
 * that every renderer draws them alike and fast.  Unlabelled cells get
 * the pattern at its full size (half the cell, a texture over a region
 * of tiny cells); cells with labels get it as strips along the edges. */
typedef enum
{
  PLANNER_MARK_NONE = 0,
  PLANNER_MARK_LOWER,        /* the lower half */
  PLANNER_MARK_LEFT,         /* the left half */
  PLANNER_MARK_UPPER,        /* the upper half */
  PLANNER_MARK_RIGHT,        /* the right half */
  PLANNER_MARK_LOWER_LEFT,   /* all but the upper right quarter */
  PLANNER_MARK_UPPER_RIGHT,  /* all but the lower left quarter */
  PLANNER_MARK_BANDS,        /* the upper and the lower quarter */
} PlannerMark;

/* The common colour-vision deficiencies at full severity, as Machado,
 * Oliveira and Fernandes (2009) simulate them. */
typedef enum
{
  PLANNER_VISION_NORMAL = 0,
  PLANNER_VISION_PROTANOPIA,
  PLANNER_VISION_DEUTERANOPIA,
  PLANNER_VISION_TRITANOPIA,
  PLANNER_N_VISIONS
} PlannerVision;

/* The colour of @value (any number: it wraps). */
const PlannerRgb *planner_palette_color          (guint              value);
/* @value in the 16 bits a shape keeps, with the same colour and mark:
 * itself up to 65,535, past it the same place in the cycle of 32. */
guint16           planner_palette_fold           (guint              value);
/* The pattern that tells @value from value ± 8, ± 16, … (up to ± 56) */
PlannerMark       planner_palette_mark           (guint              value);
/* The colour to write text in on top of @value's colour: near-black on
 * the light colours, white on the dark ones. */
const PlannerRgb *planner_palette_ink            (guint              value);
/* The darker shade marks are drawn in. */
void              planner_palette_mark_color     (guint              value,
                                                  PlannerRgb        *out);
/* "#88ccee" */
void              planner_rgb_to_hex             (const PlannerRgb  *rgb,
                                                  char               out[8]);

void              planner_vision_simulate        (PlannerVision      vision,
                                                  const PlannerRgb  *in,
                                                  PlannerRgb        *out);
const char       *planner_vision_to_string       (PlannerVision      vision);
/* CIE L*a*b* (D65) of an sRGB colour, and the CIEDE2000 difference of two
 * colours: about 2.3 is "just noticeable", above 10 clearly different. */
void              planner_rgb_to_lab             (const PlannerRgb  *rgb,
                                                  double             lab[3]);
double            planner_rgb_delta_e            (const PlannerRgb  *a,
                                                  const PlannerRgb  *b);
double            planner_lab_delta_e            (const double       a[3],
                                                  const double       b[3]);

G_END_DECLS
