package rules

// Mounts and kernel modules.

import (
	"guardsh/internal/argv"
)

// ---- mounts ----

func sysMount(c *Command) []Hit {
	name := c.Name()
	switch name {
	case "mount":
		r := ReadOpts(c.Args[1:], &argv.Spec{Valued: "tOoLUTN", LongValued: []string{"types", "test-opts", "options", "label", "uuid", "fstab", "source", "target", "namespace", "options-mode", "options-source", "map-users", "map-groups"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || len(r.Operands) == 0 && !r.Has("a", "all") && !r.Has("source", "target") {
			return nil // lists the mounts
		}
		if r.Has("f", "fake") {
			return nil
		}
		return hit("mounts file systems" + sysPkgWhat(r.Operands))
	case "umount":
		r := ReadOpts(c.Args[1:], &argv.Spec{Valued: "tONq", LongValued: []string{"types", "test-opts", "namespace"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || r.Has("fake") {
			return nil
		}
		return hit("unmounts file systems" + sysPkgWhat(r.Operands))
	case "swapoff", "swapon":
		r := ReadOpts(c.Args[1:], &argv.Spec{Valued: "opL", LongValued: []string{"options", "priority", "discard", "show", "label", "uuid"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || r.Has("s", "summary") || r.Has("show") || len(r.Operands) == 0 && !r.Has("a", "all") {
			return nil
		}
		return hit(name + " turns swap space on or off" + sysPkgWhat(r.Operands))
	}
	return nil
}

// ---- kernel ----

func sysKernelModule(c *Command) []Hit {
	name := c.Name()
	switch name {
	case "insmod", "rmmod":
		r := ReadOpts(c.Args[1:], &argv.Spec{LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || len(r.Operands) == 0 {
			return nil
		}
		verb := "loads"
		if name == "rmmod" {
			verb = "unloads"
		}
		return hit(name + " " + verb + " kernel module " + r.Operands[0].Value)
	case "modprobe":
		r := ReadOpts(c.Args[1:], &argv.Spec{Valued: "CdSo", LongValued: []string{"config", "dirname", "set-version", "name"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || len(r.Operands) == 0 || r.Has("n", "dry-run", "show") || r.Has("c", "showconfig", "show-config") || r.Has("D", "show-depends") || r.Has("show-modversions", "dump-modversions", "show-exports") {
			return nil
		}
		if r.Has("r", "remove") {
			return hit("modprobe -r unloads kernel modules" + sysPkgWhat(r.Operands))
		}
		return hit("modprobe loads kernel module " + r.Operands[0].Value)
	}
	return nil
}
