/* test-shell.c
 *
 * Copyright 2026 The Launch Planner developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "planner-shell.h"

#include <string.h>

#include "planner-diagnostic.h"

static PlannerShellScript *
parse_ok (const char *text)
{
  g_autoptr(GError) error = NULL;
  PlannerShellScript *script = planner_shell_parse (text, strlen (text), &error);

  g_assert_no_error (error);
  g_assert_nonnull (script);
  return script;
}

static PlannerShellCommand *
command (PlannerShellScript *script,
         guint               i)
{
  g_assert_cmpuint (i, <, script->commands->len);
  return g_ptr_array_index (script->commands, i);
}

static PlannerShellWord *
word (PlannerShellCommand *cmd,
      guint                i)
{
  g_assert_cmpuint (i, <, cmd->words->len);
  return g_ptr_array_index (cmd->words, i);
}

/* The words of command @i, space-joined, "|" between words. */
static char *
words_of (PlannerShellScript *script,
          guint               i)
{
  PlannerShellCommand *cmd = command (script, i);
  GString *out = g_string_new (NULL);

  for (guint k = 0; k < cmd->words->len; k++)
    {
      if (k > 0)
        g_string_append_c (out, '|');
      g_string_append (out, word (cmd, k)->text);
    }
  return g_string_free (out, FALSE);
}

static void
assert_words (PlannerShellScript *script,
              guint               i,
              const char         *expected)
{
  g_autofree char *got = words_of (script, i);

  g_assert_cmpstr (got, ==, expected);
}

static void
test_quote (void)
{
  struct { const char *in; const char *out; } cases[] = {
    { "abc", "abc" },
    { "--lr=1e-4", "--lr=1e-4" },
    { "/data/a_b.c:x,y+z@w%v", "/data/a_b.c:x,y+z@w%v" },
    { "", "''" },
    { "a b", "'a b'" },
    { "it's", "'it'\\''s'" },
    { "$HOME", "'$HOME'" },
    { "`date`", "'`date`'" },
    { "a\"b", "'a\"b'" },
    { "ümlaut", "'ümlaut'" },
    { "~", "'~'" },
    { "*", "'*'" },
    { "#x", "'#x'" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *q = planner_shell_quote (cases[i].in);

      g_assert_cmpstr (q, ==, cases[i].out);
    }
  {
    g_autofree char *q = planner_shell_quote (NULL);
    const char *argv[] = { "torchrun", "--data-path", "/my data", NULL };
    g_autofree char *joined = planner_shell_join (argv);

    g_assert_cmpstr (q, ==, "''");
    g_assert_cmpstr (joined, ==, "torchrun --data-path '/my data'");
  }
}

static void
test_quote_round_trip (void)
{
  const char *nasty[] = {
    "a b", "it's", "'", "''", "\"", "\"q\"", "$HOME", "${HOME}", "$(rm -rf /)", "`ls`", "\\",
    "back\\slash", "tab\there", "new\nline", "ümlaut ✓", "#notcomment", "~", "*", "a;b|c&d",
    "!event", "{a,b}", "$((1+1))", "--flag=a b", " lead", "trail ", "", "a\\\nb", "(x)", "<in >out",
  };

  for (guint i = 0; i < G_N_ELEMENTS (nasty); i++)
    {
      g_autofree char *quoted = planner_shell_quote (nasty[i]);
      g_autofree char *line = g_strconcat ("cmd ", quoted, " end\n", NULL);
      g_autoptr(PlannerShellScript) script = parse_ok (line);

      g_assert_cmpuint (script->commands->len, ==, 1);
      g_assert_cmpuint (command (script, 0)->words->len, ==, 3);
      g_assert_cmpstr (word (command (script, 0), 1)->text, ==, nasty[i]);
      g_assert_false (word (command (script, 0), 1)->unknown);
      g_assert_cmpstr (word (command (script, 0), 2)->text, ==, "end");
      g_assert_cmpuint (script->diagnostics->len, ==, 0);
    }
}

static void
test_comments_continuations (void)
{
  g_autoptr(PlannerShellScript) script =
    parse_ok ("#!/bin/bash\n"
              "# a comment\n"
              "echo a \\\n"
              "  b   # trailing comment\n"
              "echo c#d 'e # f'\n");

  g_assert_cmpuint (script->commands->len, ==, 2);
  assert_words (script, 0, "echo|a|b");
  g_assert_cmpuint (command (script, 0)->line, ==, 3);
  g_assert_cmpuint (word (command (script, 0), 2)->line, ==, 4);
  assert_words (script, 1, "echo|c#d|e # f");
  g_assert_cmpuint (command (script, 1)->line, ==, 5);
}

static void
test_quotes (void)
{
  g_autoptr(PlannerShellScript) script =
    parse_ok ("echo \"a \\\"b\\\" \\$c \\\\ d \\x\" 'x\\y' $'t\\tu' \"\" ''\n");

  assert_words (script, 0, "echo|a \"b\" $c \\ d \\x|x\\y|t\tu||");
}

static void
test_variables (void)
{
  g_autoptr(PlannerShellScript) script =
    parse_ok ("A=1\n"
              "B=\"x $A\"\n"
              "echo $B \"$B\" ${A} ${C:-def} ${C:=set} $C ${A:+alt} ${D:+alt}x\n"
              "A+=2\n"
              "echo $A ${A}b \"${A}\"c\n"
              "E=\n"
              "echo ${E:-empty} ${E-unset}x\n");

  /* D may come from the environment: ${D:+alt} is unknown, not empty. */
  assert_words (script, 0, "echo|x|1|x 1|1|def|set|set|alt|${D:+alt}x");
  g_assert_true (word (command (script, 0), 9)->unknown);
  assert_words (script, 1, "echo|12|12b|12c");
  assert_words (script, 2, "echo|empty|x");
  g_assert_cmpstr (g_hash_table_lookup (script->variables, "C"), ==, "set");
  g_assert_cmpuint (script->diagnostics->len, ==, 1);
}

static void
test_export (void)
{
  g_autoptr(PlannerShellScript) script =
    parse_ok ("export CUDA_DEVICE_MAX_CONNECTIONS=1\n"
              "export A=2 B=\"two words\"\n"
              "NVTE_FLASH_ATTN=0\n"
              "export NVTE_FLASH_ATTN\n"
              "LOCAL=3\n"
              "declare -x D=4\n"
              "OMP_NUM_THREADS=8 python x.py\n");

  g_assert_cmpstr (g_hash_table_lookup (script->exported, "CUDA_DEVICE_MAX_CONNECTIONS"), ==, "1");
  g_assert_cmpstr (g_hash_table_lookup (script->exported, "A"), ==, "2");
  g_assert_cmpstr (g_hash_table_lookup (script->exported, "B"), ==, "two words");
  g_assert_cmpstr (g_hash_table_lookup (script->exported, "NVTE_FLASH_ATTN"), ==, "0");
  g_assert_cmpstr (g_hash_table_lookup (script->exported, "D"), ==, "4");
  g_assert_null (g_hash_table_lookup (script->exported, "LOCAL"));
  g_assert_cmpstr (g_hash_table_lookup (script->variables, "LOCAL"), ==, "3");

  /* Declarations are not commands; the prefixed command keeps its assignment. */
  g_assert_cmpuint (script->commands->len, ==, 1);
  assert_words (script, 0, "python|x.py");
  g_assert_cmpuint (command (script, 0)->assignments->len, ==, 1);
  g_assert_cmpstr (((PlannerShellWord *) g_ptr_array_index (command (script, 0)->assignments, 0))->text, ==,
                   "OMP_NUM_THREADS=8");
}

static void
test_arrays (void)
{
  g_autoptr(PlannerShellScript) script =
    parse_ok ("ARGS=(\n"
              "  --num-layers 32   # layers\n"
              "  --hidden-size \"40 96\"\n"
              ")\n"
              "MORE=( \"${ARGS[@]}\" --swiglu )\n"
              "MORE+=(--bf16)\n"
              "cmd \"${ARGS[@]}\"\n"
              "cmd ${ARGS[@]}\n"
              "cmd ${ARGS[1]} $ARGS \"${ARGS[*]}\"\n"
              "cmd \"${MORE[@]}\"\n"
              "EMPTY=()\n"
              "cmd \"${EMPTY[@]}\" x\n");

  assert_words (script, 0, "cmd|--num-layers|32|--hidden-size|40 96");
  /* Each word remembers the line it was written on, inside the array. */
  g_assert_cmpuint (word (command (script, 0), 1)->line, ==, 2);
  g_assert_cmpuint (word (command (script, 0), 3)->line, ==, 3);
  assert_words (script, 1, "cmd|--num-layers|32|--hidden-size|40|96");
  assert_words (script, 2, "cmd|32|--num-layers|--num-layers 32 --hidden-size 40 96");
  assert_words (script, 3, "cmd|--num-layers|32|--hidden-size|40 96|--swiglu|--bf16");
  assert_words (script, 4, "cmd|x");
}

static void
test_arithmetic (void)
{
  g_autoptr(PlannerShellScript) script =
    parse_ok ("N=4\n"
              "G=8\n"
              "echo $((N*G)) $(( (N + 1) * 2 - 3 / 2 )) $(($N % 3)) $((-${G}))\n"
              "echo $((N/0)) $((9223372036854775807 + 1)) $((X+1)) $((N<<2))\n"
              "W=$((G*N))\n"
              "echo $((W * W))\n");

  assert_words (script, 0, "echo|32|9|1|-8");
  assert_words (script, 1, "echo|$((N/0))|$((9223372036854775807 + 1))|$((X+1))|$((N<<2))");
  for (guint i = 1; i < 5; i++)
    g_assert_true (word (command (script, 1), i)->unknown);
  g_assert_cmpuint (planner_diagnostics_count (script->diagnostics, PLANNER_SEVERITY_WARNING), ==, 4);
  for (guint i = 0; i < script->diagnostics->len; i++)
    {
      PlannerDiagnostic *d = g_ptr_array_index (script->diagnostics, i);

      g_assert_cmpstr (d->code, ==, "import.unparsed");
      g_assert_cmpuint (d->line, ==, 4);
    }
  assert_words (script, 2, "echo|1024");
}

static void
test_positional (void)
{
  g_autoptr(PlannerShellScript) script =
    parse_ok ("CKPT=${1:-/ckpt}\n"
              "echo $CKPT $2 ${3} \"$@\"\n");

  assert_words (script, 0, "echo|/ckpt|$2|${3}|$@");
  g_assert_true (word (command (script, 0), 2)->unknown);
  g_assert_false (word (command (script, 0), 1)->unknown);
  g_assert_true (planner_diagnostics_has_code (script->diagnostics, "import.unknown-variable"));
  g_assert_cmpuint (script->diagnostics->len, ==, 3);
}

static void
test_command_substitution (void)
{
  g_autoptr(PlannerShellScript) script =
    parse_ok ("HOST=$(hostname -s)\n"
              "echo `date` \"$(cat x | wc -l)\" $HOST $(( 1 + 2 ))\n");
  PlannerShellCommand *cmd = command (script, 0);

  assert_words (script, 0, "echo|`date`|$(cat x | wc -l)|$(hostname -s)|3");
  g_assert_true (word (cmd, 1)->unknown);
  g_assert_true (word (cmd, 2)->unknown);
  g_assert_true (word (cmd, 3)->unknown);
  g_assert_false (word (cmd, 4)->unknown);
  g_assert_cmpuint (script->diagnostics->len, ==, 3);
  for (guint i = 0; i < script->diagnostics->len; i++)
    g_assert_cmpstr (((PlannerDiagnostic *) g_ptr_array_index (script->diagnostics, i))->code, ==,
                     "import.command-substitution");
}

static void
test_sbatch (void)
{
  g_autoptr(PlannerShellScript) script =
    parse_ok ("#!/bin/bash\n"
              "#SBATCH --nodes=4\n"
              "#SBATCH --ntasks-per-node 8 # one per GPU\n"
              "#SBATCH --gpus-per-node=h100:8\n"
              "# SBATCH --nodes=99 (disabled)\n"
              "echo $SLURM_NNODES $SLURM_NTASKS_PER_NODE $SLURM_GPUS_PER_NODE\n");
  PlannerShellCommand *d;

  g_assert_cmpuint (script->directives->len, ==, 3);
  d = g_ptr_array_index (script->directives, 1);
  g_assert_cmpuint (d->line, ==, 3);
  g_assert_cmpuint (d->words->len, ==, 2);
  g_assert_cmpstr (word (d, 1)->text, ==, "8");
  assert_words (script, 0, "echo|4|8|8");
}

static void
test_operators (void)
{
  g_autoptr(PlannerShellScript) script =
    parse_ok ("a 2>&1 | tee log.txt; b > out && c < in || d &\n"
              "e &> all.log\n"
              "f 2>/dev/null >>x\n");

  g_assert_cmpuint (script->commands->len, ==, 7);
  assert_words (script, 0, "a");
  assert_words (script, 1, "tee|log.txt");
  assert_words (script, 2, "b");
  assert_words (script, 3, "c");
  assert_words (script, 4, "d");
  assert_words (script, 5, "e");
  assert_words (script, 6, "f");
}

/* The first diagnostic with @code whose message holds @text. */
static const PlannerDiagnostic *
find_message (PlannerShellScript *script,
              const char         *code,
              const char         *text)
{
  for (guint i = 0; i < script->diagnostics->len; i++)
    {
      const PlannerDiagnostic *d = g_ptr_array_index (script->diagnostics, i);

      if (strcmp (d->code, code) == 0 && strstr (d->message, text) != NULL)
        return d;
    }
  return NULL;
}

/* Issue 14 #12: process substitution kept the rest of the line out, and
 * eval was ignored without a word. */
static void
test_process_substitution (void)
{
  {
    g_autoptr(PlannerShellScript) script =
      parse_ok ("torchrun pretrain_gpt.py --data-path <(cat /x) --split 99,1,0 --lr 1e-4\n");
    const PlannerDiagnostic *d = find_message (script, "import.process-substitution", "<(cat /x)");

    g_assert_cmpuint (script->commands->len, ==, 1);
    assert_words (script, 0, "torchrun|pretrain_gpt.py|--data-path|<(cat /x)|--split|99,1,0|--lr|1e-4");
    g_assert_true (word (command (script, 0), 3)->unknown);
    g_assert_false (word (command (script, 0), 4)->unknown);
    g_assert_nonnull (d);
    g_assert_cmpint (d->severity, ==, PLANNER_SEVERITY_WARNING);
  }
  {
    /* As a redirection target, inside a word and in an array. */
    g_autoptr(PlannerShellScript) script =
      parse_ok ("exec > >(tee -a log) 2>&1\n"
                "ARGS=(--data-path <(zcat a.gz) --split 1)\n"
                "python x.py --vocab-file=<(echo v) \"${ARGS[@]}\"\n");

    g_assert_cmpuint (script->commands->len, ==, 2);
    assert_words (script, 0, "exec");
    assert_words (script, 1, "python|x.py|--vocab-file=<(echo v)|--data-path|<(zcat a.gz)|--split|1");
  }
}

static void
test_unread_builtins (void)
{
  static const struct
  {
    const char *text;
    const char *code;
    const char *mentions;
  } cases[] = {
    { "TP=4\neval \"TP=8\"\necho $TP\n", "import.eval", "TP=8" },
    { "TP=4\n(( TP = TP * 2 ))\necho $TP\n", "import.arithmetic-command", "TP" },
    { "TP=4\n((TP++))\necho $TP\n", "import.arithmetic-command", "TP" },
    { "TP=4\nlet TP=8\necho $TP\n", "import.arithmetic-command", "TP" },
    { "TP=4\nread -r TP PP <<< \"8 4\"\necho $TP\n", "import.unparsed", "read sets TP PP" },
    { "TP=4\nprintf -v TP %d 8\necho $TP\n", "import.unparsed", "printf sets TP" },
    { "TP=4\nbuiltin eval 'TP=8'\necho $TP\n", "import.eval", "TP" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PlannerShellScript) script = parse_ok (cases[i].text);
      const PlannerDiagnostic *d = find_message (script, cases[i].code, cases[i].mentions);
      PlannerShellCommand *echo = command (script, script->commands->len - 1);

      g_test_message ("%s", cases[i].text);
      g_assert_nonnull (d);
      /* The old value is kept, no longer taken for certain. */
      g_assert_cmpstr (word (echo, 0)->text, ==, "echo");
      g_assert_cmpstr (word (echo, 1)->text, ==, "4");
      g_assert_true (word (echo, 1)->unknown);
    }
  {
    g_autoptr(PlannerShellScript) script = parse_ok ("trap 'TP=8; torchrun x.py' EXIT\n");

    g_assert_nonnull (find_message (script, "import.unparsed", "trap would run later"));
  }
  {
    g_autoptr(PlannerShellScript) script = parse_ok ("cat <<< \"$X\"\n");

    g_assert_nonnull (find_message (script, "import.unparsed", "here-string"));
  }
}

/* For callers that want plain words only (advanced.extra_args). */
static void
test_operator_list (void)
{
  g_autoptr(PlannerShellScript) script =
    parse_ok ("--load /ckpt > file 2>&1 &\n--lr 1 && b || c; d | e <in\n");
  const char *expected[] = { "> file", "2>&1", "&", "&&", "||", ";", "|", "<in" };

  g_assert_cmpuint (script->operators->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpstr (((PlannerShellWord *) g_ptr_array_index (script->operators, i))->text, ==, expected[i]);
  {
    g_autoptr(PlannerShellScript) plain = parse_ok ("--load /ckpt --lr 1e-4 --data-path '/a b'\n");

    g_assert_cmpuint (plain->operators->len, ==, 0);
  }
}

static void
test_heredoc_and_blocks (void)
{
  g_autoptr(PlannerShellScript) script =
    parse_ok ("cat <<EOF > cfg\n"
              "--num-layers 1\n"
              "EOF\n"
              "if [ -z \"$X\" ]; then\n"
              "  X=5\n"
              "fi\n"
              "for i in 1 2; do\n"
              "  echo $X\n"
              "done\n");

  /* The condition is a test, not a command of the script. */
  g_assert_cmpuint (script->commands->len, ==, 2);
  assert_words (script, 0, "cat");
  assert_words (script, 1, "echo|5");
  g_assert_cmpuint (command (script, 1)->line, ==, 8);
}

static guint
count_code (PlannerShellScript *script,
            const char         *code)
{
  guint n = 0;

  for (guint i = 0; i < script->diagnostics->len; i++)
    n += g_str_equal (((PlannerDiagnostic *) g_ptr_array_index (script->diagnostics, i))->code, code);
  return n;
}

/* Issue 22 §3: an if reads the branch the script's own values select
 * (NVIDIA's Llama 3 8B example tests a ${3:-"MOCK"} default), and with a
 * condition it cannot evaluate, the first branch only, said so. */
static void
test_if_branches (void)
{
  {
    g_autoptr(PlannerShellScript) script =
      parse_ok ("TOKENIZER_ARG=${3:-\"MOCK\"}\n"
                "DATA=()\n"
                "if [[ \"$TOKENIZER_ARG\" == \"MOCK\" ]] || [[ -z \"$TOKENIZER_ARG\" ]]; then\n"
                "  DATA+=(\"--mock-data\")\n"
                "  echo mock\n"
                "else\n"
                "  DATA+=(\"--data-path $TOKENIZER_ARG\")\n"
                "  echo real\n"
                "fi\n"
                "run \"${DATA[@]}\"\n");

    g_assert_cmpuint (script->commands->len, ==, 2);
    assert_words (script, 0, "echo|mock");
    assert_words (script, 1, "run|--mock-data");
    g_assert_cmpuint (count_code (script, "import.condition"), ==, 0);
    g_assert_cmpuint (count_code (script, "import.unparsed"), ==, 0);
  }
  {
    /* false, elif true, else; a nested if inside a branch not read; an
     * assignment in a branch not read does not leak. */
    g_autoptr(PlannerShellScript) script =
      parse_ok ("DTYPE=bf16\nN=3\n"
                "if [ \"$DTYPE\" = fp8 ]; then\n"
                "  P=fp8\n"
                "  if true; then echo nested; fi\n"
                "elif [ $N -ge 2 ] && [ \"$DTYPE\" != fp16 ]; then\n"
                "  P=bf16\n"
                "else\n"
                "  P=other\n"
                "fi\n"
                "if [ \"$DTYPE\" == fp8 ]; then Q=yes; else Q=no; fi\n"
                "echo $P $Q\n");

    g_assert_cmpuint (script->commands->len, ==, 1);
    assert_words (script, 0, "echo|bf16|no");
    g_assert_cmpstr (g_hash_table_lookup (script->variables, "P"), ==, "bf16");
  }
  {
    /* Not known: the first branch is read, and said with its lines. */
    g_autoptr(PlannerShellScript) script =
      parse_ok ("if [ -f \"$HOME/x\" ]; then\n"
                "  A=1\n"
                "elif [ 1 -eq 1 ]; then\n"
                "  A=2\n"
                "else\n"
                "  A=3\n"
                "fi\n"
                "echo $A\n"
                "if [ -d /x ]; then\n"
                "fi\n");

    assert_words (script, 0, "echo|1");
    g_assert_cmpuint (count_code (script, "import.condition"), ==, 2);
  }
  {
    /* Unclosed: the variables are still the script's. */
    g_autoptr(PlannerShellScript) script = parse_ok ("A=1\nif false; then\n  A=2\n");

    g_assert_cmpstr (g_hash_table_lookup (script->variables, "A"), ==, "1");
  }
}

static void
test_odd_input (void)
{
  {
    g_autoptr(PlannerShellScript) script = parse_ok ("echo 'abc\n");

    assert_words (script, 0, "echo|abc\n");
    g_assert_true (planner_diagnostics_has_code (script->diagnostics, "import.unparsed"));
  }
  {
    g_autoptr(PlannerShellScript) script = parse_ok ("A=1\r\necho $A\r\n");

    assert_words (script, 0, "echo|1");
  }
  {
    /* A variable that refers to itself is expanded once, as bash does. */
    g_autoptr(PlannerShellScript) script = parse_ok ("A=$A\nA=\"$A x\"\necho $A\n");

    assert_words (script, 0, "echo|$A|x");
  }
  {
    g_autoptr(PlannerShellScript) script = parse_ok ("echo ${A%%.*} ${#B} ${\n");

    g_assert_true (planner_diagnostics_has_code (script->diagnostics, "import.unparsed"));
  }
  {
    g_autoptr(PlannerShellScript) script = parse_ok ("");

    g_assert_cmpuint (script->commands->len, ==, 0);
  }
  {
    g_autoptr(PlannerShellScript) script = parse_ok ("echo $ \\");

    assert_words (script, 0, "echo|$|\\");
  }
}

static void
test_limits (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new ("A=xxxxxxxxxxxxxxxx\n");
  PlannerShellScript *script;

  /* Doubling 40 times would need 16 TiB. */
  for (guint i = 0; i < 40; i++)
    g_string_append (text, "A=$A$A\n");
  script = planner_shell_parse (text->str, text->len, &error);
  g_assert_null (script);
  g_assert_error (error, PLANNER_SHELL_ERROR, PLANNER_SHELL_ERROR_LIMIT);
  g_clear_error (&error);

  /* Word count through array doubling. */
  g_string_assign (text, "A=(1 2 3 4 5 6 7 8 9 10)\n");
  for (guint i = 0; i < 20; i++)
    g_string_append (text, "A=(\"${A[@]}\" \"${A[@]}\")\n");
  script = planner_shell_parse (text->str, text->len, &error);
  g_assert_null (script);
  g_assert_error (error, PLANNER_SHELL_ERROR, PLANNER_SHELL_ERROR_LIMIT);
  g_clear_error (&error);

  g_string_assign (text, "echo ");
  for (guint i = 0; i < 100; i++)
    g_string_append (text, "${A:-");
  g_string_append (text, "x");
  for (guint i = 0; i < 100; i++)
    g_string_append (text, "}");
  script = planner_shell_parse (text->str, text->len, &error);
  g_assert_null (script);
  g_assert_error (error, PLANNER_SHELL_ERROR, PLANNER_SHELL_ERROR_LIMIT);
  g_clear_error (&error);

  script = planner_shell_parse ("echo a\0b", 8, &error);
  g_assert_null (script);
  g_assert_error (error, PLANNER_SHELL_ERROR, PLANNER_SHELL_ERROR_INVALID);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/planner/shell/quote", test_quote);
  g_test_add_func ("/planner/shell/quote-round-trip", test_quote_round_trip);
  g_test_add_func ("/planner/shell/comments-continuations", test_comments_continuations);
  g_test_add_func ("/planner/shell/quotes", test_quotes);
  g_test_add_func ("/planner/shell/variables", test_variables);
  g_test_add_func ("/planner/shell/export", test_export);
  g_test_add_func ("/planner/shell/arrays", test_arrays);
  g_test_add_func ("/planner/shell/arithmetic", test_arithmetic);
  g_test_add_func ("/planner/shell/positional", test_positional);
  g_test_add_func ("/planner/shell/command-substitution", test_command_substitution);
  g_test_add_func ("/planner/shell/sbatch", test_sbatch);
  g_test_add_func ("/planner/shell/operators", test_operators);
  g_test_add_func ("/planner/shell/process-substitution", test_process_substitution);
  g_test_add_func ("/planner/shell/unread-builtins", test_unread_builtins);
  g_test_add_func ("/planner/shell/operator-list", test_operator_list);
  g_test_add_func ("/planner/shell/heredoc-and-blocks", test_heredoc_and_blocks);
  g_test_add_func ("/planner/shell/if-branches", test_if_branches);
  g_test_add_func ("/planner/shell/odd-input", test_odd_input);
  g_test_add_func ("/planner/shell/limits", test_limits);

  return g_test_run ();
}
