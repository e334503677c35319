#!/usr/bin/env python3
"""modelsim.py: the analytical models against icnx's simulator (make validate).

For every network preset: the model's saturation load lambda_g* (-o summary),
the model and the simulation at 10, 30, 50, 70 and 90% of it (-o curve --sim):
mean, 95% interval, error of the model in percent of the simulated mean; the
simulated saturation load against the model's.  For every reading the model
offers as an option (the `options` section of the preset, and the star's V2
split), the model's error under each value at the same loads, and which
value the simulation supports:

  supported = the reading's model value lies inside the simulation's 95%
              interval at every point of 10-70%, or its mean absolute error
              over 10-70% is at least 2 percentage points smaller than every
              other value's.

Irregular presets have no latency model: their simulated curve and
saturation are reported alone.  Writes docs/validation/modelsim-*.csv and
docs/validation/modelsim.md.  Everything is computed by ./icnx --batch, so
every number is reproducible with the command printed beside it.

Usage: python3 tests/validate/modelsim.py [--quick] [--icnx ./icnx]
"""

import argparse
import csv
import io
import json
import math
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..'))
OUT = os.path.join(ROOT, 'docs', 'validation')
sys.path.insert(0, HERE)
import readings_text  # noqa: E402  (the per-model paragraphs)

FRACTIONS = (0.1, 0.3, 0.5, 0.7, 0.9)
DECIDE = (0.1, 0.3, 0.5, 0.7)          # the loads a reading is judged on
PRESETS = [
    ('javadi-n544', 'multicluster'), ('javadi-n1120', 'multicluster'),
    ('sharifi-n592', 'multicluster'), ('sharifi-n1144', 'multicluster'),
    ('kiasari-s5-v6', 'star'), ('kiasari-s5-v9', 'star'), ('kiasari-s5-v12', 'star'),
    ('arnau-autonet10', 'irregular'), ('arnau-random16', 'irregular'),
    ('arnau-random24', 'irregular'),
]


def log(*a):
    print('[modelsim]', *a, file=sys.stderr, flush=True)


class Icnx:
    def __init__(self, exe):
        self.exe = exe

    def run(self, preset, args, sets=(), check=True):
        cmd = [self.exe, '--batch', 'presets/%s.yaml' % preset] + list(args)
        for s in sets:
            cmd += ['--set', s]
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if check and r.returncode != 0:
            raise RuntimeError('%s: %s' % (' '.join(cmd), r.stderr.strip()))
        return r

    def csv(self, preset, args, sets=()):
        r = self.run(preset, args + ['-f', 'csv'], sets)
        return list(csv.DictReader(io.StringIO(r.stdout)))

    def summary(self, preset, sets=()):
        return {row['quantity']: row for row in self.csv(preset, ['-o', 'summary'], sets)}

    def saturation(self, preset, sets=()):
        return float(self.summary(preset, sets)['saturation_load']['value'])

    def model_at(self, preset, loads, sets=()):
        """The model's latency at each load (inf when saturated)."""
        out = []
        for x in loads:   # one point per call: --load needs FROM < TO
            rows = self.csv(preset, ['-o', 'curve', '--load', '%r:%r:2' % (x * 0.5, x)], sets)
            v = rows[-1]['latency']
            out.append(math.inf if v in ('inf', '') else float(v))
        return out

    def options(self, preset):
        """[(path, [values...])] of the enumerated readings in `options`."""
        dump = self.run(preset, ['--dump-config']).stdout
        m = re.search(r'^options:.*\n((?:[ \t]+.*\n)+)', dump, re.M)
        found = []
        for line in (m.group(1).splitlines() if m else []):
            k = re.match(r'\s+([a-z_0-9]+):\s*([^\s#]+)', line)
            if not k:
                continue
            path = 'options.' + k.group(1)
            r = self.run(preset, ['--check', '--set', path + '=__none__'], check=False)
            allowed = re.search(r'allowed: ([^)]*)\)', r.stderr)
            vals = [v.strip() for v in allowed.group(1).split(',')] if allowed else []
            if len(vals) >= 2 and all(re.match(r'^[a-z][a-z0-9_-]*$', v) for v in vals):
                found.append((path, k.group(2), vals))
        return found


# ---------------------------------------------------------------- sim hook
#
# SIM HOOK.  The simulator (src/sim, engineer "sim") adds `-o curve --sim`
# with typed columns (mean, lower and upper 95% bounds, accepted load,
# messages measured).  Until that is on main this returns None and the
# report says "pending".

SIM_UNAVAILABLE = {}      # preset -> the reason icnx gave
REDUCED = []              # runs redone with REDUCED_MEASURED (the work limit)
REDUCED_MEASURED = 5000
NOT_RUN = []              # presets this report did not get to (--assemble)
# The simulator's run length for this report, fixed here (not the presets'
# defaults) so that the run stays within tens of minutes and says what it did.
SIM_SETS = ['sim.warmup=2000', 'sim.measured=20000']


def _sim_rows(icnx, preset, out, loads, sets=()):
    """Simulated columns at evenly spaced loads (one icnx call, -j 2)."""
    n = len(loads)
    if n > 1:
        step = (loads[-1] - loads[0]) / (n - 1)
        assert all(abs(loads[0] + k * step - x) <= 1e-9 * x for k, x in enumerate(loads))
        spec = '%r:%r:%d' % (loads[0], loads[-1], n)
    else:
        spec = '%r:%r:1' % (loads[0], loads[0])
    sets = SIM_SETS + [s for s in sets if not s.startswith('sim.measured=')] + \
        [s for s in sets if s.startswith('sim.measured=')]
    base = ['-o', out] + (['--sim'] if out == 'curve' and not preset.startswith('arnau')
                          else []) + ['--load', spec, '-f', 'csv']
    r = icnx.run(preset, base + ['-j', '2'], sets, check=False)

    def num(v):
        return math.inf if v in ('inf', '') else float(v)

    def row(w):
        return dict(mean=num(w['sim_latency']), lo=num(w['sim_lower']), hi=num(w['sim_upper']),
                    accepted=float(w['sim_accepted']), messages=float(w['sim_messages']),
                    load=float(w['load']))
    if r.returncode == 2 and 'limit' in r.stderr and n > 1:
        # a point beyond the simulator's work limit (icnx.yaml(5) LIMITS)
        # refuses the whole sweep: run the points one by one, each with its
        # own stream (--points k:k), and mark the refused one
        out_rows, header = [], None
        for k in range(n):
            rk = icnx.run(preset, base + ['--points', '%d:%d' % (k, k)], sets, check=False)
            lines = rk.stdout.strip().splitlines() if rk.returncode == 0 else []
            if lines and k == 0:
                header = lines[0]          # later pieces print no header
            got = list(csv.DictReader(io.StringIO(header + '\n' + lines[-1]))) \
                if lines and header else []
            if not got and rk.returncode == 2 and 'limit' in rk.stderr:
                # the same point with fewer measured messages (same stream)
                small = [x for x in sets if not x.startswith('sim.measured=')] + \
                    ['sim.measured=%d' % REDUCED_MEASURED]
                rk = icnx.run(preset, base + ['--points', '%d:%d' % (k, k)], small,
                              check=False)
                lines = rk.stdout.strip().splitlines() if rk.returncode == 0 else []
                got = list(csv.DictReader(io.StringIO(header + '\n' + lines[-1]))) \
                    if lines and header else []
                if got:
                    REDUCED.append('%s at load %.4g (sim.measured=%d)' % (
                        preset, loads[k], REDUCED_MEASURED))
            if got:
                out_rows.append(row(got[-1]))
            else:
                log('  %s point %d: %s' % (preset, k, rk.stderr.strip().splitlines()[-1:]))
                out_rows.append(dict(mean=math.nan, lo=math.nan, hi=math.nan,
                                     accepted=math.nan, messages=math.nan,
                                     load=loads[k], refused=True))
        return out_rows
    if r.returncode != 0:
        SIM_UNAVAILABLE[preset] = (r.stderr.strip().splitlines() or ['failed'])[-1]
        return None
    return [row(w) for w in csv.DictReader(io.StringIO(r.stdout))]


def sim_curve(icnx, preset, loads, sets=()):
    """[dict(mean, lo, hi, accepted, messages)] per load, or None when this
    icnx cannot simulate the preset's family."""
    return _sim_rows(icnx, preset, 'curve', loads, sets)


def sim_saturation(icnx, preset, sets=()):
    """The simulated saturation load (messages/node/time unit) from the
    product's `-o saturation` (every network family: the lowest load whose
    accepted load falls below 95% of the offered, bisection in 8 halvings;
    the star and irregular families start from their channel-load bound,
    the multi-cluster family from the model's saturation, probed first and
    doubled while sustained), with this report's run length."""
    r = icnx.run(preset, ['-o', 'saturation', '-f', 'csv'], SIM_SETS + list(sets), check=False)
    for fewer in (['sim.measured=%d' % REDUCED_MEASURED], ['sim.warmup=1000', 'sim.measured=2000']):
        if not (r.returncode == 2 and 'limit' in r.stderr):
            break
        # probes beyond the simulator's work limit: fewer messages
        r = icnx.run(preset, ['-o', 'saturation', '-f', 'csv'], SIM_SETS + list(sets) + fewer,
                     check=False)
        if r.returncode == 0:
            REDUCED.append('%s saturation search (%s)' % (preset, ', '.join(fewer)))
    if r.returncode != 0:
        SIM_UNAVAILABLE[preset] = (r.stderr.strip().splitlines() or ['failed'])[-1]
        return None
    for w in csv.DictReader(io.StringIO(r.stdout)):
        if w['quantity'] == 'saturation_load':
            return float(w['value'])
    return None


def accepts(icnx, preset, assignment):
    """Does this icnx accept --set assignment on preset (an option that may
    not have landed yet)?"""
    return icnx.run(preset, ['--check', '--set', assignment], check=False).returncode == 0


def sim_variants(icnx, preset, dump):
    """The readings that change the simulated network or traffic, not the
    model: [(name, default value, [(value, --set assignments)])].  The model
    is the same under each; the question is which simulation it matches.
      sim.ecn1_exit  roots (a physical attachment of the concentrator) or
                     model (exit after r links drawn from P_r, Eqs. 22-23);
      traffic.mix    the mix of message lengths, or every message of the
                     mix's mean length (the only length the model uses)."""
    out = []
    if accepts(icnx, preset, 'sim.ecn1_exit=model'):
        out.append(('sim.ecn1_exit', 'roots', [('roots', []), ('model', ['sim.ecn1_exit=model'])]))
    lens = [float(x) for x in re.findall(r'^\s+- length:\s*([0-9.e+-]+)', dump, re.M)]
    probs = [float(x) for x in re.findall(r'^\s+prob:\s*([0-9.e+-]+)', dump, re.M)]
    if len(set(lens)) > 1 and len(lens) == len(probs):
        mean = sum(l * p for l, p in zip(lens, probs))
        if abs(mean - round(mean)) < 1e-9:
            out.append(('traffic.mix', 'mix', [
                ('mix', []),
                ('mean', ['traffic.mix.%d.length=%d' % (i, round(mean)) for i in range(len(lens))])]))
    return out


CORR_FRACTIONS = (0.1, 0.3, 0.5, 0.7)


def correlations(icnx, preset, s_sat):
    """arnau's claim per irregular preset: Pearson r of the simulated
    per-switch-pair latency (from injection) against the equivalent
    distance, the shortest legal route length, the plain graph distance,
    and of the per-distance means weighted by occurrence (-o correlation),
    at the preset's default per-pair load (sim.load) and at 10-70% of the
    simulated saturation.  Rows: dict(preset, fraction, load, accepted,
    r_distance, r_length, r_hops, r_means, saturated)."""
    rows = []
    for f in (None,) + CORR_FRACTIONS:
        args = ['-o', 'correlation', '-f', 'csv']
        if f is not None:
            if not s_sat:
                continue
            args += ['--at', repr(f * s_sat)]
        # the preset's own run length (50000 measured messages): a per-pair
        # mean needs more messages than the curve's mean
        r = icnx.run(preset, args, check=False)
        if r.returncode != 0:
            log('  correlation %s: %s' % (f, r.stderr.strip()))
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


CORR_ROWS = []
LIGHT_ROWS = []
LIGHT_FRACTION = 0.01


# Unequal node and switch link times, where stage 0's two readings part:
# a variant of a preset (t_cn of ICN1 doubled: 0.872 = 4 quanta of 0.218).
LIGHT_VARIANTS = [('sharifi-n592', 'ICN1 t_cn = 2 t_cs = 0.872', ['network.icn1.t_cn=0.872'])]


def light_load(icnx, preset, lam, sets=(), label=None):
    """The two silent multi-cluster readings at 1% of lambda_g*, where the
    journey is all there is: the model with stage 0 served in M t_cs
    (printed) and as a node link (node-link), against the simulation with
    the concentrator at the ECN1 roots (roots) and with the model's exit
    level drawn from P_r (model).  One row, or None when this icnx lacks
    either option."""
    if not (accepts(icnx, preset, 'options.stage0=node-link') and
            accepts(icnx, preset, 'sim.ecn1_exit=model')):
        return None
    sets = list(sets)
    x = LIGHT_FRACTION * lam
    mp = icnx.model_at(preset, [x], sets)[0]
    mn = icnx.model_at(preset, [x], sets + ['options.stage0=node-link'])[0]
    sr = (sim_curve(icnx, preset, [x], sets) or [None])[0]
    sm = (sim_curve(icnx, preset, [x], sets + ['sim.ecn1_exit=model']) or [None])[0]
    if sr is None or sm is None:
        return None
    return dict(preset=label or preset, load=x, model_printed=mp, model_node_link=mn,
                sim_roots=sr['mean'], sim_roots_lo=sr['lo'], sim_roots_hi=sr['hi'],
                sim_model=sm['mean'], sim_model_lo=sm['lo'], sim_model_hi=sm['hi'],
                stage0_gap=mp - mn, exit_gap=sr['mean'] - sm['mean'])




# ---------------------------------------------------------------- report

def err_text(model, sim):
    """The error cell: a number, or why there is none."""
    if sim is None:
        return None
    if model is None:
        return 'no model'
    if sim.get('refused'):
        return 'beyond the simulator\'s work limit'
    if math.isinf(sim['mean']):
        return 'sim saturated'
    if math.isinf(model):
        return 'model saturated'
    return err_pct(model, sim)


def err_pct(model, sim):
    if sim is None or model is None or math.isinf(model) or sim['mean'] in (None, 0) or \
       math.isinf(sim['mean']) or math.isnan(sim['mean']):
        return None
    return 100.0 * (model - sim['mean']) / sim['mean']


def fmt(v, nd=4):
    if v is None:
        return 'pending'
    if isinstance(v, str):
        return v
    if isinstance(v, float):
        if math.isnan(v):
            return ''
        if math.isinf(v):
            return 'inf'
        return '%.*g' % (nd, v)
    return str(v)


def write_csv(name, rows, cols):
    with open(os.path.join(OUT, name), 'w') as f:
        f.write(','.join(cols) + '\n')
        for r in rows:
            f.write(','.join(fmt(r.get(c), 10) for c in cols) + '\n')


def md_table(rows, cols, heads):
    out = ['| ' + ' | '.join(heads) + ' |', '|' + '---|' * len(heads)]
    for r in rows:
        out.append('| ' + ' | '.join(fmt(r.get(c)) for c in cols) + ' |')
    return '\n'.join(out)


def judge(values, vsims):
    """values: {value: [model at DECIDE loads]}, vsims: {value: [simulated
    point at the same loads]}; returns (supported values, {value: mean
    |error|}, {value: all inside the interval})."""
    if not vsims or any(not vsims.get(v) or any(s is None for s in vsims[v]) for v in values):
        return None, {}, {}
    # the loads where every value's model and simulation are finite: a point
    # where the simulation (or a reading) saturates judges nothing
    keep = [k for k in range(len(DECIDE))
            if all(err_pct(values[v][k], vsims[v][k]) is not None for v in values)]
    if len(keep) < 2:
        return ['undecided: the simulation saturates below 50% of lambda_g*'], {}, {}
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
    return sup, mae, inside


def done_preset(cfile, n0, c, s, r, v, preset, pending=False):
    """Keep one preset's rows (build/validate/modelsim/PRESET.json) for
    --resume; `pending` removes a stale file before the preset starts."""
    if pending:
        if os.path.exists(cfile):
            os.remove(cfile)
        return
    u = {preset: SIM_UNAVAILABLE[preset]} if preset in SIM_UNAVAILABLE else {}
    json.dump(dict(c=c[n0[0]:], s=s[n0[1]:], r=r[n0[2]:], v=v[n0[3]:], u=u,
                   red=[x for x in REDUCED if x.startswith(preset + ' ')]), open(cfile, 'w'))


def summary_table(curve_rows, sat_rows, verdicts):
    """One row per preset: the model's error at 30 and 70% of lambda_g*, the
    saturation gap, the readings the validation chose."""
    rows = []
    for preset, family in PRESETS:
        c = {r['fraction']: r for r in curve_rows if r['preset'] == preset}
        sat = next((r for r in sat_rows if r['preset'] == preset), None)
        if not c and not sat:
            continue
        chosen = [('%s = %s' % (v['option'], v['supported'])) for v in verdicts
                  if v['preset'] == preset and v.get('supported') and
                  not v['supported'].startswith(('none', 'no effect', 'undecided'))]
        rows.append(dict(preset=preset,
                         e30=c.get(0.3, {}).get('error_pct'), e70=c.get(0.7, {}).get('error_pct'),
                         sat=sat and sat.get('diff_pct'),
                         chosen='; '.join(chosen) or ('no model' if family == 'irregular'
                                                     else 'none')))
    return ('### Summary\n\nThe model\'s error at 30% and 70% of its saturation load lambda_g* '
            '(the rows below), its saturation load against the simulated one, and the '
            'readings the simulation supports (the Readings table; "up to" where the '
            'simulation saturates first).\n\n' +
            md_table(rows, ['preset', 'e30', 'e70', 'sat', 'chosen'],
                     ['preset', 'error at 30% (%)', 'error at 70% (%)',
                      'model saturation vs simulated (%)', 'readings supported']) + '\n')


def write_all(curve_rows, sat_rows, read_rows, verdicts, t0):
    write_csv('modelsim-curves.csv', curve_rows,
              ['preset', 'fraction', 'load', 'model', 'sim_mean', 'sim_lo', 'sim_hi', 'error_pct'])
    write_csv('modelsim-saturation.csv', sat_rows, ['preset', 'model', 'sim', 'diff_pct', 'note'])
    write_csv('modelsim-readings.csv', read_rows,
              ['preset', 'option', 'value', 'default', 'fraction', 'load', 'model', 'sim_mean',
               'error_pct'])
    write_csv('modelsim-verdicts.csv', verdicts,
              ['preset', 'option', 'default', 'values', 'mae', 'supported'])

    md = ['## Model against simulation\n']
    if NOT_RUN:
        md.append('**Not in this report** (the run was cut short before them; rerun '
                  '`make validate`): %s.\n' % ', '.join(NOT_RUN))
    if SIM_UNAVAILABLE:
        md.append('**Simulation pending for %s**: this icnx says "%s". Those rows read '
                  '"pending" until the simulator covers them; their model columns are final.\n'
                  % (', '.join(sorted(SIM_UNAVAILABLE)),
                     '; '.join(sorted(set(SIM_UNAVAILABLE.values())))))
    md.append('Simulation: `./icnx --batch PRESET -o curve --sim --load FROM:TO:N -j 2 %s` '
              '(the presets\' `sim` section otherwise: seed 1, 20 batches, one-flit buffers, '
              'the papers\' timing); an interval is the 95%% batch-means interval of the '
              'simulated mean. Simulated saturation: `-o saturation` with the same settings '
              '(8 halvings of the bracket; see icnx(1)).\n'
              % ' '.join('--set ' + s for s in SIM_SETS))
    if REDUCED:
        md.append('**Beyond the simulator\'s work limit** (1e9 events a point, icnx.yaml(5) '
                  'LIMITS) with 20000 measured messages, so run with fewer (same seed and '
                  'stream; the curve at that load and the readings\' simulations there): %s.\n'
                  % ', '.join(sorted(set(REDUCED))))
    md.append('Loads are fractions of the model\'s saturation load lambda_g* (published '
              'readings). Error = (model - simulation) / simulation. Reproduce a preset\'s five '
              'rows with the command above and `--load L10:L90:5` (its 10%% and 90%% loads '
              'from the table): point k of a sweep is seeded with the stream (sim.seed, k), so '
              'one load alone (`--load X:X:1`, stream 0) is another sample of the same mean. '
              'The readings are judged on the 10-70%% rows; their own simulations (the V1/V2 '
              'splits, `sim.ecn1_exit`, `traffic.mix`) are `--load L10:L70:4` with the '
              'value\'s `--set`.\n')
    md.append(summary_table(curve_rows, sat_rows, verdicts) + '\n')
    md.append(md_table(curve_rows, ['preset', 'fraction', 'load', 'model', 'sim_mean', 'sim_lo',
                                    'sim_hi', 'error_pct'],
                       ['preset', 'of lambda_g*', 'load', 'model', 'simulation', 'lower 95%',
                        'upper 95%', 'error %']) + '\n')
    md.append('### Saturation\n')
    md.append(md_table(sat_rows, ['preset', 'model', 'sim', 'diff_pct', 'note'],
                       ['preset', 'model lambda_g*', 'simulated', 'model vs sim %', 'note']) + '\n')
    md.append('### Readings\n')
    md.append('A value is supported when the model under it stays inside the simulation\'s '
              '95% interval at 10, 30, 50 and 70% of lambda_g*, or when its mean absolute '
              'error there is at least 2 points below every other value\'s. Loads where the '
              'simulation saturates are left out ("up to" says where the judgement stops). '
              'Defaults stay the published readings. Mean absolute errors in %, in the order '
              'of the values. Rows `simulated X` keep the model (published readings) and '
              'vary the simulation instead: `sim.ecn1_exit` (the concentrator at the ECN1 '
              'roots, or the exit level drawn from P_r as the model does), `traffic.mix` (the '
              'mix of lengths, or every message of its mean length, the only length the model '
              'uses); "supported" there names the simulation the model matches.\n')
    md.append(md_table(verdicts, ['preset', 'option', 'default', 'values', 'mae', 'supported'],
                       ['preset', 'option', 'default', 'values', 'mean |error| %',
                        'supported']) + '\n')
    if LIGHT_ROWS:
        write_csv('modelsim-light-load.csv', LIGHT_ROWS,
                  ['preset', 'load', 'model_printed', 'model_node_link', 'sim_roots',
                   'sim_roots_lo', 'sim_roots_hi', 'sim_model', 'sim_model_lo', 'sim_model_hi',
                   'stage0_gap', 'exit_gap'])
        md.append('### Multi-cluster: stage 0 and the ECN1 exit at light load\n')
        md.append('At %d%% of lambda_g* the journey is all there is, so the two silent readings '
                  'show alone. Model: `options.stage0` = printed (stage 0 served in M t_cs, as '
                  'Eq. 16 prints) or node-link (a node link, as the prose says: the physical '
                  'pipeline\'s zero-load latency). Simulation: `sim.ecn1_exit` = roots (the '
                  'concentrator and dispatcher at the ECN1 roots, a physical network) or model '
                  '(an external message leaves ECN1 after r links drawn from P_r and enters '
                  'over v, as Eqs. 22-23 weight them). Gaps: printed - node-link (model) and '
                  'roots - model (simulation), in time units.\n' % round(100 * LIGHT_FRACTION))
        md.append(md_table(LIGHT_ROWS, ['preset', 'load', 'model_printed', 'model_node_link',
                                        'stage0_gap', 'sim_roots', 'sim_roots_lo',
                                        'sim_roots_hi', 'sim_model', 'sim_model_lo',
                                        'sim_model_hi', 'exit_gap'],
                           ['preset', 'load', 'model printed', 'model node-link',
                            'stage-0 gap', 'sim roots', 'lower', 'upper', 'sim model exit',
                            'lower', 'upper', 'exit gap']) + '\n')
        md.append(readings_text.light_text(LIGHT_ROWS) + '\n')
    if CORR_ROWS:
        write_csv('modelsim-correlation.csv', CORR_ROWS,
                  ['preset', 'fraction', 'load', 'accepted', 'r_distance', 'r_length', 'r_hops',
                   'r_means', 'saturated'])
        md.append('### Irregular networks: equivalent distance against hop count\n')
        md.append('arnau\'s claim (Figures 6-9): the equivalent distance T_ij of a switch pair '
                  'predicts its mean latency better than the hop count. Pearson r of the '
                  'simulated per-pair network latency (from injection, source queue excluded; '
                  'uniform traffic) against T_ij, against the shortest legal up*/down* route '
                  'length, against the plain graph distance, and of the per-distance means '
                  'weighted by how often each distance occurs (Figure 8). `./icnx --batch '
                  'PRESET -o correlation [--at LOAD]` with the preset\'s simulator settings '
                  '(5000 warm-up, 50000 measured messages: a per-pair mean needs more than the '
                  'curve\'s mean); "default" is the preset\'s per-pair '
                  'load (sim.load: 10%% of the channel-load bound), the others fractions of the '
                  'simulated saturation. Loads in messages/node/cycle, accepted traffic in '
                  'flits/node/cycle as the paper.\n')
        md.append(md_table(CORR_ROWS, ['preset', 'fraction', 'load', 'accepted', 'r_distance',
                                       'r_length', 'r_hops', 'r_means'],
                           ['preset', 'of saturation', 'load', 'accepted', 'r T_ij',
                            'r route length', 'r graph distance', 'r weighted means']) + '\n')
    md.append(readings_text.paragraphs(curve_rows, sat_rows, verdicts, SIM_UNAVAILABLE,
                                       CORR_ROWS))
    md.append('CSV: `modelsim-curves.csv`, `modelsim-saturation.csv`, `modelsim-readings.csv`, '
              '`modelsim-verdicts.csv`%s. Run time of this part: %.0f s.\n'
              % ((', `modelsim-light-load.csv`' if LIGHT_ROWS else '') +
                 (', `modelsim-correlation.csv`' if CORR_ROWS else ''), time.time() - t0))
    open(os.path.join(OUT, 'modelsim.md'), 'w').write('\n'.join(md))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--quick', action='store_true')
    ap.add_argument('--icnx', default=os.path.join(ROOT, 'icnx'))
    ap.add_argument('--only')
    ap.add_argument('--assemble', action='store_true',
                    help='only gather the presets already done (implies --resume)')
    ap.add_argument('--resume', action='store_true',
                    help='reuse the presets already done (build/validate/modelsim/*.json)')
    a = ap.parse_args()
    cache = os.path.join(ROOT, 'build', 'validate', 'modelsim')
    os.makedirs(cache, exist_ok=True)
    os.chdir(ROOT)
    os.makedirs(OUT, exist_ok=True)
    ic = Icnx(a.icnx)
    t0 = time.time()
    curve_rows, sat_rows, read_rows, verdicts = [], [], [], []
    pending = False
    for preset, family in PRESETS:
        if a.only and preset not in a.only.split(','):
            continue
        log(preset)
        n0 = [len(curve_rows), len(sat_rows), len(read_rows), len(verdicts)]
        cfile = os.path.join(cache, preset + '.json')
        if a.assemble and not os.path.exists(cfile):
            NOT_RUN.append(preset)
            continue
        if (a.resume or a.assemble) and os.path.exists(cfile):
            old = json.load(open(cfile))
            curve_rows += old['c']
            sat_rows += old['s']
            read_rows += old['r']
            verdicts += old['v']
            SIM_UNAVAILABLE.update(old.get('u', {}))
            REDUCED.extend(old.get('red', []))
            if family == 'irregular':
                if 'k' not in old:      # a preset run before the correlation part
                    s_sat = next((r['sim'] for r in old['s'] if r['preset'] == preset), None)
                    old['k'] = correlations(ic, preset, s_sat if isinstance(s_sat, float)
                                            else None)
                    json.dump(old, open(cfile, 'w'))
                CORR_ROWS.extend(old['k'])
            if family == 'multicluster':
                if 'z' not in old:      # a preset run before the light-load part
                    lam = next((r['model'] for r in old['s'] if r['preset'] == preset), None)
                    old['z'] = light_load(ic, preset, lam) if isinstance(lam, float) else None
                    json.dump(old, open(cfile, 'w'))
                if old['z']:
                    LIGHT_ROWS.append(old['z'])
            continue
        done_preset(cfile, n0, curve_rows, sat_rows, read_rows, verdicts, preset, pending=True)
        if family == 'irregular':
            s_sat = sim_saturation(ic, preset)
            pending |= s_sat is None
            sat_rows.append(dict(preset=preset, model='no model', sim=s_sat, diff_pct='no model',
                                 note='arnau has no latency model; the loads above are '
                                      'fractions of this simulated saturation'))
            if s_sat:
                loads = [f * s_sat for f in FRACTIONS]
                sims = sim_curve(ic, preset, loads) or [None] * len(loads)
                for f, x, s in zip(FRACTIONS, loads, sims):
                    curve_rows.append(dict(preset=preset, fraction=f, load=x, model='no model',
                                           sim_mean=s and s['mean'], sim_lo=s and s['lo'],
                                           sim_hi=s and s['hi'], error_pct='no model'))
            k = correlations(ic, preset, s_sat)
            CORR_ROWS.extend(k)
            done_preset(cfile, n0, curve_rows, sat_rows, read_rows, verdicts, preset)
            old = json.load(open(cfile))
            old['k'] = k
            json.dump(old, open(cfile, 'w'))
            continue
        lam = ic.saturation(preset)
        loads = [f * lam for f in FRACTIONS]
        model = ic.model_at(preset, loads)
        sims = sim_curve(ic, preset, loads)
        pending |= sims is None
        for f, x, m, s in zip(FRACTIONS, loads, model, sims or [None] * len(loads)):
            curve_rows.append(dict(preset=preset, fraction=f, load=x, model=m,
                                   sim_mean=s and s['mean'], sim_lo=s and s['lo'],
                                   sim_hi=s and s['hi'], error_pct=err_text(m, s)))
        s_sat = sim_saturation(ic, preset) if sims else None
        sat_rows.append(dict(preset=preset, model=lam, sim=s_sat,
                             diff_pct=100.0 * (lam - s_sat) / s_sat if s_sat else None,
                             note=SIM_UNAVAILABLE.get(preset, '')))
        # readings: every enumerated option, and the star's V2 split
        dl = [f * lam for f in DECIDE]
        dsims = sims[:len(DECIDE)] if sims else None
        opts = ic.options(preset)
        if family == 'star':
            V = int(ic.summary(preset)['virtual_channels']['value'])
            v2_min = int(ic.summary(preset)['negative_hops']['value'])
            splits = list(range(v2_min, V))
            if len(splits) > 3:      # the fewest escape levels, the middle, the most
                splits = [splits[0], splits[len(splits) // 2], splits[-1]]
            opts.append(('V2', 'auto', ['auto'] + [str(k) for k in splits]))
        for path, default, vals in opts:
            values, vsims = {}, {}
            for v in vals:
                try:
                    values[v] = ic.model_at(preset, dl, ['%s=%s' % (path, v)])
                except RuntimeError as e:
                    log('  %s=%s refused: %s' % (path, v, e))
                    continue
                # the V1/V2 split changes the simulated network too: each
                # value is judged against its own simulation
                vsims[v] = (sim_curve(ic, preset, dl, ['%s=%s' % (path, v)])
                            if path == 'V2' and dsims else dsims)
            if len(values) < 2:
                continue
            same = all(values[v] == values[vals[0]] for v in values)
            sup, mae, inside = judge(values, vsims)
            if same:
                sup = ['no effect on this preset']
            for v, ms in values.items():
                for f, x, m, s in zip(DECIDE, dl, ms, vsims.get(v) or [None] * len(dl)):
                    read_rows.append(dict(preset=preset, option=path, value=v,
                                          default='yes' if v == default else 'no', fraction=f,
                                          load=x, model=m, sim_mean=s and s['mean'],
                                          error_pct=err_text(m, s)))
            verdicts.append(dict(preset=preset, option=path, default=default,
                                 values=' / '.join(vals),
                                 mae=(' / '.join(fmt(mae.get(v)) for v in values) if mae else
                                      ('n/a' if sup is not None else None)),
                                 supported=(', '.join(sup) if sup else 'none') if sup is not None
                                 else None))
        # readings of the simulation: the model (defaults) against each
        # simulated variant; the one it matches is the reading it supports
        if family == 'multicluster' and dsims:
            mdef = model[:len(DECIDE)]
            for name, default, variants in sim_variants(ic, preset, ic.run(
                    preset, ['--dump-config']).stdout):
                values, vsims = {}, {}
                for v, sets in variants:
                    values[v] = mdef
                    vsims[v] = dsims if not sets else sim_curve(ic, preset, dl, sets)
                sup, mae, inside = judge(values, vsims)
                for v in values:
                    for f, x, m, s in zip(DECIDE, dl, mdef, vsims.get(v) or [None] * len(dl)):
                        read_rows.append(dict(preset=preset, option='simulated ' + name,
                                              value=v, default='yes' if v == default else 'no',
                                              fraction=f, load=x, model=m,
                                              sim_mean=s and s['mean'], error_pct=err_text(m, s)))
                verdicts.append(dict(preset=preset, option='simulated ' + name, default=default,
                                     values=' / '.join(values),
                                     mae=(' / '.join(fmt(mae.get(v)) for v in values) if mae
                                          else 'n/a'),
                                     supported=(', '.join(sup) if sup else 'none')
                                     if sup is not None else None))
        done_preset(cfile, n0, curve_rows, sat_rows, read_rows, verdicts, preset)
        if family == 'multicluster':
            z = light_load(ic, preset, lam)
            old = json.load(open(cfile))
            old['z'] = z
            json.dump(old, open(cfile, 'w'))
            if z:
                LIGHT_ROWS.append(z)
        write_all(curve_rows, sat_rows, read_rows, verdicts, t0)
    if not a.only and any(r['preset'].startswith('javadi') or r['preset'].startswith('sharifi')
                          for r in LIGHT_ROWS):
        vfile = os.path.join(cache, '_light_variants.json')
        if os.path.exists(vfile) and (a.resume or a.assemble):
            extra = json.load(open(vfile))
        else:
            extra = []
            for preset, what, sets in LIGHT_VARIANTS:
                log(preset, what)
                z = light_load(ic, preset, ic.saturation(preset, sets), sets,
                               '%s, %s' % (preset, what))
                if z:
                    extra.append(z)
            json.dump(extra, open(vfile, 'w'))
        LIGHT_ROWS.extend(extra)
    write_all(curve_rows, sat_rows, read_rows, verdicts, t0)
    log('wrote docs/validation/modelsim.md')
    return 0


if __name__ == '__main__':
    sys.exit(main())
