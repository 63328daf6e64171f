package supervise

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestExecAllowedAndRefused(t *testing.T) {
	requireSupervisor(t)
	dir := sandbox(t, "good", "bad")
	bad := filepath.Join(dir, "bin", "bad")
	r := &recorder{deny: func(ev *Event) bool { return ev.Kind == KindExec && ev.Path == bad }}
	cmd := exec.Command("/bin/bash", "-c", `good one; bad two; echo "bad status $?"; good three`)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+filepath.Join(dir, "bin")+":/usr/bin:/bin", "MARK=yes")
	res := run(t, cmd, r, 0)
	if res.err != nil {
		t.Fatalf("bash failed: %v\n%s", res.err, res.out)
	}
	for _, want := range []string{"good-ran", "bad status 126", "Operation not permitted"} {
		if !strings.Contains(res.out, want) {
			t.Errorf("output lacks %q:\n%s", want, res.out)
		}
	}
	if strings.Count(res.out, "good-ran") != 2 {
		t.Errorf("the rest of the tree should go on after a refusal:\n%s", res.out)
	}
	if exists(filepath.Join(dir, "ran", "bad")) {
		t.Errorf("the refused program ran")
	}
	ev := r.find(KindExec, bad)
	if ev == nil {
		t.Fatalf("no exec event for %s in %v", bad, r.events)
	}
	if first := r.events[0]; !first.Initial || first.Path != "/bin/bash" {
		t.Errorf("the first event should be the initial exec of bash: %+v", first)
	}
	if want := fmt.Sprintf(`bash (pid %d): execve %s ["bad" "two"]`, ev.Pid, bad); ev.String() != want {
		t.Errorf("String() = %q, want %q", ev.String(), want)
	}
	if strings.Join(ev.Argv, " ") != "bad two" || ev.Cwd != dir || ev.Syscall != "execve" || ev.Initial || ev.Comm != "bash" {
		t.Errorf("exec event = %+v", ev)
	}
	if !containsString(ev.Env, "MARK=yes") {
		t.Errorf("exec event env lacks MARK=yes")
	}
	if containsPrefix(ev.Env, childEnv+"=") {
		t.Errorf("the helper's variable leaked into the tree: %v", ev.Env)
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func containsPrefix(list []string, p string) bool {
	for _, x := range list {
		if strings.HasPrefix(x, p) {
			return true
		}
	}
	return false
}

func TestWriteOpenRefusedReadNotReported(t *testing.T) {
	requireSupervisor(t)
	dir := t.TempDir()
	protected := filepath.Join(dir, "protected")
	readable := filepath.Join(dir, "readable")
	free := filepath.Join(dir, "free")
	os.WriteFile(protected, []byte("keep\n"), 0o644)
	os.WriteFile(readable, []byte("read me\n"), 0o644)
	r := &recorder{deny: func(ev *Event) bool { return ev.Kind == KindOpen && ev.Path == protected }}
	res := run(t, self(t, "open-w "+protected, "open-r "+readable, "open-w "+free), r, 0)
	for _, want := range []string{"open-w " + protected + ": EPERM", "open-r " + readable + ": ok", "open-w " + free + ": ok"} {
		if !strings.Contains(res.out, want) {
			t.Errorf("output lacks %q:\n%s", want, res.out)
		}
	}
	if data, _ := os.ReadFile(protected); string(data) != "keep\n" {
		t.Errorf("the protected file changed: %q", data)
	}
	if data, _ := os.ReadFile(free); string(data) != "written\n" {
		t.Errorf("the allowed open did not write: %q", data)
	}
	if r.find(KindOpen, readable) != nil {
		t.Errorf("a read-only open was reported")
	}
	if ev := r.find(KindOpen, free); ev == nil || ev.Flags&uint64(os.O_CREATE) == 0 {
		t.Errorf("the write open was not reported with its flags: %+v", ev)
	}
	if Available().AddFD && res.stats.Opened == 0 {
		t.Errorf("the kernel has ADDFD but the supervisor opened nothing itself: %+v", res.stats)
	}
}

func TestWriteOpenThroughSymlinkSeesTheTarget(t *testing.T) {
	requireSupervisor(t)
	if !Available().AddFD {
		t.Skip("the kernel lacks SECCOMP_IOCTL_NOTIF_ADDFD")
	}
	dir := t.TempDir()
	protected := filepath.Join(dir, "protected")
	os.WriteFile(protected, []byte("keep\n"), 0o644)
	link := filepath.Join(dir, "innocent")
	os.Symlink(protected, link)
	resolved := false
	r := &recorder{deny: func(ev *Event) bool {
		if ev.Kind == KindOpen && ev.Path == protected {
			resolved = ev.Resolved
			return true
		}
		return false
	}}
	res := run(t, self(t, "open-w "+link), r, 0)
	if !resolved {
		t.Error("the open the supervisor performs is not marked Resolved")
	}
	if !strings.Contains(res.out, "open-w "+link+": EPERM") {
		t.Errorf("an open through a symbolic link to a protected file was not refused:\n%s", res.out)
	}
	if data, _ := os.ReadFile(protected); string(data) != "keep\n" {
		t.Errorf("the protected file changed: %q", data)
	}
}

func TestUnlinkRenameRefused(t *testing.T) {
	requireSupervisor(t)
	dir := t.TempDir()
	prot := filepath.Join(dir, "protected")
	os.Mkdir(prot, 0o755)
	for _, f := range []string{"a", "b", "c"} {
		os.WriteFile(filepath.Join(prot, f), nil, 0o644)
	}
	free := filepath.Join(dir, "free")
	os.WriteFile(free, nil, 0o644)
	r := &recorder{deny: func(ev *Event) bool {
		return under(ev.Path, prot) || (ev.Path2 != "" && under(ev.Path2, prot))
	}}
	res := run(t, self(t,
		"unlink "+prot+"/a", "rename "+prot+"/b "+dir+"/moved", "rename "+free+" "+prot+"/c",
		"chmod "+prot+"/c", "truncate "+prot+"/c", "rmdir "+prot, "unlink "+free+"2", "rename "+free+" "+free+"2"), r, 0)
	for _, want := range []string{
		"unlink " + prot + "/a: EPERM", "rename " + prot + "/b " + dir + "/moved: EPERM",
		"rename " + free + " " + prot + "/c: EPERM", "chmod " + prot + "/c: EPERM",
		"truncate " + prot + "/c: EPERM", "rmdir " + prot + ": EPERM",
		"unlink " + free + "2: ENOENT", "rename " + free + " " + free + "2: ok",
	} {
		if !strings.Contains(res.out, want) {
			t.Errorf("output lacks %q:\n%s", want, res.out)
		}
	}
	for _, f := range []string{"a", "b", "c"} {
		if !exists(filepath.Join(prot, f)) {
			t.Errorf("%s/%s is gone", prot, f)
		}
	}
}

func TestKillAllRefused(t *testing.T) {
	requireSupervisor(t)
	r := &recorder{deny: func(ev *Event) bool { return ev.Kind == KindSignal && ev.TargetPid <= 0 }}
	// Signal 0 checks without delivering: harmless even if it went through.
	res := run(t, self(t, "kill -1", "kill-self"), r, 0)
	if !strings.Contains(res.out, "kill -1: EPERM") || !strings.Contains(res.out, "kill-self: ok") {
		t.Errorf("output:\n%s", res.out)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	var signals int
	for _, ev := range r.events {
		if ev.Kind == KindSignal {
			signals++
			if ev.TargetPid != -1 || ev.Signal != 0 || ev.Syscall != "kill" {
				t.Errorf("signal event = %+v", ev)
			}
		}
	}
	if signals != 1 {
		t.Errorf("%d signal events, want 1 (a kill of one ordinary pid is not reported)", signals)
	}
}

// no_new_privs is set only where the kernel requires it for a filter
// (without CAP_SYS_ADMIN): as root, setuid programs behave as before.
func TestNoNewPrivsOnlyWhenNeeded(t *testing.T) {
	requireSupervisor(t)
	res := run(t, self(t, "nnp "), &recorder{}, 0)
	want := "nnp 1: ok"
	if os.Geteuid() == 0 {
		want = "nnp 0: ok"
	}
	if !strings.Contains(res.out, want) {
		t.Errorf("output %q, want %q", res.out, want)
	}
}

// The supervisor's own open keeps the open's meaning: the process's umask,
// O_EXCL, O_APPEND, relative paths.
func TestSupervisorOpenKeepsSemantics(t *testing.T) {
	requireSupervisor(t)
	dir := t.TempDir()
	existing := filepath.Join(dir, "existing")
	os.WriteFile(existing, []byte("first\n"), 0o644)
	created := filepath.Join(dir, "created")
	r := &recorder{}
	res := run(t, self(t, "umask0-create "+created, "create-excl "+existing, "append "+existing), r, 0)
	for _, want := range []string{"umask0-create " + created + ": ok", "create-excl " + existing + ": EEXIST", "append " + existing + ": ok"} {
		if !strings.Contains(res.out, want) {
			t.Errorf("output lacks %q:\n%s", want, res.out)
		}
	}
	if st, err := os.Stat(created); err != nil || st.Mode().Perm() != 0o666 {
		t.Errorf("created file: %v, %v; want mode 0666 (the process's umask, not the supervisor's)", st.Mode(), err)
	}
	if data, _ := os.ReadFile(existing); string(data) != "first\nappended\n" {
		t.Errorf("existing = %q", data)
	}
	if ev := r.find(KindOpen, existing); ev == nil || ev.RawPath != "existing" && ev.RawPath != existing {
		t.Errorf("open event = %+v", ev)
	}
}

// No process of the tree can trace the supervisor or read its memory:
// it holds the listener and the answers.
func TestTreeCannotReachTheSupervisor(t *testing.T) {
	requireSupervisor(t)
	ppid := strconv.Itoa(os.Getpid())
	link := filepath.Join(t.TempDir(), "innocent")
	os.Symlink("/proc/"+ppid+"/oom_score_adj", link)
	res := run(t, self(t, "seize-parent", "vmread-parent", "open-w /proc/"+ppid+"/oom_score_adj", "open-w "+link), &recorder{}, 0)
	for _, want := range []string{"seize-parent: EPERM", "vmread-parent: EPERM",
		"open-w /proc/" + ppid + "/oom_score_adj: EPERM", "open-w " + link + ": EPERM"} {
		if !strings.Contains(res.out, want) {
			t.Errorf("output lacks %q:\n%s", want, res.out)
		}
	}
}

// Nor any other process it did not start (red team: a line attached to
// guardsh's parent shell and opened its /proc/PID/mem for writing, which
// would have let it run code there, unsupervised). Its own children it
// may trace, as a debugger the line starts does.
func TestTreeCannotReachOutside(t *testing.T) {
	requireSupervisor(t)
	outside := exec.Command("/bin/sleep", "30")
	if err := outside.Start(); err != nil {
		t.Fatal(err)
	}
	defer outside.Wait()
	defer outside.Process.Kill()
	pid := strconv.Itoa(outside.Process.Pid)
	res := run(t, self(t, "seize "+pid, "vmread "+pid, "open-w /proc/"+pid+"/mem", "open-w /proc/"+pid+"/task/"+pid+"/mem", "seize-child", "open-w /proc/self/oom_score_adj"), &recorder{}, 0)
	for _, want := range []string{"seize " + pid + ": EPERM", "vmread " + pid + ": EPERM",
		"open-w /proc/" + pid + "/mem: EPERM", "open-w /proc/" + pid + "/task/" + pid + "/mem: EPERM",
		"seize-child: ok"} {
		if !strings.Contains(res.out, want) {
			t.Errorf("output lacks %q:\n%s", want, res.out)
		}
	}
	// Its own /proc files are its own (the kernel may still refuse the
	// open as it would anyway).
	if strings.Contains(res.out, "oom_score_adj: EPERM") {
		t.Errorf("its own /proc/self was refused:\n%s", res.out)
	}
}

// No process of the tree can push input into a terminal with TIOCSTI,
// which the shell that started guardsh would read and run once the line
// is over (red team). As root the kernel allows it on any terminal.
func TestTreeCannotTypeIntoATerminal(t *testing.T) {
	requireSupervisor(t)
	res := run(t, self(t, "tiocsti"), &recorder{}, 0)
	if !strings.Contains(res.out, "tiocsti: EPERM") {
		t.Errorf("output lacks tiocsti: EPERM:\n%s", res.out)
	}
}

// Nor paste a virtual console's selection into its input (TIOCLINUX):
// refused on any descriptor, a console or not.
func TestTreeCannotPasteIntoAConsole(t *testing.T) {
	requireSupervisor(t)
	res := run(t, self(t, "tioclinux"), &recorder{}, 0)
	if !strings.Contains(res.out, "tioclinux: EPERM") {
		t.Errorf("output lacks tioclinux: EPERM:\n%s", res.out)
	}
}

// A Decider that panics refuses the call; the tree and the supervisor go on.
func TestDeciderPanicFailsClosed(t *testing.T) {
	requireSupervisor(t)
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	os.WriteFile(victim, nil, 0o644)
	r := &recorder{deny: func(ev *Event) bool {
		if ev.Kind == KindRemove {
			panic("decider bug")
		}
		return false
	}}
	res := run(t, self(t, "unlink "+victim, "open-w "+filepath.Join(dir, "after")), r, 0)
	if !strings.Contains(res.out, "unlink "+victim+": EPERM") || !strings.Contains(res.out, "after: ok") {
		t.Errorf("output:\n%s", res.out)
	}
	if !exists(victim) {
		t.Error("the file was deleted after the Decider panicked")
	}
	if len(r.notices) != 1 || !strings.Contains(r.notices[0].Message, "decider bug") {
		t.Errorf("notices = %+v", r.notices)
	}
}

// With AllowInitial, the helper's exec of the command is allowed unread:
// the Decider is told of it (Initial, the pid, the call) and the rest of
// the tree is decided as ever.
func TestAllowInitial(t *testing.T) {
	requireSupervisor(t)
	dir := sandbox(t, "good", "bad")
	bad := filepath.Join(dir, "bin", "bad")
	r := &recorder{deny: func(ev *Event) bool { return ev.Initial || ev.Kind == KindExec && ev.Path == bad }}
	cmd := exec.Command("/bin/bash", "-c", `good one; bad two; echo "bad status $?"`)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+filepath.Join(dir, "bin")+":/usr/bin:/bin")
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	sup, err := Start(cmd, Config{Decider: r, AllowInitial: true})
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	werr := cmd.Wait()
	sup.Close()
	if werr != nil {
		t.Fatalf("bash failed: %v\n%s", werr, out.String())
	}
	if !strings.Contains(out.String(), "good-ran") || !strings.Contains(out.String(), "bad status 126") {
		t.Errorf("output = %q, want good run and bad refused", out.String())
	}
	first := r.events[0]
	if !first.Initial || first.Pid != cmd.Process.Pid || first.Syscall != "execve" || first.Kind != KindExec || first.Path != "" || first.Argv != nil {
		t.Errorf("the first event should be the initial exec, unread: %+v", first)
	}
	if r.find(KindExec, bad) == nil {
		t.Errorf("the rest of the tree was not decided: %v", r.events)
	}
}
