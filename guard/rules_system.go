package guard

import "guardsh/guard/plan"

// systemRules returns the built-in rules about the running system: root
// privileges, eval, packages, processes, power, services, users, firewall,
// mounts, shell history, cron, the dynamic loader, kernel modules, sysctl.
func systemRules() []builtin {
	bs := []builtin{
		{Rule: Rule{Name: "sudo", Level: Medium, Description: "runs a command with root (or another user's) privileges: sudo, doas, pkexec, su, run0", Example: "sudo apt-get update"}, check: sysSudo, progs: sysSudoProgs},
		{Rule: Rule{Name: "eval", Level: Medium, Description: "eval runs shell code only known at run time (eval of a literal string is classified as that code)", Example: "eval \"$CMD\""}, check: sysEval, progs: sysEvalProgs},
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
		portedRow("crontab_remove"),
		{Rule: Rule{Name: "crontab_install", Level: Medium, Description: "installs a crontab from a file or standard input, replacing the user's current one; its jobs run later, outside guardsh", Example: "crontab jobs.txt"}, check: sysCrontabInstall, progs: sysCrontabProgs},
		{Rule: Rule{Name: "ld_preload", Level: High, Description: "makes the dynamic loader inject a library into every program started later (LD_PRELOAD, LD_AUDIT, DYLD_INSERT_LIBRARIES, an LD_LIBRARY_PATH beyond system directories, /etc/ld.so.preload)", Example: "export LD_PRELOAD=/tmp/hook.so"}, check: sysLDPreload},
		{Rule: Rule{Name: ruleEnvCode, Level: High, Description: "assigns or exports a variable that makes programs started later run code: BASH_ENV, ENV, PROMPT_COMMAND, PS0-PS4 with command substitutions, SHELLOPTS, BASH_FUNC_*, PERL5OPT, NODE_OPTIONS, GIT_SSH_COMMAND, GIT_CONFIG_KEY_*, PAGER and EDITOR beyond a plain pager or editor, ... (the table is in docs/how-it-works.md); the code it holds is classified too", Example: "export BASH_ENV=./hook.sh"}, check: sysEnvCode},
		{Rule: Rule{Name: "kernel_module", Level: Medium, Description: "loads or unloads kernel modules: insmod, rmmod, modprobe", Example: "rmmod nouveau"}, check: sysKernelModule, progs: sysKernelModuleProgs},
		{Rule: Rule{Name: "sysctl_write", Level: Medium, Description: "changes kernel parameters: sysctl -w, sysctl -p, writes under /proc/sys", Example: "sysctl -w net.ipv4.ip_forward=1"}, check: sysSysctlWrite},
		{Rule: Rule{Name: "chsh", Level: Medium, Description: "changes a user's login shell", Example: "chsh -s /bin/zsh"}, check: sysChsh, progs: sysChshProgs},
	}
	bs = dispatchOn(bs, func(b *builtin) { b.progs, b.prefixes = sysPackageProgs, []string{"pip", "python"} }, "package_remove", "package_install")
	bs = dispatchOn(bs, func(b *builtin) { b.progs, b.redirects = sysShutdownProgs, true }, "shutdown")
	bs = dispatchOn(bs, func(b *builtin) { b.progs, b.prefixes = sysFirewallProgs, []string{"iptables", "ip6tables"} }, "firewall_off", "firewall_change")
	// firewall_off also stops or disables the firewall and security
	// services (systemctl stop firewalld, service iptables stop).
	bs = dispatchOn(bs, func(b *builtin) { b.progs = append(append([]string(nil), sysFirewallProgs...), sysServiceProgs...) }, "firewall_off")
	bs = dispatchOn(bs, func(b *builtin) {
		b.progs, b.redirects, b.assigns = append([]string{"history", "unset", "set", "ln"}, sysAssignProgs...), true, true
	}, "history_erase")
	bs = dispatchOn(bs, func(b *builtin) { b.progs, b.redirects, b.assigns = sysAssignProgs, true, true }, "ld_preload")
	bs = dispatchOn(bs, func(b *builtin) { b.progs, b.assigns = append([]string{"read"}, sysAssignProgs...), true }, ruleEnvCode)
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
	sysSudoProgs = plan.UserChangePrograms()
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
