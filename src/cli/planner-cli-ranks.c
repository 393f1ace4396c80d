/* planner-cli-ranks.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-cli"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>

#include "planner-cli-private.h"
#include "planner-layout.h"

#define COMMAND "ranks"

/* Text mode lists every group of a world this small, else a sample. */
#define SMALL_WORLD       64
#define SAMPLE_GROUPS     4
#define SAMPLE_GROUP_SIZE 16
#define LINE_WIDTH        78
#define N_SUGGESTIONS     5

typedef struct
{
  const char *option;
  char       *text;     /* as given; NULL when absent */
  guint64     value;
} PlannerCliNumber;

enum
{
  NUM_WORLD,
  NUM_TP,
  NUM_PP,
  NUM_CP,
  NUM_EP,
  NUM_ETP,
  NUM_VPP,
  NUM_GPUS_PER_NODE,
  NUM_EXPERTS,
  N_NUMBERS
};

static void
print_suggestions (guint64              world,
                   const guint64        degrees[N_NUMBERS],
                   gboolean             etp_given,
                   PlannerRankOrder     order)
{
  g_autoptr(GArray) near = NULL;

  near = planner_layout_nearest_valid_full (world, degrees[NUM_TP], degrees[NUM_PP], degrees[NUM_CP],
                                            degrees[NUM_EP], etp_given ? degrees[NUM_ETP] : 0,
                                            degrees[NUM_VPP], order, (guint) degrees[NUM_EXPERTS],
                                            N_SUGGESTIONS);
  if (near->len == 0)
    return;

  g_printerr (_("Nearest valid layouts for %" PRIu64 " GPUs (rank order %s):\n"),
              world, planner_rank_order_to_string (order));
  for (guint i = 0; i < near->len; i++)
    {
      const PlannerLayout *l = &g_array_index (near, PlannerLayout, i);
      g_autofree char *dense = planner_layout_describe (l);
      g_autofree char *expert = planner_layout_describe_expert (l);

      g_printerr ("  --tp %u --pp %u --cp %u --ep %u --etp %u\n      %s\n      %s\n",
                  l->tp, l->pp, l->cp, l->ep, l->etp, dense, expert);
    }
}

static char *
format_group (const guint32 *group,
              guint32        size,
              gboolean       sample)
{
  GString *out = g_string_new ("[");

  for (guint32 j = 0; j < size; j++)
    {
      /* A long group shows its head and its last rank. */
      if (sample && size > SAMPLE_GROUP_SIZE && j == 8)
        {
          g_string_append_printf (out, ", …, %u", group[size - 1]);
          break;
        }
      g_string_append_printf (out, j ? ", %u" : "%u", group[j]);
    }

  g_string_append_c (out, ']');
  return g_string_free (out, FALSE);
}

static void
print_text (const PlannerLayout *layout,
            guint32              gpus_per_node)
{
  g_autofree char *dense = planner_layout_describe (layout);
  g_autofree char *expert = planner_layout_describe_expert (layout);
  guint32 n_nodes = (layout->world_size + gpus_per_node - 1) / gpus_per_node;
  gboolean small = layout->world_size <= SMALL_WORLD;

  g_print ("%s\n%s\n", dense, expert);
  g_print (_("Rank order: %s%s\n"), planner_rank_order_to_string (layout->order),
           layout->order == PLANNER_RANK_ORDER_TP_CP_EP_PP_DP ? " (--use-tp-pp-dp-mapping)" : "");
  if (layout->vpp > 1)
    g_print (_("Virtual pipeline: %u stages per pipeline rank\n"), layout->vpp);
  g_print (_("Nodes: %u × %u GPUs\n"), n_nodes, gpus_per_node);

  for (guint k = 0; k < PLANNER_N_GROUP_KINDS; k++)
    {
      g_autoptr(PlannerGroups) groups = planner_groups_new (layout, (PlannerGroupKind) k);
      guint32 shown;
      guint column = 2;
      g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u group", "%u groups", groups->n_groups),
                                                groups->n_groups);
      g_autofree char *size = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u rank", "%u ranks", groups->group_size),
                                               groups->group_size);

      /* Translators: “tp   2 groups × 4 ranks, within nodes”: the group kind
       * (an id), the number of groups, the ranks in each */
      g_print (planner_groups_cross_nodes (groups, gpus_per_node) ? _("\n%-18s %s × %s, crosses nodes\n")
                                                                  : _("\n%-18s %s × %s, within nodes\n"),
               planner_group_kind_to_string ((PlannerGroupKind) k), count, size);

      shown = small ? groups->n_groups : MIN (groups->n_groups, SAMPLE_GROUPS);
      g_print ("  ");
      for (guint32 g = 0; g < shown; g++)
        {
          g_autofree char *text = format_group (planner_groups_get_group (groups, g),
                                                groups->group_size, !small);
          guint width = (guint) g_utf8_strlen (text, -1);

          if (column > 2 && column + 1 + width > LINE_WIDTH)
            {
              g_print ("\n  ");
              column = 2;
            }
          else if (column > 2)
            {
              g_print (" ");
              column++;
            }
          g_print ("%s", text);
          column += width;
        }
      if (shown < groups->n_groups)
        g_print (_(" … (%u more)"), groups->n_groups - shown);
      g_print ("\n");
    }
}

/* Streamed: 16,384 GPUs are 4 MB of JSON and a million are 450 MB, far
 * too much for a json-glib tree.  One group kind at a time is in memory. */
static gboolean
print_json (const PlannerLayout *layout)
{
  static const struct
  {
    const char *name;
    gsize       offset;
  } degrees[] = {
    { "tp", G_STRUCT_OFFSET (PlannerLayout, tp) },
    { "pp", G_STRUCT_OFFSET (PlannerLayout, pp) },
    { "cp", G_STRUCT_OFFSET (PlannerLayout, cp) },
    { "dp", G_STRUCT_OFFSET (PlannerLayout, dp) },
    { "ep", G_STRUCT_OFFSET (PlannerLayout, ep) },
    { "etp", G_STRUCT_OFFSET (PlannerLayout, etp) },
    { "expert_dp", G_STRUCT_OFFSET (PlannerLayout, expert_dp) },
  };
  g_autoptr(PlannerJsonWriter) writer = planner_cli_json_writer_new ();

  planner_json_writer_begin_object (writer);
  /* Every JSON output says which release it planned for (issue 20). */
  planner_json_writer_member (writer, "megatron_core");
  planner_json_writer_string (writer, planner_cli_release_for (NULL));
  planner_json_writer_member (writer, "world_size");
  planner_json_writer_int (writer, layout->world_size);

  planner_json_writer_member (writer, "layout");
  planner_json_writer_begin_object (writer);
  for (guint i = 0; i < G_N_ELEMENTS (degrees); i++)
    {
      planner_json_writer_member (writer, degrees[i].name);
      planner_json_writer_int (writer, G_STRUCT_MEMBER (guint32, layout, degrees[i].offset));
    }
  planner_json_writer_end_object (writer);

  planner_json_writer_member (writer, "groups");
  planner_json_writer_begin_object (writer);
  for (guint k = 0; k < PLANNER_N_GROUP_KINDS; k++)
    {
      g_autoptr(PlannerGroups) groups = planner_groups_new (layout, (PlannerGroupKind) k);

      planner_json_writer_member (writer, planner_group_kind_to_string ((PlannerGroupKind) k));
      planner_json_writer_begin_array (writer);
      for (guint32 g = 0; g < groups->n_groups; g++)
        planner_json_writer_uint_array (writer, planner_groups_get_group (groups, g), groups->group_size);
      planner_json_writer_end_array (writer);
    }
  planner_json_writer_end_object (writer);
  planner_json_writer_end_object (writer);

  return planner_cli_json_writer_finish (writer);
}

int
planner_cli_ranks (int    argc,
                   char **argv)
{
  PlannerCliNumber numbers[N_NUMBERS] = {
    [NUM_WORLD]         = { "--world-size", NULL, 0 },
    [NUM_TP]            = { "--tp", NULL, 1 },
    [NUM_PP]            = { "--pp", NULL, 1 },
    [NUM_CP]            = { "--cp", NULL, 1 },
    [NUM_EP]            = { "--ep", NULL, 1 },
    [NUM_ETP]           = { "--etp", NULL, 0 },
    [NUM_VPP]           = { "--vpp", NULL, 1 },
    [NUM_GPUS_PER_NODE] = { "--gpus-per-node", NULL, 8 },
    [NUM_EXPERTS]       = { "--num-experts", NULL, 0 },
  };
  gboolean mapping = FALSE;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "world-size", 0, 0, G_OPTION_ARG_STRING, &numbers[NUM_WORLD].text,
      N_("Number of GPUs (required)"), "N" },
    { "tp", 0, 0, G_OPTION_ARG_STRING, &numbers[NUM_TP].text,
      N_("Tensor-parallel size (default 1)"), "T" },
    { "pp", 0, 0, G_OPTION_ARG_STRING, &numbers[NUM_PP].text,
      N_("Pipeline-parallel size (default 1)"), "P" },
    { "cp", 0, 0, G_OPTION_ARG_STRING, &numbers[NUM_CP].text,
      N_("Context-parallel size (default 1)"), "C" },
    { "ep", 0, 0, G_OPTION_ARG_STRING, &numbers[NUM_EP].text,
      N_("Expert-parallel size (default 1)"), "E" },
    { "etp", 0, 0, G_OPTION_ARG_STRING, &numbers[NUM_ETP].text,
      N_("Expert tensor-parallel size (default: the tensor-parallel size)"), "X" },
    { "vpp", 0, 0, G_OPTION_ARG_STRING, &numbers[NUM_VPP].text,
      N_("Virtual pipeline stages per pipeline rank (default 1)"), "V" },
    { "num-experts", 0, 0, G_OPTION_ARG_STRING, &numbers[NUM_EXPERTS].text,
      N_("Number of experts, so suggested layouts keep EP a divisor of it"), "N" },
    { "use-tp-pp-dp-mapping", 0, 0, G_OPTION_ARG_NONE, &mapping,
      N_("Megatron's tp-cp-ep-pp-dp rank order"), NULL },
    { "gpus-per-node", 0, 0, G_OPTION_ARG_STRING, &numbers[NUM_GPUS_PER_NODE].text,
      N_("GPUs per node, for node boundaries (default 8)"), "G" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print every group as JSON"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) args = g_strdupv (argv);
  PlannerRankOrder order;
  PlannerLayout layout;
  guint64 values[N_NUMBERS];
  int status = PLANNER_EXIT_OK;

  context = g_option_context_new (N_("— show Megatron's rank-to-group mapping"));
  g_option_context_set_summary (context,
                                N_("Lists every process group Megatron-Core 0.20.0 builds for a layout,\n"
                                   "in Megatron's order.  An impossible layout exits 2 with Megatron's\n"
                                   "reason and the nearest valid layouts.\n"
                                   "Exit status: 0 the layout is valid, 2 it is not, or a bad invocation."));

  if (!planner_cli_parse_options (COMMAND, context, entries, &args))
    {
      status = PLANNER_EXIT_USAGE;
      goto out;
    }
  if (args[0] != NULL && args[1] != NULL)
    {
      status = planner_cli_usage_error (COMMAND, _("unexpected argument “%s”"), args[1]);
      goto out;
    }
  if (numbers[NUM_WORLD].text == NULL)
    {
      status = planner_cli_usage_error (COMMAND, _("--world-size is required (the number of GPUs)"));
      goto out;
    }

  for (guint i = 0; i < N_NUMBERS; i++)
    {
      guint64 max = i == NUM_EXPERTS ? G_MAXUINT : PLANNER_MAX_WORLD_SIZE;

      if (numbers[i].text == NULL)
        continue;
      if (!planner_cli_parse_count (COMMAND, numbers[i].option, numbers[i].text, max, &numbers[i].value))
        {
          status = PLANNER_EXIT_USAGE;
          goto out;
        }
    }
  for (guint i = 0; i < N_NUMBERS; i++)
    values[i] = numbers[i].value;

  order = mapping ? PLANNER_RANK_ORDER_TP_CP_EP_PP_DP : PLANNER_RANK_ORDER_TP_CP_EP_DP_PP;
  if (values[NUM_EXPERTS] > 0 && values[NUM_EXPERTS] % values[NUM_EP] != 0)
    {
      status = planner_cli_usage_error (COMMAND,
                                        _("Number of experts should be a multiple of expert model parallel_size "
                                          "(--num-experts %" PRIu64 ", --ep %" PRIu64 ")"),
                                        values[NUM_EXPERTS], values[NUM_EP]);
      print_suggestions (values[NUM_WORLD], values, numbers[NUM_ETP].text != NULL, order);
      goto out;
    }

  if (!planner_layout_init (&layout, values[NUM_WORLD], values[NUM_TP], values[NUM_PP],
                            values[NUM_CP], values[NUM_EP], values[NUM_ETP], values[NUM_VPP],
                            order, &error))
    {
      status = planner_cli_usage_error (COMMAND, "%s", error->message);
      print_suggestions (values[NUM_WORLD], values, numbers[NUM_ETP].text != NULL, order);
      goto out;
    }

  if (json)
    {
      /* A failed write is reported once, at exit, for every command. */
      if (!print_json (&layout))
        status = PLANNER_EXIT_USAGE;
    }
  else
    print_text (&layout, (guint32) values[NUM_GPUS_PER_NODE]);

out:
  for (guint i = 0; i < N_NUMBERS; i++)
    g_free (numbers[i].text);
  return status;
}
