package rules

import (
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"guardsh/allowlist"
	"guardsh/internal/argv"
)

// The general half of guardsh_self: any operand or option value that names
// one of guardsh's own files, or one of guardsh's own directories or a
// file in it, given to a program that is not known to only read it. The
// programs known to only read are the auto-mode allowlist's (a command it
// would run without asking reads and writes nothing else), and, word by
// word, the inputs of the outputs table's programs (cp's sources, tar -c's
// members).

// selfRcName is the start-up file every interactive guardsh reads, in the
// home directory: it is protected like the files main names.
const selfRcName = ".guardshrc"

// selfReaders is the built-in allowlist, which knows which commands only
// read. It is built once, on first use, and never changes.
var selfReaders = sync.OnceValue(func() *allowlist.List { return allowlist.New() })

// selfProtected returns the protected files of c: those main named, and
// ~/.guardshrc.
func selfProtected(c *Command) []string {
	if !strings.HasPrefix(c.Home, "/") {
		return c.Protected
	}
	rc := filepath.Join(c.Home, selfRcName)
	ps := make([]string, 0, len(c.Protected)+1)
	return append(append(ps, c.Protected...), rc)
}

// selfOwnedDirs returns guardsh's own directories: those of the protected
// files that are named guardsh (~/.config/guardsh, /etc/guardsh), not the
// home directory or the directory of the binary.
func selfOwnedDirs(protected []string) []string {
	var ds []string
	for _, p := range protected {
		if strings.HasPrefix(filepath.Base(p), "guardsh") {
			continue // the binary: its directory (a clone, /opt/guardsh) is not guardsh's data
		}
		d := filepath.Dir(filepath.Clean(p))
		if filepath.Base(d) == "guardsh" && !selfHas(ds, d) {
			ds = append(ds, d)
		}
	}
	return ds
}

func selfHas(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// selfStripped is a path without a compression suffix: gunzip x.gz writes x.
func selfStripped(p string) string {
	for _, s := range [...]string{".gz", ".bz2", ".xz", ".zst", ".lz4", ".lzma", ".lz", ".lzo", ".br", ".Z", ".z"} {
		if q, ok := strings.CutSuffix(p, s); ok {
			return q
		}
	}
	return p
}

// selfCandidates returns the words of c's arguments that may name a file:
// each argument, the value of --opt=VALUE and of key=VALUE, and a path
// attached to a short option (-C/dir, -o~/x).
func selfCandidates(args []Word) []Word {
	ws := make([]Word, 0, len(args))
	for _, a := range args {
		v := a.Value
		ws = append(ws, a)
		if i := strings.IndexByte(v, '='); i > 0 {
			ws = append(ws, fsPart(a, v[i+1:]))
		}
		if len(v) > 2 && argv.IsShortBundle(v) {
			for j := 2; j < len(v); j++ {
				if v[j] == '/' || v[j] == '~' || v[j] == '.' {
					ws = append(ws, fsPart(a, v[j:]))
					break
				}
			}
		}
	}
	return ws
}

// selfAnyMay reports whether any argument of c could name one of
// guardsh's files, without resolving or allocating: it says guardsh, or
// holds a protected file's name, or the working directory is one of
// guardsh's (or above one).
func selfAnyMay(c *Command) bool {
	if len(c.Args) < 2 {
		return false
	}
	if strings.Contains(c.Dir, "guardsh") {
		return true
	}
	for _, a := range c.Args[1:] {
		v := a.Value
		if strings.Contains(v, "guardsh") || strings.Contains(v, "..") || v == "." {
			return true
		}
		for _, p := range c.Protected {
			if strings.Contains(v, filepath.Base(p)) {
				return true
			}
		}
	}
	return false
}

// selfSkipAny lists the programs whose every write checkSelf's own cases
// find (cp's destination, dd's of=), so that the general pass leaves
// their other words (cp's sources, dd's if=) alone, and the shell
// builtins that only read a file (source runs what it reads, but writes
// nothing; sourcing ~/.guardshrc is what guardsh itself does).
var selfSkipAny = map[string]bool{"cp": true, "install": true, "dd": true, "scp": true, "source": true, ".": true}

// protAnyHits returns the general pass's hits: words naming the paths of
// s given to a program not known to only read them. seen holds the paths
// already reported.
func protAnyHits(c *Command, s *ProtSet, seen map[string]bool) []Hit {
	name := c.Name()
	if len(c.Args) < 2 || selfSkipAny[name] {
		return nil
	}
	var named []string
	var words []Word
	for _, w := range selfCandidates(c.Args[1:]) {
		if !s.mayName(c, w.Value) {
			continue
		}
		for _, p := range s.targets(c, w, true) {
			named = append(named, p)
			words = append(words, w)
		}
	}
	if len(named) == 0 || selfReadOnly(c) || s.reads != nil && s.reads(c) {
		return nil
	}
	outs, known, readsRest := outputFiles(c)
	if name == "less" {
		// A pager only shows its files; less -o/-O copies its input to
		// one (its v command runs an editor, but only for a person at
		// the terminal).
		for _, w := range lessLogFiles(c.Args[1:]) {
			outs = append(outs, outFile{w: w, how: "less -o writes"})
		}
		known, readsRest = true, true
	}
	var hits []Hit
	for i, p := range named {
		if seen[p] || slices.ContainsFunc(named, func(q string) bool { return len(q) < len(p) && strings.HasSuffix(p, q) }) {
			continue // NAME=PATH names PATH, not a file named NAME=PATH
		}
		if known && readsRest && !selfIsOutput(c, outs, words[i]) {
			continue // an input of a program whose outputs are known
		}
		seen[p] = true
		hits = append(hits, Hit{Reason: name + " is given " + s.show(c, p) + s.what(p, true) + ", and is not known to only read it"})
	}
	return hits
}

// selfIsOutput reports whether w is, or is in, one of the outputs.
func selfIsOutput(c *Command, outs []outFile, w Word) bool {
	t := selfAbs(c, w.Value)
	for _, o := range outs {
		ot := selfAbs(c, o.w.Value)
		if ot != "" && (ot == t || strings.HasPrefix(t, ot+"/") || strings.HasPrefix(ot, t+"/")) {
			return true
		}
	}
	return false
}

// selfReadOnly reports a command the auto-mode allowlist knows to only
// read, whatever files it names.
func selfReadOnly(c *Command) bool {
	args := make([]allowlist.Arg, 0, len(c.Args)-1)
	for _, a := range c.Args[1:] {
		if !a.Known {
			return false
		}
		args = append(args, allowlist.Arg{Text: a.Value, Glob: a.Glob && FsHasMeta(a.Value)})
	}
	return c.Args[0].Known && selfReaders().ReadsOnly(c.Name(), args)
}
