package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The tests of install.sh install only into a temporary PREFIX and
// register only in a temporary shells file (GUARDSH_SHELLS_FILE): they
// never touch /usr/local or /etc/shells.

// installEnv returns the environment for install.sh: HOME and the XDG
// directories in dir, the Go caches of the real environment (so the build
// reuses them), and extra, which wins.
func installEnv(t *testing.T, dir string, extra ...string) []string {
	t.Helper()
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "PREFIX", "GUARDSH_SHELLS_FILE", "GUARDSH_PASSWD_FILE", "GUARDSH_FORCE_UNINSTALL", "HOME",
			"XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME":
			continue
		}
		env = append(env, kv)
	}
	if goBin, err := exec.LookPath("go"); err == nil {
		out, err := exec.Command(goBin, "env", "GOCACHE", "GOMODCACHE", "GOPATH").Output()
		if err == nil {
			if vs := strings.Split(strings.TrimSpace(string(out)), "\n"); len(vs) == 3 {
				env = append(env, "GOCACHE="+vs[0], "GOMODCACHE="+vs[1], "GOPATH="+vs[2])
			}
		}
	}
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	env = append(env, "HOME="+home,
		"XDG_CONFIG_HOME="+filepath.Join(dir, ".config"),
		"XDG_STATE_HOME="+filepath.Join(dir, ".state"),
		"XDG_CACHE_HOME="+filepath.Join(dir, ".cache"),
		"XDG_DATA_HOME="+filepath.Join(dir, ".data"))
	return append(env, extra...)
}

// runInstall runs ./install.sh with args and env; it returns the combined
// output and the exit status.
func runInstall(t *testing.T, env []string, args ...string) (string, int) {
	t.Helper()
	script, err := filepath.Abs("install.sh")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(script, args...)
	cmd.Env = env
	cmd.Dir = t.TempDir()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return out.String(), ee.ExitCode()
	}
	if err != nil {
		t.Fatalf("install.sh %v: %v", args, err)
	}
	return out.String(), 0
}

func needInstallTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s on PATH: %v", tool, err)
		}
	}
}

// TestInstallScript installs, registers, reinstalls and uninstalls guardsh
// in a temporary PREFIX and shells file.
func TestInstallScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds guardsh: skipped in -short mode")
	}
	needInstallTools(t, "go", "bash")
	dir := t.TempDir()
	prefix := filepath.Join(dir, "prefix")
	shells := filepath.Join(dir, "shells")
	if err := os.WriteFile(shells, []byte("# /etc/shells: valid login shells\n/bin/sh\n/bin/bash"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := installEnv(t, dir, "PREFIX="+prefix, "GUARDSH_SHELLS_FILE="+shells)
	bin := filepath.Join(prefix, "bin", "guardsh")

	// Install twice: the second run changes nothing but the binary.
	for i := range 2 {
		out, code := runInstall(t, env, "--register-shell")
		if code != 0 {
			t.Fatalf("install %d: exit %d\n%s", i+1, code, out)
		}
		if !strings.Contains(out, "installed "+bin) {
			t.Errorf("install %d: output does not say where it installed:\n%s", i+1, out)
		}
		fi, err := os.Stat(bin)
		if err != nil {
			t.Fatalf("install %d: %v", i+1, err)
		}
		if fi.Mode().Perm()&0o111 == 0 {
			t.Errorf("install %d: %s is not executable: %v", i+1, bin, fi.Mode())
		}
		data, _ := os.ReadFile(shells)
		want := "# /etc/shells: valid login shells\n/bin/sh\n/bin/bash\n" + bin + "\n"
		if string(data) != want {
			t.Errorf("install %d: shells file:\n%s\nwant:\n%s", i+1, data, want)
		}
	}
	leftovers, _ := filepath.Glob(filepath.Join(prefix, "bin", ".guardsh.*"))
	if len(leftovers) > 0 {
		t.Errorf("temporary files left behind: %v", leftovers)
	}

	// The installed binary works; --check runs nothing.
	cmd := exec.Command(bin, "--version")
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil || !strings.HasPrefix(string(out), "guardsh ") {
		t.Errorf("guardsh --version: %v: %s", err, out)
	}
	cmd = exec.Command(bin, "--check", "--json", "rm -rf /")
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), `"level":"blocked"`) {
		t.Errorf("guardsh --check --json 'rm -rf /': %v: %s", err, out)
	}

	// Uninstall refuses while guardsh is someone's login shell.
	passwd := filepath.Join(dir, "passwd")
	if err := os.WriteFile(passwd, []byte("root:x:0:0:root:/root:/bin/bash\nalice:x:1000:1000::/home/alice:"+bin+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, code := runInstall(t, append(env, "GUARDSH_PASSWD_FILE="+passwd), "--uninstall")
	if code == 0 || !strings.Contains(out, "login shell of: alice") {
		t.Errorf("uninstall with a user logging in to guardsh: exit %d, output:\n%s", code, out)
	}
	if _, err := os.Stat(bin); err != nil {
		t.Errorf("refused uninstall removed %s: %v", bin, err)
	}

	// Uninstall twice: the second run finds nothing to remove.
	env = append(env, "GUARDSH_PASSWD_FILE="+filepath.Join(dir, "no-passwd-entries"))
	if err := os.WriteFile(filepath.Join(dir, "no-passwd-entries"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		out, code := runInstall(t, env, "--uninstall")
		if code != 0 {
			t.Fatalf("uninstall %d: exit %d\n%s", i+1, code, out)
		}
		if _, err := os.Lstat(bin); !os.IsNotExist(err) {
			t.Errorf("uninstall %d: %s still there (%v)", i+1, bin, err)
		}
		data, _ := os.ReadFile(shells)
		if want := "# /etc/shells: valid login shells\n/bin/sh\n/bin/bash\n"; string(data) != want {
			t.Errorf("uninstall %d: shells file:\n%s\nwant:\n%s", i+1, data, want)
		}
	}
}

// TestInstallScriptGoMissing checks the messages for a missing or old Go,
// with a PATH holding bash and the few tools the script needs first.
func TestInstallScriptGoMissing(t *testing.T) {
	needInstallTools(t, "bash", "env", "dirname", "awk")
	for _, c := range []struct {
		name, fakeGo, want string
	}{
		{"missing", "", "Go is not installed"},
		{"old", "echo go1.1.0", "Go 1.1.0 is too old"},
		{"old minor", "echo go1.2", "Go 1.2 is too old"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			bin := filepath.Join(dir, "bin")
			if err := os.Mkdir(bin, 0o755); err != nil {
				t.Fatal(err)
			}
			for _, tool := range []string{"bash", "dirname", "awk"} {
				p, _ := exec.LookPath(tool)
				if err := os.Symlink(p, filepath.Join(bin, tool)); err != nil {
					t.Fatal(err)
				}
			}
			if c.fakeGo != "" {
				bash, _ := exec.LookPath("bash")
				fake := "#!" + bash + "\n" + c.fakeGo + "\n"
				if err := os.WriteFile(filepath.Join(bin, "go"), []byte(fake), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			prefix := filepath.Join(dir, "prefix")
			env := installEnv(t, dir, "PATH="+bin, "PREFIX="+prefix)
			out, code := runInstall(t, env)
			if code == 0 || !strings.Contains(out, c.want) || !strings.Contains(out, "go.dev/doc/install") {
				t.Errorf("exit %d, output:\n%s\nwant a failure saying %q", code, out, c.want)
			}
			if _, err := os.Stat(prefix); !os.IsNotExist(err) {
				t.Errorf("%s was created (%v)", prefix, err)
			}
		})
	}
}

// TestInstallScriptUsage checks bad arguments and --help.
func TestInstallScriptUsage(t *testing.T) {
	needInstallTools(t, "bash")
	dir := t.TempDir()
	env := installEnv(t, dir, "PREFIX="+filepath.Join(dir, "prefix"))
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--help"}, 0, "usage: ./install.sh"},
		{[]string{"--bogus"}, 1, "unknown argument: --bogus"},
		{[]string{"--register-shell", "--uninstall"}, 1, "do not go together"},
		{[]string{"--prefix"}, 1, "--prefix needs a directory"},
	} {
		out, code := runInstall(t, env, c.args...)
		if code != c.code || !strings.Contains(out, c.want) {
			t.Errorf("install.sh %v: exit %d, output:\n%s\nwant exit %d and %q", c.args, code, out, c.code, c.want)
		}
	}
}
