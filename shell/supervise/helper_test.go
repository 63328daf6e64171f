package supervise

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The helper of its own is testdata/helper.S assembled.
func TestHelperCodeMatchesSource(t *testing.T) {
	as, err1 := exec.LookPath("as")
	objcopy, err2 := exec.LookPath("objcopy")
	if err1 != nil || err2 != nil {
		t.Skip("as or objcopy is not installed")
	}
	dir := t.TempDir()
	obj, bin := filepath.Join(dir, "helper.o"), filepath.Join(dir, "helper.bin")
	if out, err := exec.Command(as, "--64", "-o", obj, "testdata/helper.S").CombinedOutput(); err != nil {
		t.Fatalf("as: %v\n%s", err, out)
	}
	if out, err := exec.Command(objcopy, "-O", "binary", "-j", ".text", obj, bin).CombinedOutput(); err != nil {
		t.Fatalf("objcopy: %v\n%s", err, out)
	}
	code, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(code, helperCode) {
		t.Errorf("helperCode (%d bytes) differs from testdata/helper.S assembled (%d bytes)", len(helperCode), len(code))
	}
}

// Both helpers put the target under the filter, hand it exactly its
// argv and environment and no descriptor of their own.
func TestHelpers(t *testing.T) {
	requireSupervisor(t)
	mk := func() *exec.Cmd {
		cmd := exec.Command("/bin/bash", "-c", `grep ^Seccomp: /proc/$$/status; ls /proc/$$/fd; echo "$0 $1 $MARK"`, "zero", "one")
		cmd.Env = []string{"MARK=env", "PATH=/usr/bin:/bin"}
		return cmd
	}
	// What the plain run prints, but for the filter's mode: descriptors
	// this process has without close-on-exec are inherited either way.
	plain, err := mk().Output()
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(string(plain), "Seccomp:\t0", "Seccomp:\t2", 1)
	for _, goHelper := range []bool{false, true} {
		name := map[bool]string{false: "own", true: "go"}[goHelper]
		t.Run(name, func(t *testing.T) {
			r := &recorder{}
			cmd := mk()
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			sup, err := startWith(cmd, Config{Decider: r}, false, goHelper)
			if err != nil {
				t.Fatal(err)
			}
			werr := cmd.Wait()
			sup.Close()
			if werr != nil {
				t.Fatalf("%v\n%s", werr, out.String())
			}
			if out.String() != want {
				t.Errorf("output %q, want %q (the filter's mode 2, no descriptor of the helper's)", out.String(), want)
			}
			if len(r.events) == 0 || !r.events[0].Initial || r.events[0].Path != "/bin/bash" {
				t.Fatalf("the first event should be the initial exec of bash: %+v", r.events)
			}
			if ev := r.events[0]; len(ev.Argv) != 5 || ev.Argv[0] != "/bin/bash" || len(ev.Env) != 2 {
				t.Errorf("initial exec: argv %q env %q", ev.Argv, ev.Env)
			}
		})
	}
	if useGoHelper() {
		t.Errorf("the helper of its own could not be executed here, and the Go helper took over")
	}
}

// A target that cannot be executed: 127, nothing ran.
func TestHelperTargetMissing(t *testing.T) {
	requireSupervisor(t)
	cmd := exec.Command("/bin/true")
	cmd.Path = filepath.Join(t.TempDir(), "missing")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	sup, err := Start(cmd, Config{Decider: &recorder{}})
	if err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	sup.Close()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 127 {
		t.Errorf("status %v, want 127\n%s", err, out.String())
	}
}
