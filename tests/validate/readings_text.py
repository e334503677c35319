"""readings_text.py: the per-model paragraphs of docs/VALIDATION.md (holds /
breaks / mechanism), written from the numbers modelsim.py measured.  The
mechanisms are the models' own assumptions (icnx-models(7)); the numbers
decide which of them show."""

import math

MECHANISM = {
    'multicluster': (
        'The multi-cluster model (javadi, sharifi) treats every network stage as an '
        'independent M/G/1 server whose blocking probability is the channel\'s '
        'utilisation, adds a source queue per node and one M/G/1 concentrator/dispatcher '
        'queue per cluster (javadi Eq. 32), and draws the level at which an external '
        'message leaves ECN1 from the uniform P_r (Eqs. 22-23). At light load the '
        'blocking terms vanish and the latency is the zero-load journey, which the '
        'simulator reproduces exactly; the concentrator, serving the whole cluster\'s '
        'external traffic at M t_cs per message, is the first queue to saturate in the '
        'javadi presets, so the error near saturation is dominated by how well an M/G/1 '
        'queue with the model\'s service time describes it.'),
    'star': (
        'The star-graph model (kiasari) estimates blocking from the number of profitable '
        'channels at each hop and Dally\'s virtual-channel multiplexing degree V-bar, '
        'iterating S-bar to a fixed point. It assumes the blocking at successive hops is '
        'independent and that the waiting time of a blocked header is the mean service '
        'time of an M/G/1 channel, both of which hold when queues are short.'),
}


def _holds(rows, preset, bound=10.0):
    """Largest fraction up to which |error| <= bound at every point."""
    best = None
    for r in sorted((r for r in rows if r['preset'] == preset), key=lambda r: r['fraction']):
        e = r.get('error_pct')
        if e is None or abs(e) > bound:
            break
        best = r['fraction']
    return best


def paragraphs(curve_rows, sat_rows, verdicts, pending):
    out = ['### Where each model holds and where it breaks\n']
    for family, presets in (('multicluster', ('javadi-n544', 'javadi-n1120', 'sharifi-n592',
                                              'sharifi-n1144')),
                            ('star', ('kiasari-s5-v6', 'kiasari-s5-v9', 'kiasari-s5-v12'))):
        text = [MECHANISM[family]]
        if pending:
            text.append('Simulation pending: the measured side of this paragraph is filled in '
                        'by the next `make validate` once `-o curve --sim` exists.')
        else:
            for p in presets:
                rows = [r for r in curve_rows if r['preset'] == p]
                if not rows:
                    continue
                h = _holds(curve_rows, p)
                errs = ', '.join('%d%%: %+.1f' % (round(100 * r['fraction']), r['error_pct'])
                                 for r in rows if r.get('error_pct') is not None)
                sat = next((s for s in sat_rows if s['preset'] == p), None)
                st = ''
                if sat and sat.get('sim'):
                    st = ' Simulated saturation %.4g against the model\'s %.4g (%+.1f%%).' % (
                        sat['sim'], sat['model'], sat['diff_pct'])
                text.append('%s: holds within 10%% up to %s of lambda_g*; errors %s.%s' % (
                    p, '%d%%' % round(100 * h) if h else 'no load', errs or 'n/a', st))
        out.append('**%s.** %s\n' % (family, ' '.join(text)))
    return '\n'.join(out) + '\n'
