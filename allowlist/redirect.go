package allowlist

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// redirect returns why a redirect is not auto-safe, or "". Output may only
// go to /dev/null or another descriptor; input may come from a literal file
// name, a literal here-string or a here-document without expansions.
func (l *List) redirect(r *syntax.Redirect) string {
	if r.N != nil && !isNum(r.N.Value) {
		return "a redirect names its descriptor with a variable"
	}
	switch r.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.AppClob,
		syntax.RdrAll, syntax.AppAll, syntax.RdrAllClob, syntax.AppAllClob,
		syntax.RdrInOut:
		t, why := redirTarget(r.Word)
		if why != "" {
			return why
		}
		if t != "/dev/null" {
			return "a redirect writes to " + quoteArg(t)
		}
		return ""
	case syntax.DplOut, syntax.DplIn:
		t, why := redirTarget(r.Word)
		if why != "" {
			return why
		}
		if t == "-" || isNum(t) || (strings.HasSuffix(t, "-") && isNum(t[:len(t)-1])) {
			return ""
		}
		if t == "/dev/null" && r.Op == syntax.DplOut {
			return "" // >& /dev/null is &> /dev/null
		}
		if r.Op == syntax.DplOut {
			return "`>&" + t + "` writes to a file"
		}
		return "`<&" + t + "` is not a descriptor"
	case syntax.RdrIn:
		t, why := redirTarget(r.Word)
		if why != "" {
			return why
		}
		if strings.HasPrefix(t, "/dev/tcp/") || strings.HasPrefix(t, "/dev/udp/") {
			return "a redirect opens a network connection"
		}
		if why := credential(Arg{Text: t}); why != "" {
			return why
		}
		return device(Arg{Text: t})
	case syntax.WordHdoc:
		if _, why := literalArgs(r.Word); why != "" {
			return "the here-string is not literal: " + why
		}
		return ""
	case syntax.Hdoc, syntax.DashHdoc:
		if r.Hdoc == nil {
			return ""
		}
		for _, p := range r.Hdoc.Parts {
			if _, ok := p.(*syntax.Lit); !ok {
				return "the here-document expands words"
			}
		}
		return ""
	}
	return "the line has an unusual redirect"
}

// redirTarget returns a redirect's target word as a single literal.
func redirTarget(w *syntax.Word) (string, string) {
	args, why := literalArgs(w)
	if why != "" {
		return "", "a redirect target is not literal: " + why
	}
	if len(args) != 1 || args[0].Glob {
		return "", "a redirect target is expanded by the shell"
	}
	return args[0].Text, ""
}

// quoteArg quotes a string for a reason message.
func quoteArg(s string) string {
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return "`" + s + "`"
}

// harmlessVars may prefix an auto-safe command: they change how output
// looks (language, time zone, colours, width), never what a program runs
// or which files it reads or writes.
var harmlessVars = []string{
	"LANG", "LANGUAGE", "LC_ALL", "LC_COLLATE", "LC_CTYPE", "LC_MESSAGES",
	"LC_MONETARY", "LC_NUMERIC", "LC_TIME", "LC_ADDRESS", "LC_IDENTIFICATION",
	"LC_MEASUREMENT", "LC_NAME", "LC_PAPER", "LC_TELEPHONE",
	"TZ", "NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "FORCE_COLOR",
	"COLUMNS", "LINES", "TIME_STYLE", "QUOTING_STYLE", "BLOCK_SIZE",
	"DF_BLOCK_SIZE", "DU_BLOCK_SIZE", "LS_BLOCK_SIZE", "GREP_COLOR", "GREP_COLORS",
}

// assignment returns why an assignment prefix is not auto-safe, or "".
func assignment(a *syntax.Assign) string {
	if a.Name == nil || a.Index != nil || a.Array != nil || a.Append || a.Naked {
		return "the line assigns a variable in an unusual way"
	}
	if !slices.Contains(harmlessVars, a.Name.Value) {
		return a.Name.Value + "= may change what the command does"
	}
	if a.Value == nil {
		return ""
	}
	args, why := literalArgs(a.Value)
	if why != "" {
		return "the value of " + a.Name.Value + " is not literal: " + why
	}
	for _, arg := range args {
		for _, c := range arg.Text {
			ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
				strings.ContainsRune("_.:@,+-/ ", c)
			if !ok || strings.Contains(arg.Text, "..") {
				return "the value of " + a.Name.Value + " is unusual"
			}
		}
	}
	return ""
}
