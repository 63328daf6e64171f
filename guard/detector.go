package guard

import (
	"fmt"
	"slices"
	"sync"

	"guardsh/guard/internal/rules"
)

// Detector checks commands against an ordered, editable registry of rules:
// guardsh's built-in rules followed by custom Patterns. It is the library
// face of a Guard: every edit rebuilds (lazily, at the next check) a Guard
// made with New and the options the registry stands for, so a pattern added
// here and a [[pattern]] table in a config file are the same thing.
//
// The registry, as Patterns lists it, holds:
//
//   - every built-in rule that is not disabled, in guardsh's order, as a
//     Pattern with Origin OriginBuiltin and an empty Regex (see
//     Pattern.Builtin), at its level in force;
//   - then every custom pattern, in the order it was added.
//
// Editing it:
//
//   - AddPattern appends a custom pattern; given a built-in entry it turns
//     that built-in rule back on, at the entry's level.
//   - RemovePattern deletes a custom pattern, or disables a built-in rule.
//   - ReplacePatterns replaces every custom pattern at once; built-in
//     entries in its argument are turned on at their level, and built-in
//     rules it does not name keep their state. So
//     d.ReplacePatterns(d.Patterns()) changes nothing, and
//     d.ReplacePatterns(nil) removes every custom pattern.
//
// Check reports one Warning per rule that matched, in registry order.
//
// A Detector is safe for concurrent use.
type Detector struct {
	mu       sync.RWMutex
	base     *config // options as given: limits, block level, protected paths, levels
	builtins []Rule  // every built-in rule, at its default level
	custom   []Pattern
	state    State
	built    *detectorBuild // nil after an edit
}

// detectorBuild is the Guard a registry stands for, with the registry's
// order for sorting warnings.
type detectorBuild struct {
	g     *Guard
	err   error
	order map[string]int
	entry map[string]Pattern
}

// NewDetector returns a Detector with every built-in rule and the options
// applied: patterns given WithPatterns are its first custom patterns,
// WithDisabled removes rules from the registry, WithLevel changes levels.
func NewDetector(opts ...Option) (*Detector, error) {
	c, err := snapshotOptions(opts)
	if err != nil {
		return nil, err
	}
	d := &Detector{base: c}
	for _, p := range c.patterns {
		// A pattern disabled as it is added is not in the registry.
		if _, off := c.disabled[p.Name]; off {
			delete(c.disabled, p.Name)
			delete(c.levels, p.Name)
			continue
		}
		d.custom = append(d.custom, p)
	}
	c.patterns = nil
	for _, b := range rules.Static() {
		r := b.Rule
		r.Origin = OriginBuiltin
		r.DefaultLevel = r.Level
		d.builtins = append(d.builtins, r)
	}
	// Build once now, so that bad options fail here and not at a check.
	if b := d.build(); b.err != nil {
		return nil, b.err
	}
	return d, nil
}

// SetState sets what the shell knows (variables, working directory) when
// the detector checks a command. The zero State is an empty environment.
func (d *Detector) SetState(st State) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.state = st
}

// Guard returns the Guard the registry stands for, as it is now.
func (d *Detector) Guard() *Guard {
	b, _ := d.current()
	return b.g
}

// Patterns returns the registry: the built-in rules in force, then the
// custom patterns, each at its level in force.
func (d *Detector) Patterns() []Pattern {
	b, _ := d.current()
	d.mu.RLock()
	defer d.mu.RUnlock()
	var ps []Pattern
	for _, r := range d.builtins {
		if _, off := d.base.disabled[r.Name]; off {
			continue
		}
		p := Pattern{Name: r.Name, Level: r.Level, Description: r.Description, Origin: OriginBuiltin, g: b.g}
		if l, ok := d.base.levels[r.Name]; ok {
			p.Level = l
		}
		ps = append(ps, p)
	}
	for _, p := range d.custom {
		if _, off := d.base.disabled[p.Name]; off {
			continue
		}
		if l, ok := d.base.levels[p.Name]; ok {
			p.Level = l
		}
		ps = append(ps, p)
	}
	return ps
}

// AddPattern appends a custom pattern to the registry. It fails on a bad
// regular expression and on a name already in use, by a custom pattern or
// a built-in rule. Given a built-in entry (Pattern.Builtin), it turns that
// rule back on at the entry's level.
func (d *Detector) AddPattern(p Pattern) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if p.Builtin() {
		return d.enableBuiltin(p)
	}
	if err := d.checkCustom(p, d.custom); err != nil {
		return err
	}
	if err := p.compile(); err != nil {
		return err
	}
	d.custom = append(d.custom, p)
	d.built = nil
	return nil
}

// RemovePattern takes the rule with this name out of the registry: a
// custom pattern is deleted, a built-in rule disabled. It reports whether
// the rule was in the registry.
func (d *Detector) RemovePattern(name string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, off := d.base.disabled[name]; off {
		return false
	}
	if i := slices.IndexFunc(d.custom, func(p Pattern) bool { return p.Name == name }); i >= 0 {
		d.custom = slices.Delete(d.custom, i, i+1)
		delete(d.base.levels, name)
		d.built = nil
		return true
	}
	if d.isBuiltin(name) {
		d.base.disabled[name] = ""
		d.built = nil
		return true
	}
	return false
}

// ReplacePatterns replaces every custom pattern with the custom patterns
// of ps, in order. Built-in entries in ps turn those rules on at their
// level; built-in rules ps does not name keep their state (RemovePattern
// disables one). On error nothing changes.
func (d *Detector) ReplacePatterns(ps []Pattern) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	var custom []Pattern
	var builtins []Pattern
	for _, p := range ps {
		if p.Builtin() {
			if !d.isBuiltin(p.Name) {
				return fmt.Errorf("pattern %s: no built-in rule has this name", p.Name)
			}
			builtins = append(builtins, p)
			continue
		}
		if err := d.checkCustom(p, custom); err != nil {
			return err
		}
		if err := p.compile(); err != nil {
			return err
		}
		custom = append(custom, p)
	}
	for _, p := range d.custom {
		delete(d.base.levels, p.Name)
		delete(d.base.disabled, p.Name)
	}
	d.custom = custom
	for _, p := range builtins {
		if err := d.enableBuiltin(p); err != nil {
			return err // cannot happen: checked above
		}
	}
	d.built = nil
	return nil
}

// Check returns a Warning for each rule that matches the command, in
// registry order; none when it is safe. A command that does not parse
// gets the built-in rule parse_error.
func (d *Detector) Check(command string) []Warning {
	b, st := d.current()
	if b.err != nil {
		return []Warning{{Command: command, Level: Blocked,
			Pattern: Pattern{Name: "detector_error", Level: Blocked, Description: b.err.Error(), Origin: OriginBuiltin},
			Reason:  b.err.Error(), Text: command}}
	}
	v := b.g.Classify(command, st)
	return b.warnings(command, v)
}

// CheckFirst returns the first warning Check would return, and whether
// there is one.
func (d *Detector) CheckFirst(command string) (Warning, bool) {
	ws := d.Check(command)
	if len(ws) == 0 {
		return Warning{}, false
	}
	return ws[0], true
}

// MaxLevel returns the highest level of any rule matching the command,
// Safe when none does.
func (d *Detector) MaxLevel(command string) Level {
	l := Safe
	for _, w := range d.Check(command) {
		l = max(l, w.Level)
	}
	return l
}

// IsDangerous reports whether a rule above Safe matches the command.
func (d *Detector) IsDangerous(command string) bool { return d.MaxLevel(command) > Safe }

// current returns the Guard for the registry, building it when an edit
// dropped it, and the state to check with.
func (d *Detector) current() (*detectorBuild, State) {
	d.mu.RLock()
	b, st := d.built, d.state
	d.mu.RUnlock()
	if b != nil {
		return b, st
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.built == nil {
		d.built = d.buildLocked()
	}
	return d.built, d.state
}

// build builds the Guard; the caller must not hold the lock.
func (d *Detector) build() *detectorBuild {
	b, _ := d.current()
	return b
}

// buildLocked makes the Guard the registry stands for: New with the base
// options, the custom patterns as WithPatterns, the disabled rules as
// WithDisabled and the levels as WithLevel.
func (d *Detector) buildLocked() *detectorBuild {
	c := d.base.clone()
	c.patterns = slices.Clone(d.custom)
	g, err := New(withConfig(c))
	b := &detectorBuild{g: g, err: err, order: map[string]int{}, entry: map[string]Pattern{}}
	if err != nil {
		return b
	}
	i := 0
	for _, r := range d.builtins {
		p := Pattern{Name: r.Name, Level: r.Level, Description: r.Description, Origin: OriginBuiltin, g: g}
		if l, ok := c.levels[r.Name]; ok {
			p.Level = l
		}
		b.order[r.Name], b.entry[r.Name] = i, p
		i++
	}
	for _, p := range d.custom {
		if l, ok := c.levels[p.Name]; ok {
			p.Level = l
		}
		b.order[p.Name], b.entry[p.Name] = i, p
		i++
	}
	return b
}

// warnings turns a verdict into one warning per rule, in registry order.
func (b *detectorBuild) warnings(command string, v Verdict) []Warning {
	var ws []Warning
	seen := map[string]bool{}
	for _, f := range v.Findings {
		if seen[f.Rule] {
			continue
		}
		seen[f.Rule] = true
		p, ok := b.entry[f.Rule]
		if !ok {
			// A rule the walker emits without listing it.
			p = Pattern{Name: f.Rule, Level: f.Level, Description: f.Reason, Origin: OriginBuiltin}
		}
		ws = append(ws, Warning{Command: command, Pattern: p, Level: f.Level, Reason: f.Reason, Text: f.Text})
	}
	slices.SortStableFunc(ws, func(a, c Warning) int {
		return b.rank(a.Pattern.Name) - b.rank(c.Pattern.Name)
	})
	return ws
}

func (b *detectorBuild) rank(name string) int {
	if i, ok := b.order[name]; ok {
		return i
	}
	return len(b.order)
}

func (d *Detector) isBuiltin(name string) bool {
	return slices.ContainsFunc(d.builtins, func(r Rule) bool { return r.Name == name })
}

// enableBuiltin turns a built-in rule on at p's level; the lock is held.
func (d *Detector) enableBuiltin(p Pattern) error {
	i := slices.IndexFunc(d.builtins, func(r Rule) bool { return r.Name == p.Name })
	if i < 0 {
		return fmt.Errorf("pattern %s: no built-in rule has this name", p.Name)
	}
	delete(d.base.disabled, p.Name)
	if p.Level == d.builtins[i].Level {
		delete(d.base.levels, p.Name)
	} else {
		d.base.levels[p.Name] = p.Level
	}
	d.built = nil
	return nil
}

// checkCustom rejects a custom pattern whose name is taken; the lock is
// held.
func (d *Detector) checkCustom(p Pattern, others []Pattern) error {
	if p.Name == "" {
		return fmt.Errorf("pattern with regular expression %q: missing name", p.Regex)
	}
	if d.isBuiltin(p.Name) {
		return fmt.Errorf("pattern %s: a built-in rule has this name", p.Name)
	}
	if slices.ContainsFunc(others, func(q Pattern) bool { return q.Name == p.Name }) {
		return fmt.Errorf("pattern %s: a pattern with this name is already in the registry", p.Name)
	}
	return nil
}
