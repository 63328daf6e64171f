package guard

import (
	"testing"
)

func effectState() State {
	return State{Dir: testDir, Var: MapVars(map[string]string{"HOME": testHome, "PATH": "/usr/bin:/bin"})}
}

func TestCheckEffect(t *testing.T) {
	g := mustGuard(t, WithProtected("/home/u/.config/guardsh/config.toml"))
	for _, tc := range []struct {
		kind, p, p2 string
		want        Level
	}{
		// The protected paths: their rule's level.
		{EffectOpen, "/etc/passwd", "", High},
		{EffectTrunc, "/etc/shadow", "", High},
		{EffectOpen, "/dev/sda", "", Blocked},
		{EffectOpen, "/home/u/.config/guardsh/config.toml", "", High},
		{EffectRemove, "/home/u/.config/guardsh/config.toml", "", High},
		{EffectRemove, "/etc/passwd", "", High},
		{EffectRemove, "/", "", Blocked},
		{EffectRemove, "/usr", "", Blocked},
		{EffectRemove, "/home/u", "", Blocked},
		// A file removed loses its content as one emptied does (red team:
		// an unlink of each was safe while its truncation was not).
		{EffectRemove, "/home/u/.bashrc", "", Medium},
		{EffectRemove, "/home/u/.ssh/authorized_keys", "", Medium},
		{EffectRemove, "/etc/ssh/sshd_config", "", Medium},
		{EffectRemove, "/boot/vmlinuz", "", Medium},
		{EffectRemove, "/usr/bin/ls", "", Medium},
		{EffectRemove, "/etc/shadow", "", High},
		{EffectRemove, "/home/u/.bash_history", "", Medium}, // as rm ~/.bash_history: history_erase
		{EffectRename, "/etc/passwd", "/tmp/x", High},
		{EffectRename, "/home/u/proj/x", "/etc/passwd", High},
		{EffectRename, "/usr", "/x", Blocked},
		// Its authorized_keys go with it (append_rc), and its keys, which
		// nothing here says are not there (destroy_key: TestCheckEffectKeys).
		{EffectRename, "/home/u/.ssh", "/home/u/old", High},
		{EffectRename, "/home/u/.ssh/", "/tmp/x", High},
		{EffectRename, "/home/u/.config/autostart", "/home/u/a", Medium},
		{EffectRename, "/home/u/.config/systemd", "/home/u/s", Medium},
		// A directory renamed onto ~/.ssh (not there, or empty) puts its
		// authorized_keys there.
		{EffectRename, "/tmp/evil", "/home/u/.ssh", Medium},
		{EffectRename, "/tmp/evil", "/home/u/.config/autostart", Medium},
		{EffectChmod, "/etc/shadow", "", High},
		{EffectChmod, "/home/u", "", High}, // a mode not given: it may lock the owner out
		{EffectChown, "/etc/sudoers", "", High},
		{EffectLink, "/etc/shadow", "/home/u/proj/s", High},
		{EffectSymlnk, "/etc/shadow", "/home/u/proj/s", Safe},
		{EffectSymlnk, "x", "/home/u/.config/guardsh/config.toml", High},
		// Their harmless neighbours: the program's own business.
		{EffectOpen, "/home/u/proj/main.o", "", Safe},
		{EffectTrunc, "/home/u/proj/out.txt", "", Safe},
		{EffectOpen, "/tmp/ccXYZ.s", "", Safe},
		{EffectOpen, "/dev/null", "", Safe},
		{EffectOpen, "/dev/tty", "", Safe},
		{EffectRemove, "/home/u/proj/main.o", "", Safe},
		{EffectRemove, "/home/u/proj/build", "", Safe},
		{EffectRemove, "/tmp/ccXYZ.o", "", Safe},
		{EffectRemove, "/home/u/.cache/pip/x.whl", "", Safe},
		{EffectRemove, "/home/u/proj/.git/index.lock", "", Safe},
		{EffectRemove, "/home/u/notes.txt", "", Safe},
		{EffectRename, "/home/u/proj/a.tmp", "/home/u/proj/a", Safe},
		{EffectRename, "/home/u/proj/src", "/home/u/proj/lib", Safe},
		{EffectRename, "/home/u/proj/user", "/home/u/proj/users", Safe},
		{EffectRename, "/home/u/proj/users", "/home/u/proj/user", Safe},
		{EffectRename, "/home/u/proj/b.tmp", "/home/u/.config/app", Safe},
		{EffectRename, "/home/u/proj/.ssh-notes", "/home/u/proj/n", Safe},
		{EffectChmod, "/home/u/proj/a.out", "", Safe},
		{EffectChown, "/home/u/proj/a.out", "", Safe},
		{EffectLink, "/home/u/proj/a", "/home/u/proj/b", Safe},
		{EffectSymlnk, "a", "/home/u/proj/b", Safe},
		// A file really named as a pattern (rm given *.o that matched nothing).
		{EffectRemove, "/home/u/proj/*.o", "", Safe},
		{EffectOpen, "/home/u/proj/[a]{b}?~", "", Safe},
		{EffectOpen, "/etc/*.conf", "", Medium},
	} {
		v := g.CheckEffect(tc.kind, tc.p, tc.p2, effectState())
		if v.Level != tc.want {
			t.Errorf("%s %s %s: %v %v, want %v", tc.kind, tc.p, tc.p2, v.Level, v.Findings, tc.want)
		}
		if v.Blocked != (tc.want >= Blocked) {
			t.Errorf("%s %s: Blocked %v", tc.kind, tc.p, v.Blocked)
		}
	}
}

func TestCheckChmod(t *testing.T) {
	g := mustGuard(t)
	for _, tc := range []struct {
		p    string
		mode uint32
		want Level
	}{
		{"/home/u", 0, High},
		{"/home/u", 0o600, High},
		{"/home/u", 0o077, High},
		{"/", 0o700, High},
		{"/usr", 0o750, High},
		{"/root", 0o600, High},
		{"/etc/shadow", 0o644, High},
		// Their harmless neighbours.
		{"/home/u", 0o700, Safe},
		{"/home/u", 0o711, Safe},
		{"/home/u", 0o755, Safe},
		{"/root", 0o700, Safe},
		{"/", 0o755, Safe},
		{"/usr", 0o711, Safe},
		{"/home/u/proj", 0, Safe},
		{"/home/u/proj/a.out", 0o755, Safe},
		{"/home/u/.ssh", 0o700, Safe},
	} {
		v := g.CheckChmod(tc.p, tc.mode, effectState())
		if v.Level != tc.want {
			t.Errorf("chmod %s %#o: %v %v, want %v", tc.p, tc.mode, v.Level, v.Findings, tc.want)
		}
	}
}

func TestCheckExec(t *testing.T) {
	g := mustGuard(t)
	for _, tc := range []struct {
		argv []string
		file string
		env  []string
		want Level
	}{
		{[]string{"rm", "-rf", "/"}, "/usr/bin/rm", nil, Blocked},
		{[]string{"x", "-rf", "/"}, "/usr/bin/rm", nil, Blocked},          // a link or copy named x
		{[]string{"rm", "-rf", "/"}, "/home/u/proj/bin/rm", nil, Blocked}, // by its name
		{[]string{"sh", "-c", "rm -rf /"}, "/usr/bin/dash", nil, Blocked},
		{[]string{"ls", "-la"}, "/usr/bin/ls", nil, Safe},
		{[]string{"cc", "-c", "a.c"}, "/usr/bin/x86_64-linux-gnu-gcc-12", nil, Safe},
		{[]string{"ls"}, "/usr/bin/ls", []string{"LD_PRELOAD=/tmp/evil.so"}, High},
		{[]string{"ls"}, "/usr/bin/ls", []string{"LANG=C", "TERM=xterm"}, Safe},
		{[]string{"bash", "x.sh"}, "/usr/bin/bash", []string{"BASH_ENV=/home/u/proj/hook.sh"}, High},
	} {
		v := g.CheckExec(tc.argv, tc.file, tc.env, effectState())
		if v.Level != tc.want {
			t.Errorf("%q %s %q: %v %v, want %v", tc.argv, tc.file, tc.env, v.Level, v.Findings, tc.want)
		}
	}
}

func TestChangesUser(t *testing.T) {
	g := mustGuard(t)
	for line, want := range map[string]bool{
		"sudo apt update":         true,
		"nice sudo make install":  true,
		"sudo sh -c 'a; b'":       true,
		"doas ls":                 true,
		"su -c 'id' root":         true,
		"pkexec true":             true,
		"sudo ls; rm -rf x":       false,
		"sudo ls | grep x":        false,
		"ls":                      false,
		"make":                    false,
		"echo sudo":               false,
		"bash -c 'sudo ls'":       false, // bash -c could change PATH first
		"eval sudo ls":            false,
		"xargs sudo < list":       false,
		"find . -exec sudo {} ;":  false,
		"sudo ls > \"$(f)\"":      false,
		"time sudo ls":            true,
		"PATH=/x sudo ls":         true, // checked where the program is resolved (main)
		"bash -c 'sudo ls; rm x'": false,
		"sudo ls && ls":           false,
	} {
		if got := g.Classify(line, effectState()).ChangesUser(); got != want {
			t.Errorf("%q: ChangesUser %v, want %v", line, got, want)
		}
	}
}

func TestCheckSignal(t *testing.T) {
	g := mustGuard(t)
	for _, tc := range []struct {
		pid, sig int
		want     Level
	}{
		{-1, 9, High}, {1, 15, High}, {0, 15, High}, {-4242, 15, High},
		{1, 0, Safe}, {4242, 15, Medium},
	} {
		if v := g.CheckSignal(tc.pid, tc.sig, effectState()); v.Level != tc.want {
			t.Errorf("kill(%d, %d): %v %v, want %v", tc.pid, tc.sig, v.Level, v.Findings, tc.want)
		}
	}
	for _, call := range []string{"mount", "reboot", "finit_module", "kexec_load", "swapoff"} {
		if v := g.CheckSystemCall(call, "/x"); !v.Blocked || v.Level != Blocked {
			t.Errorf("%s: %v", call, v)
		}
	}
}
