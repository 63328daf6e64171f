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

// noteHeredocs notes the commands of a parsed line whose standard input is
// a here-document or here-string of their own statement (or of a compound
// around them), by the position of their first word (the position the
// handlers are given) and that word's literal text. Positions restart with
// every line, so the line's own notes replace the last line's; those in
// the bodies of the functions it defines stay, for later calls.
func (r *Runner) noteHeredocs(f *syntax.File) {
	line := map[syntax.Pos]string{}
	funcs := map[syntax.Pos]string{}
	syntax.Walk(f, func(n syntax.Node) bool {
		if fd, ok := n.(*syntax.FuncDecl); ok {
			noteStmts(fd.Body, funcs)
			return false
		}
		return true
	})
	noteStmts(f, line)
	r.hdocMu.Lock()
	r.hdocs = line
	if r.hdocFuncs == nil {
		r.hdocFuncs = map[syntax.Pos]string{}
	}
	for p, w := range funcs {
		r.hdocFuncs[p] = w
	}
	r.hdocMu.Unlock()
}

// noteStmts notes, outside function definitions, the commands under node
// that read a here-document.
func noteStmts(node syntax.Node, into map[syntax.Pos]string) {
	syntax.Walk(node, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.FuncDecl:
			return false
		case *syntax.Stmt:
			if !heredocIn(x) {
				return true
			}
			if call, ok := x.Cmd.(*syntax.CallExpr); ok && len(call.Args) > 0 {
				into[call.Args[0].Pos()] = call.Args[0].Lit()
				return true
			}
			// `{ sh; } <<EOF`: what the commands inside read, but for the
			// later stages of a pipeline inside, which read a pipe.
			noteFed(x.Cmd, into)
		}
		return true
	})
}

// noteFed notes the commands inside node that read its standard input.
func noteFed(node syntax.Node, into map[syntax.Pos]string) {
	syntax.Walk(node, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.BinaryCmd:
			if x.Op == syntax.Pipe || x.Op == syntax.PipeAll {
				noteFed(x.X, into)
				return false
			}
		case *syntax.FuncDecl, *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		case *syntax.CallExpr:
			if len(x.Args) > 0 {
				into[x.Args[0].Pos()] = x.Args[0].Lit()
			}
		}
		return true
	})
}

// heredocNoted reports a command noted as reading a here-document: its
// position, and its first word when that was literal.
func (r *Runner) heredocNoted(p syntax.Pos, name string) bool {
	r.hdocMu.Lock()
	defer r.hdocMu.Unlock()
	for _, m := range []map[syntax.Pos]string{r.hdocs, r.hdocFuncs} {
		if w, ok := m[p]; ok && (w == "" || w == name) {
			return true
		}
	}
	return false
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

// heredocStdin returns the text of the here-document a shell about to run
// reads as its code, after copying it into a file the program will read
// instead of the pipe; ok is false when the command is not a shell reading
// a here-document, or the text is too long to classify (the pipe's
// pipe_to_shell stands then).
func (r *Runner) heredocStdin(hc interp.HandlerContext, args []string) (string, bool) {
	if !r.heredocNoted(hc.Pos, args[0]) || r.isFunc(args[0]) || !readsShellStdin(args) {
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
