package shell

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"guardsh/guard"
)

// TestDescriptorPaths: a redirect to /dev/stdout, /dev/stderr, /dev/fd/N
// or /proc/self/fd/N is the command's own descriptor, not a file to check
// (the checker here flags every other write under /dev and /proc), and a
// path that only looks like one is still checked.
func TestDescriptorPaths(t *testing.T) {
	checker := fakeChecker{rules: []fakeRule{
		{"redirect_unknown", regexp.MustCompile(`^> /(dev|proc)/`), guard.Medium},
		{"disk_write", regexp.MustCompile(`^> /dev/sda`), guard.Blocked},
	}}
	for _, tc := range []struct {
		src, stdout, stderr string
		status              int
	}{
		{src: "echo hi > /dev/stdout", stdout: "hi\n"},
		{src: "echo hi >> /dev/stdout", stdout: "hi\n"},
		{src: "echo hi > /dev/fd/1", stdout: "hi\n"},
		{src: "echo hi > /proc/self/fd/1", stdout: "hi\n"},
		{src: "echo hi > /dev/stderr", stderr: "hi\n"},
		{src: "echo hi > /dev/fd/2", stderr: "hi\n"},
		{src: "{ echo a; echo b > /dev/stdout; } > f; cat f", stdout: "a\nb\n"},
		{src: "echo b 2> f > /dev/stderr; cat f", stdout: "b\n"},
		{src: "echo b > /dev/stderr 2> f; cat f", stderr: "b\n"}, // as bash: the descriptor as it was
		// Not descriptors: checked as files.
		{src: "echo x > /dev/fd/../sda", status: 126, stderr: "refused"},
		{src: "echo x > /dev/fd/01", status: 126, stderr: "refused"},
		{src: "echo x > /proc/1/fd/1", status: 126, stderr: "refused"},
	} {
		t.Run(tc.src, func(t *testing.T) {
			e := newEnv(t, "cat")
			os.Remove(filepath.Join(e.bin, "cat")) // the real cat
			var out, errb strings.Builder
			r, err := New(checker, WithEnv(e.vars), WithDir(e.dir), WithStdio(nil, &out, &errb))
			if err != nil {
				t.Fatal(err)
			}
			st := r.Run(t.Context(), tc.src)
			if st != tc.status || out.String() != tc.stdout || !strings.Contains(errb.String(), tc.stderr) || tc.stderr == "" && errb.Len() > 0 {
				t.Errorf("status %d, stdout %q, stderr %q; want %d, %q, %q", st, out.String(), errb.String(), tc.status, tc.stdout, tc.stderr)
			}
		})
	}
	if n, ok := fdPath("/dev/fd/7"); !ok || n != 7 {
		t.Errorf("fdPath(/dev/fd/7) = %d, %v", n, ok)
	}
}
