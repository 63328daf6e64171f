package argv

import (
	"strings"
	"testing"
)

// TestSSHKeygen reads ssh-keygen's command lines as its getopt does:
// -f's value attached or in the next word, flags bundled with it, -g a
// flag, the operands of -s after the options.
func TestSSHKeygen(t *testing.T) {
	for _, tc := range []struct {
		line, want string // want: each option as name=value, then the operands
	}{
		{"-q -t ed25519 -N '' -f k", "q t=ed25519 N='' f=k"},
		{"-pf private.key", "p f=private.key"},
		{"-fk -y", "f=k y"},
		{"-Hf known_hosts", "H f=known_hosts"},
		{"-r host -g -f k", "r=host g f=k"},
		{"-s ca -I id user.pub", "s=ca I=id | user.pub"},
	} {
		args := strings.Fields(tc.line)
		s := Getopt(&SSHKeygen, args, func(w string) string { return w })
		var got []string
		for _, o := range s.Opts {
			if o.HasValue {
				got = append(got, o.Name+"="+o.Value)
			} else {
				got = append(got, o.Name)
			}
		}
		if len(s.Operands) > 0 {
			got = append(got, "|")
			for _, i := range s.Operands {
				got = append(got, args[i])
			}
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%s: %s, want %s", tc.line, g, tc.want)
		}
	}
}
