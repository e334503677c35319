"""readings.py: the validation's side questions about one preset, measured
with simrun.Icnx (modelsim.py runs them, modelsim_md.py reports them):

  readings     every reading the model offers as an option (the preset's
               `options`, the star's V1/V2 split), and the traffic mix the
               model reduces to its mean, judged against the paper system:
                 supported = the reading's model lies inside the simulation's
                 95% interval at every point of 10-70% of lambda_g*, or its
                 mean absolute error there is at least 2 points below every
                 other value's;
  light_load   the multi-cluster's two silent readings at 1% of lambda_g*
               (options.stage0; sim.ecn1_exit model or roots);
  correlations arnau's claim, Pearson r of the simulated per-pair latency
               against T_ij, route length and graph distance.
"""

import csv
import io
import json
import math
import os
import re

DECIDE = (0.1, 0.3, 0.5, 0.7)          # the loads a reading is judged on
CORR_FRACTIONS = (0.1, 0.3, 0.5, 0.7)
LIGHT_FRACTION = 0.01
# Unequal node and switch link times, where stage 0's two readings part:
# a variant of a preset (t_cn of ICN1 doubled: 0.872 = 4 quanta of 0.218).
LIGHT_VARIANTS = [('sharifi-n592', 'ICN1 t_cn = 2 t_cs = 0.872', ['network.icn1.t_cn=0.872'])]


def err_pct(model, sim):
    """(model - simulation) / simulation in %, or None where either is not
    a finite number."""
    if sim is None or model is None or not isinstance(model, float) or \
            math.isinf(model) or math.isnan(model):
        return None
    m = sim.get('mean')
    if m in (None, 0) or math.isinf(m) or math.isnan(m):
        return None
    return 100.0 * (model - m) / m


def err_text(model, sim):
    """The error cell: a number, or why there is none."""
    if sim is None:
        return None
    if model is None:
        return 'no model'
    if sim.get('refused'):
        return 'simulation failed'
    if math.isinf(sim['mean']):
        return 'sim saturated'
    if isinstance(model, float) and math.isinf(model):
        return 'model saturated'
    return err_pct(model, sim)


def judge(values, vsims):
    """values: {value: [model at DECIDE loads]}, vsims: {value: [simulated
    point at the same loads]}; returns (supported values, {value: mean
    |error|})."""
    if not vsims or any(not vsims.get(v) or any(s is None for s in vsims[v]) for v in values):
        return None, {}
    keep = [k for k in range(len(DECIDE))
            if all(err_pct(values[v][k], vsims[v][k]) is not None for v in values)]
    if len(keep) < 2:
        return ['undecided: the simulation saturates below 50% of lambda_g*'], {}
    mae, inside = {}, {}
    for v, ms in values.items():
        sims = vsims[v]
        errs = [err_pct(ms[k], sims[k]) for k in keep]
        mae[v] = sum(abs(e) for e in errs) / len(errs)
        inside[v] = all(sims[k]['lo'] <= ms[k] <= sims[k]['hi'] for k in keep)
    sup = [v for v in values if inside[v] or
           all(mae[v] <= mae[o] - 2.0 for o in values if o != v)]
    if len(keep) < len(DECIDE):
        sup = [s + ' (up to %d%%)' % round(100 * DECIDE[keep[-1]]) for s in sup] or \
            ['none (up to %d%%)' % round(100 * DECIDE[keep[-1]])]
    return sup, mae


def _fmt(v):
    return '%.4g' % v if isinstance(v, float) else 'n/a'


def mix_variant(dump):
    """traffic.mix: the preset's mix of lengths, or every message of the
    mix's mean length (the only length the model uses); [] when the preset
    has one length."""
    lens = [float(x) for x in re.findall(r'^\s+- length:\s*([0-9.e+-]+)', dump, re.M)]
    probs = [float(x) for x in re.findall(r'^\s+prob:\s*([0-9.e+-]+)', dump, re.M)]
    if len(set(lens)) > 1 and len(lens) == len(probs):
        mean = sum(l * p for l, p in zip(lens, probs))
        if abs(mean - round(mean)) < 1e-9:
            return [('traffic.mix', 'mix', [
                ('mix', []),
                ('mean', ['traffic.mix.%d.length=%d' % (i, round(mean))
                          for i in range(len(lens))])])]
    return []


def readings(ic, preset, family, lam, paper_curve):
    """The readings of one model preset against its paper system: dict(r =
    per value and load rows, v = one verdict per reading)."""
    dl = [f * lam for f in DECIDE]
    dsims = paper_curve[:len(DECIDE)]
    rows, verdicts = [], []
    opts = ic.options(preset)
    if family == 'star':
        summ = ic.summary(preset)
        V = int(summ['virtual_channels']['value'])
        v2_min = int(summ['negative_hops']['value'])
        splits = list(range(v2_min, V))
        if len(splits) > 3:      # the fewest escape levels, the middle, the most
            splits = [splits[0], splits[len(splits) // 2], splits[-1]]
        opts.append(('V2', 'auto', ['auto'] + [str(k) for k in splits]))
    for path, default, vals in opts:
        values, vsims = {}, {}
        for v in vals:
            try:
                values[v] = ic.model_at(preset, dl, ['%s=%s' % (path, v)])
            except RuntimeError:
                continue
            # the V1/V2 split changes the simulated network too: each value
            # is judged against its own simulation
            vsims[v] = (ic.sim_curve(preset, dl, ['%s=%s' % (path, v)],
                                     '%s %s=%s' % (preset, path, v))
                        if path == 'V2' and v != 'auto' else dsims)
        if len(values) < 2:
            continue
        same = all(values[v] == values[vals[0]] for v in values)
        sup, mae = judge(values, vsims)
        if same:
            sup = ['no effect on this preset']
        _collect(rows, verdicts, preset, path, default, values, vsims, dl, sup, mae)
    # a reading of the simulation: the model (defaults) against each
    # simulated traffic; the one it matches is the reading it supports
    mdef = ic.model_at(preset, dl)
    for name, default, variants in mix_variant(ic.run(preset, ['--dump-config']).stdout):
        values, vsims = {}, {}
        for v, sets in variants:
            values[v] = mdef
            vsims[v] = dsims if not sets else ic.sim_curve(preset, dl, sets,
                                                           '%s %s=%s' % (preset, name, v))
        sup, mae = judge(values, vsims)
        _collect(rows, verdicts, preset, 'simulated ' + name, default, values, vsims, dl,
                 sup, mae)
    return dict(r=rows, v=verdicts)


def _collect(rows, verdicts, preset, option, default, values, vsims, dl, sup, mae):
    for v, ms in values.items():
        for f, x, m, s in zip(DECIDE, dl, ms, vsims.get(v) or [None] * len(dl)):
            rows.append(dict(preset=preset, option=option, value=v,
                             default='yes' if v == default else 'no', fraction=f, load=x,
                             model=m, sim_mean=s and s['mean'], error_pct=err_text(m, s)))
    verdicts.append(dict(preset=preset, option=option, default=default,
                         values=' / '.join(values),
                         mae=(' / '.join(_fmt(mae.get(v)) for v in values) if mae else 'n/a'),
                         supported=(', '.join(sup) if sup else 'none') if sup is not None
                         else None))


def light_load(ic, preset, lam, sets=(), label=None):
    """The two silent multi-cluster readings at 1% of lambda_g*, where the
    journey is all there is: the model with stage 0 served in M t_cs
    (printed) and as a node link (node-link), against the simulation with the
    concentrator at the ECN1 roots (roots) and with the model's exit level
    drawn from P_r (model).  One row, or None when this icnx lacks either."""
    if not (ic.accepts(preset, ['options.stage0=node-link']) and
            ic.accepts(preset, ['sim.ecn1_exit=roots'])):
        return None
    sets = list(sets)
    x = LIGHT_FRACTION * lam
    mp = ic.model_at(preset, [x], sets)[0]
    mn = ic.model_at(preset, [x], sets + ['options.stage0=node-link'])[0]
    sr = (ic.sim_curve(preset, [x], sets + ['sim.ecn1_exit=roots']) or [None])[0]
    sm = (ic.sim_curve(preset, [x], sets + ['sim.ecn1_exit=model']) or [None])[0]
    if sr is None or sm is None:
        return None
    return dict(preset=label or preset, load=x, model_printed=mp, model_node_link=mn,
                sim_roots=sr['mean'], sim_roots_lo=sr['lo'], sim_roots_hi=sr['hi'],
                sim_model=sm['mean'], sim_model_lo=sm['lo'], sim_model_hi=sm['hi'],
                stage0_gap=mp - mn, exit_gap=sr['mean'] - sm['mean'])


def light_variants(ic, cache, reuse, run):
    """The light-load rows of LIGHT_VARIANTS (kept in _light_variants.json
    under the binary's version; computed only on a full run, `run`)."""
    vfile = os.path.join(cache, '_light_variants.json')
    if reuse and os.path.exists(vfile):
        got = json.load(open(vfile))
        if isinstance(got, dict) and got.get('version') == ic.version:
            return got['rows']
    if not run:
        return []
    extra = []
    for preset, what, sets in LIGHT_VARIANTS:
        z = light_load(ic, preset, ic.saturation(preset, sets), sets, '%s, %s' % (preset, what))
        if z:
            extra.append(z)
    json.dump(dict(version=ic.version, rows=extra), open(vfile, 'w'))
    return extra


def correlations(ic, preset, s_sat):
    """arnau's claim per irregular preset: Pearson r of the simulated
    per-switch-pair latency (from injection) against the equivalent
    distance, the shortest legal route length, the plain graph distance,
    and of the per-distance means weighted by occurrence (-o correlation),
    at the preset's default per-pair load (sim.load) and at 10-70% of the
    simulated saturation, with the preset's own run length (a per-pair mean
    needs more messages than the curve's mean)."""
    rows = []
    for f in (None,) + CORR_FRACTIONS:
        args = ['-o', 'correlation', '-f', 'csv']
        if f is not None:
            if not s_sat:
                continue
            args += ['--at', repr(f * s_sat)]
        r = ic.run(preset, args, ic.sim_sets if ic.quick else (), check=False)
        if r.returncode != 0:
            continue
        got = {w['against']: w for w in csv.DictReader(io.StringIO(r.stdout))}
        if not got:
            continue
        any_row = next(iter(got.values()))
        rows.append(dict(preset=preset, fraction='default' if f is None else f,
                         load=float(any_row['load']), accepted=float(any_row['accepted']),
                         r_distance=float(got['distance']['r']), r_length=float(got['length']['r']),
                         r_hops=float(got['hops']['r']), r_means=float(got['by-distance']['r']),
                         saturated=any_row['saturated']))
    return rows
