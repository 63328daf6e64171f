package main

// TestConformance runs every harmless everyday script of
// testdata/conformance/*.txtar by `bash -c` and by `guardsh -c`, with no
// terminal, and compares stdout and exit status: once with the default
// executor (real bash under the supervisor), where nothing may differ,
// and once with executor = "interpreter", guardsh's fallback. None may be
// refused; a difference that comes from mvdan.cc/sh's interpreter is
// listed, with its reason, in testdata/conformance/known-differences.txt,
// and a listed one that no longer differs there fails too, so that the
// list stays true.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"
)

const conformanceDir = "testdata/conformance"

// conformanceScript is one script of the conformance archives.
type conformanceScript struct{ name, code string }

func loadConformance(t *testing.T) []conformanceScript {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(conformanceDir, "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no conformance archives in %s: %v", conformanceDir, err)
	}
	seen := map[string]bool{}
	var out []conformanceScript
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range a.Files {
			if seen[s.Name] {
				t.Fatalf("%s: script %s twice", f, s.Name)
			}
			seen[s.Name] = true
			out = append(out, conformanceScript{s.Name, string(s.Data)})
		}
	}
	return out
}

// loadKnownDifferences reads NAME: REASON lines; # starts a comment.
func loadKnownDifferences(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join(conformanceDir, "known-differences.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	known := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		name, reason, ok := strings.Cut(l, ":")
		if !ok || strings.TrimSpace(reason) == "" {
			t.Fatalf("known-differences.txt: %q has no reason", l)
		}
		known[strings.TrimSpace(name)] = strings.TrimSpace(reason)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return known
}

// conformanceResult is what one shell did with a script.
type conformanceResult struct {
	stdout, stderr string
	status         int
}

func runConformance(t *testing.T, shell, code, root, config string) conformanceResult {
	t.Helper()
	dir := filepath.Join(root, "cwd")
	tmp := filepath.Join(root, "tmp")
	conf := filepath.Join(root, "home", ".config", "guardsh")
	for _, d := range []string{dir, tmp, conf} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if config != "" {
		if err := os.WriteFile(filepath.Join(conf, "config.toml"), []byte(config), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, shell, "-c", code)
	cmd.Dir = dir
	home := filepath.Join(root, "home")
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".state"),
		"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"),
		"XDG_DATA_HOME=" + filepath.Join(home, ".data"),
		"TMPDIR=" + tmp,
		"LC_ALL=C",
		"NO_COLOR=1",
		"TERM=dumb",
		"GORACE=" + os.Getenv("GORACE"), // as the test's own (.ci/run)
		// As on a machine without the supervisor, when the test is.
		"GUARDSH_TEST_NO_SUPERVISOR=" + os.Getenv("GUARDSH_TEST_NO_SUPERVISOR"),
	}
	// No terminal: stdin is /dev/null and a new session has no
	// controlling tty, so guardsh cannot ask on /dev/tty.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	cmd.WaitDelay = 5 * time.Second
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	res := conformanceResult{stdout: out.String(), stderr: errb.String()}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		res.status = ee.ExitCode()
	default:
		t.Fatalf("%s: %v", shell, err)
	}
	if ctx.Err() != nil {
		t.Fatalf("%s: timed out", shell)
	}
	return res
}

func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: runs every conformance script twice")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is missing: nothing to compare with")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	guardsh := filepath.Join(bin, "guardsh")
	if err := os.Symlink(self, guardsh); err != nil {
		t.Fatal(err)
	}
	scripts := loadConformance(t)
	if len(scripts) < 300 {
		t.Errorf("%d conformance scripts, want at least 300", len(scripts))
	}
	known := loadKnownDifferences(t)
	names := map[string]bool{}
	for _, s := range scripts {
		names[s.name] = true
	}
	var stale []string
	for n := range known {
		if !names[n] {
			stale = append(stale, n)
		}
	}
	sort.Strings(stale)
	for _, n := range stale {
		t.Errorf("known-differences.txt lists %s, which is no script", n)
	}
	doc, err := os.ReadFile("docs/conformance.md")
	if err != nil {
		t.Fatal(err)
	}
	for n := range known {
		if !strings.Contains(string(doc), "| `"+n+"` |") {
			t.Errorf("docs/conformance.md does not list the known difference %s", n)
		}
	}
	// Where the supervisor cannot run, the default is the interpreter too.
	supervised := available().OK
	for _, s := range scripts {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			want := runConformance(t, bash, s.code, t.TempDir(), "")
			for _, mode := range []struct{ name, config string }{
				{"default", ""},
				{"interpreter", "executor = \"interpreter\"\n"},
			} {
				got := runConformance(t, guardsh, s.code, t.TempDir(), mode.config)
				if strings.Contains(got.stderr, "guardsh: refused") {
					// Refused as a whole (status 126) or a command of it
					// at run time (the script goes on, the command did
					// not run).
					t.Fatalf("%s: refused:\n%s", mode.name, got.stderr)
				}
				differs := got.status != want.status || got.stdout != want.stdout
				reason, listed := known[s.name]
				interp := mode.config != "" || !supervised
				switch {
				case differs && !interp:
					t.Errorf("%s: differs from bash, which runs it:\nbash:    status %d, stdout %q\nguardsh: status %d, stdout %q\nguardsh stderr: %s",
						mode.name, want.status, want.stdout, got.status, got.stdout, got.stderr)
				case differs && !listed:
					t.Errorf("%s: differs from bash (list it in known-differences.txt only if mvdan.cc/sh's interpreter is the cause):\nbash:    status %d, stdout %q\nguardsh: status %d, stdout %q\nguardsh stderr: %s",
						mode.name, want.status, want.stdout, got.status, got.stdout, got.stderr)
				case !differs && listed && interp:
					t.Errorf("%s: listed in known-differences.txt (%s) but behaves as bash: drop it from the list", mode.name, reason)
				}
			}
		})
	}
}
