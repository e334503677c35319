#!/usr/bin/env python3
"""star_refined_table.py: docs/models-star.md's table of the star's printed
and refined models (multiplex = worm, vbar and ps) against the simulation, at
10/30/50/70/80% of each system's simulated saturation, from make validate's
runs (build/validate/modelsim/kiasari-*.json, modelsim.py's cache: the
paper system, sim.injection = per-vc, and the one-port variant, single).
The models are evaluated here (no simulation), so the table is exactly the
report's simulation.  Prints the Markdown table.

Usage: python3 tests/validate/star_refined_table.py [--icnx ./icnx]
"""

import argparse
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..'))
sys.path.insert(0, HERE)
import simrun  # noqa: E402

PRESETS = ('kiasari-s5-v6', 'kiasari-s5-v9', 'kiasari-s5-v12')
SYSTEMS = (('single', 'single'), ('paper', 'per-vc'))


def cell(model, sim):
    if sim is None or not math.isfinite(sim.get('mean', math.nan)):
        return 'sim sat'
    if not math.isfinite(model):
        return 'sat'
    return '%+.0f' % (100.0 * (model - sim['mean']) / sim['mean'])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--icnx', default=os.path.join(ROOT, 'icnx'))
    a = ap.parse_args()
    os.chdir(ROOT)
    ic = simrun.Icnx(a.icnx)
    cache = os.path.join(ROOT, 'build', 'validate', 'modelsim')
    out = ['| preset, sim.injection | model | 10% | 30% | 50% | 70% | 80% | saturation vs sim |',
           '|---|---|---|---|---|---|---|---|']
    vers = set()
    for p in PRESETS:
        c = json.load(open(os.path.join(cache, p + '.json')))
        vers.add(c.get('version'))
        for key, name in SYSTEMS:
            s = c['systems'][key]
            loads, sims, sat = s['satloads'], s['satcurve'], s['sat']
            sets = s['sets']
            lam = ic.saturation(p, sets)
            rows = [('printed', ic.model_at(p, loads, sets), lam)]
            for mx in ('worm', 'vbar', 'ps'):
                st = sets + ['options.multiplex=%s' % mx]
                rs = ic.refined_saturation(p, st)
                rows.append(('refined, multiplex=%s' % mx, ic.refined_at(p, loads, st),
                             rs[0] if rs else math.nan))
            head = '%s %s (sim: lambda_sat %.4g; latency %s)' % (
                p[len('kiasari-'):], name, sat, '/'.join(
                    '%.0f' % x['mean'] if math.isfinite(x['mean']) else 'sat' for x in sims))
            for i, (what, m, ms) in enumerate(rows):
                out.append('| %s | %s | %s | %+.0f%% |' % (
                    head if i == 0 else '', what,
                    ' | '.join(cell(m[k], sims[k]) for k in range(len(loads))),
                    100.0 * (ms - sat) / sat))
    print('\n'.join(out))
    print('\nSimulated by %s; models by %s.' % (', '.join(sorted(v or '?' for v in vers)),
                                                 ic.version))
    return 0


if __name__ == '__main__':
    sys.exit(main())
