package argv

import "strings"

// The option grammars of the wrappers: programs that take options and then
// run a command given as their remaining words. Each was read from the
// program's manual page (GNU coreutils, util-linux, sudo, OpenSSH, docker).

var (
	sudoSpec = Spec{
		Flags: "AbBEHiknPSs", Valued: "aCcDgpRrTtUu", Optional: "h", Stop: "eKlVv",
		LongFlags:    []string{"askpass", "background", "bell", "preserve-groups", "set-home", "login", "non-interactive", "reset-timestamp", "stdin", "shell", "no-update"},
		LongValued:   []string{"auth-type", "close-from", "chdir", "chroot", "group", "host", "prompt", "role", "type", "command-timeout", "other-user", "user", "login-class"},
		LongOptional: []string{"preserve-env"},
		LongStop:     []string{"edit", "help", "remove-timestamp", "list", "version", "validate"},
		Assigns:      true,
	}
	run0Spec = Spec{
		Flags: "i", Valued: "ugD", Stop: "hV",
		LongFlags:  []string{"no-ask-password", "slice-inherit", "pty", "pipe", "via-shell", "empower", "lightweight"},
		LongValued: []string{"user", "group", "nice", "chdir", "setenv", "unit", "property", "description", "slice", "background", "machine", "shell-prompt-prefix", "area"},
		LongStop:   []string{"help", "version"},
	}
	doasSpec   = Spec{Flags: "ns", Valued: "auC", Stop: "L"}
	pkexecSpec = Spec{LongFlags: []string{"disable-internal-agent", "keep-cwd"}, LongValued: []string{"user"}, LongStop: []string{"help", "version"}}
	envSpec    = Spec{
		Flags: "i0v", Valued: "uCSaPLU", DashFlag: true, Assigns: true,
		LongFlags:    []string{"ignore-environment", "null", "debug", "list-signal-handling"},
		LongValued:   []string{"unset", "chdir", "split-string", "argv0"},
		LongOptional: []string{"block-signal", "default-signal", "ignore-signal"},
		LongStop:     []string{"help", "version"},
	}
	niceSpec    = Spec{Valued: "n", Numeric: true, LongValued: []string{"adjustment"}, LongStop: []string{"help", "version"}}
	ioniceSpec  = Spec{Flags: "t", Valued: "cn", Stop: "pPu", LongFlags: []string{"ignore"}, LongValued: []string{"class", "classdata"}, LongStop: []string{"pid", "pgid", "uid", "help", "version"}}
	nohupSpec   = Spec{LongStop: []string{"help", "version"}}
	setsidSpec  = Spec{Flags: "cfw", LongFlags: []string{"ctty", "fork", "wait"}, LongStop: []string{"help", "version"}}
	timeSpec    = Spec{Flags: "apqv", Valued: "fo", LongFlags: []string{"append", "portability", "quiet", "verbose"}, LongValued: []string{"format", "output"}, LongStop: []string{"help", "version"}}
	timeoutSpec = Spec{
		Flags: "fpv", Valued: "sk", Operands: 1,
		LongFlags: []string{"foreground", "preserve-status", "verbose"}, LongValued: []string{"signal", "kill-after"}, LongStop: []string{"help", "version"},
	}
	commandSpec = Spec{Flags: "p", Stop: "vV"}
	builtinSpec = Spec{}
	execSpec    = Spec{Flags: "cl", Valued: "a"}
	stdbufSpec  = Spec{Valued: "ioe", LongValued: []string{"input", "output", "error"}, LongStop: []string{"help", "version"}}
	chrootSpec  = Spec{Operands: 1, LongFlags: []string{"skip-chdir"}, LongValued: []string{"userspec", "groups"}, LongStop: []string{"help", "version"}}
	flockSpec   = Spec{
		Flags: "sxeunoFv", Valued: "wEc", Operands: 1,
		LongFlags:  []string{"shared", "exclusive", "unlock", "nonblock", "nb", "close", "no-fork", "verbose"},
		LongValued: []string{"timeout", "wait", "conflict-exit-code", "command"},
		LongStop:   []string{"help", "version"},
	}
	tasksetSpec = Spec{Flags: "ac", Stop: "p", Operands: 1, LongFlags: []string{"all-tasks", "cpu-list"}, LongStop: []string{"pid", "help", "version"}}
	chrtSpec    = Spec{
		Flags: "abdefiorRv", Valued: "TPD", Stop: "pm", Operands: 1,
		LongFlags:  []string{"all-tasks", "batch", "deadline", "ext", "fifo", "idle", "other", "rr", "reset-on-fork", "verbose"},
		LongValued: []string{"sched-runtime", "sched-period", "sched-deadline"},
		LongStop:   []string{"pid", "max", "help", "version"},
	}
	nsenterSpec = Spec{
		Flags: "aFZcW", Valued: "tSG", Optional: "muinpUCTrw",
		LongFlags:    []string{"all", "no-fork", "preserve-credentials", "follow-context", "join-cgroup", "keep-caps", "env"},
		LongValued:   []string{"target", "setuid", "setgid", "user-parent"},
		LongOptional: []string{"mount", "uts", "ipc", "net", "pid", "user", "cgroup", "time", "root", "wd", "wdns"},
		LongStop:     []string{"help", "version"},
	}
	unshareSpec = Spec{
		Flags: "frcl", Valued: "RwSG", Optional: "muinpUCT",
		LongFlags:    []string{"fork", "map-root-user", "map-current-user", "keep-caps", "load-interp"},
		LongValued:   []string{"root", "wd", "setuid", "setgid", "propagation", "setgroups", "map-user", "map-group", "map-users", "map-groups", "monotonic", "boottime"},
		LongOptional: []string{"mount", "uts", "ipc", "net", "pid", "user", "cgroup", "time", "mount-proc", "kill-child", "map-auto"},
		LongStop:     []string{"help", "version"},
	}
	setprivSpec = Spec{
		Stop:       "d",
		LongFlags:  []string{"clear-groups", "keep-groups", "init-groups", "no-new-privs", "reset-env"},
		LongValued: []string{"ruid", "euid", "reuid", "rgid", "egid", "regid", "groups", "inh-caps", "ambient-caps", "bounding-set", "securebits", "selinux-label", "apparmor-profile", "landlock-access", "landlock-rule", "pdeathsig"},
		LongStop:   []string{"dump", "help", "version"},
	}
	systemdRunSpec = Spec{
		Flags: "tPqGdSr", Valued: "upEMH",
		LongFlags: []string{"user", "system", "scope", "pty", "pipe", "quiet", "collect", "same-dir", "shell", "wait", "remain-after-exit",
			"no-block", "no-ask-password", "send-sighup", "service-type", "expand-environment", "ignore-failure"},
		LongValued: []string{"unit", "property", "description", "slice", "nice", "working-directory", "uid", "gid", "setenv", "machine", "host",
			"on-active", "on-boot", "on-startup", "on-unit-active", "on-unit-inactive", "on-calendar", "on-clock-change", "on-timezone-change",
			"path-property", "socket-property", "timer-property", "json", "background", "slice-inherit"},
		LongStop: []string{"help", "version"},
	}
	straceSpec = Spec{
		Flags: "cCdDfFhiknqrtTvVwxyYzZ", Valued: "abeEIoOpPsSuUX",
		LongFlags:    []string{"summary-only", "summary", "summary-wall-clock", "follow-forks", "output-separately", "decode-fds", "no-abbrev", "quiet", "seccomp-bpf", "kill-on-exit", "successful-only", "failed-only"},
		LongValued:   []string{"signal", "trace", "status", "output", "attach", "trace-path", "string-limit", "user", "env", "columns", "absolute-timestamps", "timestamps", "inject", "fault", "argv0"},
		LongOptional: []string{"decode-pids", "decode-fds"},
		LongStop:     []string{"help", "version"},
	}
	ltraceSpec   = Spec{Flags: "bcCfhiLrStTV", Valued: "aAeEloOnpsuXxw", LongValued: []string{"align", "output", "library", "indent"}, LongStop: []string{"help", "version"}}
	valgrindSpec = Spec{Flags: "qvd", Stop: "h", LongAny: true, LongFlags: []string{"trace-children", "quiet", "verbose"}, LongStop: []string{"help", "version"}}
	screenSpec   = Spec{Flags: "aAdDfFiLlmOqrRUx", Valued: "cehpSsTt", Stop: "X", LongStop: []string{"help", "version"}}
	watchSpec    = Spec{
		Flags: "bcCegprtwx", Valued: "nq", Optional: "d",
		LongFlags:    []string{"beep", "color", "no-color", "errexit", "chgexit", "precise", "no-rerun", "no-title", "no-wrap", "exec", "no-linewrap"},
		LongValued:   []string{"interval", "equexit", "shotgun"},
		LongOptional: []string{"differences"},
		LongStop:     []string{"help", "version"},
	}
	sshSpec = Spec{
		Flags: "46AaCfGgKkMNnqsTtVvXxYy", Valued: "BbcDEeFIiJLlmOopQRSWw", Operands: 1, Permute: true,
	}
	xargsSpec = Spec{
		Flags: "0oprtx", Valued: "adEILnPsJRS", Optional: "eil",
		LongFlags:    []string{"null", "open-tty", "interactive", "no-run-if-empty", "verbose", "exit", "show-limits"},
		LongValued:   []string{"arg-file", "delimiter", "max-args", "max-procs", "max-chars", "process-slot-var"},
		LongOptional: []string{"eof", "replace", "max-lines"},
		LongStop:     []string{"help", "version"},
	}
	parallelSpec = Spec{
		Flags: "0kqvXmuegrt", Valued: "jSadNnICL",
		LongFlags: []string{"null", "keep-order", "quote", "verbose", "dry-run", "will-cite", "bar", "eta", "progress", "tag", "line-buffer",
			"ungroup", "group", "pipe", "pipepart", "halt-on-error", "no-notice", "shuf", "nice-remote", "xargs", "trim", "tty", "fg", "bg",
			"lb", "plain", "silent", "noswap", "nonall", "onall", "cleanup", "transfer", "files", "csv", "shellquote", "link", "xapply",
			"no-run-if-empty", "group-by", "linebuffer", "keep-order", "controlmaster", "retry-failed"},
		LongValued: []string{"jobs", "sshlogin", "arg-file", "delimiter", "max-args", "joblog", "results", "tmpdir", "workdir", "wd", "timeout",
			"delay", "retries", "colsep", "basefile", "env", "halt", "memfree", "load", "sshloginfile", "slf", "block", "recstart", "recend", "tagstring", "max-replace-args", "nice",
			"transferfile", "return", "header", "block-size", "max-line-length-allowed", "termseq", "sqlmaster", "sqlworker"},
		LongStop: []string{"help", "version"},
	}
	dockerGlobalSpec = Spec{
		Flags:      "Dv",
		Valued:     "Hcl",
		LongFlags:  []string{"debug", "tls", "tlsverify"},
		LongValued: []string{"host", "context", "config", "log-level", "tlscacert", "tlscert", "tlskey"},
	}
	dockerExecSpec = Spec{
		Flags: "dit", Valued: "euw", Operands: 1,
		LongFlags:  []string{"detach", "interactive", "tty", "privileged"},
		LongValued: []string{"env", "env-file", "user", "workdir", "detach-keys"},
	}
	dockerRunSpec = Spec{
		Flags: "dPit", Valued: "aceEhlmpuvw", Operands: 1,
		LongFlags: []string{"detach", "init", "interactive", "no-healthcheck", "oom-kill-disable", "privileged", "publish-all", "quiet", "read-only",
			"rm", "sig-proxy", "tty", "disable-content-trust"},
		LongValued: []string{"attach", "add-host", "annotation", "blkio-weight", "cap-add", "cap-drop", "cgroup-parent", "cgroupns", "cidfile",
			"cpu-period", "cpu-quota", "cpu-shares", "cpus", "cpuset-cpus", "cpuset-mems", "device", "device-cgroup-rule", "dns", "dns-option",
			"dns-search", "domainname", "entrypoint", "env", "env-file", "expose", "gpus", "group-add", "health-cmd", "health-interval",
			"health-retries", "health-start-period", "health-timeout", "hostname", "ip", "ip6", "ipc", "isolation", "kernel-memory", "label",
			"label-file", "link", "log-driver", "log-opt", "mac-address", "memory", "memory-reservation", "memory-swap", "memory-swappiness",
			"mount", "name", "network", "net", "network-alias", "oom-score-adj", "pid", "pids-limit", "platform", "publish", "pull", "restart",
			"runtime", "security-opt", "shm-size", "stop-signal", "stop-timeout", "storage-opt", "sysctl", "tmpfs", "ulimit", "user", "userns",
			"uts", "volume", "volume-driver", "volumes-from", "workdir"},
	}
	misc = Spec{} // options (their values attached with `=`), then the command
)

// wrappers maps a wrapper's name to its grammar.
var wrappers = map[string]*Spec{
	"sudo": &sudoSpec, "run0": &run0Spec, "doas": &doasSpec, "pkexec": &pkexecSpec,
	"env": &envSpec, "nice": &niceSpec, "ionice": &ioniceSpec, "nohup": &nohupSpec, "setsid": &setsidSpec,
	"time": &timeSpec, "timeout": &timeoutSpec, "command": &commandSpec, "builtin": &builtinSpec, "exec": &execSpec,
	"stdbuf": &stdbufSpec, "chroot": &chrootSpec, "flock": &flockSpec, "taskset": &tasksetSpec, "chrt": &chrtSpec,
	"nsenter": &nsenterSpec, "unshare": &unshareSpec, "setpriv": &setprivSpec, "systemd-run": &systemdRunSpec,
	"strace": &straceSpec, "ltrace": &ltraceSpec, "valgrind": &valgrindSpec, "screen": &screenSpec, "watch": &watchSpec,
	"ssh": &sshSpec, "xargs": &xargsSpec, "parallel": &parallelSpec,
	"firejail":    {LongAny: true, LongFlags: []string{"noprofile", "private", "quiet", "seccomp", "nonewprivs", "noroot", "caps", "nogroups", "nosound", "novideo", "no3d", "net"}},
	"proot":       {Flags: "0v", Valued: "rbwqk"},
	"xvfb-run":    {Valued: "nsefpaw", Flags: "lh"},
	"tsp":         {Valued: "LDNEg", Flags: "nfmBd"},
	"prlimit":     {Optional: "cdefilmnqrstuxy", Valued: "o", Stop: "pV", LongAny: true, LongStop: []string{"pid", "help", "version"}},
	"choom":       {Valued: "n", Stop: "p"},
	"numactl":     {Valued: "CNmipPw", Flags: "as", LongValued: []string{"interleave", "preferred", "membind", "cpunodebind", "physcpubind", "localalloc"}},
	"cgexec":      {Valued: "g", LongFlags: []string{"sticky"}},
	"faketime":    {Valued: "f", Flags: "mp", Operands: 1},
	"unbuffer":    {Flags: "p"},
	"fakeroot":    {Valued: "ils", Flags: "u", Stop: "hv", LongValued: []string{"lib", "faked"}, LongFlags: []string{"unknown-is-real"}},
	"proxychains": {Valued: "f", Flags: "q"}, "proxychains4": {Valued: "f", Flags: "q"},
	"torsocks":   {Valued: "upaPd", Flags: "iq6", Stop: "h", LongFlags: []string{"shell", "isolate", "quiet", "debug"}, LongValued: []string{"user", "pass", "address", "port"}, LongStop: []string{"version", "help"}},
	"caffeinate": {Flags: "dimsu", Valued: "tw"}, "catchsegv": &misc, "chronic": {Flags: "ev"}, "ifne": {Flags: "n"},
	"dbus-launch": &misc, "dbus-run-session": &misc, "schedtool": &misc, "rlwrap": {Flags: "AcehiInNorRUvW", Valued: "bCDefgHlMOPqsStwz", Optional: "amp", Stop: "hv"},
}

// ldsoSpec is the dynamic loader's (glibc's ld.so(8), musl's): run as a
// program, it runs the program its first operand names, with the rest
// (`/lib64/ld-linux-x86-64.so.2 /bin/rm -rf ~` is rm -rf ~).
var ldsoSpec = Spec{
	LongFlags:  []string{"inhibit-cache"},
	LongValued: []string{"library-path", "inhibit-rpath", "audit", "preload", "argv0", "glibc-hwcaps-prepend", "glibc-hwcaps-mask"},
	LongStop:   []string{"list", "verify", "list-tunables", "list-diagnostics", "help", "version"},
}

// IsDynamicLoader reports a name of the dynamic loader: ld.so,
// ld-linux-x86-64.so.2, ld-linux.so.2, ld-musl-x86_64.so.1, ...
func IsDynamicLoader(name string) bool {
	if name == "ld.so" {
		return true
	}
	rest, ok := strings.CutPrefix(name, "ld-")
	if !ok {
		return false
	}
	i := strings.Index(rest, ".so")
	return i > 0 && (i+3 == len(rest) || rest[i+3] == '.')
}

// Wrapper returns the grammar of a wrapper by its name, or nil when name
// is not a wrapper this package knows.
func Wrapper(name string) *Spec {
	if IsDynamicLoader(name) {
		return &ldsoSpec
	}
	return wrappers[name]
}

// CommandNext reports a wrapper whose next word, when it has no options,
// is the command it runs: sudo, env, nice, time, xargs, watch, exec, ...
// (not timeout or ssh, whose next word is an operand of theirs).
func CommandNext(name string) bool {
	sp := wrappers[name]
	return sp != nil && sp.Operands == 0
}

// DockerGlobal, DockerExec and DockerRun are the grammars of docker's (and
// podman's) global options and of its exec and run subcommands.
var (
	DockerGlobal = &dockerGlobalSpec
	DockerExec   = &dockerExecSpec
	DockerRun    = &dockerRunSpec
)

// joins are wrappers whose words are not run as a local command as they
// stand: ssh runs them remotely, watch joins them into code, xargs and
// parallel add their input to them.
var joins = map[string]bool{"ssh": true, "watch": true, "xargs": true, "parallel": true}

// Unwrap returns, when name is a wrapper that runs its remaining words as
// a local command (sudo, env, nice, timeout, chroot, busybox, and the
// package launchers: npx, pnpm dlx, uvx, poetry run ...), the
// command every reading of args (the words after name) runs, and the
// options the grammar did not understand; ok is false when name is not
// such a wrapper. A reading that runs nothing has no command.
func Unwrap(name string, args []string) (cmds [][]string, unknown []string, ok bool) {
	switch name {
	case "busybox", "toybox":
		if len(args) == 0 {
			return nil, nil, true
		}
		return [][]string{args}, nil, true
	}
	if lns, ok := Launcher(name, args, nil); ok {
		cmds, unknown = launcherCmds(lns, args)
		return cmds, unknown, true
	}
	sp := wrappers[name]
	if sp == nil || joins[name] {
		return nil, nil, false
	}
	for _, r := range sp.Parse(args, nil) {
		if len(r.Unknown) > 0 {
			unknown = append(unknown, r.Unknown[0])
		}
		if r.Stopped || r.Cmd >= len(args) || name == "doas" && r.Has("C", "") {
			continue
		}
		if name == "env" && r.Has("S", "split-string") {
			continue // a string split into words: the static check reads it
		}
		cmds = append(cmds, args[r.Cmd:])
	}
	return cmds, unknown, true
}
