/* planner-validate-args.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "planner-validate"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "planner-validate-private.h"

#include "planner-flag-catalog.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* Argument access                                                      */
/* ------------------------------------------------------------------ */

/* Flags whose spelling is not "--" + dest with dashes. */
static const struct
{
  const char *dest;
  const char *flag;
} flag_exceptions[] = {
  { "add_bias_linear", "--disable-bias-linear" },
  { "add_position_embedding", "--no-position-embedding" },
  { "fp8", "--fp8-format" },
  { "fp4", "--fp4-format" },
  { "gradient_accumulation_fusion", "--no-gradient-accumulation-fusion" },
  { "microbatch_group_size_per_vp_stage", "--microbatch-group-size-per-virtual-pipeline-stage" },
  { "overlap_p2p_comm", "--no-overlap-p2p-communication" },
  { "use_gloo_process_groups", "--disable-gloo-process-groups" },
};

/* The flag as the user wrote it, or the canonical spelling.  Interned so
 * callers never free it. */
const char *
flag_for (const PlannerArgs *args,
          const char        *dest)
{
  const char *written = planner_args_get_flag (args, dest);
  const PlannerFlagInfo *info;
  g_autofree char *derived = NULL;

  if (written != NULL)
    return written;

  for (guint i = 0; i < G_N_ELEMENTS (flag_exceptions); i++)
    if (g_str_equal (flag_exceptions[i].dest, dest))
      return flag_exceptions[i].flag;

  /* The parser's own spelling: --no-rope-fusion for apply_rope_fusion. */
  info = planner_flag_catalog_lookup_dest (dest);
  if (info != NULL)
    return info->flag;

  derived = g_strconcat ("--", dest, NULL);
  g_strdelimit (derived, "_", '-');
  return g_intern_string (derived);
}

/* A Store argument given with a value other than None. */
gboolean
has_value (const PlannerArgs *args,
           const char        *dest)
{
  const char *const *list;

  if (!planner_args_is_set (args, dest))
    return FALSE;
  if (planner_args_get_string (args, dest, NULL) != NULL)
    return TRUE;
  list = planner_args_get_list (args, dest);
  return list != NULL;
}

gint64
arg_int (const PlannerArgs *args,
         const char        *dest,
         gint64             fallback)
{
  return planner_args_get_int (args, dest, fallback);
}

/* A positive integer, or 0 when absent, zero, negative or unreadable. */
guint64
arg_pos (const PlannerArgs *args,
         const char        *dest)
{
  gint64 value;

  if (!has_value (args, dest))
    return 0;
  value = planner_args_get_int (args, dest, 0);
  return value > 0 ? (guint64) value : 0;
}

gboolean
arg_bool (const PlannerArgs *args,
          const char        *dest,
          gboolean           fallback)
{
  return planner_args_get_bool (args, dest, fallback);
}

const char *
arg_str (const PlannerArgs *args,
         const char        *dest,
         const char        *fallback)
{
  return planner_args_get_string (args, dest, fallback);
}

gboolean
str_is (const char *value,
        const char *expected)
{
  return value != NULL && g_str_equal (value, expected);
}

/* The first element of a nargs '+' argument (or its plain value). */
const char *
arg_first (const PlannerArgs *args,
           const char        *dest,
           const char        *fallback)
{
  const char *const *list = planner_args_get_list (args, dest);

  if (list != NULL && list[0] != NULL)
    return list[0];
  return planner_args_get_string (args, dest, fallback);
}

guint
arg_list_length (const PlannerArgs *args,
                 const char        *dest)
{
  const char *const *list = planner_args_get_list (args, dest);

  if (list == NULL)
    return has_value (args, dest) ? 1 : 0;
  return g_strv_length ((char **) list);
}

/* ------------------------------------------------------------------ */
/* Arithmetic helpers                                                   */
/* ------------------------------------------------------------------ */

/* a·b, or 0 when it would not fit (callers treat 0 as "too large"). */
guint64
mul_or_zero (guint64 a,
             guint64 b)
{
  if (a != 0 && b > G_MAXUINT64 / a)
    return 0;
  return a * b;
}

guint64
gcd64 (guint64 a,
       guint64 b)
{
  while (b != 0)
    {
      guint64 t = a % b;

      a = b;
      b = t;
    }
  return a;
}

/* "1, 2, 4 and 8": divisors d of @n (d ≤ MAX_CANDIDATE) that also divide
 * @fit when @fit is non-zero.  NULL when there is none. */
char *
format_divisors (guint64 n,
                 guint64 fit)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GArray) found = planner_validate_divisors (n, fit);

  if (found->len == 0)
    return NULL;

  for (guint i = 0; i < found->len; i++)
    {
      if (i > 0)
        /* translators: the separators of a list of choices, "1, 2, 4 or 8" */
        g_string_append (text, i + 1 == found->len ? C_("choices", " or ") : C_("choices", ", "));
      g_string_append_printf (text, "%u", g_array_index (found, guint32, i));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

GArray *
planner_validate_divisors (guint64 n,
                           guint64 fit)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint64 d = 1; d <= MIN (n, MAX_CANDIDATE) && found->len < MAX_CHOICES; d++)
    if (n % d == 0 && (fit == 0 || fit % d == 0))
      {
        guint32 value = (guint32) d;

        g_array_append_val (found, value);
      }
  return found;
}

char *
join_list (GPtrArray *items)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < items->len; i++)
    {
      if (i > 0)
        g_string_append (text, LIST_SEPARATOR);
      g_string_append (text, g_ptr_array_index (items, i));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* "1,024 or 1,536": the multiples of @unit on either side of @value. */
char *
format_nearest_multiples (guint64 value,
                          guint64 unit)
{
  guint64 below = unit != 0 ? value / unit * unit : 0;
  guint64 above = mul_or_zero (unit, (unit != 0 ? value / unit : 0) + 1);

  if (below == 0 && above == 0)
    /* translators: in place of a list of valid values */
    return g_strdup (_("none"));
  if (below == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT, above);
  if (above == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT, below);
  /* translators: two choices, "1,024 or 1,536" */
  return g_strdup_printf (_("%" PRIu64 " or %" PRIu64), below, above);
}

gboolean
planner_check_fsdp (const PlannerCheck *c)
{
  /* use_custom_fsdp: Megatron FSDP's name before 0.14. */
  return arg_bool (c->args, "use_megatron_fsdp", FALSE) || arg_bool (c->args, "use_torch_fsdp2", FALSE)
         || arg_bool (c->args, "use_custom_fsdp", FALSE);
}

gboolean
arg_list_contains (const PlannerArgs *args,
                   const char        *dest,
                   const char        *value)
{
  const char *const *list = planner_args_get_list (args, dest);

  if (list == NULL)
    return str_is (planner_args_get_string (args, dest, NULL), value);
  for (guint i = 0; list[i] != NULL; i++)
    if (g_str_equal (list[i], value))
      return TRUE;
  return FALSE;
}

gboolean
planner_check_recompute_module (const PlannerCheck *c,
                                const char         *module)
{
  if (!has_value (c->args, "recompute_modules"))
    return g_str_equal (module, "core_attn");
  return arg_list_contains (c->args, "recompute_modules", module);
}

gboolean
planner_check_graph_module (const PlannerCheck *c,
                            const char         *module)
{
  return arg_list_contains (c->args, "cuda_graph_modules", module);
}

gboolean
planner_check_offload_module (const PlannerCheck *c,
                              const char         *module)
{
  return arg_list_contains (c->args, "offload_modules", module);
}
