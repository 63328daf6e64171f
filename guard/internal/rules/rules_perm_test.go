package rules

import (
	"testing"
)

func TestChmodModes(t *testing.T) {
	for _, tc := range []struct {
		mode           string
		writable, suid bool
	}{
		{"777", true, false},
		{"666", true, false},
		{"0777", true, false},
		{"00777", true, false},
		{"772", true, false},
		{"755", false, false},
		{"775", false, false},
		{"644", false, false},
		{"4755", false, true},
		{"2775", false, true},
		{"6777", true, true},
		{"1777", true, false},
		{"1755", false, false},
		{"a+rwx", true, false},
		{"o+w", true, false},
		{"go+w", true, false},
		{"a=rw", true, false},
		{"u+w", false, false},
		{"+w", false, false},
		{"o-w", false, false},
		{"u+s", false, true},
		{"g+s", false, true},
		{"+s", false, true},
		{"o+s", false, false},
		{"u=rwx,g=rx,o=rx", false, false},
		{"u=rwx,g=rx,o=rwx", true, false},
		{"o+r-w", false, false},
		{"o-r+w", true, false},
		{"", false, false},
	} {
		if got := chmodWorldWritable(tc.mode); got != tc.writable {
			t.Errorf("chmodWorldWritable(%q) = %v", tc.mode, got)
		}
		if got := chmodSetuid(tc.mode); got != tc.suid {
			t.Errorf("chmodSetuid(%q) = %v", tc.mode, got)
		}
	}
}
