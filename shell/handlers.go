package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"guardsh/guard"
)

// Marker commands: the call handler rewrites a command's argv into one of
// these, which are neither functions nor builtins, so the interpreter hands
// them to the exec handler. A NUL byte cannot appear in a parsed name.
const (
	// markRefused answers status 126: the command was refused (the
	// message is already printed). Returning an error from the call
	// handler would halt the whole runner instead.
	markRefused = "\x00guardsh-refused"
	// markBuiltin runs one of guardsh's own builtins (kill, umask, ...).
	markBuiltin = "\x00guardsh-builtin"
	// markExec is `exec CMD` as the last command: it replaces the process.
	markExec = "\x00guardsh-exec"
)

// hcState is what the run-time check knows in a handler.
func hcState(hc interp.HandlerContext) guard.State {
	env := hc.Env
	return guard.State{
		Dir:        hc.Dir,
		StdinPiped: streamStdin(hc.Stdin),
		Var: func(name string) (string, bool) {
			if name == "$" { // the interpreter's $$, which env does not hold
				return strconv.Itoa(os.Getpid()), true
			}
			vr := env.Get(name)
			if !vr.IsSet() {
				return "", false
			}
			return vr.String(), true
		},
	}
}

// gate decides about a verdict found at run time: nil runs it, a refusal
// is printed and returned.
func (r *Runner) gate(ctx context.Context, v guard.Verdict, what string) *Refusal {
	return r.gateAt(r.pol, v, what, approvedLevel(ctx), "")
}

// gateAt is gate for a line approved at level approved, deciding with p;
// hint, when set, replaces the hint of a refusal of what is not blocked.
func (r *Runner) gateAt(p policy, v guard.Verdict, what string, approved guard.Level, hint string) *Refusal {
	ref := p.decideRunTime(v, what, approved, r.ask)
	if ref != nil && hint != "" && !v.Blocked {
		ref.Hint = hint
	}
	if ref != nil {
		r.refuse(ref)
	}
	if v.Level > approved && !v.Level.DefaultYes() || v.Blocked {
		// Only what the run-time check had to decide is recorded; the
		// commands the line's approval already covered are not.
		rec := NewAuditRecord(v, what, ref == nil, p.runTimeHow(v, ref))
		rec.RunTime = true
		if !r.record(rec) && ref == nil {
			ref = &Refusal{Verdict: v, What: what, Hint: HintAudit}
			r.refuse(ref)
		}
	}
	return ref
}

// callHandler checks every simple command, builtins and functions
// included, on its final expanded argv just before it runs.
func (r *Runner) callHandler(ctx context.Context, args []string) ([]string, error) {
	if run, ok := r.jobs.call(args); ok {
		return run, nil // guardsh's own marker of a background job
	}
	hc := interp.HandlerCtx(ctx)
	if isPoison(hc.Stdout) || isPoison(hc.Stderr) {
		// A refused redirect: the message was printed when it was refused.
		return []string{markRefused}, nil
	}
	for _, a := range args {
		if strings.IndexByte(a, 0) >= 0 {
			// Only guardsh's own markers hold a NUL byte; a word read from
			// input (read, mapfile) could forge one.
			fmt.Fprintf(hc.Stderr, "guardsh: refused: an argument of %s holds a NUL byte\n", shellJoin(args[:1]))
			return []string{markRefused}, nil
		}
	}
	st := hcState(hc)
	st.Own, st.Exists = r.own.has, r.existed
	// Functions defined by the code of an eval run here only, each command
	// checked as it runs (State.CallsChecked).
	st.CallsChecked = true
	r.defs.into(&st)
	if text, ok := r.heredocStdin(hc, args); ok {
		// A shell reading a here-document: its text is code (heredoc.go).
		st.Stdin, st.StdinPiped = &text, false
	}
	v := r.checker.CheckArgv(args, st)
	if r.gate(ctx, v, shellJoin(args)) != nil {
		_, done := r.heredocFile(hc)
		done()
		return []string{markRefused}, nil
	}
	if src := sourceArgs(args); src != nil {
		if !r.gateSource(ctx, hc, src) {
			return []string{markRefused}, nil
		}
	}
	r.defs.noteCall(args)
	return r.rewriteBuiltin(ctx, hc, backgroundStdinEval(args)), nil
}

// gateSource classifies the contents of a file about to be sourced as a
// whole before any of it runs.
func (r *Runner) gateSource(ctx context.Context, hc interp.HandlerContext, args []string) bool {
	path := args[1]
	if !strings.Contains(path, "/") {
		if p, err := lookFile(hc.Dir, hc.Env, path); err == nil {
			path = p
		}
	}
	b, err := readScript(hc.Dir, path)
	if err != nil {
		return true // the source builtin reports it
	}
	st := hcState(hc)
	st.Params, st.ParamsKnown = args[2:], len(args) > 2
	// What the file defines runs only here, each command checked as it
	// runs: its functions are classified where they are called.
	st.CallsChecked = true
	r.defs.into(&st)
	v := r.checker.Classify(string(b), st)
	if r.gate(ctx, v, shellJoin(args)) != nil {
		return false
	}
	if f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(string(b)), path); err == nil {
		r.defs.noteFile(f) // what the file defines, for what follows
	}
	if !v.Blocked {
		raiseApproved(ctx, v.Level) // the file's contents were approved
	}
	return true
}

// openHandler checks every file opened for writing before it is opened.
func (r *Runner) openHandler(ctx context.Context, path string, flag int, perm os.FileMode) (io.ReadWriteCloser, error) {
	if rw, ok, err := r.jobs.open(path); ok {
		return rw, err // a background job's own /dev/null
	}
	hc := interp.HandlerCtx(ctx)
	abs := path
	if path != "" && !filepath.IsAbs(path) {
		abs = filepath.Join(hc.Dir, path)
	}
	if rw, ok, err := openDescriptor(hc, abs); ok {
		return rw, err // a descriptor the command has, not a file to check
	}
	// A file that does not exist yet is made, not emptied, and is the
	// line's own once made.
	isNew := flag&os.O_CREATE != 0 && !Exists(abs)
	if flag&(os.O_WRONLY|os.O_RDWR|os.O_APPEND|os.O_CREATE|os.O_TRUNC) != 0 {
		st := hcState(hc)
		st.Own, st.Exists = r.own.has, r.existed
		trunc := flag&os.O_TRUNC != 0 && !isNew
		v := r.checker.CheckWrite(path, trunc, st)
		target := resolveWrite(abs)
		real := target.real
		if target.desc {
			real = realTarget(abs)
		}
		if real != "" && real != filepath.Clean(abs) {
			// A symlink: what is written is its target (`ln -s ~/.bashrc
			// x; echo >> x`). The higher of the two verdicts counts.
			if w := r.checker.CheckWrite(real, trunc, st); w.Level > v.Level {
				v = w
			}
		}
		if ref := r.gate(ctx, v, "> "+path); ref != nil {
			// The command the redirect belongs to sees a poisoned stream
			// and the call handler answers 126 for it without running it.
			return poison{}, nil
		}
		// What is opened is what was checked: no link is followed.
		f, err := target.open(flag, perm)
		if err != nil {
			return nil, err
		}
		if isNew {
			r.own.add(abs, false)
		}
		return f, nil
	}
	return os.OpenFile(abs, flag, perm)
}

// poison stands for a file whose opening was refused: nothing can be
// written to it, and a command whose output goes to it does not run.
type poison struct{}

func (poison) Read([]byte) (int, error)  { return 0, io.EOF }
func (poison) Write([]byte) (int, error) { return 0, errRefusedWrite }
func (poison) Close() error              { return nil }

var errRefusedWrite = errors.New("write refused by guardsh")

func isPoison(w io.Writer) bool {
	_, ok := w.(poison)
	return ok
}

// execHandler runs programs, guardsh's markers and scripts without a
// shebang (in-process, through guardsh's own handlers).
func (r *Runner) execHandler(ctx context.Context, args []string) error {
	hc, done := r.heredocFile(interp.HandlerCtx(ctx))
	defer done()
	switch args[0] {
	case markRefused:
		return interp.ExitStatus(126)
	case markBuiltin:
		return r.builtin(ctx, hc, args[1:])
	case markExec:
		return r.execReplaceProcess(ctx, hc, args[1:])
	}
	path, err := interp.LookPathDir(hc.Dir, hc.Env, args[0])
	if err != nil {
		return notFound(hc, args[0])
	}
	if !r.gateEnv(ctx, hc, args) || !r.gateShell(ctx, hc, path, args) {
		return interp.ExitStatus(126)
	}
	hc, made := r.noteMaking(hc, args)
	err = r.startAndWait(ctx, hc, path, args)
	made(err)
	return err
}

// notFound says why a program could not be found, as bash does: a name
// with a slash is a path that does not exist (127), is a directory or is
// not executable (126); any other name is not a command (127).
func notFound(hc interp.HandlerContext, name string) error {
	if !strings.Contains(name, "/") {
		fmt.Fprintf(hc.Stderr, "%s: command not found\n", name)
		return interp.ExitStatus(127)
	}
	p := name
	if !filepath.IsAbs(p) {
		p = filepath.Join(hc.Dir, p)
	}
	fi, err := os.Stat(p)
	switch {
	case err != nil:
		fmt.Fprintf(hc.Stderr, "%s: %v\n", name, unwrapExec(err))
		return interp.ExitStatus(127)
	case fi.IsDir():
		fmt.Fprintf(hc.Stderr, "%s: %v\n", name, syscall.EISDIR)
	default:
		fmt.Fprintf(hc.Stderr, "%s: %v\n", name, syscall.EACCES)
	}
	return interp.ExitStatus(126)
}

// startAndWait starts a program and waits for it, forwarding signals the
// shell receives to it meanwhile.
func (r *Runner) startAndWait(ctx context.Context, hc interp.HandlerContext, path string, args []string) error {
	newCmd := func() *exec.Cmd {
		cmd := exec.Command(path)
		cmd.Args = args
		cmd.Env = childEnv(ctx, hc.Env)
		cmd.Dir = hc.Dir
		cmd.Stdin = hc.Stdin
		cmd.Stdout = hc.Stdout
		cmd.Stderr = hc.Stderr
		return cmd
	}
	if r.beforeStart != nil {
		r.beforeStart()
	}
	if files, ok := stdFiles(hc); ok {
		return r.spawnAndWait(ctx, hc, path, args, files)
	}
	cmd := newCmd()
	err := cmd.Start()
	for delay := time.Millisecond; errors.Is(err, syscall.ETXTBSY) && delay < 300*time.Millisecond; delay *= 2 {
		time.Sleep(delay)
		cmd = newCmd()
		err = cmd.Start()
	}
	if errors.Is(err, syscall.ENOEXEC) {
		return r.runNoShebang(ctx, hc, path, args)
	}
	if err != nil {
		fmt.Fprintf(hc.Stderr, "%s: %v\n", args[0], unwrapExec(err))
		if errors.Is(err, os.ErrPermission) || errors.Is(err, syscall.EISDIR) {
			return interp.ExitStatus(126)
		}
		return interp.ExitStatus(127)
	}
	done := r.procs.add(cmd.Process)
	err = cmd.Wait()
	done()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			if ws.Signal() == syscall.SIGINT {
				// As bash does: a foreground program killed by Ctrl-C
				// abandons the rest of the line, even when the shell's
				// own SIGINT has not been handled yet.
				r.Signal(syscall.SIGINT, false)
			}
			return interp.ExitStatus(128 + int(ws.Signal()))
		}
		return interp.ExitStatus(ee.ExitCode())
	}
	if err != nil && !errors.Is(err, exec.ErrWaitDelay) {
		return err
	}
	return nil
}

// unwrapExec drops exec's "fork/exec PATH:" prefix.
func unwrapExec(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// runNoShebang runs a file the kernel refused with ENOEXEC (a script
// without a shebang) as a shell script, as bash does, but in-process with
// guardsh's own handlers and after classifying its contents as a whole.
func (r *Runner) runNoShebang(ctx context.Context, hc interp.HandlerContext, path string, args []string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(hc.Stderr, "%s: %v\n", args[0], err)
		return interp.ExitStatus(126)
	}
	line, _, _ := strings.Cut(string(b), "\n")
	if strings.IndexByte(line, 0) >= 0 {
		fmt.Fprintf(hc.Stderr, "%s: cannot execute binary file\n", args[0])
		return interp.ExitStatus(126)
	}
	file, err := syntax.NewParser().Parse(strings.NewReader(string(b)), args[0])
	if err != nil {
		fmt.Fprintf(hc.Stderr, "%v\n", err)
		return interp.ExitStatus(2)
	}
	r.noteFuncs(file)
	backgroundStdin(file)
	st := hcState(hc)
	st.Params, st.ParamsKnown = args[1:], true
	v := r.checker.Classify(string(b), st)
	if r.gate(ctx, v, shellJoin(args)) != nil {
		return interp.ExitStatus(126)
	}
	approved := approvedLevel(ctx)
	if v.Level > approved && !v.Blocked {
		approved = v.Level // the script's contents were approved as a whole
	}
	sub, err := r.newInterp(execEnv(hc.Env), hc.Dir, hc.Stdin, hc.Stdout, hc.Stderr, args[1:], nil)
	if err != nil {
		return err
	}
	ctx = withApproved(withExecLast(ctx, syntax.Pos{}), approved)
	err = sub.Run(ctx, file)
	var es interp.ExitStatus
	switch {
	case err == nil:
		return nil
	case errors.As(err, &es):
		return es
	}
	return err
}

// execEnv lists the exported variables of env, as a program's environment,
// each name once with its last value. The interpreter's environments list
// a variable of an outer scope before the same name set in an inner one
// (FOO=new prog with FOO exported): execve takes the list as it is and
// getenv finds the first, so the list is deduplicated here as os/exec did.
func execEnv(env expand.Environ) []string {
	list := make([]string, 0, 64)
	at := make(map[string]int, 64)
	for name, vr := range env.Each {
		i, seen := at[name]
		if !vr.IsSet() && seen {
			list[i] = ""
			delete(at, name)
			seen = false
		}
		if !vr.Exported || vr.Kind != expand.String {
			continue
		}
		if seen {
			list[i] = name + "=" + vr.String()
			continue
		}
		at[name] = len(list)
		list = append(list, name+"="+vr.String())
	}
	out := list[:0]
	for _, kv := range list {
		if kv != "" {
			out = append(out, kv)
		}
	}
	return out
}

// shellJoin quotes argv back into a command line, for messages and for
// classifying.
func shellJoin(args []string) string {
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		q, err := syntax.Quote(a, syntax.LangBash)
		if err != nil {
			q = a
		}
		b.WriteString(q)
	}
	return b.String()
}

// sourceArgs returns the `source FILE ARGS` part of a call of source or .,
// also behind command and builtin; nil for any other call.
func sourceArgs(args []string) []string {
	for len(args) > 1 && (args[0] == "command" || args[0] == "builtin") {
		args = args[1:]
		for len(args) > 1 && args[0] == "-p" {
			args = args[1:]
		}
	}
	if (args[0] == "source" || args[0] == ".") && len(args) > 1 {
		return args
	}
	return nil
}

// streamStdin reports a standard input whose text cannot be read ahead: a
// pipe, a FIFO or a socket (a terminal or a regular file is not).
func streamStdin(in io.Reader) bool {
	f, ok := in.(*os.File)
	if !ok || f == nil {
		return in != nil
	}
	fi, err := f.Stat()
	if err != nil {
		return true
	}
	m := fi.Mode()
	return m&(os.ModeNamedPipe|os.ModeSocket) != 0
}

// realTarget returns the file a write to path really reaches, symlinks
// resolved, dangling ones too (a write creates their target); "" when
// that cannot be known.
func realTarget(path string) string {
	p := filepath.Clean(path)
	for range 40 {
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			break
		}
		t, err := os.Readlink(p)
		if err != nil {
			return ""
		}
		if !filepath.IsAbs(t) {
			t = filepath.Join(filepath.Dir(p), t)
		}
		p = filepath.Clean(t)
	}
	if d, err := filepath.EvalSymlinks(filepath.Dir(p)); err == nil {
		return filepath.Join(d, filepath.Base(p))
	}
	return p
}

// fromEnvSuffix ends the question about code a program's environment
// carries.
const fromEnvSuffix = " (from its environment)"

// gateEnv checks what the environment a program gets makes it do: a
// library preloaded into it (LD_PRELOAD, LD_AUDIT), a startup file a shell
// runs first (BASH_ENV, ENV), functions bash imports (BASH_FUNC_*). The
// call handler only saw argv; assignments and exports live here.
func (r *Runner) gateEnv(ctx context.Context, hc interp.HandlerContext, args []string) bool {
	var pairs []string
	var code []string
	vars := map[string]string{}
	for name, vr := range hc.Env.Each {
		if vr.Exported && vr.Kind == expand.String && vr.IsSet() {
			vars[name] = vr.String()
		}
	}
	// `env NAME=VALUE... cmd`: the assignments are env's arguments, read
	// with internal/argv's grammar of env (every reading).
	prog := args
	if filepath.Base(args[0]) == "env" {
		prog = envSettings(args[1:], vars)
	}
	shell := len(prog) > 0 && isShell(filepath.Base(prog[0]))
	for name, val := range vars {
		switch {
		case name == "LD_PRELOAD" || name == "LD_AUDIT":
			if val != "" {
				pairs = append(pairs, name+"="+val)
			}
		case (name == "BASH_ENV" || name == "ENV") && shell && val != "":
			if b, err := readScript(hc.Dir, val); err == nil {
				code = append(code, string(b))
			} else {
				pairs = append(pairs, name+"="+val)
			}
		case strings.HasPrefix(name, "BASH_FUNC_") && shell:
			fn := strings.TrimSuffix(strings.TrimPrefix(name, "BASH_FUNC_"), "%%")
			code = append(code, fn+" "+val)
		}
	}
	if len(pairs) == 0 && len(code) == 0 {
		return true
	}
	st := hcState(hc)
	if len(pairs) > 0 {
		argv := append(append([]string{"env"}, pairs...), args...)
		if r.gate(ctx, r.checker.CheckArgv(argv, st), shellJoin(argv)) != nil {
			return false
		}
	}
	for _, c := range code {
		if r.gate(ctx, r.checker.Classify(c, st), shellJoin(args)+fromEnvSuffix) != nil {
			return false
		}
	}
	return true
}
