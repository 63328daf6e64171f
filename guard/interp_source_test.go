package guard

import (
	"testing"

	"guardsh/guard/internal/rules"
)

// TestInterpSourceOptions checks where python, lua and awk find their
// code, read with internal/argv's Getopt: options before it, bundles,
// values attached or not, and the neighbours that run no inline code.
func TestInterpSourceOptions(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		line, code string // code "" when none is found
		argv       int    // operands after the code
	}{
		{`python3 -c 'print(1)'`, "print(1)", 0},
		{`python3 -Wd -c 'print(1)' a b`, "print(1)", 2},
		{`python3 -W error -u -c 'print(1)' -x`, "print(1)", 1},
		{`python3 -uc 'print(1)'`, "print(1)", 0},
		{`python3 -c'print(1)'`, "print(1)", 0},
		{`python3 -X dev -c 'print(1)'`, "print(1)", 0},
		{`python3 --check-hash-based-pycs always -c 'print(1)'`, "print(1)", 0},
		{`python3 -m http.server -c x`, "", 0},
		{`python3 script.py -c x`, "", 0},
		{`python3 - -c x`, "", 0},
		{`python3 -- -c x`, "", 0},
		{`deno eval 'console.log(1)'`, "console.log(1)", 0},
		{`deno eval --ext ts 'console.log(1)'`, "console.log(1)", 0},
		{`deno eval -p --no-check 'console.log(1)'`, "console.log(1)", 0},
		{`deno run x.ts`, "", 0},
		{`lua -e 'print(1)' x`, "print(1)", 0},
		{`lua -l socket -e 'print(1)'`, "print(1)", 0},
		{`lua -e'print(1)'`, "print(1)", 0},
		{`lua script.lua -e x`, "", 0},
		{`awk '{print $1}' f`, "{print $1}", 0},
		{`awk -F: '{print $1}' /etc/passwd`, "{print $1}", 0},
		{`awk -F : -v x=1 '{print $1}' f`, "{print $1}", 0},
		{`awk -ofile.awk '{print}' f`, "{print}", 0},
		{`awk -safe '{print}' f`, "{print}", 0},
		{`awk -- '{print}' f`, "{print}", 0},
		{`awk -e 'BEGIN{}' -e 'END{}'`, "BEGIN{}\nEND{}", 0},
		{`awk --source='BEGIN{}'`, "BEGIN{}", 0},
		{`awk -f prog.awk f`, "", 0},
		{`awk -fprog.awk f`, "", 0},
		{`awk --file=prog.awk f`, "", 0},
	} {
		cmds := dispatchCommands(t, []string{tt.line})
		if len(cmds) == 0 {
			t.Fatalf("%q: no command", tt.line)
		}
		_, src, ok := rules.InterpCode(cmds[0])
		switch {
		case tt.code == "" && ok:
			t.Errorf("%q: code %q, want none", tt.line, src.Value)
		case tt.code != "" && (!ok || src.Value != tt.code):
			t.Errorf("%q: code %q (%v), want %q", tt.line, src.Value, ok, tt.code)
		case ok && len(src.Argv) != tt.argv:
			t.Errorf("%q: %d operands after the code, want %d", tt.line, len(src.Argv), tt.argv)
		}
	}
}

// TestDenoEvalValuedOption: deno eval's --ext takes the next word, which
// is not the code (the code after it was not classified before).
func TestDenoEvalValuedOption(t *testing.T) {
	t.Parallel()
	g := mustGuard(t)
	for line, want := range map[string]Level{
		`deno eval --ext ts 'require("child_process").execSync("rm -rf /")'`: Blocked,
		`deno eval --ext=ts 'require("child_process").execSync("rm -rf /")'`: Blocked,
		`deno eval --ext ts 'console.log(1)'`:                                Safe,
	} {
		if v := g.Classify(line, testState()); v.Level != want {
			t.Errorf("%q: %s, want %s: %v", line, v.Level, want, v.Findings)
		}
	}
}
