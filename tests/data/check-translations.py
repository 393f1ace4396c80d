#!/usr/bin/env python3
# Every language in po/LINGUAS is complete (issue 14, shipping): its .po
# compiles with msgfmt --check, has no untranslated and no fuzzy entry, and
# holds every msgid of a template made afresh from po/POTFILES.in with the
# same xgettext keywords as meson's glib preset. With no language in LINGUAS
# there is nothing to check, and the test says so (TAP skip).
#
#   check-translations.py SOURCE_ROOT            check po/LINGUAS
#   check-translations.py SOURCE_ROOT --self-check
#       show that the check fails on a deliberately incomplete .po (one entry
#       missing, one untranslated, one fuzzy, one that does not compile) and
#       passes on a complete one, so the first form can fail.
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Keep in step with meson's i18n 'glib' preset (po/meson.build).
XGETTEXT_ARGS = [
    "--from-code=UTF-8", "--add-comments",
    "--keyword=_", "--keyword=N_", "--keyword=C_:1c,2", "--keyword=NC_:1c,2",
    "--keyword=g_dcgettext:2", "--keyword=g_dngettext:2,3", "--keyword=g_dpgettext2:2c,3",
    "--flag=N_:1:pass-c-format", "--flag=C_:2:pass-c-format", "--flag=NC_:2:pass-c-format",
    "--flag=g_dngettext:2:pass-c-format", "--flag=g_strdup_printf:1:c-format",
    "--flag=g_string_printf:2:c-format", "--flag=g_string_append_printf:2:c-format",
    "--flag=g_error_new:3:c-format", "--flag=g_set_error:4:c-format",
    "--flag=g_markup_printf_escaped:1:c-format", "--flag=g_log:3:c-format",
    "--flag=g_print:1:c-format", "--flag=g_printerr:1:c-format", "--flag=g_printf:1:c-format",
    "--flag=g_fprintf:2:c-format", "--flag=g_sprintf:2:c-format", "--flag=g_snprintf:3:c-format",
]


def run(args):
    return subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, env=dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE=""))


def make_pot(root, out):
    r = run(["xgettext", "--package-name=launch-planner", f"--directory={root}",
             f"--files-from={os.path.join(root, 'po', 'POTFILES.in')}", f"--output={out}"]
            + XGETTEXT_ARGS)
    if r.returncode != 0:
        raise SystemExit(f"Bail out! xgettext failed:\n{r.stderr}")


def languages(root):
    with open(os.path.join(root, "po", "LINGUAS"), encoding="utf-8") as f:
        return [w for line in f if not line.lstrip().startswith("#") for w in line.split()]


def entries(po):
    """(msgid, first msgstr) of each message, strings joined and unescaped."""
    def joined(block, key):
        m = re.search(r"^" + re.escape(key) + r' ((?:".*"\n?)+)', block, re.M)
        if not m:
            return None
        parts = re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))
        return "".join(parts).encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
    with open(po, encoding="utf-8") as f:
        for block in f.read().split("\n\n"):
            msgid = joined(block, "msgid")
            msgstr = joined(block, "msgstr") or joined(block, "msgstr[0]")
            if msgid:
                yield msgid, msgstr


def problems(po, pot):
    """What is wrong with one .po against the template, as sentences."""
    found = []
    if not os.path.exists(po):
        return [f"{po} does not exist"]
    r = run(["msgfmt", "--check", "--statistics", "--output-file=/dev/null", po])
    if r.returncode != 0:
        found.append("msgfmt --check fails:\n" + r.stderr.strip())
        return found
    for option, what in (("--untranslated", "untranslated"), ("--only-fuzzy", "fuzzy")):
        r = run(["msgattrib", option, "--no-obsolete", po])
        ids = re.findall(r'^msgid "(.+)"$', r.stdout, re.M)
        if r.returncode != 0:
            found.append(f"msgattrib {option} fails: {r.stderr.strip()}")
        elif r.stdout.strip():
            found.append(f"{len(ids) or 1} {what} entries, first: {ids[:3]}")
    # A message that starts with an option ("--gpus: …") keeps it, ASCII
    # colon included: the engine renames the option to the job's key by
    # that prefix (planner_recommend_name_job_fields).
    for msgid, msgstr in entries(po):
        m = re.match(r"(--[a-z0-9-]+): ", msgid)
        if m and msgstr and not msgstr.startswith(m.group(0)):
            found.append(f"“{msgstr[:40]}…” does not start with “{m.group(0)}” as its msgid does")
    # msgcmp: every msgid of the fresh template must be in the .po.
    r = run(["msgcmp", "--use-untranslated", "--use-fuzzy", po, pot])
    if r.returncode != 0:
        missing = len(re.findall(r"this message is used but not defined", r.stderr))
        found.append(f"{missing} msgids of the template are missing:\n" + r.stderr.strip()[:2000])
    return found


def check(root):
    langs = languages(root)
    if not langs:
        print("1..0 # SKIP po/LINGUAS lists no language")
        return 0
    tmp = tempfile.mkdtemp(prefix="planner-po-")
    try:
        pot = os.path.join(tmp, "launch-planner.pot")
        make_pot(root, pot)
        print(f"1..{len(langs)}")
        failed = 0
        for i, lang in enumerate(langs, 1):
            found = problems(os.path.join(root, "po", f"{lang}.po"), pot)
            for p in found:
                for line in p.splitlines():
                    print(f"# {lang}: {line}")
            print(("not ok" if found else "ok") + f" {i} {lang}.po is complete")
            failed += bool(found)
        return 1 if failed else 0
    finally:
        shutil.rmtree(tmp)


def self_check(root):
    tmp = tempfile.mkdtemp(prefix="planner-po-self-")
    try:
        pot = os.path.join(tmp, "launch-planner.pot")
        make_pot(root, pot)
        with open(pot, encoding="utf-8") as f:
            text = f.read()
        # A "translation" that copies each msgid: complete, and compiles.
        full = os.path.join(tmp, "full.po")
        init = os.path.join(tmp, "init.po")
        for args in (["msginit", "--no-translator", "--locale=en_US.UTF-8", "--input=" + pot,
                      "--output-file=" + init],
                     ["msgen", "--output-file=" + full, init]):
            r = run(args)
            assert r.returncode == 0, r.stderr
        with open(full, encoding="utf-8") as f:
            complete = f.read()
        # msgen copies both plural forms: an English-like plural rule.
        complete = re.sub(r'"Plural-Forms: .*\\n"', r'"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', complete)
        with open(full, "w", encoding="utf-8") as f:
            f.write(complete)
        entries = re.findall(r'^msgid "(.+)"$', text, re.M)
        print("1..5")
        ok = True

        def expect(n, name, po, should_fail):
            nonlocal ok
            found = problems(po, pot)
            good = bool(found) == should_fail
            ok &= good
            for p in found:
                print(f"# {p.splitlines()[0]}")
            print(("ok" if good else "not ok") + f" {n} {name}")

        expect(1, "a complete .po passes", full, False)
        if len(entries) < 2:
            print("Bail out! the template has fewer than two messages")
            return 1

        def variant(name, edit):
            path = os.path.join(tmp, name + ".po")
            with open(path, "w", encoding="utf-8") as f:
                f.write(edit(complete))
            return path

        victim = entries[1]
        block = re.compile(r'(?:^#.*\n)*^msgid "' + re.escape(victim) + r'"\n(?:^".*"\n)*'
                           r'(?:^msgid_plural .*\n(?:^".*"\n)*)?(?:^msgstr.*\n(?:^".*"\n)*)+', re.M)
        expect(2, "a .po missing one msgid fails", variant("missing", lambda s: block.sub("", s, count=1)), True)

        def untranslate(s):
            return block.sub(lambda m: re.sub(r'^(msgstr(?:\[\d+\])?) ".*"$', r'\1 ""', m.group(0),
                                              flags=re.M), s, count=1)
        expect(3, "a .po with an untranslated msgid fails", variant("untranslated", untranslate), True)

        def fuzz(s):
            return block.sub(lambda m: "#, fuzzy\n" + m.group(0), s, count=1)
        expect(4, "a .po with a fuzzy entry fails", variant("fuzzy", fuzz), True)

        def break_format(s):
            # A c-format msgstr that drops a conversion does not compile.
            m = re.search(r'^#, c-format\nmsgid "(.*%s.*)"\nmsgstr ".*"$', s, re.M)
            assert m, "no c-format message with %s in the template"
            return s[:m.start()] + f'#, c-format\nmsgid "{m.group(1)}"\nmsgstr "broken"' + s[m.end():]
        expect(5, "a .po that msgfmt --check rejects fails", variant("broken", break_format), True)
        return 0 if ok else 1
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[2] == "--self-check":
        sys.exit(self_check(sys.argv[1]))
    if len(sys.argv) != 2:
        sys.exit("usage: check-translations.py SOURCE_ROOT [--self-check]")
    sys.exit(check(sys.argv[1]))
