package argv

import (
	"fmt"
	"strings"
	"testing"
)

// show renders a Getopt reading: options as name[=value] (+ when
// unknown), then operands in brackets, | where "--" was, ! when stopped, ~ for
// a bundle cut short.
func show(sp *Spec, line string) string {
	args := strings.Fields(line)
	s := Getopt(sp, args, func(w string) string { return w })
	var b []string
	for _, o := range s.Opts {
		t := o.Name
		if o.Long {
			t = "--" + t
		}
		if o.HasValue {
			t += "=" + o.Value
		}
		if o.Unknown {
			t += "+"
		}
		b = append(b, t)
	}
	for i, k := range s.Operands {
		if i == s.DashDash {
			b = append(b, "|")
		}
		b = append(b, "["+args[k]+"]")
	}
	if s.Stopped {
		b = append(b, "!")
	}
	if s.RunTime {
		b = append(b, "~")
	}
	return strings.Join(b, " ")
}

func TestGetopt(t *testing.T) {
	rm := &Spec{Flags: "firRdv", LongFlags: []string{"force", "recursive", "verbose", "no-preserve-root"}, LongValued: []string{"interactive"}, LongStop: []string{"help", "version"}}
	cloud := &Spec{Valued: "p", Stop: "h", LongFlags: []string{"yes", "dry-run"}, UnknownLongValued: true, Exact: true, LongStop: []string{"help", "version"}}
	tf := &Spec{LongValued: []string{"var", "chdir"}, LongStop: []string{"help", "version", "h"}, GoFlags: true, Exact: true}
	docker := &Spec{Valued: "ev", Posix: true, LongStop: []string{"help"}}
	chmod := &Spec{Flags: "cfvR", StrictShort: true, LongValued: []string{"reference"}, LongStop: []string{"help"}}
	mysql := &Spec{Valued: "e", Optional: "p"}
	python := &Spec{Valued: "cmW", Last: "cm", Posix: true}
	awk := &Spec{Flags: "s", Valued: "f", UnknownEnds: true, Posix: true}
	for _, c := range []struct {
		sp        *Spec
		line, out string
	}{
		{rm, "-rf a -v b", "r f v [a] [b]"},
		{rm, "-x a", "x+ [a]"},
		{rm, "--rec a --verb", "--recursive --verbose [a]"},
		{rm, "--re a", "--recursive [a]"}, // an unambiguous prefix
		{rm, "--ver a", "--ver+ [a]"},     // ambiguous: verbose, version
		{rm, "--interactive never a", "--interactive=never [a]"},
		{rm, "--interactive=never a", "--interactive=never [a]"},
		{rm, "--frob a", "--frob+ [a]"},
		{rm, "-- -rf a", "| [-rf] [a]"},
		{rm, "a -- -x", "[a] | [-x]"},
		{rm, "- a", "[-] [a]"},
		{rm, "--help a", "--help [a] !"},
		{rm, "--he", "--help !"},
		{rm, "-r\uFFFDf a", "r [a] ~"},
		{cloud, "--region us-east-1 delete x", "--region=us-east-1+ [delete] [x]"},
		{cloud, "--yes delete", "--yes [delete]"},
		{cloud, "--ye delete", "--ye=delete+"},
		{cloud, "-pprof -h", "p=prof h !"},
		{tf, "-chdir=infra apply -auto-approve", "--chdir=infra --auto-approve+ [apply]"},
		{tf, "-var a=b -h", "--var=a=b --h !"},
		{tf, "--var a=b x", "--var=a=b [x]"},
		{docker, "-e A=1 img -v x", "e=A=1 [img] [-v] [x]"},
		{chmod, "-R -w file", "R [-w] [file]"},
		{chmod, "-Rv u+x file", "R v [u+x] [file]"},
		{chmod, "--reference=a b", "--reference=a [b]"},
		{mysql, "-psecret db -e", "p=secret e [db]"},
		{mysql, "-p db", "p [db]"},
		{mysql, "-eSQL -e SQL2", "e=SQL e=SQL2"},
		{python, "-Wd -c code -x y", "W=d c=code [-x] [y]"},
		{python, "-uc code -x", "u+ c=code [-x]"},
		{python, "-ccode -x", "c=code [-x]"},
		{python, "-m http.server -b 1", "m=http.server [-b] [1]"},
		{python, "script.py -c x", "[script.py] [-c] [x]"},
		{awk, "-safe prog x", "s a+ [prog] [x]"},
		{awk, "-sf prog x", "s f=prog [x]"},
	} {
		if got := show(c.sp, c.line); got != c.out {
			t.Errorf("%q: got %q, want %q", c.line, got, c.out)
		}
	}
}

// ExampleGetopt reads rm's command line.
func ExampleGetopt() {
	rm := &Spec{Flags: "fr", LongFlags: []string{"force", "recursive"}}
	args := []string{"-rf", "build", "--", "-x"}
	s := Getopt(rm, args, func(w string) string { return w })
	for _, o := range s.Opts {
		fmt.Println("option", o.Name)
	}
	for _, k := range s.Operands {
		fmt.Println("operand", args[k])
	}
	// Output:
	// option r
	// option f
	// operand build
	// operand -x
}

func TestCommandNext(t *testing.T) {
	for name, want := range map[string]bool{
		"sudo": true, "env": true, "nice": true, "time": true, "nohup": true, "xargs": true, "watch": true, "exec": true, "command": true,
		"timeout": false, "ssh": false, "chroot": false, "ls": false, "git": false, "": false,
	} {
		if got := CommandNext(name); got != want {
			t.Errorf("CommandNext(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestOptionWords(t *testing.T) {
	for _, tc := range []struct {
		w             string
		option, short bool
	}{
		{"-r", true, true}, {"-rf", true, true}, {"--force", true, false}, {"--", true, false},
		{"-", false, false}, {"", false, false}, {"file", false, false}, {"a-b", false, false},
	} {
		if got := IsOption(tc.w); got != tc.option {
			t.Errorf("IsOption(%q) = %v", tc.w, got)
		}
		if got := IsShortBundle(tc.w); got != tc.short {
			t.Errorf("IsShortBundle(%q) = %v", tc.w, got)
		}
	}
}
