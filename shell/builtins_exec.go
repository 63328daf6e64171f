package shell

import (
	"context"
	"fmt"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

type execLastKey struct{}

// withExecLast records the position of the `exec CMD` that may replace the
// process: the last command of the input, at its top level.
func withExecLast(ctx context.Context, pos syntax.Pos) context.Context {
	return context.WithValue(ctx, execLastKey{}, pos)
}

func execLast(ctx context.Context) syntax.Pos {
	pos, _ := ctx.Value(execLastKey{}).(syntax.Pos)
	return pos
}

// lastExec returns the position of the input's last statement when it is
// a plain `exec CMD ...` run in the foreground; an invalid Pos otherwise.
func lastExec(f *syntax.File) syntax.Pos {
	if len(f.Stmts) == 0 {
		return syntax.Pos{}
	}
	st := f.Stmts[len(f.Stmts)-1]
	if st.Background || st.Disown || st.Coprocess || st.Negated {
		return syntax.Pos{}
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) < 2 || call.Args[0].Lit() != "exec" {
		return syntax.Pos{}
	}
	return call.Args[0].Pos()
}

// execReplaceProcess is `exec CMD` as the last command: once checked, CMD
// replaces guardsh's process, as bash does. When the standard streams are
// not files it runs CMD and returns its status instead.
func (r *Runner) execReplaceProcess(ctx context.Context, hc interp.HandlerContext, args []string) error {
	if len(args) == 0 {
		return nil
	}
	path, err := interp.LookPathDir(hc.Dir, hc.Env, args[0])
	if err != nil {
		fmt.Fprintf(hc.Stderr, "exec: %s: not found\n", args[0])
		return interp.ExitStatus(127)
	}
	if !r.gateShell(ctx, hc, path, args) {
		return interp.ExitStatus(126)
	}
	in, inOK := hc.Stdin.(*os.File)
	out, outOK := hc.Stdout.(*os.File)
	errf, errOK := hc.Stderr.(*os.File)
	if hc.Stdin == nil {
		in, inOK = nil, true
	}
	if !inOK || !outOK || !errOK || out == nil || errf == nil {
		return r.startAndWait(ctx, hc, path, args)
	}
	if shebangENOEXEC(path) {
		return r.startAndWait(ctx, hc, path, args)
	}
	if err := os.Chdir(hc.Dir); err != nil {
		return r.startAndWait(ctx, hc, path, args)
	}
	for fd, f := range []*os.File{in, out, errf} {
		if f == nil {
			unix.Close(fd)
			continue
		}
		if int(f.Fd()) != fd {
			if err := unix.Dup2(int(f.Fd()), fd); err != nil {
				return r.startAndWait(ctx, hc, path, args)
			}
		}
		if _, err := unix.FcntlInt(uintptr(fd), unix.F_SETFD, 0); err != nil {
			return r.startAndWait(ctx, hc, path, args)
		}
	}
	err = syscall.Exec(path, args, childEnv(ctx, hc.Env))
	fmt.Fprintf(os.Stderr, "exec: %s: %v\n", args[0], err)
	return interp.ExitStatus(126)
}

// shebangENOEXEC reports a file the kernel would refuse with ENOEXEC: no
// shebang and not an ELF binary. Such a script runs in-process instead.
func shebangENOEXEC(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var b [4]byte
	n, _ := f.Read(b[:])
	s := string(b[:n])
	return !(len(s) >= 2 && s[:2] == "#!") && s != "\x7fELF"
}
