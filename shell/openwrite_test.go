package shell

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/sys/unix"

	"guardsh/guard"
)

// swapRace runs n redirects to name in home (relative) while swap runs
// in a loop, with every write to protected refused by the checker, and
// returns how many writes reached harmless and the line's stderr.
func swapRace(t *testing.T, home, name, protected, harmless string, n int, swap func(i int)) (int, string) {
	t.Helper()
	checker := fakeChecker{rules: []fakeRule{
		{"guardsh_self", regexp.MustCompile(regexp.QuoteMeta(protected)), guard.Blocked},
	}}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			swap(i)
		}
	}()
	var out, errb bytes.Buffer
	r, err := New(checker, WithEnv([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + home}), WithDir(home), WithStdio(nil, &out, &errb), WithYes(true))
	if err != nil {
		t.Fatal(err)
	}
	r.Run(context.Background(), `i=0; while [ $i -lt `+strconv.Itoa(n)+` ]; do echo x >> `+name+`; i=$((i+1)); done`)
	close(stop)
	wg.Wait()
	b, _ := os.ReadFile(harmless)
	return strings.Count(string(b), "x"), errb.String()
}

// A link swapped between a harmless file and guardsh's config while the
// line redirects to it many times never gets a write into the config:
// what is opened is what was checked. The same when a directory on the
// way is swapped for a link to guardsh's config directory.
func TestRedirectSymlinkSwapRace(t *testing.T) {
	const n = 3000
	const orig = "block_level = \"medium\"\n"
	t.Run("link to the file", func(t *testing.T) {
		home := t.TempDir()
		cfgDir := filepath.Join(home, ".config", "guardsh")
		os.MkdirAll(cfgDir, 0o755)
		config := filepath.Join(cfgDir, "config.toml")
		os.WriteFile(config, []byte(orig), 0o644)
		harmless := filepath.Join(home, "harmless.txt")
		os.WriteFile(harmless, nil, 0o644)
		link, tmp := filepath.Join(home, "link"), filepath.Join(home, "link.tmp")
		os.Symlink(harmless, link)
		wrote, stderr := swapRace(t, home, "link", config, harmless, n, func(i int) {
			target := harmless
			if i%2 == 0 {
				target = config
			}
			os.Remove(tmp)
			if os.Symlink(target, tmp) == nil {
				os.Rename(tmp, link) // atomic: link always exists
			}
		})
		if b, _ := os.ReadFile(config); string(b) != orig {
			t.Fatalf("the config was written: %q", b)
		}
		if wrote == 0 {
			t.Fatalf("no write reached the harmless file; stderr:\n%s", stderr)
		}
		t.Logf("%d of %d writes reached the harmless file, %d refused", wrote, n, strings.Count(stderr, "refused"))
	})
	t.Run("directory swapped for a link", func(t *testing.T) {
		home := t.TempDir()
		cfgDir := filepath.Join(home, ".config", "guardsh")
		os.MkdirAll(cfgDir, 0o755)
		config := filepath.Join(cfgDir, "config.toml")
		os.WriteFile(config, []byte(orig), 0o644)
		d, real, tmp := filepath.Join(home, "d"), filepath.Join(home, "d.real"), filepath.Join(home, "d.link")
		os.Mkdir(d, 0o755)
		harmless := filepath.Join(d, "config.toml")
		os.WriteFile(harmless, nil, 0o644)
		os.Symlink(cfgDir, tmp)
		_, stderr := swapRace(t, home, "d/config.toml", config, harmless, n, func(i int) {
			// d is the real directory, then a link to the config
			// directory, then the real one again.
			if i%2 == 0 {
				os.Rename(d, real)
				os.Rename(tmp, d)
			} else {
				os.Rename(d, tmp)
				os.Rename(real, d)
			}
		})
		if b, _ := os.ReadFile(config); string(b) != orig {
			t.Fatalf("the config was written: %q", b)
		}
		t.Logf("refused as changed: %d of %d", strings.Count(stderr, "file changed while it was checked"), n)
	})
}

// A write through an ordinary link, a dangling one, a path with .., and
// to an open descriptor (/dev/fd/N, /proc/self/fd/N) goes where it went before.
func TestRedirectOpenTargets(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "target"), nil, 0o644)
	os.Symlink("target", filepath.Join(dir, "rel"))
	os.Symlink(filepath.Join(dir, "new"), filepath.Join(dir, "dangling"))
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	os.Symlink("..", filepath.Join(dir, "sub", "up"))
	outPath := filepath.Join(dir, "stdout.txt")
	outFile, err := os.Create(outPath)
	if err != nil {
		t.Fatal(err)
	}
	defer outFile.Close()
	var errb bytes.Buffer
	r, err := New(testChecker, WithEnv([]string{"PATH=" + os.Getenv("PATH")}), WithDir(dir), WithStdio(nil, outFile, &errb))
	if err != nil {
		t.Fatal(err)
	}
	src := `echo a > rel; echo b >> rel; echo c > dangling; echo d > sub/up/sub/../viadots; echo e > sub/up/target2
echo out1 >> /dev/fd/FD; echo out2 >> /proc/self/fd/FD; echo null > /dev/null`
	src = strings.ReplaceAll(src, "FD", strconv.Itoa(int(outFile.Fd())))
	if st := r.Run(context.Background(), src); st != 0 {
		t.Fatalf("status %d: %s", st, errb.String())
	}
	want := map[string]string{"target": "a\nb\n", "new": "c\n", "viadots": "d\n", "target2": "e\n"}
	for name, w := range want {
		if b, _ := os.ReadFile(filepath.Join(dir, name)); string(b) != w {
			t.Errorf("%s holds %q, want %q", name, b, w)
		}
	}
	if st := r.Run(context.Background(), `echo x > ""`); st != 1 || !strings.Contains(errb.String(), "no such file") {
		t.Errorf("> \"\": status %d, %q", st, errb.String())
	}
	if fi, _ := os.Lstat(filepath.Join(dir, "rel")); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
	if b, _ := os.ReadFile(outPath); string(b) != "out1\nout2\n" {
		t.Errorf("stdout file holds %q", b)
	}
}

// Where the kernel has no openat2, each component is opened without
// following a link: a link anywhere on the path is refused (ELOOP).
func TestOpenEachNoFollow(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "real"), 0o755)
	os.Symlink("real", filepath.Join(dir, "linkdir"))
	os.WriteFile(filepath.Join(dir, "real", "f"), nil, 0o644)
	os.Symlink("f", filepath.Join(dir, "real", "linkfile"))
	tests := []struct {
		path string
		loop bool
	}{
		{"real/f", false},
		{"real/new", false},
		{"linkdir/f", true},
		{"real/linkfile", true},
	}
	for _, tc := range tests {
		fd, err := openEachNoFollow(filepath.Join(dir, tc.path), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if fd >= 0 {
			unix.Close(fd)
		}
		if got := errors.Is(err, unix.ELOOP); got != tc.loop || (!tc.loop && err != nil) {
			t.Errorf("%s: %v, want ELOOP %v", tc.path, err, tc.loop)
		}
	}
}
