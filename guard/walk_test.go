package guard

import (
	"slices"
	"strings"
	"testing"
	"time"

	"guardsh/guard/internal/rules"
	"guardsh/guard/internal/walk"
)

// testState is the shell state the walker tests classify in.
func testState() State {
	return State{
		Var: MapVars(map[string]string{"HOME": "/home/u", "USER": "u", "PATH": "/usr/bin:/bin", "EMPTY": ""}),
		Dir: "/home/u/proj",
	}
}

func mustGuard(tb testing.TB, opts ...Option) *Guard {
	tb.Helper()
	g, err := New(opts...)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// planString renders a plan command as "argv | via", unknown parts as ?.
func planString(c *Command) string {
	s := strings.ReplaceAll(strings.Join(c.Values(), " "), Unknown, "?")
	if len(c.Via) > 0 {
		s += " | " + strings.Join(c.Via, ",")
	}
	return s
}

// TestPlan checks that the walker finds the command hidden in each line,
// resolved, with the wrappers it sits behind.
func TestPlan(t *testing.T) {
	g := mustGuard(t)
	for _, tt := range planTests {
		v := g.Classify(tt.line, testState())
		var got []string
		found := false
		for _, c := range v.Plan {
			s := planString(c)
			got = append(got, s)
			if s == tt.want {
				found = true
			}
		}
		if !found {
			t.Errorf("%q: plan has no %q:\n\t%s", tt.line, tt.want, strings.Join(got, "\n\t"))
		}
	}
}

// planTests are lines and one command each must hold in its plan.
var planTests = []struct {
	line string
	want string // one plan entry, as planString renders it
}{
	// Word resolution.
	{`rm -rf /`, `rm -rf /`},
	{`c=rm; $c -rf /`, `rm -rf /`},
	{`c=rm f=-rf; $c $f /`, `rm -rf /`},
	{`rm${IFS}-rf${IFS}/`, `rm -rf /`},
	{`r\m -rf /`, `rm -rf /`},
	{`"r"'m' -rf /`, `rm -rf /`},
	{`$'\x72\x6d' -rf /`, `rm -rf /`},
	{`$'rm' $'-rf' $'/'`, `rm -rf /`},
	{`rm -rf ~`, `rm -rf /home/u`},
	{`rm -rf ~/`, `rm -rf /home/u/`},
	{`rm -rf "$HOME"`, `rm -rf /home/u`},
	{`rm -rf ${HOME}/`, `rm -rf /home/u/`},
	{`rm -rf "$UNSET/"*`, `rm -rf /*`},
	{`rm -rf $EMPTY/`, `rm -rf /`},
	{`rm -rf "$X"`, `rm -rf `},
	{`rm -rf "$2"`, `rm -rf ?`},
	{`rm -rf {/,/tmp}`, `rm -rf / /tmp`},
	{`rm -rf /{usr,etc}`, `rm -rf /usr /etc`},
	{`X=/; rm -rf $X`, `rm -rf /`},
	{`export X=/; rm -rf $X`, `rm -rf /`},
	{`declare X=/ ; rm -rf "$X"`, `rm -rf /`},
	{`rm -rf "$1"`, `rm -rf ?`},
	{`rm -rf $(pwd)`, `rm -rf ?`},
	{"rm -rf `pwd`", `rm -rf ?`},
	{`${CMD:-rm} -rf /`, `rm -rf /`},
	{`rm -rf ${D:-/}`, `rm -rf /`},
	{`rm -rf ${HOME%/*}`, `rm -rf /home`},
	// Structure: every construct is walked.
	{`(rm -rf /)`, `rm -rf /`},
	{`{ rm -rf /; }`, `rm -rf /`},
	{`true && rm -rf /`, `rm -rf /`},
	{`false || rm -rf /`, `rm -rf /`},
	{`ls; rm -rf /`, `rm -rf /`},
	{`rm -rf / &`, `rm -rf /`},
	{`! rm -rf /`, `rm -rf /`},
	{`ls | rm -rf /`, `rm -rf /`},
	{`if true; then rm -rf /; fi`, `rm -rf /`},
	{`if rm -rf /; then :; fi`, `rm -rf /`},
	{`if false; then :; elif true; then :; else rm -rf /; fi`, `rm -rf /`},
	{`for i in 1; do rm -rf /; done`, `rm -rf /`},
	{`for ((i=0;i<1;i++)); do rm -rf /; done`, `rm -rf /`},
	{`while false; do rm -rf /; done`, `rm -rf /`},
	{`until rm -rf /; do :; done`, `rm -rf /`},
	{`case x in x) rm -rf /;; esac`, `rm -rf /`},
	{`case $(rm -rf /) in *) ;; esac`, `rm -rf / | $(...)`},
	{`echo $(rm -rf /)`, `rm -rf / | $(...)`},
	{"echo `rm -rf /`", `rm -rf / | $(...)`},
	{`x=$(rm -rf /)`, `rm -rf / | $(...)`},
	{`echo "${x:-$(rm -rf /)}"`, `rm -rf / | $(...)`},
	{`echo $(( $(rm -rf /) + 1 ))`, `rm -rf / | $(...)`},
	{`a[$(rm -rf /)]=1`, `rm -rf / | $(...)`},
	{`(( $(rm -rf /) ))`, `rm -rf / | $(...)`},
	{`let x=$(rm -rf /)`, `rm -rf / | $(...)`},
	{`cat <(rm -rf /)`, `rm -rf / | <(...)`},
	{`tee >(rm -rf /)`, `rm -rf / | <(...)`},
	{`[[ -n $(rm -rf /) ]]`, `rm -rf / | $(...)`},
	{`time rm -rf /`, `rm -rf / | time`},
	{`coproc rm -rf /`, `rm -rf /`},
	{"cat <<EOF\n$(rm -rf /)\nEOF", `rm -rf / | $(...)`},
	{`ls > $(rm -rf /)`, `rm -rf / | $(...)`},
	{`declare x=$(rm -rf /)`, `rm -rf / | $(...)`},
	{`f() { rm -rf /; }`, `rm -rf / | f()`},
	{`f() { rm -rf "$1"; }; f /`, `rm -rf / | f()`},
	{`f() { rm -rf "$@"; }; f /tmp /`, `rm -rf /tmp / | f()`},
	{`function f { g; }; g() { rm -rf /; }; f`, `rm -rf / | f(),g()`},
	// Wrappers.
	{`sudo rm -rf /`, `rm -rf / | sudo`},
	{`sudo -u root -E rm -rf /`, `rm -rf / | sudo`},
	{`sudo --user=root rm -rf /`, `rm -rf / | sudo`},
	{`sudo FOO=1 rm -rf /`, `rm -rf / | sudo`},
	{`doas -u root rm -rf /`, `rm -rf / | doas`},
	{`su -c 'rm -rf /'`, `rm -rf / | su -c`},
	{`su root -c 'rm -rf /'`, `rm -rf / | su -c`},
	{`env rm -rf /`, `rm -rf / | env`},
	{`env -i PATH=/bin rm -rf /`, `rm -rf / | env`},
	{`env -u HOME rm -rf /`, `rm -rf / | env`},
	{`env -S 'rm -rf /'`, `rm -rf / | env -S`},
	{`FOO=1 rm -rf /`, `rm -rf / | env`},
	{`nice -n 10 rm -rf /`, `rm -rf / | nice`},
	{`nice -10 rm -rf /`, `rm -rf / | nice`},
	{`ionice -c 3 rm -rf /`, `rm -rf / | ionice`},
	{`nohup rm -rf / &`, `rm -rf / | nohup`},
	{`timeout 5 rm -rf /`, `rm -rf / | timeout`},
	{`timeout -s KILL 5 rm -rf /`, `rm -rf / | timeout`},
	{`timeout --kill-after=1 5s rm -rf /`, `rm -rf / | timeout`},
	{`/usr/bin/time -v rm -rf /`, `rm -rf / | time`},
	{`command rm -rf /`, `rm -rf / | command`},
	{`command -p rm -rf /`, `rm -rf / | command`},
	{`builtin eval 'rm -rf /'`, `rm -rf / | builtin,eval`},
	{`exec rm -rf /`, `rm -rf / | exec`},
	{`stdbuf -oL rm -rf /`, `rm -rf / | stdbuf`},
	{`setsid rm -rf /`, `rm -rf / | setsid`},
	{`chroot /mnt rm -rf /`, `rm -rf / | chroot`},
	{`flock /tmp/l rm -rf /`, `rm -rf / | flock`},
	{`flock /tmp/l -c 'rm -rf /'`, `rm -rf / | flock -c`},
	{`xargs rm -rf`, `rm -rf ? | xargs`},
	{`xargs -0 -n1 -P4 rm -rf`, `rm -rf ? | xargs`},
	{`xargs -I{} rm -rf {}`, `rm -rf ? | xargs`},
	{`xargs -I % sh -c 'rm -rf %'`, `sh -c rm -rf ? | xargs`},
	{`xargs -a list.txt rm`, `rm ? | xargs`},
	{`xargs --null --max-args=1 rm -rf`, `rm -rf ? | xargs`},
	{`xargs -E END rm`, `rm ? | xargs`},
	{`parallel rm -rf ::: /tmp/a /`, `rm -rf ? | parallel`},
	{`parallel ::: 'rm -rf /'`, `rm -rf / | parallel`},
	{`find / -exec rm -rf {} \;`, `rm -rf / | find -exec`},
	{`find / -name x -exec rm -rf {} \;`, `rm -rf ? | find -exec`},
	{`find . -name x -exec echo {} \; -execdir rm -rf {} +`, `rm -rf ? | find -execdir`},
	{`find . -ok rm {} \;`, `rm . | find -ok`},
	{`watch rm -rf /`, `rm -rf / | watch`},
	{`watch -n 5 'rm -rf /'`, `rm -rf / | watch`},
	{`bash -c 'rm -rf /'`, `rm -rf / | bash -c`},
	{`sh -c 'rm -rf "$1"' sh /`, `rm -rf / | sh -c`},
	{`bash -xc 'rm -rf /'`, `rm -rf / | bash -c`},
	{`bash -l -c 'rm -rf /'`, `rm -rf / | bash -c`},
	{`zsh -c 'rm -rf /'`, `rm -rf / | zsh -c`},
	{`dash -c 'rm -rf /'`, `rm -rf / | dash -c`},
	{`ksh -c 'rm -rf /'`, `rm -rf / | ksh -c`},
	{`/bin/sh -c 'rm -rf /'`, `rm -rf / | sh -c`},
	{`bash -c "bash -c 'rm -rf /'"`, `rm -rf / | bash -c,bash -c`},
	{`eval 'rm -rf /'`, `rm -rf / | eval`},
	{`eval rm -rf /`, `rm -rf / | eval`},
	{`eval "$(echo rm) -rf /"`, `echo rm | $(...)`},
	{`ssh host rm -rf /`, `rm -rf / | ssh`},
	{`ssh -p 22 -i key user@host 'rm -rf /'`, `rm -rf / | ssh`},
	{`docker exec -it c rm -rf /`, `rm -rf / | docker exec`},
	{`docker run --rm -v /:/host alpine rm -rf /host`, `rm -rf /host | docker run`},
	{`podman exec c rm -rf /`, `rm -rf / | podman exec`},
	{`kubectl exec -it pod -- rm -rf /`, `rm -rf / | kubectl exec`},
	{`busybox rm -rf /`, `rm -rf / | busybox`},
	{`/lib64/ld-linux-x86-64.so.2 /bin/rm -rf /`, `/bin/rm -rf / | ld-linux-x86-64.so.2`},
	{`ld.so --library-path /x --argv0 ls rm -rf /`, `rm -rf / | ld.so`},
	{`/lib/ld-musl-x86_64.so.1 rm -rf /`, `rm -rf / | ld-musl-x86_64.so.1`},
	{`echo 'rm -rf /' | at now`, `rm -rf / | at`},
	{`echo '* * * * * rm -rf /' | crontab -`, `rm -rf / | crontab`},
	{`script -c 'rm -rf /' /dev/null`, `rm -rf / | script -c`},
	{`sudo timeout 5 nice bash -c 'env rm -rf /'`, `rm -rf / | sudo,timeout,nice,bash -c,env`},
	// Code fed to a shell on stdin.
	{`echo 'rm -rf /' | bash`, `rm -rf / | bash <<`},
	{`printf 'rm -rf /\n' | sh`, `rm -rf / | sh <<`},
	{`bash <<< 'rm -rf /'`, `rm -rf / | bash <<`},
	{"bash <<EOF\nrm -rf /\nEOF", `rm -rf / | bash <<`},
	{"bash <<'EOF'\nrm -rf $HOME\nEOF", `rm -rf /home/u | bash <<`},
	{"cat <<'EOF' | sh\nrm -rf /\nEOF", `rm -rf / | sh <<`},
	{`echo 'rm -rf /' | sudo bash`, `rm -rf / | sudo,bash <<`},
	{`echo 'rm -rf /' | bash -s`, `rm -rf / | bash <<`},
}

// TestDirectory checks that cd changes what relative paths mean.
func TestDirectory(t *testing.T) {
	tests := []struct{ line, dir string }{
		{`rm x`, "/home/u/proj"},
		{`cd / && rm x`, "/"},
		{`cd /tmp; rm x`, "/tmp"},
		{`cd .. && rm x`, "/home/u"},
		{`cd && rm x`, "/home/u"},
		{`cd ~/a/../b && rm x`, "/home/u/b"},
		{`cd "$1" && rm x`, ""},
		{`(cd /; true); rm x`, "/home/u/proj"},
		{`cd /tmp/../etc && rm x`, "/etc"},
	}
	g := mustGuard(t)
	for _, tt := range tests {
		v := g.Classify(tt.line, testState())
		last := v.Plan[len(v.Plan)-1]
		if last.Name() != "rm" || last.Dir != tt.dir {
			t.Errorf("%q: rm runs in %q, want %q", tt.line, last.Dir, tt.dir)
		}
	}
}

// TestStructuralRules checks the rules the walker emits itself.
func TestStructuralRules(t *testing.T) {
	tests := []struct {
		line  string
		rule  string
		level Level
	}{
		{`:(){ :|:& };:`, rules.RuleForkBomb, Blocked},
		{`bomb() { bomb | bomb & }; bomb`, rules.RuleForkBomb, Blocked},
		{`f(){ f & f & }; f`, rules.RuleForkBomb, Blocked},
		{`echo 'unclosed`, rules.RuleParseError, Blocked},
		{`ls |`, rules.RuleParseError, Blocked},
		{`if true; then`, rules.RuleParseError, Blocked},
		{`ls )`, rules.RuleParseError, Blocked},
		{`some-tool | sh`, rules.RulePipeToShell, High},
		{`cat x | bash`, rules.RulePipeToShell, High},
		{`bash <(cat x)`, rules.RulePipeToShell, High},
		{`$(get) --force`, rules.RuleUnknownCmd, Medium},
		{`"$1" x`, rules.RuleUnknownCmd, Medium},
		{`bash -c "$1"`, rules.RuleDynamicCode, Medium},
		{`eval "$2"`, rules.RuleDynamicCode, Medium},
		{`bash -c 'echo "unclosed'`, rules.RuleBadCode, Medium},
	}
	g := mustGuard(t)
	for _, tt := range tests {
		v := g.Classify(tt.line, testState())
		ok := false
		for _, f := range v.Findings {
			if f.Rule == tt.rule && f.Level == tt.level {
				ok = true
			}
		}
		if !ok || v.Level < tt.level {
			t.Errorf("%q: want %s (%s), got %s %+v", tt.line, tt.rule, tt.level, v.Level, v.Findings)
		}
	}
}

// TestIncomplete tells lines that need more input from broken ones.
func TestIncomplete(t *testing.T) {
	g := mustGuard(t)
	for _, l := range []string{`echo 'x`, `echo "x`, `ls |`, `true &&`, "cat <<EOF\nx", `if true; then`, `f() {`, `(ls`, `echo $(ls`} {
		if v := g.Classify(l, testState()); !v.Incomplete || v.Level != Blocked {
			t.Errorf("%q: incomplete=%v level=%s, want incomplete and blocked", l, v.Incomplete, v.Level)
		}
	}
	for _, l := range []string{`ls )`, `fi`, `;;`, `echo ;; x`} {
		if v := g.Classify(l, testState()); v.Incomplete || v.Level != Blocked {
			t.Errorf("%q: incomplete=%v level=%s, want complete and blocked", l, v.Incomplete, v.Level)
		}
	}
}

// TestBounds checks that huge and deeply nested lines classify without a
// panic, and never as safe when the bound is hit. (The time each takes is
// logged, not asserted: BenchmarkBounds measures it.)
func TestBounds(t *testing.T) {
	t.Parallel()
	g := mustGuard(t)
	tests := boundLines()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			v := g.Classify(tt.line, testState())
			t.Logf("%s: %s in %v", tt.name, v.Level, time.Since(start))
		})
	}
	if v := g.Classify(nestEval(200), testState()); v.Level < High {
		t.Errorf("nesting past the bound is %s, want high", v.Level)
	}
	if v := g.Classify("echo "+strings.Repeat("a ", walk.MaxWords+1), testState()); v.Level < High {
		t.Errorf("a line over the word cap is %s, want high", v.Level)
	}
	if v := g.Classify(strings.Repeat("x", DefaultMaxBytes+1), testState()); v.Level < High {
		t.Errorf("a line over the size cap is %s, want high", v.Level)
	}
}

func nestEval(n int) string { return strings.Repeat("eval ", n) + "ls" }

// TestCheckArgv checks the run-time form: argv after expansion.
func TestCheckArgv(t *testing.T) {
	g := mustGuard(t)
	v := g.CheckArgv([]string{"bash", "-c", "rm -rf /"}, testState())
	found := false
	for _, c := range v.Plan {
		if planString(c) == "rm -rf / | bash -c" {
			found = true
		}
	}
	if !found {
		t.Errorf("CheckArgv did not unwrap bash -c: %+v", v.Plan)
	}
	w := g.CheckWrite("out.txt", true, testState())
	if len(w.Plan) != 1 || w.Plan[0].Redirects[0].Target.Value != "/home/u/proj/out.txt" {
		t.Errorf("CheckWrite: %+v", w.Plan)
	}
}

// TestReadMakesUnknown checks that variables set from input are unknown.
func TestReadMakesUnknown(t *testing.T) {
	g := mustGuard(t)
	for _, l := range []string{
		`read d; rm -rf $d/*`,
		`while read d; do rm -rf $d/*; done`,
		`read -r -p 'dir? ' d; rm -rf "$d/"*`,
		`read -a d; rm -rf $d/*`,
		`mapfile d; rm -rf $d/*`,
		`getopts ab: d; rm -rf $d/*`,
		`printf -v d '%s' x; rm -rf $d/*`,
	} {
		v := g.Classify(l, testState())
		last := v.Plan[len(v.Plan)-1]
		if last.Name() != "rm" || last.Args[len(last.Args)-1].Known {
			t.Errorf("%q: the rm target is known: %q", l, last.Values())
		}
	}
}

// boundLines are huge and deeply nested lines.
func boundLines() []struct{ name, line string } {
	return []struct{ name, line string }{
		{"1MiB line", "echo " + strings.Repeat("a", 1<<20-5)},
		{"1MiB of words", "echo " + strings.Repeat("a ", 1<<19-3)},
		{"words just under the cap", "echo " + strings.Repeat("a ", walk.MaxWords-10)},
		{"10000 nested $(", strings.Repeat("$(", 10000) + "ls" + strings.Repeat(")", 10000)},
		{"5000 nested subshells", strings.Repeat("( ", 5000) + "ls" + strings.Repeat(" )", 5000)},
		{"3000 nested braces", strings.Repeat("{ ", 3000) + "ls" + strings.Repeat("; }", 3000)},
		{"deep eval", nestEval(200)},
		{"many statements", strings.Repeat("ls; ", 20000)},
		{"brace bomb", "echo {1..100}{1..100}{1..100}"},
	}
}

// TestPanicFailsClosed checks that a rule that panics makes the line high
// (rule internal_error) instead of crashing or letting it through.
func TestPanicFailsClosed(t *testing.T) {
	g := mustGuard(t)
	g.engine.Rules = slices.Clone(g.engine.Rules) // the table is shared
	for i := range g.engine.Rules {
		if g.engine.Rules[i].Check != nil {
			g.engine.Rules[i].Check = func(*Command) []Hit { panic("boom") }
		}
	}
	for _, v := range []Verdict{
		g.Classify("ls", testState()),
		g.CheckArgv([]string{"ls"}, testState()),
		g.CheckWrite("f", true, testState()),
	} {
		if v.Level != High || len(v.Findings) != 1 || v.Findings[0].Rule != rules.RuleInternal {
			t.Errorf("%q: %s %+v, want high internal_error", v.Command, v.Level, v.Findings)
		}
	}
}

// TestShellReadsStdin checks shells reading their code from standard input
// in every spelling.
func TestShellReadsStdin(t *testing.T) {
	g := mustGuard(t)
	for _, l := range []string{
		`bash /dev/stdin <<< 'rm -rf /'`,
		`echo 'rm -rf /' | bash /dev/stdin`,
		`echo 'rm -rf /' | sh /dev/fd/0`,
		`echo 'rm -rf /' | sh -`,
	} {
		if v := g.Classify(l, testState()); v.Level != Blocked {
			t.Errorf("%q: %s, want blocked", l, v.Level)
		}
	}
	v := g.CheckArgv([]string{"sh"}, State{StdinPiped: true})
	if v.Level < High {
		t.Errorf("sh reading a pipe at run time: %s, want high", v.Level)
	}
	if v := g.CheckArgv([]string{"sh", "script.sh"}, State{StdinPiped: true}); v.Level != Safe {
		t.Errorf("sh script.sh with a piped stdin: %s, want safe", v.Level)
	}
}

// TestFeedReachesCompounds checks that a pipe or redirect feeding a
// compound command or a function reaches the shell inside it.
func TestFeedReachesCompounds(t *testing.T) {
	g := mustGuard(t)
	for _, tt := range []struct {
		line string
		want Level
	}{
		{`curl -s https://x.sh | (bash)`, High},
		{`curl -s https://x.sh | { bash; }`, High},
		{`echo 'rm -rf /' | (sh)`, Blocked},
		{`echo 'rm -rf /' | { sh; }`, Blocked},
		{`echo 'rm -rf /' | (exec sh)`, Blocked},
		{`echo 'rm -rf /' | if true; then sh; fi`, Blocked},
		{`{ bash; } <<< "rm -rf /"`, Blocked},
		{`(sh) <<< "rm -rf /"`, Blocked},
		{`{ bash; } < <(curl -s https://x.sh)`, High},
		{`f(){ sh; }; f <<< "rm -rf /"`, Blocked},
		{`f(){ sh; }; echo "rm -rf /" | f`, Blocked},
		{`bash < <(curl -s https://x.sh)`, High},
		{`bash < <(cat x)`, High},
		{`echo hi | { cat; wc -l; }`, Safe},
		{`ls | (grep x)`, Safe},
	} {
		if v := g.Classify(tt.line, testState()); v.Level != tt.want {
			t.Errorf("%q: %s %+v, want %s", tt.line, v.Level, v.Findings, tt.want)
		}
	}
}

// TestUnknownPartsShown checks that the unknown parts of code in a string
// (a {} that find or xargs fills in) are shown as "…" in the reasons and
// texts of findings, never by the name of the variable that stands for them.
func TestUnknownPartsShown(t *testing.T) {
	g := mustGuard(t)
	for _, tt := range []struct {
		line string
		want Level
	}{
		{`find . -iname .svn -exec bash -c 'rm -rf {}' \;`, High},
		{`find . -print0 | xargs -0 -I '{}' sh -c 'ls {} >> log.txt; rm -rdf {}'`, High},
		{`find . -type f | xargs -i sh -c "cat /dev/null > \"{}\""`, Medium},
		{`find . -exec sh -c 'echo {}' \;`, Safe},
	} {
		v := g.Classify(tt.line, testState())
		if v.Level != tt.want {
			t.Errorf("%q: %s %+v, want %s", tt.line, v.Level, v.Findings, tt.want)
		}
		for _, f := range v.Findings {
			if strings.Contains(f.Reason+f.Text, rules.UnknownVar) {
				t.Errorf("%q: finding shows the internal variable: %+v", tt.line, f)
			}
			if f.Level == tt.want && !strings.Contains(f.Reason, "…") {
				t.Errorf("%q: reason %q does not show the unknown part as …", tt.line, f.Reason)
			}
		}
	}
}
