#!/usr/bin/env python3
"""check-man-examples.py: every example in the man pages is true.

Runs the '$ ' commands of the literal blocks of mdoc pages (in a scratch
directory that links presets/ and tests/ of the tree and holds the files in
tests/man-examples/, with ICNX's directory first on PATH) and compares their
output with the page.  Output lines starting with 4 spaces continue the
previous line (pages break long lines that way).  Exit 1 on any mismatch.
Usage: tests/check-man-examples.py ICNX PAGE..."""
import os, subprocess, sys, tempfile, difflib
import shutil
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
icnx = os.path.abspath(sys.argv[1])
bindir = tempfile.mkdtemp()
os.symlink(icnx, os.path.join(bindir, 'icnx'))
home = tempfile.mkdtemp()
work = tempfile.mkdtemp()
fixtures = os.path.join(root, 'tests', 'man-examples')
for f in os.listdir(fixtures):
    shutil.copy(os.path.join(fixtures, f), work)
for d in ('presets', 'tests'):
    os.symlink(os.path.join(root, d), os.path.join(work, d))
env = dict(os.environ, PATH=bindir + ':' + os.environ['PATH'], HOME=home, LC_ALL='C.UTF-8')
env.pop('XDG_CONFIG_HOME', None); env.pop('ICNX_PRESETS_DIR', None)
def unesc(l): return l.replace('\\e', '\\').replace('\\&', '')
bad = 0
for page in sys.argv[2:]:
    lines = open(page).read().split('\n')
    cwd = work
    i = 0
    while i < len(lines):
        if not lines[i].startswith('.Bd -literal'):
            i += 1; continue
        j = i + 1; block = []
        while not lines[j].startswith('.Ed'):
            block.append(unesc(lines[j])); j += 1
        i = j + 1
        if not block or not block[0].startswith('$ '):
            continue
        k = 0
        while k < len(block):
            if not block[k].startswith('$ '):
                k += 1; continue
            cmd = block[k][2:]; k += 1
            def more(c):
                c2 = c.rstrip()
                if c2.endswith('\\') or c2.endswith('|'): return True
                if c.count('"') % 2: return True
                if c.lstrip().startswith('for ') and not c2.endswith('done'): return True
                return False
            while more(cmd) and k < len(block):
                if cmd.rstrip().endswith('\\'):
                    cmd = cmd.rstrip()[:-1] + ' ' + block[k].strip()
                else:
                    cmd = cmd + '\n' + block[k]
                k += 1
            exp = []
            while k < len(block) and not block[k].startswith('$ '):
                if block[k].startswith('    ') and exp and 'gnuplot' not in cmd:
                    exp[-1] += ' ' + block[k].strip()
                else:
                    exp.append(block[k])
                k += 1
            exp = [e.rstrip() for e in exp]
            if cmd.startswith('cd '):
                cwd = os.path.normpath(os.path.join(cwd, cmd[3:].strip())); continue
            r = subprocess.run(['bash', '-c', cmd], cwd=cwd, env=env, capture_output=True, text=True)
            got = [g.rstrip() for g in (r.stdout + r.stderr).replace('\f', '').split('\n')]
            while got and got[-1] == '': got.pop()
            while exp and exp[-1] == '': exp.pop()
            if 'gnuplot' in cmd:
                got = [g for g in got if g]; exp = [e for e in exp if e]
            if not exp:
                print('run  %s: %s (rc %d, output not shown in page)' % (os.path.basename(page), cmd.split('\n')[0][:60], r.returncode))
                if r.returncode: bad += 1; print('\n'.join(got[:5]))
                continue
            if got != exp:
                bad += 1
                print('=== MISMATCH %s: %s' % (page, cmd))
                for d in difflib.unified_diff(exp, got, 'page', 'program', lineterm=''):
                    print(d)
            else:
                print('ok   %s: %s' % (os.path.basename(page), cmd.split('\n')[0][:70]))
print('mismatches:', bad)
sys.exit(1 if bad else 0)
