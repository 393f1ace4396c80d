#!/usr/bin/env python3
# validate-catalogs.py
#
# Copyright 2026 The Launch Planner developers
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Checks data/models.json and data/gpus.json: the ids the CLI contract
# promises, the fields the engine reads, sane values, a source for each.

import json
import sys

MODEL_IDS = """llama2-7b llama2-13b llama2-70b llama3-8b llama3-70b llama3.1-405b mixtral-8x7b
mixtral-8x22b gpt3-175b nemotron4-15b nemotron4-340b deepseek-v3 qwen3-30b-a3b qwen3-235b-a22b
gpt2-small gpt2-medium""".split()
GPU_IDS = "a100-40gb a100-80gb h100-sxm h100-pcie h200 b200 gb200 l40s v100".split()
TOKENIZERS = {"GPT2BPETokenizer", "SentencePieceTokenizer", "GPTSentencePieceTokenizer",
              "HuggingFaceTokenizer", "Llama2Tokenizer", "TikTokenizer", "NullTokenizer"}

errors = []


def check(cond, msg):
    if not cond:
        errors.append(msg)


def positive_int(obj, key, where):
    value = obj.get(key)
    check(isinstance(value, int) and not isinstance(value, bool) and value > 0,
          f"{where}: {key} must be a positive integer, not {value!r}")


def moe_pattern_length(text, layers):
    # The catalog only uses the simple forms; evaluate them without eval().
    if "[" not in text:
        return layers
    total = 0
    for part in text.strip("()").split("+"):
        lst, _, times = part.partition("*")
        total += len(lst.strip("[]").split(",")) * (int(times) if times else 1)
    return total


def validate_models(path):
    data = json.load(open(path, encoding="utf-8"))
    models = data["models"]
    ids = [m.get("id") for m in models]
    check(len(ids) == len(set(ids)), "models.json: duplicate ids")
    for wanted in MODEL_IDS:
        check(wanted in ids, f"models.json: missing {wanted}")
    for m in models:
        where = f"models.json {m.get('id')}"
        for key in ("num_layers", "hidden_size", "num_attention_heads", "ffn_hidden_size",
                    "vocab_size", "max_position_embeddings", "seq_length"):
            positive_int(m, key, where)
        check(bool(m.get("source")), f"{where}: source is required")
        check("params" not in m and "num_parameters" not in m,
              f"{where}: parameter counts are computed, never typed in")
        check(m.get("normalization") in ("LayerNorm", "RMSNorm"), f"{where}: normalization")
        check(m.get("tokenizer_type") in TOKENIZERS, f"{where}: tokenizer_type")
        check(m.get("seq_length", 0) <= m.get("max_position_embeddings", 0),
              f"{where}: seq_length exceeds max_position_embeddings")
        heads = m.get("num_attention_heads", 1)
        groups = m.get("num_query_groups", 0)
        check(groups == 0 or heads % groups == 0, f"{where}: heads not divisible by query groups")
        if not m.get("kv_channels"):
            check(m["hidden_size"] % heads == 0, f"{where}: hidden not divisible by heads")
        if m.get("position_embedding_type") == "rope":
            positive_int(m, "rotary_base", where)
        if m.get("num_experts"):
            positive_int(m, "moe_router_topk", where)
            positive_int(m, "moe_ffn_hidden_size", where)
            check(m["moe_router_topk"] <= m["num_experts"], f"{where}: topk exceeds experts")
            if m.get("moe_layer_freq"):
                check(moe_pattern_length(m["moe_layer_freq"], m["num_layers"]) == m["num_layers"],
                      f"{where}: moe_layer_freq length differs from num_layers")
        if "moe_router_num_groups" in m or "moe_router_group_topk" in m:
            positive_int(m, "moe_router_num_groups", where)
            positive_int(m, "moe_router_group_topk", where)
            g, k = m.get("moe_router_num_groups", 1), m.get("moe_router_group_topk", 1)
            check(m.get("num_experts", 0) % g == 0, f"{where}: experts not divisible by router groups")
            check(k <= g, f"{where}: moe_router_group_topk exceeds moe_router_num_groups")
            check(m.get("moe_router_topk", 0) <= k * m.get("num_experts", 0) // g,
                  f"{where}: topk exceeds the experts of the groups a token may use")
        if "hidden_dropout" in m or "attention_dropout" in m:
            for key in ("hidden_dropout", "attention_dropout"):
                value = m.get(key)
                check(isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1,
                      f"{where}: {key} must be given with the other dropout, in [0, 1), not {value!r}")
            check(bool(m.get("dropout_source")), f"{where}: dropout_source is required with the dropout values")
        if m.get("multi_latent_attention"):
            for key in ("kv_lora_rank", "qk_head_dim", "qk_pos_emb_head_dim", "v_head_dim"):
                positive_int(m, key, where)
            check(not groups, f"{where}: MLA with GQA")


def validate_gpus(path):
    data = json.load(open(path, encoding="utf-8"))
    gpus = data["gpus"]
    ids = [g.get("id") for g in gpus]
    check(len(ids) == len(set(ids)), "gpus.json: duplicate ids")
    check(sorted(ids) == sorted(GPU_IDS), f"gpus.json: ids {ids} differ from the contract")
    for g in gpus:
        where = f"gpus.json {g.get('id')}"
        positive_int(g, "memory_bytes", where)
        check(g.get("memory_bytes", 0) >= 16 * 2**30, f"{where}: memory_bytes looks like GB, not bytes")
        check(bool(g.get("source")) and bool(g.get("memory_source")), f"{where}: sources are required")
        fp16 = g.get("peak_fp16_tflops", 0)
        bf16 = g.get("peak_bf16_tflops", 0)
        fp8 = g.get("peak_fp8_tflops", 0)
        check(50 <= fp16 <= 5000, f"{where}: peak_fp16_tflops {fp16} out of range")
        check(g.get("supports_bf16") == (bf16 > 0), f"{where}: supports_bf16 disagrees with the peak")
        check(g.get("supports_fp8") == (fp8 > 0), f"{where}: supports_fp8 disagrees with the peak")
        check(not fp8 or abs(fp8 / bf16 - 2.0) < 0.05, f"{where}: dense FP8 should be twice dense BF16")
        cc = g.get("compute_capability", "")
        check(len(cc.split(".")) == 2 and all(p.isdigit() for p in cc.split(".")),
              f"{where}: compute_capability {cc!r}")
        positive_int(g, "nvlink_domain_size", where)
        check(g.get("intra_node_gbps", 0) > 0 and g.get("inter_node_gbps", 0) > 0, f"{where}: bandwidths")
        mfu = g.get("mfu", {})
        for kind in ("dense_bf16", "dense_fp8", "moe_bf16", "moe_fp8"):
            r = mfu.get(kind)
            check(isinstance(r, dict) and r.get("source"), f"{where}: mfu.{kind} needs a source")
            if r:
                check(0 <= r.get("low", -1) <= r.get("high", -1) < 1, f"{where}: mfu.{kind} range")
                check((r["high"] > 0) == (kind.endswith("bf16") or g.get("supports_fp8")),
                      f"{where}: mfu.{kind} should be empty exactly when the format is missing")
    v100 = next((g for g in gpus if g.get("id") == "v100"), {})
    check(v100.get("supports_bf16") is False, "gpus.json: V100 has no BF16")


def main():
    validate_models(sys.argv[1])
    validate_gpus(sys.argv[2])
    for e in errors:
        print(e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
