#!/usr/bin/env python3
# make-logs.py — writes the golden training logs of tests/core/logs.
#
# Copyright 2026 The Launch Planner developers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: make-logs.py FLAGS.jsonl LAUNCH-PLANNER-CLI OUTPUT-DIR
#
# Each log is what a Megatron-Core 0.20.0 run would print, written from the
# print statements in its source: _print_args (megatron/training/arguments.py),
# training_log and print_datetime (megatron/training/training.py), report_memory
# (megatron/training/utils/common_utils.py), report_theoretical_memory
# (megatron/training/theoretical_memory_usage.py), and the messages of PyTorch's
# CUDA caching allocator and NCCL watchdog.  The arguments block lists every
# option of the 0.20.0 parser (FLAGS.jsonl) with its default, the job's own
# values and the values validate_args derives.  FLOPs and Megatron's own
# theoretical memory come from the planner (which reproduces Megatron's
# num_floating_point_operations and theoretical_memory_usage), so the logged
# throughput and elapsed time agree with each other as they do in a real run.
# Frames other than the one that raises are illustrative.  The logs are
# committed; run this only to change them.

import datetime
import json
import math
import subprocess
import sys

FLAGS = [json.loads(line) for line in open(sys.argv[1])]
CLI = sys.argv[2]
OUT = sys.argv[3]
MIB = 1024.0 * 1024.0
START = datetime.datetime(2026, 11, 30, 9, 0, 0)

TORCH_DTYPES = {'fp32': 'torch.float32', 'bf16': 'torch.bfloat16', 'fp16': 'torch.float16'}
DTYPE_DESTS = {'main_grads_dtype', 'main_params_dtype', 'exp_avg_dtype', 'exp_avg_sq_dtype'}

MODELS = {
    'llama3-8b': dict(num_layers=32, hidden_size=4096, num_attention_heads=32, group_query_attention=True,
                      num_query_groups=8, kv_channels=128, ffn_hidden_size=14336, swiglu=True,
                      normalization='RMSNorm', add_bias_linear=False, untie_embeddings_and_output_weights=True,
                      position_embedding_type='rope', rotary_base=500000, max_position_embeddings=8192,
                      tokenizer_type='HuggingFaceTokenizer', vocab=128256),
    'llama3-70b': dict(num_layers=80, hidden_size=8192, num_attention_heads=64, group_query_attention=True,
                       num_query_groups=8, kv_channels=128, ffn_hidden_size=28672, swiglu=True,
                       normalization='RMSNorm', add_bias_linear=False, untie_embeddings_and_output_weights=True,
                       position_embedding_type='rope', rotary_base=500000, max_position_embeddings=8192,
                       tokenizer_type='HuggingFaceTokenizer', vocab=128256),
    'llama3.1-405b': dict(num_layers=126, hidden_size=16384, num_attention_heads=128, group_query_attention=True,
                          num_query_groups=8, kv_channels=128, ffn_hidden_size=53248, swiglu=True,
                          normalization='RMSNorm', add_bias_linear=False, untie_embeddings_and_output_weights=True,
                          position_embedding_type='rope', rotary_base=500000, max_position_embeddings=131072,
                          tokenizer_type='HuggingFaceTokenizer', vocab=128256),
    'llama2-7b': dict(num_layers=32, hidden_size=4096, num_attention_heads=32, ffn_hidden_size=11008, swiglu=True,
                      normalization='RMSNorm', add_bias_linear=False, untie_embeddings_and_output_weights=True,
                      position_embedding_type='rope', rotary_base=10000, max_position_embeddings=4096,
                      tokenizer_type='Llama2Tokenizer', vocab=32000),
    'gpt2-small': dict(num_layers=12, hidden_size=768, num_attention_heads=12, ffn_hidden_size=3072,
                       max_position_embeddings=1024, tokenizer_type='GPT2BPETokenizer', vocab=50257),
}


def pystr(value):
    """Python's str() of an argument value."""
    if value is None:
        return 'None'
    if isinstance(value, bool):
        return 'True' if value else 'False'
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, list):
        return '[' + ', '.join(repr(v) if isinstance(v, str) else pystr(v) for v in value) + ']'
    return str(value)


class Job:
    def __init__(self, model, world, tp=1, pp=1, cp=1, mbs=1, gbs=128, seq=None, gpu='h100-sxm', **extra):
        self.model_id = model
        self.model = dict(MODELS[model])
        self.vocab = self.model.pop('vocab')
        self.world, self.tp, self.pp, self.cp = world, tp, pp, cp
        self.dp = world // (tp * pp * cp)
        self.mbs, self.gbs = mbs, gbs
        self.seq = seq if seq is not None else min(self.model['max_position_embeddings'], 8192)
        self.gpu = gpu
        self.extra = extra
        self.values = {}

    def settings(self):
        v = dict(self.model)
        v.update(tensor_model_parallel_size=self.tp, pipeline_model_parallel_size=self.pp,
                 context_parallel_size=self.cp, micro_batch_size=self.mbs, global_batch_size=self.gbs,
                 seq_length=self.seq, bf16=True, use_distributed_optimizer=True,
                 overlap_grad_reduce=True, overlap_param_gather=True, sequence_parallel=self.tp > 1,
                 lr=0.0003, min_lr=3e-05, lr_decay_style='cosine', lr_warmup_iters=2000, weight_decay=0.1,
                 clip_grad=1.0, train_iters=500000, log_interval=10, eval_interval=1000, eval_iters=10,
                 save_interval=1000, split='99,1,0', log_throughput=True,
                 attention_backend='auto', mock_data=False,
                 data_path=['/lustre/corpus/text_document'], tokenizer_model='/lustre/tokenizers/' + self.model_id,
                 save='/lustre/checkpoints/' + self.model_id, load='/lustre/checkpoints/' + self.model_id)
        if self.model['tokenizer_type'] == 'GPT2BPETokenizer':
            del v['tokenizer_model']
            v.update(vocab_file='/lustre/tokenizers/gpt2/vocab.json', merge_file='/lustre/tokenizers/gpt2/merges.txt')
        v.update(self.extra)
        if v.get('fp16'):
            v['bf16'] = False
        return v

    def command_line(self):
        """The settings as flags, for the planner's analyze."""
        words = []
        by_dest = {}
        for f in FLAGS:
            by_dest.setdefault(f['dest'], []).append(f)
        for dest, value in self.settings().items():
            if dest in ('data_path', 'tokenizer_model', 'save', 'load', 'mock_data', 'tokenizer_type', 'vocab_file',
                        'merge_file'):
                continue
            flags = by_dest[dest]
            if isinstance(value, bool):
                for f in flags:
                    stores = {'StoreTrueAction': True, 'StoreFalseAction': False}.get(f['action'])
                    if f['action'] == 'BooleanOptionalAction':
                        stores = not f['flag'].startswith('--no-')
                    if stores == value and value != f['default']:
                        words.append(f['flag'])
                        break
                continue
            words += [flags[0]['flag'], str(value)]
        words += ['--tokenizer-type', 'NullTokenizer', '--vocab-size', str(self.vocab), '--mock-data']
        return words

    def analyze(self):
        out = subprocess.run([CLI, 'analyze', '--json', '--world-size', str(self.world), '--gpu', self.gpu, '--']
                             + self.command_line(), capture_output=True, text=True)
        return json.loads(out.stdout)

    def arguments(self):
        values = {}
        for f in FLAGS:
            default = f['default']
            if f['dest'] in DTYPE_DESTS and default in TORCH_DTYPES:
                default = TORCH_DTYPES[default]
            values.setdefault(f['dest'], default)
        values['attention_backend'] = 'AttnBackend.auto'
        values['exit_signal'] = 'Signals.SIGTERM'
        for dest, value in self.settings().items():
            if dest == 'attention_backend':
                value = 'AttnBackend.' + value
            values[dest] = value
        m = self.model
        multiple = 128 * self.tp
        values.update(
            world_size=self.world, rank=0, data_parallel_size=self.dp,
            transformer_pipeline_model_parallel_size=self.pp, virtual_pipeline_model_parallel_size=None,
            params_dtype='torch.float16' if values.get('fp16') else 'torch.bfloat16',
            padded_vocab_size=int(math.ceil(self.vocab / multiple) * multiple),
            encoder_num_layers=m['num_layers'], encoder_seq_length=self.seq,
            eval_micro_batch_size=self.mbs, eval_global_batch_size=self.extra.get('eval_global_batch_size', self.gbs),
            kv_channels=m.get('kv_channels', m['hidden_size'] // m['num_attention_heads']),
            expert_tensor_parallel_size=self.tp, dataloader_type='single',
            consumed_train_samples=0, consumed_valid_samples=0, variable_seq_lengths=False)
        values['ffn_hidden_size'] = m['ffn_hidden_size']
        values['num_query_groups'] = m.get('num_query_groups', m['num_attention_heads'])
        return values


class Log:
    def __init__(self, prefix=None):
        self.lines = []
        self.clock = START
        self.prefix = prefix    # function rank -> prefix text, or None

    def add(self, text, rank=0):
        p = self.prefix(rank) if self.prefix else ''
        for line in text.split('\n'):
            self.lines.append(p + line)

    def tick(self, seconds):
        self.clock += datetime.timedelta(seconds=seconds)

    def stamp(self):
        return self.clock.strftime('%Y-%m-%d %H:%M:%S.%f')

    def datetime_marker(self, what):
        self.add(f'[{what}] datetime: {self.stamp()} ')

    def write(self, name):
        with open(f'{OUT}/{name}', 'w') as f:
            f.write('\n'.join(self.lines) + '\n')


def start(log, job, rank=0):
    values = job.arguments()
    log.add('using world size: {}, data-parallel size: {}, context-parallel size: {}, '
            'hierarchical context-parallel sizes: {}, tensor-model-parallel size: {}, '
            'pipeline-model-parallel size: {}'.format(job.world, job.dp, job.cp, None, job.tp, job.pp), rank)
    log.add(f'------------------------ arguments ------------------------', rank)
    rows = ['  {} {} {}'.format(arg, '.' * (48 - len(arg)), pystr(value)) for arg, value in values.items()]
    for row in sorted(rows, key=lambda x: x.lower()):
        log.add(row, rank)
    log.add('-------------------- end of arguments ---------------------', rank)
    num_micro = job.gbs // (job.mbs * job.dp)
    log.add(f'setting number of microbatches to constant {num_micro}', rank)
    log.add('> building HuggingFaceTokenizer tokenizer ...', rank)
    log.add(f' > padded vocab (size: {job.vocab}) with {values["padded_vocab_size"] - job.vocab} dummy tokens '
            f'(new size: {values["padded_vocab_size"]})', rank)
    log.add('> initializing torch distributed ...', rank)
    log.add('> initialized tensor model parallel with size {}'.format(job.tp), rank)
    log.add('> initialized pipeline model parallel with size {}'.format(job.pp), rank)
    log.add(f'> setting random seeds to 1234 ...', rank)
    log.datetime_marker('after megatron is initialized')


def build_model(log, job, rank=0):
    log.add('building GPT model ...', rank)
    for t in range(job.tp):
        log.add(f' > number of parameters on (tensor, gtp_weight_remat, pipeline) model parallel rank ({t}, 0, 0): '
                f'{4015263744 if job.model_id == "llama3-8b" else 1000000000}', t)
    log.tick(40)
    log.datetime_marker('after model, optimizer, and learning rate scheduler are built')
    log.add('> building train, validation, and test datasets ...', rank)
    log.datetime_marker('after dataloaders are built')
    log.add('done with setup ...', rank)
    log.add('training ...', rank)
    log.datetime_marker('before the start of training step')


def iteration_line(log, job, it, ms, tflops, lr, loss, scale, grad, skipped=0, nan=0, loss_shown=True):
    s = f' [{log.stamp()}]'
    s += ' iteration {:8d}/{:8d} |'.format(it, 500000)
    s += ' consumed samples: {:12d} |'.format(it * job.gbs)
    s += ' elapsed time per iteration (ms): {:.1f} |'.format(ms)
    s += f' throughput per GPU (TFLOP/s/GPU): {tflops:.1f} |'
    s += f' learning rate: {lr:.6E} |'
    s += f' global batch size: {job.gbs:5d} |'
    if loss_shown:
        s += ' {}: {:.6E} |'.format('lm loss', loss)
    s += f' loss scale: {scale:.1f} |'
    if grad is not None:
        s += f' grad norm: {grad:.3f} |'
    s += ' number of skipped iterations: {:3d} |'.format(skipped)
    s += ' number of nan iterations: {:3d} |'.format(nan)
    return s


def memory_line(rank, after, alloc, max_alloc, reserved, max_reserved):
    return ('[Rank {}] (after {} iterations) memory (MB) | allocated: {:.2f} | max allocated: {:.2f} | '
            'reserved: {:.2f} | max reserved: {:.2f}').format(rank, after, alloc, max_alloc, reserved, max_reserved)


def theoretical(log, analysis, rank=0):
    m = analysis['memory']['megatron']
    w, a = m['weight_and_optimizer_bytes'] / MIB, m['activation_bytes'] / MIB
    log.add('compute_activation_memory_without_sp' if m['formula'] != 'sequence-parallel'
            else 'compute_activation_memory with SP', rank)
    log.add(f'Theoretical memory footprints: weight and optimizer={w:.2f} MB, activation={a:.2f} MB, '
            f'total={w + a:.2f} MB\n', rank)


def ms_for(analysis, job, tflops):
    return analysis['flops']['per_iteration'] / (tflops * 1e12 * job.world) * 1000.0


def train(log, job, analysis, iterations, tflops_of, loss_of, grad_of, last_rank=None, memory_ranks=(0,),
          reserved_gib=None, extra=None, scale_of=None, skipped_of=None):
    last_rank = job.world - 1 if last_rank is None else last_rank
    for n, it in enumerate(iterations):
        tflops = tflops_of(it)
        ms = ms_for(analysis, job, tflops)
        log.tick(ms / 1000.0 * (it - (iterations[n - 1] if n else 0)))
        lr = 0.0003 * min(1.0, it / 2000.0)
        skipped, nan = skipped_of(it) if skipped_of else (0, 0)
        scale = scale_of(it) if scale_of else 1.0
        grad = grad_of(it)
        loss = loss_of(it)
        log.add(iteration_line(log, job, it, ms, tflops, lr, loss if loss is not None else 0.0, scale, grad,
                               skipped, nan, loss_shown=loss is not None), last_rank)
        if n < 2 and reserved_gib is not None:
            theoretical(log, analysis)
            for r in memory_ranks:
                gib = reserved_gib(r)
                res = gib * 1024.0
                log.add(memory_line(r, it, res * 0.62, res * 0.91, res * 0.97, res), r)
        if extra:
            extra(log, it)


def smooth_loss(it):
    return 2.1 + 9.8 * math.exp(-it / 180.0) + 0.015 * math.sin(it * 0.37)


def smooth_grad(it):
    return 0.35 + 2.2 * math.exp(-it / 120.0) + 0.01 * math.cos(it * 0.21)


def traceback(log, rank, frames, exception):
    log.add('Traceback (most recent call last):', rank)
    for path, line, func, code in frames:
        log.add(f'  File "{path}", line {line}, in {func}', rank)
        if code:
            log.add(f'    {code}', rank)
    log.add(exception, rank)


ROOT = '/workspace/Megatron-LM/'


def frames_pretrain():
    return [(ROOT + 'pretrain_gpt.py', 536, '<module>', 'pretrain('),
            (ROOT + 'megatron/training/training.py', 1820, 'pretrain',
             'model, optimizer, opt_param_scheduler = setup_model_and_optimizer(')]


def clean():
    job = Job('llama3-8b', 8, tp=2, mbs=1, gbs=128)
    analysis = job.analyze()
    log = Log()
    start(log, job)
    build_model(log, job)
    est = analysis['memory']['estimate']['stages'][0]['total_bytes'] / 2**30
    train(log, job, analysis, [1] + list(range(10, 501, 10)),
          tflops_of=lambda it: 318.4 if it == 1 else 421.0 + (it % 30) / 10.0,
          loss_of=smooth_loss, grad_of=smooth_grad, last_rank=7, memory_ranks=(0, 1),
          reserved_gib=lambda r: round(est * 1.03, 1) if r == 0 else round(est * 1.02, 1))
    log.datetime_marker('after training is done')
    log.write('clean.log')


def low_mfu():
    job = Job('llama2-7b', 16, tp=4, pp=2, mbs=1, gbs=64, seq=4096)
    analysis = job.analyze()
    log = Log()
    start(log, job)
    build_model(log, job)
    stages = analysis['memory']['estimate']['stages']
    est = {0: stages[0]['total_bytes'] / 2**30, 1: stages[-1]['total_bytes'] / 2**30}
    train(log, job, analysis, [1] + list(range(10, 301, 10)),
          tflops_of=lambda it: 97.3 if it == 1 else 178.0 + (it % 40) / 10.0,
          loss_of=smooth_loss, grad_of=smooth_grad, memory_ranks=(0, 1, 2, 3, 8, 9, 10, 11),
          reserved_gib=lambda r: round(est[0 if r < 8 else 1] * 1.04, 1))
    log.datetime_marker('after training is done')
    log.write('low-mfu.log')


def oom_iteration_1():
    job = Job('llama3-70b', 16, tp=8, pp=2, mbs=2, gbs=64)
    log = Log()
    start(log, job)
    build_model(log, job)
    frames = frames_pretrain()[:1] + [
        (ROOT + 'megatron/training/training.py', 1866, 'pretrain', 'iteration, num_floating_point_operations_so_far = train('),
        (ROOT + 'megatron/training/training.py', 3020, 'train', 'loss_dict, skipped_iter, should_checkpoint, should_exit, exit_code, grad_norm, num_zeros_in_grad, max_attention_logit = train_step('),
        (ROOT + 'megatron/core/transformer/mlp.py', 198, 'forward', 'intermediate_parallel = self.activation_func(intermediate_parallel)'),
        (ROOT + 'megatron/core/fusions/fused_bias_swiglu.py', 212, 'forward', 'return swiglu(input)')]
    oom = ('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.75 GiB. GPU 3 has a total capacity of '
           '79.11 GiB of which 1.12 GiB is free. Including non-PyTorch memory, this process has 77.98 GiB memory in '
           'use. Of the allocated memory 74.42 GiB is allocated by PyTorch, and 1.89 GiB is reserved by PyTorch but '
           'unallocated. If reserved but unallocated memory is large try setting '
           'PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory '
           'Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)')
    saved = log.prefix
    log.prefix = lambda r: f'[rank{r}]: ' if r > 0 else ''
    traceback(log, 3, frames, oom)
    log.prefix = saved
    log.add('W1130 09:01:12.482000 140236 torch/distributed/elastic/multiprocessing/api.py:900] Sending process '
            '48213 closing signal SIGTERM')
    log.write('oom-iteration-1.log')


def oom_startup():
    job = Job('llama3.1-405b', 8, tp=8, mbs=1, gbs=64)
    log = Log()
    start(log, job)
    log.add('building GPT model ...')
    frames = frames_pretrain() + [
        (ROOT + 'megatron/training/training.py', 2700, 'setup_model_and_optimizer', 'model = get_model(model_provider_func, model_type, config=config)'),
        (ROOT + 'megatron/training/training.py', 2424, 'get_model', 'model = build_model()'),
        (ROOT + 'megatron/training/training.py', 2410, 'build_model', 'model = model_provider_func('),
        (ROOT + 'gpt_builders.py', 69, 'gpt_builder', 'model = GPTModel('),
        (ROOT + 'megatron/core/transformer/transformer_block.py', 374, '__init__', 'self._build_layers()'),
        (ROOT + 'megatron/core/transformer/mlp.py', 121, '__init__', 'self.linear_fc1 = build_module('),
        (ROOT + 'megatron/core/tensor_parallel/layers.py', 864, '__init__', 'torch.empty(')]
    oom = ('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 208.00 MiB. GPU 0 has a total capacity '
           'of 79.11 GiB of which 96.75 MiB is free. Including non-PyTorch memory, this process has 78.99 GiB memory '
           'in use. Of the allocated memory 78.21 GiB is allocated by PyTorch, and 12.38 MiB is reserved by PyTorch '
           'but unallocated. If reserved but unallocated memory is large try setting '
           'PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory '
           'Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)')
    traceback(log, 0, frames, oom)
    log.write('oom-startup.log')


def nccl_timeout():
    job = Job('llama3-70b', 64, tp=8, pp=4, mbs=1, gbs=256)
    analysis = job.analyze()
    log = Log()
    start(log, job)
    build_model(log, job)
    train(log, job, analysis, [1] + list(range(10, 1201, 10)),
          tflops_of=lambda it: 201.5 if it == 1 else 402.0 + (it % 20) / 10.0,
          loss_of=smooth_loss, grad_of=smooth_grad, last_rank=63)
    log.tick(600)
    stamp = 'E1130 11:24:31'
    for r in range(8):
        log.lines.append(f'[rank{r}]:[{stamp}.{418000 + r * 37:06d}000 ProcessGroupNCCL.cpp:632] [Rank {r}] Watchdog '
                         f'caught collective operation timeout: WorkNCCL(SeqNum=48712, OpType=_REDUCE_SCATTER_BASE, '
                         f'NumelIn=1069547520, NumelOut=133693440, Timeout(ms)=600000) ran for 600041 milliseconds '
                         f'before timing out.')
    for r in range(8):
        log.lines.append(f'[rank{r}]:[{stamp}.{520000 + r * 41:06d}000 ProcessGroupNCCL.cpp:2271] [PG ID 2 PG GUID '
                         f'5(DATA_PARALLEL_GROUP) Rank {r // 8}] Exception (either an error or timeout) detected by '
                         f'watchdog at work: 48712, last enqueued NCCL work: 48713, last completed NCCL work: 48711.')
    log.lines.append(f'[rank0]:[{stamp}.600000000 ProcessGroupNCCL.cpp:684] [Rank 0] Some NCCL operations have '
                     f'failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations '
                     f'might run on corrupted/incomplete data.')
    log.lines.append(f'[rank0]:[{stamp}.600100000 ProcessGroupNCCL.cpp:690] [Rank 0] To avoid data inconsistency, '
                     f'we are taking the entire process down.')
    log.lines.append("terminate called after throwing an instance of 'c10::DistBackendError'")
    log.lines.append(f"  what():  [PG ID 2 PG GUID 5(DATA_PARALLEL_GROUP) Rank 0] Process group watchdog thread "
                     f"terminated with exception: [Rank 0] Watchdog caught collective operation timeout: "
                     f"WorkNCCL(SeqNum=48712, OpType=_REDUCE_SCATTER_BASE, NumelIn=1069547520, NumelOut=133693440, "
                     f"Timeout(ms)=600000) ran for 600041 milliseconds before timing out.")
    log.write('nccl-timeout.log')


def nccl_hang_mid_run():
    """An NCCL watchdog timeout after 50 good iterations (issue 23 #11): one
    rank (13) stops answering the loss all-reduce; the others time out 12 ms
    past the 10-minute limit."""
    job = Job('llama3-8b', 16, tp=2, mbs=1, gbs=128, log_interval=1)
    analysis = job.analyze()
    log = Log()
    start(log, job)
    build_model(log, job)
    train(log, job, analysis, list(range(1, 51)),
          tflops_of=lambda it: 301.7 if it == 1 else 418.0 + (it % 7) / 10.0,
          loss_of=smooth_loss, grad_of=smooth_grad, last_rank=15)
    log.tick(600.012)
    stamp = 'E' + log.clock.strftime('%m%d %H:%M:%S')
    waiting = [r for r in range(16) if r != 13]
    for n, r in enumerate(waiting):
        log.lines.append(f'[rank{r}]:[{stamp}.{106000 + n * 53:06d}000 ProcessGroupNCCL.cpp:632] [Rank {r}] '
                         f'Watchdog caught collective operation timeout: WorkNCCL(SeqNum=2051, OpType=ALLREDUCE, '
                         f'NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600012 milliseconds before timing out.')
    for n, r in enumerate(waiting):
        log.lines.append(f'[rank{r}]:[{stamp}.{207000 + n * 47:06d}000 ProcessGroupNCCL.cpp:2271] [PG ID 3 PG GUID '
                         f'7(DATA_PARALLEL_GROUP) Rank {r // 2}] Exception (either an error or timeout) detected by '
                         f'watchdog at work: 2051, last enqueued NCCL work: 2051, last completed NCCL work: 2050.')
    log.lines.append(f'[rank0]:[{stamp}.300000000 ProcessGroupNCCL.cpp:684] [Rank 0] Some NCCL operations have '
                     f'failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations '
                     f'might run on corrupted/incomplete data.')
    log.lines.append(f'[rank0]:[{stamp}.300100000 ProcessGroupNCCL.cpp:690] [Rank 0] To avoid data inconsistency, '
                     f'we are taking the entire process down.')
    log.lines.append("terminate called after throwing an instance of 'c10::DistBackendError'")
    log.lines.append(f"  what():  [PG ID 3 PG GUID 7(DATA_PARALLEL_GROUP) Rank 0] Process group watchdog thread "
                     f"terminated with exception: [Rank 0] Watchdog caught collective operation timeout: "
                     f"WorkNCCL(SeqNum=2051, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for "
                     f"600012 milliseconds before timing out.")
    log.write('nccl-hang-mid-run.log')


def oom_model_setup():
    """Out of memory while the model is set up, before the first iteration
    (issue 23 #11): Llama 3 70B on one node at TP 4 holds 17.6 B parameters
    per GPU, and the DDP wrapper's FP32 gradient buffer (65.7 GiB, one
    allocation) does not fit beside the 32.9 GiB of BF16 weights."""
    job = Job('llama3-70b', 8, tp=4, mbs=1, gbs=64)
    log = Log()
    start(log, job)
    log.add('building GPT model ...')
    for t in range(job.tp):
        log.add(f' > number of parameters on (tensor, gtp_weight_remat, pipeline) model parallel rank ({t}, 0, 0): '
                f'17642553344')
    frames = frames_pretrain() + [
        (ROOT + 'megatron/training/training.py', 2744, 'setup_model_and_optimizer', 'model = _build_model_wrapper(wrap_with_ddp)'),
        (ROOT + 'megatron/training/training.py', 2717, '_build_model_wrapper',
         'return get_model(model_provider_func, model_type, wrap_with_ddp=wrap_with_ddp, pg_collection=pg_collection)'),
        (ROOT + 'megatron/training/training.py', 2527, 'get_model', 'model = wrap_model_chunks_with_ddp('),
        (ROOT + 'megatron/training/training.py', 2322, 'wrap_model_chunks_with_ddp', 'DP('),
        (ROOT + 'megatron/core/distributed/distributed_data_parallel.py', 314, '__init__',
         'buffer = _ParamAndGradBuffer('),
        (ROOT + 'megatron/core/distributed/param_and_grad_buffer.py', 1190, '__init__', 'self.grad_data = torch.zeros(')]
    oom = ('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 65.73 GiB. GPU {} has a total capacity '
           'of 79.11 GiB of which 45.72 GiB is free. Including non-PyTorch memory, this process has 33.38 GiB memory '
           'in use. Of the allocated memory 32.87 GiB is allocated by PyTorch, and 2.00 MiB is reserved by PyTorch '
           'but unallocated. If reserved but unallocated memory is large try setting '
           'PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory '
           'Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)')
    log.prefix = lambda r: f'[rank{r}]: '
    for r in (0, 4):
        traceback(log, r, frames, oom.format(r))
    log.prefix = None
    log.add('W1130 09:00:52.117000 140236 torch/distributed/elastic/multiprocessing/api.py:900] Sending process '
            '51377 closing signal SIGTERM')
    log.write('oom-model-setup.log')

def nan_skipped():
    job = Job('llama2-7b', 8, tp=1, mbs=1, gbs=64, seq=4096, gpu='a100-80gb', fp16=True, initial_loss_scale=65536.0)
    analysis = job.analyze()
    log = Log()
    start(log, job)
    build_model(log, job)

    def scale(it):
        if it < 800:
            return 65536.0
        return {800: 16384.0, 810: 512.0, 820: 4.0}.get(it, 1.0)

    def skipped(it):
        return {800: (2, 1), 810: (5, 5), 820: (10, 10), 830: (10, 10), 840: (10, 10)}.get(it, (0, 0))

    def loss(it):
        if it >= 820:
            return 0.0   # every iteration of the interval skipped: Megatron averages nothing
        return smooth_loss(it)

    def grad(it):
        return None if it >= 810 else smooth_grad(it)

    train(log, job, analysis, [1] + list(range(10, 841, 10)),
          tflops_of=lambda it: 88.0 if it == 1 else 141.0 + (it % 30) / 10.0,
          loss_of=loss, grad_of=grad, last_rank=7, scale_of=scale, skipped_of=skipped)
    log.write('nan-skipped.log')


def loss_spike():
    job = Job('llama3-8b', 8, tp=2, mbs=1, gbs=128)
    analysis = job.analyze()
    log = Log()
    start(log, job)
    build_model(log, job)

    def loss(it):
        base = smooth_loss(it)
        return {1210: 6.912, 1220: 5.404, 1230: 3.871}.get(it, base)

    def grad(it):
        return {1200: 0.412, 1210: 38.551, 1220: 12.930, 1230: 2.174}.get(it, smooth_grad(it))

    train(log, job, analysis, [1] + list(range(10, 1501, 10)),
          tflops_of=lambda it: 318.4 if it == 1 else 420.0 + (it % 30) / 10.0,
          loss_of=loss, grad_of=grad, last_rank=7)
    log.datetime_marker('after training is done')
    log.write('loss-spike.log')


def slurm_8_ranks():
    job = Job('llama3-8b', 8, tp=2, pp=2, mbs=1, gbs=64)
    analysis = job.analyze()
    log = Log(prefix=lambda r: f'{r}: ')
    for r in range(8):
        log.add('[W1130 09:00:02.101000 3121 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment '
                'variable for each process to be 1 in default', r)
    start(log, job)
    build_model(log, job)
    stages = analysis['memory']['estimate']['stages']
    est = {0: stages[0]['total_bytes'] / 2**30, 1: stages[-1]['total_bytes'] / 2**30}

    def interleave(log_, it):
        if it == 20:
            for r in range(8):
                log_.add(f'/usr/local/lib/python3.12/dist-packages/transformer_engine/pytorch/module/base.py:630: '
                         f'UserWarning: rank {r} falls back to unfused kernel', r)

    train(log, job, analysis, [1] + list(range(10, 31, 10)),
          tflops_of=lambda it: 301.0 if it == 1 else 388.0 + it / 10.0,
          loss_of=smooth_loss, grad_of=smooth_grad, last_rank=7, memory_ranks=(0, 1, 4, 5),
          reserved_gib=lambda r: round(est[0 if r < 4 else 1] * 0.97, 1), extra=interleave)
    frames = frames_pretrain()[:1] + [
        (ROOT + 'megatron/training/training.py', 1866, 'pretrain', 'iteration, num_floating_point_operations_so_far = train('),
        (ROOT + 'megatron/core/pipeline_parallel/schedules.py', 2206, 'forward_backward_pipelining_without_interleaving', 'output_tensor, num_tokens = forward_step('),
        (ROOT + 'megatron/core/models/gpt/gpt_model.py', 640, '_postprocess', 'loss = self.compute_language_model_loss(labels, logits)')]
    oom = ('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU {} has a total capacity of '
           '79.11 GiB of which 2.06 GiB is free. Including non-PyTorch memory, this process has 77.04 GiB memory in '
           'use. Of the allocated memory 71.66 GiB is allocated by PyTorch, and 4.11 GiB is reserved by PyTorch but '
           'unallocated. If reserved but unallocated memory is large try setting '
           'PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory '
           'Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)')
    # Ranks 6 and 7 (the last stage) fail together; their lines interleave.
    a, b = Log(prefix=lambda r: f'{r}: '), Log(prefix=lambda r: f'{r}: ')
    traceback(a, 6, frames, oom.format(6))
    traceback(b, 7, frames, oom.format(7))
    for x, y in zip(a.lines, b.lines):
        log.lines += [x, y]
    log.add('srun: error: node017: tasks 6-7: Exited with exit code 1', 0)
    log.lines[-1] = 'srun: error: node017: tasks 6-7: Exited with exit code 1'
    log.write('slurm-8-ranks.log')


def startup(name, job, frames, exception, with_arguments=True, before=None):
    log = Log()
    if with_arguments:
        start(log, job)
    if before:
        before(log)
    traceback(log, 0, frames, exception)
    log.write(name)


def startups():
    # validate_args: before the argument block is printed.
    startup('startup-arguments.log', Job('llama3-8b', 24, tp=4, pp=4, gbs=96),
            [(ROOT + 'pretrain_gpt.py', 525, '<module>', 'args = parse_and_validate_args('),
             (ROOT + 'megatron/training/arguments.py', 108, 'parse_and_validate_args', 'validate_args(args, args_defaults)'),
             (ROOT + 'megatron/training/arguments.py', 432, 'validate_args', 'assert args.world_size % total_model_size == 0, (')],
            'AssertionError: world size (24) is not divisible by total_model_size (total_model_size=16)',
            with_arguments=False)
    # TransformerConfig: when the model is built.
    startup('startup-transformer-config.log', Job('gpt2-small', 8, tp=8, gbs=64),
            frames_pretrain() + [
                (ROOT + 'megatron/training/training.py', 2700, 'setup_model_and_optimizer', 'model = get_model(model_provider_func, model_type, config=config)'),
                (ROOT + 'gpt_builders.py', 31, 'gpt_builder', 'config = core_transformer_config_from_args(args)'),
                (ROOT + 'megatron/training/arguments.py', 2147, 'core_transformer_config_from_args', 'return config_class(**kw_args)'),
                ('<string>', 412, '__init__', ''),
                (ROOT + 'megatron/core/transformer/transformer_config.py', 1447, '__post_init__', 'raise ValueError(')],
            'ValueError: num_attention_heads (12) must be a multiple of tensor_model_parallel_size (8).',
            before=lambda log: log.add('building GPT model ...'))
    # initialize_model_parallel
    startup('startup-parallel-state.log', Job('llama3-8b', 16, tp=4, gbs=128, num_distributed_optimizer_instances=3),
            [(ROOT + 'pretrain_gpt.py', 536, '<module>', 'pretrain('),
             (ROOT + 'megatron/training/training.py', 1577, 'pretrain', 'initialize_megatron('),
             (ROOT + 'megatron/training/initialize.py', 111, 'initialize_megatron', '_initialize_distributed('),
             (ROOT + 'megatron/training/initialize.py', 377, '_initialize_distributed', 'mpu.initialize_model_parallel('),
             (ROOT + 'megatron/core/parallel_state.py', 922, 'initialize_model_parallel', 'assert (')],
            'AssertionError: Data parallel size should be divisible by partial DistOpt shard factor')
    # the microbatch calculator: right after the arguments are printed.
    # (an explicit evaluation batch passes validate_args' own check first)
    startup('startup-microbatches.log', Job('llama3-8b', 8, tp=1, gbs=100, eval_global_batch_size=96),
            [(ROOT + 'pretrain_gpt.py', 525, '<module>', 'args = parse_and_validate_args('),
             (ROOT + 'megatron/training/arguments.py', 112, 'parse_and_validate_args', 'set_global_variables(args)'),
             (ROOT + 'megatron/training/global_vars.py', 148, 'set_global_variables', 'init_num_microbatches_calculator('),
             (ROOT + 'megatron/core/num_microbatches_calculator.py', 105, 'init_num_microbatches_calculator', '_configure_global_num_microbatches_calculator('),
             (ROOT + 'megatron/core/num_microbatches_calculator.py', 216, '_configure_global_num_microbatches_calculator', '_GLOBAL_NUM_MICROBATCHES_CALCULATOR = _build_num_microbatches_calculator('),
             (ROOT + 'megatron/core/num_microbatches_calculator.py', 284, '_build_num_microbatches_calculator', 'num_microbatches_calculator = ConstantNumMicroBatchesCalculator('),
             (ROOT + 'megatron/core/num_microbatches_calculator.py', 381, '__init__', 'assert global_batch_size % micro_batch_times_data_parallel_size == 0, (')],
            'AssertionError: global batch size (100) is not divisible by micro batch size (1) times data parallel size (8)')
    # ModelParallelConfig: with the model's configuration.
    startup('startup-model-parallel-config.log', Job('llama3-8b', 8, tp=8, gbs=64, defer_embedding_wgrad_compute=True),
            frames_pretrain() + [
                (ROOT + 'megatron/training/training.py', 2700, 'setup_model_and_optimizer', 'model = get_model(model_provider_func, model_type, config=config)'),
                (ROOT + 'gpt_builders.py', 31, 'gpt_builder', 'config = core_transformer_config_from_args(args)'),
                (ROOT + 'megatron/training/arguments.py', 2147, 'core_transformer_config_from_args', 'return config_class(**kw_args)'),
                ('<string>', 412, '__init__', ''),
                (ROOT + 'megatron/core/transformer/transformer_config.py', 1412, '__post_init__', 'super().__post_init__()'),
                (ROOT + 'megatron/core/model_parallel_config.py', 546, '__post_init__', 'raise ValueError(')],
            'ValueError: Cannot defer embedding wgrad compute when pipeline model parallel is not used',
            before=lambda log: log.add('building GPT model ...'))
    # initialize_megatron: the random seed.
    startup('startup-initialize.log', Job('llama3-8b', 8, tp=2, gbs=64, seed=0),
            [(ROOT + 'pretrain_gpt.py', 536, '<module>', 'pretrain('),
             (ROOT + 'megatron/training/training.py', 1577, 'pretrain', 'initialize_megatron('),
             (ROOT + 'megatron/training/initialize.py', 121, 'finish_mpu_init', '_set_random_seed('),
             (ROOT + 'megatron/training/initialize.py', 484, '_set_random_seed', 'raise ValueError("Seed ({}) should be a positive integer.".format(seed_))')],
            'ValueError: Seed (0) should be a positive integer.')


clean()
low_mfu()
oom_iteration_1()
oom_startup()
nccl_timeout()
nccl_hang_mid_run()
oom_model_setup()
nan_skipped()
loss_spike()
slurm_8_ranks()
startups()
