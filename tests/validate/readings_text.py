"""readings_text.py: the per-model paragraphs of docs/VALIDATION.md (where a
model holds, where it breaks, the mechanism), written from the numbers
modelsim.py measured.  The mechanisms are the models' own assumptions
(icnx-models(7)); every figure quoted is taken from the rows, so a rerun
rewrites them."""

import math

FAMILIES = (
    ('multicluster', 'Multi-cluster fat-trees (javadi, sharifi)',
     ('javadi-n544', 'javadi-n1120', 'sharifi-n592', 'sharifi-n1144')),
    ('star', 'Star graph (kiasari)', ('kiasari-s5-v6', 'kiasari-s5-v9', 'kiasari-s5-v12')),
    ('irregular', 'Irregular networks (arnau)',
     ('arnau-autonet10', 'arnau-random16', 'arnau-random24')),
)

MECHANISM = {
    'multicluster': (
        'The model treats every stage of a journey as an independent server whose '
        'blocking probability is the channel\'s utilisation (Eq. 15), adds an M/G/1 source '
        'queue per node (Eq. 19) and one M/D/1 concentrator/dispatcher queue per cluster '
        '(Eq. 32), and draws the level at which an external message leaves ECN1 from P_r '
        '(Eqs. 22-23); its saturation lambda_g* is where the largest cluster\'s '
        'concentrator, serving one message per M t_cs, reaches utilisation 1. The paper '
        'system is that model\'s own: concentrators and dispatchers that store whole '
        'messages, the exit drawn from P_r, a channel held exactly M flit times. What '
        'Eq. 32 does not count is the wormhole path between them: with destination-mod-k '
        'routing every message into a cluster from beyond its ICN2 leaf switch comes down '
        'one ICN2 link that carries that cluster\'s whole incoming traffic, and a message '
        'waiting for it (or for the dispatcher\'s link) holds its path back to the '
        'concentrator, which cannot send the next one (icnx-models(7), the refined model\'s '
        'down-link and dispatcher terms).'),
    'star': (
        'The model (kiasari Eqs. 4-16) blocks a header only when every virtual channel it '
        'may take is busy, multiplies the latency by Dally\'s multiplexing degree V-bar '
        '(Eq. 19), and queues each node\'s messages at lambda_g/V (Eq. 16: V injection '
        'channels fed concurrently). The paper system is that: V source queues per node, '
        'flit-by-flit round robin among the virtual channels of a channel, a channel held '
        'exactly M cycles. Its saturation lambda_g* is where the fixed point of S-bar '
        'disappears.'),
    'irregular': (
        'arnau et al. give no latency model: their claim is that the equivalent distance '
        'of a pair predicts its latency better than the hop count. The simulated curve and '
        'saturation above are therefore the reference itself, and the question is the '
        'correlation table above: per switch pair, simulated latency against T_ij, against '
        'the shortest legal route length and against the graph distance. Under up*/down* a '
        'pair whose shortest legal route is longer than its graph distance is what the '
        'graph distance misses; T_ij (the effective resistance of the pair\'s shortest legal '
        'routes: longer routes raise it, parallel ones lower it) and the route length both '
        'see it. The one physical variant, `next-cycle` (a release cycle per message on '
        'every link), is simulated beside the default.'),
}


def _num(v):
    return v if isinstance(v, float) and math.isfinite(v) else None


def _holds(rows, bound=10.0):
    """Largest fraction up to which |error| <= bound at every point."""
    best = None
    for r in sorted(rows, key=lambda r: r['fraction']):
        e = _num(r.get('error_pct'))
        if e is None or abs(e) > bound:
            break
        best = r['fraction']
    return best


def _pct(f):
    return '%d%%' % round(100 * f)


def _e(v):
    """An error cell as text: +1.2% or why there is none."""
    return '%+.1f%%' % v if _num(v) is not None else (v if isinstance(v, str) else 'n/a')


def _preset_text(p, rows, sat, var, satc, verdicts):
    """One model preset: the model against its own (paper) system, what each
    physical variant adds, the refined model."""
    out = []
    errs = [(r['fraction'], _num(r.get('error_pct'))) for r in rows]
    h = _holds(rows)
    e_txt = ', '.join('%s: %s' % (_pct(r['fraction']), _e(r.get('error_pct'))) for r in rows)
    sign = [e for f, e in errs if e is not None and f >= 0.3]
    trend = ''
    if sign:
        trend = (' The model underestimates' if all(e < 0 for e in sign) else
                 ' The model overestimates' if all(e > 0 for e in sign) else
                 ' The sign of the error changes')
        trend += ' from 30% of its saturation on.'
    ps = next((s for s in sat if s['preset'] == p and s['system'] == 'paper'), None)
    st = ''
    if ps and _num(ps.get('sim')) and _num(ps.get('model')):
        st = (' The paper system saturates at %.4g, the model at %.4g (%+.1f%%).'
              % (ps['sim'], ps['model'], ps['diff_pct']))
    out.append('%s, against its own system: within 10%% %s (errors %s).%s%s'
               % (p, 'up to %s of the model\'s saturation' % _pct(h) if h else
                  'at no load of the sweep', e_txt or 'n/a', trend, st))
    adds = []
    for s in sat:
        if s['preset'] != p or s['system'] == 'paper':
            continue
        v = {x['fraction']: x for x in var if x['preset'] == p and x['system'] == s['system']}
        d = [(f, v[f].get('vs_paper')) for f in (0.1, 0.3, 0.5) if f in v]
        adds.append('`%s` %s the saturation (%s%%)%s' % (
            s['system'], 'lowers' if _num(s.get('vs_paper')) and s['vs_paper'] < 0 else
            'raises' if _num(s.get('vs_paper')) and s['vs_paper'] > 0 else 'leaves',
            '%+.1f' % s['vs_paper'] if _num(s.get('vs_paper')) is not None else 'n/a',
            ' and changes the latency by %s' % ', '.join(
                '%s at %s' % (_e(x), _pct(f)) for f, x in d) if d else ''))
    if adds:
        out.append('What the hardware adds (against the paper system, same loads and seeds): '
                   '%s.' % '; '.join(adds))
    ref = [r for r in rows if _num(r.get('refined_error')) is not None]
    if ref and any(r.get('refined') != r.get('model') for r in rows):
        out.append('The refined model against the paper system: %s.' % ', '.join(
            '%s: %s' % (_pct(r['fraction']), _e(r['refined_error'])) for r in rows))
    rs = [s for s in sat if s['preset'] == p and _num(s.get('refined_diff')) is not None]
    if rs:
        out.append('Refined saturation against each system\'s simulated one: %s.' % ', '.join(
            '%s %+.1f%%' % (s['system'], s['refined_diff']) for s in rs))
        for s in rs:
            sc = [x for x in satc if x['preset'] == p and x['system'] == s['system']]
            worst = [abs(x['refined_error']) for x in sc if _num(x.get('refined_error'))]
            worstp = [abs(x['error_pct']) for x in sc if _num(x.get('error_pct'))]
            def most(errs, key):
                sat = [x for x in sc if x.get(key) == 'model saturated']
                text = 'at most %.1f%%' % max(errs) if errs else 'no number'
                if sat:   # the model saturated where the system carries the load
                    text += ' and saturated from %d%% on' % round(100 * min(
                        x['fraction'] for x in sat))
                return text
            if worst:
                out.append('%s up to 80%% of its simulated saturation: refined |error| %s, '
                           'printed %s.' % (s['system'], most(worst, 'refined_error'),
                                            most(worstp, 'error_pct')))
    mine = [v for v in verdicts if v['preset'] == p and not v['option'].startswith('simulated ')]
    sup = [v for v in mine if v.get('supported') and
           not v['supported'].startswith(('none', 'no effect', 'undecided'))]
    if sup:
        out.append('Readings the paper system supports: %s.' % '; '.join(
            '%s = %s' % (v['option'], v['supported']) for v in sup))
    for v in verdicts:
        if v['preset'] == p and v['option'] == 'simulated traffic.mix':
            out.append('Simulated with every message of the mix\'s mean length (the only '
                       'length the model uses) against the mix: mean |error| (10-70%%) %s, '
                       'supported: %s.' % (' against '.join((v.get('mae') or 'n/a').split(
                           ' / ')), v.get('supported')))
    return ' '.join(out)


def _irregular_text(p, rows, sat, var, corr):
    out = []
    ps = next((s for s in sat if s['preset'] == p and s['system'] == 'paper'), None)
    if ps and _num(ps.get('sim')):
        lat = ', '.join('%s: %.4g' % (_pct(r['fraction']), r['sim_mean'])
                        for r in rows if _num(r.get('sim_mean')))
        out.append('%s saturates at %.4g messages/node/cycle (%.4g flits); mean latency at '
                   'fractions of it %s cycles.' % (p, ps['sim'], 32 * ps['sim'], lat))
    for s in sat:
        if s['preset'] == p and s['system'] != 'paper' and _num(s.get('vs_paper')) is not None:
            v = {x['fraction']: x for x in var if x['preset'] == p and x['system'] == s['system']}
            out.append('`%s` moves the saturation by %+.1f%% and the latency by %s.' % (
                s['system'], s['vs_paper'], ', '.join('%s at %s' % (_e(v[f].get('vs_paper')),
                                                                    _pct(f))
                                                      for f in (0.1, 0.5, 0.7) if f in v)))
    k = [c for c in corr if c['preset'] == p]
    if k:
        d = k[0]
        best = max(('T_ij', d['r_distance']), ('the route length', d['r_length']),
                   ('the graph distance', d['r_hops']), key=lambda t: t[1])
        wins = [c for c in k[1:] if c['r_distance'] > c['r_length']]
        out.append('At its default per-pair load r = %.3f against T_ij, %.3f against the route '
                   'length, %.3f against the graph distance (weighted per-distance means '
                   '%.3f): %s correlates best; from 10%% to 70%% of saturation r against T_ij '
                   'runs %s (route length %s). T_ij beats the graph distance at %s of these '
                   'loads%s.'
                   % (d['r_distance'], d['r_length'], d['r_hops'], d['r_means'], best[0],
                      ', '.join('%.3f' % c['r_distance'] for c in k[1:]) or 'n/a',
                      ', '.join('%.3f' % c['r_length'] for c in k[1:]) or 'n/a',
                      '%d of %d' % (sum(c['r_distance'] > c['r_hops'] for c in k), len(k)),
                      ' and the route length at %s of saturation' % ', '.join(
                          _pct(c['fraction']) for c in wins) if wins else
                      ', the route length at none'))
    return ' '.join(out)


def paragraphs(curve, sat, var, satc, verdicts, corr=()):
    out = ['### Where each model holds and where it breaks\n']
    for family, title, presets in FAMILIES:
        text = [MECHANISM[family]]
        for p in presets:
            rows = [r for r in curve if r['preset'] == p]
            if not rows and not any(s['preset'] == p for s in sat):
                text.append('%s: not in this run.' % p)
            elif family == 'irregular':
                text.append(_irregular_text(p, rows, sat, var, corr))
            else:
                text.append(_preset_text(p, rows, sat, var, satc, verdicts))
        out.append('**%s.** %s\n' % (title, ' '.join(text)))
    return '\n'.join(out) + '\n'


def light_text(rows):
    """The verdicts on stage 0 and the ECN1 exit from the light-load rows:
    which model reading the simulation supports, by how much."""
    out = []
    for r in rows:
        inside = lambda m, lo, hi: lo <= m <= hi
        half = max(r['sim_model_hi'] - r['sim_model'], r['sim_model'] - r['sim_model_lo'])
        s0 = ('the two stage-0 readings are identical (t_cn = t_cs in every network)'
              if r['stage0_gap'] == 0 else
              'the two stage-0 readings differ by %.4g time units (%.3g%%), %s the '
              'simulation\'s half-interval %.3g: at this load the simulation cannot tell '
              'them apart' % (r['stage0_gap'], 100 * r['stage0_gap'] / r['sim_model'],
                              'far below' if abs(r['stage0_gap']) < 0.2 * half else 'against',
                              half)
              if abs(r['stage0_gap']) < half else
              'the simulation (model exit) supports %s: printed is off by %+.3g%%, node-link '
              'by %+.3g%%' % ('node-link' if abs(r['model_node_link'] - r['sim_model']) <
                              abs(r['model_printed'] - r['sim_model']) else 'printed',
                              100 * (r['model_printed'] - r['sim_model']) / r['sim_model'],
                              100 * (r['model_node_link'] - r['sim_model']) / r['sim_model']))
        # the exit is judged with the stage-0 reading the simulation supports
        nl = (abs(r['stage0_gap']) >= half and abs(r['model_node_link'] - r['sim_model']) <
              abs(r['model_printed'] - r['sim_model']))
        mod = r['model_node_link'] if nl else r['model_printed']
        em = 100 * (mod - r['sim_model']) / r['sim_model']
        er = 100 * (mod - r['sim_roots']) / r['sim_roots']
        ex = ('the model (%s%.4g) is %+.2f%% from the simulation that draws the ECN1 exit from P_r '
              '(%.4g, %s its 95%% interval) and %+.2f%% from the one with the concentrator at the '
              'roots (%.4g), so the simulation supports %s: the physical attachment adds %.3g '
              'time units (%.2f%%) at light load that the model\'s P_r does not have'
              % ('node-link, ' if nl else '', mod, em, r['sim_model'],
                 'inside' if inside(mod, r['sim_model_lo'], r['sim_model_hi'])
                 else 'outside', er, r['sim_roots'],
                 'the model\'s exit (ecn1_exit = model)' if abs(em) < abs(er) else
                 'the roots attachment', r['exit_gap'], 100 * r['exit_gap'] / r['sim_model']))
        out.append('%s: %s; %s.' % (r['preset'], s0, ex))
    return ' '.join(out)
