"""simrun.py: how the validation asks ./icnx --batch for a model curve, a
simulated curve and a simulated saturation (modelsim.py's measuring side).

Every number of docs/VALIDATION.md's model part comes through here, so the
command beside each table reproduces it.  A sweep refused by the simulator's
work limit (icnx.yaml(5) LIMITS) is run point by point (--points k:k, the
same streams) and the refused point retried with fewer measured messages;
what was reduced is recorded in Icnx.reduced (strings naming preset and load).
"""

import csv
import io
import math
import re
import subprocess

# The simulator's run length for this report, fixed here (not the presets'
# defaults) so that the run stays within tens of minutes and says what it did.
SIM_SETS = ['sim.warmup=2000', 'sim.measured=20000']
REDUCED_MEASURED = 5000


def num(v):
    """A CSV cell as a float: '' and 'inf' are inf (saturated), junk is nan."""
    if v in ('inf', ''):
        return math.inf
    try:
        return float(v)
    except (TypeError, ValueError):
        return math.nan


def loadspec(loads):
    """--load's argument for an explicit list (point k is seeded (seed, k))."""
    return ','.join('%.10g' % x for x in loads)


class Icnx:
    """One icnx binary; `sim_sets` is the report's run length, replaced by
    --quick's.  Failures of a whole simulated part are kept in `unavailable`
    (preset -> icnx's message), reduced runs in `reduced`."""

    def __init__(self, exe, sim_sets=None):
        self.exe = exe
        # the binary's identity (its --version: commit, -dirty): every
        # cached result is kept under it
        self.version = subprocess.run([exe, '--version'], stdout=subprocess.PIPE,
                                      text=True).stdout.strip().split('\n')[0]
        self.sim_sets = list(sim_sets or SIM_SETS)
        self.quick = sim_sets is not None
        self.unavailable = {}
        self.reduced = []
        self.failed = []

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

    def accepts(self, preset, sets):
        """Does this icnx accept every --set of `sets` on preset?"""
        args = ['--check']
        for s in sets:
            args += ['--set', s]
        return self.run(preset, args, check=False).returncode == 0

    def summary(self, preset, sets=()):
        return {row['quantity']: row for row in self.csv(preset, ['-o', 'summary'], sets)}

    def saturation(self, preset, sets=()):
        return float(self.summary(preset, sets)['saturation_load']['value'])

    def refined_saturation(self, preset, sets=()):
        """(lambda_g*, lambda_sat) of the refined model for the system `sets`
        simulates: where its first queue reaches utilisation 1, and (where
        the family gives it, else None) the largest load whose carried share
        is >= 95%, the simulator's -o saturation criterion; None when the
        family has no refined model."""
        if not self.accepts(preset, list(sets) + ['options.model=refined']):
            return None
        summ = self.summary(preset, list(sets) + ['options.model=refined'])
        row, r95 = summ.get('saturation_load_refined'), summ.get('saturation_load_refined_95')
        if not row:
            return None
        return num(row['value']), num(r95['value']) if r95 else None

    def model_at(self, preset, loads, sets=()):
        """The printed model's latency at each load (inf when saturated)."""
        rows = self.csv(preset, ['-o', 'curve', '--load', loadspec(loads)], sets)
        return [num(r['latency']) for r in rows]

    def refined_at(self, preset, loads, sets=()):
        """The refined model's latency at each load for the system `sets`
        simulates (it follows sim.injection, sim.concentrator, ...), or None
        when the family has no refined model."""
        sets = list(sets) + ['options.model=refined']
        if not self.accepts(preset, sets):
            return None
        rows = self.csv(preset, ['-o', 'curve', '--load', loadspec(loads)], sets)
        if not rows or 'latency_refined' not in rows[0]:
            return None
        return [num(r['latency_refined']) for r in rows]

    def options(self, preset):
        """[(path, default, [values...])] of the enumerated readings in
        `options` (options.model and multiplex, the refined model's, are not
        readings of the printed one)."""
        dump = self.run(preset, ['--dump-config']).stdout
        m = re.search(r'^options:.*\n((?:[ \t]+.*\n)+)', dump, re.M)
        found = []
        for line in (m.group(1).splitlines() if m else []):
            k = re.match(r'\s+([a-z_0-9]+):\s*([^\s#]+)', line)
            if not k or k.group(1) in ('model', 'multiplex'):   # the refined model's
                continue
            path = 'options.' + k.group(1)
            r = self.run(preset, ['--check', '--set', path + '=__none__'], check=False)
            allowed = re.search(r'allowed: ([^)]*)\)', r.stderr)
            vals = [v.strip() for v in allowed.group(1).split(',')] if allowed else []
            if len(vals) >= 2 and all(re.match(r'^[a-z][a-z0-9_-]*$', v) for v in vals):
                found.append((path, k.group(2), vals))
        return found

    # ------------------------------------------------------------ simulation

    def _sim_sets(self, sets):
        """The run length first, then the caller's sets (a caller's
        sim.measured, the reduced retry's, wins by coming last)."""
        return self.sim_sets + [s for s in sets if not s.startswith('sim.measured=')] + \
            [s for s in sets if s.startswith('sim.measured=')]

    def sim_curve(self, preset, loads, sets=(), label=None):
        """[dict(mean, lo, hi, settled, accepted, messages, load)] per load
        (-o curve --sim, -j 2), or None when this icnx cannot simulate it.
        `label` names the run in `reduced` (default: the preset)."""
        label = label or preset
        sets = self._sim_sets(list(sets))
        irregular = preset.startswith('arnau')
        base = ['-o', 'curve'] + ([] if irregular else ['--sim']) + \
            ['--load', loadspec(loads), '-f', 'csv']
        r = self.run(preset, base + ['-j', '2'], sets, check=False)

        def row(w):
            return dict(mean=num(w['sim_latency']), lo=num(w['sim_lower']),
                        hi=num(w['sim_upper']), settled=num(w.get('sim_settled', '1')),
                        accepted=num(w['sim_accepted']), messages=num(w['sim_messages']),
                        load=float(w['load']))
        if r.returncode == 2 and 'limit' in r.stderr and len(loads) > 1:
            out, header = [], None
            for k in range(len(loads)):
                got, header = self._point(preset, base, sets, k, header)
                if got is None and header:
                    small = [x for x in sets if not x.startswith('sim.measured=')] + \
                        ['sim.measured=%d' % REDUCED_MEASURED]
                    got, _ = self._point(preset, base, small, k, header)
                    if got is not None:
                        self.reduced.append('%s at load %.4g (sim.measured=%d)'
                                            % (label, loads[k], REDUCED_MEASURED))
                out.append(row(got) if got is not None else
                           dict(mean=math.nan, lo=math.nan, hi=math.nan, settled=math.nan,
                                accepted=math.nan, messages=math.nan, load=loads[k],
                                refused=True))
            return out
        if r.returncode == 3:
            # some points failed (icnx(1) EXIT STATUS 3): their rows have
            # empty simulated cells and stderr names each; one that reached
            # the work limit runs again alone with fewer measured messages
            why = dict((int(k), m) for k, m in re.findall(
                r'simulated point (\d+) failed[^:]*: (.*)', r.stderr))
            rows = list(csv.DictReader(io.StringIO(r.stdout)))
            header = r.stdout.splitlines()[0]
            small = [x for x in sets if not x.startswith('sim.measured=')] + \
                ['sim.measured=%d' % REDUCED_MEASURED]
            out = []
            for k, w in enumerate(rows):
                if w.get('sim_latency', '') != '' or k not in why:
                    out.append(row(w))
                    continue
                got = None
                if 'limit' in why[k]:
                    got, _ = self._point(preset, base, small, k, header)
                if got is not None:
                    self.reduced.append('%s at load %.4g (sim.measured=%d)'
                                        % (label, loads[k], REDUCED_MEASURED))
                    out.append(row(got))
                else:
                    self.failed.append('%s at load %.4g: %s' % (label, loads[k], why[k]))
                    out.append(dict(mean=math.nan, lo=math.nan, hi=math.nan,
                                    settled=math.nan, accepted=math.nan, messages=math.nan,
                                    load=loads[k], refused=True))
            return out
        if r.returncode != 0:
            self.unavailable[label] = (r.stderr.strip().splitlines() or ['failed'])[-1]
            return None
        return [row(w) for w in csv.DictReader(io.StringIO(r.stdout))]

    def _point(self, preset, base, sets, k, header):
        """Point k of a sweep alone: (its CSV row or None, the header)."""
        rk = self.run(preset, base + ['--points', '%d:%d' % (k, k)], sets, check=False)
        lines = rk.stdout.strip().splitlines() if rk.returncode == 0 else []
        if lines and header is None:
            header = lines[0]
        if not lines or header is None or lines[-1] == header:
            return None, header
        return next(csv.DictReader(io.StringIO(header + '\n' + lines[-1]))), header

    def sim_saturation(self, preset, sets=(), label=None):
        """The simulated saturation load (-o saturation: the lowest load
        whose accepted load falls below 95% of the offered, bisection) with
        this report's run length; fewer messages where the probes pass the
        work limit (recorded in `reduced`)."""
        label = label or preset
        sets = self._sim_sets(list(sets))
        r = self.run(preset, ['-o', 'saturation', '-f', 'csv'], sets, check=False)
        for fewer in (['sim.measured=%d' % REDUCED_MEASURED],
                      ['sim.warmup=1000', 'sim.measured=2000']):
            if not (r.returncode == 2 and 'limit' in r.stderr):
                break
            r = self.run(preset, ['-o', 'saturation', '-f', 'csv'], sets + fewer, check=False)
            if r.returncode == 0:
                self.reduced.append('%s saturation search (%s)' % (label, ', '.join(fewer)))
        if r.returncode != 0:
            self.unavailable[label] = (r.stderr.strip().splitlines() or ['failed'])[-1]
            return None
        for w in csv.DictReader(io.StringIO(r.stdout)):
            if w['quantity'] == 'saturation_load':
                return float(w['value'])
        return None
