package shell

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"guardsh/guard"
)

// shells are the programs whose input is shell code.
var shells = map[string]bool{
	"sh": true, "bash": true, "dash": true, "zsh": true, "ksh": true, "mksh": true,
	"ash": true, "posh": true, "yash": true, "lksh": true, "pdksh": true, "rbash": true,
}

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
		if name := filepath.Base(real); shells[name] && !shells[filepath.Base(args[0])] {
			// A shell under another name (`ln -s /bin/bash x; ./x -c
			// CODE`): checked as the shell it is.
			renamed := append([]string{name}, args[1:]...)
			if r.gate(ctx, r.checker.CheckArgv(renamed, hcState(hc)), shellJoin(args)) != nil {
				return false
			}
			args = renamed
		}
	}
	code, params, ok := r.shellInput(hc, path, args)
	if !ok {
		return true
	}
	st := hcState(hc)
	st.Params, st.ParamsKnown = params, true
	v := r.checker.Classify(code, st)
	return r.gate(ctx, v, shellJoin(args)) == nil
}

// shellInput returns the shell code a command will run, when it is a shell
// reading a script file or a file on its standard input, or a script with
// a shell shebang; ok is false otherwise.
func (r *Runner) shellInput(hc interp.HandlerContext, path string, args []string) (code string, params []string, ok bool) {
	prog := unwrapWrappers(args)
	if len(prog) > 0 && shells[filepath.Base(prog[0])] {
		script, rest, fromStdin, hasC := shellOperands(prog[1:])
		switch {
		case hasC:
			return "", nil, false
		case script == "/dev/stdin" || script == "/dev/fd/0" || script == "/proc/self/fd/0":
			// The command's standard input, not guardsh's.
			f, ok := hc.Stdin.(*os.File)
			if !ok || f == nil {
				return "", nil, false
			}
			b, ok := readRegularAt(f)
			if !ok {
				return "", nil, false // a pipe: the guard says pipe_to_shell
			}
			return string(b), rest, true
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
				return "", nil, false // the shell reports it
			}
			return string(b), rest, true
		case fromStdin:
			f, ok := hc.Stdin.(*os.File)
			if !ok || f == nil {
				return "", nil, false
			}
			b, ok := readRegularAt(f)
			if !ok {
				return "", nil, false
			}
			return string(b), rest, true
		}
		return "", nil, false
	}
	// A script whose shebang names a shell.
	if interpName, ok := shebang(path); ok && shells[interpName] {
		b, err := readScript(hc.Dir, path)
		if err != nil {
			return "", nil, false
		}
		return string(b), args[1:], true
	}
	return "", nil, false
}

// shellOperands reads a shell's command line: the script file and its
// arguments, or whether it reads its commands from stdin, or has -c.
func shellOperands(args []string) (script string, rest []string, fromStdin, hasC bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--" || a == "-":
			rest := args[i+1:]
			if fromStdin || len(rest) == 0 {
				return "", rest, true, false
			}
			return rest[0], rest[1:], false, false
		case strings.HasPrefix(a, "--"):
			switch a {
			case "--rcfile", "--init-file":
				i++
			}
		case strings.HasPrefix(a, "-") || strings.HasPrefix(a, "+"):
			for _, f := range a[1:] {
				switch f {
				case 'c':
					return "", nil, false, true
				case 's':
					fromStdin = true
				case 'o', 'O':
					i++
				}
			}
		default:
			if fromStdin {
				return "", args[i:], true, false
			}
			return a, args[i+1:], false, false
		}
	}
	return "", nil, true, false
}

// unwrapWrappers takes off the wrappers that run their arguments as a
// command (sudo, env, nice, nohup, timeout, ...), as far as their options
// are simple, and returns the command they run.
func unwrapWrappers(args []string) []string {
	for depth := 0; depth < 8 && len(args) > 0; depth++ {
		name := filepath.Base(args[0])
		var valued string // options taking a value
		switch name {
		case "sudo", "doas":
			valued = "ugCDhprtUTa"
		case "env":
			valued = "uCS"
		case "nice":
			valued = "n"
		case "ionice":
			valued = "cnp"
		case "stdbuf":
			valued = "ioe"
		case "timeout":
			valued = "sk"
		case "nohup", "time", "command", "builtin", "exec", "setsid", "chroot":
			valued = "a"
		default:
			return args
		}
		i := 1
		for i < len(args) {
			a := args[i]
			if a == "--" {
				i++
				break
			}
			if name == "env" && strings.Contains(a, "=") && !strings.HasPrefix(a, "-") {
				i++
				continue
			}
			if !strings.HasPrefix(a, "-") || a == "-" {
				break
			}
			i++
			if len(a) == 2 && strings.ContainsRune(valued, rune(a[1])) {
				i++
			}
		}
		if name == "timeout" && i < len(args) {
			i++ // the duration
		}
		if name == "chroot" && i < len(args) {
			i++ // the new root
		}
		if i >= len(args) {
			return nil
		}
		args = args[i:]
	}
	return args
}

// shebang returns the base name of the interpreter a script's #! line
// names (through /usr/bin/env), ok false when there is none.
func shebang(path string) (string, bool) {
	f, err := os.Open(path)
	if err != nil {
		return "", false
	}
	defer f.Close()
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
	for _, elem := range filepath.SplitList(env.Get("PATH").String()) {
		if elem == "" {
			elem = "."
		}
		p := filepath.Join(elem, name)
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p, nil
		}
	}
	return "", os.ErrNotExist
}
