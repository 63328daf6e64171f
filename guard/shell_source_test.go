package guard

import (
	"fmt"
	"testing"
)

// TestSourcedDefs: a file the line sources in its own shell, whose text
// the shell gives (State.Source), is classified where it is sourced, and
// what it defines (functions, plainly or through a decoded eval; aliases)
// is known to what follows, an eval's code among them; a function's body
// counts where it is called, so a file that only defines is no finding.
func TestSourcedDefs(t *testing.T) {
	files := map[string]string{
		// Claude Code's snapshot: g is `g () { rm -rf /; }`, decoded.
		"/s/snap.sh": "unalias -a 2>/dev/null || true\n" +
			"eval \"$(echo 'ZyAoKSAKeyAKICAgIHJtIC1yZiAvCn0K' | base64 -d)\" > /dev/null 2>&1\n" +
			"function wipe { rm -rf / ; }\n" +
			"gs() { git status \"$@\"; }\n" +
			"cleanbuild() { rm -rf ./build; }\n" +
			"shopt -s expand_aliases\n" +
			"alias -- ll='ls -l'\nalias -- nuke='rm -rf /'\n" +
			"export -f g\ndeclare -F > /dev/null\n",
		"/s/evil.sh":   "eval \"$(echo 'cm0gLXJmIC8K' | base64 -d)\"\n",
		"/s/self.sh":   "source /s/self.sh\nf() { rm -rf /; }\n",
		"/s/args.sh":   "rm -rf \"$1\"\n",
		"/s/shadow.sh": "rm() { echo \"$@\"; }\nalias rmi=echo\n",
		"/s/nested.sh": ". ./snap.sh\n",
	}
	st := State{
		Dir: "/s",
		Var: MapVars(map[string]string{"HOME": "/home/u"}),
		Source: func(p string) (string, bool) {
			text, ok := files[p]
			return text, ok
		},
	}
	const wrap = "source /s/snap.sh 2>/dev/null || true && { shopt -u extglob || setopt NO_EXTENDED_GLOB; } >/dev/null 2>&1 || true && eval %s < /dev/null && pwd -P >| /tmp/claude-1-cwd"
	tests := []struct {
		src  string
		want Level
	}{
		{"source /s/snap.sh", Safe},
		{"source /s/snap.sh && eval 'git status'", Safe},
		{"source /s/snap.sh && eval 'git status && g'", Blocked},
		{"source /s/snap.sh && eval 'git status; wipe'", Blocked},
		{"source /s/snap.sh && eval 'gs --short'", Safe},
		{"source /s/snap.sh && eval cleanbuild", High},
		{"source /s/snap.sh && eval ll", Safe},
		{"source /s/snap.sh && eval 'git status; nuke'", Blocked},
		{"source /s/snap.sh; g", Blocked},
		{". /s/snap.sh && eval g", Blocked},
		{"source ./snap.sh && eval g", Blocked}, // against the directory
		{"cd /s && source ./nested.sh && eval g", Blocked},
		{"source /s/evil.sh", Blocked},
		{"source /s/evil.sh 2>/dev/null || true && eval 'git status'", Blocked}, // refused whole
		{". /s/args.sh /", Blocked},
		{". /s/args.sh ./build", High},
		{"source /s/self.sh", Safe},              // read once, no depth finding
		{"source /s/self.sh && eval f", Blocked}, // and its function known
		// A call of a sourced function or alias is classified as written
		// too: the file may be other when the line runs.
		{"source /s/shadow.sh && rm -rf /", Blocked},
		{"source /s/shadow.sh && eval 'rmi -rf /'", Safe},
		// Not read: no slash (bash searches PATH), a missing file, a real
		// shell started by the line, behind sudo.
		{"source snap.sh && eval g", Safe},
		{"source /s/missing.sh && eval g", Safe},
		{"bash -c 'source /s/snap.sh; eval g'", Safe},
		{"sudo bash -c '. /s/snap.sh && g'", Medium},
		// Aliases the line itself defines.
		{"alias nuke='rm -rf /'; eval 'git status; nuke'", Blocked},
		{"alias ll='ls -l'; eval ll", Safe},
		{"alias rm=echo; eval 'rm -rf /'", Blocked},
		{"bash -c \"alias nuke='rm -rf /'\"; eval nuke", Safe},
	}
	g := mustGuard(t)
	for _, tt := range tests {
		if v := g.Classify(tt.src, st); v.Level != tt.want {
			t.Errorf("%q: %v %v, want %v", tt.src, v.Level, v.Findings, tt.want)
		}
		// Without the files' text, nothing is known of them: never higher.
		if v := g.Classify(tt.src, State{Dir: "/s", Var: st.Var}); v.Level > tt.want {
			t.Errorf("%q without the files: %v, above %v", tt.src, v.Level, tt.want)
		}
	}
	for _, c := range []struct {
		cmd  string
		want Level
	}{{"'git status'", Safe}, {"'git status && g'", Blocked}, {"'ll'", Safe}, {"'git status; nuke'", Blocked}} {
		src := fmt.Sprintf(wrap, c.cmd)
		if v := g.Classify(src, st); v.Level != c.want {
			t.Errorf("the wrapper of %s: %v %v, want %v", c.cmd, v.Level, v.Findings, c.want)
		}
	}
}

// A sourced file's variables and directory are the shell's for the
// commands that follow.
func TestSourcedVars(t *testing.T) {
	files := map[string]string{
		"/s/env.sh": "TARGET=/\nexport SAFE=./build\n",
		"/s/cd.sh":  "cd /\n",
		"/s/out.sh": "OUT=\n",
	}
	st := State{Dir: "/s", Var: MapVars(map[string]string{"TARGET": "./build", "HOME": "/home/u"}),
		Source: func(p string) (string, bool) { text, ok := files[p]; return text, ok }}
	g := mustGuard(t)
	for src, want := range map[string]Level{
		"source /s/env.sh && rm -rf \"$TARGET\"": Blocked,
		"source /s/env.sh && rm -rf \"$SAFE\"":   High,
		"rm -rf \"$TARGET\"":                     High,
		"source /s/cd.sh && rm -rf ./*":          Blocked,
		". ./out.sh && rm -rf \"$OUT\"/":         Blocked,
	} {
		if v := g.Classify(src, st); v.Level != want {
			t.Errorf("%q: %v %v, want %v", src, v.Level, v.Findings, want)
		}
	}
}
