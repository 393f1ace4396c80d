#!/usr/bin/env python3
# Views switch on codes and enums, never on the engine's sentences (issue
# 19): no call in src/gui compares, searches or parses a string the engine
# made for a person.  Such text is translated, so a view that looks for
# "Your run logged" or splits "Label: old → new" at ": " breaks in zh_CN.
#
# What counts as the engine's text: the fields of the engine's records
# that hold sentences (ENGINE_FIELDS, e.g. a diagnostic's message and fix,
# a plan's notes and refusals) and what the engine's functions that make
# sentences return (ENGINE_FUNCTIONS).  A local variable given such text,
# and a parameter of a function of the same file that some call passes
# such text to, hold it too.
#
# What fails: a comparison (strcmp, g_str_equal, g_str_has_prefix …) of
# such text with a literal, and any search or parse of it (strstr, strchr,
# g_strsplit, sscanf, g_ascii_strtoull …).  Comparing two of the engine's
# texts for equality (has what is shown changed?) reads nothing and passes.
# Codes (diagnostic->code, note codes), flags and job values are data.
#
# Usage: check-views-read-data.py SOURCE_ROOT
import os
import re
import sys

root = sys.argv[1]

ENGINE_FIELDS = (
    # PlannerDiagnostic, PlannerScriptMark, PlannerProblem
    "message", "fix",
    # PlannerPlan and its suggestions
    "rejected", "notes", "errors", "evidence", "error_messages", "error_fixes", "summary",
    "title", "why", "detail", "reason", "reasons",
    # PlannerRecommendation, PlannerLayoutRank, PlannerLayoutFacts
    "nothing_fits", "explanation", "text",
)
ENGINE_FUNCTIONS = re.compile(
    r"\bplanner_(?:report_get_(?:summary|expert_summary|memory_summary)"
    r"|layout_describe\w*|job_list_changes\w*|field_rewrite_message|memory_diff_describe"
    r"|memory_component_label|\w*_describe\w*|\w*_explain\w*|recommend_text\w*|plan_to_text\w*)\s*\("
)
COMPARE = ("strcmp", "strncmp", "g_strcmp0", "g_str_equal", "g_str_has_prefix", "g_str_has_suffix",
           "g_ascii_strcasecmp", "g_ascii_strncasecmp", "g_utf8_collate", "strcasecmp")
SEARCH = ("strstr", "g_strstr_len", "g_strrstr", "g_strrstr_len", "strchr", "strrchr", "g_utf8_strchr",
          "g_strsplit", "g_strsplit_set", "sscanf", "strtok", "strtoul", "strtoull", "strtol", "strtod",
          "g_ascii_strtoull", "g_ascii_strtoll", "g_ascii_strtod", "atoi", "g_regex_match_simple",
          "g_regex_split_simple", "strspn", "strcspn", "memchr")

field_re = re.compile(r"(?:->|\.)\s*(" + "|".join(ENGINE_FIELDS) + r")\b")
self_field_re = re.compile(r"\bself\s*->\s*(?:" + "|".join(ENGINE_FIELDS) + r")\b")
literal_re = re.compile(r"^\s*(?:_\(|N_\(|C_\()?\s*(?:\"|')")
call_re = re.compile(r"\b(" + "|".join(COMPARE + SEARCH) + r")\s*\(")
start_re = re.compile(r"^([A-Za-z_]\w*)\s*\(")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def split_args(text, open_at):
    """The arguments of the call whose "(" is at open_at, and where it ends."""
    depth, args, current, i = 0, [], "", open_at
    in_string = None
    while i < len(text):
        ch = text[i]
        if in_string:
            current += ch
            if ch == "\\":
                current += text[i + 1]
                i += 1
            elif ch == in_string:
                in_string = None
        elif ch in "\"'":
            in_string = ch
            current += ch
        elif ch == "(":
            depth += 1
            if depth > 1:
                current += ch
        elif ch == ")":
            depth -= 1
            if depth == 0:
                args.append(current)
                return args, i
            current += ch
        elif ch == "," and depth == 1:
            args.append(current)
            current = ""
        else:
            current += ch
        i += 1
    return args, i


def functions(text):
    """(name, first line, parameter names, body) of each function definition."""
    lines = text.split("\n")
    out, current, first = [], None, 0
    for number, line in enumerate(lines):
        m = start_re.match(line)
        if current is None and m and not line.rstrip().endswith(";"):
            current, first = m.group(1), number
        elif current is not None and line.startswith("}"):
            chunk = "\n".join(lines[first:number + 1])
            head, _, body = chunk.partition("{")
            params = re.findall(r"(\w+)\s*(?:\[\s*\])?\s*(?:,|\)\s*$)", head.strip())
            out.append((current, first + 1, params, body))
            current = None
    return out


def engine_text(expr, tainted):
    if self_field_re.search(expr):
        expr = self_field_re.sub("", expr)
    if field_re.search(expr) or ENGINE_FUNCTIONS.search(expr):
        return True
    return any(re.search(r"\b" + re.escape(name) + r"\b", expr) for name in tainted)


def check_file(path):
    text = strip_comments(open(path, encoding="utf-8").read())
    funcs = functions(text)
    tainted_params = {name: set() for name, _, _, _ in funcs}
    params_of = {name: params for name, _, params, _ in funcs}
    problems = []
    for _ in range(4):  # a fixpoint over calls between the file's functions
        problems = []
        for name, line, params, body in funcs:
            tainted = set(params[i] for i in tainted_params[name] if i < len(params))
            for _ in range(3):
                for m in re.finditer(r"(?:^|[;{(,]|\s)\**\s*(\w+)\s*(?:\[[^\]]*\])?\s*=(?!=)\s*([^;]*);", body):
                    if engine_text(m.group(2), tainted):
                        tainted.add(m.group(1))
            # Calls to the file's own functions pass text on.
            for callee in params_of:
                for m in re.finditer(r"\b" + re.escape(callee) + r"\s*\(", body):
                    args, _ = split_args(body, m.end() - 1)
                    for i, arg in enumerate(args):
                        if engine_text(arg, tainted):
                            tainted_params[callee].add(i)
            for m in call_re.finditer(body):
                args, _ = split_args(body, m.end() - 1)
                fn = m.group(1)
                engine = [engine_text(a, tainted) for a in args]
                if not any(engine):
                    continue
                if fn in COMPARE:
                    literal = any(literal_re.match(a) for a, e in zip(args, engine) if not e)
                    if not literal:
                        continue
                elif fn in SEARCH and not engine[0]:
                    continue
                number = line + body[: m.start()].count("\n")
                call = " ".join((fn + "(" + ",".join(args) + ")").split())
                problems.append(f"{os.path.relpath(path, root)}:{number}: {name} reads the engine's text: {call}")
    return problems


# The checker itself must be able to fail: what it must find, and what it
# must let pass, each in a function of its own.
MUST_FIND = r"""
static void
evidence (const PlannerPlan *plan)
{
  for (guint i = 0; i < plan->evidence->len; i++)
    {
      const char *line = g_ptr_array_index (plan->evidence, i);

      if (g_str_has_prefix (line, "Your run logged"))
        show (line);
    }
}

static void
style (PlannerReport *report)
{
  if (g_str_has_suffix (planner_report_get_memory_summary (report), "✗"))
    mark ();
}

static void
split_row (const char *change)
{
  const char *colon = strchr (change, ':');
}

static void
rows (GStrv changes)
{
  split_row (changes[0]);
}

static void
caller (PlannerJob *a, PlannerJob *b)
{
  g_auto(GStrv) changes = planner_job_list_changes_labelled (a, b);

  rows (changes);
}
"""
MUST_PASS = r"""
static void
codes (const PlannerDiagnostic *d)
{
  if (g_str_has_prefix (d->code, "moe.") || g_strcmp0 (d->message, other->message) != 0)
    return;
  if (g_str_equal (self->title, "x") || g_str_equal (planner_job_get_string (job, "precision"), "fp8"))
    return;
}
"""


def self_test():
    import tempfile
    found = {}
    for label, source in (("find", MUST_FIND), ("pass", MUST_PASS)):
        with tempfile.NamedTemporaryFile("w", suffix=".c", delete=False) as f:
            f.write(source)
        try:
            found[label] = check_file(f.name)
        finally:
            os.unlink(f.name)
    return len(found["find"]) == 3 and not found["pass"], found


problems = []
gui = os.path.join(root, "src", "gui")
for dirpath, dirnames, filenames in sorted(os.walk(gui)):
    dirnames.sort()
    for name in sorted(filenames):
        if name.endswith(".c"):
            problems += check_file(os.path.join(dirpath, name))

checker_ok, found = self_test()
print("1..2")
for label in ("find", "pass"):
    for problem in found[label]:
        print(f"# self-test ({label}): " + problem.split(": ", 1)[1])
print(("ok" if checker_ok else "not ok") + " 1 - the checker finds 3 readings of the engine's text in its "
      f"examples ({len(found['find'])}) and none where there are none ({len(found['pass'])})")
for problem in problems:
    print("# " + problem)
print(("ok" if not problems else "not ok") +
      f" 2 - src/gui compares, searches or parses the engine's text {len(problems)} times")
sys.exit(1 if problems or not checker_ok else 0)
