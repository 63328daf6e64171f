package rules

import (
	"testing"
)

// TestRsyncRemote checks which operands are on another machine.
func TestRsyncRemote(t *testing.T) {
	for _, tt := range []struct {
		arg, host string
	}{
		{"host:/srv", "host"},
		{"user@host:dir", "user@host"},
		{"host:", "host"},
		{"host::module", "host"},
		{"rsync://host/module", "host"},
		{"[::1]:/x", "[::1]"},
		{"./a:b", ""},
		{"/tmp/a:b", ""},
		{"dir/", ""},
		{":x", ""},
		{"", ""},
		{Unknown + ":x", ""},
		{"host:" + Unknown, "host"},
	} {
		host, ok := rsyncRemote(Word{Value: tt.arg})
		if host != tt.host || ok != (tt.host != "") {
			t.Errorf("rsyncRemote(%q) = %q, %v; want %q", tt.arg, host, ok, tt.host)
		}
	}
}
