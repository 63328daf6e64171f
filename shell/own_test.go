package shell

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestOwnPaths: the runner records what the running line made (a
// redirect's new file, touch's and mkdir's new operands, mktemp's name),
// not what was there before, and forgets it when the next line starts.
func TestOwnPaths(t *testing.T) {
	e := newEnv(t)
	e.write("old", "keep\n", 0o644)
	r, err := New(testChecker, WithEnv(e.vars), WithDir(e.dir), WithStdio(nil, nil, nil))
	if err != nil {
		t.Fatal(err)
	}
	src := `echo x > new; echo y > old; touch t old; mkdir -p d/e; t=$(mktemp ./m.XXXX); echo "$t" > name`
	if st := r.Run(context.Background(), src); st != 0 {
		t.Fatalf("status %d", st)
	}
	name, _ := os.ReadFile(filepath.Join(e.dir, "name"))
	made := filepath.Join(e.dir, filepath.Base(string(name[:len(name)-1])))
	for p, want := range map[string]bool{
		"new": true, "t": true, "d": true, "d/e/f": true, made: true, "name": true,
		"old": false, "": false, "..": false,
	} {
		if !filepath.IsAbs(p) {
			p = filepath.Join(e.dir, p)
		}
		if got := r.own.has(p); got != want {
			t.Errorf("own(%s) = %v, want %v", p, got, want)
		}
	}
	// Replaced by a link, or with a link inside: no longer the line's own.
	newf := filepath.Join(e.dir, "new")
	os.Remove(newf)
	if err := os.Symlink("/etc/passwd", newf); err != nil {
		t.Fatal(err)
	}
	if r.own.has(newf) {
		t.Error("a link put in place of a file the line made is still its own")
	}
	if err := os.Symlink("/", filepath.Join(e.dir, "d", "e", "up")); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"d/e/up", "d/e/up/etc"} {
		if r.own.has(filepath.Join(e.dir, p)) {
			t.Errorf("own(%s) through a link", p)
		}
	}
	if !r.own.has(filepath.Join(e.dir, "d", "e", "g")) {
		t.Error("a new file in the line's directory is not its own")
	}
	r.Run(context.Background(), "true")
	if r.own.has(filepath.Join(e.dir, "new")) {
		t.Error("the next line still owns what the last one made")
	}
}
