package shell

import "mvdan.cc/sh/v3/syntax"

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
