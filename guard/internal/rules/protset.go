package rules

import (
	"path/filepath"
	"strings"
)

// ProtSet is one set of protected paths, as the cases of protHits
// and its general pass (protAnyHits) read them: guardsh's own files
// (guardsh_self) or the places coding agents read their hooks from
// (agent_hooks).
type ProtSet struct {
	// files are protected files, owned directories whose every file is
	// protected, both absolute and clean.
	files, owned []string
	// rel and relDirs are files and directories relative to a project
	// directory: a path ending in one is protected wherever it is.
	rel, relDirs []string
	// rooted takes a relative path met in an unknown working directory as
	// relative to /, so that the relative names still match it.
	rooted bool
	// names are the strings one of which a word naming a protected path
	// holds (base names); dirNames those of the directories, for a
	// relative word in an unknown place.
	names, dirNames []string
	// what says what p is, after p in a reason (general: in the general
	// pass's): ", one of guardsh's own files".
	what func(p string, general bool) string
	// holders reports that a directory holding a protected path is
	// itself one to protect: removing it (rm -r .github for
	// .github/hooks), copying into it recursively (cp -r, rsync),
	// extracting into it (tar -C, unzip -d), find -delete under it.
	// guardsh's own directories are found through the files they hold.
	holders bool
	// reads, when set, reports more commands that only read the files
	// they are given, for the general pass.
	reads func(c *Command) bool
}

// abs is selfAbs, with the rooted fallback: rooted reports a relative
// path in an unknown directory taken as relative to /, which only the
// relative names can match.
func (s *ProtSet) abs(c *Command, p string) (target string, rooted bool) {
	if t := selfAbs(c, p); t != "" || !s.rooted || p == "" {
		return t, false
	}
	return filepath.Clean("/" + p), true
}

// derivedFor returns the relative names (of files, or of directories
// when dirs is set) placed in the proper ancestors of target (not in
// target itself: `rm -r build` does not delete a project's settings,
// which build may or may not hold) that target can be, be in or hold.
// For a glob, every placement, which globHits matches; otherwise only the
// placements that are target (/p/.claude/settings.json), that target is
// in (for a directory), or that are in target (/p/.claude/settings.json
// for /p/.claude), found without making the others.
func (s *ProtSet) derivedFor(target string, dirs, glob bool) []derivedPath {
	rel := s.rel
	if dirs {
		rel = s.relDirs
	}
	if len(rel) == 0 {
		return nil
	}
	var ps []derivedPath
	if glob {
		for d := filepath.Dir(target); ; d = filepath.Dir(d) {
			for _, r := range rel {
				first, _, _ := strings.Cut(r, "/")
				ps = append(ps, derivedPath{filepath.Join(d, r), filepath.Join(d, first)})
			}
			if d == "/" || d == "." {
				break
			}
		}
		return ps
	}
	for _, r := range rel {
		if dirs {
			// target is the directory, or in it.
			if i := strings.Index(target+"/", "/"+r+"/"); i >= 0 {
				ps = append(ps, derivedPath{path: target[:i+1+len(r)]})
			}
		}
		// target is the file, or a directory holding it.
		for q := r; ; {
			if strings.HasSuffix(target, "/"+q) {
				ps = append(ps, derivedPath{path: target + r[len(q):]})
				break
			}
			i := strings.LastIndexByte(q, '/')
			if i < 0 {
				break
			}
			q = q[:i]
		}
	}
	return ps
}

// derivedPath is a relative name placed in a directory: path, and anchor,
// the directory with the name's first part (/p/.claude for
// /p/.claude/settings.json), "" when it does not matter.
type derivedPath struct{ path, anchor string }

// globHits reports a glob matching p, or a directory holding it. A
// derived path, which may not exist, counts only when the glob names its
// anchor literally and matches the path itself (`rm .claude/*`), not a
// directory of it or a name a wildcard stands for (`rm *.json`, `chmod
// g+w .[^.]*`, `mv dir/.* .`, whose matches may or may not be an agent's
// files): the supervisor sees the real ones.
func globHits(glob string, p derivedPath) bool {
	if p.anchor == "" {
		return selfGlob(glob, p.path)
	}
	return (glob == p.anchor || strings.HasPrefix(glob, p.anchor+"/")) && selfGlobMatch(glob, p.path)
}

// match returns the protected files a word names: the path itself, a glob
// matching it, or (when tree is set, as for rm -r) a directory holding it.
func (s *ProtSet) match(c *Command, w Word, tree bool) []string {
	if !w.Known || w.Value == "" {
		return nil
	}
	target, rooted := s.abs(c, w.Value)
	if target == "" {
		return nil
	}
	var ps []string
	hits := func(p string, d derivedPath) bool {
		switch {
		case target == p:
		case w.Glob && globHits(target, d):
		case tree && target != "/" && strings.HasPrefix(p, target+"/"):
		default:
			return false
		}
		return true
	}
	if !rooted {
		for _, p := range s.files {
			if p = filepath.Clean(p); hits(p, derivedPath{path: p}) {
				ps = append(ps, p)
			}
		}
	}
	for _, d := range s.derivedFor(target, false, w.Glob) {
		if p := filepath.Clean(d.path); hits(p, d) {
			ps = append(ps, p)
		}
	}
	if tree && s.holders {
		// A directory holding one of the set's directories.
		if !rooted {
			for _, d := range s.owned {
				if target != "/" && strings.HasPrefix(d, target+"/") {
					ps = append(ps, d)
				}
			}
		}
		for _, d := range s.derivedFor(target, true, w.Glob) {
			if p := filepath.Clean(d.path); target != "/" && strings.HasPrefix(p, target+"/") {
				ps = append(ps, p)
			}
		}
	}
	return ps
}

// targets returns what of the set a path word names: a protected file
// (when files is set), an owned directory or a file in one, or (for a
// glob) any of them it can match.
func (s *ProtSet) targets(c *Command, w Word, files bool) []string {
	if !w.Known || w.Value == "" {
		return nil
	}
	target, rooted := s.abs(c, w.Value)
	if target == "" {
		return nil
	}
	var ps []string
	if files {
		stripped := selfStripped(target)
		if !rooted {
			for _, p := range s.files {
				p = filepath.Clean(p)
				if target == p || w.Glob && selfGlob(target, p) || stripped == p {
					ps = append(ps, p)
				}
			}
		}
		for _, t := range []string{target, stripped} {
			for _, d := range s.derivedFor(t, false, w.Glob) {
				p := filepath.Clean(d.path)
				if t == p || w.Glob && globHits(t, d) {
					ps = append(ps, p)
				}
			}
			if stripped == target {
				break
			}
		}
	}
	in := func(d string, dp derivedPath) bool {
		return target == d || strings.HasPrefix(target, d+"/") || w.Glob && globHits(target, dp)
	}
	if !rooted {
		for _, d := range s.owned {
			if in(d, derivedPath{path: d}) {
				return append(ps, target)
			}
		}
	}
	for _, d := range s.derivedFor(target, true, w.Glob) {
		if in(d.path, d) {
			return append(ps, target)
		}
	}
	return ps
}

// mayName reports whether a word can name one of the set's paths at all,
// without resolving it: most words cannot.
func (s *ProtSet) mayName(c *Command, v string) bool {
	for _, n := range s.names {
		if strings.Contains(v, n) {
			return true
		}
	}
	if strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") {
		return false
	}
	// A relative name: the set's if the working directory is in, or above,
	// one of its directories.
	for _, d := range s.owned {
		if c.Dir != "" && (c.Dir == d || strings.HasPrefix(c.Dir+"/", d+"/") || strings.HasPrefix(d, c.Dir+"/")) {
			return true
		}
	}
	if c.Dir == "" && s.rooted {
		return true
	}
	for _, n := range s.dirNames {
		if strings.Contains(c.Dir, n) {
			return true
		}
	}
	return false
}

// anyMay reports whether any argument of c could name one of the set's
// paths, without resolving or allocating: it holds one of the set's
// names, or a parent directory, or the working directory is in one.
func (s *ProtSet) anyMay(c *Command) bool {
	if len(c.Args) < 2 {
		return false
	}
	for _, n := range s.dirNames {
		if strings.Contains(c.Dir, n) {
			return true
		}
	}
	for _, a := range c.Args[1:] {
		v := a.Value
		if strings.Contains(v, "..") || v == "." {
			return true
		}
		for _, n := range s.names {
			if strings.Contains(v, n) {
				return true
			}
		}
		if s.holders {
			for _, n := range s.dirNames {
				if strings.Contains(v, n) {
					return true
				}
			}
		}
	}
	return false
}

// show is p as a reason shows it: a path taken as relative to / (rooted,
// in an unknown directory) without its leading slash.
func (s *ProtSet) show(c *Command, p string) string {
	if s.rooted && c.Dir == "" {
		return strings.TrimPrefix(p, "/")
	}
	return p
}
