package argv

import "testing"

// TestIsDynamicLoader: the loader's names, and neighbours that are not it.
func TestIsDynamicLoader(t *testing.T) {
	for name, want := range map[string]bool{
		"ld.so": true, "ld-linux-x86-64.so.2": true, "ld-linux.so.2": true,
		"ld-linux-aarch64.so.1": true, "ld-musl-x86_64.so.1": true, "ld-2.31.so": true,
		"ld": false, "ld.gold": false, "ld-": false, "ld-.so": false, "libc.so.6": false,
		"ld-linux.sox": false, "gold": false,
	} {
		if got := IsDynamicLoader(name); got != want {
			t.Errorf("IsDynamicLoader(%q) = %v, want %v", name, got, want)
		}
	}
}
