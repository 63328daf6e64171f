package walk

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"guardsh/guard/internal/rules"
)

// Dispatch says which rules (indexes in Guard.rules) the walker calls on a
// command: anyProg on every command, forProg(name) on commands of one
// program name (merged with anyProg and the rules of the name prefixes
// the name has), byPrefix on names with a prefix, onRedirect on commands
// with redirects, onAssign on NAME=VALUE words.
type Dispatch struct {
	AnyProg []int
	// names holds each program name's list, made the first time a
	// command of that name is checked: a line names a few programs of
	// the hundreds the rules list, and guardsh starts for each line.
	names *progLists
	// byFirst gives, for each byte, the part of byPrefix (sorted by first
	// byte) whose prefixes start with it: a name starting with a byte
	// whose part is empty has none.
	byPrefix   []prefixRule
	byFirst    [256]span
	onRedirect []int
	onAssign   []int
}

// progLists are the lists of rules of the program names met so far.
type progLists struct {
	rules []rules.Builtin // the rules dispatched, nil when every rule sees every command
	mu    sync.Mutex
	lists map[string]progList
}

// progList is one program name's rules; known is false for a name no
// rule lists (its list is then unused).
type progList struct {
	rules []int
	known bool
}

// maxUnknownNames bounds how many names no rule lists are remembered (a
// build runs many scripts of its own): past it, such a name is looked up
// again each time, which costs a pass over the rules' names.
const maxUnknownNames = 4096

// prefixRule is a rule dispatched on a program-name prefix.
type prefixRule struct {
	prefix string
	rule   int
}

// ForProg returns the rules of a program name, anyProg and prefix rules
// merged in; known is false for a name no rule lists.
func (d *Dispatch) ForProg(name string) (rules []int, known bool) {
	n := d.names
	if n == nil || n.rules == nil {
		return nil, false
	}
	n.mu.Lock()
	l, ok := n.lists[name]
	n.mu.Unlock()
	if ok {
		return l.rules, l.known
	}
	l = d.listOf(name)
	n.mu.Lock()
	if l.known || len(n.lists) < maxUnknownNames {
		n.lists[name] = l
	}
	n.mu.Unlock()
	return l.rules, l.known
}

// listOf makes the list of a program name: in rule order, the rules that
// name it, those that look at every command and those of the name's
// prefixes.
func (d *Dispatch) listOf(name string) progList {
	rules := d.names.rules
	known := false
	// Families share one list of programs between their rules: a list
	// is searched once.
	var last []string
	inLast := false
	for i := range rules {
		b := &rules[i]
		if b.Check == nil || b.EveryCommand() {
			continue
		}
		if !sameList(last, b.Progs) {
			last, inLast = b.Progs, slices.Contains(b.Progs, name)
		}
		if inLast {
			known = true
			break
		}
	}
	if !known {
		return progList{}
	}
	var out []int
	last, inLast = nil, false
	for i := range rules {
		b := &rules[i]
		if b.Check == nil {
			continue
		}
		if !sameList(last, b.Progs) {
			last, inLast = b.Progs, slices.Contains(b.Progs, name)
		}
		has := b.EveryCommand() || inLast
		for _, p := range b.Prefixes {
			has = has || strings.HasPrefix(name, p)
		}
		if has {
			out = append(out, i)
		}
	}
	return progList{rules: out, known: true}
}

// NewDispatch builds the dispatch of rules; all sends every rule to every
// command. It runs at every start of guardsh: the lists by program name
// are made when first needed.
func NewDispatch(rules []rules.Builtin, all bool) Dispatch {
	var d Dispatch
	nprefixes, nredirects, nassigns := 0, 0, 0
	for i := range rules {
		b := &rules[i]
		nprefixes += len(b.Prefixes)
		nredirects += btoi(b.Redirects)
		nassigns += btoi(b.Assigns)
	}
	d.byPrefix = make([]prefixRule, 0, nprefixes)
	d.onRedirect = make([]int, 0, nredirects)
	d.onAssign = make([]int, 0, nassigns)
	d.names = &progLists{lists: map[string]progList{}}
	if !all {
		d.names.rules = rules
	}
	for i := range rules {
		b := &rules[i]
		if b.Check == nil {
			continue
		}
		if all || b.EveryCommand() {
			d.AnyProg = append(d.AnyProg, i)
			continue
		}
		for _, p := range b.Prefixes {
			d.byPrefix = append(d.byPrefix, prefixRule{p, i})
		}
		if b.Redirects {
			d.onRedirect = append(d.onRedirect, i)
		}
		if b.Assigns {
			d.onAssign = append(d.onAssign, i)
		}
	}
	slices.SortStableFunc(d.byPrefix, func(a, b prefixRule) int {
		return cmp.Compare(firstByte(a.prefix), firstByte(b.prefix))
	})
	for i, pr := range d.byPrefix {
		if pr.prefix == "" {
			continue
		}
		sp := &d.byFirst[pr.prefix[0]]
		if sp.to == 0 {
			sp.from = int32(i)
		}
		sp.to = int32(i + 1)
	}
	return d
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sameList reports whether a and b are the same non-empty slice.
func sameList(a, b []string) bool {
	return len(a) > 0 && len(a) == len(b) && &a[0] == &b[0]
}

// prefixCount returns how many prefix rules a name has.
func (d *Dispatch) prefixCount(name string) int {
	n := 0
	for _, pr := range d.prefixesOf(name) {
		if strings.HasPrefix(name, pr.prefix) {
			n++
		}
	}
	return n
}

// prefixesOf returns the prefix rules whose prefix starts like name.
func (d *Dispatch) prefixesOf(name string) []prefixRule {
	if name == "" {
		return nil
	}
	sp := d.byFirst[name[0]]
	return d.byPrefix[sp.from:sp.to]
}

// span is the part [from, to) of a slice.
type span struct{ from, to int32 }

func firstByte(s string) int {
	if s == "" {
		return -1
	}
	return int(s[0])
}
