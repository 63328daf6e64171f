package sedscript

import (
	"reflect"
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
		p := Parse(tt.script)
		var substs []string
		for _, s := range p.SubstExecs {
			substs = append(substs, s.Regex+"/"+s.Repl+"/"+s.Flags)
		}
		got := want{execs: p.Execs, execLine: p.ExecLine, substs: substs, writes: p.Writes, unknown: p.Dynamic}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q) = %+v, want %+v", tt.script, got, tt.want)
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
		got, ok := Subst{Regex: tt.regex, Repl: tt.repl, Flags: tt.flags}.Command()
		if !ok {
			got = ""
		}
		if got != tt.cmd || ok != (tt.cmd != "") {
			t.Errorf("s/%s/%s/%s: command %q (%v), want %q", tt.regex, tt.repl, tt.flags, got, ok, tt.cmd)
		}
	}
}

// FuzzSedParse checks that the sed reader never panics or loops.
func FuzzSedParse(f *testing.F) {
	for _, s := range []string{"p", "s/a/b/e", "e rm", "1~2{/x/w f\n}", "s/[[:alpha:]/]/x/gw o", "y/a/b/", ":a;N;ba", "a\\\ntext\\", Unknown + "p"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := Parse(s)
		for _, x := range p.SubstExecs {
			x.Command()
		}
	})
}
