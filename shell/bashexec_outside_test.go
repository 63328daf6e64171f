package shell

import (
	"slices"
	"testing"
)

// What an earlier line exported that would make the bash outside the
// supervisor run code (xtrace's PS4, the loader's LD_PRELOAD) does not
// reach it; the rest of the shell's exports do.
func TestOutsideEnv(t *testing.T) {
	b := &bashSide{exported: map[string]string{
		"PATH": "/bin", "LANG": "C", "SHELLOPTS": "xtrace", "BASHOPTS": "extdebug", "PS4": "$(./x)",
		"LD_PRELOAD": "/tmp/x.so", "LD_LIBRARY_PATH": "/tmp", "BASH_ENV": "/x", "ENV": "/y", "BASH_FUNC_f%%": "() { :; }",
	}}
	if got, want := b.outsideEnv(), []string{"LANG=C", "PATH=/bin"}; !slices.Equal(got, want) {
		t.Errorf("outsideEnv = %q, want %q", got, want)
	}
}
