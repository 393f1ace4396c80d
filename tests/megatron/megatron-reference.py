#!/usr/bin/python3
"""Run each Megatron-Core release's own FLOPs, theoretical memory and rank generation on the
configurations of tests/core/megatron-reference.json and write what they return, per release.

    megatron-reference.py [--release 0.14.0 ...] [--output tests/core/megatron-reference-releases.json] [--check]

For every configuration (its "args", "world_size" and "vocab_size") and every release, in a forked
process: that release's parse_args and validate_args (pretrain_gpt.py's defaults, a fake world of
world_size ranks), the padded vocabulary from its _vocab_size_with_padding (unless the arguments give
--padded-vocab-size), then num_floating_point_operations(args, global_batch_size) from
megatron/training/training.py and compute_weight_and_optimizer_memory and the activation function
report_theoretical_memory chooses from megatron/training/theoretical_memory_usage.py (the
sequence-parallel formula with --sequence-parallel and selective recompute; otherwise the formula
without sequence parallelism where the release has one, and none before 0.15, which prints the
weights and optimizer only).  A configuration the release refuses is written as refused, with
Megatron's message.  For every rank case: initialize_model_parallel with that world (valid or not),
and the groups from the release's RankGenerator as initialize_model_parallel builds it.
A configuration the release refuses only for options it lacks (or a choice it lacks, replaced by its
default) runs again without them; the table keeps those arguments with the figures.

Megatron's source is extracted with git archive from the bare mirror into a cache folder (never into
this repository), as megatron-check.py does; torch and the rest are tests/megatron/torchstub.py.
Exits 77 when the mirror cannot be read.
"""

import argparse
import contextlib
import importlib.util
import inspect
import io
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORE = os.path.join(HERE, "..", "core")
RELEASES = ["0.12.0", "0.13.1", "0.14.0", "0.15.3", "0.16.1", "0.17.1", "0.18.2", "0.19.0", "0.20.0"]


def load_check():
    spec = importlib.util.spec_from_file_location("megatron_check", os.path.join(HERE, "megatron-check.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def resolve_args(check, megatron, argv, world_size):
    """The release's arguments after validate_args, or raise with Megatron's refusal."""
    arguments = megatron[0]
    os.environ.update({"WORLD_SIZE": str(world_size), "RANK": "0", "LOCAL_RANK": "0"})
    # As a launch sets it: 1 for TP and CP, left out for FSDP, which refuses 1.
    if not any(flag in argv for flag in ("--use-megatron-fsdp", "--use-custom-fsdp")):
        os.environ["CUDA_DEVICE_MAX_CONNECTIONS"] = "1"
    sys.argv = ["pretrain_gpt.py"] + list(argv)
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            args = arguments.parse_args(None, False)
            arguments.validate_args(args, {"tokenizer_type": "GPT2BPETokenizer"})
    except SystemExit:
        lines = [line for line in out.getvalue().splitlines() if line.strip()]
        raise RuntimeError(next((l for l in reversed(lines) if "error:" in l), lines[-1] if lines else "exit"))
    return args


def padded_vocab(args, vocab_size):
    if getattr(args, "padded_vocab_size", None):
        return args.padded_vocab_size
    try:  # 0.17 moved it
        from megatron.core.tokenizers.utils.build_tokenizer import vocab_size_with_padding
    except ImportError:
        from megatron.training.tokenizer.tokenizer import _vocab_size_with_padding as vocab_size_with_padding
    return vocab_size_with_padding(vocab_size, args)


def run_model(check, megatron, model):
    """One configuration's figures in this release (in a forked child)."""
    try:
        args = resolve_args(check, megatron, model["args"], model["world_size"])
    except BaseException as e:  # noqa: B036 - any failure of Megatron's code is a refusal
        return {"accepted": False, "message": " ".join(str(e).split())[:300] or type(e).__name__}
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        args.padded_vocab_size = padded_vocab(args, model["vocab_size"])
        from megatron.training import theoretical_memory_usage as tmu
        from megatron.training import training
        flops = training.num_floating_point_operations(args, args.global_batch_size)
        weights = tmu.compute_weight_and_optimizer_memory(args)
        micro = args.global_batch_size // (args.micro_batch_size * args.data_parallel_size)
        if args.sequence_parallel and args.recompute_granularity == "selective":
            activations = tmu.compute_activation_memory(args, num_microbatches=micro)
        elif hasattr(tmu, "compute_activation_memory_without_sp"):
            activations = tmu.compute_activation_memory_without_sp(args, num_microbatches=micro)
        else:
            activations = None
    return {"accepted": True, "flops_per_iteration": float(flops),
            "weight_and_optimizer_bytes": float(weights),
            "activation_bytes": None if activations is None else float(activations),
            "total_bytes": None if activations is None else float(weights + activations)}


def run_ranks(check, megatron, item):
    """initialize_model_parallel's verdict and RankGenerator's groups (in a forked child)."""
    _, parallel_state, _ = megatron
    world, tp, pp, cp, ep = (item[k] for k in ("world_size", "tp", "pp", "cp", "ep"))
    etp = item["etp"] if item["etp"] is not None else tp
    order = "tp-cp-ep-pp-dp" if item["use_tp_pp_dp_mapping"] else "tp-cp-ep-dp-pp"
    os.environ.update({"WORLD_SIZE": str(world), "RANK": "0", "LOCAL_RANK": "0"})
    init = parallel_state.initialize_model_parallel
    params = inspect.signature(init).parameters
    kwargs = {"context_parallel_size": cp, "expert_model_parallel_size": ep, "order": order}
    if "expert_tensor_parallel_size" in params:
        kwargs["expert_tensor_parallel_size"] = item["etp"]
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            init(tp, pp, **kwargs)
    except BaseException as e:  # noqa: B036
        return {"valid": False, "message": " ".join(str(e).split())[:300] or type(e).__name__}
    dp = world // (tp * pp * cp)
    gen = parallel_state.RankGenerator(tp=tp, ep=1, dp=dp, pp=pp, cp=cp, order=order)
    expert = parallel_state.RankGenerator(tp=etp, ep=ep, dp=world // (etp * ep * pp), pp=pp, cp=1, order=order)
    groups = {}
    for name, token in (("tp", "tp"), ("pp", "pp"), ("dp", "dp"), ("cp", "cp"), ("dp_cp", "dp-cp"),
                        ("tp_pp", "tp-pp"), ("tp_dp", "tp-dp"), ("tp_dp_cp", "tp-dp-cp"), ("tp_cp", "tp-cp")):
        groups[name] = gen.get_ranks(token)
    for name, token in (("ep", "ep"), ("etp", "tp"), ("etp_ep", "tp-ep"), ("etp_ep_pp", "tp-ep-pp"),
                        ("expert_dp", "dp")):
        groups[name] = expert.get_ranks(token)
    groups["embedding"] = [parallel_state.default_embedding_ranks(r) for r in groups["pp"]]
    position = [parallel_state.default_position_embedding_ranks(r) for r in groups["pp"]]
    groups["position_embedding"] = [g for i, g in enumerate(position) if g not in position[:i]]
    return {"valid": True, "groups": groups}


def release_options(versions, release):
    """{option string: its flags.jsonl row} of a release."""
    options = {}
    with open(os.path.join(versions, release, "flags.jsonl")) as f:
        for line in f:
            row = json.loads(line)
            for name in [row["flag"]] + row.get("aliases", []):
                options[name] = row
    return options


def variant(argv, options, newest):
    """The arguments without the options the release lacks (and a choice it lacks replaced by its
    default), or None when nothing changes."""
    out, i, changed = [], 0, False
    while i < len(argv):
        word = argv[i]
        row = newest.get(word)
        takes_value = row is not None and row["nargs"] != 0
        value = argv[i + 1] if takes_value and i + 1 < len(argv) else None
        i += 2 if takes_value else 1
        if word not in options:
            changed = True
            continue
        choices = options[word]["choices"]
        if value is not None and choices and value not in choices:
            value, changed = options[word]["default"], True
        out += [word] if value is None else [word, value]
    return out if changed else None


def run_models(check, megatron, opts, release, models):
    """Each configuration, and where the release refuses an option it lacks, the variant without it."""
    options = release_options(opts.versions, release)
    newest = release_options(opts.versions, RELEASES[-1])
    results = []
    for model in models:
        result = forked(run_model, check, megatron, model)
        message = result.get("message", "")
        if not result.get("accepted") and ("unrecognized arguments" in message or "invalid choice" in message):
            argv = variant(model["args"], options, newest)
            if argv is not None:
                second = forked(run_model, check, megatron, dict(model, args=argv))
                if second.get("accepted"):
                    result = dict(second, args=argv)
        results.append(result)
    return results


def forked(function, *args):
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        try:
            result = function(*args)
        except BaseException as e:  # noqa: B036
            result = {"error": "%s: %s" % (type(e).__name__, e)}
        with os.fdopen(write_fd, "w") as f:
            json.dump(result, f)
        os._exit(0)
    os.close(write_fd)
    with os.fdopen(read_fd) as f:
        text = f.read()
    os.waitpid(pid, 0)
    return json.loads(text) if text else {"error": "the child died"}


def run_release(check, opts, release, reference):
    commit = check.release_commit(release, opts.versions)
    tree = check.extract(opts.mirror, commit, opts.cache)
    pid = os.fork()
    if pid:
        return pid
    # A child per release: each imports its own tree.
    try:
        megatron = check.load_megatron(tree)
    except ImportError as e:
        print("SKIP: Megatron's code cannot be imported here: %s" % e, file=sys.stderr)
        os._exit(check.SKIP)
    out = {"megatron_lm_commit": commit,
           "models": run_models(check, megatron, opts, release, reference["models"]),
           "ranks": [forked(run_ranks, check, megatron, r) for r in reference["ranks"]]}
    with open(os.path.join(opts.work, release + ".json"), "w") as f:
        json.dump(out, f)
    os._exit(0)


def write(path, releases, results):
    """One line per configuration, so a diff shows which figure moved."""
    with open(path, "w") as f:
        f.write("{\n \"description\": %s,\n \"releases\": {\n" % json.dumps(
            "Outputs of each Megatron-Core release's own num_floating_point_operations, "
            "compute_weight_and_optimizer_memory and activation formula (as report_theoretical_memory chooses "
            "it; null when the release prints the weights and optimizer only), and RankGenerator groups, for "
            "the configurations and rank cases of megatron-reference.json, in the same order. Made by "
            "tests/megatron/megatron-reference.py; a configuration the release refuses has accepted false, "
            "one it refuses only for options it lacks is run without them and carries its args."))
        for i, release in enumerate(releases):
            r = results[release]
            f.write("  %s: {\n   \"megatron_lm_commit\": %s,\n   \"models\": [\n" % (
                json.dumps(release), json.dumps(r["megatron_lm_commit"])))
            f.write(",\n".join("    " + json.dumps(m) for m in r["models"]))
            f.write("\n   ],\n   \"ranks\": [\n")
            f.write(",\n".join("    " + json.dumps(x, separators=(",", ":")) for x in r["ranks"]))
            f.write("\n   ]\n  }%s\n" % ("," if i + 1 < len(releases) else ""))
        f.write(" }\n}\n")


def main():
    check = load_check()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--release", action="append", help="a release (default: all nine)")
    parser.add_argument("--reference", default=os.path.join(CORE, "megatron-reference.json"))
    parser.add_argument("--output", default=os.path.join(CORE, "megatron-reference-releases.json"))
    parser.add_argument("--mirror", default=os.environ.get("MEGATRON_MIRROR", check.DEFAULT_MIRROR))
    parser.add_argument("--versions", default=check.VERSIONS)
    parser.add_argument("--cache", default=os.environ.get("MEGATRON_CACHE", "/tmp/launch-planner-megatron"))
    parser.add_argument("--work", default="/tmp/launch-planner-megatron-reference")
    parser.add_argument("--check", action="store_true",
                        help="compare with the stored table instead of writing it (exit 1 on a difference)")
    opts = parser.parse_args()
    releases = opts.release or RELEASES
    with open(opts.reference) as f:
        reference = json.load(f)
    os.makedirs(opts.work, exist_ok=True)
    for release in releases:
        pid = run_release(check, opts, release, reference)
        _, status = os.waitpid(pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            return os.waitstatus_to_exitcode(status)
    results = {}
    for release in releases:
        with open(os.path.join(opts.work, release + ".json")) as f:
            results[release] = json.load(f)
        models = results[release]["models"]
        print("%s: %d of %d configurations accepted, %d more without options it lacks, %d rank cases valid" % (
            release, sum(1 for m in models if m.get("accepted") and "args" not in m), len(models),
            sum(1 for m in models if "args" in m), sum(1 for r in results[release]["ranks"] if r.get("valid"))), file=sys.stderr)
    if opts.check:
        # The stored table against what the releases' code returns now.
        with open(opts.output) as f:
            stored = json.load(f)["releases"]
        stale = [r for r in releases if stored.get(r, {}).get("models") != results[r]["models"]
                 or stored.get(r, {}).get("ranks") != results[r]["ranks"]]
        for release in stale:
            print("%s: the stored figures differ from what the release's code returns" % release, file=sys.stderr)
        return 1 if stale else 0
    write(opts.output, releases, results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
