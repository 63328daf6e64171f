package guard

import (
	"reflect"
	"strings"
	"testing"
)

// TestNeutralMemo checks that remembering the neutral path's
// classification (effect_neutral.go) changes no verdict: every effect on
// every path, in several states, each asked three times in a row and in
// changing orders, gets from a Guard that remembers what a Guard that
// does not gets.
func TestNeutralMemo(t *testing.T) {
	opts := []Option{WithProtected("/home/u/.config/guardsh/config.toml"), WithAgentHooks(testHookFiles...)}
	g := mustGuard(t, opts...)
	plain := mustGuard(t, opts...)
	plain.neutral = nil
	paths := []string{
		"/etc/passwd", "/etc/shadow", "/etc/sudoers", "/etc/ssh/sshd_config", "/boot/vmlinuz", "/usr/bin/ls", "/usr", "/",
		"/dev/sda", "/dev/null", "/dev/tty", "/dev/nvme0n1p1", "/proc/sys/kernel/sysrq", "/sys/power/state",
		"/home/u", "/home/u/", "/home/u/.bashrc", "/home/u/.profile", "/home/u/.bash_history", "/home/u/.ssh", "/home/u/.ssh/authorized_keys",
		"/home/u/.config", "/home/u/.config/autostart/x.desktop", "/home/u/.config/systemd/user/x.service",
		"/home/u/.config/guardsh/config.toml", "/home/u/.config/guardsh", "/home/u/.local/state/guardsh/audit.log",
		"/home/u/.claude/settings.json", "/home/u/proj/.git/hooks/pre-commit", "/home/u/proj/.git/config", "/home/u/proj/.envrc",
		"/home/u/proj/main.o", "/home/u/proj/*.o", "/home/u/proj/[x]", "/home/u/proj/~", "/home/u/proj/build/", "/home/u/notes.txt",
		"/home/u/.ssh/id_rsa", "/home/u/.ssh/id_ed25519.pub", "/home/u/.gnupg/secring.gpg", "/etc/ssh/ssh_host_rsa_key", "/home/u/.config/guardsh/new.toml",
		"/tmp/ccXYZ.s", "/tmp/x", "/tmp", "/opt/guardsh-neutral/f", "/var/lib/dpkg/status", "x", "sub/x.o", "",
	}
	kinds := []string{EffectOpen, EffectTrunc, EffectRemove, EffectRename, EffectChmod, EffectChown, EffectMknod, EffectLink, EffectSymlnk, "other"}
	vars := map[string]string{"HOME": testHome, "PATH": "/usr/bin:/bin"}
	own := map[string]bool{}
	states := []func() State{
		effectState,
		func() State { return State{Dir: "/tmp", Var: MapVars(vars)} },
		func() State {
			return State{Dir: "/home/u/proj", Var: MapVars(vars), Own: func(p string) bool { return own[p] }}
		},
		func() State { return State{Dir: "/", Var: MapVars(map[string]string{"HOME": "/root"})} },
		func() State { return State{Dir: testDir} },
		func() State {
			s := effectState()
			s.Own = func(p string) bool { return own[p] }
			s.Exists = func(p string) bool { return !own[p] && !strings.HasSuffix(p, "new.toml") }
			return s
		},
		func() State { s := effectState(); s.Params, s.ParamsKnown = []string{"a"}, true; return s },
	}
	check := func(kind, p, p2 string, st State, mode uint32) {
		t.Helper()
		var got, want Verdict
		if kind == EffectChmod && mode != 0 {
			got, want = g.CheckChmod(p, mode, st), plain.CheckChmod(p, mode, st)
		} else {
			got, want = g.CheckEffect(kind, p, p2, st), plain.CheckEffect(kind, p, p2, st)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s %q %q (dir %q): remembered %+v, want %+v", kind, p, p2, st.Dir, got, want)
		}
	}
	for round := range 3 {
		for si, mk := range states {
			for _, kind := range kinds {
				for i, p := range paths {
					p2 := paths[(i+round+si)%len(paths)]
					check(kind, p, p2, mk(), 0)
					check(kind, p, "", mk(), 0o755)
				}
			}
		}
		// What the line made itself changes between rounds, and so do
		// the variables: the remembered outcomes must follow.
		for _, p := range paths {
			if strings.HasPrefix(p, "/opt/") || strings.HasPrefix(p, "/home/u/proj") {
				own[p] = round%2 == 0
			}
		}
		vars["HOME"] = []string{"/home/u", "/opt/guardsh-neutral", "/home/u"}[round]
	}
	if g.neutral.n == 0 {
		t.Error("nothing was remembered")
	}
}

// TestNeutralKeyState fails when State gains a field, which the key of a
// remembered neutral classification (neutralKey) must then take in.
func TestNeutralKeyState(t *testing.T) {
	var names []string
	for f := range reflect.TypeFor[State]().Fields() {
		names = append(names, f.Name)
	}
	want := "Var Dir Params ParamsKnown StdinPiped Exists Own Stdin CallsChecked Funcs Aliases Source"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("State's fields are %q, neutralKey knows %q: add the new ones to it", got, want)
	}
}

// TestNeutralMemoFollowsState: each effect classified in one state, then
// in another that differs from it in one thing only, gets what a Guard
// that remembers nothing gets: a classification remembered in the first
// is not used in the second (TestNeutralMemo's memory is emptied too
// often between two such states to show it).
func TestNeutralMemoFollowsState(t *testing.T) {
	home := func(h string) func(string) (string, bool) {
		return MapVars(map[string]string{"HOME": h, "PATH": "/usr/bin:/bin"})
	}
	neutral, neutralDir := "/opt/guardsh-neutral/f", "/opt/guardsh-neutral"
	is := func(p string) func(string) bool { return func(q string) bool { return q == p } }
	isNot := func(p string) func(string) bool { return func(q string) bool { return q != p } }
	stdin := "rm -rf ~"
	for _, tc := range []struct {
		name string
		a, b State
	}{
		{"HOME", State{Dir: "/opt", Var: home(neutral)}, State{Dir: "/opt", Var: home(testHome)}},
		{"HOME back", State{Dir: "/opt", Var: home(testHome)}, State{Dir: "/opt", Var: home(neutral)}},
		{"Dir", State{Dir: neutral, Var: home(testHome)}, State{Dir: "/opt", Var: home(testHome)}},
		{"Dir back", State{Dir: "/opt", Var: home(testHome)}, State{Dir: neutralDir, Var: home(testHome)}},
		{"Own", State{Dir: "/opt", Var: home(testHome), Own: is(neutral)}, State{Dir: "/opt", Var: home(testHome), Own: is("/x")}},
		{"Own back", State{Dir: "/opt", Var: home(testHome), Own: is("/x")}, State{Dir: "/opt", Var: home(testHome), Own: is(neutral)}},
		{"Exists", State{Dir: "/opt", Var: home(testHome), Exists: isNot(neutral)}, State{Dir: "/opt", Var: home(testHome), Exists: is(neutral)}},
		{"Exists back", State{Dir: "/opt", Var: home(testHome), Exists: is(neutral)}, State{Dir: "/opt", Var: home(testHome), Exists: isNot(neutral)}},
		{"Var nil", State{Dir: "/opt"}, State{Dir: "/opt", Var: home(neutral)}},
		{"Stdin", State{Dir: "/opt", Var: home(testHome), StdinPiped: true}, State{Dir: "/opt", Var: home(testHome), StdinPiped: true, Stdin: &stdin}},
	} {
		g, plain := mustGuard(t), mustGuard(t)
		plain.neutral = nil
		for _, st := range []State{tc.a, tc.b} {
			for _, kind := range []string{EffectOpen, EffectTrunc, EffectRemove, EffectRename, EffectChmod, EffectChown} {
				for _, p := range []string{testHome, neutral, neutralDir, "/opt", "/home/u/.bashrc", "/home/u/proj/x"} {
					got, want := g.CheckEffect(kind, p, "/home/u/proj/y", st), plain.CheckEffect(kind, p, "/home/u/proj/y", st)
					if !reflect.DeepEqual(got, want) {
						t.Errorf("%s: %s %s (dir %q): remembered %v %v, want %v %v", tc.name, kind, p, st.Dir, got.Level, ruleNames(got), want.Level, ruleNames(want))
					}
				}
			}
		}
	}
}
