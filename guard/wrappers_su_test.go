package guard

import (
	"testing"
)

// TestSuScriptOptions: su's, runuser's, script's and flock's -c is found
// with their grammars; a value holding a c (su -s/bin/csh, script
// -O/tmp/capture) is no -c (the code after it was missed before).
func TestSuScriptOptions(t *testing.T) {
	t.Parallel()
	g := mustGuard(t)
	for _, tt := range []struct {
		line string
		want Level
	}{
		{"su -s/bin/csh root -c 'rm -rf /'", Blocked},
		{"su -s /bin/csh root -c 'rm -rf /'", Blocked},
		{"su -c 'rm -rf /' root", Blocked},
		{"su - root -c 'rm -rf /'", Blocked},
		{"su -lc 'rm -rf /'", Blocked},
		{"su --command='rm -rf /'", Blocked},
		{"su --session-command 'rm -rf /' bob", Blocked},
		{"su -c 'ls' bob", Medium},
		{"script -O/tmp/capture -c 'rm -rf /'", Blocked},
		{"script -qfc 'rm -rf /' log", Blocked},
		{"script --command 'rm -rf /'", Blocked},
		{"script -c ls log", Safe},
		{"flock -E1 /tmp/l -c 'rm -rf /'", Blocked},
		{"flock /tmp/l -c ls", Safe},
		{"runuser -l bob -c 'rm -rf /'", Blocked},
		{"runuser -u bob -- rm -rf /", Blocked},
		{"runuser -u bob rm -rf /", Blocked},
		{"sg staff -c 'rm -rf /'", Blocked},
		{"sg staff 'rm -rf /'", Blocked},
	} {
		if v := g.Classify(tt.line, testState()); v.Level != tt.want {
			t.Errorf("%q: %s, want %s: %v", tt.line, v.Level, tt.want, v.Findings)
		}
	}
}
