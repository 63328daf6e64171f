package rules

import "sync"

//go:generate env GUARDSH_UPDATE_RULES=1 go test -run ^TestStaticTable$ .

// Static returns every built-in rule, as BuiltinRules does, with Origin
// "built-in" and DefaultLevel set, without making any: the table is data
// written at build time (static_gen.go, made from BuiltinRules), and a
// rule's check makes its family the first time it is called. A line
// names a few programs, and guardsh starts for each line: most families
// are never made.
//
// The slice is shared: the caller must not change its elements.
func Static() []Builtin { return staticRules[:len(staticRules):len(staticRules)] }

// builtFamily is one family made, at the first call of a check of it.
type builtFamily struct {
	once  sync.Once
	rules []Builtin
}

// builtFamilies are the families made so far, as families.
var builtFamilies [len(families)]builtFamily

// staticCheck calls the check of rule i of the static table, making its
// family first if it is not made yet.
func staticCheck(i int, c *Command) []Hit {
	f := int(staticFamily[i])
	bf := &builtFamilies[f]
	bf.once.Do(func() { bf.rules = families[f].build() })
	return bf.rules[i-int(staticFirst[f])].Check(c)
}
