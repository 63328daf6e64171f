package rules

// Turning firewalls off or changing their rules.

import (
	"strings"

	"guardsh/internal/argv"
)

// ---- firewall ----

func sysFirewallOff(c *Command) []Hit {
	name := c.Name()
	args := c.Args
	switch {
	case strings.HasPrefix(name, "iptables") || strings.HasPrefix(name, "ip6tables") || name == "ebtables" || name == "arptables":
		if strings.HasSuffix(name, "-save") || strings.HasSuffix(name, "-restore") {
			return nil
		}
		for i := 1; i < len(args); i++ {
			v := args[i].Value
			switch {
			case v == "-F" || v == "--flush":
				return hit(name + " flushes firewall rules")
			case v == "-X" || v == "--delete-chain":
				return hit(name + " deletes firewall chains")
			case (v == "-P" || v == "--policy") && i+2 < len(args) && strings.EqualFold(args[i+2].Value, "ACCEPT"):
				return hit(name + " sets the default policy of " + args[i+1].Value + " to ACCEPT")
			case len(v) > 2 && argv.IsShortBundle(v) && strings.IndexByte(v, 'F') >= 0 && strings.Trim(v[1:], "Fvwn") == "":
				return hit(name + " flushes firewall rules")
			}
		}
	case name == "ufw":
		r := ReadOpts(args[1:], &argv.Spec{LongStop: []string{"help", "version"}, Exact: true})
		if len(r.Operands) > 0 && !r.Info && !r.Has("dry-run") {
			switch r.Operands[0].Value {
			case "disable", "reset":
				return hit("ufw " + r.Operands[0].Value + " turns the firewall off")
			}
		}
	case name == "nft":
		r := ReadOpts(args[1:], &argv.Spec{Valued: "fIi", LongValued: []string{"file", "includepath"}, LongStop: []string{"help", "version"}, Exact: true})
		if len(r.Operands) >= 2 && !r.Info && !r.Has("c", "check") {
			a, b := r.Operands[0].Value, r.Operands[1].Value
			if a == "flush" && (b == "ruleset" || b == "table" || b == "chain") || a == "delete" && b == "table" {
				return hit("nft " + a + " " + b + " removes firewall rules")
			}
		}
	case name == "setenforce":
		if len(args) > 1 && (args[1].Value == "0" || strings.EqualFold(args[1].Value, "permissive")) {
			return hit("setenforce " + args[1].Value + " turns SELinux enforcement off")
		}
	case name == "pfctl":
		for _, w := range args[1:] {
			if w.Value == "-d" || w.Value == "-F" || strings.HasPrefix(w.Value, "-F") {
				return hit("pfctl " + w.Value + " disables or flushes the firewall")
			}
		}
	case name == "aa-teardown":
		if len(args) > 1 && (args[1].Value == "-h" || sysHasHelp(args[1:])) {
			return nil
		}
		return hit("unloads every AppArmor profile")
	case name == "firewall-cmd":
		for _, w := range args[1:] {
			if w.Value == "--panic-off" || w.Value == "--set-default-zone=trusted" {
				return hit("firewall-cmd " + w.Value + " opens the firewall")
			}
		}
	default:
		tool, verb, units := sysServiceUnits(c)
		if tool == "" || !sysOffVerb(verb) {
			return nil
		}
		for _, u := range units {
			if sysSecurityUnit(u.Value) {
				return hit(tool + " " + verb + " " + u.Value + " turns the firewall or security module off")
			}
		}
	}
	return nil
}

// sysFirewallChange finds firewall edits that firewall_off does not cover.
func sysFirewallChange(c *Command) []Hit {
	if sysFirewallOff(c) != nil {
		return nil
	}
	name := c.Name()
	args := c.Args
	switch {
	case strings.HasPrefix(name, "iptables") || strings.HasPrefix(name, "ip6tables") || name == "ebtables" || name == "arptables":
		if strings.HasSuffix(name, "-save") {
			return nil
		}
		if strings.HasSuffix(name, "-restore") {
			if sysHasHelp(args[1:]) {
				return nil
			}
			for _, w := range args[1:] {
				if w.Value == "-t" || w.Value == "--test" {
					return nil
				}
			}
			return hit(name + " replaces the firewall rules")
		}
		for _, w := range args[1:] {
			switch w.Value {
			case "-A", "--append", "-I", "--insert", "-D", "--delete", "-R", "--replace", "-N", "--new-chain", "-E", "--rename-chain", "-P", "--policy", "-Z", "--zero":
				return hit(name + " " + w.Value + " changes the firewall rules")
			}
		}
	case name == "ufw":
		r := ReadOpts(args[1:], &argv.Spec{LongStop: []string{"help", "version"}, Exact: true})
		if len(r.Operands) > 0 && !r.Info && !r.Has("dry-run") {
			switch v := r.Operands[0].Value; v {
			case "allow", "deny", "reject", "limit", "delete", "insert", "prepend", "route", "default", "enable", "reload":
				return hit("ufw " + v + " changes the firewall rules")
			}
		}
	case name == "nft":
		r := ReadOpts(args[1:], &argv.Spec{Valued: "fIi", LongValued: []string{"file", "includepath"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || r.Has("c", "check") {
			return nil
		}
		if len(r.Operands) > 0 {
			switch v := r.Operands[0].Value; v {
			case "add", "insert", "delete", "replace", "create", "flush", "destroy", "rename", "reset":
				return hit("nft " + v + " changes the firewall rules")
			}
		}
		if f, ok := r.Last("f", "file"); ok {
			return hit("nft -f " + xoptShow(f) + " loads firewall rules")
		}
	case name == "firewall-cmd":
		for _, w := range args[1:] {
			if strings.HasPrefix(w.Value, "--add-") || strings.HasPrefix(w.Value, "--remove-") || strings.HasPrefix(w.Value, "--set-") || strings.HasPrefix(w.Value, "--change-") || w.Value == "--reload" || w.Value == "--complete-reload" || strings.HasPrefix(w.Value, "--new-") || strings.HasPrefix(w.Value, "--delete-") || w.Value == "--runtime-to-permanent" {
				return hit("firewall-cmd " + w.Value + " changes the firewall rules")
			}
		}
	}
	return nil
}
