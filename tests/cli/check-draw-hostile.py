#!/usr/bin/env python3
# launch-planner-cli draw attacked as a hostile user would (issue 14's
# red-team pass): job strings and file names made of markup and control
# characters must give SVGs a strict XML parser reads, with the text shown
# as text; absurd layouts must finish in bounded time with the documented
# exit codes.
# Usage: check-draw-hostile.py CLI JOBS_DIR OUT_DIR   (TAP on stdout)
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

cli, jobs_dir, out_dir = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(out_dir, exist_ok=True)
NS = '{http://www.w3.org/2000/svg}'
results = []


def check(name, ok, detail=''):
    results.append((name, ok, detail))


def draw(*args, timeout=120):
    try:
        return subprocess.run([cli, 'draw', *args], capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(args, -1, b'', b'timed out')


def fresh(path):
    if os.path.lexists(path):
        os.remove(path)
    return path


def job(name, **fields):
    base = json.load(open(os.path.join(jobs_dir, 'pictures-dense-64.json')))
    for key, value in fields.items():
        section, member = key.split('__')
        base.setdefault(section, {})[member] = value
    path = os.path.join(out_dir, name)
    with open(path, 'w') as f:
        json.dump(base, f)
    return path


def texts(svg):
    """Every text of the SVG, parsed strictly (expat: XML 1.0)."""
    root = ET.parse(svg).getroot()
    return [''.join(t.itertext()) for t in root.iter(NS + 'text')]


# Markup and control characters in a model id: escaped, never markup, and
# the controls XML 1.0 forbids (even as &#x1;) replaced.
HOSTILE = '<script>alert(1)</script>&amp;"\'\x01\x1b[31m]]>\x85\x7f\ttab'
SHOWN = '<script>alert(1)</script>&amp;"\'\ufffd\ufffd[31m]]>\ufffd\ufffd tab'
hostile_job = job('hostile-model.json', model__model_id=HOSTILE)
for kind in ('grid', 'compare'):
    svg = fresh(os.path.join(out_dir, f'hostile-{kind}.svg'))
    other = [os.path.join(jobs_dir, 'pictures-dense-64.json')] if kind == 'compare' else []
    r = draw(kind, hostile_job, *other, '--output', svg)
    if r.returncode != 0:
        check(f'hostile model id: {kind} drawn', False, r.stderr.decode(errors='replace'))
        continue
    try:
        shown = texts(svg)
        check(f'hostile model id: {kind} SVG is XML 1.0', True)
    except ET.ParseError as e:
        check(f'hostile model id: {kind} SVG is XML 1.0', False, str(e))
        continue
    if kind == 'grid':
        check('hostile model id: the title shows it as text', any(t.startswith(SHOWN + ' on 64') for t in shown),
              repr(shown[:2]))
    root = ET.parse(svg).getroot()
    check(f'hostile model id: {kind} has no element from the job', not list(root.iter(NS + 'script')))

# A file name with markup, controls and bytes that are not UTF-8, as the
# label of a comparison panel.
name = os.fsencode(os.path.join(out_dir, '')) + b'a<b>&\x01\x1b[31m\xff.json'
with open(name, 'wb') as f:
    f.write(open(os.path.join(jobs_dir, 'pictures-dense-64.json'), 'rb').read())
svg = fresh(os.path.join(out_dir, 'hostile-name.svg'))
r = subprocess.run([os.fsencode(cli), b'draw', b'compare', name, os.fsencode(hostile_job), b'--output',
                    os.fsencode(svg)], capture_output=True)
try:
    shown = texts(svg) if r.returncode == 0 else []
    # The file's display name (U+FFFD for the byte that is not UTF-8), with
    # the controls replaced too; markup stays text.
    check('hostile file name: drawn, and the SVG shows the name as text',
          r.returncode == 0 and 'a<b>&\ufffd\ufffd[31m\ufffd.json' in shown, r.stderr.decode(errors='replace') +
          repr(shown[:3]))
except ET.ParseError as e:
    check('hostile file name: drawn, and the SVG shows the name as text', False, str(e))
# The same name given to optimize (a job file argument is a file name,
# not text: it used to fail with "Invalid byte sequence in conversion input").
r = subprocess.run([os.fsencode(cli), b'optimize', name], capture_output=True)
check('optimize takes a job whose file name is not UTF-8', r.returncode in (0, 1) and b'Layout' in r.stdout,
      r.stderr.decode(errors='replace'))
os.remove(name)

# Absurd sizes and layouts: refused with the documented exit code and a
# message saying what to change, or drawn in bounded time.
png = fresh(os.path.join(out_dir, 'huge.png'))
r = draw('compare', os.path.join(jobs_dir, 'pictures-dense-64.json'), '--output', png, '--scale', '6')
check('--scale 6 on a tall picture: refused before 750 MB of image (exit 2, says the limit)',
      r.returncode == 2 and (b'million pixels' in r.stderr or b'the limit is' in r.stderr)
      and not os.path.exists(png),
      r.stderr.decode(errors='replace'))
deep = job('pp1024.json', model__model_id='llama3-70b', cluster__nodes=128, parallelism__tp=1,
           parallelism__pp=1024, parallelism__vpp=1, training__global_batch_size=8192, training__recompute='none')
r = draw('schedule', deep, '--output', fresh(os.path.join(out_dir, 'pp1024.svg')), timeout=60)
check('PP 1024: no schedule (exit 1), the bubble still said', r.returncode == 1 and b'bubble' in r.stderr,
      r.stderr.decode(errors='replace'))

# Output targets: --force replaces a file or a link itself, never a fifo
# (or a device: renaming over /dev/null as root destroys it) or a folder;
# without --force nothing existing is touched; nothing is left behind.
dense = os.path.join(jobs_dir, 'pictures-dense-64.json')
targets = os.path.join(out_dir, 'targets')
os.makedirs(targets, exist_ok=True)
for entry in os.listdir(targets):
    path = os.path.join(targets, entry)
    if os.path.isdir(path) and not os.path.islink(path):
        os.rmdir(path)
    else:
        os.remove(path)
fifo = os.path.join(targets, 'fifo.svg')
os.mkfifo(fifo)
r = draw('grid', dense, '--output', fifo, '--force', timeout=30)
check('--force over a fifo: refused, the fifo stays', r.returncode == 2 and os.path.exists(fifo) and
      not os.path.isfile(fifo) and b'not a regular file' in r.stderr, r.stderr.decode(errors='replace'))
folder = os.path.join(targets, 'folder.svg')
os.mkdir(folder)
r = draw('grid', dense, '--output', folder, '--force')
check('--force over a folder: refused, the folder stays', r.returncode == 2 and os.path.isdir(folder) and
      b'is a folder' in r.stderr, r.stderr.decode(errors='replace'))
dangling = os.path.join(targets, 'dangling.svg')
os.symlink(os.path.join(targets, 'nowhere'), dangling)
r = draw('grid', dense, '--output', dangling)
check('a dangling link without --force: refused, nothing created through it',
      r.returncode == 2 and os.path.islink(dangling) and not os.path.exists(os.path.join(targets, 'nowhere')),
      r.stderr.decode(errors='replace'))
victim = os.path.join(targets, 'victim.svg')
with open(victim, 'w') as f:
    f.write('keep')
link = os.path.join(targets, 'link.svg')
os.symlink(victim, link)
r = draw('grid', dense, '--output', link, '--force')
check('--force over a link replaces the link, not the file it names',
      r.returncode == 0 and not os.path.islink(link) and open(victim).read() == 'keep', r.stderr.decode(errors='replace'))
# Refused before any drawing: an existing target and a 16K-GPU job.
r = draw('grid', os.path.join(jobs_dir, 'pictures-llama31-405b-16k.json'), '--output', victim)
check('an existing target is refused before drawing', r.returncode == 2 and open(victim).read() == 'keep' and
      b'already exists' in r.stderr, r.stderr.decode(errors='replace'))
left = [e for e in os.listdir(targets) if '.svg.' in e or '.png.' in e]
check('no temporary file left behind', not left, repr(left))

print(f'1..{len(results)}')
for i, (name, ok, detail) in enumerate(results, 1):
    print(f'{"ok" if ok else "not ok"} {i} {name}')
    if not ok and detail:
        for line in detail.strip().splitlines()[:5]:
            print(f'# {line}')
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
