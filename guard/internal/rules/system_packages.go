package rules

// Package managers: installing and removing system packages.

import (
	"strings"

	"guardsh/internal/argv"
)

// ---- packages ----

// sysPkgOp is what a package-manager command line does.
type sysPkgOp int

const (
	sysPkgNone sysPkgOp = iota
	sysPkgInstall
	sysPkgRemove
)

func sysPackageRemove(c *Command) []Hit {
	if op, what := sysPackageOp(c); op == sysPkgRemove {
		return hit("removes packages" + what)
	}
	return nil
}

func sysPackageInstall(c *Command) []Hit {
	if op, what := sysPackageOp(c); op == sysPkgInstall {
		return hit("installs packages" + what)
	}
	return nil
}

// sysPkgVerbs maps a package manager's subcommands to what they do.
func sysPkgVerb(install, remove []string, v string) sysPkgOp {
	for _, s := range remove {
		if s == v {
			return sysPkgRemove
		}
	}
	for _, s := range install {
		if s == v {
			return sysPkgInstall
		}
	}
	return sysPkgNone
}

// sysPkgWhat describes the things named by operands, ": a, b" or "".
func sysPkgWhat(ws []Word) string {
	if l := xoptList(ws); l != "" {
		return ": " + l
	}
	return ""
}

// sysPackageOp tells what a package-manager command does and names the
// packages for the reason.
func sysPackageOp(c *Command) (sysPkgOp, string) {
	name := c.Name()
	if name == "" || len(c.Args) < 2 {
		return sysPkgNone, ""
	}
	args := c.Args[1:]
	switch {
	case name == "apt" || name == "apt-get" || name == "aptitude":
		r := ReadOpts(args, &argv.Spec{Valued: "octa", LongValued: []string{"option", "config-file", "target-release", "default-release", "host-architecture"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || len(r.Operands) == 0 || r.Has("s", "simulate", "dry-run", "just-print", "no-act", "recon") {
			return sysPkgNone, ""
		}
		op := sysPkgVerb([]string{"install", "reinstall", "upgrade", "dist-upgrade", "full-upgrade", "build-dep", "satisfy", "safe-upgrade"},
			[]string{"remove", "purge", "autoremove", "autopurge"}, r.Operands[0].Value)
		return op, sysPkgWhat(r.Operands[1:])
	case name == "dnf" || name == "yum" || name == "microdnf" || name == "tdnf" || name == "dnf5":
		r := ReadOpts(args, &argv.Spec{Valued: "cdeRx", LongValued: []string{"config", "setopt", "releasever", "installroot", "repo", "repoid", "enablerepo", "disablerepo", "exclude", "repofrompath", "downloaddir", "destdir", "comment", "color", "forcearch"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || len(r.Operands) == 0 {
			return sysPkgNone, ""
		}
		v, rest := r.Operands[0].Value, r.Operands[1:]
		if v == "group" || v == "groups" || v == "module" {
			if len(rest) == 0 {
				return sysPkgNone, ""
			}
			v, rest = rest[0].Value, rest[1:]
		}
		op := sysPkgVerb([]string{"install", "in", "reinstall", "upgrade", "update", "up", "downgrade", "distro-sync", "dsync", "groupinstall", "localinstall", "swap"},
			[]string{"remove", "rm", "erase", "autoremove", "groupremove"}, v)
		return op, sysPkgWhat(rest)
	case name == "pacman" || name == "yay" || name == "paru" || name == "pamac":
		return sysPacman(args)
	case name == "zypper":
		r := ReadOpts(args, &argv.Spec{Valued: "cRDx", LongValued: []string{"root", "config", "reposd-path", "cache-dir", "raw-cache-dir", "solv-cache-dir", "pkg-cache-dir", "installroot"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || len(r.Operands) == 0 || r.Has("dry-run") {
			return sysPkgNone, ""
		}
		op := sysPkgVerb([]string{"install", "in", "update", "up", "dist-upgrade", "dup", "patch", "install-new-recommends", "inr"},
			[]string{"remove", "rm"}, r.Operands[0].Value)
		return op, sysPkgWhat(r.Operands[1:])
	case name == "apk":
		r := ReadOpts(args, &argv.Spec{Valued: "pXt", LongValued: []string{"root", "repository", "keys-dir", "repositories-file", "arch", "cache-dir", "virtual"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || len(r.Operands) == 0 || r.Has("s", "simulate") {
			return sysPkgNone, ""
		}
		op := sysPkgVerb([]string{"add", "upgrade", "fix"}, []string{"del", "delete"}, r.Operands[0].Value)
		return op, sysPkgWhat(r.Operands[1:])
	case name == "brew" || name == "port":
		r := ReadOpts(args, &argv.Spec{Stop: "h", LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || len(r.Operands) == 0 || name == "brew" && r.Has("n", "dry-run") {
			return sysPkgNone, ""
		}
		op := sysPkgVerb([]string{"install", "reinstall", "upgrade"}, []string{"uninstall", "remove", "rm", "autoremove"}, r.Operands[0].Value)
		return op, sysPkgWhat(r.Operands[1:])
	case name == "snap" || name == "flatpak":
		r := ReadOpts(args, &argv.Spec{LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || len(r.Operands) == 0 {
			return sysPkgNone, ""
		}
		op := sysPkgVerb([]string{"install", "refresh", "update"}, []string{"remove", "uninstall"}, r.Operands[0].Value)
		return op, sysPkgWhat(r.Operands[1:])
	case name == "dpkg":
		r := ReadOpts(args, &argv.Spec{LongValued: []string{"root", "admindir", "instdir", "log", "status-fd", "force", "refuse", "no-force", "path-include", "path-exclude"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || r.Has("dry-run", "simulate", "no-act") {
			return sysPkgNone, ""
		}
		switch {
		case r.Has("r", "remove") || r.Has("P", "purge"):
			return sysPkgRemove, sysPkgWhat(r.Operands)
		case r.Has("i", "install", "unpack") || r.Has("configure"):
			return sysPkgInstall, sysPkgWhat(r.Operands)
		}
	case name == "rpm":
		r := ReadOpts(args, &argv.Spec{LongValued: []string{"root", "dbpath", "define", "macros", "rcfile", "relocate", "prefix"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || r.Has("test") || r.Has("q", "query") {
			return sysPkgNone, ""
		}
		switch {
		case r.Has("e", "erase"):
			return sysPkgRemove, sysPkgWhat(r.Operands)
		case r.Has("i", "install") || r.Has("U", "upgrade") || r.Has("F", "freshen", "reinstall"):
			return sysPkgInstall, sysPkgWhat(r.Operands)
		}
	case name == "nix-env":
		r := ReadOpts(args, &argv.Spec{Valued: "fpA", LongValued: []string{"file", "profile", "attr"}, LongStop: []string{"help", "version"}, Exact: true})
		switch {
		case r.Info || r.Has("dry-run"):
		case r.Has("e", "uninstall"):
			return sysPkgRemove, sysPkgWhat(r.Operands)
		case r.Has("i", "install") || r.Has("u", "upgrade"):
			return sysPkgInstall, sysPkgWhat(r.Operands)
		}
	case name == "conda" || name == "mamba" || name == "micromamba":
		r := ReadOpts(args, &argv.Spec{Valued: "npc", LongValued: []string{"name", "prefix", "channel", "file"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || len(r.Operands) == 0 || r.Has("dry-run") {
			return sysPkgNone, ""
		}
		v, rest := r.Operands[0].Value, r.Operands[1:]
		if v == "env" && len(rest) > 0 {
			v, rest = rest[0].Value, rest[1:]
		}
		op := sysPkgVerb([]string{"install", "update", "upgrade"}, []string{"remove", "uninstall"}, v)
		return op, sysPkgWhat(rest)
	case sysIsPip(name):
		return sysPip(args)
	case strings.HasPrefix(name, "python") && sysPythonVersion(name[len("python"):]):
		// python -m pip install ...
		if len(args) >= 3 && args[0].Value == "-m" && sysIsPip(args[1].Value) {
			return sysPip(args[2:])
		}
	case name == "pipx":
		r := ReadOpts(args, &argv.Spec{LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || len(r.Operands) == 0 {
			return sysPkgNone, ""
		}
		op := sysPkgVerb([]string{"install", "reinstall", "reinstall-all", "upgrade", "upgrade-all", "inject"}, []string{"uninstall", "uninstall-all", "uninject"}, r.Operands[0].Value)
		return op, sysPkgWhat(r.Operands[1:])
	case name == "npm" || name == "pnpm" || name == "bun" || name == "yarn":
		return sysNodePkg(name, args)
	case name == "gem":
		r := ReadOpts(args, &argv.Spec{Valued: "vsi", LongValued: []string{"source", "install-dir", "bindir"}, LongStop: []string{"help", "version"}, Exact: true})
		if r.Info || len(r.Operands) == 0 {
			return sysPkgNone, ""
		}
		op := sysPkgVerb([]string{"install", "update"}, []string{"uninstall", "cleanup"}, r.Operands[0].Value)
		return op, sysPkgWhat(r.Operands[1:])
	case name == "cargo":
		r := ReadOpts(args, &argv.Spec{Valued: "Z", LongValued: []string{"config", "color", "git", "branch", "tag", "rev", "path", "root", "registry", "index", "features", "target", "target-dir", "profile", "jobs"}, LongStop: []string{"help", "version"}, Exact: true, Posix: true})
		if r.Info || len(r.Operands) == 0 {
			return sysPkgNone, ""
		}
		rest := ReadOpts(r.Operands[1:], &argv.Spec{Valued: "jF", LongValued: []string{"git", "branch", "tag", "rev", "path", "root", "registry", "index", "features", "target", "target-dir", "profile", "jobs", "bin", "example"}, LongStop: []string{"help", "version"}, Exact: true})
		if rest.Info {
			return sysPkgNone, ""
		}
		if rest.Has("list") {
			return sysPkgNone, ""
		}
		op := sysPkgVerb([]string{"install"}, []string{"uninstall"}, r.Operands[0].Value)
		return op, sysPkgWhat(rest.Operands)
	case name == "go":
		if args[0].Value == "install" && !sysHasHelp(args[1:]) {
			rest := ReadOpts(args[1:], &argv.Spec{LongValued: []string{"C", "p", "tags", "ldflags", "gcflags", "asmflags", "mod", "modfile", "overlay", "pkgdir", "toolexec", "buildmode", "compiler", "gccgoflags", "o", "pgo", "covermode", "coverpkg", "installsuffix"}, LongStop: []string{"help", "version", "h"}, Exact: true, GoFlags: true})
			return sysPkgInstall, " (Go binaries into GOBIN)" + sysPkgWhat(rest.Operands)
		}
	}
	return sysPkgNone, ""
}
