package supervise

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// forbidSeccompThenProbe does what a container's runtime does: it installs
// a filter, on every thread, that makes seccomp() fail with EPERM, then
// prints what Available says.
func forbidSeccompThenProbe() int {
	runtime.LockOSThread()
	a := &asm{labels: map[string]int{}}
	a.stmt(ldAbs, offNr)
	a.jump(jeq, unix.SYS_SECCOMP, "eperm", "")
	a.stmt(ret, retAllow)
	a.label("eperm")
	a.stmt(ret, retErrno|uint32(unix.EPERM))
	prog, err := a.resolve()
	if err != nil {
		fmt.Println(err)
		return 1
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		fmt.Println(err)
		return 1
	}
	fprog := unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	if _, _, e := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, unix.SECCOMP_FILTER_FLAG_TSYNC, uintptr(unsafe.Pointer(&fprog))); e != 0 {
		fmt.Println("installing the container's filter:", e)
		return 1
	}
	av := Available()
	fmt.Printf("ok=%v reason=%s\n", av.OK, av.Reason)
	return 0
}

// A container whose filter forbids seccomp(): Available says so, with the
// reason, rather than failing later.
func TestAvailableInAContainerForbiddingSeccomp(t *testing.T) {
	requireSupervisor(t)
	exe, _ := os.Executable()
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "SUPERVISE_TEST_MODE=container")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if !strings.Contains(string(out), "ok=false reason=seccomp user notification unavailable: operation not permitted") {
		t.Errorf("Available in a container forbidding seccomp: %s", out)
	}
}

// superviseThenWait is a supervisor in a process of its own: it starts
// the target described by SUPERVISE_TEST_DO under supervision, with its
// output to $SUPERVISE_TEST_OUT, and waits to be killed.
func superviseThenWait() int {
	out, err := os.Create(os.Getenv("SUPERVISE_TEST_OUT"))
	if err != nil {
		fmt.Println(err)
		return 1
	}
	exe, _ := os.Executable()
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "SUPERVISE_TEST_MODE=")
	cmd.Stdout, cmd.Stderr = out, out
	if _, err := Start(cmd, Config{Decider: DeciderFunc(func(*Event) Verdict { return Allow })}); err != nil {
		fmt.Println(err)
		return 1
	}
	fmt.Println("supervising")
	time.Sleep(time.Minute)
	return 0
}

// When the supervisor's process dies (SIGKILL: nothing of it runs), the
// kernel closes the listener, and every call the filter reports fails
// with ENOSYS in the orphaned tree.
func TestSupervisorKilledFailsClosed(t *testing.T) {
	requireSupervisor(t)
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	os.WriteFile(victim, nil, 0o644)
	gate := filepath.Join(dir, "gate")
	outPath := filepath.Join(dir, "out")
	exe, _ := os.Executable()
	sup := exec.Command(exe)
	sup.Env = append(os.Environ(), "SUPERVISE_TEST_MODE=supervisor", "SUPERVISE_TEST_OUT="+outPath,
		"SUPERVISE_TEST_DO="+strings.Join([]string{"ready", "wait " + gate, "unlink " + victim, "open-w " + victim, "done"}, ";"))
	supOut, err := sup.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := sup.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { // whatever happens, nothing is left waiting
		sup.Process.Kill()
		os.WriteFile(gate, nil, 0o644)
	})
	buf := make([]byte, 64)
	n, _ := supOut.Read(buf)
	if !strings.Contains(string(buf[:n]), "supervising") {
		sup.Process.Kill()
		t.Fatalf("supervisor said %q", buf[:n])
	}
	waitFor(t, func() bool { data, _ := os.ReadFile(outPath); return strings.Contains(string(data), "ready: ok") })
	sup.Process.Signal(syscall.SIGKILL)
	sup.Wait()
	os.WriteFile(gate, nil, 0o644)
	waitFor(t, func() bool { data, _ := os.ReadFile(outPath); return strings.Contains(string(data), "done") })
	data, _ := os.ReadFile(outPath)
	for _, want := range []string{"unlink " + victim + ": ENOSYS", "open-w " + victim + ": ENOSYS"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("after the supervisor was killed, output lacks %q:\n%s", want, data)
		}
	}
	if !exists(victim) {
		t.Error("the file was deleted after the supervisor died")
	}
}

// waitFor polls cond until it holds, at most a minute.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
