#!/usr/bin/env python3
"""booksim_refresh.py: recompute the icnx columns of the BookSim tables
(docs/validation/booksim*.csv, booksim.md, booksim-engine.md) with this icnx,
keeping BookSim's own results (BookSim is deterministic for a seed, and its
runs take most of booksim.py's hour).  For when the simulator changed and
BookSim did not: every icnx mean, interval and saturation of the loaded,
low-load, saturation and engine tables is run again at the load the CSV
holds; zero-load (exact integers) and speed (timings, helper "speed") are kept.

Usage: python3 tests/validate/booksim_refresh.py [--icnx ./icnx]
Then the Markdown pieces are rewritten by booksim.py's own assembly.
"""

import argparse
import csv
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import booksim as b  # noqa: E402


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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--icnx', default=os.path.join(b.ROOT, 'icnx'))
    a = ap.parse_args()
    os.chdir(b.ROOT)
    os.makedirs(b.WORK, exist_ok=True)
    b.MODE_ON = b.icnx_booksim_mode(a.icnx)
    nets = {n['name']: b.Net(dict(n), a.icnx) for n in b.NETWORKS if n.get('sim')}
    prev = b.previous_from_csv()
    low = [conv(r) for r in read('booksim-low-load.csv')]
    for r in low:
        row, _ = b._icnx_run(a.icnx, nets[r['network']], b.LOADED_FLITS,
                             r['load'] / b.LOADED_FLITS)
        if row:
            r.update(icnx_mean=b._num(row, 'sim_latency'), icnx_lo=b._num(row, 'sim_lower'),
                     icnx_hi=b._num(row, 'sim_upper'))
            r['diff_pct'] = pct(r['icnx_mean'], r['T0_mean'])
            r['ok'] = 'yes' if abs(r['diff_pct']) <= 2 else 'no'
    for r in prev['l']:
        got = b.icnx_loaded(a.icnx, nets[r['network']], r['load'])
        if got:
            r.update(icnx_mean=got['mean'], icnx_lo=got['lo'], icnx_hi=got['hi'],
                     diff_pct=pct(got['mean'], r['booksim_mean']))
        b.log('loaded', r['network'], r['fraction'], r['icnx_mean'])
    for r in prev['s']:
        if r['network'] in nets:
            r['icnx'] = b.icnx_saturation(a.icnx, nets[r['network']])
    json.dump(dict(z=prev['z'], s=prev['s'], l=prev['l'], sp=prev['sp'], notes={}, low=low),
              open(os.path.join(b.WORK, 'booksim-results.json'), 'w'))
    # the engine cases
    es = [conv(r) for r in read('booksim-engine-saturation.csv')]
    el = [conv(r) for r in read('booksim-engine-loaded.csv')]
    enets = {}
    for case in b.ENGINE_CASES:
        key = (case['net'], case.get('updown'))
        if key not in enets:
            spec = dict(next(n for n in b.NETWORKS if n['name'] == case['net']))
            if case.get('updown'):
                spec['updown'] = case['updown']
            enets[key] = b.Net(spec, a.icnx)
        net = enets[key]
        out = 'sim' if net.spec['sim'][0].endswith('.yaml') else 'curve'
        for r in el:
            if r['case'] != case['name']:
                continue
            text = b.run_icnx(b.icnx_case(a.icnx, net, case, out, r['load'] / case['L']))
            if not text:
                continue
            lines = text.strip().splitlines()
            row = dict(zip(lines[0].split(','), lines[-1].split(',')))
            r.update(icnx_mean=b._num(row, 'sim_latency'), icnx_lo=b._num(row, 'sim_lower'),
                     icnx_hi=b._num(row, 'sim_upper'))
            r['diff_pct'] = pct(r['icnx_mean'], r['booksim_mean'])
            inside = r['booksim_lo'] <= r['icnx_mean'] <= r['booksim_hi']
            r['ok'] = 'yes' if abs(r['diff_pct']) <= 3 or inside else 'no'
            r['cmd'] = ' '.join(b.icnx_case('icnx', net, case, out, r['load'] / case['L']))
            b.log('engine', case['name'], r['fraction'], r['icnx_mean'])
        for r in es:
            if r['case'] == case['name']:
                text = b.run_icnx(b.icnx_case(a.icnx, net, case, 'saturation')) or ''
                for line in text.splitlines():
                    f = line.split(',')
                    if f[0] == 'saturation_load':
                        r['icnx'] = float(f[1]) * case['L']
                        r['diff_pct'] = pct(r['icnx'], r['booksim'])
                r['cmd'] = ' '.join(b.icnx_case('icnx', net, case, 'saturation'))
    json.dump(dict(s=es, l=el, runs=[]), open(os.path.join(b.WORK, 'booksim-engine.json'), 'w'))
    rev = subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], stdout=subprocess.PIPE,
                         text=True).stdout.strip()
    for args in (['--assemble'], ['--assemble', '--engine', '-']):
        subprocess.run([sys.executable, os.path.join(HERE, 'booksim.py'), '--icnx', a.icnx] +
                       args, check=True)
    for name in ('booksim.md', 'booksim-engine.md'):
        p = os.path.join(b.OUT, name)
        text = open(p).read().rstrip('\n')
        text += ('\n\nicnx columns recomputed on %s by `tests/validate/booksim_refresh.py` '
                 '(the icnx runs again at the loads of the CSV files); BookSim\'s columns are '
                 'those of its last run.\n' % rev)
        open(p, 'w').write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main())
