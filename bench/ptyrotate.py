# bench/ptyrotate.py: the pty output rate of several guardsh binaries and
# a plain pty in one rotation, for comparing binaries on a loaded machine.
#
#   python3 bench/ptyrotate.py ROUNDS path/to/guardsh...
#
# Starts one interactive guardsh per binary (each on a pty of its own,
# HOME and XDG_* in a temporary directory), then ROUNDS rounds in which
# `seq 1 2000000` runs on a plain pty and through each binary, the order
# rotated (and reversed every other round), read as bench/interactive.sh
# reads it. Prints each side's median time, and for each binary the
# median of its ratio to the plain pty's run of the same round (the plain
# pty's runs vary most, and here every binary is measured against the
# same ones) and its front end's CPU a run. COUNT changes the 2000000.
# Runs nothing destructive.
import os, pty, select, time, re, sys, tempfile, statistics
R = int(sys.argv[1]); bins = sys.argv[2:]
COUNT = os.environ.get("COUNT", "2000000")
TARGET = re.compile(b"\n" + COUNT.encode() + b"\r\n")
PROMPT = re.compile(rb"BENCH> (?: \x08|\x1b\[J)")
home = tempfile.mkdtemp()
os.makedirs(home + "/state/guardsh"); os.makedirs(home + "/config/guardsh")
open(home + "/config/guardsh/config.toml", "w").write('ask = "risky"\n')
env = {"HOME": home, "PATH": "/usr/local/bin:/usr/bin:/bin", "TERM": "xterm",
       "XDG_STATE_HOME": home + "/state", "XDG_CONFIG_HOME": home + "/config",
       "USER": "bench", "NO_COLOR": "1", "GUARDSH_PROMPT": "BENCH> "}
def spawn(argv):
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(home); os.execve(argv[0], argv, env)
    return pid, fd
def read_until(fd, pat, buf=b""):
    while not pat.search(buf):
        r, _, _ = select.select([fd], [], [], 0.5)
        if r: buf = buf[-4096:] + os.read(fd, 1 << 16)
    return buf
def task_ns(pid):
    t = 0
    for tid in os.listdir("/proc/%d/task" % pid):
        try: t += int(open("/proc/%d/task/%s/schedstat" % (pid, tid)).read().split()[0])
        except OSError: pass
    return t
sess = []
for b in bins:
    pid, fd = spawn([b]); read_until(fd, PROMPT); sess.append((pid, fd))
def through(i):
    pid, fd = sess[i]
    c0 = task_ns(pid)
    os.write(fd, ("seq 1 %s\r" % COUNT).encode())
    t0 = time.perf_counter(); buf = b""
    while not TARGET.search(buf):
        buf = buf[-16:] + os.read(fd, 1 << 16)
    t = time.perf_counter() - t0
    read_until(fd, PROMPT, buf)
    return t, (task_ns(pid) - c0) / 1e9
def plain():
    p2, f2 = spawn(["/usr/bin/env", "seq", "1", COUNT])
    t0 = time.perf_counter()
    while True:
        try: d = os.read(f2, 1 << 16)
        except OSError: break
        if not d: break
    t = time.perf_counter() - t0
    os.waitpid(p2, 0); os.close(f2)
    return t, 0
for i in range(len(bins)): through(i)
sides = list(range(-1, len(bins)))
times = {s: [] for s in sides}; cpu = {s: [] for s in sides}; ratios = {s: [] for s in sides}
for r in range(R):
    order = sides[r % len(sides):] + sides[:r % len(sides)]
    if r % 2: order.reverse()
    got = {}
    for s in order:
        got[s] = plain() if s < 0 else through(s)
        times[s].append(got[s][0]); cpu[s].append(got[s][1])
    for s in sides[1:]:
        ratios[s].append(got[-1][0] / got[s][0])
med = statistics.median
print("plain: median %.3f s (%.3f-%.3f)" % (med(times[-1]), min(times[-1]), max(times[-1])))
for s in sides[1:]:
    q = statistics.quantiles(ratios[s], n=4) if R > 1 else [ratios[s][0]] * 3
    print("%-6s median %.3f s (%.3f-%.3f)  front end CPU %.3f s  ratio median %.0f%% (quartiles %.0f-%.0f%%)" % (
        os.path.basename(bins[s]), med(times[s]), min(times[s]), max(times[s]), med(cpu[s]), 100 * med(ratios[s]), 100*q[0], 100*q[2]))
for pid, fd in sess:
    os.write(fd, b"exit\r")
time.sleep(0.3)
for pid, fd in sess:
    try: os.kill(pid, 9)
    except OSError: pass
    os.waitpid(pid, 0)
