package guard

import (
	"strings"
)

// shellInner: `bash -c CODE [NAME [ARGS]]`, `bash` reading code on stdin
// (a pipe, a here-document, a here-string), or `bash FILE` (its content is
// read by the run-time check, not here).
func (w *walker) shellInner(c *Command, name string, args []Word) []inner {
	code := -1
	readStdin := false
	i := 0
	withArg := map[string]bool{"-o": true, "+o": true, "-O": true, "+O": true, "--rcfile": true, "--init-file": true, "-C": true}
	for i < len(args) {
		a := args[i]
		if !a.Known {
			break
		}
		v := a.Value
		if v == "--" || v == "-" {
			i++
			break
		}
		if strings.HasPrefix(v, "--") {
			i++
			if withArg[v] {
				i++
			}
			if v == "--command" && name == "fish" {
				code = 0 // the code is the first operand, as with -c
			}
			continue
		}
		if len(v) < 2 || (v[0] != '-' && v[0] != '+') {
			break
		}
		i++
		if withArg[v] {
			i++
			continue
		}
		for _, f := range v[1:] {
			switch f {
			case 'c':
				code = 0
			case 's':
				readStdin = true
			case 'o', 'O':
				i++
			}
		}
		// bash goes on reading options after -c: `bash -c -e 'code'`.
	}
	if code >= 0 {
		// The first operand after the options is the code; then $0, $1...
		if i >= len(args) {
			return nil
		}
		cw := args[i]
		var params []Word
		if i+2 <= len(args) {
			params = append(params, args[i+2:]...)
		}
		return []inner{{label: name + " -c", code: &cw, params: params, paramsKnown: true}}
	}
	if i < len(args) && !readStdin && !isStdinPath(args[i]) {
		// `bash script.sh`: the run-time check reads the script.
		return nil
	}
	if c.Stdin != nil {
		stdin := *c.Stdin
		return []inner{{label: name + " <<", code: &stdin}}
	}
	if c.StdinPiped {
		w.g.emit(w.v, rulePipeToShell, "feeds text that is only known at run time to "+name+", which runs it as code", c.Text)
	}
	return nil
}

// dockerInner: `docker exec [opts] CONTAINER CMD...`, `docker run [opts]
// IMAGE [CMD...]`.
func dockerInner(name string, args []Word) []inner {
	// Global options before the subcommand.
	i := 0
	for i < len(args) && args[i].Known && strings.HasPrefix(args[i].Value, "-") {
		v := args[i].Value
		i++
		if !strings.Contains(v, "=") && (v == "-H" || v == "--host" || v == "--context" || v == "-c" || v == "--config" || v == "-l" || v == "--log-level") {
			i++
		}
	}
	if i >= len(args) || !args[i].Known {
		return nil
	}
	sub := args[i].Value
	i++
	if sub == "container" && i < len(args) && args[i].Known {
		sub = args[i].Value
		i++
	}
	var withArg func(string) bool
	switch sub {
	case "exec":
		withArg = dockerExecValued
	case "run", "create":
		withArg = dockerRunValued
	default:
		return nil
	}
	for i < len(args) {
		a := args[i]
		if !a.Known || !strings.HasPrefix(a.Value, "-") {
			break
		}
		v := a.Value
		i++
		if v == "--" {
			break
		}
		if strings.Contains(v, "=") {
			continue
		}
		if withArg(v) {
			i++
			continue
		}
		// Bundled short flags ending in one with a value: -it, -ite VAR
		if !strings.HasPrefix(v, "--") && len(v) > 2 && withArg("-"+v[len(v)-1:]) {
			i++
		}
	}
	i++ // container or image
	if i >= len(args) {
		return nil
	}
	return []inner{{label: name + " " + sub, args: args[i:]}}
}

// dockerRunValued reports the options of docker run and create that take a
// value (a switch, not a map: no work before the first command).
func dockerRunValued(o string) bool {
	switch o {
	case "-a", "--attach", "--add-host", "--annotation", "--blkio-weight", "--cap-add", "--cap-drop",
		"--cgroup-parent", "--cgroupns", "--cidfile", "--cpu-period", "--cpu-quota", "--cpu-shares", "-c",
		"--cpus", "--cpuset-cpus", "--cpuset-mems", "--device", "--device-cgroup-rule", "--dns",
		"--dns-option", "--dns-search", "--domainname", "--entrypoint", "-e", "--env", "--env-file",
		"--expose", "--gpus", "--group-add", "--health-cmd", "--health-interval", "--health-retries",
		"--health-start-period", "--health-timeout", "-h", "--hostname", "--ip", "--ip6", "--ipc",
		"--isolation", "--kernel-memory", "-l", "--label", "--label-file", "--link", "--log-driver",
		"--log-opt", "--mac-address", "-m", "--memory", "--memory-reservation", "--memory-swap",
		"--memory-swappiness", "--mount", "--name", "--network", "--net", "--network-alias",
		"--oom-score-adj", "--pid", "--pids-limit", "--platform", "-p", "--publish", "--pull", "--restart",
		"--runtime", "--security-opt", "--shm-size", "--stop-signal", "--stop-timeout", "--storage-opt",
		"--sysctl", "--tmpfs", "--ulimit", "-u", "--user", "--userns", "--uts", "-v", "--volume",
		"--volume-driver", "--volumes-from", "-w", "--workdir":
		return true
	}
	return false
}

// dockerExecValued reports the options of docker exec that take a value.
func dockerExecValued(o string) bool {
	switch o {
	case "-e", "--env", "--env-file", "-u", "--user", "-w", "--workdir", "--detach-keys":
		return true
	}
	return false
}

// kubectlInner: `kubectl exec ... -- CMD...`.
func kubectlInner(name string, args []Word) []inner {
	isExec := false
	for i, a := range args {
		if !a.Known {
			continue
		}
		if a.Value == "exec" || a.Value == "debug" || a.Value == "run" {
			isExec = true
		}
		if a.Value == "--" && isExec && i+1 < len(args) {
			return []inner{{label: name + " exec", args: args[i+1:]}}
		}
	}
	return nil
}

// atInner: `at TIME` and `batch` read commands from stdin; `at -f FILE`
// reads a file, which the static check cannot see.
func atInner(c *Command, name string, args []Word) []inner {
	for _, a := range args {
		if a.Known && (a.Value == "-l" || a.Value == "-r" || a.Value == "-d" || a.Value == "-c" || a.Value == "--help" || a.Value == "-V") {
			return nil
		}
	}
	if c.Stdin != nil {
		code := *c.Stdin
		return []inner{{label: name, code: &code}}
	}
	return nil
}

// crontabInner: `crontab -` installs the crontab on stdin: each entry's
// command is classified.
func crontabInner(c *Command, args []Word) []inner {
	fromStdin := false
	for _, a := range args {
		if a.Known && a.Value == "-" {
			fromStdin = true
		}
	}
	if !fromStdin || c.Stdin == nil {
		return nil
	}
	if !c.Stdin.Known {
		return []inner{{label: "crontab", code: &Word{Value: Unknown}}}
	}
	var ins []inner
	for _, line := range strings.Split(c.Stdin.Value, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		n := 5
		if strings.HasPrefix(f[0], "@") {
			n = 1
		} else if isAssign(f[0]) {
			continue
		}
		if len(f) <= n {
			continue
		}
		code := Lit(strings.Join(f[n:], " "))
		ins = append(ins, inner{label: "crontab", code: &code})
	}
	return ins
}

// isStdinPath reports a script operand that names standard input.
func isStdinPath(w Word) bool {
	switch w.Value {
	case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "-":
		return w.Known
	}
	return false
}
