package supervise

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// The benchmarks compare a command run plainly and under the supervisor
// (every call allowed). bench/supervise.sh runs them.

func benchRun(b *testing.B, supervised bool, max int, mk func() *exec.Cmd) {
	if supervised {
		if a := Available(); !a.OK {
			b.Skip(a.Reason)
		}
	}
	// On a shared machine the wall time says little: the CPU time of the
	// supervisor (this process) and of the tree (children) says what the
	// supervision costs.
	var before [2]syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &before[0])
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &before[1])
	defer func() {
		var after [2]syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &after[0])
		syscall.Getrusage(syscall.RUSAGE_CHILDREN, &after[1])
		cpu := func(i int) float64 {
			d := func(a, b syscall.Timeval) float64 { return float64(a.Nano()-b.Nano()) / 1e6 }
			return d(after[i].Utime, before[i].Utime) + d(after[i].Stime, before[i].Stime)
		}
		b.ReportMetric(cpu(0)/float64(b.N), "super-cpu-ms/op")
		b.ReportMetric(cpu(1)/float64(b.N), "tree-cpu-ms/op")
		// The supervisor's threads' sleeps (waiting for a call, handing
		// over, the runtime's sysmon and idle threads) and preemptions:
		// counts that a loaded machine changes less than the times.
		b.ReportMetric(float64(after[0].Nvcsw-before[0].Nvcsw+after[0].Nivcsw-before[0].Nivcsw)/float64(b.N), "super-cs/op")
	}()
	for b.Loop() {
		cmd := mk()
		cmd.Stdout, cmd.Stderr = nil, os.Stderr
		if !supervised {
			if err := cmd.Run(); err != nil {
				b.Fatal(err)
			}
			continue
		}
		sup, err := Start(cmd, Config{Decider: DeciderFunc(func(*Event) Verdict { return Allow }), MaxProcs: max})
		if err != nil {
			b.Fatal(err)
		}
		if err := cmd.Wait(); err != nil {
			b.Fatal(err)
		}
		sup.Close()
	}
}

// 1000 execs of /bin/true from one bash: per exec, divide by 1000.
func execLoop() *exec.Cmd {
	return exec.Command("/bin/bash", "-c", "for ((i=0;i<1000;i++)); do /bin/true; done")
}

// 1000 forks without exec ($(...) of a builtin) from one bash.
func forkLoop() *exec.Cmd {
	return exec.Command("/bin/bash", "-c", "for ((i=0;i<1000;i++)); do x=$(:); done")
}

func BenchmarkExec1000Plain(b *testing.B)      { benchRun(b, false, 0, execLoop) }
func BenchmarkExec1000Supervised(b *testing.B) { benchRun(b, true, 0, execLoop) }
func BenchmarkFork1000Plain(b *testing.B)      { benchRun(b, false, 0, forkLoop) }
func BenchmarkFork1000Supervised(b *testing.B) { benchRun(b, true, 0, forkLoop) }
func BenchmarkFork1000Cgroup(b *testing.B) {
	tryCgroup = true
	defer func() { tryCgroup = false }()
	benchRun(b, true, 4096, forkLoop)
}
func BenchmarkFork1000Counted(b *testing.B) { benchRun(b, true, 4096, forkLoop) }

func openLoop(b *testing.B, act string) func() *exec.Cmd {
	path := filepath.Join(b.TempDir(), "f")
	os.WriteFile(path, nil, 0o644)
	return func() *exec.Cmd {
		exe, _ := os.Executable()
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), "SUPERVISE_TEST_DO="+strings.Join([]string{act + " 10000 " + path}, ";"))
		return cmd
	}
}

// 10,000 opens for writing (and for reading, which the filter lets
// through) by one process: per open, divide by 10,000.
func BenchmarkWriteOpen10000Plain(b *testing.B) { benchRun(b, false, 0, openLoop(b, "open-w-loop")) }
func BenchmarkWriteOpen10000Supervised(b *testing.B) {
	benchRun(b, true, 0, openLoop(b, "open-w-loop"))
}
func BenchmarkWriteOpen10000Continue(b *testing.B) {
	old := avail
	Available()
	avail.AddFD = false
	defer func() { avail = old }()
	benchRun(b, true, 0, openLoop(b, "open-w-loop"))
}
func BenchmarkReadOpen10000Plain(b *testing.B) { benchRun(b, false, 0, openLoop(b, "open-r-loop")) }
func BenchmarkReadOpen10000Supervised(b *testing.B) {
	benchRun(b, true, 0, openLoop(b, "open-r-loop"))
}

// 10,000 execs of a program that is not there by one process (gcc and
// execvp walking PATH make half a build's reported calls so): per exec,
// divide by 10,000.
func missingLoop(b *testing.B) func() *exec.Cmd {
	path := filepath.Join(b.TempDir(), "missing")
	return func() *exec.Cmd {
		exe, _ := os.Executable()
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), "SUPERVISE_TEST_DO=exec-missing-loop 10000 "+path)
		return cmd
	}
}
func BenchmarkMissingExec10000Plain(b *testing.B) { benchRun(b, false, 0, missingLoop(b)) }
func BenchmarkMissingExec10000Supervised(b *testing.B) {
	benchRun(b, true, 0, missingLoop(b))
}

// 10,000 renames (5,000 there and back) by one process: performed by the
// supervisor on the directory it checked, and by the kernel after the
// check (CONTINUE); per rename, divide by 10,000.
func renameLoop(b *testing.B) func() *exec.Cmd {
	dir := b.TempDir()
	os.WriteFile(filepath.Join(dir, "a"), nil, 0o644)
	return func() *exec.Cmd {
		exe, _ := os.Executable()
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), "SUPERVISE_TEST_DO=rename-loop 5000 "+filepath.Join(dir, "a")+" "+filepath.Join(dir, "b"))
		return cmd
	}
}
func BenchmarkRename10000Plain(b *testing.B)      { benchRun(b, false, 0, renameLoop(b)) }
func BenchmarkRename10000Supervised(b *testing.B) { benchRun(b, true, 0, renameLoop(b)) }
func BenchmarkRename10000Continue(b *testing.B) {
	performEffects = false
	defer func() { performEffects = true }()
	benchRun(b, true, 0, renameLoop(b))
}

// BenchmarkCommand runs the shell command in $SUPERVISE_BENCH_CMD (in
// $SUPERVISE_BENCH_DIR) plainly and under the supervisor, every call
// allowed: bench/supervise.sh gives it a C build.
func BenchmarkCommand(b *testing.B) {
	line := os.Getenv("SUPERVISE_BENCH_CMD")
	if line == "" {
		b.Skip("SUPERVISE_BENCH_CMD is not set")
	}
	mk := func() *exec.Cmd {
		cmd := exec.Command("/bin/sh", "-c", line)
		cmd.Dir = os.Getenv("SUPERVISE_BENCH_DIR")
		return cmd
	}
	b.Run("plain", func(b *testing.B) { benchRun(b, false, 0, mk) })
	b.Run("supervised", func(b *testing.B) { benchRun(b, true, 0, mk) })
	b.Run("supervised-limit", func(b *testing.B) { benchRun(b, true, 4096, mk) })
	b.Run("supervised-continue", func(b *testing.B) {
		// unlink, rename, chmod... carried out by the kernel after the check
		performEffects = false
		defer func() { performEffects = true }()
		benchRun(b, true, 0, mk)
	})
}

// The fixed cost of supervision for one short command: the re-executed
// helper, the filter and the listener's trip.
func trueCmd() *exec.Cmd                        { return exec.Command("/bin/true") }
func BenchmarkStartTruePlain(b *testing.B)      { benchRun(b, false, 0, trueCmd) }
func BenchmarkStartTrueSupervised(b *testing.B) { benchRun(b, true, 0, trueCmd) }
func BenchmarkStartTrueCgroup(b *testing.B) {
	tryCgroup = true
	defer func() { tryCgroup = false }()
	benchRun(b, true, 4096, trueCmd)
}
func BenchmarkStartTrueCounted(b *testing.B) { benchRun(b, true, 4096, trueCmd) }
