package shell

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"guardsh/internal/argv"
)

// A program that a process outside the interpreter is about to execute
// (a line run by real bash under the supervisor) may be a shell given a
// script, or a script whose #! line names a shell: ExecInputs finds the
// code it will run, with the same grammars (internal/argv's wrappers and
// shells) and the same #! reading as the interpreter's run-time check
// (gateShell), so that both see the same scripts.

// ExecInput is shell code a program about to be executed will run, read
// from a file before it starts.
type ExecInput struct {
	// File is the script, as found (relative paths joined to the
	// process's directory, PATH searched as the shell searches it).
	File string
	// Code is its text; Params the positional parameters it gets.
	Code   string
	Params []string
	// Unchecked reports a script that could not be read whole: larger
	// than guardsh classifies, not a regular file, or unreadable. What it
	// runs is unknown, and the caller must treat it as such (fail closed).
	Unchecked bool
	// Err says why, when Unchecked.
	Err error
}

// ExecInputs returns the shell code an exec of path with args will run:
// for a shell (behind any wrappers) given a script operand, that script;
// for a file whose #! line names a shell, the file itself. dir is the
// process's working directory, getenv reads its environment (PATH), and
// read reads a file at most MaxScriptBytes long, failing for a file that
// is larger or not regular (the caller maps /dev/fd and /proc/self to the
// process's own). A script that does not exist is left out: the shell
// reports it. `sh -c CODE` is not an input here: its code is on the
// command line. A script on the shell's standard input is not read.
func ExecInputs(dir string, getenv func(string) string, path string, args []string, read func(string) ([]byte, error)) []ExecInput {
	var ins []ExecInput
	for _, prog := range unwrapWrappers(args) {
		if len(prog) == 0 || !isShell(filepath.Base(prog[0])) {
			continue
		}
		calls, _ := argv.ParseShell(filepath.Base(prog[0]), prog[1:], nil)
		for _, call := range calls {
			rest := prog[1:]
			if call.NoRun || len(call.Codes) > 0 || call.Script < 0 || call.Script >= len(rest) {
				continue
			}
			script := rest[call.Script]
			if script == "-" {
				continue // standard input
			}
			if !strings.Contains(script, "/") {
				// bash looks in the directory first, then in PATH.
				if _, err := os.Stat(filepath.Join(dir, script)); err != nil {
					if p, ok := lookPathFile(dir, getenv("PATH"), script); ok {
						script = p
					}
				}
			}
			if in, ok := execInput(dir, script, rest[min(call.Params, len(rest)):], read); ok {
				ins = append(ins, in)
			}
		}
	}
	if len(ins) > 0 {
		return ins
	}
	if name, ok := shebang(path); ok && isShell(name) {
		if in, ok := execInput(dir, path, args[1:], read); ok {
			return []ExecInput{in}
		}
	}
	return nil
}

// MaxScriptBytes is how much of a script ExecInputs's read must allow: one
// byte more than the guard classifies.
const MaxScriptBytes = maxScript

func execInput(dir, file string, params []string, read func(string) ([]byte, error)) (ExecInput, bool) {
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	b, err := read(file)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return ExecInput{}, false
	case err != nil:
		return ExecInput{File: file, Params: params, Unchecked: true, Err: err}, true
	}
	return ExecInput{File: file, Code: string(b), Params: params}, true
}

// lookPathFile finds a file (executable or not) in PATH, as bash finds a
// script named without a slash.
func lookPathFile(dir, path, name string) (string, bool) {
	for _, elem := range filepath.SplitList(path) {
		if elem == "" {
			elem = "."
		}
		p := filepath.Join(elem, name)
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p, true
		}
	}
	return "", false
}

// Shebang returns the base name of the interpreter a script's #! line
// names (through /usr/bin/env), ok false when there is none: the reading
// the interpreter's run-time check makes.
func Shebang(path string) (string, bool) { return shebang(path) }
