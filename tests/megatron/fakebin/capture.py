#!/usr/bin/python3
"""Stands in for torchrun, srun, scontrol and python while a draft runs in a test.

Nothing is started: the words that would reach pretrain_gpt.py, with the environment the draft set,
are appended as one JSON line to $LP_CAPTURE.  The name this was called by says which tool it plays.
"""
import json
import os
import re
import sys

KEEP = re.compile(r"^(CUDA_|NVTE_|NCCL_|PYTORCH_|TORCH_|NVIDIA_|UB_|OMP_|WORLD_SIZE$|RANK$|LOCAL_RANK$|"
                  r"LOCAL_WORLD_SIZE$|MASTER_|NODE_RANK$)")


def option(argv, name):
    for i, word in enumerate(argv):
        if word == name and i + 1 < len(argv):
            return argv[i + 1]
        if word.startswith(name + "="):
            return word.split("=", 1)[1]
    return None


def record(launcher, argv, world, rank):
    env = {k: v for k, v in os.environ.items() if KEEP.match(k)}
    env["WORLD_SIZE"], env["RANK"] = str(world), str(rank)
    env.setdefault("LOCAL_RANK", "0")
    with open(os.environ["LP_CAPTURE"], "a") as f:
        f.write(json.dumps({"launcher": launcher, "argv": argv, "env": env}) + "\n")


def main():
    tool = os.path.basename(sys.argv[0])
    argv = sys.argv[1:]
    if tool == "scontrol":  # scontrol show hostnames LIST
        for n in range(int(os.environ.get("LP_NODES", "1"))):
            print("node%d" % n)
        return 0
    if tool == "srun":  # srun [options] COMMAND ...: run the command
        i = 0
        while i < len(argv) and argv[i].startswith("-"):
            i += 1
        os.execvp(argv[i], argv[i:])
    if tool in ("python", "python3") and argv[:1] == ["-c"]:
        return 0  # the draft's version check of torch
    if "pretrain_gpt.py" not in " ".join(argv):
        print("capture: %s called without pretrain_gpt.py: %s" % (tool, argv), file=sys.stderr)
        return 3
    at = next(i for i, w in enumerate(argv) if w.endswith("pretrain_gpt.py"))
    if tool == "torchrun":
        nnodes = int(option(argv[:at], "--nnodes") or 1)
        nproc = int(option(argv[:at], "--nproc-per-node") or option(argv[:at], "--nproc_per_node") or 1)
        record(tool, argv[at + 1:], nnodes * nproc, 0)
    else:
        record(tool, argv[at + 1:], os.environ.get("WORLD_SIZE", "1"), os.environ.get("RANK", "0"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
