#!/bin/sh
# bench/interactive.sh: the interactive shell's speed figures.
#
#   1. time from start to the first prompt, with a 100,000-line history
#      (the file put back before each start: a start cuts it back to
#      history_size; bench/history.sh measures more of this);
#   2. resident memory of the front end and the executor, idle;
#   3. output rate of `seq 1 2000000` through guardsh's pty, against the
#      same command on a plain pty: PAIRS (default 5) alternating pairs,
#      the median ratio and each pair's, with both sides' times.
#
# Usage: bench/interactive.sh [path/to/guardsh]   (default: builds one)
# EXECUTOR=bash measures the interactive bash executor (the default is
# the config's default, the interpreter); ONLY=throughput runs part 3
# alone.
# Needs python3 (for its pty module). Runs nothing destructive: HOME and
# XDG_* point into a temporary directory.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=${1:-}
if [ -z "$bin" ]; then
	(cd "$here" && CGO_ENABLED=0 go build -o "$tmp/guardsh" .)
	bin=$tmp/guardsh
fi
mkdir -p "$tmp/home/state/guardsh" "$tmp/home/config/guardsh"
seq 1 100000 | sed 's/^/echo history line /' >"$tmp/h100k"
printf 'ask = "risky"\n' >"$tmp/home/config/guardsh/config.toml"
if [ -n "${EXECUTOR:-}" ]; then
	printf 'executor = "%s"\n' "$EXECUTOR" >>"$tmp/home/config/guardsh/config.toml"
fi

GUARDSH=$bin HOME=$tmp/home H100K=$tmp/h100k python3 - <<'PY'
import os, pty, select, time, re, shutil, statistics

bin = os.environ["GUARDSH"]
home = os.environ["HOME"]
env = {"HOME": home, "PATH": "/usr/local/bin:/usr/bin:/bin", "TERM": "xterm",
       "XDG_STATE_HOME": home + "/state", "XDG_CONFIG_HOME": home + "/config",
       "USER": "bench", "NO_COLOR": "1", "GUARDSH_PROMPT": "BENCH> "}
PROMPT = re.compile(rb"BENCH> (?: \x08|\x1b\[J)")

def spawn(argv):
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(home)
        os.execve(argv[0], argv, env)
    return pid, fd

def read_until(fd, pattern, buf=b"", timeout=60):
    end = time.time() + timeout
    seen = 0  # search only new output (and a little before it)
    while not pattern.search(buf, max(0, seen - 64)):
        seen = len(buf)
        if time.time() > end:
            raise SystemExit("timed out; got %r" % buf[-200:])
        r, _, _ = select.select([fd], [], [], 0.5)
        if r:
            try:
                d = os.read(fd, 1 << 16)
            except OSError:
                raise SystemExit("eof; got %r" % buf[-200:])
            buf += d
            if len(buf) > 1 << 20:
                seen -= len(buf) - 4096
                buf = buf[-4096:]
    return buf

def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for l in f:
            if l.startswith("VmRSS:"):
                return int(l.split()[1])
    return 0

def children(pid):
    out = []
    for p in os.listdir("/proc"):
        if p.isdigit():
            try:
                st = open("/proc/%s/stat" % p).read()
            except OSError:
                continue
            if int(st.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(p))
    return out

def stop(pid, fd):
    try:
        os.write(fd, b"exit\r")
        time.sleep(0.2)
        os.kill(pid, 9)
    except OSError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)

only_tp = os.environ.get("ONLY") == "throughput"

# 1. First prompt.
times = []
for i in range(1 if only_tp else 7):
    shutil.copyfile(os.environ["H100K"], home + "/state/guardsh/history")
    t0 = time.perf_counter()
    pid, fd = spawn([bin])
    read_until(fd, PROMPT)
    times.append((time.perf_counter() - t0) * 1000)
    if i < 6 and not only_tp:
        stop(pid, fd)
if not only_tp:
  print("first prompt (100,000-line history): median %.1f ms, min %.1f ms over %d starts" % (statistics.median(times), min(times), len(times)))

# 2. Memory, idle.
time.sleep(0.5)
kids = children(pid)
front = rss_kb(pid)
execs = sum(rss_kb(k) for k in kids)
if not only_tp:
  print("idle RSS: front end %.1f MiB + executor %.1f MiB = %.1f MiB" % (front / 1024, execs / 1024, (front + execs) / 1024))

# 3. Throughput: the same command, the same volume, the same reader (this
# loop, 64 KiB reads) on both sides, measured in alternating pairs (the
# order swapped every pair) so that the VM's drift hits both alike.
TARGET = re.compile(rb"\n2000000\r\n")

# CPU, in seconds, from the scheduler's own figures (nanoseconds, every
# thread): the front end; its children (the executor) with what they
# reaped (the program); this process's reaped children (plain's program);
# and the kernel's workers, which move a pty's output from its writer to
# its reader (system-wide: other load shows there too).
def task_ns(pid):
    t = 0
    try:
        for tid in os.listdir("/proc/%d/task" % pid):
            try:
                t += int(open("/proc/%d/task/%s/schedstat" % (pid, tid)).read().split()[0])
            except OSError:
                pass
    except OSError:
        pass
    return t

def reaped_ns(pid):
    try:
        f = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return (int(f[13]) + int(f[14])) * 10**9 // os.sysconf("SC_CLK_TCK")

def workers_ns():
    t = 0
    for p in os.listdir("/proc"):
        if p.isdigit():
            try:
                if open("/proc/%s/comm" % p).read().startswith("kworker"):
                    t += int(open("/proc/%s/schedstat" % p).read().split()[0])
            except OSError:
                pass
    return t

def cpu_now():
    c = os.times()
    return [task_ns(pid), sum(task_ns(k) + reaped_ns(k) for k in kids),
            int((c.children_user + c.children_system) * 1e9), workers_ns()]

def cpu_since(c0):
    return [(b - a) / 1e9 for a, b in zip(c0, cpu_now())]

def through_guardsh(fd):
    # The same reader as plain's: blocking 64 KiB reads, nothing kept but
    # a tail to find the last line in.
    os.write(fd, b"seq 1 2000000\r")
    t0 = time.perf_counter()
    buf = b""
    while not TARGET.search(buf):
        buf = buf[-16:] + os.read(fd, 1 << 16)
    t1 = time.perf_counter()
    read_until(fd, PROMPT, buf)
    return t1 - t0

def plain():
    pid, fd = spawn(["/usr/bin/env", "seq", "1", "2000000"])
    t0 = time.perf_counter()
    n = 0
    while True:
        try:
            d = os.read(fd, 1 << 16)
        except OSError:
            break
        if not d:
            break
        n += len(d)
    t = time.perf_counter() - t0
    os.waitpid(pid, 0)
    os.close(fd)
    return t

PAIRS = int(os.environ.get("PAIRS", "5"))
through_guardsh(fd)  # warm-up: page cache, the executor's first run
ps, gs, ratios, pcpu, gcpu = [], [], [], [], []
for i in range(PAIRS):
    for side in ((0, 1) if i % 2 == 0 else (1, 0)):
        c0 = cpu_now()
        if side == 0:
            ps.append(plain())
            pcpu.append(cpu_since(c0))
        else:
            gs.append(through_guardsh(fd))
            gcpu.append(cpu_since(c0))
    ratios.append(ps[-1] / gs[-1])
stop(pid, fd)
med = statistics.median
def col(runs, i):
    return med([r[i] for r in runs])
print("seq 1 2000000, %d alternating pairs:" % PAIRS)
print("  plain pty       median %.3f s  (%.3f-%.3f)" % (med(ps), min(ps), max(ps)))
print("  through guardsh median %.3f s  (%.3f-%.3f)" % (med(gs), min(gs), max(gs)))
print("  CPU per run, medians: plain: program %.2f s, kernel workers %.2f s" % (col(pcpu, 2), col(pcpu, 3)))
print("    guardsh: front end %.2f s, executor and program %.2f s, kernel workers %.2f s" % (col(gcpu, 0), col(gcpu, 1), col(gcpu, 3)))
ptot = med([sum(r) for r in pcpu])
gtot = med([sum(r) for r in gcpu])
print("  CPU in all: plain %.2f s, guardsh %.2f s (%.0f%%: the rate ratio on a machine with no core to spare)" % (ptot, gtot, 100 * ptot / gtot))
print("  rate ratio guardsh/plain: median %.0f%%  (pairs: %s)" % (100 * med(ratios), " ".join("%.0f%%" % (100 * r) for r in ratios)))
# Which side a pair's ratio moved with: the plain pty's run is the one that
# varies most (its program's CPU doubles when its reader falls behind).
print("  each pair, plain/guardsh s (plain's program CPU): %s" % " ".join(
    "%.2f/%.2f(%.2f)" % (p, g, c[2]) for p, g, c in zip(ps, gs, pcpu)))
PY
