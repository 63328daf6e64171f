package guard

import (
	"go/build"
	"strings"
	"testing"

	"guardsh/guard/internal/oneliner"
	"guardsh/guard/internal/sedscript"
)

// leafPackages are the readers of other languages under guard/internal:
// they import only the standard library, and never guard.
var leafPackages = []string{"internal/oneliner", "internal/sedscript", "internal/sqlscan"}

// TestLeavesStdlibOnly checks the rule of the house that the leaf readers
// import only the standard library (tests included).
func TestLeavesStdlibOnly(t *testing.T) {
	for _, dir := range leafPackages {
		p, err := build.ImportDir(dir, 0)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		for _, imp := range append(append(p.Imports, p.TestImports...), p.XTestImports...) {
			if first, _, _ := strings.Cut(imp, "/"); strings.Contains(first, ".") || first == "guardsh" {
				t.Errorf("%s imports %s: the leaf readers import only the standard library", dir, imp)
			}
		}
	}
}

// TestLeavesUnknown checks that the leaf readers mark a part only known
// at run time as guard's words do.
func TestLeavesUnknown(t *testing.T) {
	for name, u := range map[string]string{"oneliner": oneliner.Unknown, "sedscript": sedscript.Unknown} {
		if u != Unknown {
			t.Errorf("%s.Unknown = %q, want guard's %q", name, u, Unknown)
		}
	}
}
