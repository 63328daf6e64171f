package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/sys/unix"
)

// A copy or hard link of a program on PATH is that program; a symbolic
// link in PATH is not indexed (its exec is classified under the file it
// resolves to), and a file changed since is looked at again.
func TestProgramsCopies(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(path, text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(bin, "zap"), "#!/bin/sh\n# zap: a program of its own\n")
	write(filepath.Join(bin, "other"), "#!/bin/sh\n# other: as long as zap!!\n")
	if err := os.Symlink(filepath.Join(dir, "target"), filepath.Join(bin, "alias")); err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(dir, "target"), "#!/bin/sh\n# zap: a program of its own\n")
	write(filepath.Join(dir, "copy"), "#!/bin/sh\n# zap: a program of its own\n")
	write(filepath.Join(dir, "edited"), "#!/bin/sh\n# zap: a program of its owN\n")
	if err := os.Link(filepath.Join(bin, "zap"), filepath.Join(dir, "hard")); err != nil {
		t.Fatal(err)
	}
	p := newPrograms(bin + ":relative/dir")
	for _, c := range []struct {
		file string
		want []string
	}{
		{"copy", []string{"zap"}},
		{"hard", []string{"zap"}},
		{"target", []string{"zap"}}, // a copy too; alias, a link to it, is not a name of zap
		{"edited", nil},
		{"bin/zap", nil}, // itself
		{"bin/other", nil},
		{"missing", nil},
	} {
		got := p.copies(filepath.Join(dir, c.file))
		if !slices.Equal(got, c.want) {
			t.Errorf("copies(%s) = %q, want %q", c.file, got, c.want)
		}
	}
	// Changed since: looked at again.
	write(filepath.Join(dir, "copy"), "#!/bin/sh\n# not zap any more, longer\n")
	if got := p.copies(filepath.Join(dir, "copy")); got != nil {
		t.Errorf("copies of a changed file = %q", got)
	}
}

// Root's files not writable by others in the system's trees are not
// looked at; anything else is.
func TestSystemFile(t *testing.T) {
	for _, c := range []struct {
		path string
		uid  uint32
		mode uint32
		want bool
	}{
		{"/usr/bin/rm", 0, 0o755, true},
		{"/usr/libexec/gcc/x86_64-linux-gnu/13/cc1", 0, 0o755, true},
		{"/bin/sh", 0, 0o755, true},
		{"/usr/bin/rm", 1000, 0o755, false},
		{"/usr/bin/rm", 0, 0o775, false},
		{"/usr/local/bin/x", 0, 0o757, false},
		{"/home/me/bin/rm", 0, 0o755, false},
		{"/tmp/x", 0, 0o755, false},
		{"/usrx/bin/rm", 0, 0o755, false},
	} {
		st := unix.Stat_t{Uid: c.uid, Mode: unix.S_IFREG | c.mode}
		if got := systemFile(c.path, &st); got != c.want {
			t.Errorf("systemFile(%s, uid %d, %#o) = %v, want %v", c.path, c.uid, c.mode, got, c.want)
		}
	}
}
