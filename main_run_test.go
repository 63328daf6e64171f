package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
)

// sandbox is a Go test's directory with fakes first on PATH and HOME and
// XDG_* inside it, as the scripts' Setup makes.
type sandbox struct {
	t   *testing.T
	dir string
	env []string
}

func newSandbox(t *testing.T, fakes ...string) *sandbox {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	self, err := fakeBinary()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fakes {
		if err := os.Symlink(self, filepath.Join(bin, f)); err != nil {
			t.Fatal(err)
		}
	}
	path := bin + ":" + os.Getenv("PATH")
	for _, f := range fakes {
		if p, err := lookIn(path, f); err != nil || p != filepath.Join(bin, f) {
			t.Fatalf("fake %s is not first on PATH (%q, %v)", f, p, err)
		}
	}
	if _, err := lookIn(path, "guardsh"); err != nil {
		t.Fatalf("guardsh is not on PATH: %v", err)
	}
	env := []string{"PATH=" + path, "HOME=" + dir, "FAKE_LOG=" + filepath.Join(dir, "calls.log"), "NO_COLOR=1", "TERM=xterm"}
	if v := os.Getenv("GUARDSH_TEST_NO_SUPERVISOR"); v != "" {
		env = append(env, "GUARDSH_TEST_NO_SUPERVISOR="+v) // as on a machine without it
	}
	for _, x := range []string{"XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"} {
		env = append(env, x+"="+filepath.Join(dir, "."+strings.ToLower(x)))
	}
	return &sandbox{t: t, dir: dir, env: env}
}

func lookIn(path, name string) (string, error) {
	for _, d := range filepath.SplitList(path) {
		p := filepath.Join(d, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", exec.ErrNotFound
}

// withoutFallback is stderr without the line a guardsh says once where
// the supervisor cannot run (GUARDSH_TEST_NO_SUPERVISOR).
func withoutFallback(stderr string) string {
	var b strings.Builder
	for line := range strings.Lines(stderr) {
		if !strings.Contains(line, "the supervisor cannot run here") {
			b.WriteString(line)
		}
	}
	return b.String()
}

// config writes the sandbox's guardsh config.
func (s *sandbox) config(toml string) {
	s.t.Helper()
	dir := filepath.Join(s.dir, ".xdg_config_home", "guardsh")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		s.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(toml+"\n"), 0o644); err != nil {
		s.t.Fatal(err)
	}
}

func (s *sandbox) calls() string {
	b, _ := os.ReadFile(filepath.Join(s.dir, "calls.log"))
	return string(b)
}

func (s *sandbox) command(args ...string) *exec.Cmd {
	cmd := exec.Command("guardsh", args...)
	cmd.Env = s.env
	cmd.Dir = s.dir
	p, err := lookIn(strings.TrimPrefix(s.env[0], "PATH="), "guardsh")
	if err != nil {
		s.t.Fatal(err)
	}
	cmd.Path = p
	return cmd
}

func exitStatus(err error) int {
	if err == nil {
		return 0
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	return -1
}

// ttySession runs guardsh with a controlling pseudo-terminal that is not
// its stdin (as an agent's `guardsh -c` in a terminal), answering each
// question with the next of answers once it is shown. Keys typed before a
// question are discarded by the prompt, so each answer waits for it.
func (s *sandbox) ttySession(answers []string, args ...string) (status int, stdout, stderr, screen string) {
	s.t.Helper()
	master, slave, err := pty.Open()
	if err != nil {
		s.t.Skipf("no pty: %v", err)
	}
	defer master.Close()
	cmd := s.command(args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.ExtraFiles = []*os.File{slave}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 3}
	if err := cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	slave.Close()
	screenc := ptyOutput(master)
	var seen strings.Builder
	consumed := 0
	deadline := time.After(10 * time.Second)
	for _, a := range answers {
		want := "[y/N/e"
		switch {
		case strings.HasPrefix(a, "edit:"):
			want, a = "edit>", strings.TrimPrefix(a, "edit:")
		case strings.HasPrefix(a, "blocked:"):
			want, a = "[e/N]", strings.TrimPrefix(a, "blocked:")
		case strings.HasPrefix(a, "bell:"):
			want, a = "\a", strings.TrimPrefix(a, "bell:")
		}
		for !strings.Contains(seen.String()[consumed:], want) {
			select {
			case c, ok := <-screenc:
				if !ok {
					s.t.Fatalf("terminal closed before %q; screen %q stderr %q", want, seen.String(), errb.String())
				}
				seen.WriteString(c)
			case <-deadline:
				cmd.Process.Kill()
				s.t.Fatalf("no %q on the terminal: %q", want, seen.String())
			}
		}
		consumed = strings.Index(seen.String()[consumed:], want) + consumed + len(want)
		time.Sleep(20 * time.Millisecond)
		master.Write([]byte(a))
	}
	werr := cmd.Wait()
	for c := range screenc {
		seen.WriteString(c)
	}
	return exitStatus(werr), out.String(), errb.String(), seen.String()
}

func TestPromptAtTerminal(t *testing.T) {
	tests := []struct {
		name    string
		line    string
		answers []string
		status  int
		calls   string
		stdout  string
		screen  string
	}{
		{"yes", "rm x", []string{"y"}, 0, "rm x\n", "", "rm x"},
		{"no", "rm x", []string{"n"}, 126, "", "", "medium"},
		{"enter takes the default no", "rm x", []string{"\r"}, 126, "", "", ""},
		{"ctrl-c is no", "rm x", []string{"\x03"}, 126, "", "", ""},
		{"blocked: y does not run it", "rm -rf /", []string{"blocked:y", "bell:n"}, 126, "", "", "blocked"},
		{"edit classifies again", "rm -rf /", []string{"blocked:e", "edit:\x15outfake edited\r"}, 0, "outfake edited\n", "edited\n", ""},
		{"edit to another medium line asks again", "rm x", []string{"e", "edit:\x15rm y\r", "y"}, 0, "rm y\n", "", ""},
		// A file the static check reads is asked about before the line
		// runs; one whose name is only known as it runs, as it is sourced.
		{"sourced: asked before", "source ./medium.sh; echo status $?", []string{"y"}, 0, "rm file\n", "status 0\n", "(in: rm file)"},
		{"sourced: no", "source ./medium.sh; echo status $?", []string{"n"}, 126, "", "", "(in: rm file)"},
		{"run time: asked again", `source "$(< name.txt)"; echo status $?`, []string{"y"}, 0, "rm file\n", "status 0\n", `["rm" "file"]`},
		{"run time: no", `source "$(< name.txt)"; echo status $?`, []string{"n"}, 0, "", "status 126\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSandbox(t, "rm", "outfake")
			os.WriteFile(filepath.Join(s.dir, "medium.sh"), []byte("rm file\n"), 0o644)
			os.WriteFile(filepath.Join(s.dir, "name.txt"), []byte("./medium.sh\n"), 0o644)
			status, stdout, stderr, screen := s.ttySession(tt.answers, "-c", tt.line)
			if status != tt.status || s.calls() != tt.calls || stdout != tt.stdout || !strings.Contains(screen, tt.screen) {
				t.Errorf("%q: got %d calls %q stdout %q stderr %q screen %q; want %d calls %q stdout %q screen ~%q",
					tt.line, status, s.calls(), stdout, stderr, screen, tt.status, tt.calls, tt.stdout, tt.screen)
			}
			if tt.status == 126 && !strings.Contains(stderr, "guardsh: refused (") {
				t.Errorf("%q: no refusal line: %q", tt.line, stderr)
			}
		})
	}
}

// SIGINT, SIGTERM and SIGHUP reach the running command (bash and every
// process under it), and guardsh exits 128+n, running nothing after it. A
// program that catches SIGINT and exits (waitfake) is taken by bash to
// have handled it: the line goes on, as under bash -c.
func TestSignals(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			s := newSandbox(t, "waitfake", "outfake")
			cmd := s.command("-c", "waitfake; outfake after")
			var errb bytes.Buffer
			cmd.Stderr = &errb
			// Its own process group: the signal reaches guardsh only, as
			// from kill(1) or a supervisor, and guardsh must pass it on.
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			ready := filepath.Join(s.dir, "calls.log.ready")
			for i := 0; ; i++ {
				if _, err := os.Stat(ready); err == nil {
					break
				}
				if i > 1000 {
					cmd.Process.Kill()
					t.Fatal("the fake did not start")
				}
				time.Sleep(10 * time.Millisecond)
			}
			cmd.Process.Signal(sig)
			status, wantStatus := exitStatus(cmd.Wait()), 128+int(sig)
			want := "waitfake\nwaitfake got " + map[syscall.Signal]string{syscall.SIGINT: "SIGINT", syscall.SIGTERM: "SIGTERM", syscall.SIGHUP: "SIGHUP"}[sig] + "\n"
			if sig == syscall.SIGINT && available().OK {
				// In guardsh's interpreter the line stops.
				wantStatus, want = 0, want+"outfake after\n"
			}
			if status != wantStatus {
				t.Errorf("status %d, want %d (stderr %q)", status, wantStatus, errb.String())
			}
			if s.calls() != want {
				t.Errorf("calls %q, want %q", s.calls(), want)
			}
		})
	}
}

// A signal guardsh was started with ignored (nohup, a background job of a
// script) stays ignored for the programs it runs, as in bash.
func TestIgnoredSignalsStayIgnored(t *testing.T) {
	s := newSandbox(t, "ignsig", "sigignfake")
	guardsh := s.command().Path
	cmd := exec.Command(filepath.Join(s.dir, "bin", "ignsig"), guardsh, "-c", "sigignfake")
	cmd.Env, cmd.Dir = s.env, s.dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if want := "ignsig " + guardsh + " -c sigignfake\nsigignfake\nsigignfake ignores SIGINT SIGHUP\n"; s.calls() != want {
		t.Errorf("calls %q, want %q", s.calls(), want)
	}

	// Not ignored, they reach the program with their default action.
	s = newSandbox(t, "sigignfake")
	if out, err := s.command("-c", "sigignfake").CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if want := "sigignfake\nsigignfake ignores\n"; s.calls() != want {
		t.Errorf("calls %q, want %q", s.calls(), want)
	}
}
