package guard

import (
	"testing"

	"guardsh/allowlist"
	"mvdan.cc/sh/v3/syntax"
)

// TestAutoDeviceDir checks that no line is auto in /dev, /proc or /sys,
// where a relative name may be a device, and that auto mode never reads
// a device named by path.
func TestAutoDeviceDir(t *testing.T) {
	l := allowlist.New()
	g := mustGuard(t, WithAuto(func(f *syntax.File) bool { ok, _ := l.Check(f); return ok }))
	for _, tc := range []struct {
		dir, line string
		auto      bool
	}{
		{"/dev", "cat sda", false},
		{"/dev/disk", "cat by-id/x", false},
		{"/proc", "head kcore", false},
		{"/sys/firmware", "cat acpi/tables/DSDT", false},
		{"/home/u/proj", "cat /dev/sda", false},
		{"/home/u/proj", "cat /dev/mem", false},
		{"/home/u/proj", "cat /dev/zero", false},
		{"/home/u/proj", "head /proc/kcore", false},
		{"/home/u/proj", "cat README.md", true},
		{"/home/u/proj", "cat /dev/null", true},
		{"/home/u/proj", "cat ~/.guardshrc", true},
		{"/tmp/dev", "cat sda", true},
	} {
		st := testState()
		st.Dir = tc.dir
		if v := g.Classify(tc.line, st); v.Auto != tc.auto {
			t.Errorf("Classify(%q) in %s: auto %v, want %v (%v)", tc.line, tc.dir, v.Auto, tc.auto, v.Findings)
		}
	}
}
