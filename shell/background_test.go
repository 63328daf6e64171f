package shell

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// An asynchronous command reads /dev/null, not the shell's input, unless
// it redirects its input itself (as bash without job control).
func TestBackgroundStdin(t *testing.T) {
	tests := []struct {
		src, want string
	}{
		{"cat & wait", ""},
		{"{ cat; echo end; } & wait", "end\n"},
		{"cat | tr a-z A-Z & wait", ""},
		{"(cat) & wait", ""},
		{"cat < f & wait", "from-f\n"},
		{"cat 0< f & wait", "from-f\n"},
		{"cat <<< here & wait", "here\n"},
		{"{ cat; } < f & wait", "from-f\n"},
		{"eval 'cat & wait'", ""},
		{"eval 'cat < f & wait'", "from-f\n"},
		{"builtin eval 'cat &' wait", ""},
		{"f() { cat; }; f & wait", ""},
		// The foreground is untouched.
		{"cat", "from-stdin\n"},
		{"cat & wait; cat", "from-stdin\n"},
		{"true & cat", "from-stdin\n"},
		{"eval cat", "from-stdin\n"},
		{"eval 'echo a&&cat'", "a\nfrom-stdin\n"},
	}
	for _, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "f"), []byte("from-f\n"), 0o644)
			in := filepath.Join(dir, "in")
			os.WriteFile(in, []byte("from-stdin\n"), 0o644)
			stdin, err := os.Open(in)
			if err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			// Files, not buffers: a background program and the
			// foreground write at once.
			out, err := os.Create(filepath.Join(dir, "out"))
			if err != nil {
				t.Fatal(err)
			}
			defer out.Close()
			r, err := New(testChecker, WithEnv([]string{"PATH=" + os.Getenv("PATH")}), WithDir(dir), WithStdio(stdin, out, out), WithYes(true))
			if err != nil {
				t.Fatal(err)
			}
			st := r.Run(context.Background(), tc.src)
			got, _ := os.ReadFile(out.Name())
			if st != 0 || string(got) != tc.want {
				t.Fatalf("status %d, output %q, want %q", st, got, tc.want)
			}
		})
	}
}
