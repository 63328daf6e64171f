package main

import (
	"fmt"
	"strconv"
)

// agentOptions are the options of guardsh's coding-agent commands: the
// hook, its setup, --doctor and --log, and what the command a hook
// rewrote passes to the guardsh it runs.
type agentOptions struct {
	hook      string // --hook AGENT
	install   string // --install-hook AGENT
	uninstall string // --uninstall-hook AGENT
	project   bool   // --project: the project's settings, not the user's
	hookAllow string // --hook-allow LEVEL: allowed without a person
	approved  string // --approved LEVEL: the line was approved at LEVEL
	cwdFD     int    // --cwd-fd N: write the last directory on N; 0 for none
	doctor    bool   // --doctor
	log       bool   // --log
	since     string // --since DURATION
	level     string // --level LEVEL
}

// mode reports whether one of the agent commands was asked for.
func (a agentOptions) mode() bool {
	return a.hook != "" || a.install != "" || a.uninstall != "" || a.doctor || a.log
}

// agentFlag parses one long option of the agent commands: name and,
// written --name=value, its value; a value may also be the next
// argument, taken from *args. ok is false for an option it does not know.
func (o *options) agentFlag(name, val string, hasVal bool, args *[]string) (ok bool, err error) {
	value := func() (string, error) {
		if hasVal {
			return val, nil
		}
		if len(*args) == 0 {
			return "", usageError{fmt.Sprintf("--%s needs a value", name)}
		}
		v := (*args)[0]
		*args = (*args)[1:]
		return v, nil
	}
	a := &o.agent
	switch name {
	case "hook":
		a.hook, err = value()
	case "install-hook":
		a.install, err = value()
	case "uninstall-hook":
		a.uninstall, err = value()
	case "project":
		a.project = true
	case "hook-allow":
		a.hookAllow, err = value()
	case "approved":
		a.approved, err = value()
	case "cwd-fd":
		var v string
		if v, err = value(); err == nil {
			n, perr := strconv.Atoi(v)
			if perr != nil || n < 3 {
				return true, usageError{fmt.Sprintf("--cwd-fd takes a descriptor number from 3 up, not %q", v)}
			}
			a.cwdFD = n
		}
	case "doctor":
		a.doctor = true
	case "log":
		a.log = true
	case "since":
		a.since, err = value()
	case "level":
		a.level, err = value()
	default:
		return false, nil
	}
	return true, err
}
