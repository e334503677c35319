#!/usr/bin/env python3
"""booksim.py: BookSim 2 as a cross-check of icnx's simulator (make validate).

Builds BookSim 2 from ../shared/tools/booksim2-src.tar.gz (or $BOOKSIM_TARBALL)
into a private directory (build/validate/booksim2), with booksim-updown.patch
(up*/down* routing, uniform traffic without the source, per-pair minimum
latencies, flit-hop counters; never part of the product), then on the networks
icnx exports with -o anynet (a 4-port 3-tree, the star graph S5, the irregular
arnau-random24 and arnau-autonet10):

  zero-load   every pair's smallest packet latency at very low load against
              T0 = (L-1) + 2 + 4R (R routers on the pair's shortest legal
              up*/down* route, computed here independently of BookSim), for
              packets of 1 and 32 flits;
  saturation  the lowest offered load (flits/node/cycle) whose accepted load
              falls below 95% of it, by bisection (the definition icnx's
              simulator uses);
  loaded      mean packet latency at 10..50% of that saturation, three seeds,
              mean and 95% interval (Student t, 2 degrees of freedom);
  speed       flit-hops (one flit crossing one channel: injection, network and
              ejection channels all count) and CPU seconds on the same runs.

Each has an icnx column, filled by icnx's BookSim timing mode (the `icnx_*`
hooks below) when the binary offers it; otherwise "pending".  Writes
docs/validation/booksim-*.csv and docs/validation/booksim.md.

Then (a full run, or --engine alone) the engine cases: icnx's sim.timing =
booksim engine against BookSim on packet lengths, VC counts and buffer depths
of their own (ENGINE_CASES), at 10-70% of BookSim's saturation and at
saturation: docs/validation/booksim-engine.md and booksim-engine-*.csv.

Usage: python3 tests/validate/booksim.py [--quick] [--icnx ./icnx] [--engine [CASES]]
Run from the repository root (make validate does).  BookSim's exit status is
255 on success and 0 when unstable, so its text is parsed, never its status.
"""

import argparse
import csv
import hashlib
import io
import json
import math
import os
import re
import resource
import shutil
import subprocess
import sys
import tarfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..', '..'))
PATCH = os.path.join(HERE, 'booksim-updown.patch')
OUT = os.path.join(ROOT, 'docs', 'validation')
WORK = os.path.join(ROOT, 'build', 'validate')

# BookSim's wormhole timing (tools README): T0 = (L-1) + 2 + 4R.  A per-VC
# buffer of at least 5 flits covers the 5-cycle credit loop, so a channel
# streams one flit per cycle as the analytical models assume.
TIMING = ('router = iq; vct = 0; routing_delay = 0; vc_alloc_delay = 1; '
          'sw_alloc_delay = 1; st_final_delay = 1; credit_delay = 0;')
VC_BUF = 8
LOADED_FLITS = 32          # message length of the loaded runs (the presets' M)
SEEDS = (1, 2, 3)
SPEED_FRACS = (0.9,)       # fractions of saturation timed for speed alone
T975_2 = 4.302652729911275  # Student t, 97.5%, 2 degrees of freedom

# The networks: name, icnx arguments of the export, BookSim's routing (the
# patch's up*/down* with ranks from the tree levels or from BFS of the root
# the preset names, or BookSim's own shortest-path `min`), virtual channels;
# then the icnx simulator's equivalent: preset, output, --set assignments
# (None: icnx has no equivalent of this BookSim routing).  The icnx side
# sets the physical systems BookSim's router can express: one source queue
# per node (sim.injection = single), cut-through concentrators.
NETWORKS = [
    dict(name='fattree-4p3t', what='4-port 3-tree (16 nodes, 20 switches)',
         icnx=['presets/javadi-n544.yaml', '-o', 'anynet', '--select', '0'],
         ranks='tree', vcs=1,
         sim=('tests/validate/one-tree.yaml', ['-o', 'sim'], ['sim.concentrator=cut-through']),
         note='icnx side: tests/validate/one-tree.yaml (two 16-node clusters, theta = 0, so '
              'each cluster is one 4-port 3-tree under uniform traffic), `-o sim` and '
              '`-o saturation` with sim.timing = booksim (the input-queued router engine, '
              'every link one cycle). BookSim: the patch\'s updown_adaptive = 1, whose '
              'equal-priority outputs BookSim\'s OutputSet (a std::set ordered by priority '
              'alone) reduces to the first, the lowest port: every packet climbs by the same '
              'up-link; icnx by the destination\'s digit (see fattree-4p3t-dmodk for BookSim '
              'routed the same way). The multi-cluster '
              'family has no per-pair output: its zero-load check is the mean below, and its '
              'unit test (tests/unit/test_sim_mc.c) asserts T0 on every pair of this tree'),
    dict(name='fattree-4p3t-dmodk', what='4-port 3-tree (16 nodes, 20 switches), '
         'destination-mod-k up*/down*',
         icnx=['presets/javadi-n544.yaml', '-o', 'anynet', '--select', '0'],
         ranks='tree', vcs=1, updown=2,
         sim=('tests/validate/one-tree.yaml', ['-o', 'sim'], ['sim.concentrator=cut-through']),
         note='BookSim routes as icnx\'s multi-cluster simulator does (the patch\'s '
              'updown_adaptive = 2: up-link by the destination\'s digit at each level); '
              'fattree-4p3t above takes the lowest up-port, which icnx\'s '
              'multi-cluster simulator does not offer (it routes by destination mod k '
              'in every tree; sim.routing = adaptive is refused)'),
    dict(name='star-s5-updown', what='star graph S5 (120 nodes), up*/down* from node 0',
         icnx=['presets/kiasari-s5-v6.yaml', '-o', 'anynet'], ranks='root', root=0, vcs=1,
         sim=None, note='icnx routes the star minimally (Enhanced-Nbc): no equivalent'),
    dict(name='star-s5-min', what='star graph S5 (120 nodes), BookSim min routing, 6 VCs',
         icnx=['presets/kiasari-s5-v6.yaml', '-o', 'anynet'], ranks='min', vcs=6,
         sim=('kiasari-s5-v6', ['-o', 'sim'], ['sim.routing=deterministic',
                                                 'sim.injection=single']),
         note='BookSim: one shortest path (lowest id), VCs a shared pool, no deadlock '
              'avoidance; icnx: deterministic minimal routing over Enhanced-Nbc classes'),
    # updown = 3: every output on a shortest legal route kept (distinct
    # priorities), the VC allocator choosing: adaptive, as icnx's
    # sim.routing = adaptive (updown_adaptive = 1 keeps the lowest port only)
    dict(name='random24', what='arnau-random24 (24 switches, 96 nodes)',
         icnx=['presets/arnau-random24.yaml', '-o', 'anynet'], ranks='preset', vcs=1,
         updown=3,
         sim=('arnau-random24', ['-o', 'curve'], ['sim.routing=adaptive', 'sim.V=1'])),
    dict(name='autonet10', what='arnau-autonet10 (10 switches, 40 nodes)',
         icnx=['presets/arnau-autonet10.yaml', '-o', 'anynet'], ranks='preset', vcs=1,
         updown=3,
         sim=('arnau-autonet10', ['-o', 'curve'], ['sim.routing=adaptive', 'sim.V=1'])),
]


def log(*a):
    print('[booksim]', *a, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- building

def tarball():
    t = os.environ.get('BOOKSIM_TARBALL')
    if t:
        return t
    for c in (os.path.join(ROOT, '..', 'shared', 'tools', 'booksim2-src.tar.gz'),
              '/work/shared/tools/booksim2-src.tar.gz'):
        if os.path.exists(c):
            return os.path.abspath(c)
    sys.exit('booksim.py: no BookSim tarball (set BOOKSIM_TARBALL)')


def build_booksim():
    """Unpack, patch and build into build/validate/booksim2 once per patch."""
    src = tarball()
    stamp_text = hashlib.sha256(open(PATCH, 'rb').read() + open(src, 'rb').read()).hexdigest()
    bdir = os.path.join(WORK, 'booksim2')
    exe = os.path.join(bdir, 'src', 'booksim')
    stamp = os.path.join(WORK, 'booksim.stamp')
    if os.path.exists(exe) and os.path.exists(stamp) and open(stamp).read() == stamp_text:
        return exe
    log('building BookSim 2 from', src)
    shutil.rmtree(bdir, ignore_errors=True)
    os.makedirs(WORK, exist_ok=True)
    with tarfile.open(src) as tf:
        tf.extractall(WORK)
    subprocess.run(['patch', '-p1', '-s', '-i', PATCH], cwd=bdir, check=True)
    r = subprocess.run(['make', '-j2'], cwd=os.path.join(bdir, 'src'),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0 or not os.path.exists(exe):
        sys.stderr.write(r.stdout[-4000:])
        sys.exit('booksim.py: BookSim build failed')
    open(stamp, 'w').write(stamp_text)
    return exe


# ---------------------------------------------------------------- networks

def parse_anynet(text):
    """routers -> (nodes, neighbours), as written by icnx -o anynet."""
    nodes, adj = {}, {}
    for line in text.splitlines():
        t = line.split()
        if not t:
            continue
        r = int(t[1])
        nodes.setdefault(r, [])
        adj.setdefault(r, set())
        for k in range(2, len(t), 2):
            if t[k] == 'node':
                nodes[r].append(int(t[k + 1]))
            else:
                s = int(t[k + 1])
                adj[r].add(s)
                adj.setdefault(s, set()).add(r)
                nodes.setdefault(s, [])
    return nodes, adj


def bfs(adj, sources):
    d = {s: 0 for s in sources}
    q = list(sources)
    for u in q:
        for v in sorted(adj[u]):
            if v not in d:
                d[v] = d[u] + 1
                q.append(v)
    return d


def tree_ranks(nodes, adj):
    """Fat-tree: rank = distance from the roots (leaves hold the nodes)."""
    d = bfs(adj, [r for r in nodes if nodes[r]])
    top = max(d.values())
    return {r: top - d[r] for r in adj}


def updown_routers(adj, rank, a, b):
    """Routers on a shortest legal up*/down* route from router a to b (both
    included): a plain BFS over (router, phase) states.  Independent of the
    BookSim patch's implementation."""
    def up(u, v):
        return rank[v] < rank[u] or (rank[v] == rank[u] and v < u)
    seen = {(a, 0): 0}
    q = [(a, 0)]
    for (u, p) in q:
        if u == b:
            return seen[(u, p)] + 1
        for v in adj[u]:
            if up(u, v):
                if p == 1:
                    continue
                s = (v, 0)
            else:
                s = (v, 1)
            if s not in seen:
                seen[s] = seen[(u, p)] + 1
                q.append(s)
    raise RuntimeError('no legal route %d -> %d' % (a, b))


class Net:
    def __init__(self, spec, icnx):
        self.spec = spec
        self.name = spec['name']
        text = subprocess.run([icnx, '--batch'] + spec['icnx'], check=True,
                              stdout=subprocess.PIPE, text=True).stdout
        self.dir = os.path.join(WORK, 'runs', self.name)
        os.makedirs(self.dir, exist_ok=True)
        self.file = os.path.join(self.dir, 'net.anynet')
        open(self.file, 'w').write(text)
        self.nodes, self.adj = parse_anynet(text)
        self.N = sum(len(v) for v in self.nodes.values())
        self.router_of = {q: r for r, qs in self.nodes.items() for q in qs}
        extra = ''
        self.minimal = spec['ranks'] == 'min'
        if self.minimal:
            self.routing = 'routing_function = min;'
            hold = [r for r in self.nodes if self.nodes[r]]
            self.R = {}
            for a in hold:
                d = bfs(self.adj, [a])
                for b in hold:
                    self.R[(a, b)] = d[b] + 1
            return
        if spec['ranks'] == 'tree':
            self.rank = tree_ranks(self.nodes, self.adj)
            rf = os.path.join(self.dir, 'ranks')
            open(rf, 'w').write(' '.join(str(self.rank[r]) for r in sorted(self.adj)) + '\n')
            extra = 'updown_rank_file = %s;' % rf
        else:
            root = spec.get('root')
            if root is None:
                dump = subprocess.run([icnx, '--batch', spec['icnx'][0], '--dump-config'],
                                      check=True, stdout=subprocess.PIPE, text=True).stdout
                root = int(re.search(r'^root:\s*(\d+)', dump, re.M).group(1))
            self.root = root
            d = bfs(self.adj, [root])
            self.rank = d
            extra = 'updown_root = %d;' % root
        self.routing = 'routing_function = updown; updown_adaptive = %d; ' % \
            spec.get('updown', 1) + extra
        # routers crossed between every pair of node-holding routers
        hold = [r for r in self.nodes if self.nodes[r]]
        self.R = {(a, b): updown_routers(self.adj, self.rank, a, b) for a in hold for b in hold}

    def mean_R(self):
        """Routers crossed, averaged over ordered pairs of distinct nodes."""
        tot = cnt = 0
        for s in range(self.N):
            for d in range(self.N):
                if s != d:
                    tot += self.pair_routers(s, d)
                    cnt += 1
        return tot / cnt

    def pair_routers(self, s, d):
        return self.R[(self.router_of[s], self.router_of[d])]


# ---------------------------------------------------------------- running

def run_booksim(exe, net, params, tag, timeout=900, vcs=None, buf=None):
    """Run once; returns a dict of the overall statistics (None entries when
    BookSim declared the run unstable), flit-hops and CPU seconds.  vcs,
    buf: virtual channels and flits per VC buffer (default: the network's,
    VC_BUF)."""
    cfg = os.path.join(net.dir, tag + '.cfg')
    stats = os.path.join(net.dir, tag + '.m')
    text = ('topology = anynet; network_file = %s; %s %s num_vcs = %d; '
            'vc_buf_size = %d; traffic = uniform_noself; use_read_write = 0; %s'
            % (net.file, net.routing, TIMING, vcs or net.spec['vcs'], buf or VC_BUF,
               ' '.join('%s = %s;' % (k, repr(v) if isinstance(v, float) else v)
                        for k, v in params.items())))
    if params.get('pair_stats'):
        text += ' stats_out = %s;' % stats
    open(cfg, 'w').write(text.replace('; ', ';\n') + '\n')
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.time()
    try:
        r = subprocess.run([exe, cfg], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=timeout)
        out, timed_out = r.stdout, False
    except subprocess.TimeoutExpired as e:
        out, timed_out = (e.stdout or b'').decode() if isinstance(e.stdout, bytes) else (e.stdout or ''), True
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    res = dict(cpu=(after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime),
               wall=time.time() - t0, timed_out=timed_out,
               deadlock='Possible network deadlock' in out,
               unstable=timed_out or 'Simulation unstable' in out or
               'Aborting simulation' in out or 'Too many sample periods' in out)
    m = re.search(r'icnx-flit-hops: (\d+) (\d+)', out)
    res['flit_hops_net'] = int(m.group(1)) if m else None
    res['flit_hops'] = int(m.group(1)) + int(m.group(2)) if m else None
    block = out.split('====== Overall Traffic Statistics ======')
    if len(block) > 1 and not res['unstable']:
        b = block[-1]

        def num(label):
            mm = re.search(re.escape(label) + r' average = ([0-9.eE+-]+)', b)
            return float(mm.group(1)) if mm else None
        res.update(plat=num('Packet latency'), nlat=num('Network latency'),
                   accepted=num('Accepted flit rate'), injected=num('Injected flit rate'),
                   hops=num('Hops'))
        mm = re.search(r'Packet latency average = [0-9.eE+-]+ .*\n\s*minimum = ([0-9.]+)', b)
        res['plat_min'] = float(mm.group(1)) if mm else None
    if params.get('pair_stats') and os.path.exists(stats):
        st = open(stats).read()
        mm = re.findall(r'pair_pmin\(1,:\) = \[([^\]]*)\]', st)
        res['pair_pmin'] = [float(x) for x in mm[-1].split()] if mm else None
        ms = re.findall(r'pair_sent\(1,:\) = \[([^\]]*)\]', st)
        res['pair_sent'] = [int(float(x)) for x in ms[-1].split()] if ms else None
    return res


def loaded_params(rate, seed, quick, N, want=None, L=LOADED_FLITS):
    """A measured run at `rate` flits/node/cycle of L-flit packets: one
    warm-up period, three sample periods (BookSim's convergence tests off,
    so the length is fixed) long enough for about 4000 measured packets (800
    with --quick), then the drain of every measured packet."""
    want = want or (800 if quick else 4000)
    period = int(min(max(want * L / (N * rate) / 3, 5000), 400000))
    return dict(injection_rate=rate, injection_rate_uses_flits=1, packet_size=L,
                seed=seed, warmup_periods=1, sample_period=period,
                max_samples=3, sim_count=1, warmup_thres=-1.0, acc_warmup_thres=-1.0,
                stopping_thres=-1.0, acc_stopping_thres=-1.0, latency_thres=20000.0)


# ---------------------------------------------------------------- icnx hooks
#
# ICNX-SIDE HOOK.  icnx's simulator (src/sim, engineer "sim") adds a BookSim
# timing mode; until its batch options are on main these return None and the
# tables say "pending".  Each returns what the BookSim side measured, for the
# same network, workload and definition.

MODE = ['sim.timing=booksim']


def icnx_booksim_mode(icnx):
    """The --set assignments that select icnx's BookSim timing mode, or None
    when this icnx has none.  Probed, not assumed."""
    r = subprocess.run([icnx, '--batch', 'presets/arnau-autonet10.yaml', '--check', '--set',
                        MODE[0]], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return MODE if r.returncode == 0 else None


def _icnx_run(icnx, net, L, msg_load, extra=()):
    """One icnx simulated point: (row dict, CPU s) or (None, reason)."""
    preset, out, sets = net.spec['sim']
    cmd = [icnx, '--batch', preset if preset.endswith('.yaml') else 'presets/%s.yaml' % preset] + out + \
        ['--load', '%r:%r:1' % (msg_load, msg_load), '-f', 'csv', '-j', '1']
    if preset.startswith('kiasari'):
        if L != 32:
            return None, 'the star preset has M = 32'
    elif preset.endswith('.yaml'):
        sets = sets + ['traffic.message_length=%d' % L]
    else:
        sets = sets + ['sim.M=%d' % L]
    for s in MODE + sets + ['sim.buffer=%d' % VC_BUF, 'sim.warmup=%d' % ICNX_WARMUP,
                            'sim.measured=20000'] + list(extra):
        cmd += ['--set', s]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if r.returncode != 0:
        return None, r.stderr.strip().splitlines()[-1] if r.stderr.strip() else 'failed'
    lines = r.stdout.strip().splitlines()
    row = dict(zip(lines[0].split(','), lines[-1].split(',')))
    row['_cpu'] = cpu
    row['_cmd'] = ' '.join(cmd[0:1] + [c if ' ' not in c else repr(c) for c in cmd[1:]])
    return row, None


def _num(row, key):
    v = row.get(key, '')
    return math.inf if v == 'inf' else (float(v) if v not in ('', None) else None)


def icnx_zero_load(icnx, net, L):
    """{R: smallest per-pair network latency} at a very low load from
    icnx's per-switch-pair output (-o pairs, irregular presets only), or
    None.  icnx's network latency under sim.timing = booksim is BookSim's:
    from the header's injection (the cycle a lone message is generated) to
    the tail's arrival."""
    if MODE_ON is None or not net.spec.get('sim') or not net.spec['sim'][0].startswith('arnau'):
        return None
    preset, out, sets = net.spec['sim']
    cmd = [icnx, '--batch', 'presets/%s.yaml' % preset, '-o', 'pairs', '--at',
           repr(0.0002 / L), '-f', 'csv']
    for s in MODE + sets + ['sim.M=%d' % L, 'sim.buffer=%d' % VC_BUF]:
        cmd += ['--set', s]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        log('icnx pairs', net.name, r.stderr.strip())
        return None
    best = {}
    for row in csv.DictReader(io.StringIO(r.stdout)):
        if row['sim_network'] in ('', 'inf') or not float(row['sim_messages'] or 0):
            continue
        R = net.R[(int(row['from']), int(row['to']))]
        best[R] = min(best.get(R, math.inf), float(row['sim_network']))
    return {R: int(v) if v == int(v) else v for R, v in best.items()}


TIMING_OK = {}
LOW_LOAD = []    # the timing checks: icnx's mean at 0.0005 flits/node/cycle against mean T0


def icnx_timing_ok(icnx, net):
    """Does icnx's BookSim timing hold on this network?  Its mean latency
    at a very low load must be BookSim's mean T0 over the pairs,
    (L-1) + 2 + 4 E[R], within 2%; a family that ignores sim.timing fails."""
    if net.name not in TIMING_OK:
        row, why = _icnx_run(icnx, net, LOADED_FLITS, 0.0005 / LOADED_FLITS)
        want = (LOADED_FLITS - 1) + 2 + 4 * net.mean_R()
        got = _num(row, 'sim_latency') if row else None
        ok = got is not None and abs(got - want) <= 0.02 * want
        LOW_LOAD.append(dict(network=net.name, load=0.0005, T0_mean=want, icnx_mean=got,
                             icnx_lo=_num(row, 'sim_lower') if row else None,
                             icnx_hi=_num(row, 'sim_upper') if row else None,
                             diff_pct=100.0 * (got - want) / want if got else None,
                             ok='yes' if ok else 'no'))
        if not ok:
            log('icnx', net.name, 'BookSim timing check failed: mean %s at low load, T0 mean %.2f%s'
                % (got, want, ' (%s)' % why if why else ''))
            net.spec['icnx_note'] = ('icnx pending: its simulator gives %s cycles at low load '
                                     'under sim.timing=booksim, BookSim\'s mean T0 is %.1f'
                                     % ('%.1f' % got if got else 'no result', want))
        TIMING_OK[net.name] = ok
    return TIMING_OK[net.name]


def icnx_loaded(icnx, net, rate):
    """dict(mean, lo, hi, cpu, messages) at rate flits/node/cycle, or None."""
    if MODE_ON is None or not net.spec.get('sim') or not icnx_timing_ok(icnx, net):
        return None
    row, why = _icnx_run(icnx, net, LOADED_FLITS, rate / LOADED_FLITS)
    if row is None:
        log('icnx', net.name, why)
        return None
    return dict(mean=_num(row, 'sim_latency'), lo=_num(row, 'sim_lower'),
                hi=_num(row, 'sim_upper'), cpu=row['_cpu'], messages=_num(row, 'sim_messages'),
                flit_hops=_num(row, 'sim_flit_hops'), cmd=row['_cmd'])


def icnx_saturation(icnx, net):
    """Simulated saturation in flits/node/cycle (the same 95% rule), or None."""
    if MODE_ON is None or not net.spec.get('sim') or not icnx_timing_ok(icnx, net):
        return None
    preset, out, sets = net.spec['sim']
    cmd = [icnx, '--batch', preset if preset.endswith('.yaml') else 'presets/%s.yaml' % preset,
           '-o', 'saturation', '-f', 'csv']
    if preset.startswith('arnau'):
        sets = sets + ['sim.M=%d' % LOADED_FLITS]
    elif preset.endswith('.yaml'):
        sets = sets + ['traffic.message_length=%d' % LOADED_FLITS]
    for s in MODE + sets + ['sim.buffer=%d' % VC_BUF]:
        cmd += ['--set', s]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        log('icnx saturation', net.name, r.stderr.strip())
        return None
    for line in r.stdout.splitlines():
        f = line.split(',')
        if f[0] == 'saturation_load':
            return float(f[1]) * LOADED_FLITS
    return None


MODE_ON = None
ICNX_WARMUP = 2000      # sim.warmup set for every icnx run here (20000 measured)


# ---------------------------------------------------------------- checks

def zero_load(exe, icnx, net, quick):
    rows = []
    for L in (1, LOADED_FLITS):
        # about 1% of a link's bandwidth per node: contention is rare
        rate = 0.004 if L == 1 else 0.002
        res = run_booksim(exe, net, dict(injection_rate=rate, injection_rate_uses_flits=1,
                                         packet_size=L, seed=7, warmup_periods=1,
                                         sample_period=(20000 if quick else 60000) *
                                         (1 if net.N >= 64 else 4),
                                         max_samples=1, sim_count=1, warmup_thres=-1.0,
                                         acc_warmup_thres=-1.0, stopping_thres=-1.0,
                                         acc_stopping_thres=-1.0, latency_thres=20000.0,
                                         pair_stats=1), 'zero-L%d' % L)
        pmin, sent = res.get('pair_pmin'), res.get('pair_sent')
        if not pmin:
            rows.append(dict(network=net.name, flits=L, routers='', pairs=0, exact=0,
                             booksim_min='', T0='', icnx='pending', ok='no'))
            continue
        byR = {}
        for s in range(net.N):
            for d in range(net.N):
                i = s * net.N + d
                if s == d or sent[i] == 0:
                    continue
                R = net.pair_routers(s, d)
                e = byR.setdefault(R, dict(pairs=0, exact=0, low=math.inf))
                e['pairs'] += 1
                e['exact'] += pmin[i] == (L - 1) + 2 + 4 * R
                e['low'] = min(e['low'], pmin[i])
        ic = icnx_zero_load(icnx, net, L)
        for R in sorted(byR):
            e = byR[R]
            T0 = (L - 1) + 2 + 4 * R
            rows.append(dict(network=net.name, flits=L, routers=R, pairs=e['pairs'],
                             exact=e['exact'], booksim_min=int(e['low']), T0=T0,
                             icnx=(ic or {}).get(R, 'pending') if ic is not None else
                             ('mean below' if net.spec.get('sim') else 'no equivalent'),
                             ok='yes' if e['low'] == T0 else 'no'))
    return rows


def bisect(exe, net, quick, L, vcs, buf, tag, seed=1):
    """BookSim's saturation by bisection on offered flits/node/cycle, seeded:
    (lo, hi, deadlock seen).  Saturated when accepted < 95% of offered or
    BookSim calls the run unstable."""
    def sat(rate):
        # accepted against offered needs more packets than a mean latency:
        # with 10000 measured packets the 95% test is 5 standard deviations
        # away from the noise of a stable run
        # a mean packet latency above 5000 cycles (BookSim's latency_thres,
        # checked while draining too) ends an overloaded run early: saturated
        prm = loaded_params(rate, seed, quick, net.N, 4000 if quick else 10000, L)
        prm['latency_thres'] = 5000.0
        r = run_booksim(exe, net, prm, '%s%ssat-%.5f' % (tag, 'seed%d-' % seed if seed != 1
                                                          else '', rate), vcs=vcs, buf=buf)
        ok = (not r['unstable'] and r.get('accepted') is not None and
              r['accepted'] >= 0.95 * rate)
        return not ok, r
    lo, hi = 0.0, 0.02
    while True:
        s, r = sat(hi)
        if s:
            break
        lo, hi = hi, hi * 2
        if hi > 1.0:
            break
    steps = 5 if quick else 6
    deadlock = r['deadlock']
    for _ in range(steps):
        mid = (lo + hi) / 2
        s, r = sat(mid)
        deadlock = deadlock or r['deadlock']
        if s:
            hi = mid
        else:
            lo = mid
    return lo, hi, deadlock


def saturation(exe, icnx, net, quick, case=None):
    """Bisection (bisect, seed 1).  case: an ENGINE_CASES entry (packet
    length, VCs, buffer), else the network's own set-up."""
    L, vcs, buf = (case['L'], case['vcs'], case['buf']) if case else (LOADED_FLITS, None, None)
    tag = case['name'] + '-' if case else ''
    lo, hi, deadlock = bisect(exe, net, quick, L, vcs, buf, tag)
    if case:
        return dict(booksim=(lo + hi) / 2, bracket='%.4f..%.4f' % (lo, hi),
                    deadlock='yes' if deadlock else 'no')
    return dict(network=net.name, booksim=(lo + hi) / 2, bracket='%.4f..%.4f' % (lo, hi),
                deadlock='yes' if deadlock else 'no', icnx=icnx_saturation(icnx, net))


def loaded(exe, icnx, net, sat, quick):
    rows, speed = [], []
    for frac in (0.1, 0.2, 0.3, 0.4, 0.5):
        rate = frac * sat
        lat, fh, cpu, acc = [], 0, 0.0, []
        for seed in (SEEDS[:2] if quick else SEEDS):
            r = run_booksim(exe, net, loaded_params(rate, seed, quick, net.N), 'load-%.2f-s%d' % (frac, seed))
            if r.get('plat') is not None:
                lat.append(r['plat'])
                acc.append(r['accepted'])
            fh += r['flit_hops'] or 0
            cpu += r['cpu']
        n = len(lat)
        mean = sum(lat) / n if n else math.nan
        sd = math.sqrt(sum((x - mean) ** 2 for x in lat) / (n - 1)) if n > 1 else math.nan
        half = (T975_2 if n == 3 else 12.706) * sd / math.sqrt(n) if n > 1 else math.nan
        ic = icnx_loaded(icnx, net, rate)
        diff = (100.0 * (ic['mean'] - mean) / mean) if ic else None
        rows.append(dict(network=net.name, fraction=frac, load=rate, booksim_mean=mean,
                         booksim_lo=mean - half, booksim_hi=mean + half,
                         accepted=sum(acc) / len(acc) if acc else math.nan,
                         icnx_mean=ic['mean'] if ic else None,
                         icnx_lo=ic['lo'] if ic else None, icnx_hi=ic['hi'] if ic else None,
                         diff_pct=diff))
        speed.append(speed_row(net, frac, rate, fh, cpu, ic))
    for frac in SPEED_FRACS:
        speed.append(speed_only(exe, icnx, net, frac, frac * sat, quick))
    return rows, speed


def speed_row(net, frac, rate, fh, cpu, ic):
    """One row of booksim-speed.csv: BookSim's fh flit-hops in cpu CPU
    seconds, icnx's (ic, icnx_loaded's) at the same load."""
    ifh = None
    if ic:
        ifh = ic.get('flit_hops')
        if ifh is None and ic.get('messages'):
            # not printed by icnx: its warm-up and measured messages
            # times the flit-hops of a mean route (the same routes)
            ifh = (ic['messages'] + ICNX_WARMUP) * LOADED_FLITS * (net.mean_R() + 1)
    return dict(network=net.name, fraction=frac, load=rate, booksim_flit_hops=fh,
                booksim_cpu_s=cpu, booksim_mfh_per_s=fh / cpu / 1e6 if cpu > 0 else math.nan,
                icnx_flit_hops=ifh, icnx_cpu_s=ic.get('cpu') if ic else None,
                icnx_mfh_per_s=ifh / ic['cpu'] / 1e6 if ic and ifh and ic['cpu'] > 0
                else None,
                ratio=(ifh / ic['cpu']) / (fh / cpu) if ic and ifh and ic['cpu'] > 0
                and cpu > 0 and fh else None)


def speed_only(exe, icnx, net, frac, rate, quick):
    """BookSim's speed alone (no latency row) at rate = frac of its
    saturation, the loaded runs' workload and seeds: near saturation
    (SPEED_FRACS) a mean latency is not the cross-check's business, but the
    speed is (make bench's rows at 90% of BookSim's saturation)."""
    fh, cpu = 0, 0.0
    for seed in (SEEDS[:2] if quick else SEEDS):
        r = run_booksim(exe, net, loaded_params(rate, seed, quick, net.N),
                        'speed-%.2f-s%d' % (frac, seed))
        fh += r['flit_hops'] or 0
        cpu += r['cpu']
    return speed_row(net, frac, rate, fh, cpu, icnx_loaded(icnx, net, rate))


# ---------------------------------------------------------------- engine cases
#
# icnx's sim.timing = booksim is an engine of its own, BookSim's input-queued
# router (src/sim/iqrouter.c): checked here on packet lengths, virtual
# channel counts and buffer depths the tables above do not use, each at 10,
# 30, 50 and 70% of BookSim's saturation and at saturation.  Target (issue
# 19): every loaded mean within 3% of BookSim's or inside its interval,
# saturation within 3%.  `--engine` runs these alone (booksim-engine.md,
# booksim-engine.csv).

# updown = 3: BookSim's up*/down* offering every output on a shortest legal
# route with distinct priorities, so that BookSim's OutputSet keeps them all
# and its VC allocator chooses (adaptive, as icnx's sim.routing = adaptive);
# updown_adaptive = 1 keeps only the lowest port (booksim-updown.patch).
ENGINE_CASES = [
    dict(name='autonet10-L8', net='autonet10', updown=3, L=8, vcs=1, buf=8),
    dict(name='autonet10-L32-V2', net='autonet10', updown=3, L=32, vcs=2, buf=8),
    dict(name='random24-L32-B4', net='random24', updown=3, L=32, vcs=1, buf=4),
    dict(name='random24-L16-V4-B16', net='random24', updown=3, L=16, vcs=4, buf=16),
    dict(name='autonet10-L64-B16', net='autonet10', updown=3, L=64, vcs=1, buf=16),
    dict(name='fattree-dmodk-L16-V2-B4', net='fattree-4p3t-dmodk', L=16, vcs=2, buf=4),
]
ENGINE_FRACTIONS = (0.1, 0.3, 0.5, 0.7)
ENGINE_MEASURED = 20000    # icnx messages measured per loaded point


def icnx_case(icnx, net, case, out, msg_load=None):
    """icnx's command for an engine case: -o OUT (a point at msg_load
    messages/node/cycle, or the saturation search)."""
    preset, _, sets = net.spec['sim']
    path = preset if preset.endswith('.yaml') else 'presets/%s.yaml' % preset
    sets = [x for x in sets if not x.startswith('sim.V=')] + ['sim.V=%d' % case['vcs']]
    sets += ['traffic.message_length=%d' % case['L'] if preset.endswith('.yaml')
             else 'sim.M=%d' % case['L']]
    cmd = [icnx, '--batch', path, '-o', out, '-f', 'csv']
    if msg_load is not None:
        cmd += ['--load', '%r:%r:1' % (msg_load, msg_load), '-j', '1']
        sets += ['sim.warmup=%d' % ICNX_WARMUP, 'sim.measured=%d' % ENGINE_MEASURED]
    for x in MODE + sets + ['sim.buffer=%d' % case['buf']]:
        cmd += ['--set', x]
    return cmd


def run_icnx(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        log('icnx failed:', ' '.join(cmd), r.stderr.strip())
        return None
    return r.stdout


def engine_case(exe, icnx, nets, case, quick):
    net = nets[(case['net'], case.get('updown'))]
    log(case['name'], '- saturation')
    sat = saturation(exe, icnx, net, quick, case)
    L = case['L']
    cmd = icnx_case(icnx, net, case, 'saturation')
    text = run_icnx(cmd)
    isat = None
    for line in (text or '').splitlines():
        f = line.split(',')
        if f[0] == 'saturation_load':
            isat = float(f[1]) * L
    srow = dict(case=case['name'], network=case['net'], L=L, vcs=case['vcs'], buf=case['buf'],
                booksim=sat['booksim'], bracket=sat['bracket'], icnx=isat,
                diff_pct=100.0 * (isat - sat['booksim']) / sat['booksim'] if isat else None,
                cmd=' '.join(cmd[0:1] + cmd[1:]).replace(ROOT + '/', ''))
    rows = []
    for frac in ENGINE_FRACTIONS:
        rate = frac * sat['booksim']
        log(case['name'], '- %.0f%% of saturation' % (100 * frac))
        lat = []
        for seed in (SEEDS[:2] if quick else SEEDS):
            r = run_booksim(exe, net, loaded_params(rate, seed, quick, net.N, None, L),
                            '%s-load-%.2f-s%d' % (case['name'], frac, seed),
                            vcs=case['vcs'], buf=case['buf'])
            if r.get('plat') is not None:
                lat.append(r['plat'])
        n = len(lat)
        mean = sum(lat) / n if n else math.nan
        sd = math.sqrt(sum((x - mean) ** 2 for x in lat) / (n - 1)) if n > 1 else math.nan
        half = (T975_2 if n == 3 else 12.706) * sd / math.sqrt(n) if n > 1 else math.nan
        cmd = icnx_case(icnx, net, case, 'sim' if net.spec['sim'][0].endswith('.yaml')
                        else 'curve', rate / L)
        text = run_icnx(cmd)
        im = ilo = ihi = None
        if text:
            lines = text.strip().splitlines()
            row = dict(zip(lines[0].split(','), lines[-1].split(',')))
            im, ilo, ihi = (_num(row, 'sim_latency'), _num(row, 'sim_lower'),
                            _num(row, 'sim_upper'))
        diff = 100.0 * (im - mean) / mean if im is not None and n else None
        inside = im is not None and n > 1 and mean - half <= im <= mean + half
        rows.append(dict(case=case['name'], fraction=frac, load=rate, booksim_mean=mean,
                         booksim_lo=mean - half, booksim_hi=mean + half, icnx_mean=im,
                         icnx_lo=ilo, icnx_hi=ihi, diff_pct=diff,
                         ok='yes' if diff is not None and (abs(diff) <= 3 or inside) else 'no',
                         cmd=' '.join(cmd).replace(ROOT + '/', '')))
    return srow, rows


def engine_report(exe, icnx, quick, only=None):
    """Run the engine cases (all, or those named in only; '-' none) and
    write booksim-engine.csv and booksim-engine.md; earlier results of cases
    not run are kept (build/validate/booksim-engine.json)."""
    cache = os.path.join(WORK, 'booksim-engine.json')
    old = json.load(open(cache)) if os.path.exists(cache) else dict(s=[], l=[])
    cases = [c for c in ENGINE_CASES if not only or c['name'] in only.split(',')]
    nets, srows, lrows = {}, [], []
    t0 = time.time()
    for case in cases:
        key = (case['net'], case.get('updown'))
        if key not in nets:
            spec = dict(next(n for n in NETWORKS if n['name'] == case['net']))
            if case.get('updown'):
                spec['updown'] = case['updown']
            nets[key] = Net(spec, icnx)
        sr, lr = engine_case(exe, icnx, nets, case, quick)
        srows.append(sr)
        lrows += lr
    done = {c['name'] for c in cases}
    order = {c['name']: i for i, c in enumerate(ENGINE_CASES)}
    srows += [r for r in old['s'] if r['case'] not in done and r['case'] in order]
    lrows += [r for r in old['l'] if r['case'] not in done and r['case'] in order]
    srows.sort(key=lambda r: order[r['case']])
    lrows.sort(key=lambda r: (order[r['case']], r['fraction']))
    runs = [r for r in old.get('runs', []) if set(r[0]) - done] + \
        ([[sorted(done), time.time() - t0]] if done else [])
    # booksim_refresh.py's note (icnx columns recomputed alone), kept until
    # a case runs again
    refreshed = old.get('refreshed') if not done else None
    json.dump(dict(s=srows, l=lrows, runs=runs, refreshed=refreshed), open(cache, 'w'))
    write_csv('booksim-engine-saturation.csv', srows,
              ['case', 'network', 'L', 'vcs', 'buf', 'booksim', 'bracket', 'icnx', 'diff_pct'])
    write_csv('booksim-engine-loaded.csv', lrows,
              ['case', 'fraction', 'load', 'booksim_mean', 'booksim_lo', 'booksim_hi',
               'icnx_mean', 'icnx_lo', 'icnx_hi', 'diff_pct', 'ok'])
    md = ['## BookSim 2 against icnx\'s BookSim engine (sim.timing = booksim)\n',
          'Generated by `tests/validate/booksim.py --engine`%s. icnx\'s `sim.timing = booksim` '
          'runs BookSim\'s input-queued router as its own engine (src/sim/iqrouter.c, '
          'docs/ARCHITECTURE.md): per-VC buffers with credits, VC and switch allocation by '
          'iSLIP (one iteration, round-robin pointers), one flit per input and output port a '
          'cycle, Bernoulli injection. BookSim: the set-up of booksim.md (`%s`, up*/down* '
          'routing from the patch, uniform traffic without the source) with the packet '
          'length L, virtual channels V and flits per VC buffer B of each case; three seeds a '
          'point, 95%% interval (Student t). icnx: %d warm-up and %d measured messages a '
          'point. Loads in flits/node/cycle.\n'
          % (' --quick' if quick else '', TIMING.strip(), ICNX_WARMUP, ENGINE_MEASURED),
          '### Saturation\n',
          'Lowest offered load whose accepted load falls below 95% of it; BookSim by '
          'bisection (bracket, seed 1), icnx by its `-o saturation` (the same rule). Where '
          'the accepted load levels off (the network at its throughput ceiling), accepted '
          '/ offered stays near 0.95 over a range of loads, and the estimate moves with '
          'the seed and with how each simulator measures its window (BookSim: accepted '
          'flit rate over its sample periods; icnx: messages delivered against messages '
          'generated in the measured window) by several percent; compare the accepted '
          'load at the same offered load there. icnx searches below the channel-load bound '
          '(icnx(1)): a value that is the bound less 1/256 had no saturated probe and is a '
          'floor, not a crossing (autonet10-L32-V2: the seed study below).\n',
          md_table(srows, ['case', 'network', 'L', 'vcs', 'buf', 'booksim', 'bracket', 'icnx',
                           'diff_pct'],
                   ['case', 'network', 'L', 'V', 'B', 'BookSim', 'bracket', 'icnx',
                    'difference %']) + '\n',
          '### Mean packet latency (cycles) at 10-70% of BookSim\'s saturation\n',
          '`ok`: within 3% of BookSim\'s mean or inside its interval.\n',
          md_table(lrows, ['case', 'fraction', 'load', 'booksim_mean', 'booksim_lo',
                           'booksim_hi', 'icnx_mean', 'icnx_lo', 'icnx_hi', 'diff_pct', 'ok'],
                   ['case', 'of sat.', 'load', 'BookSim', 'lower', 'upper', 'icnx',
                    'icnx lower', 'icnx upper', 'difference %', 'ok']) + '\n']
    worst = sorted((r for r in lrows if isinstance(r.get('diff_pct'), float)),
                   key=lambda r: -abs(r['diff_pct']))[:3]
    wsat = sorted((r for r in srows if isinstance(r.get('diff_pct'), float)),
                  key=lambda r: -abs(r['diff_pct']))[:1]
    md.append('Largest differences: %s; saturation %s. %d of %d loaded points ok.\n' % (
        ', '.join('%s at %.0f%% %+.2f%%' % (r['case'], 100 * r['fraction'], r['diff_pct'])
                  for r in worst),
        ', '.join('%s %+.2f%%' % (r['case'], r['diff_pct']) for r in wsat) or 'none',
        sum(r['ok'] == 'yes' for r in lrows), len(lrows)))
    md.append('Commands (icnx side): %s\n' % '; '.join(
        '`%s`' % r['cmd'] for r in srows[:1] + lrows[:1]))
    md.append('CSV: `booksim-engine-saturation.csv`, `booksim-engine-loaded.csv`.%s\n'
              % (' Run times (BookSim and icnx, nice -n 10 on a shared 2-core machine): %s.'
                 % '; '.join('%.0f s (%s)' % (sec, ', '.join(c)) for c, sec in runs)
                 if runs else ''))
    if refreshed:
        md.append(refreshed + '\n')
    seeds = os.path.join(OUT, 'booksim-engine-seeds.md')   # booksim_seeds.py's piece
    if os.path.exists(seeds):
        md.append(open(seeds).read().rstrip() + '\n')
    open(os.path.join(OUT, 'booksim-engine.md'), 'w').write('\n'.join(md))
    log('wrote', os.path.join(OUT, 'booksim-engine.md'))
    return 0


# ---------------------------------------------------------------- output

SPEED_COLS = ['network', 'fraction', 'load', 'booksim_flit_hops', 'booksim_cpu_s',
              'booksim_mfh_per_s', 'icnx_flit_hops', 'icnx_cpu_s', 'icnx_mfh_per_s', 'ratio']


def fmt(v, nd=6):
    if v is None:
        return 'pending'
    if isinstance(v, float):
        if math.isnan(v):
            return ''
        return '%.*g' % (nd, v)
    return str(v)


def write_csv(name, rows, cols):
    path = os.path.join(OUT, name)
    with open(path, 'w') as f:
        f.write(','.join(cols) + '\n')
        for r in rows:
            f.write(','.join(fmt(r.get(c)) for c in cols) + '\n')
    return path


def md_table(rows, cols, heads):
    out = ['| ' + ' | '.join(heads) + ' |', '|' + '---|' * len(heads)]
    for r in rows:
        out.append('| ' + ' | '.join(fmt(r.get(c), 4) for c in cols) + ' |')
    return '\n'.join(out)


def previous_from_csv():
    """The last run's rows, read back from its CSV files: z(ero-load),
    s(aturation), l(oaded), sp(eed) and low (the low-load timing check)."""
    def conv(v):
        if v in ('', 'pending'):
            return None if v == 'pending' else math.nan
        try:
            return int(v) if re.match(r'^-?\d+$', v) else float(v)
        except ValueError:
            return v
    out = {}
    for key, name in (('z', 'zero-load'), ('s', 'saturation'), ('l', 'loaded'), ('sp', 'speed'),
                      ('low', 'low-load')):
        path = os.path.join(OUT, 'booksim-%s.csv' % name)
        if not os.path.exists(path):
            out[key] = []
            continue
        with open(path) as f:
            out[key] = [{k: conv(v) for k, v in r.items()} for r in csv.DictReader(f)]
    md = os.path.join(OUT, 'booksim.md')
    got = re.search(r'^icnx columns recomputed .*$', open(md).read(), re.M) \
        if os.path.exists(md) else None
    out['refreshed'] = got.group(0) if got else None
    return out


def speed_md(sprows, timed=None):
    """booksim.md's speed section (its blocks, each ending in a newline);
    timed: where and when --speed-only timed the rows, or None."""
    tot_fh = sum(r['booksim_flit_hops'] for r in sprows)
    tot_cpu = sum(r['booksim_cpu_s'] for r in sprows)
    md = []
    md.append('### Speed on the same workload\n')
    md.append('Flit-hops: one flit crossing one channel (injection, network and ejection '
              'channels). BookSim: %.3g flit-hops in %.1f CPU s over the loaded runs and '
              'the speed-only runs at %s of its saturation (same workload, no latency row), '
              '%.3f M flit-hops per CPU second (range %.3f-%.3f). icnx: the same networks, '
              'routing, loads and message length, 2000 warm-up and 20000 measured messages '
              'per point; its flit-hops are its `sim_flit_hops` column, or where absent its '
              'messages times the flit-hops of a mean route.%s\n'
              % (tot_fh, tot_cpu, ', '.join(str(f) for f in SPEED_FRACS),
                 tot_fh / tot_cpu / 1e6 if tot_cpu else math.nan,
                 min((r['booksim_mfh_per_s'] for r in sprows), default=math.nan),
                 max((r['booksim_mfh_per_s'] for r in sprows), default=math.nan),
                 ' ' + timed if timed else ''))
    md.append(md_table(sprows, ['network', 'fraction', 'booksim_flit_hops', 'booksim_cpu_s',
                                'booksim_mfh_per_s', 'icnx_flit_hops', 'icnx_cpu_s',
                                'icnx_mfh_per_s', 'ratio'],
                       ['network', 'of sat.', 'BookSim flit-hops', 'CPU s', 'M/CPU s',
                        'icnx flit-hops', 'icnx CPU s', 'icnx M/CPU s', 'icnx/BookSim']) + '\n')
    return md


def icnx_version(icnx):
    """icnx --version's first line, or '?'."""
    try:
        r = subprocess.run([icnx, '--version'], stdout=subprocess.PIPE, text=True)
        return r.stdout.splitlines()[0].strip() if r.stdout else '?'
    except OSError:
        return '?'


def speed_report(exe, icnx, quick, only, fracs=SPEED_FRACS):
    """--speed-only: BookSim's speed at fracs (default SPEED_FRACS) of the
    saturation in booksim-saturation.csv (no other check), on the loaded
    runs' workload and seeds, and icnx's at the same loads, merged into
    booksim-speed.csv and booksim.md's speed section (the other rows and
    sections kept).  With every fraction of the table, both columns of
    every row are timed on this machine in one run (the report says where
    and when)."""
    prev = previous_from_csv()
    sats = {r['network']: r['booksim'] for r in prev['s']}
    new = []
    for spec in NETWORKS:
        name = spec['name']
        if not spec.get('sim') or name not in sats or (only and name not in only.split(',')):
            continue
        net = Net(spec, icnx)
        if not icnx_timing_ok(icnx, net):
            continue
        for frac in fracs:
            log(name, '- speed at %.2f of %.4f' % (frac, sats[name]))
            new.append(speed_only(exe, icnx, net, frac, frac * sats[name], quick))

    def key(r):
        return (r['network'], float(r['fraction']))
    done = {key(r) for r in new}
    order = {n['name']: i for i, n in enumerate(NETWORKS)}
    kept = [r for r in prev['sp'] if key(r) not in done]
    rows = kept + new
    rows.sort(key=lambda r: (order.get(r['network'], 99), float(r['fraction'])))
    write_csv('booksim-speed.csv', rows, SPEED_COLS)
    timed = None
    if new and not kept:
        cpu = '?'
        try:
            for line in open('/proc/cpuinfo'):
                if line.startswith('model name'):
                    cpu = line.split(':', 1)[1].strip()
                    break
        except OSError:
            pass
        timed = ('Every row of this table, BookSim\'s and icnx\'s columns, was timed in one '
                 'run on one machine (%s, %d cores), %s UTC, %s: '
                 '`booksim.py --speed-only --speed-fracs %s`.'
                 % (cpu, os.cpu_count() or 0, time.strftime('%Y-%m-%d %H:%M', time.gmtime()),
                    icnx_version(icnx), ','.join(str(f) for f in fracs)))
    path = os.path.join(OUT, 'booksim.md')
    md = open(path).read()
    start = md.index('### Speed on the same workload\n')
    end = md.index('CSV: `booksim-zero-load.csv`', start)
    open(path, 'w').write(md[:start] + '\n'.join(speed_md(rows, timed)) + '\n' + md[end:])
    log('wrote', path)
    return 0


def fractions(text):
    """--speed-fracs: comma-separated fractions of the saturation, each in
    (0, 1]; argparse names the option and the value otherwise."""
    try:
        fr = tuple(float(f) for f in text.split(','))
    except ValueError:
        raise argparse.ArgumentTypeError('%r: not a comma-separated list of numbers' % text)
    bad = [f for f in fr if not 0 < f <= 1]
    if bad:
        raise argparse.ArgumentTypeError('%r: each fraction must be in (0, 1], not %g'
                                         % (text, bad[0]))
    return fr


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--quick', action='store_true', help='short runs (a smoke test)')
    ap.add_argument('--icnx', default=os.path.join(ROOT, 'icnx'))
    ap.add_argument('--only', help='comma-separated network names')
    ap.add_argument('--assemble', action='store_true',
                    help='run nothing: write the report from the last runs '
                         '(build/validate/booksim-results.json)')
    ap.add_argument('--zero-only', default='',
                    help='comma-separated network names checked at zero load only')
    ap.add_argument('--engine', nargs='?', const='', default=None, metavar='CASES',
                    help='run only the engine cases (comma-separated names, default all; '
                         '"-": none, rewrite booksim-engine.md from the last results)')
    ap.add_argument('--speed-only', action='store_true',
                    help='only BookSim\'s speed at %s of the saturation in '
                         'booksim-saturation.csv, merged into booksim-speed.csv and '
                         'booksim.md (with --only: those networks)'
                         % ', '.join(str(f) for f in SPEED_FRACS))
    ap.add_argument('--speed-fracs', type=fractions, default=SPEED_FRACS,
                    help='with --speed-only: the fractions of the saturation to time '
                         '(default %s; 0.1,0.2,0.3,0.4,0.5,0.9 times every row '
                         'of the speed table again, BookSim\'s and icnx\'s)'
                         % ','.join(str(f) for f in SPEED_FRACS))
    a = ap.parse_args()
    os.chdir(ROOT)
    os.makedirs(OUT, exist_ok=True)
    exe = None if a.assemble else build_booksim()
    global MODE_ON
    mode = MODE_ON = icnx_booksim_mode(a.icnx)
    if a.engine is not None:
        return engine_report(exe, a.icnx, a.quick, a.engine)
    if a.speed_only:
        return speed_report(exe, a.icnx, a.quick, a.only, a.speed_fracs)
    nets = [] if a.assemble else \
        [n for n in NETWORKS if not a.only or n['name'] in a.only.split(',')]
    if a.assemble:
        a.only = '-'
    zrows, srows, lrows, sprows = [], [], [], []
    t_start = time.time()
    for spec in nets:
        net = Net(spec, a.icnx)
        log(net.name, '- zero load')
        zrows += zero_load(exe, a.icnx, net, a.quick)
        if net.name in a.zero_only.split(','):
            continue
        log(net.name, '- saturation')
        s = saturation(exe, a.icnx, net, a.quick)
        srows.append(s)
        if not spec.get('sim') or not icnx_timing_ok(a.icnx, net):
            continue    # no icnx equivalent: zero load and saturation only
        log(net.name, '- loaded runs at 10..50%% of %.4f' % s['booksim'])
        lr, sp = loaded(exe, a.icnx, net, s['booksim'], a.quick)
        lrows += lr
        sprows += sp
    # --only: keep the other networks' rows from the last run
    cache = os.path.join(WORK, 'booksim-results.json')
    done = {n['name'] for n in nets}
    notes = {n['name']: n['icnx_note'] for n in nets if 'icnx_note' in n}
    if a.only and not os.path.exists(cache) and \
            os.path.exists(os.path.join(OUT, 'booksim-speed.csv')):
        json.dump(previous_from_csv(), open(cache, 'w'))
    if a.only and os.path.exists(cache):
        old = json.load(open(cache))
        keep = [n['name'] for n in NETWORKS if n['name'] not in done]
        for key, rows in (('z', zrows), ('s', srows), ('l', lrows), ('sp', sprows)):
            rows += [r for r in old.get(key, []) if r['network'] in keep]
        notes.update({k: v for k, v in old.get('notes', {}).items() if k in keep})
        order = {n['name']: i for i, n in enumerate(NETWORKS)}
        for rows in (zrows, srows, lrows, sprows):
            rows.sort(key=lambda r: order.get(r['network'], 99))
    lowrows = list(LOW_LOAD)
    if a.only and os.path.exists(cache):
        lowrows += [r for r in old.get('low', []) if r['network'] in keep]
        lowrows.sort(key=lambda r: order.get(r['network'], 99))
    # icnx columns recomputed by booksim_refresh.py: said under the tables
    refreshed = old.get('refreshed') if a.only and os.path.exists(cache) else None
    json.dump(dict(z=zrows, s=srows, l=lrows, sp=sprows, notes=notes, low=lowrows,
                   refreshed=refreshed), open(cache, 'w'))
    no_sim = {n['name'] for n in NETWORKS if not n.get('sim')}
    for s in srows:
        if s['network'] in no_sim:
            s['icnx'], s['diff_pct'] = 'no equivalent', 'n/a'
            continue
        s['diff_pct'] = (100.0 * (s['icnx'] - s['booksim']) / s['booksim']
                         if isinstance(s.get('icnx'), float) else None)
    write_csv('booksim-zero-load.csv', zrows,
              ['network', 'flits', 'routers', 'pairs', 'exact', 'booksim_min', 'T0', 'icnx', 'ok'])
    write_csv('booksim-saturation.csv', srows,
              ['network', 'booksim', 'bracket', 'deadlock', 'icnx', 'diff_pct'])
    write_csv('booksim-loaded.csv', lrows,
              ['network', 'fraction', 'load', 'booksim_mean', 'booksim_lo', 'booksim_hi',
               'accepted', 'icnx_mean', 'icnx_lo', 'icnx_hi', 'diff_pct'])
    write_csv('booksim-speed.csv', sprows, SPEED_COLS)
    zcases = len(zrows)
    zok = sum(r['ok'] == 'yes' for r in zrows)
    md = []
    md.append('## BookSim 2 cross-check\n')
    md.append('Generated by `tests/validate/booksim.py`%s (part of `make validate`). BookSim 2 '
              '(upstream 28f43299) is built from `../shared/tools/booksim2-src.tar.gz` into '
              '`build/validate/` with `tests/validate/booksim-updown.patch`: up*/down* routing '
              '(BookSim\'s own `min` routing takes one shortest path and deadlocks on cyclic '
              'networks), uniform traffic without the source, per-pair minimum latencies and '
              'flit-hop counters. The patch is never part of icnx. Networks come from icnx '
              '`-o anynet`; wormhole timing `%s` with %d-flit buffers per virtual channel '
              '(the credit loop is 5 cycles, so a channel streams one flit per cycle), one '
              'virtual channel, Bernoulli injection.\n'
              % (' --quick' if a.quick else '', TIMING.strip(), VC_BUF))
    if mode is None:
        md.append('**icnx side: pending.** This icnx has no BookSim timing mode yet; the icnx '
                  'columns read "pending" until it lands (hooks `icnx_*` in booksim.py).\n')
    shown = {r['network'] for r in zrows}
    missing = [n['name'] for n in NETWORKS if n['name'] not in shown]
    if missing:
        md.append('**Not in this run** (cut short; rerun `make validate`): %s.\n'
                  % ', '.join(missing))
    nlines = ['- %s: %s' % (n['name'], notes.get(n['name'], n.get('note')))
              for n in NETWORKS if n['name'] in shown and (n['name'] in notes or 'note' in n)]
    if nlines:
        md.append('Notes on the icnx side:\n\n' + '\n'.join(nlines) + '\n')
    md.append('### Zero-load latency: T0 = (L-1) + 2 + 4R\n')
    md.append('%d of %d cases exact (network, packet length L, routers R on the shortest legal '
              'route): the smallest latency BookSim measured over the pairs at that R equals '
              'T0; `exact` counts the pairs whose own minimum equals T0 (others saw only '
              'contended packets).\n' % (zok, zcases))
    md.append(md_table(zrows, ['network', 'flits', 'routers', 'pairs', 'exact', 'booksim_min',
                               'T0', 'icnx', 'ok'],
                       ['network', 'L', 'R', 'pairs', 'exact', 'BookSim min', 'T0', 'icnx',
                        'BookSim = T0']) + '\n')
    md.append('icnx\'s BookSim timing at low load (every network with an icnx equivalent): '
              'the mean latency of %d-flit packets at 0.0005 flits/node/cycle against BookSim\'s '
              'mean T0 = (L-1) + 2 + 4 E[R] over the pairs; within 2%% or the loaded rows '
              'below are not run.\n' % LOADED_FLITS)
    md.append(md_table(lowrows, ['network', 'T0_mean', 'icnx_mean', 'icnx_lo', 'icnx_hi',
                                 'diff_pct', 'ok'],
                       ['network', 'mean T0', 'icnx mean', 'lower 95%', 'upper 95%',
                        'difference %', 'within 2%']) + '\n')
    write_csv('booksim-low-load.csv', lowrows,
              ['network', 'load', 'T0_mean', 'icnx_mean', 'icnx_lo', 'icnx_hi', 'diff_pct', 'ok'])
    md.append('### Saturation throughput (flits/node/cycle, %d-flit packets)\n' % LOADED_FLITS)
    md.append('Lowest offered load whose accepted load falls below 95% of it (bisection).\n')
    md.append(md_table(srows, ['network', 'booksim', 'bracket', 'deadlock', 'icnx', 'diff_pct'],
                       ['network', 'BookSim', 'bracket', 'deadlock warnings', 'icnx',
                        'difference %']) + '\n')
    md.append('### Loaded: mean packet latency (cycles) at 10-50% of BookSim\'s saturation\n')
    md.append('Three seeds (two with --quick); interval: 95%, Student t. Stated bound for the '
              'icnx difference: 10%.\n')
    md.append(md_table(lrows, ['network', 'fraction', 'load', 'booksim_mean', 'booksim_lo',
                               'booksim_hi', 'icnx_mean', 'diff_pct'],
                       ['network', 'of sat.', 'load', 'BookSim', 'lower', 'upper', 'icnx',
                        'difference %']) + '\n')
    verdict = []
    for n in NETWORKS:
        d = [abs(r['diff_pct']) for r in lrows if r['network'] == n['name'] and
             isinstance(r.get('diff_pct'), float)]
        if d:
            verdict.append('%s %s (largest |difference| %.1f%%)' % (
                n['name'], 'within the bound' if max(d) <= 10 else 'beyond it', max(d)))
    if verdict:
        md.append('Against the 10%% bound: %s. fattree-4p3t takes the lowest up-port in '
                  'BookSim (updown_adaptive = 1, reduced to one output by its OutputSet) and '
                  'climbs by the destination\'s digit in icnx, so it measures the routing, not '
                  'the simulator: fattree-4p3t-dmodk, BookSim routed as icnx, is the '
                  'comparison.\n'
                  % '; '.join(verdict))
    md += speed_md(sprows)
    md.append('CSV: `booksim-zero-load.csv`, `booksim-low-load.csv`, `booksim-saturation.csv`, '
              '`booksim-loaded.csv`, `booksim-speed.csv`. %s\n'
              % ('Assembled (--assemble) from the last runs\' results, '
                 'build/validate/booksim-results.json.' if a.assemble else
                 'Run time of this part: %.0f s.' % (time.time() - t_start)))
    if refreshed:
        md.append(refreshed + '\n')
    open(os.path.join(OUT, 'booksim.md'), 'w').write('\n'.join(md))
    log('wrote', os.path.join(OUT, 'booksim.md'))
    if not a.assemble and not a.only:
        engine_report(exe, a.icnx, a.quick)
    return 0 if zok == zcases else 1


if __name__ == '__main__':
    sys.exit(main())
