#!/usr/bin/python3
"""Feed launch drafts to Megatron-LM's own start-up code and say which it accepts.

    megatron-check.py --release 0.20.0 DRAFTS.jsonl          (or --commit d98e8a64dd)

DRAFTS.jsonl holds one draft per line: either a JSON list of the words that reach pretrain_gpt.py,
or an object {"id": ..., "argv": [...], "env": {"WORLD_SIZE": "64", "RANK": "0", ...}}.  For each draft
this runs, in a forked process, the release's parse_args and validate_args (with pretrain_gpt.py's
defaults), then core_transformer_config_from_args (TransformerConfig's own checks) and
initialize_model_parallel with a fake world of WORLD_SIZE ranks seen from RANK.  It prints one JSON line
per draft: {"id", "accepted", "stage", "message"}; the exit status is 0 when every draft was accepted,
1 when some were refused, 77 when the Megatron-LM mirror cannot be read, 2 on bad input.

Megatron's source is extracted with git archive from the bare mirror into a cache folder (never into
this repository); torch, numpy and einops are replaced by tests/megatron/torchstub.py.
"""

import argparse
import contextlib
import io
import json
import os
import re
import subprocess
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MIRROR = "/work/.mirror/NVIDIA+Megatron-LM/repo"
# The shared folder beside the checkout (MEGATRON_VERSIONS for a checkout elsewhere, a worktree).
VERSIONS = os.environ.get("MEGATRON_VERSIONS") or os.path.join(HERE, "..", "..", "..", "shared", "megatron", "versions")
SKIP = 77


def skip(message):
    print("SKIP: " + message, file=sys.stderr)
    sys.exit(SKIP)


def release_commit(release, versions_dir):
    path = os.path.join(versions_dir, release, "COMMIT")
    try:
        with open(path) as f:
            return f.read().split()[0]
    except OSError:
        skip("no COMMIT file for release %s at %s" % (release, path))


def extract(mirror, commit, cache):
    """The release's source tree, extracted once into CACHE/COMMIT."""
    if not os.path.isdir(mirror):
        skip("the Megatron-LM mirror %s is absent" % mirror)
    full = subprocess.run(["git", "-C", mirror, "rev-parse", "--verify", commit + "^{commit}"],
                          capture_output=True, text=True)
    if full.returncode != 0:
        skip("commit %s is not in the mirror %s" % (commit, mirror))
    full = full.stdout.strip()
    dest = os.path.join(cache, full)
    done = os.path.join(dest, ".extracted")
    if os.path.exists(done):
        return dest
    tmp = dest + ".tmp%d" % os.getpid()
    os.makedirs(tmp, exist_ok=True)
    archive = subprocess.Popen(["git", "-C", mirror, "archive", full, "megatron"], stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", tmp], stdin=archive.stdout, check=True)
    if archive.wait() != 0:
        skip("git archive of %s failed" % full)
    open(os.path.join(tmp, ".extracted"), "w").close()
    try:
        os.rename(tmp, dest)
    except OSError:  # another process extracted it first
        subprocess.run(["rm", "-rf", tmp])
    return dest


def load_megatron(tree):
    sys.path.insert(0, HERE)
    import torchstub
    torchstub.install()
    sys.path.insert(0, tree)
    os.environ.setdefault("WORLD_SIZE", "1")
    os.environ.setdefault("RANK", "0")
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        from megatron.training import arguments
        from megatron.core import parallel_state
    to_config = getattr(arguments, "core_transformer_config_from_args", None)
    if to_config is None:
        from megatron.training import argument_utils
        to_config = argument_utils.core_transformer_config_from_args
    warm_parser(arguments)
    return arguments, parallel_state, to_config


def warm_parser(arguments):
    """Parse once here, before the drafts fork, with the help texts kept: newer releases (0.16 on)
    read each config dataclass's field docstrings from its source with inspect and ast every time
    the parser is built, for help texts only, which was half of each draft's check.  The texts
    depend on the class alone, so they are read once and every forked check reuses them."""
    try:
        from megatron.training import argument_utils
    except ImportError:
        return
    factory = getattr(argument_utils, "ArgumentGroupFactory", None)
    read = getattr(factory, "_get_field_docstrings", None)
    if read is None:
        return
    texts = {}

    def cached(self, cls):
        if cls not in texts:
            texts[cls] = read(self, cls)
        return dict(texts[cls])
    factory._get_field_docstrings = cached
    argv = sys.argv
    sys.argv = ["pretrain_gpt.py"]
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            arguments.parse_args(None, False)
    except BaseException:  # noqa: B036 - only a warm-up: each draft parses again for itself
        pass
    finally:
        sys.argv = argv


def model_parallel_kwargs(args, init):
    """initialize_model_parallel's keywords, as megatron/training/initialize.py passes them."""
    import inspect
    params = inspect.signature(init).parameters
    by_dest = {
        "virtual_pipeline_model_parallel_size": "virtual_pipeline_model_parallel_size",
        "pipeline_model_parallel_comm_backend": "pipeline_model_parallel_comm_backend",
        "use_sharp": "use_sharp",
        "context_parallel_size": "context_parallel_size",
        "hierarchical_context_parallel_sizes": "hierarchical_context_parallel_sizes",
        "hybrid_context_parallel": "hybrid_context_parallel",
        "expert_model_parallel_size": "expert_model_parallel_size",
        "gtp_remat_size": "gtp_weight_remat_size",
        "expert_gtp_remat_size": "expert_gtp_weight_remat_size",
        "num_distributed_optimizer_instances": "num_distributed_optimizer_instances",
        "expert_tensor_parallel_size": "expert_tensor_parallel_size",
        "distributed_timeout_minutes": "distributed_timeout_minutes",
        "nccl_communicator_config_path": "nccl_communicator_config_path",
        "create_gloo_process_groups": "use_gloo_process_groups",
        "high_priority_stream_groups": "high_priority_stream_groups",
        "sharp_enabled_group": "sharp_enabled_group",
        "encoder_tensor_model_parallel_size": "encoder_tensor_model_parallel_size",
        "encoder_pipeline_model_parallel_size": "encoder_pipeline_model_parallel_size",
    }
    kwargs = {}
    for key, dest in by_dest.items():
        if key in params and hasattr(args, dest):
            kwargs[key] = getattr(args, dest)
    if "order" in params:
        kwargs["order"] = "tp-cp-ep-pp-dp" if getattr(args, "use_tp_pp_dp_mapping", False) else "tp-cp-ep-dp-pp"
    return kwargs


def check_one(megatron, argv, env):
    """(accepted, stage, message) for one draft; runs in a forked child."""
    arguments, parallel_state, to_config = megatron
    for key, value in env.items():
        os.environ[key] = str(value)
    sys.argv = ["pretrain_gpt.py"] + list(argv)
    stage = "parse_args"
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            args = arguments.parse_args(None, False)
            stage = "validate_args"
            arguments.validate_args(args, {"tokenizer_type": "GPT2BPETokenizer"})
            stage = "TransformerConfig"
            to_config(args)
            stage = "initialize_model_parallel"
            init = parallel_state.initialize_model_parallel
            init(args.tensor_model_parallel_size, args.pipeline_model_parallel_size,
                 **model_parallel_kwargs(args, init))
    except SystemExit as e:
        # argparse prints "error: ..." and exits; Megatron's own sys.exit calls too.
        lines = [l for l in out.getvalue().splitlines() if l.strip()]
        text = next((l for l in reversed(lines) if "error:" in l), lines[-1] if lines else "exit %s" % e.code)
        return False, stage, text.strip()
    except BaseException as e:  # noqa: B036 - any failure of Megatron's code is a refusal
        message = str(e) or type(e).__name__
        where = traceback.extract_tb(e.__traceback__)[-1]
        return False, stage, "%s: %s (%s:%d)" % (type(e).__name__, " ".join(message.split()),
                                                 where.filename.split("/megatron/", 1)[-1], where.lineno)
    return True, "initialize_model_parallel", ""


def run_forked(megatron, argv, env, timeout):
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        try:
            result = check_one(megatron, argv, env)
        except BaseException as e:  # noqa: B036
            result = (False, "checker", repr(e))
        with os.fdopen(write_fd, "w") as f:
            json.dump(result, f)
        os._exit(0)
    os.close(write_fd)
    import select
    chunks = []
    with os.fdopen(read_fd) as f:
        ready, _, _ = select.select([f], [], [], timeout)
        if ready:
            chunks.append(f.read())
    if not chunks:
        os.kill(pid, 9)
    _, status = os.waitpid(pid, 0)
    if not chunks or not chunks[0]:
        return False, "checker", "the check did not finish (status %d)" % status
    return tuple(json.loads(chunks[0]))


def read_drafts(path):
    drafts = []
    with (sys.stdin if path == "-" else open(path)) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                item = json.loads(line)
            except ValueError as e:
                print("%s:%d: not JSON: %s" % (path, number, e), file=sys.stderr)
                sys.exit(2)
            if isinstance(item, list):
                item = {"argv": item}
            if not isinstance(item, dict) or not isinstance(item.get("argv"), list):
                print("%s:%d: a draft is a list of words or an object with \"argv\"" % (path, number),
                      file=sys.stderr)
                sys.exit(2)
            item.setdefault("id", "line %d" % number)
            item.setdefault("env", {})
            drafts.append(item)
    return drafts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--release", help="a folder of ../shared/megatron/versions (0.12.0 … 0.20.0)")
    which.add_argument("--commit", help="a Megatron-LM commit")
    which.add_argument("--source", help="an extracted Megatron-LM tree (holding megatron/)")
    parser.add_argument("--mirror", default=os.environ.get("MEGATRON_MIRROR", DEFAULT_MIRROR))
    parser.add_argument("--versions", default=VERSIONS, help="the versions folder (default %(default)s)")
    parser.add_argument("--cache", default=os.environ.get("MEGATRON_CACHE", "/tmp/launch-planner-megatron"),
                        help="where trees are extracted (default %(default)s)")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("drafts", help="JSON lines of drafts, or - for standard input")
    opts = parser.parse_args()

    if opts.source:
        tree = opts.source
    else:
        commit = opts.commit or release_commit(opts.release, opts.versions)
        tree = extract(opts.mirror, commit, opts.cache)
    drafts = read_drafts(opts.drafts)
    try:
        megatron = load_megatron(tree)
    except ImportError as e:
        skip("Megatron's start-up code cannot be imported here: %s" % e)

    refused = 0
    for draft in drafts:
        env = {"WORLD_SIZE": "1", "RANK": "0", "LOCAL_RANK": "0"}
        env.update({k: str(v) for k, v in draft["env"].items()})
        accepted, stage, message = run_forked(megatron, draft["argv"], env, opts.timeout)
        refused += not accepted
        print(json.dumps({"id": draft["id"], "accepted": accepted, "stage": stage, "message": message},
                         ensure_ascii=False), flush=True)
    print("%d of %d drafts accepted" % (len(drafts) - refused, len(drafts)), file=sys.stderr)
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main())
