package rules

import (
	"strings"

	"guardsh/guard/internal/oneliner"
)

// Rule names of the interpreter family.
const ruleInterpDynamic = "interp_exec_dynamic"

// InterpRules returns the built-in rules of this family. The commands an
// interpreter one-liner runs with literal arguments are not rules of their
// own: interpScripts hands them to the walker, which classifies them as
// lines.
func InterpRules() []Builtin {
	return []Builtin{
		{Rule: Rule{Name: ruleInterpDynamic, Level: Medium,
			Description: "an interpreter one-liner (python -c, node -e, perl -e, ruby -e, php -r, awk) runs a command, deletes a path or evaluates code built at run time, which the static check cannot see",
			Example:     `python3 -c 'import os, sys; os.system(sys.argv[1])'`},
			Check: interpDynamicCheck, Progs: interpProgs, Prefixes: interpPrefixes},
		{Rule: Rule{Name: RuleSedExecDynamic, Level: High,
			Description: "GNU sed runs its input as shell commands: the e command without a command of its own, or the s///e flag where the command depends on the line (a literal `e COMMAND`, or s/.*/CMD/e, is classified as the command line it runs)",
			Example:     `sed 's/.*/rm -rf &/e' list.txt`},
			Check: sedExecDynamic, Progs: sedProgs},
		{Rule: Rule{Name: RuleSedScriptDynamic, Level: Medium,
			Description: "sed runs a script only known at run time where a command or a flag stands, which could run shell commands (e) or write files (w)",
			Example:     `sed "$(cat edits.sed)" notes.txt`},
			Check: sedScriptDynamic, Progs: sedProgs},
	}
}

// InterpScripts returns the shell command lines an interpreter one-liner
// (python -c, node -e, perl -e, ruby -e, awk with system()) would run, as
// lines for the walker to classify: a string handed to os.system is
// returned as it is; shutil.rmtree('/x') comes back as "rm -rf '/x'".
func InterpScripts(c *Command) []string {
	lang, code, ok := InterpCode(c)
	if !ok || !interpHasCode(code) {
		return nil
	}
	return interpAnalyze(lang, code).lines
}

func interpDynamicCheck(c *Command) []Hit {
	lang, code, ok := InterpCode(c)
	if !ok {
		return nil
	}
	name := c.Name()
	if !interpHasCode(code) {
		return hit(name + " runs " + lang.String() + " code that is only known at run time")
	}
	a := interpAnalyze(lang, code)
	var hs []Hit
	for _, d := range a.dynamic {
		hs = append(hs, Hit{Reason: d + " from inside " + name + " " + code.flag})
	}
	return hs
}

// interpHasCode reports code with something known in it: not only a
// substitution or an unknown variable.
func interpHasCode(code interpSource) bool {
	return strings.TrimSpace(strings.ReplaceAll(code.Value, Unknown, "")) != "" || code.Value == ""
}

// InterpLang is the language of an interpreter one-liner, as package
// oneliner reads it.
type InterpLang = oneliner.Lang

const (
	InterpNone   = oneliner.None
	InterpPython = oneliner.Python
	InterpJS     = oneliner.JS
	InterpPerl   = oneliner.Perl
	InterpRuby   = oneliner.Ruby
	InterpPHP    = oneliner.PHP
	interpAwk    = oneliner.Awk
	InterpLua    = oneliner.Lua
)

// InterpProgLang returns the language a program name runs.
// interpProgs and interpPrefixes are the names interpProgLang knows, for
// the rules' dispatch.
var (
	interpProgs    = []string{"python", "python2", "python3", "pypy", "pypy3", "node", "nodejs", "deno", "bun", "perl", "ruby", "jruby", "truffleruby", "php", "awk", "gawk", "mawk", "nawk", "lua", "luajit"}
	interpPrefixes = []string{"python2.", "python3.", "perl5", "php", "lua"}
)

func InterpProgLang(name string) InterpLang {
	switch name {
	case "python", "python2", "python3", "pypy", "pypy3":
		return InterpPython
	case "node", "nodejs", "deno", "bun":
		return InterpJS
	case "perl":
		return InterpPerl
	case "ruby", "jruby", "truffleruby":
		return InterpRuby
	case "php":
		return InterpPHP
	case "awk", "gawk", "mawk", "nawk":
		return interpAwk
	case "lua", "luajit":
		return InterpLua
	}
	switch {
	case strings.HasPrefix(name, "python2.") || strings.HasPrefix(name, "python3."):
		return InterpPython
	case strings.HasPrefix(name, "perl5"):
		return InterpPerl
	case strings.HasPrefix(name, "php") && interpDigitsDots(name[3:]):
		return InterpPHP
	case strings.HasPrefix(name, "lua") && interpDigitsDots(name[3:]):
		return InterpLua
	}
	return InterpNone
}

func interpDigitsDots(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '.' {
			return false
		}
	}
	return true
}
