#!/usr/bin/env python3
"""booksim_refresh.py: recompute the icnx columns of the BookSim tables
(docs/validation/booksim*.csv, booksim.md, booksim-engine.md) with this icnx,
keeping BookSim's own results (BookSim is deterministic for a seed, and its
runs take most of booksim.py's hour).  For when the simulator changed and
BookSim and its inputs did not (BOOKSIM_RUNS says which runs BookSim's
columns come from; the report states it).

Every icnx number of the BookSim tables is run again at the load the CSV
holds: the zero-load minima (-o pairs), the low-load timing check, every
loaded mean and interval, every saturation, every engine case's points and
saturation.  Not rerun: the speed table's icnx timings (CPU seconds on a
machine shared with other work measure the machine; helper "speed" and
make bench own them), stated in the report.  A run that fails leaves
"failed" in its cell, never the old number.  After the run every row of
those tables is checked to have been refreshed by this binary (exit 1 and
the rows named otherwise).

Resumable and parallel: each icnx run is one task, kept in
build/validate/booksim-refresh.json under the binary's --version as soon as
it is done, so a rerun with the same binary does only what is missing; -j N
runs N tasks at once (each icnx run is -j 1).

Usage: python3 tests/validate/booksim_refresh.py [--icnx ./icnx] [-j 2] [--fresh]
       [--tasks REGEX]
Then the Markdown pieces are rewritten by booksim.py's own assembly.
"""

import argparse
import concurrent.futures
import csv
import json
import os
import re
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import booksim as b  # noqa: E402

# Which BookSim runs produced BookSim's own columns (update when booksim.py
# runs BookSim again and its results are committed).  Their inputs: the
# BookSim tarball (upstream 28f43299), booksim-updown.patch, booksim.py's
# BookSim set-up (TIMING, VC_BUF, loaded_params, saturation, NETWORKS'
# routing and VCs, ENGINE_CASES) and the networks icnx writes with -o anynet.
BOOKSIM_RUNS = ('zero-load, saturation and loaded columns: the run committed in 2163335 '
                '(2026-11-28 06:32 UTC); engine cases: 5a81f38 (06:10 UTC); speed at 90% '
                'of saturation: 5d2bb79 (09:19 UTC)')
CACHE = os.path.join(b.WORK, 'booksim-refresh.json')


def read(name):
    with open(os.path.join(b.OUT, name)) as f:
        return list(csv.DictReader(f))


def conv(r):
    out = {}
    for k, v in r.items():
        try:
            out[k] = int(v) if v.lstrip('-').isdigit() else float(v)
        except ValueError:
            out[k] = v
    return out


def pct(a, base):
    return 100.0 * (a - base) / base if isinstance(a, float) and base else None


def csv_row(text):
    """The last row of icnx's CSV output as a dict, or None."""
    if not text:
        return None
    lines = text.strip().splitlines()
    return dict(zip(lines[0].split(','), lines[-1].split(','))) if len(lines) > 1 else None


class Runner:
    """Tasks keyed by name, results kept in CACHE for this binary."""

    def __init__(self, version, jobs, fresh, only=None):
        self.version = version
        self.only = re.compile(only) if only else None
        self.jobs = jobs
        self.lock = threading.Lock()
        c = json.load(open(CACHE)) if os.path.exists(CACHE) and not fresh else {}
        self.done = c.get('done', {}) if c.get('version') == version else {}
        self.ran = 0

    def save(self):
        tmp = CACHE + '.tmp'
        json.dump(dict(version=self.version, done=self.done), open(tmp, 'w'))
        os.replace(tmp, CACHE)

    def run(self, tasks):
        """tasks: [(key, fn)]; fn() returns a JSON-able result (None: failed).
        Returns {key: result} for every task done (now or before)."""
        todo = [(k, f) for k, f in tasks if k not in self.done and
                (not self.only or self.only.search(k))]
        b.log('refresh: %d tasks, %d kept from an earlier run of this binary'
              % (len(tasks), len(tasks) - len(todo)))

        def one(kf):
            k, f = kf
            try:
                res = f()
            except Exception as e:      # a failed run is a "failed" cell
                b.log('refresh: %s failed: %s' % (k, e))
                res = None
            with self.lock:
                self.done[k] = res
                self.ran += 1
                self.save()
            b.log('refresh: done %s -> %s' % (k, res if not isinstance(res, dict) else
                                               res.get('mean', res)))
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.jobs) as ex:
            list(ex.map(one, todo))
        return {k: self.done[k] for k, _ in tasks if k in self.done}


def point(row):
    return dict(mean=b._num(row, 'sim_latency'), lo=b._num(row, 'sim_lower'),
                hi=b._num(row, 'sim_upper')) if row else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--icnx', default=os.path.join(b.ROOT, 'icnx'))
    ap.add_argument('-j', '--jobs', type=int, default=2, help='icnx runs at once')
    ap.add_argument('--fresh', action='store_true', help='ignore earlier results')
    ap.add_argument('--tasks', metavar='REGEX',
                    help='run only the tasks whose key matches (a check of this script; the '
                         'others stay as they were and the run exits 1)')
    a = ap.parse_args()
    os.chdir(b.ROOT)
    os.makedirs(b.WORK, exist_ok=True)
    version = subprocess.run([a.icnx, '--version'], stdout=subprocess.PIPE,
                             text=True).stdout.strip().split('\n')[0]
    rn = Runner(version, a.jobs, a.fresh, a.tasks)
    b.MODE_ON = b.icnx_booksim_mode(a.icnx)
    if b.MODE_ON is None:
        sys.exit('booksim_refresh.py: this icnx has no sim.timing=booksim')
    nets = {n['name']: b.Net(dict(n), a.icnx) for n in b.NETWORKS if n.get('sim')}
    prev = b.previous_from_csv()
    low = prev['low']
    zrows = prev['z']

    # phase 1: the low-load timing check (it gates the loaded rows) and the
    # zero-load minima
    def low_task(r):
        return lambda: point(b._icnx_run(a.icnx, nets[r['network']], b.LOADED_FLITS,
                                         r['load'] / b.LOADED_FLITS)[0])

    def zero_task(name, L):
        def f():
            got = b.icnx_zero_load(a.icnx, nets[name], L)
            return {str(k): v for k, v in got.items()} if got is not None else None
        return f
    zkeys = sorted({(r['network'], r['flits']) for r in zrows
                    if r['network'] in nets and nets[r['network']].spec['sim'][0]
                    .startswith('arnau')})
    t1 = [('low %s' % r['network'], low_task(r)) for r in low] + \
        [('zero %s L%d' % k, zero_task(*k)) for k in zkeys]
    res = rn.run(t1)
    for r in low:
        if 'low %s' % r['network'] not in res:
            b.TIMING_OK[r['network']] = r['ok'] == 'yes'
            continue
        got = res['low %s' % r['network']]
        if got:
            r.update(icnx_mean=got['mean'], icnx_lo=got['lo'], icnx_hi=got['hi'],
                     diff_pct=pct(got['mean'], r['T0_mean']))
            r['ok'] = 'yes' if abs(r['diff_pct']) <= 2 else 'no'
        else:
            r.update(icnx_mean='failed', icnx_lo='', icnx_hi='', diff_pct='', ok='no')
        b.TIMING_OK[r['network']] = r['ok'] == 'yes'
    for r in zrows:
        k = 'zero %s L%d' % (r['network'], r['flits'])
        if k in res:
            got = res[k]
            r['icnx'] = 'failed' if got is None else got.get(str(r['routers']), 'pending')

    # phase 2: every loaded point and saturation, the engine cases
    def loaded_task(r):
        def f():
            got = b.icnx_loaded(a.icnx, nets[r['network']], r['load'])
            return dict(mean=got['mean'], lo=got['lo'], hi=got['hi']) if got else None
        return f

    def sat_task(r):
        return lambda: b.icnx_saturation(a.icnx, nets[r['network']])
    es = [conv(r) for r in read('booksim-engine-saturation.csv')]
    el = [conv(r) for r in read('booksim-engine-loaded.csv')]
    cases = {c['name']: c for c in b.ENGINE_CASES}
    enets = {}
    for case in b.ENGINE_CASES:
        key = (case['net'], case.get('updown'))
        if key not in enets:
            spec = dict(next(n for n in b.NETWORKS if n['name'] == case['net']))
            if case.get('updown'):
                spec['updown'] = case['updown']
            enets[key] = b.Net(spec, a.icnx)

    def enet(case):
        return enets[(case['net'], case.get('updown'))]

    def eout(net):
        return 'sim' if net.spec['sim'][0].endswith('.yaml') else 'curve'

    def eload_task(r):
        case = cases[r['case']]
        net = enet(case)
        return lambda: point(csv_row(b.run_icnx(
            b.icnx_case(a.icnx, net, case, eout(net), r['load'] / case['L']))))

    def esat_task(r):
        case = cases[r['case']]

        def f():
            text = b.run_icnx(b.icnx_case(a.icnx, enet(case), case, 'saturation')) or ''
            for line in text.splitlines():
                x = line.split(',')
                if x[0] == 'saturation_load':
                    return float(x[1]) * case['L']
            return None
        return f
    t2 = [('loaded %s %s' % (r['network'], r['fraction']), loaded_task(r))
          for r in prev['l'] if r['network'] in nets] + \
        [('sat %s' % r['network'], sat_task(r)) for r in prev['s'] if r['network'] in nets] + \
        [('engine sat %s' % r['case'], esat_task(r)) for r in es if r['case'] in cases] + \
        [('engine %s %s' % (r['case'], r['fraction']), eload_task(r))
         for r in el if r['case'] in cases]
    res = rn.run(t2)
    for r in prev['l']:
        k = 'loaded %s %s' % (r['network'], r['fraction'])
        if k not in res:
            continue
        got = res[k]
        if got:
            r.update(icnx_mean=got['mean'], icnx_lo=got['lo'], icnx_hi=got['hi'],
                     diff_pct=pct(got['mean'], r['booksim_mean']))
        else:
            r.update(icnx_mean='failed', icnx_lo='', icnx_hi='', diff_pct='')
    for r in prev['s']:
        k = 'sat %s' % r['network']
        if k in res:
            r['icnx'] = res[k] if res[k] is not None else 'failed'
    for r in es + el:     # the command beside each row (not in the CSV files)
        case = cases.get(r['case'])
        if case:
            r['cmd'] = ' '.join(b.icnx_case('icnx', enet(case), case, 'saturation')
                                if r in es else
                                b.icnx_case('icnx', enet(case), case, eout(enet(case)),
                                            r['load'] / case['L']))
    for r in es:
        k = 'engine sat %s' % r['case']
        if k not in res:
            continue
        r['icnx'] = res[k] if res[k] is not None else 'failed'
        r['diff_pct'] = pct(res[k], r['booksim']) if res[k] is not None else ''
    for r in el:
        k = 'engine %s %s' % (r['case'], r['fraction'])
        if k not in res:
            continue
        got = res[k]
        if got:
            r.update(icnx_mean=got['mean'], icnx_lo=got['lo'], icnx_hi=got['hi'])
            r['diff_pct'] = pct(got['mean'], r['booksim_mean'])
            inside = r['booksim_lo'] <= got['mean'] <= r['booksim_hi']
            r['ok'] = 'yes' if abs(r['diff_pct']) <= 3 or inside else 'no'
        else:
            r.update(icnx_mean='failed', icnx_lo='', icnx_hi='', diff_pct='', ok='no')

    # every row with an icnx number was refreshed by this binary
    stale = [r['network'] for r in low if 'low %s' % r['network'] not in rn.done] + \
        ['%s L%s R%s' % (r['network'], r['flits'], r['routers']) for r in zrows
         if r['network'] in nets and nets[r['network']].spec['sim'][0].startswith('arnau')
         and 'zero %s L%d' % (r['network'], r['flits']) not in rn.done] + \
        ['%s %s' % (r['network'], r['fraction']) for r in prev['l']
         if 'loaded %s %s' % (r['network'], r['fraction']) not in rn.done] + \
        [r['network'] for r in prev['s'] if r['network'] in nets and
         'sat %s' % r['network'] not in rn.done] + \
        [r['case'] for r in es if 'engine sat %s' % r['case'] not in rn.done] + \
        ['%s %s' % (r['case'], r['fraction']) for r in el
         if 'engine %s %s' % (r['case'], r['fraction']) not in rn.done]
    note = ('icnx columns recomputed by `tests/validate/booksim_refresh.py` with %s (every '
            'zero-load minimum, low-load check, loaded point and saturation at the loads of '
            'the CSV files; the speed table\'s icnx timings are kept from their last run). '
            'BookSim\'s columns are kept: BookSim, its patch, its set-up and the networks '
            'icnx exports for it did not change since its runs (%s).'
            % (version or 'this icnx', BOOKSIM_RUNS))
    failed = sorted(k for k, v in rn.done.items() if v is None)
    if stale:
        note += ' **Not refreshed** (their last run\'s numbers): %s.' % ', '.join(stale)
    if failed:
        note += ' **Failed** (the cell says so): %s.' % ', '.join(failed)
    json.dump(dict(z=zrows, s=prev['s'], l=prev['l'], sp=prev['sp'], notes={}, low=low,
                   refreshed=note),
              open(os.path.join(b.WORK, 'booksim-results.json'), 'w'))
    json.dump(dict(s=es, l=el, runs=[], refreshed=note),
              open(os.path.join(b.WORK, 'booksim-engine.json'), 'w'))
    for args in (['--assemble'], ['--assemble', '--engine', '-']):
        subprocess.run([sys.executable, os.path.join(HERE, 'booksim.py'), '--icnx', a.icnx] +
                       args, check=True)
    b.log('refresh: %d icnx runs now, %d rows checked' % (rn.ran, len(rn.done)))
    if stale:
        b.log('refresh: NOT refreshed: %s' % ', '.join(stale))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
