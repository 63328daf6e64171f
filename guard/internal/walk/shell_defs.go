package walk

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// What the shell defined before the line: its functions (State.Funcs) and
// aliases (State.Aliases), such as those of a shell snapshot a coding
// agent sources before each command. They count only in code that runs in
// that shell; a real shell started by the line (bash -c, sudo) has none
// of them.

// inThisShell reports that code reached through via runs in the shell
// that defined the functions and aliases: the line itself, an eval, a
// substitution, a function's body, an alias, a file it sources.
func inThisShell(via []string) bool {
	for _, v := range via {
		if v != "eval" && v != "$(...)" && v != "<(...)" && v != "time" && v != "alias" && v != "source" && !strings.HasSuffix(v, "()") {
			return false
		}
	}
	return true
}

// shellFunc makes a function the shell defined before the line known to
// the walk, as if the line had defined it, when name calls one and the
// line defines none of that name.
func (w *walker) shellFunc(name Word, plain bool, via []string) {
	st := w.root.st
	if st.Funcs == nil || !name.Known || !plain || !inThisShell(via) {
		return
	}
	if _, ok := w.funcs[name.Value]; ok {
		return
	}
	def, ok := st.Funcs(name.Value)
	if !ok {
		return
	}
	f, err := w.g.Parse(def)
	if err != nil || len(f.Stmts) != 1 {
		return // its commands are still checked as they run
	}
	fd, ok := f.Stmts[0].Cmd.(*syntax.FuncDecl)
	if !ok || fd.Name == nil || fd.Name.Value != name.Value {
		return
	}
	if w.funcs == nil {
		w.funcs, w.active = map[string]funcDef{}, map[string]bool{}
	}
	w.funcs[name.Value] = funcDef{decl: fd, src: def}
}

// shellAlias classifies a call whose name is a plain word naming an alias
// the shell defined as the alias expands it: the alias's value followed by
// the rest of the call. It reports whether that stands for the call; a
// function of the same name defined on the line is classified too, and so
// is the call as written when the line or a file it sources defines the
// alias (bash expands it only in code it reads later, and only with
// expand_aliases).
func (w *walker) shellAlias(x *syntax.CallExpr, src string, sc *scope, depth int, via []string) bool {
	if w.root.st.Aliases == nil && len(w.aliases) == 0 || len(x.Assigns) > 0 || len(x.Args) == 0 || !inThisShell(via) {
		return false
	}
	first := x.Args[0]
	if len(first.Parts) != 1 {
		return false
	}
	lit, ok := first.Parts[0].(*syntax.Lit)
	if !ok || lit.Value == "" {
		return false
	}
	name := lit.Value
	key := "alias " + name
	if w.active[key] {
		return false // an alias is not expanded again inside its own expansion
	}
	value, learned := w.aliases[name]
	ok = learned
	if !ok && w.root.st.Aliases != nil {
		value, ok = w.root.st.Aliases(name)
	}
	if !ok {
		return false
	}
	a, b, end := int(first.End().Offset()), int(x.End().Offset()), len(src)
	if a > b || b > end {
		return false
	}
	if w.active == nil {
		w.funcs, w.active = map[string]funcDef{}, map[string]bool{}
	}
	w.active[key] = true
	w.scriptString(value+src[a:b], nodeText(src, x), sc, depth+1, append(via[:len(via):len(via)], "alias"))
	w.active[key] = false
	_, fn := w.funcs[name]
	return !fn && !learned
}
