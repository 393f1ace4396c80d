#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End-to-end scenarios: the built window, driven through the accessibility
tree (AT-SPI) and real key presses (xdotool), as a person would use it.
Run by tests/e2e/run-e2e inside a throwaway Xvfb + D-Bus session.
Every wait is for a condition, with a timeout; never a bare sleep."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import pyatspi

BUILD = os.environ["PLANNER_E2E_BUILD"]
SOURCE = os.environ["PLANNER_E2E_SOURCE"]
ROOT = os.environ["PLANNER_E2E_ROOT"]
APP = os.path.join(BUILD, "src", "gui", "launch-planner")
SHOTS = os.path.join(BUILD, "tests", "e2e")
SCHEMA = "io.github.launchplanner.LaunchPlanner.Devel"
TIMEOUT = float(os.environ.get("PLANNER_E2E_TIMEOUT", "30"))


class Failure(Exception):
    pass


def log(*args):
    print("#", *args, flush=True)


def wait_for(what, predicate, timeout=TIMEOUT):
    """Polls @predicate until it returns something true; fails naming @what."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = predicate()
            if value:
                return value
        except Exception as e:  # the tree changes under us while the app works
            last_error = e
        time.sleep(0.1)
    raise Failure(f"timed out waiting for {what}" + (f" ({last_error})" if last_error else ""))


KEYFILE = os.path.join(os.environ.get("XDG_CONFIG_HOME", ""), "glib-2.0", "settings", "keyfile")


def seed_settings(**keys):
    """Writes GSettings keys (GVariant text) before the app starts."""
    os.makedirs(os.path.dirname(KEYFILE), exist_ok=True)
    lines = ["[io/github/launchplanner/LaunchPlanner]"] + [f"{k.replace('_', '-')}={v}" for k, v in keys.items()]
    with open(KEYFILE, "w") as f:
        f.write("\n".join(lines) + "\n")


class App:
    def __init__(self, *args):
        self.log = open(os.path.join(SHOTS, f"{SCENARIO}-app.log"), "a")
        env = dict(os.environ)
        # Run from the throwaway root: whatever a dialog defaults to lands
        # there.  Under load the X server may refuse a first connection: an
        # app that ends before it shows up is started again, twice at most.
        for attempt in range(3):
            self.proc = subprocess.Popen([APP, *args], env=env, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT)
            self.app = wait_for("the application on the accessibility bus",
                                lambda: self._find_app() or (self.proc.poll() is not None and "exited"))
            if self.app != "exited":
                break
            log("the app ended at once; starting it again")
        if self.app == "exited":
            raise Failure("the app does not start; see its log")
        self.frame = wait_for("the main window", lambda: self.find(pyatspi.ROLE_FRAME, root=self.app))
        self.wid = wait_for("the X window", self._x_window)
        subprocess.run(["xdotool", "windowfocus", "--sync", self.wid], check=False, timeout=10)

    def _find_app(self):
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and app.name == "launch-planner":
                try:
                    if app.get_process_id() != self.proc.pid:
                        continue
                except Exception:
                    pass
                return app
        return None

    def _x_window(self):
        out = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(self.proc.pid),
                              "--name", "Launch Planner"],
                             capture_output=True, text=True, timeout=10).stdout.split()
        return out[-1] if out else None

    def find(self, role, name=None, root=None, contains=False, showing=False):
        """The first descendant with @role (and @name)."""
        def match(acc):
            try:
                if acc.getRole() != role:
                    return False
                if showing and not acc.getState().contains(pyatspi.STATE_SHOWING):
                    return False
                if name is None:
                    return True
                return (name in acc.name) if contains else acc.name == name
            except Exception:
                return False
        return pyatspi.findDescendant(root or self.frame, match, True)

    def find_all(self, role, root=None):
        return pyatspi.findAllDescendants(root or self.app, lambda a: a.getRole() == role)

    def wait(self, what, role, name=None, **kw):
        return wait_for(what, lambda: self.find(role, name, **kw))

    def title(self):
        return self.frame.name

    def window_named(self, title):
        out = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(self.proc.pid), "--name", title],
                             capture_output=True, text=True, timeout=10).stdout.split()
        return out[-1] if out else None

    def key(self, *keys, window=None):
        """Key presses into @window (an X window id; the main window by
        default): without a window manager, focus does not follow new windows."""
        target = window or self.wid
        # A busy machine can map a new window after the first attempt:
        # keep asking until X says the focus is there (at most 5 s).
        deadline = time.monotonic() + 5
        while True:
            subprocess.run(["xdotool", "windowfocus", "--sync", target], check=False, timeout=10,
                           capture_output=True)
            focused = subprocess.run(["xdotool", "getwindowfocus"], capture_output=True, text=True,
                                     check=False, timeout=10).stdout.strip()
            if focused == str(target) or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        for k in keys:
            subprocess.run(["xdotool", "key", "--clearmodifiers", k], check=True, timeout=10)

    def type(self, text):
        # "--": a text such as "-3" is not an option.
        subprocess.run(["xdotool", "type", "--delay", "20", "--", text], check=True, timeout=60)

    def click(self, acc):
        """Activates a button the way a click would."""
        action = acc.queryAction()
        for i in range(action.nActions):
            if action.getName(i) in ("click", "activate", "press"):
                action.doAction(i)
                return
        action.doAction(0)

    def pointer_click(self, acc, fx=0.5, x_offset=None, window=None):
        """A real mouse click inside @acc (GTK 4.8 has no AT-SPI grabFocus).
        Extents are relative to the window, and so is the move."""
        ext = acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        x = ext.x + (x_offset if x_offset is not None else int(ext.width * fx))
        y = ext.y + ext.height // 2
        if window is None:
            self.wid = self._x_window() or self.wid
        subprocess.run(["xdotool", "mousemove", "--window", window or self.wid, str(x), str(y), "click", "1"],
                       check=True, timeout=10)

    def focus(self, acc):
        # The text part of a spin button is at its start; of an entry row, anywhere.
        if acc.getRole() == pyatspi.ROLE_SPIN_BUTTON:
            self.pointer_click(acc, x_offset=12)
            wait_for(f"focus in {acc.name!r}", lambda: acc.getState().contains(pyatspi.STATE_FOCUSED), 10)
        else:
            # An entry row's own text widget takes the focus inside it.
            self.pointer_click(acc, fx=0.5)
            wait_for(f"focus in {acc.name!r}", lambda: acc.getState().contains(pyatspi.STATE_FOCUSED) or
                     pyatspi.findDescendant(acc, lambda a: a.getState().contains(pyatspi.STATE_FOCUSED)) or
                     acc.getState().contains(pyatspi.STATE_FOCUSABLE), 10)

    def set_text(self, acc, text):
        """Types into a field after selecting what is there."""
        self.focus(acc)
        self.key("ctrl+a", "BackSpace")
        self.type(text)
        wait_for(f"{text!r} in {acc.name!r}", lambda: text_of(acc) == text, 10)

    def page(self, number):
        """Alt+number, as the shortcuts window says."""
        self.key(f"alt+{number % 10}")

    def screenshot(self, name):
        path = os.path.join(SHOTS, f"{SCENARIO}-{name}.png")
        subprocess.run(["import", "-window", "root", path], check=False, timeout=30)
        log("screenshot", path)

    def alive(self):
        return self.proc.poll() is None

    def quit_discarding(self):
        """Ctrl+Q; discards unsaved changes if asked; waits for the exit."""
        if not self.alive():
            return
        if sys.exc_info()[0] is not None:
            self.screenshot("failure")
        deadline = time.monotonic() + TIMEOUT
        next_press = 0
        while self.alive() and time.monotonic() < deadline:
            if time.monotonic() > next_press:
                self.key("ctrl+q")   # again if a press was lost
                next_press = time.monotonic() + 5
            try:
                dialog_button = self.find(pyatspi.ROLE_PUSH_BUTTON, "Discard", root=self.app, contains=True)
                if dialog_button is not None:
                    self.click(dialog_button)
            except Exception:
                pass
            time.sleep(0.2)
        if self.alive():
            self.screenshot("did-not-quit")
            self.proc.kill()
            raise Failure("the app did not quit")

    def close(self):
        if sys.exc_info()[0] is not None and self.alive():
            self.screenshot("failure")
        if self.alive():
            self.proc.kill()
            self.proc.wait(10)
        self.log.close()


def sensitive(acc):
    """The state as it is now, not as AT-SPI cached it."""
    try:
        acc.clearCache()
    except Exception:
        pass
    return acc.getState().contains(pyatspi.STATE_SENSITIVE)


def spin(app, label):
    return app.wait(f"the {label} field", pyatspi.ROLE_SPIN_BUTTON, label)


def entry(app, label):
    """An entry row: the row itself is the text field, named by its title."""
    return app.wait(f"the {label} field", pyatspi.ROLE_TEXT, label)


def text_of(acc):
    t = acc.queryText()
    return t.getText(0, t.characterCount)


def script_text(app):
    return text_of(app.wait("the script view", pyatspi.ROLE_TEXT, "Launch script"))


def chooser(app, keys, title, name):
    """Opens a GTK save dialog with @keys; it opens in the app's working
    folder (the throwaway root); @name is typed into its name field until
    the field holds exactly it.  A dialog that takes no keys (a busy
    machine) is closed and opened again, once."""
    for attempt in range(2):
        app.key(keys)
        wid = wait_for(f"the “{title}” dialog", lambda: app.window_named(title))

        def name_field():
            for i in range(app.app.childCount):
                top = app.app.getChildAtIndex(i)
                if top is None or top.name != title:
                    continue
                # The name field holds the suggested name; the chooser's other
                # entries (search, location) start empty.
                fields = pyatspi.findAllDescendants(top, lambda a: a.getRole() in (pyatspi.ROLE_TEXT,
                                                                                   pyatspi.ROLE_ENTRY)
                                                    and a.getState().contains(pyatspi.STATE_EDITABLE))
                named = [f for f in fields if text_of(f)]
                return named[0] if named else None
            return None

        field = wait_for("the name field", name_field)

        def typed():
            # Under load a dialog may not have the keyboard yet: click into the field.
            app.pointer_click(field, window=wid)
            app.key("ctrl+a", window=wid)
            subprocess.run(["xdotool", "type", "--delay", "40", name], check=True, timeout=60)
            return wait_for(f"{name!r} in the name field", lambda: text_of(field) == name, 10)
        try:
            wait_for(f"{name!r} typed", typed, 25)
        except Failure:
            if attempt == 1:
                raise
            log("the dialog took no keys; opening it again")
            app.key("Escape", window=wid)
            try:
                wait_for(f"the “{title}” dialog to go", lambda: app.window_named(title) is None, 10)
            except Failure:
                pass  # an unmapped window may linger in X; the next press opens a new dialog
            continue
        app.key("Return", window=wid)
        path = os.path.join(ROOT, name)
        wait_for(f"{name} to be written", lambda: os.path.exists(path) and os.path.getsize(path) > 0)
        return path


def toast_containing(app, words):
    return wait_for(f"a toast saying {words!r}",
                    lambda: app.find(pyatspi.ROLE_LABEL, words, root=app.app, contains=True))


# Scenarios -----------------------------------------------------------------

def first_start_to_export():
    """First start → fill every missing field by typing → Approve → Export;
    the exported bytes are the preview's."""
    app = App()
    try:
        # The first start asks once for the person's cluster.
        prefs = wait_for("the first-run preferences", lambda: app.window_named("Preferences"))
        app.wait("the cluster group", pyatspi.ROLE_LABEL, "Your Cluster", root=app.app)
        app.screenshot("0-first-run-preferences")
        app.key("Escape", window=prefs)
        wait_for("the preferences to close", lambda: app.find(pyatspi.ROLE_LABEL, "Your Cluster", root=app.app) is None)
        assert "draft, not ready" in app.title(), app.title()
        app.wait("the script pane's list of missing values", pyatspi.ROLE_LIST, "Values the script needs")
        app.screenshot("1-first-start")

        app.page(4)  # Training
        app.set_text(spin(app, "Training Iterations"), "1000")
        app.page(3)  # Data
        app.set_text(entry(app, "Data Path"), "/data/corpus/text_document")
        app.set_text(entry(app, "Tokenizer Model"), "/models/llama3-tokenizer")
        app.page(5)

        approve = app.wait("the Approve button", pyatspi.ROLE_PUSH_BUTTON, "Approve", contains=True)
        wait_for("Approve to turn on", lambda: sensitive(approve))
        wait_for("the sidebar to mark Data done",
                 lambda: app.find(pyatspi.ROLE_LIST_ITEM, "Data, done"))
        preview = wait_for("the draft", lambda: script_text(app).startswith("#!/bin/bash") and script_text(app))
        app.screenshot("2-filled")

        app.click(approve)
        # The example job has warnings: the window names them and asks first.
        anyway = app.find(pyatspi.ROLE_PUSH_BUTTON, "Approve Anyway", root=app.app, contains=True)
        deadline = time.monotonic() + 5
        while anyway is None and time.monotonic() < deadline and "approved" not in app.title():
            time.sleep(0.1)
            anyway = app.find(pyatspi.ROLE_PUSH_BUTTON, "Approve Anyway", root=app.app, contains=True)
        if anyway is not None:
            app.screenshot("3-approve-asks")
            app.click(anyway)
        wait_for("the title to say approved", lambda: "approved" in app.title())
        approved = script_text(app)
        assert approved.startswith(preview.split("\n", 1)[0]), "the approved text is not the draft's"
        assert "Approved" in approved

        export = app.wait("the Export button", pyatspi.ROLE_PUSH_BUTTON, "Export", contains=True)
        # Alt+E: the button's mnemonic, _Export…
        out = chooser(app, "alt+e", "Export Launch Script", "train.sh")
        wait_for("the exported file", lambda: os.path.exists(out))
        with open(out, "rb") as f:
            written = f.read()
        assert written == approved.encode(), "the exported bytes differ from the preview"
        app.screenshot("4-exported")
    finally:
        app.close()


def open_save_as_reopen():
    """Open a job from tests/cli/jobs/, Save As, reopen: the same job."""
    # A copy in the throwaway root, so that Save As (which opens in the
    # job's folder) never writes into the source tree.
    source = os.path.join(ROOT, "llama3-70b-slurm.json")
    shutil.copy(os.path.join(SOURCE, "tests", "cli", "jobs", "llama3-70b-slurm.json"), source)
    with open(source) as f:
        original = json.load(f)
    seed_settings(first_run_done="true")
    copy = os.path.join(ROOT, "copy.lpjob")
    app = App(source)
    try:
        wait_for("the job's name in the title", lambda: "llama3-70b-slurm.json" in app.title())
        app.screenshot("1-opened")
        chooser(app, "ctrl+shift+s", "Save Job As", os.path.basename(copy))
        wait_for("the saved file", lambda: os.path.exists(copy))
        wait_for("the new name in the title", lambda: "copy.lpjob" in app.title())
        assert "•" not in app.title(), app.title()
    finally:
        app.quit_discarding()
        app.close()

    with open(copy) as f:
        saved = json.load(f)
    for section, values in original.items():
        if not isinstance(values, dict):
            assert saved[section] == values, (section, saved[section], values)
            continue
        for key, value in values.items():
            assert saved[section][key] == value, (section, key, saved[section][key], value)

    app = App(copy)
    try:
        wait_for("the copy in the title", lambda: "copy.lpjob" in app.title())
        assert "•" not in app.title(), "a job just opened is not modified: " + app.title()
        app.page(5)
        tp = spin(app, "Tensor Parallel")
        assert int(tp.queryValue().currentValue) == original["parallelism"]["tp"]
        app.screenshot("2-reopened")
        # Saved again unchanged (Ctrl+S), the bytes are the same.
        with open(copy, "rb") as f:
            before = f.read()
        os.utime(copy, (0, 0))
        app.key("ctrl+s")
        toast_containing(app, "Saved copy.lpjob")
        wait_for("the file written again", lambda: os.stat(copy).st_mtime > 0)
        with open(copy, "rb") as f:
            assert f.read() == before, "reopening and saving changed the job"
    finally:
        app.quit_discarding()
        app.close()


def import_script():
    """Import a launch script: its degrees and sizes land in the fields."""
    script = os.path.join(ROOT, "train-llama3-8b.sh")
    with open(script, "w") as f:
        f.write("#!/bin/bash\n"
                "# A launch script as someone wrote it; the planner reads it, never runs it.\n"
                "torchrun --nnodes 2 --nproc-per-node 8 --node-rank 0 --master-addr node0 --master-port 29500 \\\n"
                "    pretrain_gpt.py \\\n"
                "    --tensor-model-parallel-size 2 --pipeline-model-parallel-size 2 \\\n"
                "    --num-layers 32 --hidden-size 4096 --num-attention-heads 32 --seq-length 4096 \\\n"
                "    --max-position-embeddings 4096 --micro-batch-size 1 --global-batch-size 256 \\\n"
                "    --train-iters 5000 --lr 0.0003 --bf16 --mock-data --tokenizer-type NullTokenizer \\\n"
                "    --vocab-size 32000 --use-flash-attn\n")
    seed_settings(first_run_done="true")
    app = App()
    try:
        # Ctrl+I asks for the script...
        app.key("ctrl+i")
        wid = wait_for("the import dialog", lambda: app.window_named("Import Launch Script"))
        app.screenshot("0-import-dialog")
        app.key("Escape", window=wid)
    finally:
        app.close()
    # ...and a script given to the app (the file manager's way) is imported the same way.
    app = App(script)
    try:
        toast_containing(app, "Imported the launch script")
        wait_for("an untitled, unsaved job", lambda: "• Untitled Job" in app.title())
        app.screenshot("1-imported")
        app.page(2)
        nodes = spin(app, "Nodes")
        per_node = spin(app, "GPUs per Node")
        app.page(5)
        tp = spin(app, "Tensor Parallel")
        values = {"nodes": int(nodes.queryValue().currentValue),
                  "gpus": int(per_node.queryValue().currentValue),
                  "tp": int(tp.queryValue().currentValue),
                  "pp": int(spin(app, "Pipeline Parallel").queryValue().currentValue)}
        log("imported", values)
        assert values == {"nodes": 2, "gpus": 8, "tp": 2, "pp": 2}, values
        app.page(4)
        assert int(spin(app, "Training Iterations").queryValue().currentValue) == 5000
        app.screenshot("2-fields")
    finally:
        app.quit_discarding()
        app.close()


def quit_asks_first():
    """Ctrl+Q with unsaved changes asks before anything is lost."""
    seed_settings(first_run_done="true")
    app = App()
    try:
        app.page(5)
        app.set_text(spin(app, "Tensor Parallel"), "8")
        wait_for("the unsaved mark", lambda: app.title().startswith("•"))
        app.key("ctrl+q")
        dialog = wait_for("the question", lambda: app.find(pyatspi.ROLE_LABEL, "Save Changes?", root=app.app))
        app.screenshot("1-asks")
        assert app.alive(), "the app quit without asking"
        cancel = app.find(pyatspi.ROLE_PUSH_BUTTON, "Cancel", root=app.app, contains=True)
        app.click(cancel)
        wait_for("the question to go", lambda: app.find(pyatspi.ROLE_LABEL, "Save Changes?", root=app.app) is None)
        time.sleep(0.5)
        assert app.alive(), "Cancel quit the app"
        assert dialog is not None
        # Ctrl+W (the window) asks the same.
        app.key("ctrl+w")
        wait_for("the question again", lambda: app.find(pyatspi.ROLE_LABEL, "Save Changes?", root=app.app))
        discard = app.find(pyatspi.ROLE_PUSH_BUTTON, "Discard", root=app.app, contains=True)
        app.click(discard)
        wait_for("the app to end", lambda: not app.alive())
    finally:
        app.close()


def corrupt_saved_job():
    """A saved last job that cannot be read is kept aside and a toast says why."""
    seed_settings(first_run_done="true",
                  last_job="'{\"format\": \"launch-planner-job\", \"version\": 1, \"cluster\": {\"nodes\": \"many\"}'")
    app = App()
    try:
        toast_containing(app, "could not be restored")
        app.screenshot("1-toast")
        kept = os.path.join(os.environ["XDG_DATA_HOME"], SCHEMA)
        files = os.listdir(kept) if os.path.isdir(kept) else []
        assert any(name.startswith("unrestored-job-") for name in files), files
        with open(os.path.join(kept, files[0])) as f:
            assert "many" in f.read(), "the kept copy is not the saved job"
    finally:
        app.quit_discarding()
        app.close()


def pictures():
    """Every picture through the window: Pictures (Alt+6 for the dense
    example) with its Rank Grid, Pipeline Schedule and Compare views, the
    memory chart on the Memory page (Alt+7), one export written as a PNG
    at least 1920 pixels wide, and Present (F5) stepping through them all."""
    seed_settings(first_run_done="true")
    app = App()
    try:
        def showing_image(prefix):
            # (Without a window manager "showing" is unreliable: the name says which picture.)
            return lambda: app.find(pyatspi.ROLE_IMAGE, prefix, contains=True)

        app.page(6)
        wait_for("the rank grid", showing_image("Rank grid: 64 GPUs on 8 nodes"))
        app.screenshot("1-rank-grid")

        # The view switcher's buttons, by their titles.
        for title, prefix in (("Pipeline Schedule", "Pipeline schedule, "),
                              ("Compare", "Two layouts side by side: "),
                              ("Rank Grid", "Rank grid: ")):
            tab = app.wait(f"the {title} view's tab", pyatspi.ROLE_PAGE_TAB, title)
            app.pointer_click(tab)
            wait_for(f"the {title} tab selected", lambda: tab.getState().contains(pyatspi.STATE_SELECTED))
            wait_for(f"the {title} view", showing_image(prefix))
            app.screenshot("2-" + title.lower().replace(" ", "-"))

        app.page(7)
        chart = wait_for("the memory chart", showing_image("Memory per GPU by pipeline stage: stage 0 needs"))
        app.screenshot("3-memory")
        assert "of 79.6 GiB" in chart.name or "GiB" in chart.name, chart.name

        # Export PNG… (Alt+N, its mnemonic) writes the chart for slides.
        out = chooser(app, "alt+n", "Export Picture as PNG", "memory.png")
        toast_containing(app, "Exported memory.png")
        with open(out, "rb") as f:
            header = f.read(24)
        assert header[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
        width = int.from_bytes(header[16:20], "big")
        assert width >= 1920, f"the PNG is {width} pixels wide"
        log("exported", out, "width", width)

        # Present: every picture full screen, the comparison a slide per
        # part; each slide under its title (issue 23 #14), at the session's
        # size; the arrows step, Escape leaves.
        app.key("F5")
        presentation = wait_for("the presentation", lambda: app.window_named("Presentation"))
        caption = app.wait("the caption", pyatspi.ROLE_LABEL, "/ 7 · Memory per GPU", root=app.app, contains=True)
        app.screenshot("4-present-memory")
        seen = {caption.name.split(" · ")[1].split("  ")[0].strip()}
        for attempt in range(3):
            app.key("Home", window=presentation)
            try:
                wait_for("the first slide", lambda: app.find(pyatspi.ROLE_LABEL, "1 / 7 · Rank grid",
                                                             root=app.app, contains=True),
                         timeout=TIMEOUT / 3)
                break
            except Failure:
                if attempt == 2:
                    raise
        titles = []
        for number in range(1, 8):
            label = wait_for(f"slide {number}'s caption",
                             lambda: app.find(pyatspi.ROLE_LABEL, f"{number} / 7 · ", root=app.app, contains=True))
            name = label.name.split(" · ", 1)[1].split("  ")[0].strip()
            seen.add(name)
            # The slide's own title, shown on it (the grid's with the model and GPUs).
            title = wait_for(f"slide {number}'s title",
                             lambda: next((t for t in app.find_all(pyatspi.ROLE_LABEL, root=app.app)
                                           if t.name.startswith(name) and " / 7 · " not in t.name
                                           and t.getState().contains(pyatspi.STATE_VISIBLE)),
                                          None))
            titles.append(title.name)
            time.sleep(0.8)
            app.screenshot(f"5-present-slide-{number}")
            if number < 7:
                app.key("Right", window=presentation)
        log("slide titles", titles)
        assert "Rank grid · Llama 3 70B on 64" in titles[0], titles[0]
        assert any("what differs" in t for t in titles), titles
        for attempt in range(3):
            app.key("Home", window=presentation)
            try:
                wait_for("the first picture", lambda: app.find(pyatspi.ROLE_LABEL, "1 / 7 · Rank grid",
                                                               root=app.app, contains=True),
                         timeout=TIMEOUT / 3)
                break
            except Failure:
                if attempt == 2:
                    raise
        app.screenshot("6-present-grid")
        log("presented", sorted(seen))
        app.key("Escape", window=presentation)
        # (An unmapped X window may linger: the accessibility tree says it went.)
        wait_for("the presentation to end",
                 lambda: app.find(pyatspi.ROLE_LABEL, "/ 7 · ", root=app.app, contains=True) is None)
        assert app.alive()
    finally:
        app.quit_discarding()
        app.close()


def tour():
    """Not a test: screenshots of every page, picture and the presentation
    for people to look at, at the session's size (PLANNER_E2E_SIZE), in dark
    style with PLANNER_E2E_DARK=1 and with large text with
    PLANNER_E2E_TEXT_SCALE=1.5.  tests/e2e/run-e2e BUILD tour"""
    tag = os.environ.get("PLANNER_E2E_SIZE", "1280x800")
    width, height = (int(n) for n in tag.split("x"))
    # The whole screen: there is no window manager to maximise it.
    seed_settings(first_run_done="true", window_width=width, window_height=height - 30)
    scale = float(os.environ.get("PLANNER_E2E_TEXT_SCALE", "1"))
    if os.environ.get("PLANNER_E2E_DARK"):
        os.environ["ADW_DEBUG_COLOR_SCHEME"] = "prefer-dark"
        tag += "-dark"
    xsettings = None
    if scale != 1:
        # GTK 4 on X11 takes the text size from an XSETTINGS manager, never
        # from settings.ini: GNOME's own sets Xft/DPI for Large Text.
        if shutil.which("xsettingsd") is None:
            raise Failure("large text needs xsettingsd (apt-get install xsettingsd)")
        conf = os.path.join(ROOT, "xsettingsd.conf")
        with open(conf, "w") as f:
            f.write("Xft/DPI %d\n" % int(96 * 1024 * scale))
        xsettings = subprocess.Popen(["xsettingsd", "-c", conf], stderr=subprocess.DEVNULL)
        time.sleep(1)
        tag += "-text%g" % scale
    app = App()
    try:
        names = ["model", "cluster", "data", "training", "parallelism", "pictures", "memory", "optimize",
                 "troubleshoot"]
        sidebar, rows = sidebar_rows(app)
        for number, name in enumerate(names, 1):
            app.page(number)
            # The page shown, not the one before it: a loaded machine takes
            # longer than any fixed wait to build a page.
            row = next(r for r in rows if r.name.lower().startswith(name))

            def shown():
                row.clearCache()
                return row.getState().contains(pyatspi.STATE_SELECTED)
            try:
                wait_for(f"the {name} page", shown, 20)
            except Failure as e:
                log(e, "(the screenshot may show the page before it)")  # a tour, not a test
            time.sleep(1.5)
            app.screenshot(f"{tag}-{number}-{name}")
        app.page(6)
        for title in ("Pipeline Schedule", "Compare"):
            app.pointer_click(app.wait(f"the {title} tab", pyatspi.ROLE_PAGE_TAB, title))
            time.sleep(2)
            app.screenshot(f"{tag}-6-{title.lower().replace(' ', '-')}")
        app.key("F5")
        presentation = wait_for("the presentation", lambda: app.window_named("Presentation"))
        app.key("Home", window=presentation)
        for step in range(7):
            time.sleep(1.5)
            app.screenshot(f"{tag}-present-{step + 1}")
            app.key("Right", window=presentation)
        app.key("Escape", window=presentation)
    finally:
        app.quit_discarding()
        app.close()
        if xsettings is not None:
            xsettings.terminate()


def open_training_log():
    """A run's log given to the app (the file manager's way) becomes the job;
    Troubleshoot shows the diagnosis with the lines that prove it.  A second
    log, against a job that now has changes, is compared and never replaces
    it unasked.  Ctrl+L asks for a log."""
    logs = os.path.join(SOURCE, "tests", "core", "logs")
    first = os.path.join(ROOT, "nan-skipped.log")
    second = os.path.join(ROOT, "clean.log")
    shutil.copy(os.path.join(logs, "nan-skipped.log"), first)
    shutil.copy(os.path.join(logs, "clean.log"), second)
    seed_settings(first_run_done="true")
    app = App(first)
    try:
        toast_containing(app, "Made a new job from the log")
        wait_for("an untitled, unsaved job", lambda: "• Untitled Job" in app.title())
        # The diagnosis: the symptom, the lines that prove it with their numbers, the measured MFU.
        app.wait("the finding", pyatspi.ROLE_LABEL, "NaN iterations from iteration 800", contains=True)
        app.wait("the number of a cited line", pyatspi.ROLE_LABEL, "Line 946")
        app.wait("the text of a cited line", pyatspi.ROLE_LABEL, "iteration      800/  500000", contains=True)
        app.wait("the measured MFU", pyatspi.ROLE_LABEL, "Measured MFU")
        app.wait("what was assumed", pyatspi.ROLE_LABEL, "The log does not name the GPU", contains=True)
        chart = app.wait("the chart", pyatspi.ROLE_IMAGE, "Chart of the training log", contains=True)
        log("chart:", chart.description)
        assert "Marked: NaN at iteration 800" in chart.description, chart.description
        # A suggestion cites the lines that led to it.
        app.wait("a suggestion's lines", pyatspi.ROLE_LABEL, "From the Log")
        app.screenshot("1-troubleshoot")
        app.page(5)
        assert int(spin(app, "Tensor Parallel").queryValue().currentValue) == 1
        app.wait("the log's layout in the summary", pyatspi.ROLE_LABEL, "TP 1 × CP 1 × DP 8 × PP 1 = 8 GPUs",
                 contains=True)

        # A second log, given while this job has changes: compared, not taken.
        subprocess.run([APP, second], env=dict(os.environ), cwd=ROOT, timeout=30, check=False,
                       stdout=app.log, stderr=subprocess.STDOUT)
        app.wait("the comparison", pyatspi.ROLE_LABEL, "The Log’s Run Differs from This Job")
        app.wait("a difference", pyatspi.ROLE_LABEL, "Tensor Parallel: 1 → 2")
        assert "• Untitled Job" in app.title(), app.title()
        app.page(5)
        assert int(spin(app, "Tensor Parallel").queryValue().currentValue) == 1
        app.screenshot("2-differs")
        # Taken when asked, through the unsaved-changes question.
        app.page(10)
        app.click(app.wait("the button", pyatspi.ROLE_PUSH_BUTTON, "Use the Log’s Job", contains=True))
        wait_for("the question", lambda: app.find(pyatspi.ROLE_LABEL, "Save Changes?", root=app.app))
        app.click(app.find(pyatspi.ROLE_PUSH_BUTTON, "Discard", root=app.app, contains=True))
        app.page(5)
        wait_for("the log's tensor parallel size",
                 lambda: int(spin(app, "Tensor Parallel").queryValue().currentValue) == 2)
        app.screenshot("3-log-job")

        # The menu's way: Ctrl+L asks for a log.
        app.key("ctrl+l")
        wid = wait_for("the log dialog", lambda: app.window_named("Open Training Log"))
        app.screenshot("4-dialog")
        app.key("Escape", window=wid)
    finally:
        app.quit_discarding()
        app.close()



def fill_missing(app):
    """Gives the example job what its drafts still need (as the first start does)."""
    app.page(4)  # Training
    app.set_text(spin(app, "Training Iterations"), "1000")
    app.page(3)  # Data
    app.set_text(entry(app, "Data Path"), "/data/corpus/text_document")
    app.set_text(entry(app, "Tokenizer Model"), "/models/llama3-tokenizer")
    app.page(5)


def approve(app):
    """Approve, and Approve Anyway if the window asks about warnings."""
    button = app.wait("the Approve button", pyatspi.ROLE_PUSH_BUTTON, "Approve", contains=True)
    wait_for("Approve to turn on", lambda: sensitive(button))
    app.click(button)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and "approved" not in app.title():
        anyway = app.find(pyatspi.ROLE_PUSH_BUTTON, "Approve Anyway", root=app.app, contains=True)
        if anyway is not None:
            app.click(anyway)
            break
        time.sleep(0.1)
    wait_for("the title to say approved", lambda: "approved" in app.title())


def launcher(app, name):
    """The script pane's launcher button @name (a toggle or radio button)."""
    return wait_for(f"the {name} launcher",
                    lambda: app.find(pyatspi.ROLE_TOGGLE_BUTTON, name) or app.find(pyatspi.ROLE_RADIO_BUTTON, name)
                    or app.find(pyatspi.ROLE_PUSH_BUTTON, name))


def approval_across_launchers():
    """Issue 23 #2: approve torchrun, view SLURM, come back: still approved,
    and no toast says the approval was withdrawn; a change of the job does."""
    seed_settings(first_run_done="true")
    app = App()
    try:
        fill_missing(app)
        approve(app)
        app.click(launcher(app, "SLURM"))
        wait_for("the SLURM draft", lambda: "#SBATCH" in script_text(app))
        assert "approved" not in app.title().split("—")[1], app.title()
        app.click(launcher(app, "torchrun"))
        wait_for("the torchrun approval back", lambda: "approved" in app.title())
        assert "Approved" in script_text(app)
        app.screenshot("1-still-approved")
        assert app.find(pyatspi.ROLE_LABEL, "approval was withdrawn", root=app.app, contains=True) is None, \
            "viewing another launcher withdrew the approval"
        app.page(5)
        app.set_text(spin(app, "Tensor Parallel"), "8")
        wait_for("the title to say draft", lambda: "approved" not in app.title().split("—")[-2]
                 if "—" in app.title() else "approved" not in app.title())
    finally:
        app.quit_discarding()
        app.close()


def discard_is_final():
    """Issue 23 #3: an unsaved untitled job, Ctrl+Q, Discard, then
    `launch-planner job.json`: the discarded job does not come back."""
    job = os.path.join(ROOT, "job.json")
    shutil.copy(os.path.join(SOURCE, "tests", "cli", "jobs", "llama3-70b-slurm.json"), job)
    seed_settings(first_run_done="true")
    app = App()
    try:
        app.key("ctrl+n")
        wait_for("an untitled job", lambda: "Untitled Job" in app.title())
        app.page(5)
        app.set_text(spin(app, "Tensor Parallel"), "2")
        wait_for("the unsaved mark", lambda: app.title().startswith("•"))
    finally:
        app.quit_discarding()
        app.close()
    app = App(job)
    try:
        wait_for("the job's name in the title", lambda: "job.json" in app.title())
        # Nothing asks about the discarded job, now or a moment later.
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            assert app.find(pyatspi.ROLE_LABEL, "Save Changes?", root=app.app) is None, \
                "the discarded job came back and asks to be saved"
            time.sleep(0.2)
        assert "•" not in app.title(), app.title()
        app.screenshot("1-opened")
    finally:
        app.quit_discarding()
        app.close()


def drafted_tp(path):
    """Tensor parallel in the drafts file's job, or None."""
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.loads(json.load(f)["job"])["parallelism"]["tp"]


def crash_restores_draft():
    """Issue 23 #4: kill -9 mid-edit; the next start offers the unsaved job
    back with a bar, and Restore brings it."""
    seed_settings(first_run_done="true")
    drafts = os.path.join(os.environ["XDG_DATA_HOME"], SCHEMA, "drafts.json")
    app = App()
    try:
        app.page(5)
        app.set_text(spin(app, "Tensor Parallel"), "8")
        wait_for("the unsaved mark", lambda: app.title().startswith("•"))
        wait_for("the drafts file", lambda: drafted_tp(drafts) == 8, 15)
        app.proc.kill()  # SIGKILL: no close, no dispose
        app.proc.wait(10)
    finally:
        app.close()
    app = App()
    try:
        bar = app.wait("the recovery bar", pyatspi.ROLE_LABEL, "did not close properly", root=app.app, contains=True)
        assert bar is not None
        app.screenshot("1-offered")
        app.click(app.wait("the Restore button", pyatspi.ROLE_PUSH_BUTTON, "Restore", contains=True))
        app.page(5)
        wait_for("TP 8 back", lambda: int(spin(app, "Tensor Parallel").queryValue().currentValue) == 8)
        wait_for("the unsaved mark", lambda: app.title().startswith("•"))
        app.screenshot("2-restored")
    finally:
        app.quit_discarding()
        app.close()


def invalid_blocks_approve():
    """Issue 23 #5: abc, 0 or -3 in Nodes is counted, marks the page, makes
    the layout unknown and blocks Approve; the draft loses NNODES=8."""
    seed_settings(first_run_done="true")
    app = App()
    try:
        fill_missing(app)
        button = app.wait("the Approve button", pyatspi.ROLE_PUSH_BUTTON, "Approve", contains=True)
        wait_for("Approve to turn on", lambda: sensitive(button))
        assert "NNODES=8" in script_text(app)
        for typed in ("abc", "0", "-3"):
            app.page(2)
            app.set_text(spin(app, "Nodes"), typed)
            wait_for("the Cluster page marked", lambda: app.find(pyatspi.ROLE_LIST_ITEM, "Cluster, has errors"))
            wait_for("an error counted", lambda: app.find(pyatspi.ROLE_TOGGLE_BUTTON, "1 Error", contains=True) or
                     app.find(pyatspi.ROLE_PUSH_BUTTON, "1 Error", contains=True))
            wait_for("the layout unknown", lambda: app.find(pyatspi.ROLE_LABEL, "Layout unknown", contains=True))
            wait_for("Approve to turn off", lambda: not sensitive(button))
            assert "NNODES=8" not in script_text(app), "the draft keeps the old value"
        app.screenshot("1-invalid")
        app.set_text(spin(app, "Nodes"), "8")
        wait_for("Approve to turn on again", lambda: sensitive(button))
    finally:
        app.quit_discarding()
        app.close()


def scroll_to(app, acc):
    """Wheels the page under the pointer until @acc is inside the window."""
    for _ in range(40):
        acc.clearCache()
        ext = acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        height = app.frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS).height
        if ext.height > 0 and ext.y >= 0 and ext.y + ext.height < height - 10:
            return
        app.wid = app._x_window() or app.wid
        subprocess.run(["xdotool", "mousemove", "--window", app.wid, "400", str(height // 2), "click", "5"],
                       check=True, timeout=10)
        time.sleep(0.1)
    raise Failure(f"{acc.name!r} never came into view")


def recommend_rows():
    """Issue 23 #6: Use Recommended lists every change as a row, each in view;
    what it adds is its own row and field, and the person's Extra Arguments
    stay as they typed them."""
    seed_settings(first_run_done="true")
    app = App()
    try:
        app.page(2)
        extra = entry(app, "Extra Arguments")
        scroll_to(app, extra)
        app.set_text(extra, "--seed 1234")
        app.page(5)
        app.set_text(spin(app, "Tensor Parallel"), "1")
        app.click(app.wait("Use Recommended", pyatspi.ROLE_PUSH_BUTTON, "Use Recommended", contains=True))
        changes = app.wait("the list of changes", pyatspi.ROLE_LIST, "Changes to the job", root=app.app)
        rows = wait_for("its rows", lambda: [changes.getChildAtIndex(i) for i in range(changes.childCount)])
        names = [r.name for r in rows]
        log("rows", names)
        assert len(rows) >= 2, names
        assert any("Recommended Arguments" in n for n in names), names
        assert not any("Extra Arguments" in n for n in names), names
        # All in view: no scrolled area around the list that could cut it.
        assert pyatspi.findAncestor(changes, lambda a: a.getRole() == pyatspi.ROLE_SCROLL_PANE) is None, \
            "the changes are in a scrolled area"
        for row in rows:
            ext = row.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            assert ext.height > 0, row.name
        app.screenshot("1-changes")
        app.click(app.wait("the Apply button", pyatspi.ROLE_PUSH_BUTTON, "Apply", root=app.app, contains=True))
        wait_for("the draft to label what the recommendation added",
                 lambda: "# Added by the recommendation" in script_text(app))
        draft = script_text(app)
        assert "# Your extra arguments (advanced.extra_args)\n    --seed 1234\n)" in draft, draft
        app.page(2)
        assert text_of(entry(app, "Extra Arguments")) == "--seed 1234"
        assert text_of(entry(app, "Recommended Arguments")) != ""
        app.screenshot("2-applied")
        app.quit_discarding()
    finally:
        # A modal dialog left open takes no Ctrl+Q: the app is ended instead.
        app.close()

# Issue 23 #13 ---------------------------------------------------------------

# What a person operates or reads as one thing: each needs a name a screen
# reader can say.  (Labels, images and panels are named by their text or
# need none.)
CONTROL_ROLES = {
    pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX, pyatspi.ROLE_RADIO_BUTTON,
    pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_SPIN_BUTTON, pyatspi.ROLE_ENTRY, pyatspi.ROLE_PASSWORD_TEXT,
    pyatspi.ROLE_LIST, pyatspi.ROLE_LIST_BOX, pyatspi.ROLE_LIST_ITEM, pyatspi.ROLE_MENU_ITEM,
    pyatspi.ROLE_PAGE_TAB, pyatspi.ROLE_PAGE_TAB_LIST, pyatspi.ROLE_SLIDER, pyatspi.ROLE_TABLE,
    pyatspi.ROLE_TREE, pyatspi.ROLE_TREE_TABLE, pyatspi.ROLE_LINK, pyatspi.ROLE_MENU_BUTTON
    if hasattr(pyatspi, "ROLE_MENU_BUTTON") else pyatspi.ROLE_PUSH_BUTTON,
}


def is_control(acc):
    role = acc.getRole()
    if role in CONTROL_ROLES:
        return True
    states = acc.getState()
    # An editable text is a field; anything else that takes the focus is operated.
    if role == pyatspi.ROLE_TEXT:
        return states.contains(pyatspi.STATE_EDITABLE) or states.contains(pyatspi.STATE_FOCUSABLE)
    return states.contains(pyatspi.STATE_FOCUSABLE) and role not in (pyatspi.ROLE_FRAME, pyatspi.ROLE_WINDOW,
                                                                    pyatspi.ROLE_DIALOG, pyatspi.ROLE_SCROLL_BAR)


def where(acc):
    """The named ancestors of @acc, outermost first, to say where it is."""
    names = []
    node = acc.parent
    while node is not None and len(names) < 4:
        try:
            if node.name:
                names.append(f"{node.getRoleName()} {node.name!r}")
            node = node.parent
        except Exception:
            break
    return " < ".join(names)


def unnamed_controls(root):
    """Every visible control under @root without a name (a name of only
    spaces or punctuation is none), with where it is."""
    found = []

    def walk(acc, depth, path=()):
        if depth > 60:
            return
        try:
            states = acc.getState()
            # (GTK 4.8 does not say what is showing; a stack has only its
            # visible page in the tree.)
            if not states.contains(pyatspi.STATE_VISIBLE) and depth > 2:
                return
            if is_control(acc) and not any(c.isalnum() for c in (acc.name or "")):
                found.append((path, f"[{acc.getRoleName()}] {acc.name!r} in {where(acc)}"))
            children = [acc.getChildAtIndex(i) for i in range(acc.childCount)]
        except Exception:
            return
        for i, child in enumerate(children):
            if child is not None:
                walk(child, depth + 1, path + (i,))
    walk(root, 0)
    return found


def sidebar_rows(app):
    sidebar = app.wait("the sidebar", pyatspi.ROLE_LIST, "Pages")
    return sidebar, [sidebar.getChildAtIndex(i) for i in range(sidebar.childCount)]


def every_control_named():
    """Issue 23 #13: on every page (each Pictures tab too, the Experts page
    of a mixture-of-experts job, Troubleshoot with a log, the preferences),
    every control the window shows has a name a screen reader can say."""
    job = os.path.join(ROOT, "mixtral.json")
    shutil.copy(os.path.join(SOURCE, "tests", "cli", "jobs", "mixtral-8x7b-slurm.json"), job)
    seed_settings(first_run_done="true", window_width=1280, window_height=770)
    app = App(job)
    found = []
    try:
        wait_for("the job's name in the title", lambda: "mixtral.json" in app.title())
        sidebar, rows = sidebar_rows(app)
        rows = [r for r in rows if r.getState().contains(pyatspi.STATE_VISIBLE)]
        names = [r.name.split(",")[0] for r in rows]
        log("pages", names)
        assert "Experts" in names, names

        def visit(number, name, row):
            app.page(number)
            wait_for(f"the {name} page", lambda: sidebar.querySelection().isChildSelected(row.getIndexInParent()))
            time.sleep(0.5)  # pages fill in after the report

        # A page is built when first shown, and stays in the tree: every
        # page is visited, then the whole tree is walked once.
        for number, (name, row) in enumerate(zip(names, rows), 1):
            visit(number, name, row)
            if name == "Pictures":
                for tab in ("Pipeline Schedule", "Compare"):
                    app.pointer_click(app.wait(f"the {tab} tab", pyatspi.ROLE_PAGE_TAB, tab))
                    time.sleep(1.0)
        found += unnamed_controls(app.frame)
        # The preferences.
        app.key("ctrl+comma")
        prefs = wait_for("the preferences", lambda: next((app.app.getChildAtIndex(i) for i in range(app.app.childCount)
                                                           if app.app.getChildAtIndex(i).name == "Preferences"), None))
        app.wait("the cluster group", pyatspi.ROLE_LABEL, "Your Cluster", root=prefs)
        found += unnamed_controls(prefs)
        app.key("Escape", window=app.window_named("Preferences"))
        wait_for("the preferences to close",
                 lambda: app.find(pyatspi.ROLE_LABEL, "Your Cluster", root=app.app) is None)
        # A training log fills Troubleshoot (and Optimize) with its diagnosis.
        log_file = os.path.join(ROOT, "nan-skipped.log")
        shutil.copy(os.path.join(SOURCE, "tests", "core", "logs", "nan-skipped.log"), log_file)
        subprocess.run([APP, log_file], env=dict(os.environ), cwd=ROOT, timeout=30, check=False,
                       stdout=app.log, stderr=subprocess.STDOUT)
        app.wait("the diagnosis", pyatspi.ROLE_LABEL, "NaN iterations from iteration 800", contains=True)
        sidebar, rows = sidebar_rows(app)
        rows = [r for r in rows if r.getState().contains(pyatspi.STATE_VISIBLE)]
        for number, row in enumerate(rows, 1):
            if row.name.split(",")[0] in ("Optimize", "Troubleshoot"):
                visit(number, row.name, row)
        found += [c for c in unnamed_controls(app.frame) if c not in found]
    finally:
        app.quit_discarding()
        app.close()
    # Counted by the page each is on (a page's stack page has its title).
    per_page = {}
    for path, text in found:
        page = next((n for n in names + ["Preferences"] if f"'{n}'" in text), "chrome")
        per_page.setdefault(page, []).append(text)
    for page in names + ["Preferences", "chrome"]:
        log(f"{page}: {len(per_page.get(page, []))} without a name")
        for text in per_page.get(page, []):
            log("   ", text)
    assert not found, f"{len(found)} controls without a name"


def focused(acc):
    try:
        acc.clearCache()
    except Exception:
        pass
    try:
        return acc.getState().contains(pyatspi.STATE_FOCUSED)
    except Exception:
        return False


def focus_now(app):
    return pyatspi.findDescendant(app.frame, lambda a: a.getState().contains(pyatspi.STATE_FOCUSED), True)


def in_page(acc, title):
    """Whether @acc is inside the window's page @title (its stack page is named so)."""
    return pyatspi.findAncestor(acc, lambda a: a.getRole() == pyatspi.ROLE_PANEL and a.name == title) is not None


def sidebar_tab_order():
    """Issue 23 #12: the sidebar is one Tab stop.  Tab from the script pane
    round to the form never shows another page, visits at most one sidebar
    row and never the script pane's two flow-box children; the arrow keys
    move inside the sidebar; Alt+number puts the focus in the page."""
    seed_settings(first_run_done="true")
    app = App()
    try:
        sidebar, rows = sidebar_rows(app)
        rows = [r for r in rows if r.getState().contains(pyatspi.STATE_VISIBLE)]
        app.page(5)  # Parallelism
        parallelism = next(i for i, r in enumerate(rows) if r.name.startswith("Parallelism"))
        wait_for("the Parallelism page", lambda: sidebar.querySelection().isChildSelected(parallelism))
        tp = spin(app, "Tensor Parallel")
        # Alt+number leaves the focus in the page, not the header or the sidebar.
        now = wait_for("the focus", lambda: focus_now(app))
        log("focus after Alt+5:", now.getRoleName(), repr(now.name), "in", where(now))
        assert in_page(now, "Parallelism"), "Alt+5 left the focus outside the page"
        # The script pane's flow-box children: named, but no Tab stops.
        cells = [app.wait(f"the {name} group", pyatspi.ROLE_TABLE_CELL, name) for name in ("Launcher", "Script actions")]
        for cell in cells:
            assert not cell.getState().contains(pyatspi.STATE_FOCUSABLE), f"{cell.name!r} is a Tab stop"
        # Into the script pane: its Copy button, by a click.
        copy = app.wait("the Copy button", pyatspi.ROLE_PUSH_BUTTON, "Copy")
        app.pointer_click(copy)
        wait_for("the focus on Copy", lambda: focused(copy), 10)
        rows_visited, stops = set(), 0
        for stops in range(1, 41):
            app.key("Tab")
            time.sleep(0.3)
            assert sidebar.querySelection().isChildSelected(parallelism), \
                f"Tab {stops} showed another page: {[r.name for r in rows if sidebar.querySelection().isChildSelected(r.getIndexInParent())]}"
            assert not any(focused(c) for c in cells), f"Tab {stops} stopped on a flow-box child"
            rows_visited |= {r.name for r in rows if focused(r)}
            now = focus_now(app)
            if now is not None and in_page(now, "Parallelism"):
                break
        else:
            raise Failure("40 Tabs from the script pane never reached the page")
        log(f"{stops} Tab stops from Copy to {now.name!r} in the page; sidebar rows focused: {sorted(rows_visited)}")
        assert len(rows_visited) <= 1, f"the sidebar took {len(rows_visited)} Tab stops: {sorted(rows_visited)}"
        # Inside the sidebar the arrow keys move: Shift+Tab back to the
        # sidebar's row, Down to the next one.
        row = rows[parallelism]
        for _ in range(20):
            app.key("shift+Tab")
            time.sleep(0.3)
            if focused(row):
                break
        assert focused(row), "Shift+Tab from the form never reached the sidebar"
        app.key("Down")
        wait_for("the focus on the next row", lambda: focused(rows[parallelism + 1]), 10)
        app.screenshot("1-sidebar")
    finally:
        app.quit_discarding()
        app.close()


SCENARIOS = {
    "first-start-export": first_start_to_export,
    "open-save-as-reopen": open_save_as_reopen,
    "import-script": import_script,
    "quit-asks-first": quit_asks_first,
    "corrupt-saved-job": corrupt_saved_job,
    "open-training-log": open_training_log,
    "pictures": pictures,
    "tour": tour,
    "approval-across-launchers": approval_across_launchers,
    "discard-is-final": discard_is_final,
    "crash-restores-draft": crash_restores_draft,
    "invalid-blocks-approve": invalid_blocks_approve,
    "recommend-rows": recommend_rows,
    "every-control-named": every_control_named,
    "sidebar-tab-order": sidebar_tab_order,
}

if __name__ == "__main__":
    SCENARIO = sys.argv[1]
    print("1..1", flush=True)
    try:
        SCENARIOS[SCENARIO]()
    except Exception as e:
        log("in the throwaway root:", sorted(os.listdir(ROOT)))
        import traceback
        traceback.print_exc(file=sys.stdout)
        print(f"not ok 1 {SCENARIO}: {e}", flush=True)
        sys.exit(1)
    print(f"ok 1 {SCENARIO}", flush=True)
