package guard

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"guardsh/guard/internal/rules"
)

func newTestDetector(t *testing.T, opts ...Option) *Detector {
	t.Helper()
	d, err := NewDetector(opts...)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func names(ps []Pattern) []string {
	var ns []string
	for _, p := range ps {
		ns = append(ns, p.Name)
	}
	return ns
}

func customNames(ps []Pattern) []string {
	var ns []string
	for _, p := range ps {
		if !p.Builtin() {
			ns = append(ns, p.Name)
		}
	}
	return ns
}

func findRule(g *Guard, name string) (Rule, bool) {
	for _, r := range g.Rules() {
		if r.Name == name {
			return r, true
		}
	}
	return Rule{}, false
}

func TestDetectorPatternsListsBuiltins(t *testing.T) {
	d := newTestDetector(t)
	ps := d.Patterns()
	var want []string
	for _, b := range rules.BuiltinRules() {
		want = append(want, b.Name)
	}
	if got := names(ps); !slices.Equal(got, want) {
		t.Fatalf("Patterns() = %v, want the built-in rules %v", got, want)
	}
	for _, p := range ps {
		if !p.Builtin() || p.Origin != OriginBuiltin || p.Regex != "" || p.Description == "" {
			t.Errorf("built-in entry %+v", p)
		}
	}
}

func TestDetectorAddPattern(t *testing.T) {
	d := newTestDetector(t)
	n := len(d.Patterns())
	if err := d.AddPattern(MustPattern("deploy_prod", `deploy\s+--prod`, High, "deploys to production")); err != nil {
		t.Fatal(err)
	}
	if err := d.AddPattern(MustPattern("drop_db", `drop\s+database`, Blocked, "drops a database")); err != nil {
		t.Fatal(err)
	}
	ps := d.Patterns()
	if len(ps) != n+2 || ps[n].Name != "deploy_prod" || ps[n+1].Name != "drop_db" {
		t.Fatalf("custom patterns not appended in order: %v", names(ps[n:]))
	}
	r, ok := findRule(d.Guard(), "drop_db")
	if !ok || r.Origin != "custom" || r.Level != Blocked {
		t.Errorf("Guard().Rules() has %+v, %v", r, ok)
	}
}

func TestDetectorAddPatternErrors(t *testing.T) {
	d := newTestDetector(t)
	if err := d.AddPattern(MustPattern("mine", "x", Medium, "")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		p    Pattern
		want string
	}{
		{Pattern{Name: "mine", Regex: "y"}, "already in the registry"},
		{Pattern{Name: rules.RuleSelf, Regex: "y"}, "built-in rule has this name"},
		{Pattern{Name: "bad", Regex: "("}, "pattern bad: bad regular expression"},
		{Pattern{Name: "empty", Regex: ""}, "empty regular expression"},
		{Pattern{Regex: "x"}, "missing name"},
		{Pattern{Name: "nosuch", Origin: OriginBuiltin}, "no built-in rule"},
	}
	for _, tt := range tests {
		err := d.AddPattern(tt.p)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("AddPattern(%+v) = %v, want error with %q", tt.p, err, tt.want)
		}
	}
	if got := customNames(d.Patterns()); !slices.Equal(got, []string{"mine"}) {
		t.Errorf("failed adds changed the registry: %v", got)
	}
}

func TestDetectorRemovePattern(t *testing.T) {
	d := newTestDetector(t, WithPatterns(MustPattern("a", "aaa", Medium, ""), MustPattern("b", "bbb", High, "")))
	if !d.RemovePattern("a") {
		t.Fatal("RemovePattern(a) = false")
	}
	if d.RemovePattern("a") {
		t.Error("second RemovePattern(a) = true")
	}
	if d.RemovePattern("no_such_rule") {
		t.Error("RemovePattern of an unknown name = true")
	}
	if got := customNames(d.Patterns()); !slices.Equal(got, []string{"b"}) {
		t.Errorf("customs = %v", got)
	}
	if _, ok := findRule(d.Guard(), "a"); ok {
		t.Error("removed pattern still in Guard().Rules()")
	}

	// Removing a built-in rule disables it.
	if !d.RemovePattern(rules.RuleSelf) {
		t.Fatal("RemovePattern(built-in) = false")
	}
	if slices.Contains(names(d.Patterns()), rules.RuleSelf) {
		t.Error("disabled built-in still listed")
	}
	if r, _ := findRule(d.Guard(), rules.RuleSelf); !r.Disabled {
		t.Errorf("Guard().Rules(): %+v, want disabled", r)
	}
	if d.RemovePattern(rules.RuleSelf) {
		t.Error("removing a disabled built-in again = true")
	}

	// Adding its entry back turns it on, at the entry's level.
	if err := d.AddPattern(Pattern{Name: rules.RuleSelf, Level: Blocked, Origin: OriginBuiltin}); err != nil {
		t.Fatal(err)
	}
	r, _ := findRule(d.Guard(), rules.RuleSelf)
	if r.Disabled || r.Level != Blocked || !r.Overridden || r.DefaultLevel != High {
		t.Errorf("re-enabled built-in: %+v", r)
	}
	i := slices.Index(names(d.Patterns()), rules.RuleSelf)
	if i < 0 || d.Patterns()[i].Level != Blocked {
		t.Errorf("re-enabled built-in not listed at its level")
	}
}

func TestDetectorReplacePatterns(t *testing.T) {
	d := newTestDetector(t, WithPatterns(MustPattern("a", "aaa", Medium, "")), WithLevel("a", High))
	before := d.Patterns()
	if err := d.ReplacePatterns(before); err != nil {
		t.Fatal(err)
	}
	if after := d.Patterns(); !slices.EqualFunc(before, after, func(p, q Pattern) bool {
		return p.Name == q.Name && p.Level == q.Level && p.Regex == q.Regex && p.Origin == q.Origin
	}) {
		t.Errorf("ReplacePatterns(Patterns()) changed the registry:\n%v\n%v", before, after)
	}

	d.RemovePattern(rules.RuleSelf)
	if err := d.ReplacePatterns([]Pattern{MustPattern("c", "ccc", Medium, ""), MustPattern("b", "bbb", High, "")}); err != nil {
		t.Fatal(err)
	}
	if got := customNames(d.Patterns()); !slices.Equal(got, []string{"c", "b"}) {
		t.Errorf("customs = %v, want [c b]", got)
	}
	if slices.Contains(names(d.Patterns()), rules.RuleSelf) {
		t.Error("ReplacePatterns turned on a built-in it did not name")
	}

	// Bad input changes nothing.
	for _, ps := range [][]Pattern{
		{MustPattern("x", "x", Medium, ""), {Name: "y", Regex: "("}},
		{MustPattern("x", "x", Medium, ""), MustPattern("x", "y", Medium, "")},
		{{Name: "nope", Origin: OriginBuiltin}},
		{{Name: rules.RuleParseError, Regex: "x"}},
	} {
		if err := d.ReplacePatterns(ps); err == nil {
			t.Errorf("ReplacePatterns(%v) = nil", names(ps))
		}
	}
	if got := customNames(d.Patterns()); !slices.Equal(got, []string{"c", "b"}) {
		t.Errorf("failed replace changed customs: %v", got)
	}

	// A built-in entry turns the rule back on.
	if err := d.ReplacePatterns([]Pattern{{Name: rules.RuleSelf, Level: High, Origin: OriginBuiltin}}); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(names(d.Patterns()), rules.RuleSelf) {
		t.Error("built-in entry did not turn the rule on")
	}
	if got := customNames(d.Patterns()); len(got) != 0 {
		t.Errorf("customs = %v, want none", got)
	}
}

func TestNewDetectorOptions(t *testing.T) {
	p := MustPattern("mine", "m", Medium, "")
	p.Origin = OriginConfig
	d := newTestDetector(t, WithPatterns(p, MustPattern("gone", "g", High, "")), WithDisabled(rules.RuleSelf, "gone"), WithLevel("mine", High))
	ps := d.Patterns()
	if slices.Contains(names(ps), rules.RuleSelf) || slices.Contains(names(ps), "gone") {
		t.Errorf("disabled rules listed: %v", names(ps))
	}
	last := ps[len(ps)-1]
	if last.Name != "mine" || last.Level != High || last.Origin != OriginConfig {
		t.Errorf("custom entry %+v", last)
	}
	if _, err := NewDetector(WithDisabled("no_such_rule")); err == nil {
		t.Error("unknown rule in WithDisabled: no error")
	}
	if _, err := NewDetector(WithPatterns(Pattern{Name: "x", Regex: "("})); err == nil {
		t.Error("bad regex: no error")
	}
	if got := newTestDetector(t, WithBlockLevel(Medium)).Guard().BlockLevel(); got != Medium {
		t.Errorf("block level %v", got)
	}
}

func TestDetectorCheck(t *testing.T) {
	d := newTestDetector(t)
	for _, p := range []Pattern{
		MustPattern("deploy_prod", `\bdeploy\b.*--prod\b`, High, "deploys to production"),
		MustPattern("nuke", `nuke\s+cluster`, Blocked, "destroys a cluster"),
		{Name: "Exact", Regex: `EXACT`, Level: Medium, Description: "upper case only", CaseSensitive: true},
		MustPattern("note", `note-to-self`, Safe, "matches without danger"),
	} {
		if err := d.AddPattern(p); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		cmd   string
		rules []string
		max   Level
	}{
		{"ls -la", nil, Safe},
		{"deploy --prod", []string{"deploy_prod"}, High},
		{"DEPLOY app --PROD", []string{"deploy_prod"}, High},
		{"deploy --staging", nil, Safe},
		{"ops NUKE  cluster x", []string{"nuke"}, Blocked},
		{"echo EXACT", []string{"Exact"}, Medium},
		{"echo exact", nil, Safe},
		{"note-to-self", []string{"note"}, Safe},
		// Registry order, not line order.
		{"echo EXACT; deploy --prod", []string{"deploy_prod", "Exact"}, High},
		{"echo 'unclosed", []string{rules.RuleParseError}, Blocked},
	}
	for _, tt := range tests {
		ws := d.Check(tt.cmd)
		var got []string
		for _, w := range ws {
			if w.Command != tt.cmd {
				t.Errorf("%q: warning for command %q", tt.cmd, w.Command)
			}
			got = append(got, w.Rule())
		}
		if !slices.Equal(got, tt.rules) {
			t.Errorf("Check(%q) rules = %v, want %v", tt.cmd, got, tt.rules)
		}
		if l := d.MaxLevel(tt.cmd); l != tt.max {
			t.Errorf("MaxLevel(%q) = %v, want %v", tt.cmd, l, tt.max)
		}
		if got := d.IsDangerous(tt.cmd); got != (tt.max > Safe) {
			t.Errorf("IsDangerous(%q) = %v", tt.cmd, got)
		}
		w, ok := d.CheckFirst(tt.cmd)
		if ok != (len(tt.rules) > 0) || ok && w.Rule() != tt.rules[0] {
			t.Errorf("CheckFirst(%q) = %v, %v", tt.cmd, w, ok)
		}
	}

	// Removing a pattern stops it matching.
	d.RemovePattern("deploy_prod")
	if d.IsDangerous("deploy --prod") {
		t.Error("removed pattern still matches")
	}
}

func TestDetectorBuiltinEntryMatches(t *testing.T) {
	d := newTestDetector(t)
	for _, p := range d.Patterns() {
		if p.Name == rules.RuleParseError {
			if !p.Matches("echo 'unclosed") {
				t.Error("parse_error entry does not match an unclosed quote")
			}
			if p.Matches("echo closed") {
				t.Error("parse_error entry matches a good line")
			}
			return
		}
	}
	t.Fatal("parse_error not listed")
}

func TestDetectorSetState(t *testing.T) {
	d := newTestDetector(t, WithPatterns(MustPattern("tmp", `^rm /tmp/x$`, Medium, "")))
	d.SetState(State{Dir: "/tmp"})
	_ = d.Check("rm x") // must not race or panic; patterns see the text as written
	if d.IsDangerous("ls") {
		t.Error("ls is dangerous")
	}
}

func TestDetectorConcurrent(t *testing.T) {
	t.Parallel()
	d := newTestDetector(t)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			name := fmt.Sprintf("p%d", i)
			for range 20 {
				_ = d.AddPattern(MustPattern(name, name+"-cmd", High, ""))
				_ = d.Check(name + "-cmd")
				_ = d.Patterns()
				d.RemovePattern(name)
				_ = d.MaxLevel("ls")
			}
		}()
	}
	wg.Wait()
	if got := customNames(d.Patterns()); len(got) != 0 {
		t.Errorf("customs left: %v", got)
	}
}

func TestWarningMessage(t *testing.T) {
	w := Warning{Pattern: Pattern{Name: "dd", Description: "can overwrite disk devices"}, Level: High, Reason: "writes /dev/sda"}
	if got, want := w.Message(), "[high] dd: can overwrite disk devices"; got != want {
		t.Errorf("Message() = %q, want %q", got, want)
	}
	w.Pattern.Description = ""
	if got, want := w.String(), "[high] dd: writes /dev/sda"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
