package shell

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"guardsh/internal/argv"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"guardsh/guard"
)

// isShell reports a program whose input is shell code guardsh classifies
// (internal/argv's one list of shells).
func isShell(name string) bool { return argv.IsPOSIXShell(name) }

// maxScript is how much of a script guardsh reads to classify: one byte
// more than the guard classifies, so that a longer script is never
// classified as if it were whole. What was cut is too long for the guard
// (rule too_long), and -y does not approve what was not checked.
const maxScript = guard.DefaultMaxBytes + 1

// gateShell checks, before a program starts, the shell code it will run
// when it is a shell: `sh script.sh` (the script's contents), `bash < file`
// (the file), or a script whose shebang names a shell. `bash -c STRING` is
// already classified by the call handler. It reports whether the program
// may start; a refusal is printed.
func (r *Runner) gateShell(ctx context.Context, hc interp.HandlerContext, path string, args []string) bool {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		if name := filepath.Base(real); isShell(name) && !isShell(filepath.Base(args[0])) {
			// A shell under another name (`ln -s /bin/bash x; ./x -c
			// CODE`): checked as the shell it is.
			renamed := append([]string{name}, args[1:]...)
			if r.gate(ctx, r.checker.CheckArgv(renamed, hcState(hc)), shellJoin(args)) != nil {
				return false
			}
			args = renamed
		}
	}
	for _, in := range r.shellInputs(hc, path, args) {
		st := hcState(hc)
		st.Params, st.ParamsKnown = in.params, true
		v := r.checker.Classify(in.code, st)
		if r.gate(ctx, v, shellJoin(args)) != nil {
			return false
		}
	}
	return true
}

// shellInput is code a shell will run, read before it starts.
type shellInput struct {
	code   string
	params []string
}

// shellInputs returns the shell code a command will run, when it is a
// shell reading a script file or a file on its standard input, or a script
// with a shell shebang: one for every reading of its command line (the
// wrappers' and the shell's grammars are internal/argv's, which the static
// check reads too). `bash -c STRING` is classified by CheckArgv.
func (r *Runner) shellInputs(hc interp.HandlerContext, path string, args []string) []shellInput {
	var ins []shellInput
	for _, prog := range unwrapWrappers(args) {
		if len(prog) == 0 || !isShell(filepath.Base(prog[0])) {
			continue
		}
		calls, _ := argv.ParseShell(filepath.Base(prog[0]), prog[1:], nil)
		for _, call := range calls {
			if in, ok := r.shellCallInput(hc, prog[1:], call); ok {
				ins = append(ins, in)
			}
		}
	}
	if len(ins) > 0 {
		return ins
	}
	// A script whose shebang names a shell.
	if interpName, ok := shebang(path); ok && isShell(interpName) {
		b, err := readScript(hc.Dir, path)
		if err != nil {
			return nil
		}
		return []shellInput{{code: string(b), params: args[1:]}}
	}
	return nil
}

// shellCallInput reads what one reading of a shell's command line runs
// from a file: its script, or its standard input when that is a file.
func (r *Runner) shellCallInput(hc interp.HandlerContext, args []string, call argv.ShellCall) (shellInput, bool) {
	rest := args[min(call.Params, len(args)):]
	script := ""
	if call.Script >= 0 && call.Script < len(args) {
		script = args[call.Script]
	}
	switch {
	case call.NoRun || len(call.Codes) > 0:
		return shellInput{}, false
	case script == "/dev/stdin" || script == "/dev/fd/0" || script == "/proc/self/fd/0" || script == "-" || script == "" && call.Stdin:
		// The command's standard input, not guardsh's.
		f, ok := hc.Stdin.(*os.File)
		if !ok || f == nil {
			return shellInput{}, false
		}
		b, ok := readRegularAt(f)
		if !ok {
			return shellInput{}, false // a pipe: the guard says pipe_to_shell
		}
		return shellInput{code: string(b), params: rest}, true
	case script != "":
		if !strings.Contains(script, "/") {
			// bash looks in the directory first, then in PATH.
			if _, err := os.Stat(filepath.Join(hc.Dir, script)); err != nil {
				if p, err := lookFile(hc.Dir, hc.Env, script); err == nil {
					script = p
				}
			}
		}
		b, err := readScript(hc.Dir, script)
		if err != nil {
			return shellInput{}, false // the shell reports it
		}
		return shellInput{code: string(b), params: rest}, true
	}
	return shellInput{}, false
}

// maxUnwrap bounds the commands unwrapWrappers returns.
const maxUnwrap = 32

// unwrapWrappers takes off the wrappers that run their arguments as a
// command (sudo, env, nice, nohup, timeout, ...) with internal/argv's
// grammars, and returns the command every reading of them runs; args
// itself when it is no wrapper.
func unwrapWrappers(args []string) [][]string {
	cur := [][]string{args}
	for depth := 0; depth < 8; depth++ {
		var next [][]string
		changed := false
		for _, a := range cur {
			if len(a) == 0 {
				continue
			}
			cmds, _, ok := argv.Unwrap(filepath.Base(a[0]), a[1:])
			if !ok {
				next = append(next, a)
				continue
			}
			changed = true
			next = append(next, cmds...)
		}
		if len(next) > maxUnwrap {
			next = next[:maxUnwrap]
		}
		cur = next
		if !changed {
			break
		}
	}
	return cur
}

// shebang returns the base name of the interpreter a script's #! line
// names (through /usr/bin/env), ok false when there is none.
func shebang(path string) (string, bool) {
	// Without waiting: a FIFO (which no exec runs) is not opened as one.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return "", false
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return "", false
	}
	var buf [256]byte
	n, _ := io.ReadFull(f, buf[:])
	b := buf[:n]
	if !bytes.HasPrefix(b, []byte("#!")) {
		return "", false
	}
	line, _, _ := bytes.Cut(b[2:], []byte("\n"))
	fields := strings.Fields(string(line))
	if len(fields) == 0 {
		return "", false
	}
	name := filepath.Base(fields[0])
	if name == "env" {
		for _, f := range fields[1:] {
			if !strings.HasPrefix(f, "-") && !strings.Contains(f, "=") {
				return filepath.Base(f), true
			}
		}
		return "", false
	}
	return name, true
}

// readScript reads a script file, relative to dir, up to maxScript bytes.
func readScript(dir, path string) ([]byte, error) {
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxScript))
}

// readRegularAt reads what is left of a regular file from its current
// offset without moving it, so the program reads the same bytes.
func readRegularAt(f *os.File) ([]byte, bool) {
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil, false
	}
	off, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil, false
	}
	size := fi.Size() - off
	if size <= 0 {
		return nil, true
	}
	size = min(size, maxScript)
	b := make([]byte, size)
	n, err := f.ReadAt(b, off)
	if err != nil && err != io.EOF {
		return nil, false
	}
	return b[:n], true
}

// lookFile finds a file (executable or not) in PATH, as source does.
func lookFile(dir string, env expand.Environ, name string) (string, error) {
	if p, ok := lookPathFile(dir, env.Get("PATH").String(), name); ok {
		return p, nil
	}
	return "", os.ErrNotExist
}

// envSettings applies what env's words (after its name) do to the
// environment in vars (assignments, -i, -, -u NAME) and returns the
// command env runs (nil for none). With an option env's grammar does not
// know, every reading's assignments count, nothing is dropped, and a
// reading whose command is a shell is the one returned.
func envSettings(args []string, vars map[string]string) []string {
	rs := argv.Wrapper("env").Parse(args, nil)
	var prog []string
	for _, r := range rs {
		if len(rs) == 1 {
			for _, o := range r.Opts {
				switch {
				case o.Name == "i" || o.Name == "-" || o.Name == "ignore-environment":
					clear(vars)
				case (o.Name == "u" || o.Name == "unset") && o.HasValue:
					delete(vars, o.Value)
				}
			}
		}
		for _, a := range args[:r.Cmd] {
			if k, v, ok := strings.Cut(a, "="); ok && k != "" {
				vars[k] = v
			}
		}
		if r.Cmd < len(args) && !r.Stopped && (prog == nil || isShell(filepath.Base(args[r.Cmd]))) {
			prog = args[r.Cmd:]
		}
	}
	return prog
}
