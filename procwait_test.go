package main

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestWaitExitedAfterExit: a process that exited before waitExited began
// (a zombie) is not waited for forever: the netpoller resets a readiness
// that came before the wait, and a pidfd gives no second edge (CI hung
// two minutes in bashexec's wait once so).
func TestWaitExitedAfterExit(t *testing.T) {
	// The netpoller takes the pidfd's readiness meanwhile (the scheduler
	// has nothing else to run), before the wait begins.
	beforeWaitExited = func() { time.Sleep(5 * time.Millisecond) }
	defer func() { beforeWaitExited = nil }()
	for i := 0; i < 10; i++ {
		cmd := exec.Command("/bin/true")
		if err := cmd.Start(); err != nil {
			t.Skip(err)
		}
		pid := cmd.Process.Pid
		deadline := time.Now().Add(10 * time.Second)
		for !zombie(pid) {
			if time.Now().After(deadline) {
				t.Fatal("true did not exit")
			}
			time.Sleep(time.Millisecond)
		}
		done := make(chan struct{})
		go func() {
			waitExited(pid)
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("run %d: waitExited still waits for a process that exited", i)
		}
		cmd.Wait()
	}
}

// zombie reports whether process pid has exited and is not yet waited for.
func zombie(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && len(s) > i+2 && s[i+2] == 'Z'
}
