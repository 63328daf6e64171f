#!/bin/sh
# bench/history.sh: what a long history costs the interactive shell.
#
#   1. time from start to the first prompt with a 100,000-line history
#      file, fresh for each start (a start cuts the file back), with the
#      default history_size (10000) and with history_size = 100000;
#   2. peak resident memory (VmHWM) of the front end and the executor
#      with a 100 MB history file, the first prompt's time, what guardsh
#      said about the file, and the file's size afterwards.
#
# Several binaries are measured side by side, STARTS (default 9) times
# each, alternating; medians and ranges are printed.
#
# Usage: bench/history.sh [path/to/guardsh ...]   (default: builds one)
# Needs python3. Runs nothing destructive: HOME and XDG_* point into a
# temporary directory.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -eq 0 ]; then
	(cd "$here" && CGO_ENABLED=0 go build -o "$tmp/guardsh" .)
	set -- "$tmp/guardsh"
fi
seq 1 100000 | sed 's/^/echo history line /' >"$tmp/h100k"
# 100 MB: 1,000,000 lines of about 100 bytes.
seq 1 1000000 | sed 's/$/ git commit -m "a message of some length, as people write them, to make a line of 100"/' >"$tmp/h100m"

TMP=$tmp python3 - "$@" <<'PY'
import os, pty, select, sys, time, re, shutil, statistics

tmp = os.environ["TMP"]
PROMPT = re.compile(rb"BENCH> (?: \x08|\x1b\[J)")

def env_for(home):
    return {"HOME": home, "PATH": "/usr/local/bin:/usr/bin:/bin", "TERM": "xterm",
            "XDG_STATE_HOME": home + "/state", "XDG_CONFIG_HOME": home + "/config",
            "USER": "bench", "NO_COLOR": "1", "GUARDSH_PROMPT": "BENCH> "}

def setup(name, history, size=None):
    home = os.path.join(tmp, name)
    os.makedirs(home + "/state/guardsh", exist_ok=True)
    os.makedirs(home + "/config/guardsh", exist_ok=True)
    with open(home + "/config/guardsh/config.toml", "w") as f:
        if size:
            f.write("history_size = %d\n" % size)
    shutil.copyfile(history, home + "/state/guardsh/history")
    return home

def spawn(bin, home):
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(home)
        os.execve(bin, [bin], env_for(home))
    return pid, fd

def read_until(fd, pattern, buf=b"", timeout=60):
    end = time.time() + timeout
    while not pattern.search(buf):
        if time.time() > end:
            raise SystemExit("timed out; got %r" % buf[-200:])
        r, _, _ = select.select([fd], [], [], 0.5)
        if r:
            try:
                buf += os.read(fd, 1 << 16)
            except OSError:
                raise SystemExit("eof; got %r" % buf[-200:])
    return buf

def stop(pid, fd):
    try:
        os.write(fd, b"exit\r")
        time.sleep(0.1)
        os.kill(pid, 9)
    except OSError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)

def status_kb(pid, key):
    try:
        with open("/proc/%d/status" % pid) as f:
            for l in f:
                if l.startswith(key + ":"):
                    return int(l.split()[1])
    except OSError:
        pass
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

bins = sys.argv[1:]
label = lambda i: "guardsh" if len(bins) == 1 else "#%d %s" % (i + 1, bins[i])
STARTS = int(os.environ.get("STARTS", "9"))
med = statistics.median

def first_prompt(size):
    times = {i: [] for i in range(len(bins))}
    for k in range(STARTS):
        order = list(range(len(bins)))
        if k % 2:
            order.reverse()
        for i in order:
            home = setup("fp%d" % i, tmp + "/h100k", size)
            t0 = time.perf_counter()
            pid, fd = spawn(bins[i], home)
            read_until(fd, PROMPT)
            times[i].append((time.perf_counter() - t0) * 1000)
            stop(pid, fd)
    return times

for size, what in ((None, "history_size default (10000)"), (100000, "history_size = 100000")):
    times = first_prompt(size)
    print("first prompt, 100,000-line history, %s, %d starts each (ms):" % (what, STARTS))
    for i in range(len(bins)):
        t = times[i]
        print("  %-40s median %5.1f  range %.1f-%.1f" % (label(i), med(t), min(t), max(t)))

print("100 MB history file (%d lines), peak RSS (VmHWM) just after the first prompt:" % 1000000)
for i in range(len(bins)):
    fronts, totals, tprompt = [], [], []
    for k in range(3):
        home = setup("mem%d" % i, tmp + "/h100m")
        t0 = time.perf_counter()
        pid, fd = spawn(bins[i], home)
        buf = read_until(fd, PROMPT)
        tprompt.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.3)
        front = status_kb(pid, "VmHWM")
        kids = sum(status_kb(c, "VmHWM") for c in children(pid))
        fronts.append(front / 1024)
        totals.append((front + kids) / 1024)
        msgs = re.findall(rb"guardsh: [^\r\n]*", buf)
        size = os.path.getsize(home + "/state/guardsh/history")
        stop(pid, fd)
    print("  %-40s front end %.1f MiB, with the executor %.1f MiB, first prompt %.0f ms; file afterwards %.1f MB%s" % (
        label(i), med(fronts), med(totals), med(tprompt), size / 1e6,
        ("; said: " + msgs[0].decode(errors="replace")) if msgs else ""))
PY
