package guard

// Mounts and kernel modules.

import (
	"guardsh/internal/argv"
)

// ---- mounts ----

func sysMount(c *Command) []Hit {
	name := c.Name()
	switch name {
	case "mount":
		r := xoptParse(c.Args[1:], &argv.Spec{Valued: "tOoLUTN", LongValued: []string{"types", "test-opts", "options", "label", "uuid", "fstab", "source", "target", "namespace", "options-mode", "options-source", "map-users", "map-groups"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.help || len(r.args) == 0 && !r.has('a', "all") && !r.has(0, "source", "target") {
			return nil // lists the mounts
		}
		if r.has('f', "fake") {
			return nil
		}
		return hit("mounts file systems" + sysPkgWhat(r.args))
	case "umount":
		r := xoptParse(c.Args[1:], &argv.Spec{Valued: "tONq", LongValued: []string{"types", "test-opts", "namespace"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.help || r.has(0, "fake") {
			return nil
		}
		return hit("unmounts file systems" + sysPkgWhat(r.args))
	case "swapoff", "swapon":
		r := xoptParse(c.Args[1:], &argv.Spec{Valued: "opL", LongValued: []string{"options", "priority", "discard", "show", "label", "uuid"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.help || r.has('s', "summary") || r.has(0, "show") || len(r.args) == 0 && !r.has('a', "all") {
			return nil
		}
		return hit(name + " turns swap space on or off" + sysPkgWhat(r.args))
	}
	return nil
}

// ---- kernel ----

func sysKernelModule(c *Command) []Hit {
	name := c.Name()
	switch name {
	case "insmod", "rmmod":
		r := xoptParse(c.Args[1:], &argv.Spec{LongStop: []string{"help", "version"}, Exact: true})
		if r.help || len(r.args) == 0 {
			return nil
		}
		verb := "loads"
		if name == "rmmod" {
			verb = "unloads"
		}
		return hit(name + " " + verb + " kernel module " + r.args[0].Value)
	case "modprobe":
		r := xoptParse(c.Args[1:], &argv.Spec{Valued: "CdSo", LongValued: []string{"config", "dirname", "set-version", "name"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.help || len(r.args) == 0 || r.has('n', "dry-run", "show") || r.has('c', "showconfig", "show-config") || r.has('D', "show-depends") || r.has(0, "show-modversions", "dump-modversions", "show-exports") {
			return nil
		}
		if r.has('r', "remove") {
			return hit("modprobe -r unloads kernel modules" + sysPkgWhat(r.args))
		}
		return hit("modprobe loads kernel module " + r.args[0].Value)
	}
	return nil
}
