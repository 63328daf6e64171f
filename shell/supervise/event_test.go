package supervise

import "testing"

func TestEventString(t *testing.T) {
	cases := []struct {
		ev   Event
		want string
	}{
		{Event{Comm: "rm", Pid: 7, Syscall: "unlinkat", Kind: KindRemove, Path: "/etc/passwd"}, "rm (pid 7): unlinkat /etc/passwd"},
		{Event{Comm: "mv", Pid: 8, Syscall: "renameat2", Kind: KindRename, Path: "/a", Path2: "/b"}, "mv (pid 8): renameat2 /a -> /b"},
		{Event{Comm: "bash", Pid: 9, Syscall: "kill", Kind: KindSignal, TargetPid: -1, Signal: 9}, "bash (pid 9): kill pid -1 signal 9"},
		{Event{Comm: "sh", Pid: 10, Syscall: "execve", Kind: KindExec, Path: "/bin/rm", Argv: []string{"rm", "-rf", "/"}}, `sh (pid 10): execve /bin/rm ["rm" "-rf" "/"]`},
		{Event{Comm: "x", Pid: 11, Syscall: "reboot", Kind: KindSystem}, "x (pid 11): reboot"},
	}
	for _, c := range cases {
		if got := c.ev.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
}
