package shell

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// bashDefs is what bash reported of its functions and aliases, for the
// classification of the lines that call them (see classifyWithDefs).
type bashDefs struct {
	// funcs maps a function's name to its definition, as bash prints it.
	funcs map[string]string
	// aliases maps an alias to its text.
	aliases map[string]string
	// funcsText and aliasText are the report's text they were read from:
	// a report with the same text is not parsed again.
	funcsText, aliasText string
}

// bashVars reads the interactive bash executor's `declare -p` (see
// DeclaredVars), the protocol's own variables left out.
func bashVars(text string) map[string]string { return DeclaredVars(text, bashProtoPrefix) }

// bashVarsExported is bashVars, and the exported variables among them
// (declare -x), with their values.
func bashVarsExported(text string) (vars, exported map[string]string) {
	return declaredVars(text, bashProtoPrefix, true)
}

// DeclaredVars reads the text of bash's `declare -p`: every variable that
// is set, an array as its first element (as the interpreter executor
// reports them); a nameref, and a variable whose name starts with skip
// (the reporting code's own), are left out. A text that does not parse
// gives nil. Both bash executors read their reports with it: the
// interactive shell's and a session's (bashreport.go).
func DeclaredVars(text, skip string) map[string]string {
	vars, _ := declaredVars(text, skip, false)
	return vars
}

// declaredVars is DeclaredVars, and, when withExported, the exported
// variables that are not arrays (what a program started gets).
func declaredVars(text, skip string, withExported bool) (vars, exported map[string]string) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(text), "declare -p")
	if err != nil {
		return nil, nil
	}
	vars = make(map[string]string, len(f.Stmts))
	if withExported {
		exported = map[string]string{}
	}
	for _, st := range f.Stmts {
		if d, ok := st.Cmd.(*syntax.DeclClause); ok {
			declStmt(d, skip, vars, exported)
		}
	}
	return vars, exported
}

// declStmt adds what one declare statement of `declare -p` sets to vars,
// and to exported (when not nil) what it exports.
func declStmt(d *syntax.DeclClause, skip string, vars, exported map[string]string) {
	nameref, export := false, false
	for _, a := range d.Args {
		if a.Name == nil && a.Value != nil && strings.HasPrefix(a.Value.Lit(), "-") {
			nameref = nameref || strings.Contains(a.Value.Lit(), "n")
			export = export || strings.Contains(a.Value.Lit(), "x")
		}
	}
	for _, a := range d.Args {
		if a.Name == nil || nameref || (skip != "" && strings.HasPrefix(a.Name.Value, skip)) {
			continue
		}
		switch {
		case a.Array != nil:
			if len(a.Array.Elems) > 0 && a.Array.Elems[0].Value != nil {
				if v, err := expand.Literal(nil, a.Array.Elems[0].Value); err == nil {
					vars[a.Name.Value] = v
				}
			}
		case a.Value != nil:
			if v, err := expand.Literal(nil, a.Value); err == nil {
				vars[a.Name.Value] = v
				if export && exported != nil {
					exported[a.Name.Value] = v
				}
			}
		case a.Naked:
			// Declared, not set.
		}
	}
}

// update reads the functions and aliases of a report, when they changed.
func (d *bashDefs) update(funcs, aliases string) *bashDefs {
	if d != nil && d.funcsText == funcs && d.aliasText == aliases {
		return d
	}
	n := &bashDefs{funcs: map[string]string{}, aliases: map[string]string{}, funcsText: funcs, aliasText: aliases}
	parser := syntax.NewParser(syntax.Variant(syntax.LangBash))
	printer := syntax.NewPrinter()
	if f, err := parser.Parse(strings.NewReader(funcs), "declare -f"); err == nil {
		for _, st := range f.Stmts {
			fd, ok := st.Cmd.(*syntax.FuncDecl)
			if !ok || fd.Name == nil || strings.HasPrefix(fd.Name.Value, bashProtoPrefix) {
				continue
			}
			var b strings.Builder
			if printer.Print(&b, st) == nil {
				n.funcs[fd.Name.Value] = b.String()
			}
		}
	} else {
		// A definition guardsh cannot read: each name bash prints is a
		// function whose body is not known, classified as such.
		for _, line := range strings.Split(funcs, "\n") {
			if name, ok := strings.CutSuffix(strings.TrimSpace(line), " ()"); ok && syntax.ValidName(name) {
				n.funcs[name] = name + "() { eval \"$GUARDSH_UNREADABLE_FUNCTION\"; }"
			}
		}
	}
	if f, err := parser.Parse(strings.NewReader(aliases), "alias -p"); err == nil {
		for _, st := range f.Stmts {
			c, ok := st.Cmd.(*syntax.CallExpr)
			if !ok || len(c.Args) != 2 || c.Args[0].Lit() != "alias" {
				continue
			}
			if kv, err := expand.Literal(nil, c.Args[1]); err == nil {
				if k, v, ok := strings.Cut(kv, "="); ok {
					n.aliases[k] = v
				}
			}
		}
	}
	return n
}

// names lists the functions and aliases, for completion.
func (d *bashDefs) names() []string {
	if d == nil {
		return nil
	}
	out := make([]string, 0, len(d.funcs)+len(d.aliases))
	for k := range d.funcs {
		out = append(out, k)
	}
	for k := range d.aliases {
		out = append(out, k)
	}
	return out
}
