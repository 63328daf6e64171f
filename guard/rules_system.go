package guard

import (
	"path"
	"slices"
	"strings"
)

// systemRules returns the built-in rules about the running system: root
// privileges, eval, packages, processes, power, services, users, firewall,
// mounts, shell history, cron, the dynamic loader, kernel modules, sysctl.
func systemRules() []builtin {
	bs := []builtin{
		{Rule: Rule{Name: "sudo", Level: Medium, Description: "runs a command with root (or another user's) privileges: sudo, doas, pkexec, su, run0", Example: "sudo apt-get update"}, check: sysSudo, progs: sysSudoProgs},
		{Rule: Rule{Name: "eval", Level: Medium, Description: "eval runs its arguments as shell code", Example: "eval \"$CMD\""}, check: sysEval, progs: sysEvalProgs},
		{Rule: Rule{Name: "package_remove", Level: Medium, Description: "removes packages: apt, dnf, yum, pacman -R, zypper, apk, brew, snap, flatpak, dpkg, rpm, pip, npm, gem, cargo uninstall", Example: "apt-get remove nginx"}, check: sysPackageRemove},
		{Rule: Rule{Name: "package_install", Level: Medium, Description: "installs packages system-wide or globally: apt, dnf, pacman -S, brew, snap, pip install, npm install -g, cargo install, go install", Example: "pip install requests"}, check: sysPackageInstall},
		{Rule: Rule{Name: "kill", Level: Medium, Description: "sends a signal to processes: kill, killall, pkill, xkill", Example: "kill 1234"}, check: sysKill, progs: sysKillProgs},
		{Rule: Rule{Name: "kill_all_processes", Level: High, Description: "kills every process or init: kill -9 -1, kill 1, killall5, pkill with a pattern matching everything", Example: "kill -9 -1"}, check: sysKillAll, progs: sysKillAllProgs},
		{Rule: Rule{Name: "shutdown", Level: High, Description: "shuts down or reboots the machine: shutdown, reboot, poweroff, halt, init 0|6, systemctl poweroff|reboot", Example: "shutdown -h now"}, check: sysShutdown},
		{Rule: Rule{Name: "service_stop", Level: Medium, Description: "stops, restarts, disables or masks a system service", Example: "systemctl stop nginx"}, check: sysServiceStop, progs: sysServiceProgs},
		{Rule: Rule{Name: "user_change", Level: Medium, Description: "adds, removes or changes users, groups or passwords", Example: "userdel bob"}, check: sysUserChange, progs: sysUserProgs},
		{Rule: Rule{Name: "firewall_off", Level: Medium, Description: "flushes or disables the firewall or the security module: iptables -F, ufw disable, nft flush ruleset, setenforce 0", Example: "iptables -F"}, check: sysFirewallOff},
		{Rule: Rule{Name: "firewall_change", Level: Medium, Description: "adds, deletes or replaces firewall rules: iptables -A|-I|-D, ufw allow|deny, nft add|delete, firewall-cmd --add-*", Example: "iptables -A INPUT -p tcp --dport 22 -j DROP"}, check: sysFirewallChange},
		{Rule: Rule{Name: "mount", Level: Medium, Description: "mounts or unmounts file systems, turns swap on or off", Example: "umount /mnt/data"}, check: sysMount, progs: sysMountProgs},
		{Rule: Rule{Name: "history_erase", Level: Medium, Description: "erases or disables the shell history", Example: "history -c"}, check: sysHistoryErase},
		{Rule: Rule{Name: "crontab_remove", Level: Medium, Description: "removes the user's crontab", Example: "crontab -r"}, check: sysCrontabRemove, progs: sysCrontabProgs},
		{Rule: Rule{Name: "ld_preload", Level: Medium, Description: "makes the dynamic loader inject a library into every program (LD_PRELOAD, LD_AUDIT, /etc/ld.so.preload)", Example: "export LD_PRELOAD=/tmp/hook.so"}, check: sysLDPreload},
		{Rule: Rule{Name: "kernel_module", Level: Medium, Description: "loads or unloads kernel modules: insmod, rmmod, modprobe", Example: "rmmod nouveau"}, check: sysKernelModule, progs: sysKernelModuleProgs},
		{Rule: Rule{Name: "sysctl_write", Level: Medium, Description: "changes kernel parameters: sysctl -w, sysctl -p, writes under /proc/sys", Example: "sysctl -w net.ipv4.ip_forward=1"}, check: sysSysctlWrite},
		{Rule: Rule{Name: "chsh", Level: Medium, Description: "changes a user's login shell", Example: "chsh -s /bin/zsh"}, check: sysChsh, progs: sysChshProgs},
	}
	bs = dispatchOn(bs, func(b *builtin) { b.progs, b.prefixes = sysPackageProgs, []string{"pip", "python"} }, "package_remove", "package_install")
	bs = dispatchOn(bs, func(b *builtin) { b.progs, b.redirects = sysShutdownProgs, true }, "shutdown")
	bs = dispatchOn(bs, func(b *builtin) { b.progs, b.prefixes = sysFirewallProgs, []string{"iptables", "ip6tables"} }, "firewall_off", "firewall_change")
	bs = dispatchOn(bs, func(b *builtin) {
		b.progs, b.redirects, b.assigns = append([]string{"history", "unset", "set", "ln"}, sysAssignProgs...), true, true
	}, "history_erase")
	bs = dispatchOn(bs, func(b *builtin) { b.progs, b.redirects, b.assigns = sysAssignProgs, true, true }, "ld_preload")
	return dispatchOn(bs, func(b *builtin) { b.progs, b.redirects = []string{"sysctl"}, true }, "sysctl_write")
}

// Program names the system rules look at (besides prefixes, redirects and
// NAME=VALUE words, see systemRules).
var (
	sysPackageProgs = []string{"apt", "apt-get", "aptitude", "dnf", "yum", "microdnf", "tdnf", "dnf5", "pacman", "yay", "paru", "pamac",
		"zypper", "apk", "brew", "port", "snap", "flatpak", "dpkg", "rpm", "nix-env", "conda", "mamba", "micromamba", "pipx",
		"npm", "pnpm", "bun", "yarn", "gem", "cargo", "go"}
	sysShutdownProgs = []string{"shutdown", "reboot", "poweroff", "halt", "init", "telinit", "openrc-shutdown", "systemctl", "loginctl"}
	sysFirewallProgs = []string{"ebtables", "arptables", "ufw", "nft", "setenforce", "pfctl", "aa-teardown", "firewall-cmd"}
	// sysAssignProgs are the commands sysAssignments reads NAME=VALUE from.
	sysAssignProgs = []string{"export", "declare", "typeset", "local", "readonly", "env", "setenv"}
)

// The programs each check reads, for builtin.progs. The rules without
// progs also read redirects of any command (shutdown, history_erase,
// ld_preload, sysctl_write), NAME=value assignments, or match names by
// prefix (package_install and package_remove: pip3.12, python3.12;
// firewall_off and firewall_change: iptables-nft, ip6tables-legacy).
var (
	// sysSudoProgs are the cases of sysSudo's switch.
	sysSudoProgs = []string{"sudo", "sudoedit", "doas", "pkexec", "run0", "su"}
	sysEvalProgs = []string{"eval"}
	// sysKillProgs are the cases of sysKill's switch.
	sysKillProgs = []string{"kill", "killall", "pkill", "skill", "xkill"}
	// sysKillAllProgs are the cases of sysKillAllHit's switch.
	sysKillAllProgs = []string{"kill", "killall5", "pkill", "killall"}
	// sysServiceProgs are the cases of sysServiceUnits' switch.
	sysServiceProgs = []string{"systemctl", "service", "rc-service", "sv", "launchctl", "rc-update", "update-rc.d"}
	// sysUserProgs are the cases of sysUserChange's first switch.
	sysUserProgs = []string{"useradd", "userdel", "usermod", "groupadd", "groupdel", "groupmod", "gpasswd", "passwd", "chpasswd", "visudo",
		"adduser", "deluser", "addgroup", "delgroup", "vipw", "vigr", "chage", "newusers", "chfn", "chgpasswd", "grpconv", "pwconv"}
	// sysMountProgs are the cases of sysMount's switch.
	sysMountProgs   = []string{"mount", "umount", "swapoff", "swapon"}
	sysCrontabProgs = []string{"crontab"}
	// sysKernelModuleProgs are the cases of sysKernelModule's switch.
	sysKernelModuleProgs = []string{"insmod", "rmmod", "modprobe"}
	sysChshProgs         = []string{"chsh"}
)

// ---- sudo, eval ----

func sysSudo(c *Command) []Hit {
	args := c.Args
	switch c.Name() {
	case "sudo", "sudoedit":
		if len(args) == 2 && args[1].Value == "-h" {
			return nil
		}
		r := xoptParse(args[1:], &xoptSpec{shortArg: "CDgpRrTtUu", longArg: []string{"close-from", "chdir", "group", "host", "prompt", "chroot", "role", "command-timeout", "type", "other-user", "user"}, posix: true})
		if r.help {
			return nil
		}
		if len(r.args) == 0 && c.Name() == "sudo" && !r.has('e', "edit") && !r.has('s', "shell") && !r.has('i', "login") {
			// -l, -v, -k, -K and friends only list or manage credentials.
			return nil
		}
		if r.has('e', "edit") || c.Name() == "sudoedit" {
			return hit("edits files with root privileges")
		}
		return sysAsUser(r.last('u', "user"))
	case "doas":
		r := xoptParse(args[1:], &xoptSpec{shortArg: "Cu", posix: true})
		if len(r.args) == 0 && !r.has('s', "") {
			return nil
		}
		if _, ok := r.last('C', ""); ok {
			return nil // checks the config only
		}
		return sysAsUser(r.last('u', ""))
	case "pkexec":
		r := xoptParse(args[1:], &xoptSpec{longArg: []string{"user"}, posix: true})
		if r.help {
			return nil
		}
		return sysAsUser(r.last(0, "user"))
	case "run0":
		r := xoptParse(args[1:], &xoptSpec{shortArg: "uDg", longArg: []string{"user", "group", "chdir", "setenv", "unit", "property", "description", "slice", "nice", "background", "machine"}, posix: true})
		if r.help {
			return nil
		}
		return sysAsUser(r.last('u', "user"))
	case "su":
		r := xoptParse(args[1:], &xoptSpec{shortArg: "cCgGsw", longArg: []string{"command", "session-command", "group", "supp-group", "shell", "whitelist-environment"}})
		if r.help {
			return nil
		}
		if len(r.args) > 0 && r.args[0].Value != "-" && r.args[0].Value != "root" {
			return sysAsUser(r.args[0], true)
		}
		if len(r.args) > 1 && r.args[0].Value == "-" && r.args[1].Value != "root" {
			return sysAsUser(r.args[1], true)
		}
		return hit("runs with root privileges")
	}
	return nil
}

func sysAsUser(u Word, ok bool) []Hit {
	if !ok || u.Value == "root" || u.Value == "0" || u.Value == "#0" {
		return hit("runs with root privileges")
	}
	return hit("runs as user " + u.Value)
}

func sysEval(c *Command) []Hit {
	if !slices.Contains(sysEvalProgs, c.Name()) || len(c.Args) < 2 {
		return nil
	}
	return hit("runs its arguments as shell code")
}

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

// xoptShow returns a word's value for a reason, "…" standing for parts
// that are unknown.
func xoptShow(w Word) string {
	if w.Known {
		return w.Value
	}
	return strings.ReplaceAll(w.Value, Unknown, "…")
}

// xoptList joins words for a reason: "a, b, c, ...".
func xoptList(ws []Word) string {
	var b strings.Builder
	n := 0
	for _, w := range ws {
		if w.Value == "" {
			continue
		}
		if n > 0 {
			b.WriteString(", ")
		}
		if n == 4 {
			b.WriteString("...")
			break
		}
		b.WriteString(xoptShow(w))
		n++
	}
	return b.String()
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
		r := xoptParse(args, &xoptSpec{shortArg: "octa", longArg: []string{"option", "config-file", "target-release", "default-release", "host-architecture"}})
		if r.help || len(r.args) == 0 || r.has('s', "simulate", "dry-run", "just-print", "no-act", "recon") {
			return sysPkgNone, ""
		}
		op := sysPkgVerb([]string{"install", "reinstall", "upgrade", "dist-upgrade", "full-upgrade", "build-dep", "satisfy", "safe-upgrade"},
			[]string{"remove", "purge", "autoremove", "autopurge"}, r.args[0].Value)
		return op, sysPkgWhat(r.args[1:])
	case name == "dnf" || name == "yum" || name == "microdnf" || name == "tdnf" || name == "dnf5":
		r := xoptParse(args, &xoptSpec{shortArg: "cdeRx", longArg: []string{"config", "setopt", "releasever", "installroot", "repo", "repoid", "enablerepo", "disablerepo", "exclude", "repofrompath", "downloaddir", "destdir", "comment", "color", "forcearch"}})
		if r.help || len(r.args) == 0 {
			return sysPkgNone, ""
		}
		v, rest := r.args[0].Value, r.args[1:]
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
		r := xoptParse(args, &xoptSpec{shortArg: "cRDx", longArg: []string{"root", "config", "reposd-path", "cache-dir", "raw-cache-dir", "solv-cache-dir", "pkg-cache-dir", "installroot"}})
		if r.help || len(r.args) == 0 || r.has(0, "dry-run") {
			return sysPkgNone, ""
		}
		op := sysPkgVerb([]string{"install", "in", "update", "up", "dist-upgrade", "dup", "patch", "install-new-recommends", "inr"},
			[]string{"remove", "rm"}, r.args[0].Value)
		return op, sysPkgWhat(r.args[1:])
	case name == "apk":
		r := xoptParse(args, &xoptSpec{shortArg: "pXt", longArg: []string{"root", "repository", "keys-dir", "repositories-file", "arch", "cache-dir", "virtual"}})
		if r.help || len(r.args) == 0 || r.has('s', "simulate") {
			return sysPkgNone, ""
		}
		op := sysPkgVerb([]string{"add", "upgrade", "fix"}, []string{"del", "delete"}, r.args[0].Value)
		return op, sysPkgWhat(r.args[1:])
	case name == "brew" || name == "port":
		r := xoptParse(args, &xoptSpec{helpShort: 'h'})
		if r.help || len(r.args) == 0 || name == "brew" && r.has('n', "dry-run") {
			return sysPkgNone, ""
		}
		op := sysPkgVerb([]string{"install", "reinstall", "upgrade"}, []string{"uninstall", "remove", "rm", "autoremove"}, r.args[0].Value)
		return op, sysPkgWhat(r.args[1:])
	case name == "snap" || name == "flatpak":
		r := xoptParse(args, &xoptSpec{})
		if r.help || len(r.args) == 0 {
			return sysPkgNone, ""
		}
		op := sysPkgVerb([]string{"install", "refresh", "update"}, []string{"remove", "uninstall"}, r.args[0].Value)
		return op, sysPkgWhat(r.args[1:])
	case name == "dpkg":
		r := xoptParse(args, &xoptSpec{longArg: []string{"root", "admindir", "instdir", "log", "status-fd", "force", "refuse", "no-force", "path-include", "path-exclude"}})
		if r.help || r.has(0, "dry-run", "simulate", "no-act") {
			return sysPkgNone, ""
		}
		switch {
		case r.has('r', "remove") || r.has('P', "purge"):
			return sysPkgRemove, sysPkgWhat(r.args)
		case r.has('i', "install", "unpack") || r.has(0, "configure"):
			return sysPkgInstall, sysPkgWhat(r.args)
		}
	case name == "rpm":
		r := xoptParse(args, &xoptSpec{longArg: []string{"root", "dbpath", "define", "macros", "rcfile", "relocate", "prefix"}})
		if r.help || r.has(0, "test") || r.has('q', "query") {
			return sysPkgNone, ""
		}
		switch {
		case r.has('e', "erase"):
			return sysPkgRemove, sysPkgWhat(r.args)
		case r.has('i', "install") || r.has('U', "upgrade") || r.has('F', "freshen", "reinstall"):
			return sysPkgInstall, sysPkgWhat(r.args)
		}
	case name == "nix-env":
		r := xoptParse(args, &xoptSpec{shortArg: "fpA", longArg: []string{"file", "profile", "attr"}})
		switch {
		case r.help || r.has(0, "dry-run"):
		case r.has('e', "uninstall"):
			return sysPkgRemove, sysPkgWhat(r.args)
		case r.has('i', "install") || r.has('u', "upgrade"):
			return sysPkgInstall, sysPkgWhat(r.args)
		}
	case name == "conda" || name == "mamba" || name == "micromamba":
		r := xoptParse(args, &xoptSpec{shortArg: "npc", longArg: []string{"name", "prefix", "channel", "file"}})
		if r.help || len(r.args) == 0 || r.has(0, "dry-run") {
			return sysPkgNone, ""
		}
		v, rest := r.args[0].Value, r.args[1:]
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
		r := xoptParse(args, &xoptSpec{})
		if r.help || len(r.args) == 0 {
			return sysPkgNone, ""
		}
		op := sysPkgVerb([]string{"install", "reinstall", "reinstall-all", "upgrade", "upgrade-all", "inject"}, []string{"uninstall", "uninstall-all", "uninject"}, r.args[0].Value)
		return op, sysPkgWhat(r.args[1:])
	case name == "npm" || name == "pnpm" || name == "bun" || name == "yarn":
		return sysNodePkg(name, args)
	case name == "gem":
		r := xoptParse(args, &xoptSpec{shortArg: "vsi", longArg: []string{"version", "source", "install-dir", "bindir"}})
		if r.help || len(r.args) == 0 {
			return sysPkgNone, ""
		}
		op := sysPkgVerb([]string{"install", "update"}, []string{"uninstall", "cleanup"}, r.args[0].Value)
		return op, sysPkgWhat(r.args[1:])
	case name == "cargo":
		r := xoptParse(args, &xoptSpec{shortArg: "Z", longArg: []string{"config", "color", "git", "branch", "tag", "rev", "path", "root", "version", "registry", "index", "features", "target", "target-dir", "profile", "jobs"}, posix: true})
		if r.help || len(r.args) == 0 {
			return sysPkgNone, ""
		}
		rest := xoptParse(r.args[1:], &xoptSpec{shortArg: "jF", longArg: []string{"git", "branch", "tag", "rev", "path", "root", "version", "registry", "index", "features", "target", "target-dir", "profile", "jobs", "bin", "example"}})
		if rest.help {
			return sysPkgNone, ""
		}
		if rest.has(0, "list") {
			return sysPkgNone, ""
		}
		op := sysPkgVerb([]string{"install"}, []string{"uninstall"}, r.args[0].Value)
		return op, sysPkgWhat(rest.args)
	case name == "go":
		if args[0].Value == "install" && !sysHasHelp(args[1:]) {
			rest := xoptParse(args[1:], &xoptSpec{oneDash: true, longArg: []string{"C", "p", "tags", "ldflags", "gcflags", "asmflags", "mod", "modfile", "overlay", "pkgdir", "toolexec", "buildmode", "compiler", "gccgoflags", "o", "pgo", "covermode", "coverpkg", "installsuffix"}})
			return sysPkgInstall, " (Go binaries into GOBIN)" + sysPkgWhat(rest.args)
		}
	}
	return sysPkgNone, ""
}

// sysPythonVersion reports a python interpreter suffix: "", "3", "3.12".
func sysPythonVersion(s string) bool {
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '.' {
			return false
		}
	}
	return true
}

func sysIsPip(name string) bool {
	return name == "pip" || (strings.HasPrefix(name, "pip") && sysPythonVersion(name[3:]))
}

func sysPip(args []Word) (sysPkgOp, string) {
	r := xoptParse(args, &xoptSpec{shortArg: "rceti", longArg: []string{"requirement", "constraint", "editable", "target", "index-url", "extra-index-url", "find-links", "prefix", "root", "src", "upgrade-strategy", "platform", "python-version", "implementation", "abi", "log", "proxy", "retries", "timeout", "exists-action", "trusted-host", "cert", "client-cert", "cache-dir", "python", "progress-bar", "report", "config-settings", "global-option", "no-binary", "only-binary", "use-feature", "use-deprecated", "keyring-provider"}})
	if r.help || len(r.args) == 0 || r.has(0, "dry-run") {
		return sysPkgNone, ""
	}
	switch r.args[0].Value {
	case "install":
		what := sysPkgWhat(r.args[1:])
		if w, ok := r.last('r', "requirement"); ok {
			what = " from " + w.Value
		}
		return sysPkgInstall, " (Python)" + what
	case "uninstall":
		return sysPkgRemove, " (Python)" + sysPkgWhat(r.args[1:])
	}
	return sysPkgNone, ""
}

// sysNodePkg handles npm, pnpm, yarn and bun: uninstalls are removals,
// global installs are installs, project installs are safe.
func sysNodePkg(name string, args []Word) (sysPkgOp, string) {
	r := xoptParse(args, &xoptSpec{shortArg: "wC", longArg: []string{"prefix", "workspace", "registry", "cache", "userconfig", "cwd", "dir", "filter", "tag", "loglevel", "location"}, helpShort: 'h'})
	if r.help || len(r.args) == 0 || r.has(0, "dry-run") {
		return sysPkgNone, ""
	}
	global := r.has('g', "global")
	if w, ok := r.last(0, "location"); ok && w.Value == "global" {
		global = true
	}
	v, rest := r.args[0].Value, r.args[1:]
	if name == "yarn" && v == "global" && len(rest) > 0 {
		v, rest, global = rest[0].Value, rest[1:], true
	}
	switch v {
	case "uninstall", "un", "remove", "rm", "r", "unlink":
		if name == "npm" || name == "pnpm" || name == "bun" && v != "unlink" || v == "remove" {
			where := ""
			if global {
				where = " (global)"
			}
			return sysPkgRemove, where + sysPkgWhat(rest)
		}
	case "install", "i", "add", "isntall", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "update", "up", "upgrade":
		if global {
			return sysPkgInstall, " globally" + sysPkgWhat(rest)
		}
	}
	return sysPkgNone, ""
}

// sysPacman handles pacman-style operations: -R removes, -S and -U install,
// -Ss, -Si, -Sl, -Sg, -Sp, -Sc and a bare -Sy only read or refresh.
func sysPacman(args []Word) (sysPkgOp, string) {
	var op byte
	var mods []byte
	var targets []Word
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--help" || v == "-h" || v == "--version" || v == "-V":
			return sysPkgNone, ""
		case v == "--remove":
			op = 'R'
		case v == "--sync":
			op = 'S'
		case v == "--upgrade":
			op = 'U'
		case v == "--query" || v == "--database" || v == "--files" || v == "--deptest":
			op = 'Q'
		case v == "--print" || v == "--search" || v == "--info" || v == "--list" || v == "--groups" || v == "--clean":
			mods = append(mods, 'p')
		case v == "--sysupgrade":
			mods = append(mods, 'u')
		case v == "--root" || v == "--dbpath" || v == "--cachedir" || v == "--config" || v == "--arch" || v == "--gpgdir" || v == "--hookdir" || v == "--logfile" || v == "--assume-installed" || v == "--ignore" || v == "--ignoregroup" || v == "--overwrite" || v == "--print-format" || v == "--sysroot" || v == "-b" || v == "-r":
			i++
		case strings.HasPrefix(v, "--"):
		case len(v) > 1 && v[0] == '-':
			for j := 1; j < len(v); j++ {
				ch := v[j]
				if ch >= 'A' && ch <= 'Z' {
					op = ch
				} else {
					mods = append(mods, ch)
				}
			}
		default:
			targets = append(targets, args[i])
		}
	}
	for _, m := range mods {
		if m == 'h' {
			return sysPkgNone, "" // help
		}
	}
	switch op {
	case 'R':
		for _, m := range mods {
			if m == 'p' {
				return sysPkgNone, ""
			}
		}
		return sysPkgRemove, sysPkgWhat(targets)
	case 'U':
		for _, m := range mods {
			if m == 'p' {
				return sysPkgNone, ""
			}
		}
		return sysPkgInstall, sysPkgWhat(targets)
	case 'S':
		upgrade := false
		for _, m := range mods {
			switch m {
			case 's', 'i', 'l', 'g', 'p', 'c':
				return sysPkgNone, ""
			case 'u':
				upgrade = true
			}
		}
		if len(targets) > 0 || upgrade {
			return sysPkgInstall, sysPkgWhat(targets)
		}
	}
	return sysPkgNone, ""
}

// ---- processes ----

// sysIsSignal reports a signal spec written after a dash: 9, KILL, SIGKILL,
// kill, RTMIN+1.
func sysIsSignal(s string) bool {
	if s == "" {
		return false
	}
	digits, letters := true, true
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch < '0' || ch > '9' {
			digits = false
		}
		if !(ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9' || ch == '+' || ch == '-') {
			letters = false
		}
	}
	return digits || letters
}

// sysKillArgs parses kill's arguments: the signal ("" for the default)
// and the process ids; list reports -l/-L, which sends nothing.
func sysKillArgs(args []Word) (sig string, pids []Word, list bool) {
	opts := true
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case !opts || len(v) < 2 || v[0] != '-':
			pids = append(pids, args[i])
			opts = false
		case v == "--":
			opts = false
		case v == "-l" || v == "-L" || v == "--list" || v == "--table" || v == "--help" || v == "--version":
			return "", nil, true
		case v == "-s" || v == "-n" || v == "--signal":
			if i+1 < len(args) {
				i++
				sig = args[i].Value
			}
		case strings.HasPrefix(v, "--signal="):
			sig = v[len("--signal="):]
		case v == "-q" || v == "--queue" || v == "--timeout":
			i++
		case strings.HasPrefix(v, "--"):
		case sig == "" && sysIsSignal(v[1:]):
			sig = v[1:]
		default:
			// after the signal, -N is a process group: kill -9 -1
			pids = append(pids, args[i])
			opts = false
		}
	}
	return sig, pids, false
}

// sysSigZero reports signal 0, which only tests that a process exists.
func sysSigZero(sig string) bool { return sig == "0" || sig == "SIG0" }

// sysPkillMatchesAll reports a pkill/killall regular expression that
// matches every process name.
func sysPkillMatchesAll(p string) bool {
	switch p {
	case "", ".", ".*", ".+", "^", "$", "^.*", "^.*$", ".*$", "^.", "[^]", "\\w*", "\\S*", "[a-z]*", "*":
		return true
	}
	return false
}

// sysPkill parses pkill/killall: the pattern operands, the signal and the
// selected user (-u).
func sysPkill(name string, args []Word) (pats []Word, sig string, user string, regex bool, ok bool) {
	if len(args) > 0 && len(args[0].Value) > 1 && args[0].Value[0] == '-' && args[0].Value[1] != '-' {
		s := args[0].Value[1:]
		if s == strings.ToUpper(s) && sysIsSignal(s) && len(s) > 1 || s[0] >= '0' && s[0] <= '9' {
			sig, args = s, args[1:]
		}
	}
	sp := &xoptSpec{shortArg: "gGPsStuUFqc", longArg: []string{"signal", "pgroup", "group", "parent", "session", "terminal", "euid", "uid", "pidfile", "ns", "nslist", "env", "cgroup", "queue"}}
	if name == "killall" {
		sp = &xoptSpec{shortArg: "sunoyOZ", longArg: []string{"signal", "user", "older-than", "younger-than", "context", "ns"}}
	}
	r := xoptParse(args, sp)
	if r.help || r.has('l', "list") || r.has('V', "") {
		return nil, "", "", false, false
	}
	if w, ok := r.last('s', "signal"); ok {
		sig = w.Value
	}
	if w, ok := r.last('u', "user", "euid"); ok {
		user = w.Value
	} else if w, ok := r.last('U', "uid"); ok && name == "pkill" {
		user = w.Value
	}
	regex = name == "pkill" || r.has('r', "regexp")
	return r.args, sig, user, regex, true
}

func sysKill(c *Command) []Hit {
	switch c.Name() {
	case "kill":
		sig, pids, list := sysKillArgs(c.Args[1:])
		if list || len(pids) == 0 || sysSigZero(strings.ToUpper(sig)) || sysKillAllPids(pids) != "" {
			return nil
		}
		return hit("sends " + sysSigName(sig) + " to " + xoptList(pids))
	case "killall", "pkill", "skill":
		pats, sig, user, _, ok := sysPkill(c.Name(), c.Args[1:])
		if !ok || sysSigZero(strings.ToUpper(sig)) || sysKillAllHit(c) != nil {
			return nil
		}
		if len(pats) == 0 && user == "" {
			return nil
		}
		what := xoptList(pats)
		if what == "" {
			what = "processes of user " + user
		}
		return hit("sends " + sysSigName(sig) + " to processes matching " + what)
	case "xkill":
		if sysHasHelp(c.Args[1:]) {
			return nil
		}
		return hit("kills the X client of the window clicked")
	}
	return nil
}

func sysSigName(sig string) string {
	if sig == "" {
		return "SIGTERM"
	}
	u := strings.ToUpper(sig)
	if sysIsSignal(u) && !strings.HasPrefix(u, "SIG") && (u[0] < '0' || u[0] > '9') {
		return "SIG" + u
	}
	return "signal " + sig
}

// sysKillAllPids names the process id that means every process or init:
// -1 or 1; "" when none.
func sysKillAllPids(pids []Word) string {
	for _, p := range pids {
		switch p.Value {
		case "-1":
			return "every process (pid -1)"
		case "1":
			return "init (pid 1)"
		}
	}
	return ""
}

func sysKillAll(c *Command) []Hit { return sysKillAllHit(c) }

func sysKillAllHit(c *Command) []Hit {
	switch c.Name() {
	case "kill":
		sig, pids, list := sysKillArgs(c.Args[1:])
		if list || sysSigZero(strings.ToUpper(sig)) {
			return nil
		}
		if what := sysKillAllPids(pids); what != "" {
			return hit("sends " + sysSigName(sig) + " to " + what)
		}
	case "killall5":
		if sysHasHelp(c.Args[1:]) {
			return nil
		}
		return hit("sends a signal to every process")
	case "pkill", "killall":
		pats, sig, user, regex, ok := sysPkill(c.Name(), c.Args[1:])
		if !ok || sysSigZero(strings.ToUpper(sig)) {
			return nil
		}
		if len(pats) == 0 && (user == "root" || user == "0") {
			return hit("sends " + sysSigName(sig) + " to every process of root")
		}
		if regex {
			for _, p := range pats {
				if p.Known && sysPkillMatchesAll(p.Value) {
					return hit("sends " + sysSigName(sig) + " to every process: the pattern " + strings.TrimSpace("'"+p.Value+"'") + " matches all")
				}
			}
		}
	}
	return nil
}

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
		r := xoptParse(args[1:], &xoptSpec{})
		if r.help || r.has('c', "") || r.has(0, "show") || (name == "shutdown" && r.has('k', "")) || r.has('w', "wtmp-only") {
			return nil
		}
		return hit(name + " takes the machine down")
	case "init", "telinit", "openrc-shutdown":
		r := xoptParse(args[1:], &xoptSpec{})
		if r.help {
			return nil
		}
		if name == "openrc-shutdown" {
			return hit("takes the machine down")
		}
		if len(r.args) > 0 {
			switch r.args[0].Value {
			case "0", "6":
				return hit(name + " " + r.args[0].Value + " takes the machine down")
			case "1", "s", "S", "single":
				return hit(name + " " + r.args[0].Value + " switches to single-user mode, stopping every service")
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
	r := xoptParse(args, &xoptSpec{shortArg: "tpHMsnoP", longArg: []string{"type", "property", "host", "machine", "state", "signal", "kill-whom", "kill-value", "root", "image", "lines", "output", "job-mode", "boot-loader-entry", "boot-loader-menu", "message", "timestamp", "when", "what", "preset-mode", "reboot-argument", "image-policy", "drop-in", "check-inhibitors", "legend"}})
	if r.help || len(r.args) == 0 {
		return "", nil, false
	}
	return r.args[0].Value, r.args[1:], true
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
	case "stop", "disable", "mask", "kill", "restart", "try-restart", "reload-or-restart", "try-reload-or-restart", "condrestart", "force-reload", "force-stop", "isolate", "zap", "down", "unload", "bootout", "remove", "exit":
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
		r := xoptParse(args[1:], &xoptSpec{})
		if r.help || len(r.args) < 2 {
			return "", "", nil
		}
		if name == "sv" {
			if sysServiceVerb(r.args[0].Value) {
				return name, r.args[0].Value, r.args[1:]
			}
			return "", "", nil
		}
		if sysServiceVerb(r.args[1].Value) {
			return name, r.args[1].Value, r.args[:1]
		}
	case "launchctl":
		if len(args) > 2 && sysServiceVerb(args[1].Value) {
			return name, args[1].Value, args[2:]
		}
	case "rc-update", "update-rc.d":
		r := xoptParse(args[1:], &xoptSpec{})
		if len(r.args) >= 2 && (r.args[0].Value == "del" || r.args[0].Value == "delete") {
			return name, r.args[0].Value, r.args[1:2]
		}
		if len(r.args) >= 2 && (r.args[1].Value == "disable" || r.args[1].Value == "remove") {
			return name, r.args[1].Value, r.args[:1]
		}
	}
	return "", "", nil
}

// sysOffVerb reports a service verb that leaves the service off.
func sysOffVerb(v string) bool {
	switch v {
	case "stop", "disable", "mask", "kill", "force-stop", "zap", "down", "unload", "bootout", "remove", "exit", "del", "delete":
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

// ---- users ----

func sysUserChange(c *Command) []Hit {
	name := c.Name()
	if !slices.Contains(sysUserProgs, name) {
		return nil
	}
	r := xoptParse(c.Args[1:], &xoptSpec{})
	if r.help || len(c.Args) == 2 && name != "chfn" && (c.Args[1].Value == "-h" || c.Args[1].Value == "-V") {
		return nil
	}
	switch name {
	case "passwd":
		if r.has('S', "status") {
			return nil
		}
	case "chage":
		if r.has('l', "list") {
			return nil
		}
	case "visudo":
		if r.has('c', "check") {
			return nil
		}
	}
	return hit(name + " changes users, groups or passwords" + sysPkgWhat(r.args))
}

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
			case len(v) > 2 && v[0] == '-' && v[1] != '-' && strings.IndexByte(v, 'F') >= 0 && strings.Trim(v[1:], "Fvwn") == "":
				return hit(name + " flushes firewall rules")
			}
		}
	case name == "ufw":
		r := xoptParse(args[1:], &xoptSpec{})
		if len(r.args) > 0 && !r.help && !r.has(0, "dry-run") {
			switch r.args[0].Value {
			case "disable", "reset":
				return hit("ufw " + r.args[0].Value + " turns the firewall off")
			}
		}
	case name == "nft":
		r := xoptParse(args[1:], &xoptSpec{shortArg: "fIi", longArg: []string{"file", "includepath"}})
		if len(r.args) >= 2 && !r.help && !r.has('c', "check") {
			a, b := r.args[0].Value, r.args[1].Value
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
		r := xoptParse(args[1:], &xoptSpec{})
		if len(r.args) > 0 && !r.help && !r.has(0, "dry-run") {
			switch v := r.args[0].Value; v {
			case "allow", "deny", "reject", "limit", "delete", "insert", "prepend", "route", "default", "enable", "reload":
				return hit("ufw " + v + " changes the firewall rules")
			}
		}
	case name == "nft":
		r := xoptParse(args[1:], &xoptSpec{shortArg: "fIi", longArg: []string{"file", "includepath"}})
		if r.help || r.has('c', "check") {
			return nil
		}
		if len(r.args) > 0 {
			switch v := r.args[0].Value; v {
			case "add", "insert", "delete", "replace", "create", "flush", "destroy", "rename", "reset":
				return hit("nft " + v + " changes the firewall rules")
			}
		}
		if f, ok := r.last('f', "file"); ok {
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

// ---- mounts ----

func sysMount(c *Command) []Hit {
	name := c.Name()
	switch name {
	case "mount":
		r := xoptParse(c.Args[1:], &xoptSpec{shortArg: "tOoLUTN", longArg: []string{"types", "test-opts", "options", "label", "uuid", "fstab", "source", "target", "namespace", "options-mode", "options-source", "map-users", "map-groups"}})
		if r.help || len(r.args) == 0 && !r.has('a', "all") && !r.has(0, "source", "target") {
			return nil // lists the mounts
		}
		if r.has('f', "fake") {
			return nil
		}
		return hit("mounts file systems" + sysPkgWhat(r.args))
	case "umount":
		r := xoptParse(c.Args[1:], &xoptSpec{shortArg: "tONq", longArg: []string{"types", "test-opts", "namespace"}})
		if r.help || r.has(0, "fake") {
			return nil
		}
		return hit("unmounts file systems" + sysPkgWhat(r.args))
	case "swapoff", "swapon":
		r := xoptParse(c.Args[1:], &xoptSpec{shortArg: "opL", longArg: []string{"options", "priority", "discard", "show", "label", "uuid"}})
		if r.help || r.has('s', "summary") || r.has(0, "show") || len(r.args) == 0 && !r.has('a', "all") {
			return nil
		}
		return hit(name + " turns swap space on or off" + sysPkgWhat(r.args))
	}
	return nil
}

// ---- shell history ----

// sysHistoryFile reports a file that holds a shell's or a REPL's history.
func sysHistoryFile(p string) bool {
	switch path.Base(p) {
	case ".bash_history", ".zsh_history", ".zhistory", ".history", ".sh_history", ".ash_history", ".python_history", ".mysql_history", ".psql_history", ".node_repl_history", ".sqlite_history", ".lesshst", ".rediscli_history":
		return true
	case "history":
		return strings.Contains(p, "fish")
	}
	return false
}

// sysAssignment splits NAME=value; ok is false for anything else.
func sysAssignment(s string) (name, value string, ok bool) {
	i := strings.IndexByte(s, '=')
	if i <= 0 {
		return "", "", false
	}
	name = s[:i]
	if name[len(name)-1] == '+' {
		name = name[:len(name)-1]
	}
	for j := 0; j < len(name); j++ {
		ch := name[j]
		if !(ch == '_' || ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z' || j > 0 && ch >= '0' && ch <= '9') {
			return "", "", false
		}
	}
	return name, s[i+1:], name != ""
}

// sysAssignments returns the variable assignments a command makes in the
// shell or hands to a program: `export A=b`, `declare -x A=b`, `env A=b cmd`,
// and assignments presented as the command words themselves.
func sysAssignments(c *Command) []Word {
	if len(c.Args) == 0 {
		return nil
	}
	if !c.Args[0].Known {
		return nil
	}
	start := 0
	switch c.Name() {
	case "export", "declare", "typeset", "local", "readonly", "env", "setenv":
		start = 1
	default:
		if _, _, ok := sysAssignment(c.Args[0].Value); !ok {
			return nil
		}
	}
	var out []Word
	for _, w := range c.Args[start:] {
		if _, _, ok := sysAssignment(w.Value); ok {
			out = append(out, w)
			continue
		}
		if strings.HasPrefix(w.Value, "-") {
			continue
		}
		if c.Name() == "env" || start == 0 {
			break // the command env runs, or the one after the assignments
		}
	}
	if c.Name() == "setenv" && len(c.Args) >= 3 { // csh: setenv NAME value
		out = append(out, Word{Value: c.Args[1].Value + "=" + c.Args[2].Value, Known: c.Args[1].Known && c.Args[2].Known})
	}
	return out
}

func sysHistoryErase(c *Command) []Hit {
	for _, r := range c.Redirects {
		if r.Truncate && r.Target.Known && sysHistoryFile(r.Target.Value) {
			return hit("empties the history file " + r.Target.Value)
		}
	}
	switch c.Name() {
	case "history":
		for i := 1; i < len(c.Args); i++ {
			v := c.Args[i].Value
			if len(v) > 1 && v[0] == '-' && v[1] != '-' {
				if strings.IndexByte(v, 'c') >= 0 {
					return hit("history -c clears the shell history")
				}
				if strings.IndexByte(v, 'd') >= 0 {
					return hit("history -d deletes history entries")
				}
				if strings.IndexByte(v, 'w') >= 0 && i+1 < len(c.Args) && c.Args[i+1].Value == "/dev/null" {
					return hit("history -w /dev/null discards the shell history")
				}
			}
		}
		return nil
	case "unset":
		for _, w := range c.Args[1:] {
			if w.Value == "HISTFILE" || w.Value == "HISTSIZE" || w.Value == "HISTFILESIZE" || w.Value == "SAVEHIST" {
				return hit("unset " + w.Value + " stops the shell from saving history")
			}
		}
		return nil
	case "set":
		for i := 1; i+1 < len(c.Args); i++ {
			if c.Args[i].Value == "+o" && c.Args[i+1].Value == "history" {
				return hit("set +o history turns the shell history off")
			}
		}
		return nil
	case "ln":
		null, hist := false, ""
		for _, w := range c.Args[1:] {
			if w.Value == "/dev/null" {
				null = true
			} else if sysHistoryFile(w.Value) {
				hist = w.Value
			}
		}
		if null && hist != "" {
			return hit("links " + hist + " to /dev/null, discarding the history")
		}
		return nil
	}
	for _, w := range sysAssignments(c) {
		n, v, _ := sysAssignment(w.Value)
		switch n {
		case "HISTFILE":
			if v == "" || v == "/dev/null" {
				return hit("HISTFILE=" + v + " stops the shell from saving history")
			}
		case "HISTSIZE", "HISTFILESIZE", "SAVEHIST":
			if v == "0" || v == "" {
				return hit(n + "=" + v + " stops the shell from keeping history")
			}
		case "HISTIGNORE":
			if v == "*" || v == "*:*" {
				return hit("HISTIGNORE=" + v + " keeps every command out of the history")
			}
		}
	}
	return nil
}

// ---- cron ----

func sysCrontabRemove(c *Command) []Hit {
	if !slices.Contains(sysCrontabProgs, c.Name()) {
		return nil
	}
	r := xoptParse(c.Args[1:], &xoptSpec{shortArg: "uc"})
	if r.help {
		return nil
	}
	if r.has('r', "remove") {
		who := "the user's"
		if u, ok := r.last('u', ""); ok {
			who = u.Value + "'s"
		}
		return hit("crontab -r removes " + who + " crontab")
	}
	if len(r.args) == 1 && r.args[0].Value == "/dev/null" {
		return hit("replaces the crontab with an empty one")
	}
	return nil
}

// ---- dynamic loader ----

func sysLDPreload(c *Command) []Hit {
	for _, r := range c.Redirects {
		if r.Write && r.Target.Known && path.Clean(r.Target.Value) == "/etc/ld.so.preload" {
			return hit("writes /etc/ld.so.preload: every program will load the library")
		}
	}
	for _, w := range sysAssignments(c) {
		n, v, _ := sysAssignment(w.Value)
		switch n {
		case "LD_PRELOAD", "LD_AUDIT", "DYLD_INSERT_LIBRARIES":
			if v != "" {
				return hit(n + " injects " + v + " into every program started")
			}
		}
	}
	return nil
}

// ---- kernel ----

func sysKernelModule(c *Command) []Hit {
	name := c.Name()
	switch name {
	case "insmod", "rmmod":
		r := xoptParse(c.Args[1:], &xoptSpec{})
		if r.help || len(r.args) == 0 {
			return nil
		}
		verb := "loads"
		if name == "rmmod" {
			verb = "unloads"
		}
		return hit(name + " " + verb + " kernel module " + r.args[0].Value)
	case "modprobe":
		r := xoptParse(c.Args[1:], &xoptSpec{shortArg: "CdSo", longArg: []string{"config", "dirname", "set-version", "name"}})
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

func sysSysctlWrite(c *Command) []Hit {
	for _, r := range c.Redirects {
		if r.Write && r.Target.Known && strings.HasPrefix(path.Clean(r.Target.Value), "/proc/sys/") {
			return hit("writes the kernel parameter " + r.Target.Value)
		}
	}
	if c.Name() != "sysctl" {
		return nil
	}
	r := xoptParse(c.Args[1:], &xoptSpec{longArg: []string{"pattern"}})
	if r.help {
		return nil
	}
	if r.has('p', "load") || r.has(0, "system") {
		return hit("loads kernel parameters from configuration files")
	}
	for _, w := range r.args {
		if strings.IndexByte(w.Value, '=') > 0 {
			return hit("sets kernel parameter " + w.Value)
		}
	}
	if r.has('w', "write") && len(r.args) > 0 {
		return hit("sets kernel parameters" + sysPkgWhat(r.args))
	}
	return nil
}

func sysChsh(c *Command) []Hit {
	if !slices.Contains(sysChshProgs, c.Name()) {
		return nil
	}
	r := xoptParse(c.Args[1:], &xoptSpec{shortArg: "sR", longArg: []string{"shell", "root"}})
	if r.help || r.has('l', "list-shells") {
		return nil
	}
	if s, ok := r.last('s', "shell"); ok {
		return hit("changes the login shell to " + s.Value)
	}
	return hit("changes a login shell")
}

// sysHasHelp reports --help or --version among the words before "--".
func sysHasHelp(ws []Word) bool {
	for _, w := range ws {
		switch w.Value {
		case "--":
			return false
		case "--help", "--version":
			return true
		}
	}
	return false
}

// ---- option parsing shared by the git, infra and system families ----

// xoptSpec describes how one program parses its options, for xoptParse.
type xoptSpec struct {
	// shortArg lists the short options that take a value, attached (-Cdir)
	// or in the next word (-C dir).
	shortArg string
	// shortOpt lists short options whose value is optional and only ever
	// attached (mysql -ppassword).
	shortOpt string
	// longArg lists the long options that take a value (--opt v, --opt=v).
	longArg []string
	// longBool lists long options without a value; with longArgDefault,
	// every other long option takes one.
	longBool       []string
	longArgDefault bool
	// abbrev accepts a unique prefix of a listed long option (getopt_long,
	// git's parse-options).
	abbrev bool
	// posix ends the options at the first operand.
	posix bool
	// oneDash makes every -word a long option (Go's flag package,
	// terraform, sqlite3); -h, -help and -version are help.
	oneDash bool
	// helpShort is a short option meaning help, 0 when none.
	helpShort byte
}

// xopt is one option found on a command line.
type xopt struct {
	short  byte   // the letter of a short option, 0 for a long one
	long   string // the name of a long option without dashes
	val    Word
	hasVal bool
}

// xoptRes is a parsed command line: the options and the operands.
type xoptRes struct {
	opts []xopt
	args []Word
	// dd is the index in args of the first operand after "--", -1 when
	// there is no "--".
	dd int
	// help reports --help or --version (or the spec's help option): the
	// program prints and exits.
	help bool
}

func (sp *xoptSpec) resolve(name string) string {
	for _, n := range sp.longArg {
		if n == name {
			return name
		}
	}
	for _, n := range sp.longBool {
		if n == name {
			return name
		}
	}
	if !sp.abbrev || name == "" {
		return name
	}
	found := ""
	for _, list := range [2][]string{sp.longArg, sp.longBool} {
		for _, n := range list {
			if strings.HasPrefix(n, name) {
				if found != "" && found != n {
					return name // ambiguous
				}
				found = n
			}
		}
	}
	if found == "" {
		return name
	}
	return found
}

func (sp *xoptSpec) takesArg(name string) bool {
	for _, n := range sp.longArg {
		if n == name {
			return true
		}
	}
	for _, n := range sp.longBool {
		if n == name {
			return false
		}
	}
	return sp.longArgDefault
}

// xoptSub returns a word for part of w's value.
func xoptSub(w Word, s string) Word {
	return Word{Value: s, Known: !strings.Contains(s, Unknown), Glob: w.Glob, Vars: w.Vars, Subst: w.Subst}
}

// xoptParse splits words (the program name excluded) into options and
// operands the way getopt_long does: bundled short options, values
// attached or separate, long options with = or a separate value, "--"
// ending the options, and operands mixed with options unless sp.posix. A
// word whose value starts with an unknown part is an operand.
func xoptParse(ws []Word, sp *xoptSpec) xoptRes {
	r := xoptRes{dd: -1}
	stopped := false
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		v := w.Value
		if stopped || len(v) < 2 || v[0] != '-' {
			r.args = append(r.args, w)
			if sp.posix {
				stopped = true
			}
			continue
		}
		if v == "--" {
			stopped = true
			r.dd = len(r.args)
			continue
		}
		if sp.oneDash || v[1] == '-' {
			name := strings.TrimPrefix(v[1:], "-")
			val, hasEq := "", false
			if j := strings.IndexByte(name, '='); j >= 0 {
				name, val, hasEq = name[:j], name[j+1:], true
			}
			name = sp.resolve(name)
			switch name {
			case "help", "version":
				r.help = true
			case "h":
				if sp.oneDash {
					r.help = true
				}
			}
			o := xopt{long: name}
			if hasEq {
				o.val, o.hasVal = xoptSub(w, val), true
			} else if sp.takesArg(name) && i+1 < len(ws) {
				i++
				o.val, o.hasVal = ws[i], true
			}
			r.opts = append(r.opts, o)
			continue
		}
		for j := 1; j < len(v); j++ {
			ch := v[j]
			if ch == sp.helpShort && len(v) == 2 {
				r.help = true
			}
			o := xopt{short: ch}
			if strings.IndexByte(sp.shortArg, ch) >= 0 {
				if j+1 < len(v) {
					o.val, o.hasVal = xoptSub(w, v[j+1:]), true
				} else if i+1 < len(ws) {
					i++
					o.val, o.hasVal = ws[i], true
				}
				r.opts = append(r.opts, o)
				break
			}
			if strings.IndexByte(sp.shortOpt, ch) >= 0 {
				if j+1 < len(v) {
					o.val, o.hasVal = xoptSub(w, v[j+1:]), true
				}
				r.opts = append(r.opts, o)
				break
			}
			r.opts = append(r.opts, o)
		}
	}
	return r
}

// has reports whether the short option (0 for none) or one of the long
// options was given.
func (r *xoptRes) has(short byte, longs ...string) bool {
	for _, o := range r.opts {
		if o.short != 0 && o.short == short {
			return true
		}
		if o.long != "" {
			for _, l := range longs {
				if o.long == l {
					return true
				}
			}
		}
	}
	return false
}

// last returns the value of the last of the given options that has one.
func (r *xoptRes) last(short byte, longs ...string) (Word, bool) {
	for i := len(r.opts) - 1; i >= 0; i-- {
		o := r.opts[i]
		if !o.hasVal {
			continue
		}
		if o.short != 0 && o.short == short {
			return o.val, true
		}
		if o.long != "" {
			for _, l := range longs {
				if o.long == l {
					return o.val, true
				}
			}
		}
	}
	return Word{}, false
}

// all returns the values of every given option, in order.
func (r *xoptRes) all(short byte, longs ...string) []Word {
	var out []Word
	for _, o := range r.opts {
		if !o.hasVal {
			continue
		}
		match := o.short != 0 && o.short == short
		for _, l := range longs {
			if o.long != "" && o.long == l {
				match = true
			}
		}
		if match {
			out = append(out, o.val)
		}
	}
	return out
}
