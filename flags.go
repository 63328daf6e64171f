package main

import (
	"fmt"
	"strings"

	"guardsh/internal/argv"
)

// options is the parsed command line.
type options struct {
	command    string // -c STRING
	hasCommand bool
	stdin      bool // -s
	login      bool // -l, --login, or argv[0] starting with '-'
	interact   bool // -i
	yes        bool // -y, --yes
	auto       bool // --auto
	dryRun     bool // --dry-run
	check      bool // --check
	json       bool // --json
	rules      bool // --rules
	configFile string
	version    bool
	help       bool
	executor   bool     // --executor: hidden; the pty side of an interactive shell
	shellOpts  []string // -e, -u, -x, -o NAME, +e ... in order, for the interpreter
	shopts     []string // -O NAME, +O NAME: "-O", NAME pairs in order (startup.go)
	noProfile  bool     // --noprofile: a login shell reads no profile
	noRC       bool     // --norc: the interactive shell reads no ~/.guardshrc
	posix      bool     // --posix: bash's POSIX mode (passed to bash; see startup.go)
	name       string   // $0
	args       []string // positional: script file and args, or check commands

	agent agentOptions // --hook, --install-hook, --doctor, --log ...
}

// usageError is a bad command line; guardsh exits 2 on it.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// parseFlags parses guardsh's command line the way bash parses its own:
// options come first, the first non-option word ends them.
func parseFlags(cmdline []string) (options, error) {
	var o options
	if len(cmdline) > 0 {
		o.name = cmdline[0]
		if strings.HasPrefix(cmdline[0], "-") {
			o.login = true
		}
	}
	args := cmdline[1:]
	for len(args) > 0 {
		a := args[0]
		if a == "--" {
			args = args[1:]
			break
		}
		if a == "-" {
			args = args[1:]
			break
		}
		if !strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "+") || a == "+" {
			break
		}
		args = args[1:]
		if strings.HasPrefix(a, "--") {
			name, val, hasVal := strings.Cut(a[2:], "=")
			if known, _ := argv.GuardshLongOption(name); !known {
				// internal/argv holds guardsh's grammar, which the static
				// check reads a nested guardsh's command line with: an
				// option not written there is no option here either.
				return o, usageError{fmt.Sprintf("unknown option %s", a)}
			}
			switch name {
			case "login":
				o.login = true
			case "noprofile":
				o.noProfile = true
			case "norc":
				o.noRC = true
			case "posix":
				o.posix = true
			case "yes":
				o.yes = true
			case "auto":
				o.auto = true
			case "dry-run":
				o.dryRun = true
			case "check":
				o.check = true
			case "json":
				o.json = true
			case "rules":
				o.rules = true
			case "version":
				o.version = true
			case "help":
				o.help = true
			case "executor":
				o.executor = true
			case "config":
				if !hasVal {
					if len(args) == 0 {
						return o, usageError{"--config needs a file"}
					}
					val, args = args[0], args[1:]
				}
				o.configFile = val
			default:
				if ok, err := o.agentFlag(name, val, hasVal, &args); err != nil || !ok {
					if err == nil {
						err = usageError{fmt.Sprintf("unknown option %s", a)}
					}
					return o, err
				}
			}
			continue
		}
		on := a[0] == '-'
		for _, f := range a[1:] {
			switch f {
			case 'c':
				if !on {
					return o, usageError{"+c is not an option"}
				}
				o.hasCommand = true
			case 's':
				o.stdin = on
			case 'l':
				o.login = on
			case 'i':
				o.interact = on
			case 'y':
				o.yes = on
			case 'h':
				o.help = true
			case 'e', 'u', 'x', 'f', 'n', 'v', 'a', 'C', 'b', 'm', 'B', 'H':
				o.shellOpts = append(o.shellOpts, string(a[0])+string(f))
			case 'o':
				if len(args) == 0 {
					return o, usageError{fmt.Sprintf("%co needs an option name", a[0])}
				}
				o.shellOpts = append(o.shellOpts, string(a[0])+"o", args[0])
				args = args[1:]
			case 'O':
				// bash's shopt options: -O NAME sets, +O NAME unsets.
				if len(args) == 0 {
					return o, usageError{fmt.Sprintf("%cO needs a shell option name", a[0])}
				}
				if !validOptName(args[0]) {
					return o, usageError{fmt.Sprintf("%s: invalid shell option name", args[0])}
				}
				o.shopts = append(o.shopts, string(a[0])+"O", args[0])
				args = args[1:]
			default:
				return o, usageError{fmt.Sprintf("unknown option %c%c", a[0], f)}
			}
		}
	}
	if o.hasCommand && !o.check {
		if len(args) == 0 {
			return o, usageError{"-c needs a command string"}
		}
		o.command, args = args[0], args[1:]
		if len(args) > 0 {
			o.name, args = args[0], args[1:]
		}
	}
	o.args = args
	return o, nil
}
