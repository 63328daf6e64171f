package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"guardsh/guard"
	"guardsh/shell/supervise"
)

// A protected directory emptied one entry at a time. `rm -rf "$d"/*`, with
// d computed to be the home directory, reaches the supervisor as an exec
// of rm with every entry of the home directory as its operands, and
// `shutil.rmtree(home)` as single unlinks and rmdirs: no call names the
// directory itself. So:
//
//   - At an exec (above safe), the operands that name direct entries of
//     the home directory, of a directory that holds it, of the root, or of
//     a directory whose own deletion is blocked (/usr, /etc), are compared
//     with the directory's listing: when they name every visible entry of
//     it (at least two), every entry, or at least 8 and three quarters of
//     them, the exec is also classified with those operands given as
//     DIR/*, which the rules read as everything in the directory (rm -rf
//     ~/* is rm_rf_home: blocked). A program that names a few entries (rm
//     -rf ~/.cache ~/.npm, rm -rf ./build) is as it was.
//   - At a removal (unlink, rmdir) of a direct entry of the home directory
//     or of the root that the removing process's own argv does not name
//     (rmtree with a computed path; find -delete), the decider counts
//     the entries removed so during the line; the removal of a fourth is
//     classified as rm -rf DIR/* and refused as that (blocked), so such a
//     line loses at most three of the home directory's entries (with what
//     is in them). Removals the process's argv names (rm -rf ~/a ~/b) were
//     judged at its exec, above, and are not counted.

// Bounds of the listing and of the coverage rule.
const (
	maxCoverEntries = 8192 // a directory with more is not listed whole: not compared
	coverMany       = 8    // operands that make "most of it" count
	maxEmptied      = 3    // unnamed removals of direct entries allowed per line
)

// coveredArgv returns argv with the operands that name (nearly) every
// entry of a protected directory replaced by DIR/*, and the directories
// so covered; ok is false when there are none.
func (d *decider) coveredArgv(argv []string, cwd string, st guard.State) (out []string, dirs []string, ok bool) {
	groups := map[string][]int{} // real directory -> argv indexes naming an entry of it
	var order []string
	dashes := false
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		if a == "--" && !dashes {
			dashes = true
			continue
		}
		if a == "" || (!dashes && strings.HasPrefix(a, "-") && a != "-") {
			continue
		}
		p := a
		if !filepath.IsAbs(p) {
			if !filepath.IsAbs(cwd) {
				continue
			}
			p = filepath.Join(cwd, p)
		}
		p = filepath.Clean(p)
		dir, base := filepath.Split(p)
		if base == "" || base == "." || base == ".." {
			continue
		}
		real, err := filepath.EvalSymlinks(dir)
		if err != nil {
			continue
		}
		if _, seen := groups[real]; !seen {
			order = append(order, real)
		}
		groups[real] = append(groups[real], i)
	}
	drop := map[int]bool{}
	subst := map[int]string{}
	for _, dir := range order {
		idx := groups[dir]
		if len(idx) < 2 || !d.protectedDir(dir, st) {
			continue
		}
		named := map[string]bool{}
		for _, i := range idx {
			named[filepath.Base(filepath.Clean(argv[i]))] = true
		}
		entries, ok := listDir(dir)
		if !ok || !covers(named, entries) {
			continue
		}
		subst[idx[0]] = filepath.Join(dir, "*")
		for _, i := range idx[1:] {
			drop[i] = true
		}
		dirs = append(dirs, dir)
	}
	if len(dirs) == 0 {
		return nil, nil, false
	}
	out = []string{argv[0]}
	for i := 1; i < len(argv); i++ {
		switch {
		case drop[i]:
		case subst[i] != "":
			out = append(out, subst[i])
		default:
			out = append(out, argv[i])
		}
	}
	return out, dirs, true
}

// protectedDir says whether emptying dir is the rules' business: the
// home directory or one that holds it, the root, or a directory whose own
// deletion is blocked (a system directory).
func (d *decider) protectedDir(dir string, st guard.State) bool {
	if dir == "/" || dir == d.home || (d.home != "" && strings.HasPrefix(d.home, dir+"/")) {
		return true
	}
	return d.g.CheckEffect(guard.EffectRemove, dir, "", st).Blocked
}

// listDir lists a directory's entries, at most maxCoverEntries.
func listDir(dir string) ([]string, bool) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	names, err := f.Readdirnames(maxCoverEntries + 1)
	if err != nil || len(names) > maxCoverEntries {
		return nil, false
	}
	return names, true
}

// covers says whether the names cover a directory's entries: every
// visible one (at least two), every one (at least two), or at least
// coverMany and three quarters of them.
func covers(named map[string]bool, entries []string) bool {
	var visible, visibleHit, hit int
	for _, e := range entries {
		hidden := strings.HasPrefix(e, ".")
		if !hidden {
			visible++
		}
		if named[e] {
			hit++
			if !hidden {
				visibleHit++
			}
		}
	}
	all := len(entries)
	return (visible >= 2 && visibleHit == visible) ||
		(all >= 2 && hit == all) ||
		(hit >= coverMany && 4*hit >= 3*all)
}

// coverVerdict classifies an exec whose operands cover a protected
// directory as the same exec given DIR/*, saying so in its reasons.
func (d *decider) coverVerdict(ev *supervise.Event, env []string, st guard.State) (guard.Verdict, bool) {
	argv, dirs, ok := d.coveredArgv(ev.Argv, ev.Cwd, st)
	if !ok {
		return guard.Verdict{}, false
	}
	w := d.g.CheckExec(argv, ev.Path, env, st)
	for i := range w.Findings {
		w.Findings[i].Reason += " (its operands name every entry of " + strings.Join(dirs, ", ") + ")"
	}
	return w, true
}

// emptied records the removals of direct entries of a protected
// directory that the removing process's argv did not name, per
// directory, and whether the line was seen emptying it.
type emptied struct {
	gone     map[string]map[string]bool
	emptying []string
}

// removalVerdict is the verdict of a removal (unlink, rmdir) as part of
// emptying the home directory or the root one entry at a time: the
// fourth direct entry removed by the line whose name the process was not
// given is classified as rm -rf DIR/*, and so is every removal under the
// directory after it (shutil.rmtree with ignore_errors goes on into the
// other entries). ok is false for any other removal.
func (d *decider) removalVerdict(ev *supervise.Event, st guard.State) (guard.Verdict, bool) {
	if ev.Kind != supervise.KindRemove || !filepath.IsAbs(ev.Path) {
		return guard.Verdict{}, false
	}
	p := filepath.Clean(ev.Path)
	verdict := func(dir, why string) (guard.Verdict, bool) {
		v := d.g.CheckArgv([]string{"rm", "-rf", filepath.Join(dir, "*")}, st)
		for i := range v.Findings {
			v.Findings[i].Reason += " (" + why + ")"
		}
		return v, true
	}
	for _, dir := range d.emptied.emptying {
		if p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/") {
			return verdict(dir, "the line was seen emptying it one entry at a time")
		}
	}
	dir, base := filepath.Split(p)
	dir = filepath.Clean(dir)
	if base == "" || p == "/" || (dir != "/" && dir != d.home) {
		return guard.Verdict{}, false
	}
	if d.named(ev.Pid, p) || d.own.has(p) {
		return guard.Verdict{}, false // judged at the process's exec, or the line's own
	}
	if d.emptied.gone == nil {
		d.emptied.gone = map[string]map[string]bool{}
	}
	if d.emptied.gone[dir] == nil {
		d.emptied.gone[dir] = map[string]bool{}
	}
	gone := d.emptied.gone[dir]
	if gone[base] || len(gone) < maxEmptied {
		gone[base] = true
		return guard.Verdict{}, false
	}
	d.emptied.emptying = append(d.emptied.emptying, dir)
	return verdict(dir, "one entry at a time: "+strings.Join(sortedKeys(gone), ", ")+" and now "+base)
}

// named says whether the last exec of process pid named path among its
// arguments (as written, or joined to its working directory).
func (d *decider) named(pid int, path string) bool {
	e, ok := d.execs[pid]
	if !ok {
		return false
	}
	for _, a := range e.argv[1:] {
		p := a
		if !filepath.IsAbs(p) {
			p = filepath.Join(e.cwd, p)
		}
		if filepath.Clean(p) == path {
			return true
		}
	}
	return false
}

// execOf is what the decider remembers of a process's last exec.
type execOf struct {
	argv []string
	cwd  string
}

// maxExecs bounds the execs remembered for named.
const maxExecs = 1024

// noteExec remembers an exec's argv for named: only one whose argv can
// name an entry of the home directory or the root (it has two words or
// more) is kept.
func (d *decider) noteExec(ev *supervise.Event) {
	if ev.Kind != supervise.KindExec || len(ev.Argv) < 2 {
		return
	}
	if d.execs == nil || len(d.execs) >= maxExecs {
		d.execs = map[int]execOf{}
	}
	d.execs[ev.Pid] = execOf{argv: ev.Argv, cwd: ev.Cwd}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
