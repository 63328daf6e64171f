package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// backgroundStdin gives every asynchronous command of f (`cmd &`) the
// empty file /dev/null as its default standard input, as bash and POSIX
// do where job control is off (guardsh has none): a background program
// never reads the terminal, where it would take the keys meant for the
// shell, or hang it. A redirect of the command's own still wins: the
// /dev/null one is put first, and a later redirect of descriptor 0
// replaces it.
func backgroundStdin(f *syntax.File) {
	syntax.Walk(f, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if ok && (st.Background || st.Disown) && st.Cmd != nil {
			null := &syntax.Redirect{
				Op:   syntax.RdrIn,
				Word: &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: "/dev/null"}}},
			}
			st.Redirs = append([]*syntax.Redirect{null}, st.Redirs...)
		}
		return true
	})
}

// backgroundStdinEval applies backgroundStdin to the code an eval runs:
// `eval 'cat &'` is parsed by the interpreter itself, after guardsh's
// handlers saw it. Other calls, and code that does not parse (eval
// reports it), are returned as they are.
func backgroundStdinEval(args []string) []string {
	i := 0
	for i < len(args)-1 && (args[i] == "builtin" || args[i] == "command") {
		i++
	}
	if args[i] != "eval" || i == len(args)-1 {
		return args
	}
	src := strings.Join(args[i+1:], " ")
	if !strings.Contains(src, "&") {
		return args
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil {
		return args
	}
	changed := false
	syntax.Walk(f, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok && (st.Background || st.Disown) {
			changed = true
		}
		return !changed
	})
	if !changed {
		return args
	}
	backgroundStdin(f)
	var b strings.Builder
	if err := syntax.NewPrinter().Print(&b, f); err != nil {
		return args
	}
	return append(append([]string{}, args[:i+1]...), b.String())
}
