package guard

import (
	"cmp"
	"slices"
	"strings"
)

// dispatch says which rules (indexes in Guard.rules) the walker calls on a
// command: anyProg on every command, progRules[progID[name]] on commands
// of one program name (merged, once, with anyProg and the rules of the
// name prefixes the name has), byPrefix on names with a prefix, onRedirect
// on commands with redirects, onAssign on NAME=VALUE words.
type dispatch struct {
	anyProg   []int
	progID    map[string]int32
	progRules [][]int
	byPrefix  []prefixRule
	// byFirst gives, for each byte, the part of byPrefix (sorted by first
	// byte) whose prefixes start with it: a name starting with a byte
	// whose part is empty has none.
	byFirst    [256]span
	onRedirect []int
	onAssign   []int
}

// prefixRule is a rule dispatched on a program-name prefix.
type prefixRule struct {
	prefix string
	rule   int
}

// forProg returns the rules of a program name, anyProg and prefix rules
// merged in; known is false for a name no rule lists.
func (d *dispatch) forProg(name string) (rules []int, known bool) {
	id, ok := d.progID[name]
	if !ok {
		return nil, false
	}
	return d.progRules[id], true
}

// newDispatch builds the dispatch of rules; all sends every rule to every
// command. It allocates a few slices whatever the number of rules and
// names: it runs at every start of guardsh.
func newDispatch(rules []builtin, all bool) dispatch {
	var d dispatch
	// Families share one list of programs between their rules; counting
	// a shared list once bounds the number of names, for the map's size.
	npairs, nnames, nprefixes, nredirects, nassigns := 0, 0, 0, 0, 0
	var last []string
	for i := range rules {
		b := &rules[i]
		npairs += len(b.progs)
		if !sameList(last, b.progs) {
			last, nnames = b.progs, nnames+len(b.progs)
		}
		nprefixes += len(b.prefixes)
		nredirects += btoi(b.redirects)
		nassigns += btoi(b.assigns)
	}
	d.byPrefix = make([]prefixRule, 0, nprefixes)
	d.onRedirect = make([]int, 0, nredirects)
	d.onAssign = make([]int, 0, nassigns)
	// The (name, rule) pairs in rule order, the names numbered as met.
	type pair struct{ name, rule int32 }
	pairs := make([]pair, 0, npairs)
	names := make([]string, 0, nnames)
	d.progID = make(map[string]int32, nnames)
	// The names of a list shared with the rule before are not looked up
	// again.
	last = nil
	var lastIDs []int32
	for i := range rules {
		b := &rules[i]
		if b.check == nil {
			continue
		}
		if all || b.everyCommand() {
			d.anyProg = append(d.anyProg, i)
			continue
		}
		if !sameList(last, b.progs) {
			last, lastIDs = b.progs, lastIDs[:0]
			for _, p := range b.progs {
				id, ok := d.progID[p]
				if !ok {
					id = int32(len(names))
					d.progID[p] = id
					names = append(names, p)
				}
				lastIDs = append(lastIDs, id)
			}
		}
		for _, id := range lastIDs {
			pairs = append(pairs, pair{id, int32(i)})
		}
		for _, p := range b.prefixes {
			d.byPrefix = append(d.byPrefix, prefixRule{p, i})
		}
		if b.redirects {
			d.onRedirect = append(d.onRedirect, i)
		}
		if b.assigns {
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
	// Each name's list gets room for its rules, anyProg and its prefix
	// rules, all in one backing array.
	room := make([]int, len(names))
	prefixed := make([]bool, len(names))
	total := 0
	for id, n := range names {
		k := d.prefixCount(n)
		room[id], prefixed[id] = len(d.anyProg)+k, k > 0
	}
	for _, p := range pairs {
		room[p.name]++
	}
	for _, r := range room {
		total += r
	}
	backing := make([]int, total)
	d.progRules = make([][]int, len(names))
	off := 0
	for id, r := range room {
		d.progRules[id] = backing[off : off : off+r]
		off += r
	}
	// The lists are filled in rule order, each rule of anyProg going to
	// every name when its turn comes, so that they come out sorted.
	next := 0
	for _, p := range pairs {
		for ; next < len(d.anyProg) && d.anyProg[next] < int(p.rule); next++ {
			d.appendToAll(d.anyProg[next])
		}
		d.progRules[p.name] = append(d.progRules[p.name], int(p.rule))
	}
	for ; next < len(d.anyProg); next++ {
		d.appendToAll(d.anyProg[next])
	}
	// The few names with prefix rules get them merged in.
	var extra, merged []int
	for id, n := range names {
		if !prefixed[id] {
			continue
		}
		extra = extra[:0]
		for _, pr := range d.byPrefix {
			if strings.HasPrefix(n, pr.prefix) {
				extra = append(extra, pr.rule)
			}
		}
		slices.Sort(extra)
		merged = mergeSorted(merged[:0], d.progRules[id], slices.Compact(extra))
		d.progRules[id] = append(d.progRules[id][:0], merged...)
	}
	return d
}

// appendToAll appends a rule to the list of every name.
func (d *dispatch) appendToAll(rule int) {
	for id := range d.progRules {
		d.progRules[id] = append(d.progRules[id], rule)
	}
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
func (d *dispatch) prefixCount(name string) int {
	n := 0
	for _, pr := range d.prefixesOf(name) {
		if strings.HasPrefix(name, pr.prefix) {
			n++
		}
	}
	return n
}

// prefixesOf returns the prefix rules whose prefix starts like name.
func (d *dispatch) prefixesOf(name string) []prefixRule {
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

// mergeSorted appends the union of two sorted lists to dst, in order.
func mergeSorted(dst, a, b []int) []int {
	for len(a) > 0 || len(b) > 0 {
		switch {
		case len(b) == 0 || len(a) > 0 && a[0] < b[0]:
			dst, a = append(dst, a[0]), a[1:]
		case len(a) == 0 || b[0] < a[0]:
			dst, b = append(dst, b[0]), b[1:]
		default:
			dst, a, b = append(dst, a[0]), a[1:], b[1:]
		}
	}
	return dst
}
