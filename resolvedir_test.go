package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestResolveDirAsEvalSymlinks checks resolveDir against
// filepath.EvalSymlinks on a tree with links (absolute, relative, through
// "..", chained, dangling), a file on the way and missing directories,
// each path asked with one cache shared by all, as protectedPaths does.
func TestResolveDirAsEvalSymlinks(t *testing.T) {
	root := t.TempDir()
	mk := func(p string) {
		if err := os.MkdirAll(filepath.Join(root, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ln := func(target, p string) {
		if err := os.Symlink(target, filepath.Join(root, p)); err != nil {
			t.Fatal(err)
		}
	}
	mk("a/b/c")
	mk("x/y")
	ln(filepath.Join(root, "a/b"), "abs")
	ln("a/b", "rel")
	ln("../a", "x/up")
	ln("rel", "chain")
	ln("nowhere", "dangling")
	if err := os.WriteFile(filepath.Join(root, "a/file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	dirs := map[string]string{}
	for _, p := range []string{"", "a", "a/b", "a/b/c", "a/b/c/missing", "missing", "missing/deeper", "abs", "abs/c", "rel/c",
		"x/up", "x/up/b/c", "chain", "chain/c", "dangling", "dangling/x", "a/file", "a/file/x", "x/y", "x/up/../x"} {
		dir := filepath.Clean(filepath.Join(root, p))
		want, _ := filepath.EvalSymlinks(dir)
		if got := resolveDir(dir, dirs); got != want {
			t.Errorf("%s: %q, EvalSymlinks says %q", p, got, want)
		}
	}
	if got, want := resolveDir("/", dirs), "/"; got != want {
		t.Errorf("/: %q, want %q", got, want)
	}
}
