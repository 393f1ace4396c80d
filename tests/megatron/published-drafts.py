#!/usr/bin/python3
"""Drafts for the published layouts, fed to Megatron-LM's own start-up code.

    published-drafts.py --cli launch-planner-cli [--release 0.20.0] [--layouts FILE] [--work DIR]
                        [--job-release X.Y.Z|none]

For each row of tests/calibration/published-layouts.txt this makes the job a person would (the
model, the cluster, the published degrees, batch, precision and recompute, their own data and
checkpoint paths, and the release the cluster runs as launch.megatron_version: --job-release, by
default the --release checked), asks `launch-planner-cli script JOB --launcher L` for each launcher (torchrun,
slurm, memory-check), runs the draft in a scratch folder with torchrun, srun, scontrol and python
replaced by fakebin/capture.py (nothing is started: the words that reach pretrain_gpt.py and the
environment are recorded), and gives those to megatron-check.py.  It prints, per launcher, how many
drafts Megatron accepted, each layout the planner refused with its reason, and each draft Megatron
refused with its message.  For an older release it also feeds the default release's draft of each
layout the planner refuses only for that release to Megatron (it must refuse it too), and checks every
flag that recommend, optimize and troubleshoot propose for the job against the release's flags.jsonl.
Exit status: 0 when Megatron accepted every draft the planner wrote, refused every such default-release
draft, and every proposed flag exists; 1 otherwise, 77 when the Megatron-LM mirror or a Python module the check needs is missing.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LAYOUTS = os.path.join(HERE, "..", "calibration", "published-layouts.txt")
# A layout for each Hugging Face config (issue 21): the model is the config's, by script --hf-config.
HF_LAYOUTS = os.path.join(HERE, "hf-layouts.txt")
HF_CONFIGS = os.path.join(HERE, "..", "core", "hf-configs")
LAUNCHERS = ("torchrun", "slurm", "memory-check")
# Compute capability of each catalogue GPU, for the checks Megatron makes of the device.
CAPABILITY = {"a100-40gb": "8.0", "a100-80gb": "8.0", "h100-sxm": "9.0", "h100-pcie": "9.0", "h200": "9.0",
              "b200": "10.0", "gb200": "10.0", "l40s": "8.9", "v100": "7.0"}
PRECISION = {"bf16": ("bf16", ""), "fp8": ("fp8", "tensorwise"), "mxfp8": ("fp8", "mxfp8"),
             "fp8-block": ("fp8", "blockwise"), "fp16": ("fp16", "")}


def read_layouts(path, hf_configs=None):
    """The rows of PATH; with HF_CONFIGS, the model column names a config.json in that folder."""
    rows = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            body, _, source = line.partition("|")
            words = body.split()
            if not words or words[0].startswith("#"):
                continue
            keys = ("model", "gpu", "gpus", "seq", "gbs", "mbs", "precision", "tp", "pp", "cp", "vpp",
                    "ep", "etp", "recompute", "fsdp")
            row = dict(zip(keys, words))
            row["line"], row["source"] = number, source.strip()
            row["key"] = ("H%d" if hf_configs else "L%d") % number
            if hf_configs:
                row["hf_config"] = os.path.abspath(os.path.join(hf_configs, row["model"]))
                row["model"] = row["model"][:-len(".json")] if row["model"].endswith(".json") else row["model"]
            row["id"] = "%s %s %s×%s seq %s" % (row["key"], row["model"], row["gpus"], row["gpu"], row["seq"])
            rows.append(row)
    return rows


def catalogue_model(model_id, _cache={}):
    """The catalogue's entry for MODEL_ID (data/models.json), or {}."""
    if not _cache:
        with open(os.path.join(HERE, "..", "..", "data", "models.json")) as f:
            data = json.load(f)
        for model in data["models"] if isinstance(data, dict) else data:
            _cache[model["id"]] = model
    return _cache.get(model_id, {})


def layout_string(layers, mtp, stages):
    """NVIDIA's form of a layout (Megatron-Bridge's DeepSeek-V3 recipe at PP 16: Et*4|(t*4|)*14tmL):
    the embedding with the first stage, M decoder layers in every middle stage, the rest and the MTP
    layers and the loss in the last."""
    middle = -(-layers // stages)
    while middle > 0 and layers - middle * (stages - 2) < 0:
        middle -= 1
    rest = layers - middle * (stages - 2)
    first = min(middle, rest)
    last = rest - first

    def run(n):
        return "" if n == 0 else "t" if n == 1 else "t*%d" % n
    text = "E" + run(first) + "|"
    if stages > 2:
        text += "(%s|)*%d" % (run(middle), stages - 2) if stages > 3 else run(middle) + "|"
    return text + run(last) + "m" * mtp + "L"


def hf_model(path):
    """The layers and MTP layers of a Hugging Face config.json, as catalogue_model names them."""
    with open(path) as f:
        config = json.load(f)
    config = config.get("text_config", config)
    return {"num_layers": config.get("num_hidden_layers", 0),
            "mtp_num_layers": config.get("num_nextn_predict_layers", 0) or 0}


def pipeline_split(row, parallelism):
    """The split a person would choose for a layout whose layers do not divide over PP × VPP, as the
    published recipes do: Megatron-Bridge's Llama 3.1 405B and Qwen3-235B recipes count the embedding
    and the loss as layers (126 + 2, 94 + 2); its DeepSeek-V3 recipe writes a layout string (61 layers
    and the MTP layer).  {} when the layers divide evenly."""
    model = hf_model(row["hf_config"]) if "hf_config" in row else catalogue_model(row["model"])
    layers, mtp = model.get("num_layers", 0), model.get("mtp_num_layers", 0)
    stages = parallelism["pp"] * parallelism["vpp"]
    if not layers or parallelism["pp"] == 1 or layers % stages == 0:
        return {}
    if (layers + 2) % stages == 0 and not mtp:
        return {"pipeline_split": "embedding-loss"}
    return {"pipeline_split": "layout", "pipeline_layout": layout_string(layers, mtp, stages)}


def make_job(row, release=None):
    """The job a person makes for ROW in the window: the published numbers, their own paths, and
    the Megatron-Core RELEASE their cluster runs (none: the planner's default)."""
    gpus = int(row["gpus"])
    per_node = 4 if row["gpu"] == "gb200" else 8
    per_node = min(per_node, gpus)
    name = row["model"].replace(":", "-")
    model = {}
    data = {"data_path": "/data/%s/text_document" % name}
    if "hf_config" in row:
        # The config gives the model (script --hf-config); a Hugging Face tokenizer comes with it.
        data["tokenizer_model"] = "/models/%s" % name
    elif row["model"].startswith("gpt:"):
        _, layers, hidden, heads = row["model"].split(":")
        seq = int(row["seq"])
        model = {"num_layers": int(layers), "hidden_size": int(hidden), "num_attention_heads": int(heads),
                 "vocab_size": 50257, "max_position_embeddings": seq,
                 "position_embedding_type": "learned_absolute", "normalization": "LayerNorm",
                 "activation": "gelu", "untie_embeddings_and_output_weights": False, "add_bias_linear": True}
        data.update({"tokenizer_type": "GPT2BPETokenizer", "vocab_file": "/data/gpt2/vocab.json",
                     "merge_file": "/data/gpt2/merges.txt"})
    else:
        model = {"model_id": row["model"]}
        if row["model"].startswith("gpt"):  # GPT-3 comes with the GPT-2 BPE vocabulary: its files
            data.update({"vocab_file": "/data/gpt2/vocab.json", "merge_file": "/data/gpt2/merges.txt"})
        else:
            data["tokenizer_model"] = "/models/%s" % name
    precision, recipe = PRECISION[row["precision"]]
    training = {"seq_length": int(row["seq"]), "global_batch_size": int(row["gbs"]),
                "micro_batch_size": 1 if row["mbs"] == "?" else int(row["mbs"]),
                "train_iters": 1000, "precision": precision}
    if recipe:
        training["fp8_recipe"] = recipe
    recompute = row["recompute"]
    if recompute == "full":
        training.update({"recompute": "full", "recompute_method": "uniform", "recompute_num_layers": 1})
    elif recompute.startswith("full:"):
        training.update({"recompute": "full", "recompute_method": "block",
                         "recompute_num_layers": int(recompute[5:])})
    elif recompute == "sel":
        training["recompute"] = "selective"
    elif recompute.startswith("sel:"):
        training.update({"recompute": "selective", "recompute_modules": recompute[4:].replace("+", " ")})
    elif recompute.startswith("off:"):
        training["activation_offload_layers"] = int(recompute[4:])
    if row["fsdp"] == "1":
        training["fsdp"] = "megatron"
    parallelism = {"tp": int(row["tp"]), "pp": int(row["pp"]), "cp": int(row["cp"]),
                   "vpp": 1 if row["vpp"] == "?" else int(row["vpp"]), "ep": int(row["ep"]),
                   "etp": 0 if row["etp"] == "-" else int(row["etp"])}
    parallelism.update(pipeline_split(row, parallelism))
    job = {"format": "launch-planner-job", "version": 1, "model": model,
            "cluster": {"gpu_id": row["gpu"], "nodes": max(1, gpus // per_node), "gpus_per_node": per_node},
            "parallelism": parallelism, "training": training, "data": data,
            "checkpoint": {"save_dir": "/checkpoints/%s" % name}}
    if release:
        job["launch"] = {"megatron_version": release}
    return job


def suggestion_job(row, job):
    """JOB as the window saves a model read from a Hugging Face config: model.hf_config names the
    file, so recommend --job, optimize and troubleshoot (which take no --hf-config) see its model."""
    if "hf_config" not in row:
        return job
    return dict(job, model={"hf_config": row["hf_config"]})


def script_command(cli, row, launcher, job_path):
    """launch-planner-cli script for ROW's job, with --hf-config for a row that names a config."""
    command = [cli, "script", "--launcher", launcher]
    if "hf_config" in row:
        command += ["--hf-config", row["hf_config"]]
    return command + [job_path]


def first_error(text):
    """The planner's reason: the lines after its "would reject" heading."""
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    reasons = [l for l in lines[1:] if not l.startswith("launch-planner-cli")]
    return " / ".join(reasons[1:] if reasons and reasons[0].endswith(":") else reasons) or " ".join(lines)


def capture_draft(script, nodes, work):
    """The pretrain_gpt.py argv and environment of each launch in SCRIPT, by running it with fakes."""
    capture = os.path.join(work, "capture.jsonl")
    if os.path.exists(capture):
        os.unlink(capture)
    path = os.path.join(work, "draft.sh")
    with open(path, "w") as f:
        f.write(script)
    env = {"PATH": os.path.join(HERE, "fakebin") + ":/usr/bin:/bin", "HOME": work, "LP_CAPTURE": capture,
           "LP_NODES": str(nodes), "SLURM_JOB_NODELIST": "node[0-%d]" % (nodes - 1), "SLURM_JOB_ID": "1",
           "MASTER_ADDR": "node0", "NODE_RANK": "0", "LANG": "C.UTF-8"}
    run = subprocess.run(["/bin/bash", path], cwd=work, env=env, capture_output=True, text=True, timeout=60)
    if not os.path.exists(capture):
        return None, "the draft ran no pretrain_gpt.py (status %d): %s" % (run.returncode, run.stderr.strip())
    with open(capture) as f:
        return [json.loads(l) for l in f], None


# The shared folder beside the checkout (MEGATRON_VERSIONS for a checkout elsewhere, a worktree).
VERSIONS = os.environ.get("MEGATRON_VERSIONS") or os.path.join(HERE, "..", "..", "..", "shared", "megatron", "versions")
DEFAULT_RELEASE = "0.20.0"
SYMPTOMS = ("oom", "low-mfu", "slow", "hang")


def release_flags(versions, release):
    """Every option string RELEASE's parser takes (its flags.jsonl), or None without the file."""
    path = os.path.join(versions, release, "flags.jsonl")
    if not os.path.exists(path):
        return None
    flags = set()
    with open(path) as f:
        for line in f:
            entry = json.loads(line)
            flags.add(entry["flag"])
            flags.update(entry.get("aliases") or [])
    return flags


def shell_flags(text):
    """The options a recommendation's shell block writes (comments left out)."""
    flags = []
    for line in text.splitlines():
        body = line.split("#", 1)[0]
        flags += [w for w in body.split() if w.startswith("--")]
    return flags


def suggestion_flags(cli, job_path):
    """(where, flag) for every option recommend, optimize and troubleshoot propose to write for the job."""
    found = []
    out = subprocess.run([cli, "recommend", "--job", job_path, "--format", "shell"],
                         capture_output=True, text=True, timeout=300)
    if out.returncode in (0, 1):
        found += [("recommend", f) for f in shell_flags(out.stdout)]
    plans = [("optimize", [cli, "optimize", job_path, "--json"])]
    plans += [("troubleshoot " + s, [cli, "troubleshoot", "--symptom", s, job_path, "--json"]) for s in SYMPTOMS]
    for where, command in plans:
        out = subprocess.run(command, capture_output=True, text=True, timeout=300)
        try:
            plan = json.loads(out.stdout)
        except ValueError:
            continue
        for suggestion in plan.get("suggestions") or []:
            for change in suggestion.get("changes") or []:
                if change.get("target") == "flag" and change.get("action") != "remove":
                    found.append(("%s (%s)" % (where, suggestion.get("id")), change["flag"]))
    return found


def cross_drafts(cli, row, work):
    """The default release's torchrun draft of a layout the planner refused for an older release: that
    release must refuse it too (the planner refused for a feature it lacks), or the planner was wrong."""
    job = make_job(row, None)
    job_path = os.path.join(work, "%s-default.json" % row["key"])
    with open(job_path, "w") as f:
        json.dump(job, f, indent=1)
    out = subprocess.run(script_command(cli, row, "torchrun", job_path), capture_output=True, text=True,
                         timeout=120)
    if out.returncode != 0:
        return []  # refused under the default release as well: not a matter of the release
    launches, error = capture_draft(out.stdout, job["cluster"]["nodes"], work)
    result = []
    for launch in launches or []:
        launch["env"]["STUB_CUDA_CAPABILITY"] = CAPABILITY.get(row["gpu"], "9.0")
        result.append({"id": "%s | %s draft rank %s" % (row["id"], DEFAULT_RELEASE, launch["env"]["RANK"]),
                       "argv": launch["argv"], "env": launch["env"], "launcher": "cross", "row": row["id"]})
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cli", required=True, help="the launch-planner-cli to ask")
    parser.add_argument("--release", default="0.20.0")
    parser.add_argument("--job-release", help="the job's launch.megatron_version (default: --release; "
                        "none: leave it out, so the planner drafts for its default release)")
    parser.add_argument("--layouts", default=LAYOUTS)
    parser.add_argument("--hf-layouts", default=HF_LAYOUTS,
                        help="a layout for each Hugging Face config (none: leave them out)")
    parser.add_argument("--hf-configs", default=HF_CONFIGS, help="the folder of the configs --hf-layouts names")
    parser.add_argument("--launchers", default=",".join(LAUNCHERS))
    parser.add_argument("--only", help="only rows whose id contains this")
    parser.add_argument("--work", help="keep the jobs, drafts and results here")
    parser.add_argument("--cache", help="where megatron-check.py extracts Megatron-LM (its default: /tmp)")
    parser.add_argument("--checker-args", default="", help="more options for megatron-check.py")
    parser.add_argument("--versions", default=VERSIONS, help="the versions folder (each release's flags.jsonl)")
    parser.add_argument("--no-suggestions", action="store_true",
                        help="skip checking the flags recommend, optimize and troubleshoot propose")
    opts = parser.parse_args()

    mirror = os.environ.get("MEGATRON_MIRROR", "/work/.mirror/NVIDIA+Megatron-LM/repo")
    if not os.path.isdir(mirror):
        print("SKIP: no Megatron-LM mirror at %s (set MEGATRON_MIRROR)" % mirror, file=sys.stderr)
        return 77
    for module in ("packaging", "regex", "pydantic", "yaml", "typing_extensions"):
        try:
            __import__(module)
        except ImportError:
            print("SKIP: Megatron's start-up code needs the Python module %s (Debian: python3-%s)"
                  % (module, module.replace("_", "-")), file=sys.stderr)
            return 77
    work = opts.work or tempfile.mkdtemp(prefix="lp-megatron-")
    os.makedirs(work, exist_ok=True)
    rows = read_layouts(opts.layouts)
    if opts.hf_layouts != "none":
        rows += read_layouts(opts.hf_layouts, opts.hf_configs)
    rows = [r for r in rows if not opts.only or opts.only in r["id"]]
    launchers = opts.launchers.split(",")
    job_release = opts.release if opts.job_release is None else opts.job_release
    job_release = None if job_release == "none" else job_release
    known = release_flags(opts.versions, opts.release)
    drafts, planner_refused, broken, lacking, n_suggested = [], [], [], [], 0
    for row in rows:
        job = make_job(row, job_release)
        job_path = os.path.join(work, "%s.json" % row["key"])
        with open(job_path, "w") as f:
            json.dump(job, f, indent=1)
        if known is not None and not opts.no_suggestions:
            asked_path = job_path
            if "hf_config" in row:
                asked_path = os.path.join(work, "%s-model.json" % row["key"])
                with open(asked_path, "w") as f:
                    json.dump(suggestion_job(row, job), f, indent=1)
            found = suggestion_flags(opts.cli, asked_path)
            n_suggested += len(found)
            lacking += [(row, where, flag) for where, flag in found if flag not in known]
        for launcher in launchers:
            out = subprocess.run(script_command(opts.cli, row, launcher, job_path),
                                 capture_output=True, text=True, timeout=120)
            if out.returncode != 0:
                planner_refused.append((row, launcher, first_error(out.stderr)))
                if launcher == "torchrun" and job_release not in (None, DEFAULT_RELEASE):
                    drafts += cross_drafts(opts.cli, row, work)
                continue
            launches, error = capture_draft(out.stdout, job["cluster"]["nodes"], work)
            if error:
                broken.append((row, launcher, error))
                continue
            for launch in launches:
                launch["env"]["STUB_CUDA_CAPABILITY"] = CAPABILITY.get(row["gpu"], "9.0")
                drafts.append({"id": "%s | %s rank %s" % (row["id"], launcher, launch["env"]["RANK"]),
                               "argv": launch["argv"], "env": launch["env"], "launcher": launcher})
    drafts_path = os.path.join(work, "drafts.jsonl")
    with open(drafts_path, "w") as f:
        for d in drafts:
            f.write(json.dumps(d, ensure_ascii=False) + "\n")

    check = subprocess.run([sys.executable, os.path.join(HERE, "megatron-check.py"), "--release", opts.release,
                            "--versions", opts.versions]
                           + (["--cache", opts.cache] if opts.cache else [])
                           + opts.checker_args.split() + [drafts_path], capture_output=True, text=True)
    if check.returncode == 77:
        sys.stderr.write(check.stderr)
        return 77
    if check.returncode not in (0, 1):
        sys.stderr.write(check.stderr)
        return 2
    results = {}
    for line in check.stdout.splitlines():
        r = json.loads(line)
        results[r["id"]] = r
    with open(os.path.join(work, "results.jsonl"), "w") as f:
        f.write(check.stdout)

    n_hf = len([r for r in rows if "hf_config" in r])
    print("Megatron %s, %d published layouts and %d Hugging Face configs, drafts for %s, launchers %s"
          % (opts.release, len(rows) - n_hf, n_hf, job_release or "the planner's default release",
             ", ".join(launchers)))
    megatron_refused = 0
    cross = [d for d in drafts if d["launcher"] == "cross"]
    drafts = [d for d in drafts if d["launcher"] != "cross"]
    for launcher in launchers:
        mine = [d for d in drafts if d["launcher"] == launcher]
        ok = [d for d in mine if results.get(d["id"], {}).get("accepted")]
        refused_rows = [r for r, l, _ in planner_refused if l == launcher]
        megatron_refused += len(mine) - len(ok)
        print("  %-12s %3d of %3d drafts accepted by Megatron; %d of %d layouts refused by the planner"
              % (launcher, len(ok), len(mine), len(refused_rows), len(rows)))
    wrong_refusals = [d for d in cross if results.get(d["id"], {}).get("accepted")]
    if job_release not in (None, DEFAULT_RELEASE):
        rows_cross = sorted(set(d["row"] for d in cross))
        rows_wrong = sorted(set(d["row"] for d in wrong_refusals))
        print("  refusals     %d of %d layouts the planner refuses only for %s are refused by Megatron %s "
              "in their %s draft too" % (len(rows_cross) - len(rows_wrong), len(rows_cross), job_release,
                                         opts.release, DEFAULT_RELEASE))
    if known is not None and not opts.no_suggestions:
        print("  suggestions  %d of %d flags proposed by recommend, optimize and troubleshoot exist in %s"
              % (n_suggested - len(lacking), n_suggested, opts.release))
    if lacking:
        print("\nProposed flags Megatron %s does not have:" % opts.release)
        for row, where, flag in lacking:
            print("  %s | %s: %s" % (row["id"], where, flag))
    if wrong_refusals:
        print("\nLayouts the planner refuses for %s that Megatron %s accepts (the %s draft):"
              % (job_release, opts.release, DEFAULT_RELEASE))
        for d in wrong_refusals:
            print("  %s" % d["id"])
    if planner_refused:
        print("\nLayouts the planner refuses (no draft):")
        for row, launcher, reason in planner_refused:
            print("  %s | %s: %s" % (row["id"], launcher, reason))
    failed = [d for d in drafts if not results.get(d["id"], {}).get("accepted")]
    if failed:
        print("\nDrafts Megatron refuses:")
        for d in failed:
            r = results.get(d["id"], {"stage": "checker", "message": "no result"})
            print("  %s: [%s] %s" % (d["id"], r["stage"], r["message"]))
    if broken:
        print("\nDrafts that did not run:")
        for row, launcher, error in broken:
            print("  %s | %s: %s" % (row["id"], launcher, error))
    print("\n(jobs, drafts and results in %s)" % work)
    return 1 if failed or broken or lacking or wrong_refusals else 0


if __name__ == "__main__":
    sys.exit(main())
