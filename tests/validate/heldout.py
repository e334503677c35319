#!/usr/bin/env python3
"""heldout.py: the refined models on configurations nobody designed them on.

Issue 20 judges a refined model on the presets *and* on variants it was not
tuned on (another message length, V, cluster mix or theta).  Each entry of
HELDOUT is a preset with --set changes (the base) and the systems to simulate
on it (the paper system and the physical variant the refined model must
predict); for each system: the simulated saturation and the simulation at
10/30/50/70/80% of it (modelsim.SAT_FRACTIONS), the same run length and
seeds as every other row of the report.  The printed and refined models are
evaluated at assembly (modelsim_md), so they cost no simulation.

Results are cached in build/validate/modelsim/NAME.json under the binary's
version, saved after every part (--resume continues there); modelsim.py
--only NAME runs one entry, as regen.py's streams do.
"""

import json
import os
import time

SYSTEM_SETS = {
    'paper': [],
    'single': ['sim.injection=single'],
    'cut-through': ['sim.concentrator=cut-through'],
    'next-cycle': ['sim.release=next-cycle'],
}

# (name, preset, family, what, base --set, systems): none of these was
# looked at while the refined models were designed (presets only).
HELDOUT = [
    ('kiasari-s5-v6-M64', 'kiasari-s5-v6', 'star',
     'S5, V = 6, M = 64 flits (the paper\'s second Figure 1 curve)', ['M=64'],
     ['paper', 'single']),
    ('kiasari-s5-V4', 'kiasari-s5-v6', 'star',
     'S5, V = 4 (V1 = 1 adaptive, V2 = 3 negative-hop), M = 32', ['V=4'],
     ['paper', 'single']),
    ('kiasari-s4-V4', 'kiasari-s5-v6', 'star',
     'S4 (24 nodes), V = 4, M = 32', ['n=4', 'V=4'], ['paper']),
    ('kiasari-s6-V6', 'kiasari-s5-v6', 'star',
     'S6 (720 nodes), V = 6, M = 32', ['n=6', 'V=6'], ['paper']),
    ('javadi-n544-M64', 'javadi-n544', 'multicluster',
     'javadi N = 544 with M = 64 flits', ['traffic.message_length=64'],
     ['paper', 'cut-through']),
    ('sharifi-n592-theta0.3', 'sharifi-n592', 'multicluster',
     'sharifi N = 592, transpose with theta = 0.3 (the preset: 0.7)', ['traffic.theta=0.3'],
     ['paper', 'cut-through']),
]
NAMES = [h[0] for h in HELDOUT]


def entry(name):
    return next(h for h in HELDOUT if h[0] == name)


def run(ic, name, cfile, resume, log, load_cache, save_cache):
    """Simulate what entry `name` still lacks in its cache file."""
    from modelsim import SAT_FRACTIONS
    _, preset, family, what, base, systems = entry(name)
    c = load_cache(cfile) if resume else {}
    if c and c.get('version') != ic.version:
        log(name, 'cache from another binary (%s): run again' % c.get('version'))
        c = {}
    c.update(version=ic.version, preset=preset, family=family, what=what, base=base)
    c.setdefault('systems', {})
    t0 = time.time() - c.get('seconds', 0)

    def keep():
        c['seconds'] = round(time.time() - t0)
        save_cache(cfile, c)
    if 'lam' not in c:
        c['lam'] = ic.saturation(preset, base)
        keep()
    for key in systems:
        sets = base + SYSTEM_SETS[key]
        s = c['systems'].setdefault(key, {'sets': sets})
        label = '%s %s' % (name, key)
        if 'sat' not in s:
            log(name, key, 'saturation')
            s['sat'] = ic.sim_saturation(preset, sets, label)
            keep()
        if 'satcurve' not in s and s['sat']:
            log(name, key, 'curve at fractions of its saturation', s['sat'])
            s['satloads'] = [f * s['sat'] for f in SAT_FRACTIONS]
            s['satcurve'] = ic.sim_curve(preset, s['satloads'], sets, label)
            keep()
    return c


def load(cache_dir, ic, load_cache, any_version=False):
    """{name: cache} of the entries this binary has simulated (any_version:
    whatever binary did, as modelsim --assemble takes the presets; the
    report names the binaries)."""
    got = {}
    for name in NAMES:
        f = os.path.join(cache_dir, name + '.json')
        if os.path.exists(f):
            c = load_cache(f)
            if any_version or c.get('version') == ic.version:
                got[name] = c
    return got


def rows(ic, got, pct, err_text, err_range, sim_cells):
    """(per-point rows, per-system summary rows) for the report."""
    from modelsim import SAT_FRACTIONS
    points, summ = [], []
    for name in NAMES:
        c = got.get(name)
        if not c:
            continue
        preset, base = c['preset'], c['base']
        for key, s in c['systems'].items():
            sets = s['sets']
            rs = ic.refined_saturation(preset, sets)
            rsat, r95 = rs if rs else (None, None)
            sl = s.get('satloads')
            errs_p, errs_r = [], []
            if sl:
                sims = s.get('satcurve') or [None] * len(sl)
                pm = ic.model_at(preset, sl, base)
                rf = ic.refined_at(preset, sl, sets)
                for k, f in enumerate(SAT_FRACTIONS):
                    elo, ehi = err_range(pm[k], sims[k])
                    ep, er = err_text(pm[k], sims[k]), err_text(rf[k], sims[k]) if rf else None
                    points.append(dict(preset=name, system=key, fraction=f, load=sl[k],
                                       model=pm[k], error_pct=ep, error_lo=elo, error_hi=ehi,
                                       refined=rf[k] if rf else 'none',
                                       refined_error=er if rf else 'none',
                                       **sim_cells(sims[k])))
                    errs_p.append(ep)
                    if rf:
                        errs_r.append(er)
            summ.append(dict(preset=name, what=c['what'], sets=' '.join(base + SYSTEM_SETS[key]),
                             system=key, sim=s.get('sat'), lam=c['lam'],
                             lam_diff=pct(c['lam'], s.get('sat')),
                             refined=rsat, refined_diff=pct(rsat, s.get('sat')),
                             refined_95=r95, refined_95_diff=pct(r95, s.get('sat')),
                             errs_printed=errs_p, errs_refined=errs_r))
    return points, summ


def save_json(path, obj):
    tmp = path + '.tmp'
    json.dump(obj, open(tmp, 'w'))
    os.replace(tmp, path)
