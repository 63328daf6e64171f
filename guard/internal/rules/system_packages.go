package rules

// Package managers: installing and removing system packages.

// sysPkgOp is what a package-manager command line does.
type sysPkgOp int

const (
	sysPkgNone sysPkgOp = iota
	sysPkgInstall
	sysPkgRemove
)

// packageRules returns package_remove and package_install, which read
// one table of package managers (pkgManagers) in one pass.
func packageRules() []Builtin {
	var progs, prefixes []string
	for _, m := range pkgManagerTable() {
		progs = append(progs, m.progs...)
		if m.prefix != "" {
			prefixes = append(prefixes, m.prefix)
		}
	}
	return []Builtin{
		{Rule: Rule{Name: "package_remove", Level: Medium, Description: "removes packages: apt, dnf, yum, pacman -R, zypper, apk, brew, snap, flatpak, dpkg, rpm, pip, npm, gem, cargo uninstall", Example: "apt-get remove nginx"},
			Check: func(c *Command) []Hit { return sysPackageHit(c, sysPkgRemove, "removes packages") }, Progs: progs, Prefixes: prefixes},
		{Rule: Rule{Name: "package_install", Level: Medium, Description: "installs packages system-wide or globally: apt, dnf, pacman -S, brew, snap, pip install, npm install -g, cargo install, go install", Example: "pip install requests"},
			Check: func(c *Command) []Hit { return sysPackageHit(c, sysPkgInstall, "installs packages") }, Progs: progs, Prefixes: prefixes},
	}
}

// sysPackageHit is the hit of the rule for op, when c does it.
func sysPackageHit(c *Command, op sysPkgOp, does string) []Hit {
	if got, what := sysPackageOp(c); got == op {
		return hit(does + what)
	}
	return nil
}

// sysPkgWhat describes the things named by operands, ": a, b" or "".
func sysPkgWhat(ws []Word) string {
	if l := xoptList(ws); l != "" {
		return ": " + l
	}
	return ""
}

// sysPackageOp tells what a package-manager command does and names the
// packages for the reason, as the manager's row in pkgManagers reads it.
func sysPackageOp(c *Command) (sysPkgOp, string) {
	name := c.Name()
	if name == "" || len(c.Args) < 2 {
		return sysPkgNone, ""
	}
	m := pkgManagerOf(name)
	if m == nil {
		return sysPkgNone, ""
	}
	return m.op(name, c.Args[1:])
}
