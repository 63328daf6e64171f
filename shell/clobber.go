package shell

import "mvdan.cc/sh/v3/syntax"

// clobberAsOut turns every `>|` of f into `>`: the interpreter has no
// noclobber option (guardsh accepts -C and ignores it), so the two mean
// the same, and the interpreter refuses `>|` ("unhandled redirect op"),
// which Claude Code's wrapper of every command ends with
// (`pwd -P >| /tmp/claude-ID-cwd`). The guard classifies `>|` as the
// write it is either way.
func clobberAsOut(f *syntax.File) *syntax.File {
	if f == nil {
		return f
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		if rd, ok := n.(*syntax.Redirect); ok && rd.Op == syntax.ClbOut {
			rd.Op = syntax.RdrOut
		}
		return true
	})
	return f
}
