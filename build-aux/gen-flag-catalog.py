#!/usr/bin/env python3
# gen-flag-catalog.py
#
# Copyright 2026 The Launch Planner developers
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Builds data/megatron-flags.json from the parser dump of Megatron-Core
# 0.20.0 (../shared/megatron/flags.jsonl) plus the hand-checked lists of
# removed and dead flags from facts.md.  Output is deterministic so the data
# validator can compare the committed file with a fresh run.
#
#   build-aux/gen-flag-catalog.py [FLAGS.JSONL] > data/megatron-flags.json

import json
import os
import sys

MEGATRON_CORE = "0.20.0"
MEGATRON_LM_COMMIT = "d98e8a6"

ACTIONS = {
    "StoreAction": "store",
    "StoreTrueAction": "store_true",
    "StoreFalseAction": "store_false",
    "BooleanOptionalAction": "boolean_optional",
}

# Not in the 0.20.0 parser: argparse (allow_abbrev=False) rejects them.
REMOVED = [
    ("--use-legacy-models", None,
     "The legacy model path is gone; Megatron-Core models are the only ones.", "facts.md §2.12"),
    ("--fp8-hybrid", "--fp8-format hybrid",
     "FP8 is chosen with --fp8-format.", "facts.md §3"),
    ("--fp8-e4m3", "--fp8-format e4m3",
     "FP8 is chosen with --fp8-format.", "facts.md §3"),
    ("--cpu-optimizer", "--optimizer-cpu-offload",
     "Needs --use-precision-aware-optimizer; tune with --optimizer-offload-fraction.", "facts.md §3"),
    ("--cpu-optimizer-type", "--use-torch-optimizer-for-cpu-offload",
     "Nearest equivalents: --use-torch-optimizer-for-cpu-offload and --overlap-cpu-optimizer-d2h-h2d.", "facts.md §3"),
    ("--no-async-tensor-model-parallel-allreduce", None,
     "The option was removed; drop it.", "facts.md §3"),
    ("--DDP-impl", None,
     "Only Megatron's own DDP remains; drop it.", "facts.md §3"),
    ("--use-contiguous-buffers-in-local-ddp", None,
     "Contiguous buffers are always used; drop it.", "facts.md §3"),
    ("--data-impl", None,
     "The indexed dataset format is fixed; drop it.", "facts.md §3"),
    ("--standalone-embedding-stage", "--account-for-embedding-in-pipeline-split",
     "The embedding now counts as a layer in the pipeline split.", "facts.md §3"),
    ("--moe-token-dropping", None,
     "Token dropping is configured with --moe-expert-capacity-factor.", "facts.md §3"),
    ("--cpu-offloading", "--cpu-offloading-num-layers",
     "Give the number of layers to offload: --cpu-offloading-num-layers N.", "facts.md §3"),
    ("--use-custom-fsdp", "--use-megatron-fsdp",
     "The custom FSDP was renamed Megatron FSDP.", "facts.md §3"),
    ("--overlap-p2p-communication", "--no-overlap-p2p-communication",
     "The overlap is now on by default; only --no-overlap-p2p-communication exists.", "facts.md §2.4, §3"),
]

# Still parsed, but fatal, ignored or deprecated.
DEAD = [
    ("--use-flash-attn", "dead", "warning", "--attention-backend flash",
     "Accepted by argparse but read nowhere: it does not enable flash attention.", "facts.md §2.9, §3"),
    ("--use-mcore-models", "dead", "info", None,
     "A no-op: Megatron-Core models are the default and only path.", "facts.md §2.12"),
    ("--checkpoint-activations", "fatal", "error", "--recompute-activations",
     "Megatron prints \"no longer valid\" and exits with status 0, so the scheduler sees success but nothing trains. Use --recompute-activations or --recompute-granularity.", "facts.md §2.7, §2.13"),
    ("--batch-size", "fatal", "error", "--micro-batch-size",
     "validate_args asserts that --batch-size is no longer valid.", "facts.md §2.2"),
    ("--warmup", "fatal", "error", "--lr-warmup-fraction",
     "validate_args asserts that --warmup is no longer valid.", "facts.md §2.2"),
    ("--model-parallel-size", "fatal", "error", "--tensor-model-parallel-size",
     "validate_args asserts that --model-parallel-size is no longer valid.", "facts.md §2.2"),
    ("--use-dist-ckpt", "dead", "warning", "--ckpt-format",
     "Deprecated and without effect; the format is chosen with --ckpt-format.", "facts.md §3"),
    ("--dist-ckpt-format", "dead", "warning", "--ckpt-format",
     "Deprecated and without effect; the format is chosen with --ckpt-format.", "facts.md §3"),
    ("--rampup-batch-size", "dead", "warning", None,
     "Still parsed, but training never passes it to the batch-size calculator: silently ignored.", "facts.md §2.2"),
    ("--moe-router-padding-for-fp8", "deprecated", "warning", "--moe-router-padding-for-quantization",
     "Deprecated; mapped to --moe-router-padding-for-quantization, which the allgather dispatcher rejects.", "facts.md §2.5"),
    ("--moe-layer-recompute", "deprecated", "warning", "--recompute-modules moe",
     "Deprecated; mapped to selective recompute of the \"moe\" module (use --recompute-granularity selective --recompute-modules moe). Rejected with full granularity.", "facts.md §2.7"),
    ("--no-position-embedding", "deprecated", "warning", "--position-embedding-type none",
     "Deprecated; fatal unless --position-embedding-type is rope. Use --position-embedding-type none (or rope).", "facts.md §2.9"),
    ("--use-rotary-position-embeddings", "deprecated", "warning", "--position-embedding-type rope",
     "Deprecated; mapped to --position-embedding-type rope.", "facts.md §2.9"),
]


def normalise(entry):
    action = ACTIONS.get(entry["action"])
    if action is None:
        raise SystemExit("unknown action %r for %s" % (entry["action"], entry["flag"]))
    choices = entry["choices"]
    if choices is not None:
        choices = [str(c) for c in choices]
    return {
        "flag": entry["flag"],
        "dest": entry["dest"],
        "action": action,
        "type": entry["type"],
        "choices": choices,
        "nargs": entry["nargs"],
        "default": entry["default"],
        "aliases": list(entry["aliases"]),
        "group": entry["group"],
    }


def generate(path):
    with open(path, encoding="utf-8") as f:
        flags = [normalise(json.loads(line)) for line in f if line.strip()]
    flags.sort(key=lambda e: e["flag"])
    return {
        "megatron_core": MEGATRON_CORE,
        "megatron_lm_commit": MEGATRON_LM_COMMIT,
        "source": "flags.jsonl: the 0.20.0 training parser, queried; removed and dead lists: facts.md",
        "flags": flags,
        "removed": [
            {"flag": f, "replacement": r, "note": n, "source": s}
            for f, r, n, s in REMOVED
        ],
        "dead": [
            {"flag": f, "kind": k, "severity": sev, "replacement": r, "note": n, "source": s}
            for f, k, sev, r, n, s in DEAD
        ],
    }


def render(catalog):
    return json.dumps(catalog, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "..", "shared", "megatron", "flags.jsonl")
    path = sys.argv[1] if len(sys.argv) > 1 else default
    sys.stdout.write(render(generate(path)))


if __name__ == "__main__":
    main()
