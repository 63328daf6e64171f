package rules

// The package managers' table: one row per package manager, saying how
// its command line installs or removes packages. package_install and
// package_remove both read it (sysPackageOp), and TestPackageRows runs
// each row's examples through the real Classify.

import (
	"slices"
	"strings"
	"sync"

	"guardsh/internal/argv"
)

// pkgManager is one row of the table.
type pkgManager struct {
	// progs are the program names the row reads.
	progs []string
	// prefix also takes a name of prefix and a version ("pip3.12").
	prefix string
	// spec is the program's option grammar.
	spec argv.Spec
	// noop are options that make the line a dry run or a query.
	noop []string
	// kinds are first operands naming what the verb after them acts on
	// (dnf group install, conda env remove).
	kinds []string
	// install and remove are the verbs (the first operand, after any
	// kind) that install and remove the operands after them.
	install, remove []string
	// installOpts and removeOpts are the options that install and remove,
	// for the programs whose operation is an option (dpkg -i, rpm -e); the
	// operands are the packages.
	installOpts, removeOpts []string
	// read reads the words itself, for the programs no verb or option
	// says (pacman's bundles, pip's -r FILE, npm's -g, cargo, go).
	read func(name string, args []Word) (sysPkgOp, string)
	// installs and removes are lines that must install and remove
	// packages, neither lines that must do neither.
	installs, removes, neither []string
}

// op reads args (after the program name) as the row says.
func (m *pkgManager) op(name string, args []Word) (sysPkgOp, string) {
	if m.read != nil {
		return m.read(name, args)
	}
	r := ReadOpts(args, &m.spec)
	if r.Info || r.Has(m.noop...) {
		return sysPkgNone, ""
	}
	if m.install == nil && m.remove == nil {
		switch {
		case r.Has(m.removeOpts...):
			return sysPkgRemove, sysPkgWhat(r.Operands)
		case r.Has(m.installOpts...):
			return sysPkgInstall, sysPkgWhat(r.Operands)
		}
		return sysPkgNone, ""
	}
	if len(r.Operands) == 0 {
		return sysPkgNone, ""
	}
	v, rest := r.Operands[0].Value, r.Operands[1:]
	if slices.Contains(m.kinds, v) {
		if len(rest) == 0 {
			return sysPkgNone, ""
		}
		v, rest = rest[0].Value, rest[1:]
	}
	switch {
	case slices.Contains(m.remove, v):
		return sysPkgRemove, sysPkgWhat(rest)
	case slices.Contains(m.install, v):
		return sysPkgInstall, sysPkgWhat(rest)
	}
	return sysPkgNone, ""
}

// pkgManagerOf returns the row that reads the program name, nil for none.
func pkgManagerOf(name string) *pkgManager {
	ms := pkgManagerTable()
	for i := range ms {
		if slices.Contains(ms[i].progs, name) {
			return &ms[i]
		}
	}
	for i := range ms {
		if p := ms[i].prefix; p != "" && strings.HasPrefix(name, p) && sysPythonVersion(name[len(p):]) {
			return &ms[i]
		}
	}
	return nil
}

// pkgManagerTable is pkgManagers made once.
var pkgManagerTable = sync.OnceValue(pkgManagers)

// PackageManagers returns the table's rows' examples, for the tests: for
// each row, the lines that install, remove, and do neither.
func PackageManagers() (installs, removes, neither [][]string) {
	for _, m := range pkgManagers() {
		installs, removes, neither = append(installs, m.installs), append(removes, m.removes), append(neither, m.neither)
	}
	return installs, removes, neither
}

// pkgStop is the help and version options most package managers take.
var pkgStop = []string{"help", "version"}

func pkgManagers() []pkgManager {
	return []pkgManager{
		{progs: []string{"apt", "apt-get", "aptitude"},
			spec:     argv.Spec{Valued: "octa", LongValued: []string{"option", "config-file", "target-release", "default-release", "host-architecture"}, LongStop: pkgStop, Exact: true},
			noop:     []string{"s", "simulate", "dry-run", "just-print", "no-act", "recon"},
			install:  []string{"install", "reinstall", "upgrade", "dist-upgrade", "full-upgrade", "build-dep", "satisfy", "safe-upgrade"},
			remove:   []string{"remove", "purge", "autoremove", "autopurge"},
			installs: []string{"sudo apt install -y nginx", "apt-get -o Dpkg::Options::=--force-confold dist-upgrade"},
			removes:  []string{"apt-get remove nginx", "aptitude purge foo", "apt autoremove"},
			neither:  []string{"apt -s install nginx", "apt-get install --dry-run x", "apt list --installed", "apt-get --help remove x"}},
		{progs: []string{"dnf", "yum", "microdnf", "tdnf", "dnf5"},
			spec:     argv.Spec{Valued: "cdeRx", LongValued: []string{"config", "setopt", "releasever", "installroot", "repo", "repoid", "enablerepo", "disablerepo", "exclude", "repofrompath", "downloaddir", "destdir", "comment", "color", "forcearch"}, LongStop: pkgStop, Exact: true},
			kinds:    []string{"group", "groups", "module"},
			install:  []string{"install", "in", "reinstall", "upgrade", "update", "up", "downgrade", "distro-sync", "dsync", "groupinstall", "localinstall", "swap"},
			remove:   []string{"remove", "rm", "erase", "autoremove", "groupremove"},
			installs: []string{"dnf install -y httpd", "yum group install 'Development Tools'"},
			removes:  []string{"dnf remove httpd", "yum -c /etc/yum.conf erase foo", "dnf module remove nodejs"},
			neither:  []string{"dnf search httpd", "dnf group", "yum --help install x"}},
		{progs: []string{"pacman", "yay", "paru", "pamac"}, read: func(_ string, args []Word) (sysPkgOp, string) { return sysPacman(args) },
			installs: []string{"pacman -S firefox", "sudo pacman -Syu", "yay -U pkg.tar.zst"},
			removes:  []string{"pacman -Rns firefox", "paru --remove foo"},
			neither:  []string{"pacman -Ss firefox", "pacman -Qi bash", "pacman -Rp foo", "pacman -Sy"}},
		{progs: []string{"zypper"},
			spec:     argv.Spec{Valued: "cRDx", LongValued: []string{"root", "config", "reposd-path", "cache-dir", "raw-cache-dir", "solv-cache-dir", "pkg-cache-dir", "installroot"}, LongStop: pkgStop, Exact: true},
			noop:     []string{"dry-run"},
			install:  []string{"install", "in", "update", "up", "dist-upgrade", "dup", "patch", "install-new-recommends", "inr"},
			remove:   []string{"remove", "rm"},
			installs: []string{"zypper in vim"},
			removes:  []string{"zypper rm vim"},
			neither:  []string{"zypper --dry-run rm vim", "zypper search vim"}},
		{progs: []string{"apk"},
			spec:     argv.Spec{Valued: "pXt", LongValued: []string{"root", "repository", "keys-dir", "repositories-file", "arch", "cache-dir", "virtual"}, LongStop: pkgStop, Exact: true},
			noop:     []string{"s", "simulate"},
			install:  []string{"add", "upgrade", "fix"},
			remove:   []string{"del", "delete"},
			installs: []string{"apk add curl"},
			removes:  []string{"apk del curl"},
			neither:  []string{"apk -s del curl", "apk info curl"}},
		{progs: []string{"brew"},
			spec:     argv.Spec{Stop: "h", LongStop: pkgStop, Exact: true},
			noop:     []string{"n", "dry-run"},
			install:  []string{"install", "reinstall", "upgrade"},
			remove:   []string{"uninstall", "remove", "rm", "autoremove"},
			installs: []string{"brew install wget"},
			removes:  []string{"brew uninstall wget", "brew autoremove"},
			neither:  []string{"brew install -n wget", "brew list", "brew -h install x"}},
		{progs: []string{"port"},
			spec:     argv.Spec{Stop: "h", LongStop: pkgStop, Exact: true},
			install:  []string{"install", "reinstall", "upgrade"},
			remove:   []string{"uninstall", "remove", "rm", "autoremove"},
			installs: []string{"port install wget"},
			removes:  []string{"port uninstall wget"},
			neither:  []string{"port search wget"}},
		{progs: []string{"snap", "flatpak"},
			spec:     argv.Spec{LongStop: pkgStop, Exact: true},
			install:  []string{"install", "refresh", "update"},
			remove:   []string{"remove", "uninstall"},
			installs: []string{"snap install code --classic", "flatpak update"},
			removes:  []string{"snap remove code", "flatpak uninstall org.gimp.GIMP"},
			neither:  []string{"snap list", "flatpak --help uninstall x"}},
		{progs: []string{"dpkg"},
			spec:        argv.Spec{LongValued: []string{"root", "admindir", "instdir", "log", "status-fd", "force", "refuse", "no-force", "path-include", "path-exclude"}, LongStop: pkgStop, Exact: true},
			noop:        []string{"dry-run", "simulate", "no-act"},
			removeOpts:  []string{"r", "remove", "P", "purge"},
			installOpts: []string{"i", "install", "unpack", "configure"},
			installs:    []string{"dpkg -i pkg.deb", "dpkg --configure -a"},
			removes:     []string{"dpkg -r foo", "dpkg --purge foo"},
			neither:     []string{"dpkg -l", "dpkg --dry-run -r foo", "dpkg -L bash"}},
		{progs: []string{"rpm"},
			spec:        argv.Spec{LongValued: []string{"root", "dbpath", "define", "macros", "rcfile", "relocate", "prefix"}, LongStop: pkgStop, Exact: true},
			noop:        []string{"test", "q", "query"},
			removeOpts:  []string{"e", "erase"},
			installOpts: []string{"i", "install", "U", "upgrade", "F", "freshen", "reinstall"},
			installs:    []string{"rpm -i pkg.rpm", "rpm -Uvh pkg.rpm"},
			removes:     []string{"rpm -e foo"},
			neither:     []string{"rpm -qa", "rpm -e --test foo"}},
		{progs: []string{"nix-env"},
			spec:        argv.Spec{Valued: "fpA", LongValued: []string{"file", "profile", "attr"}, LongStop: pkgStop, Exact: true},
			noop:        []string{"dry-run"},
			removeOpts:  []string{"e", "uninstall"},
			installOpts: []string{"i", "install", "u", "upgrade"},
			installs:    []string{"nix-env -iA nixpkgs.hello"},
			removes:     []string{"nix-env -e hello"},
			neither:     []string{"nix-env -q", "nix-env --dry-run -e hello"}},
		{progs: []string{"conda", "mamba", "micromamba"},
			spec:     argv.Spec{Valued: "npc", LongValued: []string{"name", "prefix", "channel", "file"}, LongStop: pkgStop, Exact: true},
			noop:     []string{"dry-run"},
			kinds:    []string{"env"},
			install:  []string{"install", "update", "upgrade"},
			remove:   []string{"remove", "uninstall"},
			installs: []string{"conda install -n base numpy"},
			removes:  []string{"conda remove numpy", "conda env remove -n old"},
			neither:  []string{"conda list", "conda install --dry-run numpy", "conda env list"}},
		{progs: []string{"pip"}, prefix: "pip", read: func(_ string, args []Word) (sysPkgOp, string) { return sysPip(args) },
			installs: []string{"pip install requests", "pip3.12 install -r requirements.txt"},
			removes:  []string{"pip uninstall -y requests"},
			neither:  []string{"pip list", "pip install --dry-run requests", "pip3 show requests"}},
		{progs: []string{"python"}, prefix: "python", read: func(_ string, args []Word) (sysPkgOp, string) {
			// python -m pip install ...
			if len(args) >= 3 && args[0].Value == "-m" && sysIsPip(args[1].Value) {
				return sysPip(args[2:])
			}
			return sysPkgNone, ""
		},
			installs: []string{"python3 -m pip install requests"},
			removes:  []string{"python -m pip uninstall requests"},
			neither:  []string{"python3 -m pip list", "python3 -m venv .venv"}},
		{progs: []string{"pipx"},
			spec:     argv.Spec{LongStop: pkgStop, Exact: true},
			install:  []string{"install", "reinstall", "reinstall-all", "upgrade", "upgrade-all", "inject"},
			remove:   []string{"uninstall", "uninstall-all", "uninject"},
			installs: []string{"pipx install black"},
			removes:  []string{"pipx uninstall black"},
			neither:  []string{"pipx list"}},
		{progs: []string{"npm", "pnpm", "bun", "yarn"}, read: sysNodePkg,
			installs: []string{"npm install -g typescript", "yarn global add serve", "pnpm add --location global x"},
			removes:  []string{"npm uninstall lodash", "yarn remove lodash"},
			neither:  []string{"npm install", "npm install lodash", "yarn unlink", "npm uninstall --dry-run x"}},
		{progs: []string{"gem"},
			spec:     argv.Spec{Valued: "vsi", LongValued: []string{"source", "install-dir", "bindir"}, LongStop: pkgStop, Exact: true},
			install:  []string{"install", "update"},
			remove:   []string{"uninstall", "cleanup"},
			installs: []string{"gem install rails"},
			removes:  []string{"gem uninstall rails"},
			neither:  []string{"gem list"}},
		{progs: []string{"cargo"}, read: func(_ string, args []Word) (sysPkgOp, string) { return sysCargo(args) },
			installs: []string{"cargo install ripgrep"},
			removes:  []string{"cargo uninstall ripgrep"},
			neither:  []string{"cargo build", "cargo install --list"}},
		{progs: []string{"go"}, read: func(_ string, args []Word) (sysPkgOp, string) { return sysGoInstall(args) },
			installs: []string{"go install golang.org/x/tools/gopls@latest"},
			neither:  []string{"go build ./...", "go install -h", "go install -help x", "go install --help"}},
	}
}

// sysCargo reads cargo's own options, then the subcommand's.
func sysCargo(args []Word) (sysPkgOp, string) {
	r := ReadOpts(args, &argv.Spec{Valued: "Z", LongValued: []string{"config", "color", "git", "branch", "tag", "rev", "path", "root", "registry", "index", "features", "target", "target-dir", "profile", "jobs"}, LongStop: pkgStop, Exact: true, Posix: true})
	if r.Info || len(r.Operands) == 0 {
		return sysPkgNone, ""
	}
	rest := ReadOpts(r.Operands[1:], &argv.Spec{Valued: "jF", LongValued: []string{"git", "branch", "tag", "rev", "path", "root", "registry", "index", "features", "target", "target-dir", "profile", "jobs", "bin", "example"}, LongStop: pkgStop, Exact: true})
	if rest.Info || rest.Has("list") {
		return sysPkgNone, ""
	}
	switch r.Operands[0].Value {
	case "install":
		return sysPkgInstall, sysPkgWhat(rest.Operands)
	case "uninstall":
		return sysPkgRemove, sysPkgWhat(rest.Operands)
	}
	return sysPkgNone, ""
}

// sysGoInstall reads go install, which installs Go binaries into GOBIN.
// Its options are Go's flag package's: -h, -help and --help print the
// usage.
func sysGoInstall(args []Word) (sysPkgOp, string) {
	if args[0].Value != "install" {
		return sysPkgNone, ""
	}
	rest := ReadOpts(args[1:], &argv.Spec{LongValued: []string{"C", "p", "tags", "ldflags", "gcflags", "asmflags", "mod", "modfile", "overlay", "pkgdir", "toolexec", "buildmode", "compiler", "gccgoflags", "o", "pgo", "covermode", "coverpkg", "installsuffix"}, LongStop: []string{"help", "version", "h"}, Exact: true, GoFlags: true})
	if rest.Info {
		return sysPkgNone, ""
	}
	return sysPkgInstall, " (Go binaries into GOBIN)" + sysPkgWhat(rest.Operands)
}
