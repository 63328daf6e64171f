package rules

// Power (shutdown, reboot), services (systemctl, service) and crontab removal.

import (
	"path"
	"slices"
	"strings"

	"guardsh/internal/argv"
)

// ---- power ----

// sysPowerTargets are systemd targets that shut down or isolate the system.
func sysPowerTarget(u string) bool {
	u = strings.TrimSuffix(u, ".target")
	switch u {
	case "poweroff", "reboot", "halt", "kexec", "shutdown", "rescue", "emergency", "soft-reboot", "ctrl-alt-del":
		return true
	}
	return false
}

func sysShutdown(c *Command) []Hit {
	for _, r := range c.Redirects {
		if r.Write && r.Target.Known && path.Clean(r.Target.Value) == "/proc/sysrq-trigger" {
			return hit("writes the kernel's sysrq trigger, which can reboot or crash the machine at once")
		}
	}
	name := c.Name()
	args := c.Args
	if name == "" {
		return nil
	}
	switch name {
	case "shutdown", "reboot", "poweroff", "halt":
		r := ReadOpts(args[1:], &argv.Spec{LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || r.Has("c", "") || r.Has("show") || (name == "shutdown" && r.Has("k", "")) || r.Has("w", "wtmp-only") {
			return nil
		}
		return hit(name + " takes the machine down")
	case "init", "telinit", "openrc-shutdown":
		r := ReadOpts(args[1:], &argv.Spec{LongStop: []string{"help", "version"}, Exact: true})
		if r.Info {
			return nil
		}
		if name == "openrc-shutdown" {
			return hit("takes the machine down")
		}
		if len(r.Operands) > 0 {
			switch r.Operands[0].Value {
			case "0", "6":
				return hit(name + " " + r.Operands[0].Value + " takes the machine down")
			case "1", "s", "S", "single":
				return hit(name + " " + r.Operands[0].Value + " switches to single-user mode, stopping every service")
			}
		}
	case "systemctl", "loginctl":
		verb, units, ok := sysSystemctl(args[1:])
		if !ok || sysWhenCancel(args[1:]) {
			return nil
		}
		switch verb {
		case "poweroff", "reboot", "halt", "kexec", "soft-reboot", "rescue", "emergency":
			return hit(name + " " + verb + " takes the machine down")
		case "isolate", "start":
			for _, u := range units {
				if sysPowerTarget(u.Value) {
					return hit(name + " " + verb + " " + u.Value + " takes the machine down")
				}
			}
		}
	}
	return nil
}

// sysWhenCancel reports systemctl --when cancel, which cancels a
// scheduled shutdown.
func sysWhenCancel(args []Word) bool {
	for i, w := range args {
		if w.Value == "--when=cancel" || w.Value == "--when" && i+1 < len(args) && args[i+1].Value == "cancel" {
			return true
		}
	}
	return false
}

// sysSystemctl returns systemctl's verb and its unit operands; ok is false
// for help or an empty line.
func sysSystemctl(args []Word) (verb string, units []Word, ok bool) {
	r := ReadOpts(args, &argv.Spec{Valued: "tpHMsnoP", LongValued: []string{"type", "property", "host", "machine", "state", "signal", "kill-whom", "kill-value", "root", "image", "lines", "output", "job-mode", "boot-loader-entry", "boot-loader-menu", "message", "timestamp", "when", "what", "preset-mode", "reboot-argument", "image-policy", "drop-in", "check-inhibitors", "legend"}, LongStop: []string{"help", "version"}, Exact: true})
	if r.Info || len(r.Operands) == 0 {
		return "", nil, false
	}
	return r.Operands[0].Value, r.Operands[1:], true
}

// ---- services ----

// sysSecurityUnit reports a unit that is a firewall or security module, so
// that stopping it is firewall_off rather than service_stop.
func sysSecurityUnit(u string) bool {
	u = strings.TrimSuffix(u, ".service")
	switch u {
	case "firewalld", "ufw", "nftables", "iptables", "ip6tables", "netfilter-persistent", "apparmor", "shorewall", "csf", "pf":
		return true
	}
	return false
}

// sysServiceVerbs are what stops or disables a service.
func sysServiceVerb(v string) bool {
	switch v {
	case "stop", "disable", "mask", "kill", "restart", "try-restart", "reload-or-restart", "try-reload-or-restart", "condrestart", "force-reload", "force-stop", "isolate", "zap", "down", "unload", "bootout", "remove", "exit", "teardown":
		return true
	}
	return false
}

// sysServiceUnits returns the verb and units a service manager command
// acts on, when it stops, restarts or disables them.
func sysServiceUnits(c *Command) (tool, verb string, units []Word) {
	args := c.Args
	switch name := c.Name(); name {
	case "systemctl":
		v, us, ok := sysSystemctl(args[1:])
		if !ok || !sysServiceVerb(v) || v == "isolate" && len(us) > 0 && sysPowerTarget(us[0].Value) {
			return "", "", nil
		}
		return name, v, us
	case "service", "rc-service", "sv":
		r := ReadOpts(args[1:], &argv.Spec{LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || len(r.Operands) < 2 {
			return "", "", nil
		}
		if name == "sv" {
			if sysServiceVerb(r.Operands[0].Value) {
				return name, r.Operands[0].Value, r.Operands[1:]
			}
			return "", "", nil
		}
		if sysServiceVerb(r.Operands[1].Value) {
			return name, r.Operands[1].Value, r.Operands[:1]
		}
	case "launchctl":
		if len(args) > 2 && sysServiceVerb(args[1].Value) {
			return name, args[1].Value, args[2:]
		}
	case "rc-update", "update-rc.d":
		r := ReadOpts(args[1:], &argv.Spec{LongStop: []string{"help", "version"}, Exact: true})
		if len(r.Operands) >= 2 && (r.Operands[0].Value == "del" || r.Operands[0].Value == "delete") {
			return name, r.Operands[0].Value, r.Operands[1:2]
		}
		if len(r.Operands) >= 2 && (r.Operands[1].Value == "disable" || r.Operands[1].Value == "remove") {
			return name, r.Operands[1].Value, r.Operands[:1]
		}
	}
	return "", "", nil
}

// sysOffVerb reports a service verb that leaves the service off.
func sysOffVerb(v string) bool {
	switch v {
	case "stop", "disable", "mask", "kill", "force-stop", "zap", "down", "unload", "bootout", "remove", "exit", "del", "delete", "teardown":
		return true
	}
	return false
}

func sysServiceStop(c *Command) []Hit {
	tool, verb, units := sysServiceUnits(c)
	if tool == "" {
		return nil
	}
	others := units
	if sysOffVerb(verb) {
		others = nil
		for _, u := range units {
			if !sysSecurityUnit(u.Value) {
				others = append(others, u)
			}
		}
		if len(units) > 0 && len(others) == 0 {
			return nil // firewall_off says it better
		}
	}
	return hit(tool + " " + verb + " stops, restarts or disables services" + sysPkgWhat(others))
}

// ---- cron ----

// sysCrontabInstall: `crontab FILE` and `crontab -` install a new crontab
// in place of the current one. Its entries are lost, and the new jobs run
// later from cron, outside guardsh. (The entries a literal text on stdin
// holds are classified as commands by the wrapper reader too.)
func sysCrontabInstall(c *Command) []Hit {
	if !slices.Contains(sysCrontabProgs, c.Name()) {
		return nil
	}
	r := ReadOpts(c.Args[1:], &argv.Spec{Valued: "unT", LongStop: []string{"help", "version"}, Exact: true})
	if r.Info || r.Has("l", "list") || r.Has("r", "remove") || r.Has("e", "edit") || r.Has("T", "test") ||
		r.Has("V", "version") || r.Has("c", "") || r.Has("n", "") {
		return nil
	}
	who := "the user's"
	if u, ok := r.Last("u", ""); ok {
		who = xoptShow(u) + "'s"
	}
	switch {
	case len(r.Operands) == 0:
		if c.Stdin == nil && !c.StdinPiped {
			return nil
		}
	case r.Operands[0].Value == "/dev/null":
		return nil // crontab_remove
	case r.Operands[0].Value != "-" && !IsStdinPath(r.Operands[0]):
		return hit("crontab installs " + xoptShow(r.Operands[0]) + " as " + who + " crontab, replacing the current one; its jobs run later, outside guardsh")
	}
	return hit("crontab - installs what it reads as " + who + " crontab, replacing the current one; its jobs run later, outside guardsh")
}
