package supervise

import (
	"os"
	"path/filepath"
	"testing"
)

// TestDotDot: a ".." after a link goes up from the link's target, as the
// kernel resolves it; a path without one, or whose links cannot be
// resolved, is cleaned lexically.
func TestDotDot(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir+"/a/b", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dir+"/a/b", dir+"/l"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ in, want string }{
		{dir + "/l/../x", dir + "/a/x"},
		{dir + "/l/../../y", dir + "/y"},
		{dir + "/l/..", dir + "/a"},
		{dir + "/l/x/../z", dir + "/l/z"}, // l/x is not there: the call fails anyway
		{dir + "/a/b/../c", dir + "/a/c"},
		{dir + "/l/x", dir + "/l/x"}, // no "..": the link is left as written
		{dir + "/l/./w/", dir + "/l/w"},
		{dir + "/l/..x", dir + "/l/..x"},
		{dir + "/..l/f", dir + "/..l/f"},
	} {
		if got := dotDot(tc.in, os.Getpid()); got != tc.want {
			t.Errorf("dotDot(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
