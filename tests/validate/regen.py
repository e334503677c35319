#!/usr/bin/env python3
"""regen.py: regenerate the simulated parts of docs/VALIDATION.md on a busy
machine, resumably: the model part in parallel streams, the icnx columns of
the BookSim tables, then the assembly.  For when the simulator changed and
BookSim did not (a full `make validate` reruns BookSim too, an hour more).

  1. The binary: ./icnx is copied to build/validate/icnx-run (rebuilding the
     tree while this runs changes nothing); its --version names the commit
     and every cached result is kept under it.  A tree with uncommitted
     changes under src/ is refused (the numbers must come from a commit).
  2. modelsim.py --only PRESET --resume --no-report, one preset (or held-out
     configuration, heldout.py) at a time
     from a queue, --streams at once, the costliest first (each preset's
     seconds from its last run); logs in build/validate/regen/PRESET.log.
  3. booksim_refresh.py -j --streams (every icnx cell of the BookSim tables).
  4. validate.py --resume --skip-booksim --skip-coverage --icnx
     build/validate/icnx-run: anything still missing, the light-load
     variants, the assembly (the coverage piece is coverage.py's, as last
     committed).
Every step resumes from what the same binary already did; rerun after an
interruption.  Everything runs under nice -n 10.

Usage: python3 tests/validate/regen.py [--streams 2] [--skip-model]
       [--skip-booksim] [--presets a,b] [--quick]
"""

import argparse
import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..'))
sys.path.insert(0, HERE)
from modelsim import PRESETS  # noqa: E402
from heldout import NAMES as HELDOUT  # noqa: E402

WORK = os.path.join(ROOT, 'build', 'validate')
BIN = os.path.join(WORK, 'icnx-run')
# a first run's order (no cache yet): the largest systems first
GUESS = {'sharifi-n1144': 9, 'javadi-n1120': 8, 'sharifi-n592': 7, 'javadi-n544': 6,
         'kiasari-s5-v12': 5, 'kiasari-s5-v9': 4, 'kiasari-s5-v6': 3,
         'javadi-n544-M64': 6, 'sharifi-n592-theta0.3': 6, 'kiasari-s6-V6': 5}
NICE = ['nice', '-n', '10']


def log(*a):
    print('[regen %s]' % time.strftime('%H:%M:%S'), *a, file=sys.stderr, flush=True)


def version(exe):
    return subprocess.run([exe, '--version'], stdout=subprocess.PIPE,
                          text=True).stdout.strip().split('\n')[0]


def step(args, logfile=None):
    t = time.time()
    out = open(logfile, 'a') if logfile else None
    r = subprocess.run(NICE + [sys.executable] + args, cwd=ROOT, stderr=out or None,
                       stdout=out or None)
    log('%s: exit %d after %.0f s' % (' '.join(os.path.basename(x) for x in args[:1]) +
                                      ' ' + ' '.join(args[1:]), r.returncode, time.time() - t))
    return r.returncode


def model_streams(presets, streams, quick):
    cache = os.path.join(WORK, 'modelsim' + ('-quick' if quick else ''))
    ver = version(BIN)

    def cost(p):
        f = os.path.join(cache, p + '.json')
        if os.path.exists(f):
            c = json.load(open(f))
            if c.get('version') == ver:
                return -1          # done or partly done: last
            return c.get('seconds', GUESS.get(p, 1))
        return GUESS.get(p, 1) * 1000
    todo = queue.Queue()
    for p in sorted(presets, key=cost, reverse=True):
        todo.put(p)
    logs = os.path.join(WORK, 'regen')
    os.makedirs(logs, exist_ok=True)
    rcs = {}

    def worker():
        while True:
            try:
                p = todo.get_nowait()
            except queue.Empty:
                return
            log('modelsim', p, 'started')
            rcs[p] = step([os.path.join(HERE, 'modelsim.py'), '--icnx', BIN, '--only', p,
                           '--resume', '--no-report'] + (['--quick'] if quick else []),
                          os.path.join(logs, p + '.log'))
    ts = [threading.Thread(target=worker) for _ in range(streams)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return max(rcs.values(), default=0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--streams', type=int, default=2)
    ap.add_argument('--presets', help='comma-separated (default: every network preset)')
    ap.add_argument('--skip-model', action='store_true')
    ap.add_argument('--skip-booksim', action='store_true')
    ap.add_argument('--quick', action='store_true',
                    help='a smoke test of the chain (modelsim --quick; no BookSim refresh)')
    a = ap.parse_args()
    os.chdir(ROOT)
    os.makedirs(WORK, exist_ok=True)
    dirty = subprocess.run(['git', 'status', '--porcelain', '--', 'src'], stdout=subprocess.PIPE,
                           text=True).stdout.strip()
    if dirty:
        sys.exit('regen.py: uncommitted changes under src/ (the numbers must come from a '
                 'commit):\n' + dirty)
    new = version(os.path.join(ROOT, 'icnx'))
    if not os.path.exists(BIN) or version(BIN) != new:
        shutil.copy2(os.path.join(ROOT, 'build', 'icnx'), BIN)
    log('binary', BIN, '=', version(BIN), '(HEAD %s)' % subprocess.run(
        ['git', 'rev-parse', '--short', 'HEAD'], stdout=subprocess.PIPE, text=True).stdout.strip())
    t0 = time.time()
    rc = 0
    presets = a.presets.split(',') if a.presets else [p for p, _ in PRESETS] + HELDOUT
    if not a.skip_model:
        rc |= model_streams(presets, a.streams, a.quick)
    if not a.skip_booksim and not a.quick:
        rc |= step([os.path.join(HERE, 'booksim_refresh.py'), '--icnx', BIN,
                    '-j', str(a.streams)])
    rc |= step([os.path.join(HERE, 'validate.py'), '--resume', '--skip-booksim',
                '--skip-coverage', '--icnx', BIN] + (['--quick'] if a.quick else []))
    log('done after %.0f s, exit %d' % (time.time() - t0, rc))
    return rc


if __name__ == '__main__':
    sys.exit(main())
