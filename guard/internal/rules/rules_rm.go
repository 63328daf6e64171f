package rules

import (
	"path"
	"slices"
	"strings"

	"guardsh/guard/plan"
	"guardsh/internal/argv"
)

// The rm family: deleting files and directories with rm, rmdir, unlink,
// find -delete and rsync --delete, and moving system directories away
// with mv. The target
// decides the level: the filesystem root, a system directory or the home
// directory is blocked, anything else recursive and forced is high, the rest
// is medium.

// Rule names of the rm family.
const (
	RuleRmRfRoot       = "rm_rf_root"
	RuleRmRfSystemDir  = "rm_rf_system_dir"
	RuleRmRfHome       = "rm_rf_home"
	RuleRmRfWildcard   = "rm_rf_wildcard"
	RuleRmRf           = "rm_rf"
	RuleSudoRm         = "sudo_rm"
	RuleRm             = "rm"
	RuleFindDelete     = "find_delete"
	RuleFindDeleteTree = "find_delete_protected"
	RuleMvSystem       = "mv_system"
)

// RmRules returns the built-in rules of this family.
func RmRules() []Builtin {
	return fsFamily(rmFamilyHits, append([]Rule{
		{Name: RuleRmRfRoot, Level: Blocked, Description: "recursively deletes the filesystem root (/, /*, /.), or runs rm with --no-preserve-root", Example: "rm -rf /"},
		{Name: RuleRmRfSystemDir, Level: Blocked, Description: "recursively deletes a top-level system directory (/usr, /etc, /bin, /boot, /var, /home, ...) or a directory of /usr, or everything in one; also any rm of such a directory itself (on merged-/usr systems /bin and /lib are links) or of every file in it", Example: "rm -rf /usr"},
		{Name: RuleRmRfHome, Level: Blocked, Description: "recursively deletes the home directory (~, $HOME, ~/*) or a directory that holds it", Example: "rm -rf ~"},
		{Name: RuleRmRfWildcard, Level: High, Description: "deletes recursively and by force the matches of a wildcard, which the shell expands to more than was meant", Example: "rm -rf *"},
		{Name: RuleRmRf, Level: High, Description: "deletes recursively and by force (-rf, -fr, -r -f, -Rf, --recursive --force), or a target only known at run time; also find -delete of a whole tree (no test but -type f limits what it deletes) or under a directory only known at run time", Example: "rm -rf ./build"},
		{Name: RuleSudoRm, Level: High, Description: "deletes files as root, behind sudo or doas", Example: "sudo rm -r /opt/app"},
		{Name: RuleRm, Level: Medium, Description: "deletes files or directories (rm, unlink; not rmdir, which only deletes empty ones) without deleting a tree by force, or a tree inside the system's temporary directory (/tmp/x, /var/tmp/x, $TMPDIR/x; not the directory itself)", Example: "rm notes.txt"},
		{Name: RuleFindDelete, Level: Medium, Description: "find -delete removes the files a test (-name, -mtime, ...) limits it to", Example: "find . -name '*.pyc' -delete"},
		{Name: RuleFindDeleteTree, Level: High, Description: "find -delete, limited by tests such as -name, under the filesystem root, a system directory or the home directory (without such a test it is blocked as rm_rf_root, rm_rf_system_dir or rm_rf_home)", Example: "find ~ -name '*.tmp' -delete"},
		{Name: RuleMvSystem, Level: Blocked, Description: "moves the filesystem root, a system directory, everything in one, or the home directory away", Example: "mv /usr /usr.old"},
	}, rsyncRules...), map[string][]string{
		// The programs rmFamilyHits gives each rule to.
		RuleRmRfRoot:       {"rm", "unlink", "find"},
		RuleRmRfSystemDir:  {"rm", "unlink", "find"},
		RuleRmRfHome:       {"rm", "unlink", "find"},
		RuleRmRfWildcard:   {"rm", "unlink"},
		RuleRmRf:           {"rm", "unlink", "find"},
		RuleSudoRm:         {"rm", "unlink", "find"},
		RuleRm:             {"rm", "unlink"},
		RuleFindDelete:     {"find"},
		RuleFindDeleteTree: {"find"},
		RuleMvSystem:       {"mv"},
		// rm_rsync.go
		RuleRsyncDeleteProtected: {"rsync"},
		RuleRsyncDeleteRemote:    {"rsync"},
		RuleRsyncDeleteUnknown:   {"rsync"},
		RuleRsyncDelete:          {"rsync"},
	})
}

// fsNamedHit is a hit together with the rule it belongs to. A family
// computes all its hits on a command at once and each rule's check keeps
// its own.
type fsNamedHit = plan.NamedHit

// fsFamily builds the builtins of a family whose hits are all computed by
// one function. progs gives each rule's builtin.progs: the programs hits
// can return a hit of that rule for; a rule missing from it (one that a
// redirect of any command can match) is checked on every command.
func fsFamily(hits func(*Command) []fsNamedHit, rules []Rule, progs map[string][]string) []Builtin {
	fam := &fsFamilyHits{hits: hits}
	bs := make([]Builtin, len(rules))
	for i, r := range rules {
		name := r.Name
		bs[i] = Builtin{Rule: r, Progs: progs[name], Check: func(c *Command) []Hit {
			var out []Hit
			for _, h := range fam.on(c) {
				if h.Rule == name {
					out = append(out, h.Hit)
				}
			}
			return out
		}}
	}
	return bs
}

// fsFamilyHits computes the hits of a family once per command: its rules
// are called one after the other on the same command, and each keeps its
// own hits. The command holds the result (Command.Memo).
type fsFamilyHits struct {
	hits func(*Command) []fsNamedHit
}

func (f *fsFamilyHits) on(c *Command) []fsNamedHit {
	if hs, ok := c.Memo.Hits(f, c); ok {
		return hs
	}
	hs := f.hits(c)
	c.Memo.Remember(f, c, hs)
	return hs
}

func fsAdd(hs []fsNamedHit, rule, reason string) []fsNamedHit {
	return append(hs, fsNamedHit{Rule: rule, Hit: Hit{Reason: reason}})
}

// fsHasLevel reports whether any hit belongs to one of the rules.
func fsHasRule(hs []fsNamedHit, rules ...string) bool {
	for _, h := range hs {
		for _, r := range rules {
			if h.Rule == r {
				return true
			}
		}
	}
	return false
}

var rmSpec = argv.Spec{LongFlags: []string{"force", "interactive", "one-file-system", "no-preserve-root", "preserve-root", "recursive", "dir", "verbose"}, LongStop: []string{"help", "version"}}

// rmFamilyHits returns every hit of the rm family on c.
func rmFamilyHits(c *Command) []fsNamedHit {
	switch c.Name() {
	case "rm", "unlink":
		return rmHits(c)
	case "rmdir":
		// rmdir deletes only empty directories (with -p, their empty
		// parents): nothing is lost. As root it is held by the sudo rule.
		return nil
	case "find":
		return findDeleteHits(c)
	case "mv":
		return mvHits(c)
	case "rsync":
		return rsyncHits(c)
	}
	return nil
}

func rmHits(c *Command) []fsNamedHit {
	a := ReadOpts(c.Args[1:], &rmSpec)
	if a.Info || len(a.Operands) == 0 && fsNoOperand(c) && !a.Has("no-preserve-root") {
		return nil // no operand: rm deletes nothing, it only complains
	}
	rec := a.Has("r", "R", "recursive")
	force := a.Has("f", "force")
	home := fsHome(c)
	var hs []fsNamedHit
	if a.Has("no-preserve-root") {
		hs = fsAdd(hs, RuleRmRfRoot, "deletes with --no-preserve-root, which lets rm delete /")
	}
	glob, maybe := false, ""
	for _, w := range a.Operands {
		p := fsResolve(c, w)
		glob = glob || p.glob
		k, what := fsClassify(p, home)
		if k >= fsRoot {
			what += fsVarNote(w, p)
		}
		switch {
		case k == fsOther || k == fsUnknownPath:
		case rec && k == fsRoot:
			hs = fsAdd(hs, RuleRmRfRoot, "recursively deletes "+what)
		case rec && k == fsSystem:
			hs = fsAdd(hs, RuleRmRfSystemDir, "recursively deletes "+what)
		case rec && k == fsHomeDir:
			hs = fsAdd(hs, RuleRmRfHome, "recursively deletes "+what)
		case k == fsSystem || (k == fsRoot && p.glob):
			hs = fsAdd(hs, RuleRmRfSystemDir, "deletes "+what+"; on merged-/usr systems /bin, /sbin and /lib are links rm removes")
		case a.unknownOpt && maybe == "":
			maybe = what
		}
	}
	if len(hs) > 0 {
		return hs
	}
	sudo := fsViaSudo(c)
	targets := fsShowList(a.Operands)
	inTmp := !glob && len(a.Operands) > 0
	for _, w := range a.Operands {
		inTmp = inTmp && fsInTmp(w)
	}
	switch {
	case maybe != "":
		hs = fsAdd(hs, RuleRmRf, "may recursively delete "+maybe+": its options are only known at run time")
	case rec && force && glob:
		hs = fsAdd(hs, RuleRmRfWildcard, "recursively and forcibly deletes everything "+targets+" matches")
	case rec && force && len(a.Operands) == 0 && fsViaArgs(c):
		hs = fsAdd(hs, RuleRmRf, "recursively and forcibly deletes the paths it is given on its input")
	case rec && inTmp && !sudo:
		hs = fsAdd(hs, RuleRm, "recursively deletes "+targets+", inside the system's temporary directory")
	case rec && force:
		hs = fsAdd(hs, RuleRmRf, "recursively and forcibly deletes "+targets)
	case !sudo && rec:
		hs = fsAdd(hs, RuleRm, "recursively deletes "+targets)
	case !sudo:
		hs = fsAdd(hs, RuleRm, "deletes "+targets)
	}
	if sudo {
		hs = fsAdd(hs, RuleSudoRm, "deletes as root: "+targets)
	}
	return hs
}

// fsVarNote explains a protected path that a variable made, the
// empty-variable accident of `rm -rf "$DIR/"`: " (with $DIR as it is here,
// the path is /)". The home directory through $HOME needs no note.
func fsVarNote(w Word, p fsPath) string {
	var names []string
	for _, v := range w.Vars {
		if v != "HOME" && !slices.Contains(names, v) {
			names = append(names, v)
		}
	}
	if len(names) == 0 {
		return ""
	}
	if len(names) == 1 {
		return " (with $" + names[0] + " as it is here, the path is " + p.Abs + ")"
	}
	return " (with $" + strings.Join(names, ", $") + " as they are here, the path is " + p.Abs + ")"
}

// fsViaArgs reports a command that gets more arguments from its input
// (behind xargs or parallel).
func fsViaArgs(c *Command) bool {
	for _, v := range c.Via {
		switch fsViaName(v) {
		case "xargs", "parallel":
			return true
		}
	}
	return false
}

// fsViaSudo reports a command run as root by a wrapper.
func fsViaSudo(c *Command) bool {
	for _, v := range c.Via {
		switch fsViaName(v) {
		case "sudo", "doas", "run0", "pkexec":
			return true
		}
	}
	return false
}

func fsViaName(v string) string {
	n, _, _ := strings.Cut(v, " ")
	if i := strings.LastIndexByte(n, '/'); i >= 0 {
		n = n[i+1:]
	}
	return n
}

// findDeleteHits handles `find START... EXPR -delete`: the start points
// decide the level, as rm's targets do.
func findDeleteHits(c *Command) []fsNamedHit {
	args := c.Args[1:]
	i := 0
	for i < len(args) {
		v := args[i].Value
		if v == "-H" || v == "-L" || v == "-P" || strings.HasPrefix(v, "-O") {
			i++
		} else if v == "-D" {
			i += 2
		} else {
			break
		}
	}
	var starts []Word
	for ; i < len(args); i++ {
		v := args[i].Value
		if argv.IsOption(v) || v == "(" || v == "!" || v == ")" || v == "," {
			break
		}
		starts = append(starts, args[i])
	}
	expr := args[i:]
	if !findDeletes(expr) {
		return nil
	}
	if len(starts) == 0 {
		starts = []Word{Lit(".")}
	}
	limited := findLimited(expr)
	home := fsHome(c)
	var hs []fsNamedHit
	unknown := ""
	for _, w := range starts {
		k, what := fsClassify(fsResolve(c, w), home)
		reason := "find -delete removes what it matches under " + what
		switch {
		case k == fsUnknownPath:
			if unknown == "" {
				unknown = fsShow(w)
			}
		case k == fsOther && findEverything(expr):
			// Everything under it, as rm -rf does.
			hs = fsAdd(hs, RuleRmRf, "find -delete removes everything under "+what+", as rm -rf does")
		case k == fsOther:
		case limited:
			hs = fsAdd(hs, RuleFindDeleteTree, reason)
		case k == fsRoot:
			hs = fsAdd(hs, RuleRmRfRoot, "find -delete removes everything under "+what)
		case k == fsSystem:
			hs = fsAdd(hs, RuleRmRfSystemDir, "find -delete removes everything under "+what)
		case k == fsHomeDir:
			hs = fsAdd(hs, RuleRmRfHome, "find -delete removes everything under "+what)
		}
	}
	switch {
	case len(hs) > 0:
	case unknown != "":
		hs = fsAdd(hs, RuleRmRf, "find -delete removes files under "+unknown+", a directory only known at run time")
	default:
		hs = fsAdd(hs, RuleFindDelete, "find -delete removes the files it matches under "+fsShowList(starts))
	}
	if fsViaSudo(c) && !fsHasRule(hs, RuleRmRfRoot, RuleRmRfSystemDir, RuleRmRfHome) {
		hs = fsAdd(hs, RuleSudoRm, "find -delete runs as root")
	}
	return hs
}

// findLimited reports whether a find expression holds a test that limits
// what -delete removes to some names (-name '*.pyc'), and no operator that
// could undo it (-o, !, -not, ",").
func findLimited(expr []Word) bool {
	limited := false
	for i, w := range expr {
		switch w.Value {
		case "-o", "-or", "!", "-not", ",":
			return false
		case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname", "-ilname":
			if i+1 < len(expr) && !fsMatchesAll(expr[i+1].Value) {
				limited = true
			}
		case "-newer", "-anewer", "-cnewer", "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin",
			"-size", "-user", "-group", "-uid", "-gid", "-perm", "-inum", "-links", "-samefile", "-newermt", "-used":
			limited = true
		}
	}
	return limited
}

// fsMatchesAll reports whether a find pattern matches every name.
func fsMatchesAll(pat string) bool {
	return strings.Trim(pat, "*") == "" || strings.Contains(pat, Unknown)
}

var mvSpec = argv.Spec{Valued: "tS", LongFlags: []string{"backup", "force", "interactive", "no-clobber", "strip-trailing-slashes", "no-target-directory", "update", "verbose", "context", "exchange", "no-copy", "debug"}, LongValued: []string{"suffix", "target-directory"}, LongStop: []string{"help", "version"}}

// mvHits handles mv of /, a system directory or the home directory.
func mvHits(c *Command) []fsNamedHit {
	a := ReadOpts(c.Args[1:], &mvSpec)
	if a.Info {
		return nil
	}
	srcs := a.Operands
	if _, ok := a.Arg("t", "target-directory"); !ok {
		if len(srcs) < 2 {
			return nil
		}
		srcs = srcs[:len(srcs)-1]
	}
	home := fsHome(c)
	var hs []fsNamedHit
	for _, w := range srcs {
		k, what, content := fsClassifyContent(fsResolve(c, w), home)
		if k == fsRoot || k == fsSystem || (k == fsHomeDir && !content) {
			hs = fsAdd(hs, RuleMvSystem, "moves "+what+" away")
		}
	}
	return hs
}

// What follows is shared by the rm, disk, perm and file families: scanning
// GNU-style options and resolving a path word to what it would touch.

// fsPart returns part of a word as a word of its own.
func fsPart(w Word, s string) Word {
	return Word{Value: s, Known: !strings.Contains(s, Unknown), Glob: w.Glob && FsHasMeta(s), Vars: w.Vars, Subst: w.Subst}
}

// fsPath is a path word resolved against the command's directory and home.
type fsPath struct {
	// abs is the cleaned absolute path, "" when it cannot be known.
	Abs string
	// glob reports a wildcard the shell would expand.
	glob bool
}

// fsHomeUnknown stands for the home directory when it is not known, so
// that ~ and its ancestors are still recognised.
const fsHomeUnknown = "/home/~"

// fsHome returns the home directory of c, fsHomeUnknown when not known.
func fsHome(c *Command) string {
	if strings.HasPrefix(c.Home, "/") {
		return path.Clean(c.Home)
	}
	return fsHomeUnknown
}

// fsResolve resolves w as a path: ~ and $HOME, the working directory, and
// cleaning ("/tmp/../etc" is "/etc"). A literal "~" counts as the home
// directory even when quoted: it fails closed.
func fsResolve(c *Command, w Word) fsPath {
	v := w.Value
	p := fsPath{glob: w.Glob || FsHasMeta(v)}
	if strings.Contains(v, Unknown) {
		// $HOME when the home directory is not known is still the home.
		if len(w.Vars) == 0 || w.Vars[0] != "HOME" || !strings.HasPrefix(v, Unknown) ||
			strings.Contains(v[len(Unknown):], Unknown) {
			return p
		}
		v = "~" + v[len(Unknown):]
	}
	for _, h := range [...]string{"$HOME", "${HOME}"} {
		if rest, ok := strings.CutPrefix(v, h); ok && (rest == "" || rest[0] == '/') {
			v = "~" + rest
		}
	}
	if v == "" {
		return p
	}
	if v[0] == '~' {
		user, rest, _ := strings.Cut(v[1:], "/")
		switch user {
		case "":
			v = fsHome(c) + "/" + rest
		case "+":
			v = c.Dir + "/" + rest
		case "-":
			return p
		case "root":
			v = "/root/" + rest
		default:
			v = "/home/" + user + "/" + rest
		}
	}
	if v[0] != '/' {
		if !strings.HasPrefix(c.Dir, "/") {
			return p
		}
		v = c.Dir + "/" + v
	}
	p.Abs = path.Clean(v)
	return p
}

// fsShow returns a word as a person would write it.
func fsShow(w Word) string {
	if w.Value == Unknown && len(w.Vars) == 1 && w.Vars[0] != UnknownVar {
		return "$" + w.Vars[0]
	}
	if w.Value == "" {
		return "''"
	}
	return strings.ReplaceAll(w.Value, Unknown, "…")
}

// fsShowList shows up to three words.
func fsShowList(ws []Word) string {
	if len(ws) == 0 {
		return "(nothing named)"
	}
	var b strings.Builder
	for i, w := range ws {
		if i == 3 {
			b.WriteString(" and more")
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(fsShow(w))
	}
	return b.String()
}

// fsKind is what a path is, as far as deleting or changing it goes.
type fsKind int

const (
	fsOther       fsKind = iota
	fsUnknownPath        // only known at run time: could be anything
	fsRoot               // the filesystem root
	fsSystem             // a system directory
	fsHomeDir            // the home directory or one that holds it
)

// fsSystemDirs lists the system directories, separated by spaces.
const fsSystemDirs = "/bin /boot /dev /etc /home /lib /lib32 /lib64 /libx32 /opt /proc /root /run /sbin /srv /sys /usr /var /snap " +
	"/usr/bin /usr/sbin /usr/lib /usr/lib32 /usr/lib64 /usr/libx32 /usr/libexec /usr/include /usr/share /usr/local /usr/src /var/lib"

// fsEachSystemDir calls f on every system directory until it returns true.
func fsEachSystemDir(f func(string) bool) bool {
	s := fsSystemDirs
	for s != "" {
		var d string
		d, s, _ = strings.Cut(s, " ")
		if f(d) {
			return true
		}
	}
	return false
}

// fsIsSystemDir reports whether p is a system directory.
func fsIsSystemDir(p string) bool {
	if len(p) < 4 || p[0] != '/' {
		return false
	}
	return fsEachSystemDir(func(d string) bool { return d == p })
}

func FsHasMeta(s string) bool { return strings.ContainsAny(s, "*?[") }

// fsKindOf classifies a cleaned absolute path without wildcards.
func fsKindOf(p, home string) fsKind {
	switch {
	case p == "/":
		return fsRoot
	case p == home:
		return fsHomeDir // also when it is /root: "the home directory" says more
	case fsIsSystemDir(p):
		return fsSystem
	case strings.HasPrefix(home, p+"/"):
		return fsHomeDir
	}
	return fsOther
}

// fsDescribe names p of kind k for a reason.
func fsDescribe(p string, k fsKind, home string) string {
	show := p
	if home == fsHomeUnknown && strings.HasPrefix(p, home) {
		show = "~" + p[len(home):]
	}
	switch k {
	case fsRoot:
		return "the filesystem root"
	case fsSystem:
		return p + ", a system directory"
	case fsHomeDir:
		if p == home {
			return "the home directory " + show
		}
		return show + ", which holds the home directory"
	}
	return show
}

// fsClassify says what p is: the root, a system directory or the home
// directory (itself, everything in it, or a wildcard matching it), another
// path, or one only known at run time; what describes it for a reason.
func fsClassify(p fsPath, home string) (k fsKind, what string) {
	k, what, _ = fsClassifyContent(p, home)
	return k, what
}

// fsClassifyContent is fsClassify that also reports a wildcard standing
// for everything in the directory it names (/usr/*, ~/.*).
func fsClassifyContent(p fsPath, home string) (k fsKind, what string, content bool) {
	if p.Abs == "" {
		return fsUnknownPath, "", false
	}
	if !p.glob {
		k = fsKindOf(p.Abs, home)
		return k, fsDescribe(p.Abs, k, home), false
	}
	i := strings.LastIndexByte(p.Abs, '/')
	dir, last := p.Abs[:i], p.Abs[i+1:]
	if dir == "" {
		dir = "/"
	}
	if fsWholeDir(last) {
		if !FsHasMeta(dir) {
			if k = fsKindOf(dir, home); k != fsOther {
				return k, "everything in " + fsDescribe(dir, k, home), true
			}
		} else if k, m := fsMatchProtected(dir, home); k != fsOther {
			return k, "everything in " + p.Abs + " (it matches " + fsDescribe(m, k, home) + ")", true
		}
	}
	if k, m := fsMatchProtected(p.Abs, home); k != fsOther {
		return k, p.Abs + " (it matches " + fsDescribe(m, k, home) + ")", false
	}
	return fsOther, p.Abs, false
}

// fsWholeDir reports whether a wildcard file name matches every name (or
// every hidden name) in a directory.
func fsWholeDir(name string) bool {
	if !FsHasMeta(name) {
		return false
	}
	if fsMatch(name, "bin") && fsMatch(name, "etc") && fsMatch(name, "Documents") && fsMatch(name, "x") {
		return true
	}
	return fsMatch(name, ".ssh") && fsMatch(name, ".config") && fsMatch(name, ".x1")
}

// fsMatchProtected returns the kind and the path of the first system
// directory, home directory or ancestor of it that pattern matches.
func fsMatchProtected(pattern, home string) (fsKind, string) {
	var m string
	if fsEachSystemDir(func(d string) bool { m = d; return fsMatch(pattern, d) }) {
		return fsSystem, m
	}
	for h := home; len(h) > 1; {
		if fsMatch(pattern, h) {
			return fsHomeDir, h
		}
		i := strings.LastIndexByte(h, '/')
		h = h[:i]
	}
	return fsOther, ""
}

// fsMatch is path.Match that treats a bad pattern as no match.
func fsMatch(pattern, name string) bool {
	ok, err := path.Match(pattern, name)
	return err == nil && ok
}

// fsNoOperand reports a command that was given no operand at all: it is
// not behind a wrapper (xargs and find -exec add operands, and the text of
// a wrapped command is not its source) and its text has no expansion (an
// empty $VAR here may hold paths where the line runs).
func fsNoOperand(c *Command) bool {
	return len(c.Via) == 0 && !strings.ContainsAny(c.Text, "$`")
}

// fsInTmp reports an operand written as an absolute path strictly inside
// the system's temporary directory (/tmp/x, /var/tmp/x, $TMPDIR/x with
// TMPDIR known to be one of them or inside one), not the directory
// itself: no "." or
// ".." part, no trailing slash (rm -r link/ deletes what a link points
// to), no glob. A relative path is not, wherever the line runs.
func fsInTmp(w Word) bool {
	v := w.Value
	if !w.Known || w.Glob || strings.HasSuffix(v, "/") || path.Clean(v) != v {
		return false
	}
	for _, d := range []string{"/tmp/", "/var/tmp/"} {
		rest, ok := strings.CutPrefix(v, d)
		if !ok || rest == "" {
			continue
		}
		// $TMPDIR is often a directory of its own inside /tmp: a word
		// made with it must name something inside that one too.
		return !slices.Contains(w.Vars, "TMPDIR") || strings.Contains(rest, "/")
	}
	return false
}
