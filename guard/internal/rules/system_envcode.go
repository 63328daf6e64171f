package rules

import (
	"strings"
)

// Variables that make later programs run code: `export BASH_ENV=./hook.sh`
// runs that file in every bash started afterwards, outside guardsh's
// checks. Each row names one variable (or a prefix, ending in *), what it
// holds and why it runs code; an assignment or export of one (export X=,
// declare -x, typeset -x, readonly, local, X=... cmd, env X=... cmd, a
// bare X=...) is rule env_code (high), or ld_preload for the loader's. The
// code a value holds is classified as well (envCodeInners, through the
// walker): `export PROMPT_COMMAND='rm -rf /'` is blocked.

// RuleEnvCode is the name of the rule of the table's rows.
const RuleEnvCode = "env_code"

// EnvKind says what a variable's value is.
type EnvKind uint8

const (
	EnvCommand EnvKind = iota // a shell command line (PROMPT_COMMAND, GIT_SSH_COMMAND)
	EnvTool                   // a command, most often a plain pager or editor (PAGER=less)
	EnvFile                   // a file of shell code run first (BASH_ENV)
	EnvPrompt                 // a prompt string: code only in $(...) and `...`
	EnvFunc                   // an exported bash function (BASH_FUNC_f%%=() { ...; })
	EnvOptions                // options or settings that load code (NODE_OPTIONS=--require)
	EnvLibs                   // a library search path (LD_LIBRARY_PATH)
	EnvProgram                // a program's path, run as a command (GIT_SSH)
	EnvFilter                 // less's input filter, most often lesspipe (LESSOPEN='|lesspipe %s')
)

// envRow is one variable of the table.
type envRow struct {
	Name   string
	Kind   EnvKind
	Rule   string
	reason string
}

// EnvCodeRows is the table. Decided and left out, with why:
//   - PYTHONPATH, PERL5LIB, RUBYLIB, NODE_PATH: they add directories to the
//     module search of one language's programs, which import modules by
//     name; the code there is a file another command wrote (and that write
//     is checked), as with running any script guardsh has not read.
//   - PS3: select's prompt is not expanded, so it runs nothing.
//   - LESS: less's options, read as less's by the env wrapper (LESS='+!cmd').
var EnvCodeRows = []envRow{
	{"BASH_ENV", EnvFile, RuleEnvCode, "every non-interactive bash started later runs this file first"},
	{"ENV", EnvFile, RuleEnvCode, "every sh, dash and interactive POSIX shell started later runs this file first"},
	{"ZDOTDIR", EnvFile, RuleEnvCode, "every zsh started later runs the startup files of this directory"},
	{"PYTHONSTARTUP", EnvFile, RuleEnvCode, "every interactive python started later runs this file first"},
	{"PROMPT_COMMAND", EnvCommand, RuleEnvCode, "every interactive bash started later runs it before each prompt"},
	{"PS0", EnvPrompt, RuleEnvCode, "every interactive bash started later runs its command substitutions before each command"},
	{"PS1", EnvPrompt, RuleEnvCode, "every interactive shell started later runs its command substitutions at each prompt"},
	{"PS2", EnvPrompt, RuleEnvCode, "every interactive shell started later runs its command substitutions at each continued line"},
	{"PS4", EnvPrompt, RuleEnvCode, "every shell started later with xtrace runs its command substitutions before each command"},
	{"SHELLOPTS", EnvOptions, RuleEnvCode, "every bash started later turns these options on (xtrace runs PS4's code before each command)"},
	{"BASHOPTS", EnvOptions, RuleEnvCode, "every bash started later turns these shopt options on (extdebug, and others that change what scripts run)"},
	{"BASH_FUNC_*", EnvFunc, RuleEnvCode, "every bash started later defines this function, which can replace any command a script runs"},
	{"LD_PRELOAD", EnvProgram, "ld_preload", "the dynamic loader injects this library into every program started later"},
	{"LD_AUDIT", EnvProgram, "ld_preload", "the dynamic loader runs this audit library in every program started later"},
	{"DYLD_INSERT_LIBRARIES", EnvProgram, "ld_preload", "the dynamic loader injects this library into every program started later"},
	// A search path of system directories is ordinary; one a program could
	// have written a library into (relative, /tmp, the home) is not.
	{"LD_LIBRARY_PATH", EnvLibs, "ld_preload", "every program started later loads its libraries from these directories first"},
	{"DYLD_LIBRARY_PATH", EnvLibs, "ld_preload", "every program started later loads its libraries from these directories first"},
	{"GCONV_PATH", EnvProgram, RuleEnvCode, "programs that convert character sets load code modules from this directory"},
	{"PERL5OPT", EnvOptions, RuleEnvCode, "every perl started later takes these options (-M loads a module, -e... runs code)"},
	{"RUBYOPT", EnvOptions, RuleEnvCode, "every ruby started later takes these options (-r loads a file)"},
	{"NODE_OPTIONS", EnvOptions, RuleEnvCode, "every node started later takes these options (--require, --import load code)"},
	{"JAVA_TOOL_OPTIONS", EnvOptions, RuleEnvCode, "every JVM started later takes these options (-javaagent loads code)"},
	{"_JAVA_OPTIONS", EnvOptions, RuleEnvCode, "every JVM started later takes these options (-javaagent loads code)"},
	{"JDK_JAVA_OPTIONS", EnvOptions, RuleEnvCode, "every java launcher started later takes these options (-javaagent loads code)"},
	{"TAR_OPTIONS", EnvOptions, RuleEnvCode, "every tar started later takes these options (--to-command, --use-compress-program run commands)"},
	{"GIT_SSH", EnvProgram, RuleEnvCode, "git runs this program instead of ssh"},
	{"GIT_SSH_COMMAND", EnvCommand, RuleEnvCode, "git runs this command instead of ssh"},
	{"GIT_PROXY_COMMAND", EnvCommand, RuleEnvCode, "git runs this command to connect"},
	{"GIT_EXTERNAL_DIFF", EnvCommand, RuleEnvCode, "git diff runs this command"},
	{"GIT_ASKPASS", EnvCommand, RuleEnvCode, "git runs this command to ask for a password"},
	{"SSH_ASKPASS", EnvCommand, RuleEnvCode, "ssh runs this command to ask for a password"},
	{"SUDO_ASKPASS", EnvCommand, RuleEnvCode, "sudo -A runs this command to ask for a password"},
	{"GIT_EXEC_PATH", EnvProgram, RuleEnvCode, "git runs its subcommands from this directory"},
	{"GIT_TEMPLATE_DIR", EnvProgram, RuleEnvCode, "git init and clone copy this directory's hooks into new repositories"},
	{"GIT_CONFIG_KEY_*", EnvOptions, RuleEnvCode, "git takes this setting over every config file (core.pager, core.sshCommand, alias.x=!cmd run commands)"},
	{"GIT_CONFIG_PARAMETERS", EnvOptions, RuleEnvCode, "git takes these settings over every config file (some run commands)"},
	{"GIT_CONFIG_GLOBAL", EnvProgram, RuleEnvCode, "git reads this file as the user's config (its core.pager, aliases and hooks run commands)"},
	{"GIT_CONFIG_SYSTEM", EnvProgram, RuleEnvCode, "git reads this file as the system config (its core.pager, aliases and hooks run commands)"},
	{"GIT_PAGER", EnvTool, RuleEnvCode, "git runs this command as its pager"},
	{"GIT_EDITOR", EnvTool, RuleEnvCode, "git runs this command as its editor"},
	{"GIT_SEQUENCE_EDITOR", EnvTool, RuleEnvCode, "git rebase -i runs this command"},
	{"PAGER", EnvTool, RuleEnvCode, "man, git and others run this command as their pager"},
	{"MANPAGER", EnvTool, RuleEnvCode, "man runs this command as its pager"},
	{"SYSTEMD_PAGER", EnvTool, RuleEnvCode, "systemctl and journalctl run this command as their pager"},
	{"EDITOR", EnvTool, RuleEnvCode, "crontab -e, git, sudoedit and others run this command as the editor"},
	{"VISUAL", EnvTool, RuleEnvCode, "crontab -e, git, less's v and others run this command as the editor"},
	{"SUDO_EDITOR", EnvTool, RuleEnvCode, "sudoedit runs this command as the editor"},
	{"SYSTEMD_EDITOR", EnvTool, RuleEnvCode, "systemctl edit runs this command as the editor"},
	{"LESSOPEN", EnvFilter, RuleEnvCode, "less runs this input filter on every file it opens"},
	{"LESSCLOSE", EnvFilter, RuleEnvCode, "less runs this command on every file it closes"},
}

// envPlainTools are the pagers and editors a tool variable commonly names:
// alone, or with options, they are not flagged (PAGER=cat, EDITOR='code -w').
var envPlainTools = map[string]bool{"cat": true, "less": true, "more": true, "most": true, "bat": true, "delta": true,
	"diff-so-fancy": true, "vim": true, "vi": true, "nvim": true, "nano": true, "emacs": true, "emacsclient": true,
	"code": true, "subl": true, "micro": true, "hx": true, "kak": true, "ed": true, "mate": true, "true": true, "": true}

// EnvCodeRowOf returns the row of a variable name.
func EnvCodeRowOf(name string) (envRow, bool) {
	for _, r := range EnvCodeRows {
		if p, ok := strings.CutSuffix(r.Name, "*"); ok {
			rest, ok := strings.CutPrefix(name, p)
			if ok && rest != "" && (p != "GIT_CONFIG_KEY_" || strings.Trim(rest, "0123456789") == "") {
				return r, true
			}
		} else if r.Name == name {
			return r, true
		}
	}
	return envRow{}, false
}

// envAssignment splits NAME=VALUE as an environment entry: the name may
// hold what bash's exported functions' names hold (BASH_FUNC_f%%).
func envAssignment(s string) (name, value string, ok bool) {
	if n, v, ok := sysAssignment(s); ok {
		return n, v, true
	}
	n, v, found := strings.Cut(s, "=")
	if !found || !strings.HasPrefix(n, "BASH_FUNC_") {
		return "", "", false
	}
	return n, v, true
}

// envCodeReason returns why an assignment makes later programs run code,
// "" when it does not: an empty value, a prompt without substitutions, a
// plain pager or editor, a library path of system directories.
func envCodeReason(r envRow, name, value string, known bool) string {
	if known && value == "" {
		return ""
	}
	show := value
	if !known {
		show = strings.ReplaceAll(value, Unknown, "…")
	}
	switch r.Kind {
	case EnvPrompt:
		if known && !strings.Contains(value, "$(") && !strings.Contains(value, "`") {
			return ""
		}
	case EnvTool:
		if known && envPlainTool(value) {
			return ""
		}
	case EnvLibs:
		if known && envSystemLibs(value) {
			return ""
		}
	case EnvFilter:
		if known && envPlainFilter(value) {
			return ""
		}
	}
	return name + "=" + show + ": " + r.reason
}

// envPlainTool reports a value that is a well-known pager or editor, with
// options only.
func envPlainTool(v string) bool {
	if strings.ContainsAny(v, ";|&$`<>(){}\\'\"\n*?[") {
		return false
	}
	fs := strings.Fields(v)
	if len(fs) == 0 {
		return true
	}
	prog := fs[0][strings.LastIndexByte(fs[0], '/')+1:]
	if !envPlainTools[prog] || strings.Contains(fs[0], "/") && !strings.HasPrefix(fs[0], "/usr/") && !strings.HasPrefix(fs[0], "/bin/") {
		return false
	}
	for _, f := range fs[1:] {
		// A plain pager or editor has options only (PAGER="less -R"): an
		// operand could be a file of commands.
		if !strings.HasPrefix(f, "-") {
			return false
		}
	}
	return true
}

// envPlainFilter reports less's usual input filter, lesspipe, given only
// the file names (%s).
func envPlainFilter(v string) bool {
	fs := strings.Fields(strings.TrimLeft(v, "|-"))
	if len(fs) == 0 {
		return true
	}
	switch fs[0] {
	case "lesspipe", "lesspipe.sh", "/usr/bin/lesspipe", "/usr/bin/lesspipe.sh", "/usr/local/bin/lesspipe.sh":
	default:
		return false
	}
	for _, f := range fs[1:] {
		if f != "%s" {
			return false
		}
	}
	return true
}

// envSystemLibs reports a library path of system directories only.
func envSystemLibs(v string) bool {
	for _, d := range strings.Split(v, ":") {
		if d == "" {
			return false // an empty entry is the working directory
		}
		ok := false
		for _, p := range [...]string{"/usr/", "/opt/", "/lib", "/nix/store/", "/snap/"} {
			if strings.HasPrefix(d, p) && !strings.Contains(d, "..") {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// envCodeHits returns the hits of one rule (env_code or ld_preload) on the
// assignments a command makes.
func envCodeHits(c *Command, rule string) []Hit {
	var hs []Hit
	for _, w := range envAssignWords(c) {
		n, v, _ := envAssignment(w.Value)
		r, ok := EnvCodeRowOf(n)
		if !ok || r.Rule != rule {
			continue
		}
		if why := envCodeReason(r, n, v, w.Known); why != "" {
			hs = append(hs, Hit{Reason: why})
		}
	}
	return hs
}

// envAssignWords returns the NAME=VALUE words a command makes: those of
// sysAssignments, and env's BASH_FUNC_f%%=... arguments.
func envAssignWords(c *Command) []Word {
	ws := sysAssignments(c)
	if c.Name() == "env" {
		for _, a := range c.Args[1:] {
			if strings.HasPrefix(a.Value, "BASH_FUNC_") && strings.Contains(a.Value, "=") {
				ws = append(ws, a)
			}
		}
	}
	return ws
}

func sysEnvCode(c *Command) []Hit {
	return append(envCodeHits(c, RuleEnvCode), envCodeBare(c)...)
}
