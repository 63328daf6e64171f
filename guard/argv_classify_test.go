package guard_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"guardsh/guard"
)

// argvRow is one line run through the real Classify: its level must be
// want (or at least min, when min is set), and rule must be among its
// findings when set.
type argvRow struct {
	line string
	want guard.Level
	min  bool
	rule string
}

// shellMixes are, per shell, option mixes its grammar knows, written
// before the code; "%s" stands for the code (so that -c may come first or
// be bundled), and harmless is the level of the mix with a harmless code.
var shellMixes = map[string][]struct {
	mix      string
	harmless guard.Level
}{
	"bash": {{"-C -c %s", guard.Safe}, {"-e -c %s", guard.Safe}, {"-x -c %s", guard.Safe}, {"-o pipefail -c %s", guard.Safe},
		{"+o posix -c %s", guard.Safe}, {"-O extglob -c %s", guard.Safe}, {"+O extglob -c %s", guard.Safe}, {"--norc -c %s", guard.Safe},
		{"--rcfile f -c %s", guard.Safe}, {"--init-file f -c %s", guard.Safe}, {"--noprofile --norc -c %s", guard.Safe},
		{"-lc %s", guard.Safe}, {"-ec %s", guard.Safe}, {"-xc %s", guard.Safe}, {"-Cc %s", guard.Safe}, {"-c -e %s", guard.Safe},
		{"-c %s name arg", guard.Safe}, {"-eo pipefail -c %s", guard.Safe}, {"-oe pipefail -c %s", guard.Safe}, {"-c -- %s", guard.Safe}},
	"rbash": {{"-C -c %s", guard.Safe}, {"-o pipefail -c %s", guard.Safe}, {"-O extglob -c %s", guard.Safe}},
	"sh":    {{"-C -c %s", guard.Safe}, {"-e -c %s", guard.Safe}, {"-x -c %s", guard.Safe}, {"-o errexit -c %s", guard.Safe}, {"+o noglob -c %s", guard.Safe}, {"-ec %s", guard.Safe}, {"-Cc %s", guard.Safe}, {"-lc %s", guard.Safe}},
	"dash":  {{"-C -c %s", guard.Safe}, {"-e -c %s", guard.Safe}, {"-o noclobber -c %s", guard.Safe}, {"-xc %s", guard.Safe}, {"-c -x %s", guard.Safe}},
	"zsh": {{"-C -c %s", guard.Safe}, {"-f -c %s", guard.Safe}, {"--emulate sh -c %s", guard.Safe}, {"-o shwordsplit -c %s", guard.Safe},
		{"+o nomatch -c %s", guard.Safe}, {"--no-rcs -c %s", guard.Safe}, {"-ec %s", guard.Safe}, {"-lc %s", guard.Safe}},
	"ksh":  {{"-C -c %s", guard.Safe}, {"-e -c %s", guard.Safe}, {"-o pipefail -c %s", guard.Safe}, {"-xc %s", guard.Safe}},
	"mksh": {{"-C -c %s", guard.Safe}, {"-e -c %s", guard.Safe}, {"-o posix -c %s", guard.Safe}, {"-T - -c %s", guard.Safe}, {"-lc %s", guard.Safe}},
	"yash": {{"-C -c %s", guard.Safe}, {"-o posix -c %s", guard.Safe}, {"--norcfile -c %s", guard.Safe}, {"--rcfile f -c %s", guard.Safe}, {"-ec %s", guard.Safe}},
	"fish": {{"-C 'set x 1' -c %s", guard.Safe}, {"--init-command='set x 1' -c %s", guard.Safe}, {"-l -c %s", guard.Safe}, {"-N -c %s", guard.Safe},
		{"--command=%s", guard.Safe}, {"-c %s arg", guard.Safe}, {"-d all -c %s", guard.Safe}},
	"csh":        {{"-f -c %s", guard.Safe}, {"-fc %s", guard.Safe}, {"-e -c %s", guard.Safe}},
	"tcsh":       {{"-f -c %s", guard.Safe}, {"-fc %s", guard.Safe}, {"-q -c %s", guard.Safe}},
	"guardsh":    {{"-e -c %s", guard.Safe}, {"-o pipefail -c %s", guard.Safe}, {"-x -c %s", guard.Safe}, {"-y -c %s", guard.High}, {"--yes -c %s", guard.High}, {"--config f.toml -c %s", guard.Medium}, {"--auto -c %s", guard.Medium}},
	"busybox sh": {{"-C -c %s", guard.Safe}, {"-e -c %s", guard.Safe}, {"-xc %s", guard.Safe}},
}

// wrapperUnknown are wrappers with an option their grammar does not know
// in front of the command ("%s").
var wrapperUnknown = []string{
	"sudo --frobnicate %s", "sudo -Q %s", "sudo -u root --frob %s", "doas -Q %s", "run0 --frob %s", "pkexec --frob %s",
	"env -Q %s", "env --frob %s", "nice --frob %s", "ionice --frob %s", "nohup --frob %s", "timeout --frob 5 %s",
	"/usr/bin/time --frob %s", "command -Q %s", "exec -Q %s", "stdbuf --frob %s", "setsid --frob %s", "flock --frob /tmp/l %s",
	"chroot --frob /srv %s", "unshare --frob %s", "nsenter --frob %s", "setpriv --frob %s", "taskset --frob 1 %s",
	"chrt --frob 10 %s", "systemd-run --frob %s", "strace -J %s", "valgrind -Q %s", "screen --frob %s", "watch --frob %s",
	"xargs --frob %s", "xargs -J %% %s", "parallel --frob %s", "ssh --frob host %s", "ssh -Z host %s",
	"docker exec --frob ctr %s", "docker --frob exec ctr %s", "podman run --frob img %s",
	"numactl --frob %s", "firejail -Q %s", "sudo -k %s", "env - %s", "env -P /bin %s",
}

func argvRows() []argvRow {
	var rows []argvRow
	for sh, mixes := range shellMixes {
		for _, m := range mixes {
			bad := sh + " " + fmt.Sprintf(m.mix, "'rm -rf /'")
			good := sh + " " + fmt.Sprintf(m.mix, "'ls'")
			if strings.Contains(m.mix, "=%s") {
				bad, good = sh+" "+fmt.Sprintf(m.mix, "'rm -rf /'"), sh+" "+fmt.Sprintf(m.mix, "ls")
			}
			rows = append(rows, argvRow{line: bad, want: guard.Blocked, rule: "rm_rf_root"}, argvRow{line: good, want: m.harmless})
		}
	}
	for _, w := range wrapperUnknown {
		rule := "unknown_option"
		if strings.Contains(w, "-k ") || strings.Contains(w, "env - ") || strings.Contains(w, "-P /bin") || strings.Contains(w, "-J %") && strings.HasPrefix(w, "xargs") {
			rule = "" // known options that used to hide the command
		}
		rows = append(rows, argvRow{line: fmt.Sprintf(w, "rm -rf /"), want: guard.Blocked, rule: "rm_rf_root"})
		harm := argvRow{line: fmt.Sprintf(w, "ls"), want: guard.Medium, min: false, rule: rule}
		if rule == "" {
			harm.want = guard.Safe
			if strings.HasPrefix(w, "sudo") {
				harm.want = guard.Medium
			}
		}
		if strings.HasPrefix(w, "xargs") || strings.HasPrefix(w, "parallel") || strings.HasPrefix(w, "ssh") || strings.Contains(w, "docker") ||
			strings.Contains(w, "podman") || strings.HasPrefix(w, "systemd-run") || strings.HasPrefix(w, "setpriv") || strings.HasPrefix(w, "unshare") ||
			strings.HasPrefix(w, "nsenter") || strings.HasPrefix(w, "chroot") || strings.HasPrefix(w, "exec") || strings.HasPrefix(w, "run0") ||
			strings.HasPrefix(w, "pkexec") || strings.HasPrefix(w, "doas") || strings.HasPrefix(w, "sudo") || strings.HasPrefix(w, "strace") ||
			strings.HasPrefix(w, "chrt") || strings.HasPrefix(w, "ionice") || strings.HasPrefix(w, "nice") || strings.HasPrefix(w, "firejail") || strings.HasPrefix(w, "screen") || strings.HasPrefix(w, "taskset") {
			// The wrapper's own rules may rate it higher; at least the
			// unknown option is said.
			harm.min = rule != ""
			if rule == "" {
				harm.min = true
			}
		}
		rows = append(rows, harm)
	}
	rows = append(rows,
		// Item 1: options before -c no longer hide the code.
		argvRow{line: "bash -C -c 'rm -rf /'", want: guard.Blocked, rule: "rm_rf_root"},
		argvRow{line: "bash -C -c 'ls'", want: guard.Safe},
		argvRow{line: "bash -Z -c 'rm -rf /'", want: guard.Blocked, rule: "unknown_option"},
		argvRow{line: "bash -Z -c 'ls'", want: guard.Medium, rule: "unknown_option"},
		argvRow{line: "sh -O extglob -c 'rm -rf /'", want: guard.Blocked, rule: "unknown_option"},
		argvRow{line: "bash --frob -c 'rm -rf /'", want: guard.Blocked, rule: "unknown_option"},
		argvRow{line: "bash ./script.sh", want: guard.Safe},
		argvRow{line: "bash -x ./script.sh arg", want: guard.Safe},
		argvRow{line: "fish -C 'rm -rf /' -c ls", want: guard.Blocked, rule: "rm_rf_root"},
		argvRow{line: "bash --version", want: guard.Safe},
		// Item 2.
		argvRow{line: "env - ls", want: guard.Safe},
		argvRow{line: "env - rm -rf /", want: guard.Blocked, rule: "rm_rf_root"},
		argvRow{line: "env -i PATH=/bin rm -rf /", want: guard.Blocked, rule: "rm_rf_root"},
		argvRow{line: "sudo -l rm -rf /", want: guard.Safe},
		argvRow{line: "find . -frob -exec rm -rf / \\;", want: guard.Blocked, rule: "rm_rf_root"},
		argvRow{line: "gdb --frob --args rm -rf /", want: guard.Blocked, rule: "rm_rf_root"},
		argvRow{line: "su --frob -c 'rm -rf /'", want: guard.Blocked, rule: "rm_rf_root"},
		// Item 9: code reaching a shell on stdin is code.
		argvRow{line: "sh <<< 'echo hi'", want: guard.Safe},
		argvRow{line: "sh <<< 'rm -rf /'", want: guard.Blocked, rule: "rm_rf_root"},
		argvRow{line: "bash <<'EOF'\necho hi\nEOF", want: guard.Safe},
		argvRow{line: "{ bash; } <<< 'echo hi'", want: guard.Safe},
		argvRow{line: "echo 'echo hi' | bash", want: guard.High, rule: "pipe_to_shell"},
		argvRow{line: "echo 'rm -rf /' | bash", want: guard.Blocked, rule: "rm_rf_root"},
		argvRow{line: "cat x | bash", want: guard.High, rule: "pipe_to_shell"},
		// Item 3: a nested guardsh is the line it runs.
		argvRow{line: "guardsh -y -c 'rm -rf ./build'", want: guard.High, rule: "guardsh_approve"},
		argvRow{line: "guardsh -c 'rm -rf ./build'", want: guard.High, rule: "rm_rf"},
		argvRow{line: "guardsh -c 'ls'", want: guard.Safe},
		argvRow{line: "XDG_CONFIG_HOME=/tmp/x guardsh -c ls", want: guard.Medium, rule: "guardsh_nested"},
		argvRow{line: "env XDG_CONFIG_HOME=/tmp/x guardsh -c ls", want: guard.Medium, rule: "guardsh_nested"},
		argvRow{line: "env -u XDG_CONFIG_HOME guardsh -c ls", want: guard.Medium, rule: "guardsh_nested"},
		argvRow{line: "guardsh --config /tmp/c.toml -c 'rm -rf /'", want: guard.Blocked, rule: "guardsh_nested"},
		argvRow{line: "guardsh --check 'rm -rf /'", want: guard.Safe},
		argvRow{line: "guardsh --dry-run -c 'rm -rf /'", want: guard.Safe},
	)
	return rows
}

// TestArgvClassify runs every shell × option mix and every wrapper × an
// unknown option through the real Classify: the dangerous form is caught,
// the harmless neighbour is not raised.
func TestArgvClassify(t *testing.T) {
	g, err := guard.New()
	if err != nil {
		t.Fatal(err)
	}
	st := guard.State{Var: guard.MapVars(map[string]string{"HOME": "/home/u", "PATH": "/usr/bin:/bin"}), Dir: "/home/u/proj"}
	rows := argvRows()
	if len(rows) < 120 {
		t.Fatalf("only %d rows", len(rows))
	}
	for _, r := range rows {
		v := g.Classify(r.line, st)
		var rules []string
		for _, f := range v.Findings {
			rules = append(rules, f.Rule)
		}
		switch {
		case r.min && v.Level < r.want, !r.min && v.Level != r.want:
			t.Errorf("%q: %v %v, want %v", r.line, v.Level, rules, r.want)
		case r.rule != "" && !slices.Contains(rules, r.rule):
			t.Errorf("%q: rules %v, want %s", r.line, rules, r.rule)
		}
	}
}
