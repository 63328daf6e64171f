package rules

import (
	"testing"
)

func TestFsResolve(t *testing.T) {
	c := &Command{Dir: "/home/u/proj", Home: "/home/u"}
	for _, tc := range []struct{ in, want string }{
		{"/", "/"},
		{"//", "/"},
		{"/./", "/"},
		{"/tmp/../etc", "/etc"},
		{"x", "/home/u/proj/x"},
		{"../..", "/home"},
		{"~", "/home/u"},
		{"~/", "/home/u"},
		{"~/a/../b", "/home/u/b"},
		{"$HOME", "/home/u"},
		{"${HOME}/x", "/home/u/x"},
		{"~root", "/root"},
		{"~bob/x", "/home/bob/x"},
		{"~+/x", "/home/u/proj/x"},
		{"~-", ""},
		{"", ""},
		{"$HOMEX", "/home/u/proj/$HOMEX"},
	} {
		if got := fsResolve(c, Lit(tc.in)).Abs; got != tc.want {
			t.Errorf("fsResolve(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := fsResolve(&Command{}, Lit("x")).Abs; got != "" {
		t.Errorf("relative without dir resolved to %q", got)
	}
}

func TestFsSystemDirs(t *testing.T) {
	for _, d := range []string{"/usr", "/etc", "/bin", "/usr/bin", "/var/lib", "/snap"} {
		if !fsIsSystemDir(d) {
			t.Errorf("%s is not a system dir", d)
		}
	}
	for _, d := range []string{"/", "/tmp", "/usr/local/bin", "/etc/nginx", "/mnt", "/u", "/us", "/usrx", ""} {
		if fsIsSystemDir(d) {
			t.Errorf("%s is a system dir", d)
		}
	}
}
