package guard

import (
	"strconv"
	"strings"
	"sync"
)

// A file effect is classified twice per path (checkEffect): on the path,
// and on neutralPath in its place, whose findings are the command's own
// and are left out. The second classification is the same for every
// effect of a kind (rm -f /opt/guardsh-neutral/f, > /opt/guardsh-neutral/f)
// in the same state, so its outcome (its level and the rules it found:
// all that checkEffect reads of it) is remembered.
//
// What it is remembered by is all it was made of: the command, the
// State's plain fields, and each variable, each path's being the line's
// own and each path's existing that the classification asked st about,
// with the answers it got; it is used again only when st gives the same
// answers to the same questions, so that the classification, which
// reads nothing else, would have come out the same. A State with any
// other function set (Funcs, Aliases, Source) is not remembered at all.

// neutralMemo remembers neutral classifications; nil remembers none.
type neutralMemo struct {
	mu sync.Mutex
	m  map[string][]neutralOutcome
	n  int
}

// neutralOutcome is one remembered classification: the questions asked
// of the State and their answers, and what checkEffect reads of the
// verdict.
type neutralOutcome struct {
	vars   []varAnswer
	owns   []pathAnswer // State.Own's
	exists []pathAnswer // State.Exists's
	level  Level
	rules  []string
}

type varAnswer struct {
	name, value string
	set         bool
}

type pathAnswer struct {
	path string
	yes  bool
}

// maxNeutral bounds the outcomes remembered.
const maxNeutral = 256

// neutralKey is what, besides the answers of st's functions, a
// classification of what in st is made of; ok is false when st has a
// function whose answers are not followed.
func neutralKey(what string, st State) (string, bool) {
	if st.Funcs != nil || st.Aliases != nil || st.Source != nil {
		return "", false
	}
	var b strings.Builder
	b.WriteString(what)
	b.WriteByte(0)
	b.WriteString(st.Dir)
	b.WriteByte(0)
	for _, flag := range []bool{st.Var == nil, st.Own == nil, st.Exists == nil, st.ParamsKnown, st.StdinPiped, st.CallsChecked, st.Stdin == nil, st.Params == nil} {
		b.WriteString(strconv.FormatBool(flag))
	}
	if st.Stdin != nil {
		b.WriteByte(0)
		b.WriteString(*st.Stdin)
	}
	b.WriteByte(0)
	b.WriteString(strconv.Itoa(len(st.Params)))
	for _, p := range st.Params {
		b.WriteByte(0)
		b.WriteString(p)
	}
	return b.String(), true
}

// classify returns the level and the rules of classify(st), remembered
// under what (the command classified, which classify must be a function
// of, with st, alone).
func (m *neutralMemo) classify(what string, st State, classify func(State) Verdict) (Level, []string) {
	key, ok := neutralKey(what, st)
	if m == nil || !ok {
		v := classify(st)
		return v.Level, ruleNames(v)
	}
	m.mu.Lock()
	outcomes := m.m[key]
	m.mu.Unlock()
	for i := range outcomes {
		if o := &outcomes[i]; o.holds(st) {
			return o.level, o.rules
		}
	}
	var o neutralOutcome
	rec := st
	if st.Var != nil {
		rec.Var = func(name string) (string, bool) {
			v, set := st.Var(name)
			o.vars = append(o.vars, varAnswer{name, v, set})
			return v, set
		}
	}
	if st.Own != nil {
		rec.Own = func(p string) bool {
			own := st.Own(p)
			o.owns = append(o.owns, pathAnswer{p, own})
			return own
		}
	}
	if st.Exists != nil {
		rec.Exists = func(p string) bool {
			there := st.Exists(p)
			o.exists = append(o.exists, pathAnswer{p, there})
			return there
		}
	}
	v := classify(rec)
	o.level, o.rules = v.Level, ruleNames(v)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.m == nil || m.n >= maxNeutral {
		m.m, m.n = map[string][]neutralOutcome{}, 0
	}
	m.m[key] = append(m.m[key], o)
	m.n++
	return o.level, o.rules
}

// holds says whether st answers the outcome's questions as it was
// answered.
func (o *neutralOutcome) holds(st State) bool {
	for _, a := range o.vars {
		if v, set := st.Var(a.name); v != a.value || set != a.set {
			return false
		}
	}
	for _, a := range o.owns {
		if st.Own(a.path) != a.yes {
			return false
		}
	}
	for _, a := range o.exists {
		if st.Exists(a.path) != a.yes {
			return false
		}
	}
	return true
}

func ruleNames(v Verdict) []string {
	names := make([]string, len(v.Findings))
	for i, f := range v.Findings {
		names[i] = f.Rule
	}
	return names
}
