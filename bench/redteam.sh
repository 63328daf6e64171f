#!/bin/bash
# bench/redteam.sh: runs adversarial lines as `guardsh -y -c LINE` for real,
# each in a fresh bubblewrap sandbox as uid 65534, and looks afterwards
# whether the damage happened.
#
#   bench/redteam.sh [-g GUARDSH] [-f CASES] [-o OUTDIR] [PATTERN]
#
# GUARDSH is a guardsh binary (default /tmp/redteam/guardsh; build one with
# `CGO_ENABLED=0 go build -o /tmp/redteam/guardsh .`). CASES is the case
# file (default bench/redteam.cases): one case a line, `ID|EXPECT|LINE`,
# EXPECT one of
#   blocked  run with -y: what it does is blocked, so it must be refused
#            somewhere even so, and nothing protected may change;
#   ask      run without -y and with no terminal: nobody can approve
#            anything above safe, so whatever the line hides must be
#            refused when it shows, and nothing protected may change;
#   ok       a control, run with -y: it must run, status 0, nothing refused;.
# or `info` (only shown: read OUTDIR/ID.err). A `⏎` in LINE is a newline.
# Only cases whose ID matches the grep PATTERN run.
#
# Each case gets its own copy of a tree on the host (OUTDIR/sb), bound into
# the sandbox: a fake home /home/u (dotfiles, ~/.ssh, guardsh's config and
# audit log, a project ~/proj the line starts in), /etc/passwd, /etc/ssh,
# /boot and /dev/sda (a regular file standing for a disk). Everything else
# is the machine's root read-only, with /tmp, /home, /root and /opt on
# tmpfs, every namespace unshared, a timeout, and a pids cgroup (as root:
# pids.max 1024) around the sandbox. Before and after, the tree outside
# ~/proj is listed with modes, sizes and checksums; any change is DAMAGE
# (the audit log may grow, never lose what it had). The line's stderr is
# kept in OUTDIR/ID.err.
#
# Never run this outside a machine where you may run bwrap; it runs the
# lines for real, inside the sandbox only.
set -u
G=/tmp/redteam/guardsh
CASES=$(dirname "$0")/redteam.cases
OUT=/tmp/redteam/out
while getopts g:f:o: o; do
	case $o in
	g) G=$OPTARG ;;
	f) CASES=$OPTARG ;;
	o) OUT=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
PAT=${1:-.}
# Extra programs (busybox, rsync, parallel: the cases that use them fail
# without) may be put in RTBIN, with the libraries they need in RTLIB
# (`apt-get download busybox rsync parallel libpopt0` and `dpkg-deb -x`
# each into one directory); they are bound under /opt/rt. rt, made from
# bench/redteam_rt.c, makes one system call as the line says.
RTBIN=${RTBIN:-/tmp/redteam/root/rtbin}
RTLIB=${RTLIB:-/tmp/redteam/root/usr/lib/x86_64-linux-gnu}
command -v bwrap >/dev/null || { echo "redteam: bwrap is missing" >&2; exit 2; }
[ -x "$G" ] || { echo "redteam: no guardsh at $G" >&2; exit 2; }
mkdir -p "$OUT/bin"
SB=$OUT/sb
[ -d "$RTBIN" ] && cp -a "$RTBIN"/. "$OUT/bin/"
gcc -O1 -o "$OUT/bin/rt" "$(dirname "$0")/redteam_rt.c" || { echo "redteam: cannot build rt" >&2; exit 2; }

# fresh makes the tree the sandbox sees.
fresh() {
	rm -rf "$SB" && mkdir -p "$SB"/home/.ssh "$SB"/home/.config/guardsh \
		"$SB"/home/.local/state/guardsh "$SB"/home/.config/systemd/user \
		"$SB"/home/.config/autostart "$SB"/home/docs "$SB"/home/proj/sub \
		"$SB"/etcssh "$SB"/boot || return
	echo 'export PS1=x' >"$SB"/home/.bashrc
	echo 'PATH=$PATH' >"$SB"/home/.profile
	echo 'PRIVATE KEY' >"$SB"/home/.ssh/id_rsa
	chmod 600 "$SB"/home/.ssh/id_rsa
	echo 'ssh-ed25519 AAAA' >"$SB"/home/.ssh/authorized_keys
	echo '# guardsh config' >"$SB"/home/.config/guardsh/config.toml
	echo '{"seed":1}' >"$SB"/home/.local/state/guardsh/audit.jsonl
	echo 'notes' >"$SB"/home/docs/notes.txt
	printf '[Desktop Entry]\nExec=true\n' >"$SB"/home/.config/autostart/app.desktop
	printf '[Service]\nExecStart=true\n' >"$SB"/home/.config/systemd/user/app.service
	echo 'root:x:0:0:root:/root:/bin/bash' >"$SB"/passwd
	echo 'Port 22' >"$SB"/etcssh/sshd_config
	echo 'kernel' >"$SB"/boot/vmlinuz
	head -c 4096 /dev/zero | tr '\0' 'D' >"$SB"/disk
	printf 'all:\n\ttrue\n' >"$SB"/home/proj/Makefile
	echo 'x' >"$SB"/home/proj/sub/f
}

# manifest lists the protected part of the tree.
manifest() {
	(cd "$SB" && find . -path ./home/proj -prune -o -path ./home/.parallel -prune -o \
		-path ./home/.local/state/guardsh/audit.jsonl -prune -o \
		-path ./home/.local/state/guardsh/history -prune -o \
		-printf '%p %y %m %s %l\n' | sort
	find . -path ./home/proj -prune -o -path ./home/.parallel -prune -o -path ./home/.local/state -prune -o \
		-type f -print0 | sort -z | xargs -0 md5sum)
}

# sandbox runs its arguments in the sandbox.
sandbox() {
	local ro=()
	ro+=(--ro-bind "$OUT/bin" /opt/rt/bin)
	[ -d "$RTLIB" ] && ro+=(--ro-bind "$RTLIB" /opt/rt/lib --setenv LD_LIBRARY_PATH /opt/rt/lib)
	timeout -k 2 "${TMO:-25}" bwrap --ro-bind / / --tmpfs /tmp --tmpfs /home --tmpfs /root \
		--dev /dev --proc /proc --unshare-all --die-with-parent \
		--uid 65534 --gid 65534 --tmpfs /opt --ro-bind "$G" /opt/rt/guardsh "${ro[@]}" \
		--bind "$SB"/home /home/u --bind "$SB"/passwd /etc/passwd \
		--bind "$SB"/etcssh /etc/ssh --bind "$SB"/boot /boot --bind "$SB"/disk /dev/sda \
		--clearenv --setenv HOME /home/u --setenv USER nobody --setenv LANG C.UTF-8 \
		--setenv PATH /usr/local/bin:/usr/bin:/bin:/opt/rt:/opt/rt/bin --setenv TERM dumb \
		--chdir /home/u/proj "$@"
}

CG=
if [ "$(id -u)" = 0 ] && [ -d /sys/fs/cgroup/pids ]; then
	CG=/sys/fs/cgroup/pids/redteam.$$
	mkdir -p "$CG" && echo 1024 >"$CG"/pids.max || CG=
fi

pass=0 fail=0
printf '%-28s %-6s %-8s %s\n' ID EXPECT RESULT LINE
while IFS='|' read -r id expect line; do
	case $id in '' | '#'*) continue ;; esac
	echo "$id" | grep -q -- "$PAT" || continue
	line=${line//⏎/$'\n'}
	fresh || exit 1
	before=$(manifest)
	audit=$(cat "$SB"/home/.local/state/guardsh/audit.jsonl)
	(
		[ -n "$CG" ] && echo $BASHPID >"$CG"/cgroup.procs
		# The sandbox lives 2 s after guardsh returns, for what a daemon
		# the line left would do meanwhile.
		y=-y
		[ "$expect" = ask ] && y=
		sandbox --setenv RT_LINE "$line" --setenv RT_Y "$y" bash -c 'guardsh $RT_Y -c "$RT_LINE"; echo "rc=$?" >&2; sleep 2'
	) </dev/null >"$OUT/$id.out" 2>"$OUT/$id.err"
	after=$(manifest)
	rc=$(grep -o '^rc=[0-9]*' "$OUT/$id.err" | tail -1)
	refused=no
	cat "$OUT/$id.err" "$OUT/$id.out" | grep -q 'guardsh: refused\|guardsh: .*declined\|guardsh: supervisor: .*tried to\|Operation not permitted\|not permitted' && refused=yes
	damage=no
	[ "$before" = "$after" ] || damage=yes
	case $(cat "$SB"/home/.local/state/guardsh/audit.jsonl 2>/dev/null) in
	"$audit"*) ;;
	*) damage=yes ;;
	esac
	if [ $damage = yes ]; then
		diff <(echo "$before") <(echo "$after") >"$OUT/$id.diff"
		result=DAMAGE
	elif [ "$expect" = ok ]; then
		if [ "$rc" = rc=0 ] && [ $refused = no ]; then result=ok; else result=REFUSED; fi
	elif [ $refused = yes ]; then
		result=refused
	else
		result=UNCLEAR # nothing changed, nothing refused: read $id.err
	fi
	case $expect/$result in
	blocked/refused | ask/refused | ok/ok | info/*) pass=$((pass + 1)) ;;
	*) fail=$((fail + 1)) ;;
	esac
	printf '%-28s %-6s %-8s %s %s\n' "$id" "$expect" "$result" "$rc" "$line"
done <"$CASES"
[ -n "$CG" ] && rmdir "$CG" 2>/dev/null
echo "redteam: $pass as expected, $fail not"
[ $fail = 0 ]
