package rules

// Killing processes: kill, pkill, killall.

import (
	"strings"

	"guardsh/internal/argv"
)

// ---- processes ----

// sysIsSignal reports a signal spec written after a dash: 9, KILL, SIGKILL,
// kill, RTMIN+1.
func sysIsSignal(s string) bool {
	if s == "" {
		return false
	}
	digits, letters := true, true
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch < '0' || ch > '9' {
			digits = false
		}
		if !(ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9' || ch == '+' || ch == '-') {
			letters = false
		}
	}
	return digits || letters
}

// SysKillArgs parses kill's arguments: the signal ("" for the default)
// and the process ids; list reports -l/-L, which sends nothing.
func SysKillArgs(args []Word) (sig string, pids []Word, list bool) {
	opts := true
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case !opts || len(v) < 2 || v[0] != '-':
			pids = append(pids, args[i])
			opts = false
		case v == "--":
			opts = false
		case v == "-l" || v == "-L" || v == "--list" || v == "--table" || v == "--help" || v == "--version":
			return "", nil, true
		case v == "-s" || v == "-n" || v == "--signal":
			if i+1 < len(args) {
				i++
				sig = args[i].Value
			}
		case strings.HasPrefix(v, "--signal="):
			sig = v[len("--signal="):]
		case v == "-q" || v == "--queue" || v == "--timeout":
			i++
		// kill's long options (--signal, --queue) beside -SIGNAL and -s SIG, which
		// no getopt grammar reads (kill -9 is signal 9).
		case strings.HasPrefix(v, "--"):
		case sig == "" && sysIsSignal(v[1:]):
			sig = v[1:]
		default:
			// after the signal, -N is a process group: kill -9 -1
			pids = append(pids, args[i])
			opts = false
		}
	}
	return sig, pids, false
}

// sysSigZero reports signal 0, which only tests that a process exists.
func sysSigZero(sig string) bool { return sig == "0" || sig == "SIG0" }

// sysPkillMatchesAll reports a pkill/killall regular expression that
// matches every process name.
func sysPkillMatchesAll(p string) bool {
	switch p {
	case "", ".", ".*", ".+", "^", "$", "^.*", "^.*$", ".*$", "^.", "[^]", "\\w*", "\\S*", "[a-z]*", "*":
		return true
	}
	return false
}

// sysPkill parses pkill/killall: the pattern operands, the signal and the
// selected user (-u).
func sysPkill(name string, args []Word) (pats []Word, sig string, user string, regex bool, ok bool) {
	if len(args) > 0 && argv.IsShortBundle(args[0].Value) {
		s := args[0].Value[1:]
		if s == strings.ToUpper(s) && sysIsSignal(s) && len(s) > 1 || s[0] >= '0' && s[0] <= '9' {
			sig, args = s, args[1:]
		}
	}
	sp := &argv.Spec{Valued: "gGPsStuUFqc", LongValued: []string{"signal", "pgroup", "group", "parent", "session", "terminal", "euid", "uid", "pidfile", "ns", "nslist", "env", "cgroup", "queue"}, LongStop: []string{"help", "version"}, Exact: true}
	if name == "killall" {
		sp = &argv.Spec{Valued: "sunoyOZ", LongValued: []string{"signal", "user", "older-than", "younger-than", "context", "ns"}, LongStop: []string{"help", "version"}, Exact: true}
	}
	r := ReadOpts(args, sp)
	if r.Info || r.Has("l", "list") || r.Has("V", "") {
		return nil, "", "", false, false
	}
	if w, ok := r.Last("s", "signal"); ok {
		sig = w.Value
	}
	if w, ok := r.Last("u", "user", "euid"); ok {
		user = w.Value
	} else if w, ok := r.Last("U", "uid"); ok && name == "pkill" {
		user = w.Value
	}
	regex = name == "pkill" || r.Has("r", "regexp")
	return r.Operands, sig, user, regex, true
}

func SysKill(c *Command) []Hit {
	switch c.Name() {
	case "kill":
		sig, pids, list := SysKillArgs(c.Args[1:])
		if list || len(pids) == 0 || sysSigZero(strings.ToUpper(sig)) || sysKillAllPids(pids) != "" {
			return nil
		}
		return hit("sends " + sysSigName(sig) + " to " + xoptList(pids))
	case "killall", "pkill", "skill":
		pats, sig, user, _, ok := sysPkill(c.Name(), c.Args[1:])
		if !ok || sysSigZero(strings.ToUpper(sig)) || sysKillAllHit(c) != nil {
			return nil
		}
		if len(pats) == 0 && user == "" {
			return nil
		}
		what := xoptList(pats)
		if what == "" {
			what = "processes of user " + user
		}
		return hit("sends " + sysSigName(sig) + " to processes matching " + what)
	case "xkill":
		if sysHasHelp(c.Args[1:]) {
			return nil
		}
		return hit("kills the X client of the window clicked")
	}
	return nil
}

func sysSigName(sig string) string {
	if sig == "" {
		return "SIGTERM"
	}
	u := strings.ToUpper(sig)
	if sysIsSignal(u) && !strings.HasPrefix(u, "SIG") && (u[0] < '0' || u[0] > '9') {
		return "SIG" + u
	}
	return "signal " + sig
}

// sysKillAllPids names the process id that means every process or init:
// -1 or 1; "" when none.
func sysKillAllPids(pids []Word) string {
	for _, p := range pids {
		switch p.Value {
		case "-1":
			return "every process (pid -1)"
		case "1":
			return "init (pid 1)"
		}
	}
	return ""
}

func sysKillAll(c *Command) []Hit { return sysKillAllHit(c) }

func sysKillAllHit(c *Command) []Hit {
	switch c.Name() {
	case "kill":
		sig, pids, list := SysKillArgs(c.Args[1:])
		if list || sysSigZero(strings.ToUpper(sig)) {
			return nil
		}
		if what := sysKillAllPids(pids); what != "" {
			return hit("sends " + sysSigName(sig) + " to " + what)
		}
	case "killall5":
		if sysHasHelp(c.Args[1:]) {
			return nil
		}
		return hit("sends a signal to every process")
	case "pkill", "killall":
		pats, sig, user, regex, ok := sysPkill(c.Name(), c.Args[1:])
		if !ok || sysSigZero(strings.ToUpper(sig)) {
			return nil
		}
		if len(pats) == 0 && (user == "root" || user == "0") {
			return hit("sends " + sysSigName(sig) + " to every process of root")
		}
		if regex {
			for _, p := range pats {
				if p.Known && sysPkillMatchesAll(p.Value) {
					return hit("sends " + sysSigName(sig) + " to every process: the pattern " + strings.TrimSpace("'"+p.Value+"'") + " matches all")
				}
			}
		}
	}
	return nil
}
