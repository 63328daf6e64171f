package shell

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"guardsh/guard"
)

// TestClobberRedirect: `>|` writes as `>` does (the interpreter has no
// noclobber), and is checked as the write it is.
func TestClobberRedirect(t *testing.T) {
	dir := t.TempDir()
	g, err := guard.New()
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	r, err := New(g, WithDir(dir), WithStdio(nil, nil, &errb), WithEnv([]string{"HOME=" + dir}))
	if err != nil {
		t.Fatal(err)
	}
	if st := r.Run(context.Background(), "echo hi >| out"); st != 0 {
		t.Fatalf("status %d: %s", st, errb.String())
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "out")); string(b) != "hi\n" {
		t.Errorf("out = %q", b)
	}
}
