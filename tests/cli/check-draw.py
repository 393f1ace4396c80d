#!/usr/bin/env python3
# Draws every picture of the five jobs of issue 13 with launch-planner-cli
# and checks the files, not just that something was written: every GPU
# once in the SVG, the bubble printed = (p-1)/(v*m), the schedule's cells
# per stage (drawn + left out) = 2*v*m (+ v*m recomputed forwards), the
# bars adding up to their totals, PNGs at least 1920 pixels wide, and the
# output rules (no overwrite, --force, a symbolic link refused).
# Usage: check-draw.py CLI JOBS_DIR OUT_DIR   (TAP on stdout)
import json
import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

cli, jobs_dir, out_dir = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(out_dir, exist_ok=True)
NS = '{http://www.w3.org/2000/svg}'
JOBS = ['pictures-dense-64', 'pictures-llama31-405b-16k', 'pictures-mixtral-ep8',
        'pictures-deepseek-v3-ep64', 'pictures-gb200-nvl72']
results = []


def check(name, ok, detail=''):
    results.append((name, ok, detail))


def draw(*args):
    return subprocess.run([cli, 'draw', *args], capture_output=True, text=True)


def fresh(path):
    if os.path.lexists(path):
        os.remove(path)
    return path


def layout_of(job):
    c, p, t = job['cluster'], job.get('parallelism', {}), job.get('training', {})
    world = c['nodes'] * c['gpus_per_node']
    tp, pp, cp = p.get('tp', 1), p.get('pp', 1), p.get('cp', 1)
    vpp = p.get('vpp', 1)
    dp = world // (tp * pp * cp)
    m = t.get('global_batch_size', 128) // (t.get('micro_batch_size', 1) * dp)
    return world, pp, vpp, m, t.get('recompute') == 'full'


def grid_ranks(root):
    # A cell is one rect; a block of alike small cells one rect tiled with
    # a pattern, naming its ranks.
    ranks = []
    for e in root.iter(NS + 'rect'):
        if e.get('class') == 'gpu':
            ranks.append(int(e.get('data-rank')))
        elif e.get('class') == 'gpu-block':
            first, last = (int(x) for x in e.get('data-ranks').split('-'))
            ranks.extend(range(first, last + 1))
    return ranks


def png_size(path):
    with open(path, 'rb') as f:
        head = f.read(24)
    assert head[:8] == b'\x89PNG\r\n\x1a\n'
    return struct.unpack('>II', head[16:24])


for name in JOBS:
    job_path = os.path.join(jobs_dir, name + '.json')
    job = json.load(open(job_path))
    world, pp, vpp, m, recompute = layout_of(job)
    short = name[len('pictures-'):]
    for kind in ('grid', 'schedule', 'memory', 'compare'):
        svg = fresh(os.path.join(out_dir, f'{short}-{kind}.svg'))
        png = fresh(os.path.join(out_dir, f'{short}-{kind}.png'))
        r1, r2 = draw(kind, job_path, '--output', svg), draw(kind, job_path, '--output', png)
        if r1.returncode or r2.returncode:
            check(f'{short} {kind} drawn', False, r1.stderr + r2.stderr)
            continue
        w, h = png_size(png)
        check(f'{short} {kind} PNG {w}x{h} is at least 1920 wide', w >= 1920 and h > 200)
        root = ET.parse(svg).getroot()
        texts = ' '.join(''.join(t.itertext()) for t in root.iter(NS + 'text'))
        check(f'{short} {kind} names Megatron-Core 0.20.0', 'Megatron-Core 0.20.0' in texts)
        if kind != 'compare':
            check(f'{short} {kind} has a title with the GPU count',
                  any(e.get('class') == 'title' for e in root.iter(NS + 'text')) and f'{world:,}' in texts)
        if kind == 'grid':
            ranks = grid_ranks(root)
            check(f'{short} grid: every GPU exactly once', sorted(ranks) == list(range(world)),
                  f'{len(ranks)} cells for {world} GPUs')
        if kind == 'schedule':
            bubble = [float(e.get('data-fraction')) for e in root.iter(NS + 'text') if e.get('class') == 'bubble']
            want = (pp - 1) / (vpp * m)
            check(f'{short} schedule: bubble printed (p-1)/(v*m) = {want:.6g}',
                  len(bubble) == 1 and abs(bubble[0] - want) < 1e-6 * max(want, 1e-9), str(bubble))
            cells, elided = [0] * pp, [0] * pp
            for e in root.iter(NS + 'rect'):
                if e.get('class') == 'schedule-cell':
                    cells[int(e.get('data-stage'))] += 1
                elif e.get('class') == 'elided':
                    elided[int(e.get('data-stage'))] += int(e.get('data-cells'))
            want_cells = 2 * vpp * m + (vpp * m if recompute else 0)
            check(f'{short} schedule: {want_cells} cells per stage, drawn or left out',
                  all(c + x == want_cells for c, x in zip(cells, elided)), f'{cells} + {elided}')
        if kind == 'memory':
            segments, totals = {}, {}
            for e in root.iter():
                if e.get('class') == 'bar-segment':
                    segments[e.get('data-stage')] = segments.get(e.get('data-stage'), 0) + float(e.get('data-bytes'))
                elif e.get('class') == 'bar-total':
                    totals[e.get('data-stage')] = float(e.get('data-bytes'))
            check(f'{short} memory: the bars add up to the estimate',
                  totals and all(abs(segments[s] - totals[s]) <= 1 + 1e-9 * totals[s] for s in totals),
                  f'{segments} vs {totals}')

# Issue 22 #13: a million GPUs' grid draws blocks of alike small cells as
# one element each (one <rect> per GPU made 166 MB), and still every GPU
# once; the 2 px cells are tiled by a pattern of one cell.
million = fresh(os.path.join(out_dir, 'million-grid.svg'))
r = draw('grid', os.path.join(jobs_dir, 'pictures-million.json'), '--output', million)
if r.returncode:
    check('million grid drawn', False, r.stderr)
else:
    size = os.path.getsize(million)
    root = ET.parse(million).getroot()
    ranks = grid_ranks(root)
    elements = sum(1 for e in root.iter(NS + 'rect') if e.get('class') in ('gpu', 'gpu-block', 'gpu-mark'))
    check(f'million grid: every GPU exactly once', ranks == list(range(1 << 20)), f'{len(ranks)} cells')
    check(f'million grid: {size:,} bytes is under 40 MB', size < 40_000_000)
    check(f'million grid: {elements:,} cell elements for 1,048,576 GPUs', elements <= (1 << 20) // 8)
    patterns = {e.get('id') for e in root.iter(NS + 'pattern')}
    check('million grid: every block is tiled by a pattern defined',
          all(e.get('fill')[5:-1] in patterns for e in root.iter(NS + 'rect') if e.get('class') == 'gpu-block'))

# Output rules: never over an existing file or through a symbolic link.
job_path = os.path.join(jobs_dir, 'pictures-dense-64.json')
target = fresh(os.path.join(out_dir, 'rules.svg'))
with open(target, 'w') as f:
    f.write('mine')
r = draw('grid', job_path, '--output', target)
check('an existing file is left as it is', r.returncode == 2 and open(target).read() == 'mine', r.stderr)
r = draw('grid', job_path, '--output', target, '--force')
check('--force replaces it', r.returncode == 0 and open(target).read().startswith('<?xml'), r.stderr)
link = fresh(os.path.join(out_dir, 'link.svg'))
victim = fresh(os.path.join(out_dir, 'victim.txt'))
with open(victim, 'w') as f:
    f.write('keep')
os.symlink(victim, link)
r = draw('grid', job_path, '--output', link)
check('a symbolic link is refused', r.returncode == 2 and open(victim).read() == 'keep', r.stderr)
r = draw('grid', job_path, '--output', fresh(os.path.join(out_dir, 'scaled.png')), '--scale', '2')
check('--scale 2 doubles the pixels', r.returncode == 0 and png_size(os.path.join(out_dir, 'scaled.png'))[0] == 3840,
      r.stderr)
r = draw('grid', job_path, '--output', fresh(os.path.join(out_dir, 'dark-dp.svg')), '--style', 'dark',
         '--color-by', 'dp')
check('--style dark --color-by dp', r.returncode == 0 and 'Colour: data-parallel rank' in
      open(os.path.join(out_dir, 'dark-dp.svg')).read(), r.stderr)

print(f'1..{len(results)}')
for i, (name, ok, detail) in enumerate(results, 1):
    print(f'{"ok" if ok else "not ok"} {i} {name}')
    if not ok and detail:
        for line in detail.strip().splitlines()[:5]:
            print(f'# {line}')
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
