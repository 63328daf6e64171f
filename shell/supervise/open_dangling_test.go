package supervise

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// An open with O_CREAT through a dangling symbolic link creates the link's
// target: that is the path checked, at the end of a chain of links.
func TestDanglingTarget(t *testing.T) {
	dir := t.TempDir()
	os.Symlink("/nonexistent/target", filepath.Join(dir, "abs"))
	os.Symlink("rel-next", filepath.Join(dir, "rel"))
	os.Symlink("../gone", filepath.Join(dir, "rel-next"))
	os.WriteFile(filepath.Join(dir, "file"), nil, 0o644)
	os.Symlink("file", filepath.Join(dir, "tofile"))
	fd, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fd)
	real, _ := filepath.EvalSymlinks(dir)
	for _, tc := range []struct {
		base, want string
		ok         bool
	}{
		{"abs", "/nonexistent/target", true},
		{"rel", filepath.Join(filepath.Dir(real), "gone"), true},
		{"file", "", false},
		{"missing", "", false},
	} {
		got, ok := danglingTarget(fd, tc.base)
		if ok != tc.ok || got != tc.want {
			t.Errorf("danglingTarget(%s) = %q, %v; want %q, %v", tc.base, got, ok, tc.want, tc.ok)
		}
	}
}
