/* fuzz-picture.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer target: any layout a job file can hold (degrees, VPP, batch,
 * recompute, model) drawn as every picture, at any size the window or the
 * command line can ask for, with any bytes as a model id and a panel
 * label.  Every picture must come back with finite geometry, text that is
 * UTF-8 without control characters, and an SVG that is well-formed, with
 * no NaN or infinity in it.
 *
 * Input: 24 bytes of parameters, then the label (any bytes).
 */

#include "config.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "fuzz-common.h"

#include "planner-draw.h"
#include "planner-picture.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define N_PARAMS 24

static const char * const models[] = {
  "gpt2-tiny", "llama3-8b", "llama3-70b", "mixtral-8x7b", "deepseek-v3", "gpt3-175b", "qwen3-30b-a3b", "",
};
static const char * const gpus[] = { "h100-sxm", "gb200", "a100-80gb", "v100", "b200", "l40s", "nope", "" };
static const char * const recomputes[] = { "none", "selective", "full" };

static guint
pick (const uint8_t *p,
      guint          lo,
      guint          hi)
{
  /* Two bytes, spread over lo..hi, with the ends more likely. */
  guint v = (guint) p[0] << 8 | p[1];

  if (v % 7 == 0)
    return lo;
  if (v % 11 == 0)
    return hi;
  return lo + v % (hi - lo + 1);
}

/* No figure printed as NaN or infinity: no word "nan", "inf" or
 * "infinity" (the fuzzed strings hold no 'n', so none of theirs). */
static void
assert_no_nan_word (const char *text)
{
  const char *p = text;

  while (*p != '\0')
    {
      const char *start;
      gsize n;

      while (*p != '\0' && !g_ascii_isalpha (*p))
        p++;
      start = p;
      while (g_ascii_isalpha (*p))
        p++;
      n = (gsize) (p - start);
      g_assert_false ((n == 3 && (g_ascii_strncasecmp (start, "nan", 3) == 0 ||
                                  g_ascii_strncasecmp (start, "inf", 3) == 0)) ||
                      (n == 8 && g_ascii_strncasecmp (start, "infinity", 8) == 0));
    }
}

static void
check_scene (const PlannerScene *scene)
{
  const PlannerShape *shapes;
  guint n;

  g_assert_true (isfinite (planner_scene_get_width (scene)));
  g_assert_true (isfinite (planner_scene_get_height (scene)));
  g_assert_true (g_utf8_validate (planner_scene_get_description (scene), -1, NULL));
  shapes = planner_scene_get_shapes (scene, &n);
  for (guint i = 0; i < n; i++)
    {
      const PlannerShape *s = &shapes[i];
      const char *text = planner_scene_get_text (scene, s);

      g_assert_true (isfinite (s->x) && isfinite (s->y) && isfinite (s->w) && isfinite (s->h));
      g_assert_true (isfinite (s->line) && isfinite (s->radius));
      if (text != NULL)
        {
          g_assert_true (g_utf8_validate (text, -1, NULL));
          assert_no_nan_word (text);
          for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
            {
              gunichar c = g_utf8_get_char (p);

              g_assert_false (c < 0x20 || (c >= 0x7f && c <= 0x9f));
            }
        }
    }
}

static void
check_svg (const PlannerScene *scene)
{
  PlannerDrawTheme theme;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GMarkupParseContext) context = NULL;
  static const GMarkupParser parser = { NULL, };
  g_autoptr(GError) error = NULL;
  const char *svg;
  gsize length;

  planner_draw_theme_init (&theme, FALSE);
  bytes = planner_draw_svg (scene, &theme);
  svg = g_bytes_get_data (bytes, &length);
  g_assert_true (g_utf8_validate (svg, (gssize) length, NULL));
  /* GMarkup takes character references XML 1.0 forbids: look for them. */
  g_assert_null (g_strstr_len (svg, (gssize) length, "&#x"));
  /* Numbers are only in attributes; a label may well say "banana". */
  g_assert_null (g_strstr_len (svg, (gssize) length, "=\"nan"));
  g_assert_null (g_strstr_len (svg, (gssize) length, "=\"-nan"));
  g_assert_null (g_strstr_len (svg, (gssize) length, "=\"inf"));
  g_assert_null (g_strstr_len (svg, (gssize) length, "=\"-inf"));
  context = g_markup_parse_context_new (&parser, 0, NULL, NULL);
  g_assert_true (g_markup_parse_context_parse (context, svg, (gssize) length, &error));
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(PlannerJob) job = planner_job_new ();
  g_autoptr(PlannerPictureData) picture = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  g_autofree char *model_id = NULL;
  g_autofree char *json = NULL;
  PlannerPictureStyle style = { 0, };
  PlannerGridOptions options;
  guint nodes, per_node, kind;

  if (size < N_PARAMS)
    return 0;
  label = g_strndup ((const char *) data + N_PARAMS, size - N_PARAMS);
  /* Without 'n', no "nan" or "inf" of the label's own in the texts. */
  g_strdelimit (label, "nN", '_');
  /* A model id the loader takes: the label made valid, or a catalogue id. */
  model_id = data[0] & 0x80 ? g_utf8_make_valid (label, -1) : g_strdup (models[data[0] % G_N_ELEMENTS (models)]);
  /* Small worlds: the fuzzer should try shapes, not wait on 16K grids
   * (check-draw-hostile.py draws the largest). */
  nodes = pick (data + 1, 1, 16);
  per_node = pick (data + 3, 1, 72);
  {
    g_autoptr(JsonBuilder) builder = json_builder_new ();
    g_autoptr(JsonGenerator) generator = json_generator_new ();
    g_autoptr(JsonNode) root = NULL;

    json_builder_begin_object (builder);
    json_builder_set_member_name (builder, "format");
    json_builder_add_string_value (builder, "launch-planner-job");
    json_builder_set_member_name (builder, "version");
    json_builder_add_int_value (builder, 1);
    json_builder_set_member_name (builder, "model");
    json_builder_begin_object (builder);
    json_builder_set_member_name (builder, "model_id");
    json_builder_add_string_value (builder, model_id);
    if (*model_id == '\0')
      {
        json_builder_set_member_name (builder, "params_b");
        json_builder_add_double_value (builder, pick (data + 5, 0, 2000) / 4.);
      }
    json_builder_end_object (builder);
    json_builder_set_member_name (builder, "cluster");
    json_builder_begin_object (builder);
    json_builder_set_member_name (builder, "gpu_id");
    json_builder_add_string_value (builder, gpus[data[7] % G_N_ELEMENTS (gpus)]);
    json_builder_set_member_name (builder, "nodes");
    json_builder_add_int_value (builder, nodes);
    json_builder_set_member_name (builder, "gpus_per_node");
    json_builder_add_int_value (builder, per_node);
    json_builder_end_object (builder);
    json_builder_set_member_name (builder, "parallelism");
    json_builder_begin_object (builder);
    json_builder_set_member_name (builder, "tp");
    json_builder_add_int_value (builder, 1u << (data[8] % 8));
    json_builder_set_member_name (builder, "pp");
    json_builder_add_int_value (builder, pick (data + 9, 1, 1024));
    json_builder_set_member_name (builder, "vpp");
    json_builder_add_int_value (builder, pick (data + 11, 1, 1024));
    json_builder_set_member_name (builder, "cp");
    json_builder_add_int_value (builder, 1u << (data[13] % 4));
    json_builder_set_member_name (builder, "ep");
    json_builder_add_int_value (builder, 1u << (data[13] / 4 % 8));
    json_builder_set_member_name (builder, "etp");
    json_builder_add_int_value (builder, data[13] / 32 % 4);
    json_builder_end_object (builder);
    json_builder_set_member_name (builder, "training");
    json_builder_begin_object (builder);
    json_builder_set_member_name (builder, "micro_batch_size");
    json_builder_add_int_value (builder, pick (data + 14, 1, 64));
    json_builder_set_member_name (builder, "global_batch_size");
    json_builder_add_int_value (builder, data[16] & 1 ? pick (data + 16, 1, 1u << 30) : pick (data + 16, 1, 65536));
    json_builder_set_member_name (builder, "seq_length");
    json_builder_add_int_value (builder, 1u << (data[18] % 18));
    json_builder_set_member_name (builder, "recompute");
    json_builder_add_string_value (builder, recomputes[data[19] % G_N_ELEMENTS (recomputes)]);
    json_builder_end_object (builder);
    json_builder_end_object (builder);
    root = json_builder_get_root (builder);
    json_generator_set_root (generator, root);
    json = json_generator_to_data (generator, NULL);
  }
  if (!planner_job_load_from_data (job, json, -1, &error))
    {
      if (g_getenv ("FUZZ_PICTURE_DEBUG") != NULL)
        g_printerr ("%s\n%s\n", json, error->message);
      return 0;
    }

  picture = planner_picture_data_new (job, NULL);
  planner_picture_data_set_label (picture, label);

  /* What the window asks for: any size, any style. */
  style.font_size = pick (data + 20, 1, 64);
  style.width = pick (data + 21, 0, 8000);
  style.height = data[22] & 1 ? 0. : pick (data + 22, 0, 8000);
  style.presentation = data[23] & 1;
  style.interactive = data[23] & 2;
  style.compact = data[23] & 4;
  options.color_by = (PlannerGridColorBy) (data[23] >> 3) % PLANNER_N_GRID_COLORS;
  options.labels = data[23] & 0x80;
  {
    g_autoptr(PlannerScene) grid = planner_picture_grid (picture, &options, &style);
    g_autoptr(PlannerScene) schedule = planner_picture_schedule (picture, &style);
    g_autoptr(PlannerScene) memory = planner_picture_memory (picture, &style);
    g_autoptr(PlannerScene) compare = planner_picture_compare (picture, picture, &style);

    check_scene (grid);
    check_scene (schedule);
    check_scene (memory);
    check_scene (compare);
  }

  /* What `draw` writes: each picture for a file, at a width it accepts. */
  kind = data[20] % PLANNER_N_PICTURES;
  {
    g_autoptr(PlannerScene) scene = planner_picture_export ((PlannerPictureKind) kind, picture, picture,
                                                            data[21] & 1 ? &options : NULL,
                                                            pick (data + 21, 320, 7680));

    if (g_getenv ("FUZZ_PICTURE_DEBUG") != NULL)
      g_printerr ("%s\n%s: %u shapes\n", json, planner_picture_kind_to_string ((PlannerPictureKind) kind),
                  planner_scene_get_n_shapes (scene));
    check_scene (scene);
    check_svg (scene);
  }
  return 0;
}
