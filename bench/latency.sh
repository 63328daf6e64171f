#!/bin/sh
# bench/latency.sh: a safe line's Enter-to-output latency, guardsh against
# bash in the same kind of terminal.
#
# A pty driver starts `guardsh` and `bash --norc -i` on ptys of their own,
# waits for each one's prompt, then RUNS (default 40) times, alternating
# between the two shells: types `echo x`, then Enter, and times from the
# Enter to the `x` line in the output, then waits for the next prompt.
# Prints the median and range of each and their ratio.
#
# Usage: bench/latency.sh [path/to/guardsh ...]   (default: builds one;
# several binaries are measured side by side, alternating, with bash).
# bench/latencyfloor builds a shell of guardsh's shape (a second process,
# a second pty) that does no work on the line, for measuring beside them;
# bench/latencydirect the same with real bash, relayed or writing
# straight to the terminal.
# EXECUTOR=interpreter (or bash) sets the executor in guardsh's config;
# without it the default runs lines.
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
mkdir -p "$tmp/home/state/guardsh" "$tmp/home/config/guardsh"
: >"$tmp/home/config/guardsh/config.toml"
if [ -n "${EXECUTOR:-}" ]; then
	printf 'executor = "%s"\n' "$EXECUTOR" >>"$tmp/home/config/guardsh/config.toml"
fi

HOME=$tmp/home python3 - "$@" <<'PY'
import os, pty, select, sys, time, re, statistics

home = os.environ["HOME"]
env = {"HOME": home, "PATH": "/usr/local/bin:/usr/bin:/bin", "TERM": "xterm",
       "XDG_STATE_HOME": home + "/state", "XDG_CONFIG_HOME": home + "/config",
       "USER": "bench", "NO_COLOR": "1", "GUARDSH_PROMPT": "BENCH> ",
       "PS1": "BENCH> ", "HISTFILE": home + "/bash_history"}
PROMPT = re.compile(rb"BENCH> ")
X = re.compile(rb"[\r\n]x\r\n")

def spawn(argv):
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(home)
        os.execve(argv[0], argv, env)
    return pid, fd

def read_until(fd, pattern, buf=b"", timeout=30):
    end = time.time() + timeout
    while True:
        m = pattern.search(buf)
        if m:
            return buf[m.end():]
        if time.time() > end:
            raise SystemExit("timed out; got %r" % buf[-200:])
        r, _, _ = select.select([fd], [], [], 0.5)
        if r:
            buf += os.read(fd, 1 << 16)

def one(fd):
    os.write(fd, b"echo x")
    # Let the shell echo what was typed, so that only the Enter is timed.
    read_until(fd, re.compile(rb"echo x"))
    t0 = time.perf_counter()
    os.write(fd, b"\r")
    rest = read_until(fd, X)
    t = (time.perf_counter() - t0) * 1000
    read_until(fd, PROMPT, rest)
    return t

shells = [("bash", ["/bin/bash", "--norc", "--noprofile", "-i"])]
for i, b in enumerate(sys.argv[1:]):
    shells.append(("guardsh" if len(sys.argv) == 2 else "guardsh#%d %s" % (i + 1, b), [b]))
procs = []
for name, argv in shells:
    pid, fd = spawn(argv)
    read_until(fd, PROMPT)
    one(fd)  # warm-up
    procs.append((name, pid, fd))
RUNS = int(os.environ.get("RUNS", "40"))
times = {name: [] for name, _, _ in procs}
for i in range(RUNS):
    order = procs if i % 2 == 0 else procs[::-1]
    for name, pid, fd in order:
        times[name].append(one(fd))
for name, pid, fd in procs:
    os.write(fd, b"exit\r")
    time.sleep(0.1)
    try:
        os.kill(pid, 9)
    except OSError:
        pass
    os.waitpid(pid, 0)
med = statistics.median
print("Enter to output of `echo x`, %d alternating runs (ms):" % RUNS)
b = med(times["bash"])
for name, _, _ in procs:
    t = sorted(times[name])
    q1, q3 = t[len(t) // 4], t[3 * len(t) // 4]
    print("  %-24s median %6.2f  quartiles %.2f-%.2f  range %.2f-%.2f  (%.2fx bash)" % (name, med(t), q1, q3, t[0], t[-1], med(t) / b))
PY
