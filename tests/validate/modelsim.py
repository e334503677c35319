#!/usr/bin/env python3
"""modelsim.py: the analytical models against icnx's simulator (make validate).

For every network preset, simulated systems (SYSTEMS):
  paper     the default: the system the paper's model describes (star: V
            injection queues per node, Eq. 16; multi-cluster: concentrators
            and dispatchers that store whole messages, Eq. 32, the ECN1 exit
            drawn from P_r; every family: a channel held exactly M flit times);
  variants  each physical variant that applies (star sim.injection=single,
            multi-cluster sim.concentrator=cut-through and sim.ecn1_exit=roots,
            every family sim.release=next-cycle), and all of them together
            ("physical", where more than one applies).
For each system: the simulation at 10/30/50/70/90% of the model's saturation
lambda_g* (irregular presets, which have no model: of the paper system's
simulated saturation), its simulated saturation (the paper system's also
with LONG_MEASURED messages), and the simulation at 10/30/50/70/80% of that
simulated saturation.  The printed model and the
refined model (options.model = refined, which predicts whichever system is
simulated; any family that has it) are evaluated at assembly, so they cost no
simulation and a refined model that lands later appears on the next assembly.
Also: the held-out configurations (heldout.py: variants of the presets the
refined models were not designed on, each with its paper system and one
physical variant, at 10-80% of their simulated saturation), the readings the model offers as options, judged against the paper
system (readings.py), the multi-cluster light-load table and arnau's
correlation table.

Parts run separately: `--only PRESETS` runs those presets (or held-out
entries, by heldout.NAMES); every system of a
preset is kept in build/validate/modelsim/PRESET.json as soon as it is done, so
`--resume` continues where a run stopped and `--assemble` only writes the
report from what is there.  Writes docs/validation/modelsim-*.csv and
docs/validation/modelsim.md (modelsim_md.py).

Usage: python3 tests/validate/modelsim.py [--quick] [--icnx ./icnx] [--only a,b]
       [--resume | --assemble] [--no-report]
(tests/validate/regen.py runs the presets in parallel streams this way.)
"""

import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..'))
sys.path.insert(0, HERE)
import simrun        # noqa: E402
import readings      # noqa: E402
import modelsim_md   # noqa: E402
import heldout       # noqa: E402

FRACTIONS = (0.1, 0.3, 0.5, 0.7, 0.9)      # of lambda_g* (model presets)
SAT_FRACTIONS = (0.1, 0.3, 0.5, 0.7, 0.8)  # of each system's simulated saturation
# The simulated saturation rises with the measured window (the network's
# fill after the warm-up counts less): the paper system's is also searched
# with this many messages, the refined model's saturation judged on both.
LONG_MEASURED = 100000
PRESETS = [
    ('javadi-n544', 'multicluster'), ('javadi-n1120', 'multicluster'),
    ('sharifi-n592', 'multicluster'), ('sharifi-n1144', 'multicluster'),
    ('kiasari-s5-v6', 'star'), ('kiasari-s5-v9', 'star'), ('kiasari-s5-v12', 'star'),
    ('arnau-autonet10', 'irregular'), ('arnau-random16', 'irregular'),
    ('arnau-random24', 'irregular'),
]
# (key, what it models, --set): a variant applies where icnx accepts it
VARIANTS = [
    ('single', 'one-port nodes (one source queue at lambda_g, the port held for the '
     'message\'s network latency)', ['sim.injection=single']),
    ('cut-through', 'bufferless cut-through concentrators (a message waiting for the '
     'dispatcher keeps its link: head-of-line blocking)', ['sim.concentrator=cut-through']),
    ('roots', 'the concentrator attached at the ECN1 roots (n_i + 1 links out, not r drawn '
     'from P_r)', ['sim.ecn1_exit=roots']),
    ('next-cycle', 'M+1 channel holding (a virtual channel taken again the cycle after its '
     'tail left: a release/credit cycle)', ['sim.release=next-cycle']),
]
PAPER = ('paper', 'the paper\'s system (the default)', [])


def log(*a):
    print('[modelsim]', *a, file=sys.stderr, flush=True)


def systems(ic, preset):
    """[(key, what, sets)]: the paper system, each variant icnx accepts on
    this preset, and all of them together when more than one applies."""
    got = [v for v in VARIANTS if ic.accepts(preset, v[2])]
    out = [PAPER] + got
    if len(got) > 1:
        out.append(('physical', 'every physical variant above at once',
                    [s for v in got for s in v[2]]))
    return out


def load_cache(path):
    return json.load(open(path)) if os.path.exists(path) else {}


def save_cache(path, c):
    tmp = path + '.tmp'
    json.dump(c, open(tmp, 'w'))
    os.replace(tmp, path)


def run_preset(ic, preset, family, cfile, resume):
    """Simulate what `preset` still lacks in its cache file, saving after
    every part (so an interrupted run resumes there)."""
    c = load_cache(cfile) if resume else {}
    if c and c.get('version') != ic.version:
        log(preset, 'cache from another binary (%s): run again' % c.get('version'))
        c = {}
    c['version'] = ic.version
    c.setdefault('systems', {})
    t0 = time.time() - c.get('seconds', 0)
    c['family'] = family
    red0 = len(ic.reduced)
    fail0 = len(ic.failed)

    def keep():
        c['seconds'] = round(time.time() - t0)
        c['reduced'] = sorted(set(c.get('reduced', []) + ic.reduced[red0:]))
        c['failed'] = sorted(set(c.get('failed', []) + ic.failed[fail0:]))
        c['unavailable'] = {k: v for k, v in ic.unavailable.items()
                            if k == preset or k.startswith(preset + ' ')}
        save_cache(cfile, c)
    if family != 'irregular' and 'lam' not in c:
        c['lam'] = ic.saturation(preset)
        keep()
    for key, what, sets in systems(ic, preset):
        s = c['systems'].setdefault(key, {'sets': sets, 'what': what})
        label = preset if key == 'paper' else '%s %s' % (preset, key)
        if 'sat' not in s:
            log(preset, key, 'saturation')
            s['sat'] = ic.sim_saturation(preset, sets, label)
            keep()
        if family != 'irregular' and key == 'paper' and 'sat_long' not in s:
            log(preset, key, 'saturation with %d measured messages' % LONG_MEASURED)
            s['sat_long'] = ic.sim_saturation(preset, sets + ['sim.measured=%d' % LONG_MEASURED],
                                              label + ' (long window)')
            keep()
        if family == 'irregular' and key == 'paper':
            c['lam_sim'] = s['sat']
        base = c.get('lam') if family != 'irregular' else c.get('lam_sim')
        if 'curve' not in s and base:
            log(preset, key, 'curve at fractions of', base)
            s['loads'] = [f * base for f in FRACTIONS]
            s['curve'] = ic.sim_curve(preset, s['loads'], sets, label)
            keep()
        if 'satcurve' not in s and s['sat'] and family != 'irregular':
            log(preset, key, 'curve at fractions of its saturation', s['sat'])
            s['satloads'] = [f * s['sat'] for f in SAT_FRACTIONS]
            s['satcurve'] = ic.sim_curve(preset, s['satloads'], sets, label)
            keep()
    paper = c['systems']['paper']
    if family != 'irregular' and 'readings' not in c and paper.get('curve'):
        log(preset, 'readings')
        c['readings'] = readings.readings(ic, preset, family, c['lam'], paper['curve'])
        keep()
    if family == 'multicluster' and 'light' not in c:
        log(preset, 'light load')
        c['light'] = readings.light_load(ic, preset, c['lam'])
        keep()
    if family == 'irregular' and 'corr' not in c:
        log(preset, 'correlation')
        c['corr'] = readings.correlations(ic, preset, paper.get('sat'))
        keep()
    return c


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--quick', action='store_true',
                    help='a smoke test: 200 warm-up and 2000 measured messages a point')
    ap.add_argument('--icnx', default=os.path.join(ROOT, 'icnx'))
    ap.add_argument('--only', help='comma-separated presets to run (the others: as cached)')
    ap.add_argument('--assemble', action='store_true',
                    help='run nothing: write the report from build/validate/modelsim')
    ap.add_argument('--resume', action='store_true',
                    help='keep what build/validate/modelsim/*.json already holds (for this '
                         'binary: a preset simulated by another icnx --version runs again)')
    ap.add_argument('--no-report', action='store_true',
                    help='with --only: simulate, write no report (streams run in parallel; '
                         'the last step assembles)')
    a = ap.parse_args()
    cache = os.path.join(ROOT, 'build', 'validate', 'modelsim' + ('-quick' if a.quick else ''))
    os.makedirs(cache, exist_ok=True)
    os.chdir(ROOT)
    ic = simrun.Icnx(a.icnx, ['sim.warmup=200', 'sim.measured=2000'] if a.quick else None)
    t0 = time.time()
    only = set(a.only.split(',')) if a.only else None
    got = {}
    for preset, family in PRESETS:
        cfile = os.path.join(cache, preset + '.json')
        if a.assemble or (only and preset not in only):
            if os.path.exists(cfile):
                got[preset] = load_cache(cfile)
            continue
        log(preset)
        got[preset] = run_preset(ic, preset, family, cfile, a.resume)
    for name in heldout.NAMES:
        if a.assemble or (only and name not in only):
            continue
        log(name)
        heldout.run(ic, name, os.path.join(cache, name + '.json'), a.resume, log,
                    load_cache, save_cache)
    if a.no_report:
        return 0
    extra = readings.light_variants(ic, cache, a.resume or a.assemble or bool(only),
                                    run=not a.assemble and not only)
    held = heldout.load(cache, ic, load_cache, any_version=a.assemble)
    modelsim_md.write(ic, PRESETS, got, extra, ic.sim_sets, time.time() - t0,
                      assembled=a.assemble or bool(only) or a.resume, held=held)
    log('wrote docs/validation/modelsim.md')
    return 0


if __name__ == '__main__':
    sys.exit(main())
