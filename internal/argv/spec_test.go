package argv

import (
	"slices"
	"strings"
	"testing"
)

// cmds returns the command each reading starts with, as "word..." or "-"
// when none, and the unknown options the readings name.
func cmds(name string, line string) (out []string, unknown []string) {
	args := strings.Fields(line)
	for _, r := range Wrapper(name).Parse(args, nil) {
		if r.Stopped || r.Cmd >= len(args) {
			out = append(out, "-")
		} else {
			out = append(out, strings.Join(args[r.Cmd:], " "))
		}
		if len(r.Unknown) > 0 {
			unknown = append(unknown, r.Unknown[0])
		}
	}
	slices.Sort(out)
	return out, unknown
}

func TestWrapperParse(t *testing.T) {
	for _, c := range []struct {
		name, args string
		want       []string // sorted
		unknown    bool
	}{
		{"sudo", "rm -rf /", []string{"rm -rf /"}, false},
		{"sudo", "-u root rm", []string{"rm"}, false},
		{"sudo", "-uroot rm", []string{"rm"}, false},
		{"sudo", "--user=root rm", []string{"rm"}, false},
		{"sudo", "--user root rm", []string{"rm"}, false},
		{"sudo", "--us root rm", []string{"rm"}, false}, // an unambiguous prefix
		{"sudo", "-E -H -- rm", []string{"rm"}, false},
		{"sudo", "FOO=1 rm", []string{"rm"}, false},
		{"sudo", "-k rm", []string{"rm"}, false},
		{"sudo", "-l rm", []string{"-"}, false},
		{"sudo", "-hhost rm", []string{"rm"}, false},
		{"sudo", "--frob rm -rf /", []string{"/", "rm -rf /"}, true},
		{"sudo", "-Q rm", []string{"-", "rm"}, true},
		{"env", "- rm", []string{"rm"}, false},
		{"env", "-i A=1 rm", []string{"rm"}, false},
		{"env", "-u A rm", []string{"rm"}, false},
		{"env", "-P /bin rm", []string{"rm"}, false},
		{"env", "BASH_FUNC_f%%=x rm", []string{"rm"}, false},
		{"env", "--chdir=/ rm", []string{"rm"}, false},
		{"nice", "-5 rm", []string{"rm"}, false},
		{"nice", "-n 5 rm", []string{"rm"}, false},
		{"timeout", "5 rm", []string{"rm"}, false},
		{"timeout", "-s KILL 5 rm", []string{"rm"}, false},
		{"timeout", "-- 5 rm", []string{"rm"}, false},
		{"chroot", "/srv rm", []string{"rm"}, false},
		{"ionice", "-c 3 rm", []string{"rm"}, false},
		{"ionice", "-p 12", []string{"-"}, false},
		{"command", "-v rm", []string{"-"}, false},
		{"command", "-p rm", []string{"rm"}, false},
		{"xargs", "-0 -n1 rm", []string{"rm"}, false},
		{"xargs", "-I{} rm {}", []string{"rm {}"}, false},
		{"xargs", "-i rm {}", []string{"rm {}"}, false},
		{"ssh", "-p 22 host ls", []string{"ls"}, false},
		{"ssh", "host -t ls -la", []string{"ls -la"}, false},
		{"stdbuf", "-oL rm", []string{"rm"}, false},
		{"strace", "-f -o log rm", []string{"rm"}, false},
		{"flock", "/tmp/l rm", []string{"rm"}, false},
	} {
		got, unk := cmds(c.name, c.args)
		if !slices.Equal(got, c.want) || (len(unk) > 0) != c.unknown {
			t.Errorf("%s %s: %q unknown %q, want %q unknown %v", c.name, c.args, got, unk, c.want, c.unknown)
		}
	}
}

// TestUnknownWord checks that a word only known at run time ends the
// options: it could be the command.
func TestUnknownWord(t *testing.T) {
	args := []string{"-u", "root", "$X", "rm"}
	rs := Wrapper("sudo").Parse(args, func(i int) bool { return i != 2 })
	if len(rs) != 1 || rs[0].Cmd != 2 {
		t.Errorf("%+v", rs)
	}
}

// TestReadingsBounded checks that many unknown options do not make the
// readings explode.
func TestReadingsBounded(t *testing.T) {
	args := strings.Fields(strings.Repeat("--a ", 30) + "rm")
	if n := len(Wrapper("sudo").Parse(args, nil)); n > maxReadings+1 {
		t.Errorf("%d readings", n)
	}
}

func TestUnwrap(t *testing.T) {
	for _, c := range []struct {
		name, args string
		want       []string
		ok         bool
	}{
		{"sudo", "-u root bash x.sh", []string{"bash x.sh"}, true},
		{"env", "- bash x.sh", []string{"bash x.sh"}, true},
		{"busybox", "sh x.sh", []string{"sh x.sh"}, true},
		{"ssh", "host bash", nil, false},
		{"ls", "-l", nil, false},
		{"sudo", "-l", nil, true},
	} {
		got, _, ok := Unwrap(c.name, strings.Fields(c.args))
		var s []string
		for _, g := range got {
			s = append(s, strings.Join(g, " "))
		}
		if ok != c.ok || !slices.Equal(s, c.want) {
			t.Errorf("%s %s: %q %v, want %q %v", c.name, c.args, s, ok, c.want, c.ok)
		}
	}
}

func TestIsAssign(t *testing.T) {
	for s, want := range map[string]bool{"A=1": true, "_x=": true, "1A=2": false, "=x": false, "a-b=c": false, "ls": false} {
		if IsAssign(s) != want {
			t.Errorf("IsAssign(%q) = %v", s, !want)
		}
	}
}
