/* planner-palette.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-palette"

#include "config.h"

#include <math.h>

#include "planner-palette.h"

/* Tol's muted scheme without its ninth colour (purple), ordered so that
 * neighbouring values alternate dark and light. */
static const PlannerRgb palette[PLANNER_PALETTE_SIZE] = {
  { 0x33 / 255., 0x22 / 255., 0x88 / 255. },   /* indigo */
  { 0xdd / 255., 0xcc / 255., 0x77 / 255. },   /* sand */
  { 0x44 / 255., 0xaa / 255., 0x99 / 255. },   /* teal */
  { 0xcc / 255., 0x66 / 255., 0x77 / 255. },   /* rose */
  { 0x11 / 255., 0x77 / 255., 0x33 / 255. },   /* green */
  { 0x88 / 255., 0xcc / 255., 0xee / 255. },   /* cyan */
  { 0x88 / 255., 0x22 / 255., 0x55 / 255. },   /* wine */
  { 0x99 / 255., 0x99 / 255., 0x33 / 255. },   /* olive */
};

static const PlannerRgb dark_ink = { 0., 0., 0. };
static const PlannerRgb light_ink = { 1., 1., 1. };

/* Machado, Oliveira & Fernandes, "A Physiologically-based Model for
 * Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009: the
 * severity-1.0 matrices, applied to linear RGB. */
static const double vision_matrix[PLANNER_N_VISIONS][3][3] = {
  [PLANNER_VISION_NORMAL] = {
    { 1., 0., 0. }, { 0., 1., 0. }, { 0., 0., 1. },
  },
  [PLANNER_VISION_PROTANOPIA] = {
    {  0.152286,  1.052583, -0.204868 },
    {  0.114503,  0.786281,  0.099216 },
    { -0.003882, -0.048116,  1.051998 },
  },
  [PLANNER_VISION_DEUTERANOPIA] = {
    {  0.367322,  0.860646, -0.227968 },
    {  0.280085,  0.672501,  0.047413 },
    { -0.011820,  0.042940,  0.968881 },
  },
  [PLANNER_VISION_TRITANOPIA] = {
    {  1.255528, -0.076749, -0.178779 },
    { -0.078411,  0.930809,  0.147602 },
    {  0.004733,  0.691367,  0.303900 },
  },
};

const PlannerRgb *
planner_palette_color (guint value)
{
  return &palette[value % PLANNER_PALETTE_SIZE];
}

guint16
planner_palette_fold (guint value)
{
  G_STATIC_ASSERT ((G_MAXUINT16 + 1) % PLANNER_PALETTE_DISTINCT == 0);
  /* Never clamped: every value past 65,535 would get one colour. */
  return (guint16) (value % (G_MAXUINT16 + 1));
}

PlannerMark
planner_palette_mark (guint value)
{
  return (PlannerMark) ((value / PLANNER_PALETTE_SIZE) % PLANNER_PALETTE_N_MARKS);
}

static double
to_linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
from_linear (double c)
{
  c = CLAMP (c, 0., 1.);
  return c <= 0.0031308 ? c * 12.92 : 1.055 * pow (c, 1 / 2.4) - 0.055;
}

static double
luminance (const PlannerRgb *rgb)
{
  return 0.2126 * to_linear (rgb->red) + 0.7152 * to_linear (rgb->green) + 0.0722 * to_linear (rgb->blue);
}

/* WCAG contrast: the ink that stands out more. */
const PlannerRgb *
planner_palette_ink (guint value)
{
  double l = luminance (planner_palette_color (value));
  double with_dark = (l + 0.05) / (luminance (&dark_ink) + 0.05);
  double with_light = (luminance (&light_ink) + 0.05) / (l + 0.05);

  return with_dark >= with_light ? &dark_ink : &light_ink;
}

void
planner_palette_mark_color (guint       value,
                            PlannerRgb *out)
{
  const PlannerRgb *c = planner_palette_color (value);
  const PlannerRgb *ink = planner_palette_ink (value);

  /* Towards the ink: darker on light colours, lighter on dark ones, so
   * the mark shows on every colour. */
  out->red = c->red * 0.55 + ink->red * 0.45;
  out->green = c->green * 0.55 + ink->green * 0.45;
  out->blue = c->blue * 0.55 + ink->blue * 0.45;
}

void
planner_rgb_to_hex (const PlannerRgb *rgb,
                    char              out[8])
{
  g_snprintf (out, 8, "#%02x%02x%02x",
              (guint) (CLAMP (rgb->red, 0., 1.) * 255. + .5),
              (guint) (CLAMP (rgb->green, 0., 1.) * 255. + .5),
              (guint) (CLAMP (rgb->blue, 0., 1.) * 255. + .5));
}

void
planner_vision_simulate (PlannerVision     vision,
                         const PlannerRgb *in,
                         PlannerRgb       *out)
{
  const double (*m)[3];
  double lin[3], res[3];

  g_return_if_fail (vision < PLANNER_N_VISIONS);

  m = vision_matrix[vision];
  lin[0] = to_linear (in->red);
  lin[1] = to_linear (in->green);
  lin[2] = to_linear (in->blue);
  for (guint i = 0; i < 3; i++)
    res[i] = m[i][0] * lin[0] + m[i][1] * lin[1] + m[i][2] * lin[2];
  out->red = from_linear (res[0]);
  out->green = from_linear (res[1]);
  out->blue = from_linear (res[2]);
}

const char *
planner_vision_to_string (PlannerVision vision)
{
  switch (vision)
    {
    case PLANNER_VISION_NORMAL: return "normal";
    case PLANNER_VISION_PROTANOPIA: return "protanopia";
    case PLANNER_VISION_DEUTERANOPIA: return "deuteranopia";
    case PLANNER_VISION_TRITANOPIA: return "tritanopia";
    case PLANNER_N_VISIONS:
    default: return NULL;
    }
}

static double
lab_f (double t)
{
  return t > 216. / 24389. ? cbrt (t) : (24389. / 27. * t + 16.) / 116.;
}

void
planner_rgb_to_lab (const PlannerRgb *rgb,
                    double            lab[3])
{
  double r = to_linear (rgb->red), g = to_linear (rgb->green), b = to_linear (rgb->blue);
  double x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b;
  double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
  double z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b;
  double fx = lab_f (x / 0.95047), fy = lab_f (y), fz = lab_f (z / 1.08883);

  lab[0] = 116. * fy - 16.;
  lab[1] = 500. * (fx - fy);
  lab[2] = 200. * (fy - fz);
}

#define RAD(d) ((d) * G_PI / 180.)

/* Sharma, Wu & Dalal, "The CIEDE2000 color-difference formula:
 * implementation notes", Color Res. Appl. 30(1), 2005. */
double
planner_rgb_delta_e (const PlannerRgb *a,
                     const PlannerRgb *b)
{
  double l1[3], l2[3];

  planner_rgb_to_lab (a, l1);
  planner_rgb_to_lab (b, l2);
  return planner_lab_delta_e (l1, l2);
}

double
planner_lab_delta_e (const double l1[3],
                     const double l2[3])
{
  double c1, c2, cb, g, a1p, a2p, c1p, c2p, h1p, h2p, dlp, dcp, dhp, dHp;
  double lbp, cbp, hbp, t, dtheta, rc, sl, sc, sh, rt;

  c1 = hypot (l1[1], l1[2]);
  c2 = hypot (l2[1], l2[2]);
  cb = (c1 + c2) / 2.;
  g = 0.5 * (1. - sqrt (pow (cb, 7) / (pow (cb, 7) + pow (25., 7))));
  a1p = (1. + g) * l1[1];
  a2p = (1. + g) * l2[1];
  c1p = hypot (a1p, l1[2]);
  c2p = hypot (a2p, l2[2]);
  h1p = c1p == 0. ? 0. : fmod (atan2 (l1[2], a1p) * 180. / G_PI + 360., 360.);
  h2p = c2p == 0. ? 0. : fmod (atan2 (l2[2], a2p) * 180. / G_PI + 360., 360.);

  dlp = l2[0] - l1[0];
  dcp = c2p - c1p;
  if (c1p * c2p == 0.)
    dhp = 0.;
  else
    {
      dhp = h2p - h1p;
      if (dhp > 180.)
        dhp -= 360.;
      else if (dhp < -180.)
        dhp += 360.;
    }
  dHp = 2. * sqrt (c1p * c2p) * sin (RAD (dhp / 2.));

  lbp = (l1[0] + l2[0]) / 2.;
  cbp = (c1p + c2p) / 2.;
  if (c1p * c2p == 0.)
    hbp = h1p + h2p;
  else if (fabs (h1p - h2p) <= 180.)
    hbp = (h1p + h2p) / 2.;
  else if (h1p + h2p < 360.)
    hbp = (h1p + h2p + 360.) / 2.;
  else
    hbp = (h1p + h2p - 360.) / 2.;

  t = 1. - 0.17 * cos (RAD (hbp - 30.)) + 0.24 * cos (RAD (2. * hbp)) + 0.32 * cos (RAD (3. * hbp + 6.)) -
      0.20 * cos (RAD (4. * hbp - 63.));
  dtheta = 30. * exp (-pow ((hbp - 275.) / 25., 2));
  rc = 2. * sqrt (pow (cbp, 7) / (pow (cbp, 7) + pow (25., 7)));
  sl = 1. + 0.015 * pow (lbp - 50., 2) / sqrt (20. + pow (lbp - 50., 2));
  sc = 1. + 0.045 * cbp;
  sh = 1. + 0.015 * cbp * t;
  rt = -sin (RAD (2. * dtheta)) * rc;

  return sqrt (pow (dlp / sl, 2) + pow (dcp / sc, 2) + pow (dHp / sh, 2) + rt * (dcp / sc) * (dHp / sh));
}
