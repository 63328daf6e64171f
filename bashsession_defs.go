package main

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"guardsh/guard"
)

// The functions and aliases the session's bash holds after a command
// (declare -f and alias -p in its report), for the classification of the
// next (guard.State's Funcs and Aliases): a function defined by an
// earlier command or by a file it sourced (a shell snapshot) is
// classified where the next command calls it, an alias as it expands.
// The report is read as the interactive bash executor reads its own
// (shell/bashexec_state.go on that branch).

// sessionDefs are the functions and aliases of the last report, read
// again only when its text changed.
type sessionDefs struct {
	funcs, aliases         map[string]string
	funcsText, aliasesText string
	read                   bool
}

// update reads declare -f's and alias -p's text when it changed.
func (d *sessionDefs) update(funcs, aliases string) *sessionDefs {
	if d.read && d.funcsText == funcs && d.aliasesText == aliases {
		return d
	}
	d.read, d.funcsText, d.aliasesText = true, funcs, aliases
	d.funcs, d.aliases = declaredFuncs(funcs), declaredAliases(aliases)
	return d
}

// into makes st know the functions and aliases.
func (d *sessionDefs) into(st *guard.State) {
	funcs, aliases := d.funcs, d.aliases
	st.Funcs = func(name string) (string, bool) { def, ok := funcs[name]; return def, ok }
	st.Aliases = func(name string) (string, bool) { v, ok := aliases[name]; return v, ok }
}

// declaredFuncs reads declare -f's text: each function's definition, as
// bash prints it. A text guardsh cannot parse still names its functions
// (bash prints `name () ` on a line of its own): each is then a function
// whose body runs code only known at run time, which is what it is to the
// classifier.
func declaredFuncs(text string) map[string]string {
	funcs := map[string]string{}
	if strings.TrimSpace(text) == "" {
		return funcs
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(text), "declare -f")
	if err != nil {
		for line := range strings.Lines(text) {
			if name, ok := strings.CutSuffix(strings.TrimSpace(line), " ()"); ok && syntax.ValidName(name) && !strings.HasPrefix(name, "__guardsh_") {
				funcs[name] = name + " () { eval \"$GUARDSH_UNREADABLE_FUNCTION\"; }"
			}
		}
		return funcs
	}
	pr := syntax.NewPrinter()
	for _, st := range f.Stmts {
		fd, ok := st.Cmd.(*syntax.FuncDecl)
		if !ok || fd.Name == nil || strings.HasPrefix(fd.Name.Value, "__guardsh_") {
			continue
		}
		var b strings.Builder
		if pr.Print(&b, st) == nil {
			funcs[fd.Name.Value] = b.String()
		}
	}
	return funcs
}

// declaredAliases reads alias -p's text: `alias NAME='VALUE'`, a line
// each.
func declaredAliases(text string) map[string]string {
	aliases := map[string]string{}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(text), "alias -p")
	if err != nil {
		return aliases
	}
	for _, st := range f.Stmts {
		x, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(x.Args) != 2 || x.Args[0].Lit() != "alias" {
			continue
		}
		// Fields, not Literal, removes the quotes of 'it'\''s'; without
		// ReadDir it expands no glob.
		fs, err := expand.Fields(&expand.Config{}, x.Args[1])
		if err != nil || len(fs) != 1 {
			continue
		}
		kv := fs[0]
		if k, v, ok := strings.Cut(kv, "="); ok && k != "" {
			aliases[k] = v
		}
	}
	return aliases
}
