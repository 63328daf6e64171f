package walk

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestMktempValue: the name `$(mktemp ...)` stands for, in /home/u/proj
// with TMPDIR=/t; "" where it is not a new file's name.
func TestMktempValue(t *testing.T) {
	for word, want := range map[string]string{
		`$(mktemp)`:                      "/t/tmp.XXXXXXXXXX",
		`"$(mktemp)"`:                    "/t/tmp.XXXXXXXXXX",
		`$(mktemp -d)`:                   "/t/tmp.XXXXXXXXXX/",
		`$(mktemp ./x.XXXX)`:             "/home/u/proj/x.XXXX",
		`$(mktemp x.XXXX)`:               "/home/u/proj/x.XXXX",
		`$(mktemp -t conf.XXXX)`:         "/t/conf.XXXX",
		`$(mktemp -p /var/tmp a.XXX)`:    "/var/tmp/a.XXX",
		`$(mktemp --tmpdir=/v a.XXX)`:    "/v/a.XXX",
		`$(mktemp --suffix=.c ./a.XXX)`:  "/home/u/proj/a.XXX.c",
		`$(mktemp -dt w.XXXXXX)`:         "/t/w.XXXXXX/",
		`$(mktemp 2>/dev/null)`:          "/t/tmp.XXXXXXXXXX",
		`$(mktemp -u)`:                   "",
		`$(mktemp x.XX)`:                 "",
		`$(mktemp "$D/x.XXX")`:           "",
		`$(mktemp > f)`:                  "",
		`$(mktemp --suffix=/../a x.XXX)`: "",
		`$(mktemp -t a/x.XXX)`:           "",
		`$(mktemp; rm -rf /)`:            "",
		`$(command mktemp)`:              "",
		`x$(mktemp)`:                     "",
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader("v="+word), "")
		if err != nil {
			t.Fatal(err)
		}
		as := f.Stmts[0].Cmd.(*syntax.CallExpr).Assigns[0]
		st := State{Dir: "/home/u/proj", Var: func(k string) (string, bool) { return map[string]string{"TMPDIR": "/t"}[k], k == "TMPDIR" }}
		sc := &scope{st: st, dir: st.Dir}
		name, dir, ok := mktempValue(as.Value, sc)
		got := ""
		if ok {
			got = name
			if dir {
				got += "/"
			}
		}
		if got != want {
			t.Errorf("%s: %q, want %q", word, got, want)
		}
	}
}
