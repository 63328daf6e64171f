package shell

import (
	"io"
	"os"
	"path/filepath"

	"guardsh/internal/argv"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// A here-document or here-string reaches a program through a pipe the
// interpreter writes, which looks to the run-time check like any other
// pipe. So that the run-time check classifies the code a here-document
// gives a shell as the static check does (one verdict for one line), the
// runner notes which commands read a here-document on their own statement,
// and when one of them is a shell reading its standard input, it copies the
// here-document into an unlinked temporary file before the command runs:
// the check reads the text, and the program reads the same bytes from the
// file.

// heredocs notes the commands of a parsed line whose standard input is a
// here-document or here-string of their own statement, by the position
// of their first word (the position the handlers are given).
func (r *Runner) noteHeredocs(f *syntax.File) {
	syntax.Walk(f, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok || !heredocIn(st) {
			return true
		}
		if call, ok := st.Cmd.(*syntax.CallExpr); ok && len(call.Args) > 0 {
			r.noteHeredoc(call.Args[0].Pos())
			return true
		}
		// `{ sh; } <<EOF`: what the commands inside read, but for the
		// later stages of a pipeline inside, which read a pipe.
		r.noteFed(st.Cmd)
		return true
	})
}

// noteFed records the commands inside node that read its standard input.
func (r *Runner) noteFed(node syntax.Node) {
	syntax.Walk(node, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.BinaryCmd:
			if x.Op == syntax.Pipe || x.Op == syntax.PipeAll {
				r.noteFed(x.X)
				return false
			}
		case *syntax.FuncDecl, *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		case *syntax.CallExpr:
			if len(x.Args) > 0 {
				r.noteHeredoc(x.Args[0].Pos())
			}
		}
		return true
	})
}

// heredocIn reports a statement whose standard input is a here-document
// or here-string of its own.
func heredocIn(st *syntax.Stmt) bool {
	hdoc := false
	for _, rd := range st.Redirs {
		if rd.N != nil && rd.N.Value != "0" {
			continue
		}
		switch rd.Op {
		case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			hdoc = true
		case syntax.RdrIn, syntax.DplIn, syntax.RdrInOut:
			hdoc = false
		}
	}
	return hdoc
}

// noteHeredoc records a command's position as reading a here-document.
func (r *Runner) noteHeredoc(p syntax.Pos) {
	r.hdocMu.Lock()
	if r.hdocs == nil {
		r.hdocs = map[syntax.Pos]bool{}
	}
	r.hdocs[p] = true
	r.hdocMu.Unlock()
}

// heredocStdin returns the text of the here-document a shell about to run
// reads as its code, after copying it into a file the program will read
// instead of the pipe; ok is false when the command is not a shell reading
// a here-document, or the text is too long to classify (the pipe's
// pipe_to_shell stands then).
func (r *Runner) heredocStdin(hc interp.HandlerContext, args []string) (string, bool) {
	r.hdocMu.Lock()
	noted := r.hdocs[hc.Pos]
	r.hdocMu.Unlock()
	if !noted || r.isFunc(args[0]) || !readsShellStdin(args) {
		return "", false
	}
	f, ok := hc.Stdin.(*os.File)
	if !ok || f == nil {
		return "", false
	}
	if fi, err := f.Stat(); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		return "", false // a file is read where it is (readRegularAt)
	}
	tmp, err := os.CreateTemp("", "guardsh-heredoc-*")
	if err != nil {
		return "", false
	}
	os.Remove(tmp.Name())
	n, err := io.Copy(tmp, f)
	if err == nil {
		_, err = tmp.Seek(0, io.SeekStart)
	}
	if err != nil {
		tmp.Close()
		return "", false
	}
	r.hdocMu.Lock()
	if r.hdocFiles == nil {
		r.hdocFiles = map[*os.File]*os.File{}
	}
	r.hdocFiles[f] = tmp
	r.hdocMu.Unlock()
	if n > maxScript {
		return "", false
	}
	b, ok := readRegularAt(tmp)
	if !ok {
		return "", false
	}
	return string(b), true
}

// heredocFile returns hc with its standard input replaced by the copy of
// the here-document heredocStdin made, and a function that closes it.
func (r *Runner) heredocFile(hc interp.HandlerContext) (interp.HandlerContext, func()) {
	f, ok := hc.Stdin.(*os.File)
	if !ok || f == nil {
		return hc, func() {}
	}
	r.hdocMu.Lock()
	tmp := r.hdocFiles[f]
	delete(r.hdocFiles, f)
	r.hdocMu.Unlock()
	if tmp == nil {
		return hc, func() {}
	}
	hc.Stdin = tmp
	return hc, func() { tmp.Close() }
}

// readsShellStdin reports a command that is, behind its wrappers, a shell
// reading its commands from standard input.
func readsShellStdin(args []string) bool {
	for _, prog := range unwrapWrappers(args) {
		if len(prog) == 0 {
			continue
		}
		// Every shell, fish and csh too: the static check classifies what
		// any of them reads on stdin.
		calls, ok := argv.ParseShell(filepath.Base(prog[0]), prog[1:], nil)
		if !ok {
			continue
		}
		for _, c := range calls {
			if c.NoRun || len(c.Codes) > 0 {
				continue
			}
			if c.Stdin {
				return true
			}
			if c.Script >= 0 && c.Script < len(prog)-1 {
				switch prog[1+c.Script] {
				case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "-":
					return true
				}
			}
		}
	}
	return false
}
