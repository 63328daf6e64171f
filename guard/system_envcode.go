package guard

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

// ruleEnvCode is the name of the rule of the table's rows.
const ruleEnvCode = "env_code"

// envKind says what a variable's value is.
type envKind uint8

const (
	envCommand envKind = iota // a shell command line (PROMPT_COMMAND, GIT_SSH_COMMAND)
	envTool                   // a command, most often a plain pager or editor (PAGER=less)
	envFile                   // a file of shell code run first (BASH_ENV)
	envPrompt                 // a prompt string: code only in $(...) and `...`
	envFunc                   // an exported bash function (BASH_FUNC_f%%=() { ...; })
	envOptions                // options or settings that load code (NODE_OPTIONS=--require)
	envLibs                   // a library search path (LD_LIBRARY_PATH)
	envProgram                // a program's path, run as a command (GIT_SSH)
	envFilter                 // less's input filter, most often lesspipe (LESSOPEN='|lesspipe %s')
)

// envRow is one variable of the table.
type envRow struct {
	name   string
	kind   envKind
	rule   string
	reason string
}

// envCodeRows is the table. Decided and left out, with why:
//   - PYTHONPATH, PERL5LIB, RUBYLIB, NODE_PATH: they add directories to the
//     module search of one language's programs, which import modules by
//     name; the code there is a file another command wrote (and that write
//     is checked), as with running any script guardsh has not read.
//   - PS3: select's prompt is not expanded, so it runs nothing.
//   - LESS: less's options, read as less's by the env wrapper (LESS='+!cmd').
var envCodeRows = []envRow{
	{"BASH_ENV", envFile, ruleEnvCode, "every non-interactive bash started later runs this file first"},
	{"ENV", envFile, ruleEnvCode, "every sh, dash and interactive POSIX shell started later runs this file first"},
	{"ZDOTDIR", envFile, ruleEnvCode, "every zsh started later runs the startup files of this directory"},
	{"PYTHONSTARTUP", envFile, ruleEnvCode, "every interactive python started later runs this file first"},
	{"PROMPT_COMMAND", envCommand, ruleEnvCode, "every interactive bash started later runs it before each prompt"},
	{"PS0", envPrompt, ruleEnvCode, "every interactive bash started later runs its command substitutions before each command"},
	{"PS1", envPrompt, ruleEnvCode, "every interactive shell started later runs its command substitutions at each prompt"},
	{"PS2", envPrompt, ruleEnvCode, "every interactive shell started later runs its command substitutions at each continued line"},
	{"PS4", envPrompt, ruleEnvCode, "every shell started later with xtrace runs its command substitutions before each command"},
	{"SHELLOPTS", envOptions, ruleEnvCode, "every bash started later turns these options on (xtrace runs PS4's code before each command)"},
	{"BASHOPTS", envOptions, ruleEnvCode, "every bash started later turns these shopt options on (extdebug, and others that change what scripts run)"},
	{"BASH_FUNC_*", envFunc, ruleEnvCode, "every bash started later defines this function, which can replace any command a script runs"},
	{"LD_PRELOAD", envProgram, "ld_preload", "the dynamic loader injects this library into every program started later"},
	{"LD_AUDIT", envProgram, "ld_preload", "the dynamic loader runs this audit library in every program started later"},
	{"DYLD_INSERT_LIBRARIES", envProgram, "ld_preload", "the dynamic loader injects this library into every program started later"},
	// A search path of system directories is ordinary; one a program could
	// have written a library into (relative, /tmp, the home) is not.
	{"LD_LIBRARY_PATH", envLibs, "ld_preload", "every program started later loads its libraries from these directories first"},
	{"DYLD_LIBRARY_PATH", envLibs, "ld_preload", "every program started later loads its libraries from these directories first"},
	{"GCONV_PATH", envProgram, ruleEnvCode, "programs that convert character sets load code modules from this directory"},
	{"PERL5OPT", envOptions, ruleEnvCode, "every perl started later takes these options (-M loads a module, -e... runs code)"},
	{"RUBYOPT", envOptions, ruleEnvCode, "every ruby started later takes these options (-r loads a file)"},
	{"NODE_OPTIONS", envOptions, ruleEnvCode, "every node started later takes these options (--require, --import load code)"},
	{"JAVA_TOOL_OPTIONS", envOptions, ruleEnvCode, "every JVM started later takes these options (-javaagent loads code)"},
	{"_JAVA_OPTIONS", envOptions, ruleEnvCode, "every JVM started later takes these options (-javaagent loads code)"},
	{"JDK_JAVA_OPTIONS", envOptions, ruleEnvCode, "every java launcher started later takes these options (-javaagent loads code)"},
	{"TAR_OPTIONS", envOptions, ruleEnvCode, "every tar started later takes these options (--to-command, --use-compress-program run commands)"},
	{"GIT_SSH", envProgram, ruleEnvCode, "git runs this program instead of ssh"},
	{"GIT_SSH_COMMAND", envCommand, ruleEnvCode, "git runs this command instead of ssh"},
	{"GIT_PROXY_COMMAND", envCommand, ruleEnvCode, "git runs this command to connect"},
	{"GIT_EXTERNAL_DIFF", envCommand, ruleEnvCode, "git diff runs this command"},
	{"GIT_ASKPASS", envCommand, ruleEnvCode, "git runs this command to ask for a password"},
	{"SSH_ASKPASS", envCommand, ruleEnvCode, "ssh runs this command to ask for a password"},
	{"SUDO_ASKPASS", envCommand, ruleEnvCode, "sudo -A runs this command to ask for a password"},
	{"GIT_EXEC_PATH", envProgram, ruleEnvCode, "git runs its subcommands from this directory"},
	{"GIT_TEMPLATE_DIR", envProgram, ruleEnvCode, "git init and clone copy this directory's hooks into new repositories"},
	{"GIT_CONFIG_KEY_*", envOptions, ruleEnvCode, "git takes this setting over every config file (core.pager, core.sshCommand, alias.x=!cmd run commands)"},
	{"GIT_CONFIG_PARAMETERS", envOptions, ruleEnvCode, "git takes these settings over every config file (some run commands)"},
	{"GIT_CONFIG_GLOBAL", envProgram, ruleEnvCode, "git reads this file as the user's config (its core.pager, aliases and hooks run commands)"},
	{"GIT_CONFIG_SYSTEM", envProgram, ruleEnvCode, "git reads this file as the system config (its core.pager, aliases and hooks run commands)"},
	{"GIT_PAGER", envTool, ruleEnvCode, "git runs this command as its pager"},
	{"GIT_EDITOR", envTool, ruleEnvCode, "git runs this command as its editor"},
	{"GIT_SEQUENCE_EDITOR", envTool, ruleEnvCode, "git rebase -i runs this command"},
	{"PAGER", envTool, ruleEnvCode, "man, git and others run this command as their pager"},
	{"MANPAGER", envTool, ruleEnvCode, "man runs this command as its pager"},
	{"SYSTEMD_PAGER", envTool, ruleEnvCode, "systemctl and journalctl run this command as their pager"},
	{"EDITOR", envTool, ruleEnvCode, "crontab -e, git, sudoedit and others run this command as the editor"},
	{"VISUAL", envTool, ruleEnvCode, "crontab -e, git, less's v and others run this command as the editor"},
	{"SUDO_EDITOR", envTool, ruleEnvCode, "sudoedit runs this command as the editor"},
	{"SYSTEMD_EDITOR", envTool, ruleEnvCode, "systemctl edit runs this command as the editor"},
	{"LESSOPEN", envFilter, ruleEnvCode, "less runs this input filter on every file it opens"},
	{"LESSCLOSE", envFilter, ruleEnvCode, "less runs this command on every file it closes"},
}

// envPlainTools are the pagers and editors a tool variable commonly names:
// alone, or with options, they are not flagged (PAGER=cat, EDITOR='code -w').
var envPlainTools = map[string]bool{"cat": true, "less": true, "more": true, "most": true, "bat": true, "delta": true,
	"diff-so-fancy": true, "vim": true, "vi": true, "nvim": true, "nano": true, "emacs": true, "emacsclient": true,
	"code": true, "subl": true, "micro": true, "hx": true, "kak": true, "ed": true, "mate": true, "true": true, "": true}

// envCodeRowOf returns the row of a variable name.
func envCodeRowOf(name string) (envRow, bool) {
	for _, r := range envCodeRows {
		if p, ok := strings.CutSuffix(r.name, "*"); ok {
			rest, ok := strings.CutPrefix(name, p)
			if ok && rest != "" && (p != "GIT_CONFIG_KEY_" || strings.Trim(rest, "0123456789") == "") {
				return r, true
			}
		} else if r.name == name {
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
	switch r.kind {
	case envPrompt:
		if known && !strings.Contains(value, "$(") && !strings.Contains(value, "`") {
			return ""
		}
	case envTool:
		if known && envPlainTool(value) {
			return ""
		}
	case envLibs:
		if known && envSystemLibs(value) {
			return ""
		}
	case envFilter:
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
		r, ok := envCodeRowOf(n)
		if !ok || r.rule != rule {
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
	return append(envCodeHits(c, ruleEnvCode), envCodeBare(c)...)
}
