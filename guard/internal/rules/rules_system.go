package rules

import (
	"slices"

	"guardsh/guard/plan"
)

// SystemRules returns the built-in rules about the running system: root
// privileges, eval, packages, processes, power, services, users, firewall,
// mounts, shell history, cron, the dynamic loader, kernel modules, sysctl.
// Its parts are families of their own (families): a redirect, which
// shutdown, history_erase, ld_preload and sysctl_write look at, makes
// neither the package managers' table nor the ported rows.
func SystemRules() []Builtin {
	return slices.Concat(sysPrivilegeRules(), packageRules(), sysProcessRules(), sysCronRules(), sysLoaderRules())
}

// sysPrivilegeRules are sudo and eval.
func sysPrivilegeRules() []Builtin {
	return []Builtin{
		{Rule: Rule{Name: "sudo", Level: Medium, Description: "runs a command with root (or another user's) privileges: sudo, doas, pkexec, su, run0", Example: "sudo apt-get update"}, Check: SysSudo, Progs: sysSudoProgs},
		{Rule: Rule{Name: "eval", Level: Medium, Description: "eval runs shell code only known at run time (eval of a literal string is classified as that code)", Example: "eval \"$CMD\""}, Check: sysEval, Progs: sysEvalProgs},
	}
}

// sysProcessRules are the rules of processes, power, services, users,
// the firewall, mounts and the shell history.
func sysProcessRules() []Builtin {
	bs := []Builtin{
		{Rule: Rule{Name: "kill", Level: Medium, Description: "sends a signal to processes: kill, killall, pkill, xkill", Example: "kill 1234"}, Check: SysKill, Progs: sysKillProgs},
		{Rule: Rule{Name: "kill_all_processes", Level: High, Description: "kills every process or init: kill -9 -1, kill 1, killall5, pkill with a pattern matching everything", Example: "kill -9 -1"}, Check: sysKillAll, Progs: sysKillAllProgs},
		{Rule: Rule{Name: "shutdown", Level: High, Description: "shuts down or reboots the machine: shutdown, reboot, poweroff, halt, init 0|6, systemctl poweroff|reboot", Example: "shutdown -h now"}, Check: sysShutdown},
		{Rule: Rule{Name: "service_stop", Level: Medium, Description: "stops, restarts, disables or masks a system service", Example: "systemctl stop nginx"}, Check: sysServiceStop, Progs: sysServiceProgs},
		{Rule: Rule{Name: "user_change", Level: Medium, Description: "adds, removes or changes users, groups or passwords", Example: "userdel bob"}, Check: sysUserChange, Progs: sysUserProgs},
		{Rule: Rule{Name: "firewall_off", Level: Medium, Description: "flushes or disables the firewall or the security module: iptables -F, ufw disable, nft flush ruleset, setenforce 0", Example: "iptables -F"}, Check: sysFirewallOff},
		{Rule: Rule{Name: "firewall_change", Level: Medium, Description: "adds, deletes or replaces firewall rules: iptables -A|-I|-D, ufw allow|deny, nft add|delete, firewall-cmd --add-*", Example: "iptables -A INPUT -p tcp --dport 22 -j DROP"}, Check: sysFirewallChange},
		{Rule: Rule{Name: "mount", Level: Medium, Description: "mounts or unmounts file systems, turns swap on or off", Example: "umount /mnt/data"}, Check: sysMount, Progs: sysMountProgs},
		{Rule: Rule{Name: "history_erase", Level: Medium, Description: "erases or disables the shell history", Example: "history -c"}, Check: sysHistoryErase},
	}
	bs = dispatchOn(bs, func(b *Builtin) { b.Progs, b.Redirects = sysShutdownProgs, true }, "shutdown")
	bs = dispatchOn(bs, func(b *Builtin) { b.Progs, b.Prefixes = sysFirewallProgs, []string{"iptables", "ip6tables"} }, "firewall_off", "firewall_change")
	// firewall_off also stops or disables the firewall and security
	// services (systemctl stop firewalld, service iptables stop).
	bs = dispatchOn(bs, func(b *Builtin) { b.Progs = append(append([]string(nil), sysFirewallProgs...), sysServiceProgs...) }, "firewall_off")
	return dispatchOn(bs, func(b *Builtin) {
		b.Progs, b.Redirects, b.Assigns = append([]string{"history", "unset", "set", "ln"}, sysAssignProgs...), true, true
	}, "history_erase")
}

// sysCronRules are the crontab rules.
func sysCronRules() []Builtin {
	return []Builtin{
		portedRow("crontab_remove"),
		{Rule: Rule{Name: "crontab_install", Level: Medium, Description: "installs a crontab from a file or standard input, replacing the user's current one; its jobs run later, outside guardsh", Example: "crontab jobs.txt"}, Check: sysCrontabInstall, Progs: sysCrontabProgs},
	}
}

// sysLoaderRules are the rules of the dynamic loader, the variables that
// run code, kernel modules, sysctl and the login shell.
func sysLoaderRules() []Builtin {
	bs := []Builtin{
		{Rule: Rule{Name: "ld_preload", Level: High, Description: "makes the dynamic loader inject a library into every program started later (LD_PRELOAD, LD_AUDIT, DYLD_INSERT_LIBRARIES, an LD_LIBRARY_PATH beyond system directories, /etc/ld.so.preload)", Example: "export LD_PRELOAD=/tmp/hook.so"}, Check: sysLDPreload},
		{Rule: Rule{Name: RuleEnvCode, Level: High, Description: "assigns or exports a variable that makes programs started later run code: BASH_ENV, ENV, PROMPT_COMMAND, PS0-PS4 with command substitutions, SHELLOPTS, BASH_FUNC_*, PERL5OPT, NODE_OPTIONS, GIT_SSH_COMMAND, GIT_CONFIG_KEY_*, PAGER and EDITOR beyond a plain pager or editor, ... (the table is in docs/how-it-works.md); the code it holds is classified too", Example: "export BASH_ENV=./hook.sh"}, Check: sysEnvCode},
		{Rule: Rule{Name: "kernel_module", Level: Medium, Description: "loads or unloads kernel modules: insmod, rmmod, modprobe", Example: "rmmod nouveau"}, Check: sysKernelModule, Progs: sysKernelModuleProgs},
		{Rule: Rule{Name: "sysctl_write", Level: Medium, Description: "changes kernel parameters: sysctl -w, sysctl -p, writes under /proc/sys", Example: "sysctl -w net.ipv4.ip_forward=1"}, Check: sysSysctlWrite},
		{Rule: Rule{Name: "chsh", Level: Medium, Description: "changes a user's login shell", Example: "chsh -s /bin/zsh"}, Check: SysChsh, Progs: sysChshProgs},
	}
	bs = dispatchOn(bs, func(b *Builtin) { b.Progs, b.Redirects, b.Assigns = sysAssignProgs, true, true }, "ld_preload")
	bs = dispatchOn(bs, func(b *Builtin) { b.Progs, b.Assigns = append([]string{"read"}, sysAssignProgs...), true }, RuleEnvCode)
	return dispatchOn(bs, func(b *Builtin) { b.Progs, b.Redirects = []string{"sysctl"}, true }, "sysctl_write")
}

// Program names the system rules look at (besides prefixes, redirects and
// NAME=VALUE words, see systemRules).
var (
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
