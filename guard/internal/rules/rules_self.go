package rules

import (
	"path/filepath"
	"slices"
	"strings"

	"guardsh/internal/argv"
)

// RuleSelf is the name of the rule that protects guardsh's own files.
const RuleSelf = "guardsh_self"

// selfRules returns the rule that keeps a command from turning guardsh off
// quietly: writing its config, policy, rc file, history, audit log or
// binary (the paths in Command.Protected, and ~/.guardshrc), or a file in
// guardsh's own directories, or switching the login shell with chsh. The
// cases below give the known writers their own reasons; selfAnyHits (in
// rules_self_any.go) catches every other program.
func selfRules() []Builtin {
	return []Builtin{
		{Rule: Rule{Name: RuleSelf, Level: High,
			Description: "writes guardsh's own config, policy, ~/.guardshrc, history, audit log or binary, or a file in its directories (~/.config/guardsh, /etc/guardsh): by a redirect, or by naming one, as an operand or option value, to any program not known to only read it (the auto-mode allowlist's read-only commands, and the inputs of programs whose outputs are known, such as cp's sources); or changes the login shell",
			Example:     "rm ~/.config/guardsh/config.toml"},
			Check: CheckSelf},
	}
}

// selfProgs are the programs checkSelf's own cases read: their operands
// may name guardsh's files through an ancestor (rm -r ~/.config) or a
// glob, which selfAnyMay does not see.
var selfProgs = map[string]bool{"tee": true, "truncate": true, "shred": true, "unlink": true, "touch": true, "fallocate": true,
	"rm": true, "rmdir": true, "chmod": true, "chown": true, "chgrp": true, "chattr": true, "setfacl": true, "setfattr": true,
	"sed": true, "perl": true, "ruby": true, "dd": true, "cp": true, "mv": true, "install": true, "ln": true, "rsync": true,
	"scp": true, "link": true}

func CheckSelf(c *Command) (hits []Hit) {
	switch c.Name() {
	case "chsh":
		for _, a := range c.Args[1:] {
			switch a.Value {
			case "-l", "--list-shells", "-h", "--help", "-V", "-v", "--version":
				return nil // only lists shells or prints help
			}
		}
		return hit("changes the login shell, which can switch it away from guardsh")
	case "usermod":
		for _, a := range c.Args[1:] {
			if v := a.Value; v == "-s" || v == "--shell" || strings.HasPrefix(v, "--shell=") ||
				// usermod's -sSHELL (a short option with its value attached);
				// -s, --shell and --shell= are read before.
				(strings.HasPrefix(v, "-s") && !strings.HasPrefix(v, "--")) {
				return hit("changes the login shell, which can switch it away from guardsh")
			}
		}
	}
	if len(c.Redirects) == 0 && !selfProgs[c.Name()] && !selfAnyMay(c) {
		return nil // most commands: no word can name guardsh's files
	}
	s := selfSet(c)
	if len(s.files) == 0 {
		return nil
	}
	return protHits(c, s)
}

// selfSet is the set of guardsh's own files, for checkProtected.
func selfSet(c *Command) *ProtSet {
	protected := selfProtected(c)
	owned := selfOwnedDirs(protected)
	names := make([]string, 0, len(protected)+1)
	names = append(names, "guardsh")
	for _, p := range protected {
		names = append(names, filepath.Base(p))
	}
	return &ProtSet{files: protected, owned: owned, names: names, dirNames: []string{"guardsh"},
		what: func(p string, general bool) string {
			switch {
			case selfHas(protected, p):
				return ", one of guardsh's own files"
			case general && selfHas(owned, p):
				return ", guardsh's own directory"
			}
			return ", in guardsh's own directory"
		}}
}

// protHits returns the writes of c to the paths of s: by a redirect, or
// as an operand of the programs whose grammar the cases below know (with
// their own verbs), or, by the general pass (protAnyHits), as any word
// given to a program not known to only read it.
func protHits(c *Command, s *ProtSet) (hits []Hit) {
	seen := map[string]bool{}
	add := func(p, how string) {
		if !seen[p] {
			seen[p] = true
			hits = append(hits, Hit{Reason: how + " " + s.show(c, p) + s.what(p, false)})
		}
	}
	// Redirects that write a protected file.
	for _, r := range c.Redirects {
		if !r.Write {
			continue
		}
		for _, p := range s.match(c, r.Target, false) {
			add(p, "writes")
		}
		for _, p := range s.targets(c, r.Target, false) {
			add(p, "writes")
		}
	}
	if len(c.Args) == 0 {
		return hits
	}
	defer func() { hits = append(hits, protAnyHits(c, s, seen)...) }()
	args := c.Args[1:]
	switch name := c.Name(); name {
	case "tee", "truncate", "shred", "unlink", "touch", "fallocate":
		for _, w := range selfOperands(args) {
			for _, p := range s.match(c, w, false) {
				add(p, "writes")
			}
		}
	case "rm", "rmdir", "chmod", "chown", "chgrp", "chattr", "setfacl", "setfattr":
		rec := name == "rmdir" || selfHasFlag(args, 'r', 'R', "--recursive")
		verb := "deletes"
		if name != "rm" && name != "rmdir" {
			verb = "changes the permissions of"
		}
		for _, w := range selfOperands(args) {
			for _, p := range s.match(c, w, rec) {
				add(p, verb)
			}
		}
	case "sed", "perl", "ruby":
		for _, w := range sedWrites(c) { // sed's w command
			for _, p := range s.match(c, w, false) {
				add(p, "writes")
			}
		}
		if !selfInPlace(args) {
			break
		}
		for _, w := range selfOperands(args) {
			for _, p := range s.match(c, w, false) {
				add(p, "edits in place")
			}
		}
	case "dd":
		for _, a := range args {
			if strings.HasPrefix(a.Value, "of=") {
				w := a
				w.Value = strings.TrimPrefix(a.Value, "of=")
				for _, p := range s.match(c, w, false) {
					add(p, "writes")
				}
			}
		}
	case "cp", "mv", "install", "ln", "rsync", "scp", "link":
		dst, srcs := selfCopyTarget(args, selfOperands(args))
		if dst != nil {
			for _, p := range s.match(c, *dst, false) {
				add(p, "overwrites")
			}
			// Copying into a directory: what lands there (a file named
			// like a protected one, anything in an owned directory).
			if dst.Known && !dst.Glob {
				for _, src := range srcs {
					base := filepath.Base(strings.TrimRight(src.Value, "/"))
					if !src.Known || base == "." || base == ".." || base == "/" {
						continue
					}
					for _, p := range s.targets(c, Lit(filepath.Join(dst.Value, base)), true) {
						add(p, "overwrites")
					}
				}
			}
		}
		if name == "mv" {
			for _, src := range srcs {
				for _, p := range s.match(c, src, true) {
					add(p, "moves away")
				}
			}
		}
		// A recursive copy into a directory holding a protected file, or
		// landing as one (cp -r dotfiles/.claude ~/).
		if s.holders && dst != nil && (name == "rsync" || selfHasFlag(args, 'r', 'R', "--recursive") || selfHasFlag(args, 'a', 'a', "--archive")) {
			// What the sources hold lands in dst itself when a source is
			// unknown or copied by its contents (rsync src/), or when dst
			// does not exist yet, which for a directory of a protected
			// file (cp -r x ~/.claude) cannot be told here.
			whole := slices.ContainsFunc(srcs, func(w Word) bool { return !w.Known || w.Glob || strings.HasSuffix(w.Value, "/") })
			for _, p := range s.match(c, *dst, true) {
				if d, _ := s.abs(c, dst.Value); whole || d == filepath.Dir(p) {
					add(p, "may overwrite")
				}
			}
			if dst.Known && !dst.Glob {
				for _, src := range srcs {
					base := filepath.Base(strings.TrimRight(src.Value, "/"))
					if !src.Known || base == "." || base == ".." || base == "/" || strings.HasSuffix(src.Value, "/") {
						continue // rsync's src/ copies what src holds: dst's own check
					}
					for _, p := range s.match(c, Lit(filepath.Join(dst.Value, base)), true) {
						add(p, "may overwrite")
					}
				}
			}
		}
	case "find":
		// find -delete under a directory holding a protected file.
		if s.holders && slices.ContainsFunc(args, func(a Word) bool { return a.Value == "-delete" }) {
			for _, a := range args {
				// find's primaries and operators (see findInner): the start points
				// come before them.
				if strings.HasPrefix(a.Value, "-") || a.Value == "(" || a.Value == "!" {
					break
				}
				for _, p := range s.match(c, a, true) {
					add(p, "may delete")
				}
			}
		}
	}
	if s.holders {
		// Programs extracting or writing files into a directory (tar -C,
		// unzip -d) holding a protected file.
		outs, _, _ := outputFiles(c)
		for _, o := range outs {
			if o.dir {
				for _, p := range s.match(c, o.w, true) {
					add(p, "may overwrite")
				}
			}
		}
	}
	return hits
}

// selfOperands returns the arguments that are not options. Options that
// take a value in the next word are not told apart: a value taken for an
// operand can only add a match, never hide one.
func selfOperands(args []Word) []Word {
	var ops []Word
	dashdash := false
	for _, a := range args {
		if !dashdash && a.Value == "--" {
			dashdash = true
			continue
		}
		if !dashdash && a.Known && argv.IsOption(a.Value) {
			continue
		}
		ops = append(ops, a)
	}
	return ops
}

// selfHasFlag reports whether a short flag (alone or bundled) or the long
// one is among the arguments.
func selfHasFlag(args []Word, short1, short2 byte, long string) bool {
	for _, a := range args {
		v := a.Value
		if v == long {
			return true
		}
		if argv.IsShortBundle(v) && (strings.IndexByte(v, short1) > 0 || strings.IndexByte(v, short2) > 0) {
			return true
		}
	}
	return false
}

// selfInPlace reports sed -i, --in-place, perl -i, -pi and the like.
func selfInPlace(args []Word) bool {
	for _, a := range args {
		v := a.Value
		if v == "--in-place" || strings.HasPrefix(v, "--in-place=") {
			return true
		}
		if argv.IsShortBundle(v) && strings.IndexByte(v, 'i') > 0 {
			return true
		}
	}
	return false
}

// selfCopyTarget returns the destination of cp, mv, install, ln and the
// like (the -t/--target-directory value, or the last operand) and the
// sources.
func selfCopyTarget(args, operands []Word) (*Word, []Word) {
	for i, a := range args {
		switch {
		case (a.Value == "-t" || a.Value == "--target-directory") && i+1 < len(args):
			t := args[i+1]
			var srcs []Word
			for _, o := range operands {
				if o.Value != t.Value {
					srcs = append(srcs, o)
				}
			}
			return &t, srcs
		case strings.HasPrefix(a.Value, "--target-directory="):
			t := a
			t.Value = strings.TrimPrefix(a.Value, "--target-directory=")
			return &t, operands
		}
	}
	if len(operands) == 0 {
		return nil, nil
	}
	dst := operands[len(operands)-1]
	return &dst, operands[:len(operands)-1]
}

// selfGlob matches a glob against a path and, for `dir/*`, the path's
// ancestors, since removing a matched directory removes what it holds.
func selfGlob(glob, p string) bool {
	for q := p; q != "/" && q != "."; q = filepath.Dir(q) {
		if selfGlobMatch(glob, q) {
			return true
		}
	}
	return false
}

// selfGlobMatch matches a glob against a path as bash does: a name
// starting with a dot is only matched by a pattern starting with one
// (~/* does not take ~/.guardshrc).
func selfGlobMatch(glob, p string) bool {
	gs, ps := strings.Split(glob, "/"), strings.Split(p, "/")
	if len(gs) != len(ps) {
		return false
	}
	for i, g := range gs {
		if strings.HasPrefix(ps[i], ".") && !strings.HasPrefix(g, ".") {
			return false
		}
		if ok, _ := filepath.Match(g, ps[i]); !ok {
			return false
		}
	}
	return true
}

// selfAbs makes a path absolute and clean, with ~ expanded; "" when a
// relative path meets an unknown working directory.
func selfAbs(c *Command, p string) string {
	switch {
	case p == "~" && c.Home != "":
		p = c.Home
	case strings.HasPrefix(p, "~/") && c.Home != "":
		p = filepath.Join(c.Home, p[2:])
	}
	if !filepath.IsAbs(p) {
		if c.Dir == "" {
			return ""
		}
		p = filepath.Join(c.Dir, p)
	}
	return filepath.Clean(p)
}
