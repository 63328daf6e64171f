package shell

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"guardsh/internal/regfile"
)

// ExecInputs finds the script an exec will run: one given to a shell
// (behind wrappers, found in the directory or PATH), or the file itself
// with a shell's #! line; not -c code, nor a program that is no shell.
func TestExecInputs(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	os.Mkdir(bin, 0o755)
	write := func(path, text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "s.sh"), "rm -rf \"$1\"\n")
	write(filepath.Join(bin, "inpath.sh"), "echo in path\n")
	write(filepath.Join(dir, "run"), "#!/bin/sh\necho run\n")
	write(filepath.Join(dir, "envrun"), "#!/usr/bin/env bash\necho envrun\n")
	write(filepath.Join(dir, "py"), "#!/usr/bin/python3\nprint(1)\n")
	write(filepath.Join(dir, "big.sh"), strings.Repeat("#", MaxScriptBytes+10))
	getenv := func(name string) string {
		if name == "PATH" {
			return bin
		}
		return ""
	}
	read := func(p string) ([]byte, error) { return regfile.Read(p, MaxScriptBytes) }
	for _, c := range []struct {
		path      string
		args      []string
		code      string // "" for no input
		params    []string
		unchecked bool
	}{
		{"/bin/bash", []string{"bash", "s.sh", "/"}, "rm -rf \"$1\"\n", []string{"/"}, false},
		{"/bin/sh", []string{"sh", "-e", "s.sh"}, "rm -rf \"$1\"\n", []string{}, false},
		{"/usr/bin/env", []string{"env", "X=1", "bash", "s.sh", "a", "b"}, "rm -rf \"$1\"\n", []string{"a", "b"}, false},
		{"/usr/bin/nice", []string{"nice", "bash", "inpath.sh"}, "echo in path\n", []string{}, false},
		{"/bin/bash", []string{"bash", "-c", "echo hi", "s.sh"}, "", nil, false},
		{"/bin/bash", []string{"bash", "missing.sh"}, "", nil, false},
		{"/bin/bash", []string{"bash", "big.sh"}, "", nil, true},
		{"/bin/bash", []string{"bash", "--version"}, "", nil, false},
		{filepath.Join(dir, "run"), []string{"./run", "x"}, "#!/bin/sh\necho run\n", []string{"x"}, false},
		{filepath.Join(dir, "envrun"), []string{"envrun"}, "#!/usr/bin/env bash\necho envrun\n", []string{}, false},
		{filepath.Join(dir, "py"), []string{"./py"}, "", nil, false},
		{"/usr/bin/cat", []string{"cat", "s.sh"}, "", nil, false},
	} {
		ins := ExecInputs(dir, getenv, c.path, c.args, read)
		name := strings.Join(c.args, " ")
		switch {
		case c.code == "" && !c.unchecked:
			if len(ins) != 0 {
				t.Errorf("%s: inputs %+v, want none", name, ins)
			}
		case len(ins) != 1:
			t.Errorf("%s: %d inputs, want 1: %+v", name, len(ins), ins)
		case c.unchecked:
			if !ins[0].Unchecked || !errors.Is(ins[0].Err, regfile.ErrTooLarge) {
				t.Errorf("%s: %+v, want unchecked (too large)", name, ins[0])
			}
		case ins[0].Code != c.code || !slices.Equal(ins[0].Params, c.params) && len(ins[0].Params)+len(c.params) > 0:
			t.Errorf("%s: code %q params %q, want %q %q", name, ins[0].Code, ins[0].Params, c.code, c.params)
		}
	}
	// A pipe as the script (bash <(...)) is not a regular file: unchecked.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	fd := "/proc/self/fd/" + strconv.Itoa(int(r.Fd()))
	ins := ExecInputs(dir, getenv, "/bin/bash", []string{"bash", fd}, read)
	if len(ins) != 1 || !ins[0].Unchecked || !errors.Is(ins[0].Err, regfile.ErrNotRegular) {
		t.Errorf("bash %s: %+v, want unchecked (not regular)", fd, ins)
	}
	// A FIFO executed: no input, and nothing waits for its writer.
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o755); err != nil {
		t.Fatal(err)
	}
	if ins := ExecInputs(dir, getenv, fifo, []string{"./fifo"}, read); len(ins) != 0 {
		t.Errorf("a FIFO executed: %+v", ins)
	}
}
