package rules

import (
	"strings"

	"guardsh/internal/argv"
)

// The perm family: chmod, chown, chgrp and setfacl. Recursive changes on
// the filesystem root or a system directory are blocked, on the home
// directory high; taking the search permission away from the home
// directory, the root or a system directory (chmod 000 ~) is high, as it
// locks its owner or every user out of everything under it; making a tree
// writable by everyone is high; everything else medium.

// Rule names of the perm family.
const (
	RuleChmodRecursiveRoot       = "chmod_recursive_root"
	RuleChmodRecursiveHome       = "chmod_recursive_home"
	RuleChmodRecursivePermissive = "chmod_recursive_permissive"
	RuleChmodLockout             = "chmod_lockout"
	RuleChmod777                 = "chmod_777"
	RuleChmodSetuid              = "chmod_setuid"
	RuleChmod                    = "chmod"
)

// PermRules returns the built-in rules of this family.
func PermRules() []Builtin {
	return fsFamily(permFamilyHits, []Rule{
		{Name: RuleChmodRecursiveRoot, Level: Blocked, Description: "recursively changes the mode, owner, group or ACL of the filesystem root or a system directory (/usr, /etc, /var, ...), with any mode", Example: "chmod -R 777 /"},
		{Name: RuleChmodRecursiveHome, Level: High, Description: "recursively changes the mode, owner, group or ACL of the whole home directory or a directory that holds it", Example: "chmod -R 700 ~"},
		{Name: RuleChmodLockout, Level: High, Description: "takes the search (x) permission away from the home directory (from its owner) or from the filesystem root or a system directory (from everyone), or gives one a mode only known at run time: no program of the user (or of anyone) can then reach a file under it", Example: "chmod 000 ~"},
		{Name: RuleChmodRecursivePermissive, Level: High, Description: "recursively makes files writable by everyone (chmod -R 777, a+rwx, o+w), or with a mode only known at run time", Example: "chmod -R 777 ./site"},
		{Name: RuleChmod777, Level: Medium, Description: "makes files writable by everyone (chmod 777, 666, a+rwx, o+w)", Example: "chmod 777 script.sh"},
		{Name: RuleChmodSetuid, Level: Medium, Description: "sets the setuid or setgid bit (u+s, g+s, 4755, 2755), so the program runs with its owner's rights", Example: "chmod u+s ./tool"},
		{Name: RuleChmod, Level: Medium, Description: "changes the mode, owner, group or ACL of files (chmod, chown, chgrp, setfacl)", Example: "chmod 644 file"},
	}, map[string][]string{
		// The programs permFamilyHits gives each rule to.
		RuleChmodRecursiveRoot:       permProgs,
		RuleChmodRecursiveHome:       permProgs,
		RuleChmodRecursivePermissive: {"chmod"},
		RuleChmodLockout:             {"chmod"},
		RuleChmod777:                 {"chmod"},
		RuleChmodSetuid:              {"chmod"},
		RuleChmod:                    permProgs,
	})
}

var (
	// chmodSpec: a word like -w or -rwx is a mode, not options, as GNU
	// chmod takes it.
	chmodSpec   = argv.Spec{Flags: "cfvR", StrictShort: true, LongFlags: []string{"changes", "silent", "quiet", "verbose", "no-preserve-root", "preserve-root", "recursive"}, LongValued: []string{"reference"}, LongStop: []string{"help", "version"}}
	chownSpec   = argv.Spec{LongFlags: []string{"changes", "dereference", "no-dereference", "silent", "quiet", "recursive", "verbose", "preserve-root", "no-preserve-root"}, LongValued: []string{"from", "reference"}, LongStop: []string{"help", "version"}}
	setfaclSpec = argv.Spec{Valued: "mMxX", LongFlags: []string{"remove-all", "remove-default", "mask", "no-mask", "default", "test", "recursive", "logical", "physical"}, LongValued: []string{"modify", "modify-file", "remove", "remove-file", "set", "set-file", "restore"}, LongStop: []string{"help", "version"}}
)

// permProgs are the programs permFamilyHits reads.
var permProgs = []string{"chmod", "chown", "chgrp", "setfacl"}

// permFamilyHits returns every hit of the perm family on c.
func permFamilyHits(c *Command) []fsNamedHit {
	var a Opts
	var mode Word
	hasMode := false
	verb := ""
	name := c.Name()
	switch name {
	case "chmod":
		a = ReadOpts(c.Args[1:], &chmodSpec)
		verb = "the mode of"
	case "chown", "chgrp":
		a = ReadOpts(c.Args[1:], &chownSpec)
		verb = "the owner of"
		if name == "chgrp" {
			verb = "the group of"
		}
	case "setfacl":
		a = ReadOpts(c.Args[1:], &setfaclSpec)
		verb = "the ACL of"
	default:
		return nil
	}
	if a.Info {
		return nil
	}
	targets := a.Operands
	if _, ref := a.Arg("reference"); !ref && name != "setfacl" && len(targets) > 0 {
		mode, hasMode = targets[0], true
		targets = targets[1:]
	}
	if len(targets) == 0 && fsNoOperand(c) {
		return nil // nothing is changed: the program only complains
	}
	rec := a.Has("R", "recursive")
	home := fsHome(c)
	var hs []fsNamedHit
	homeHit := false
	for _, w := range targets {
		if !rec {
			break // only a recursive change reaches a whole tree
		}
		k, what := fsClassify(fsResolve(c, w), home)
		switch k {
		case fsRoot, fsSystem:
			hs = fsAdd(hs, RuleChmodRecursiveRoot, "recursively changes "+verb+" "+what)
		case fsHomeDir:
			hs = fsAdd(hs, RuleChmodRecursiveHome, "recursively changes "+verb+" "+what)
			homeHit = true
		}
	}
	if fsHasRule(hs, RuleChmodRecursiveRoot) {
		return hs
	}
	list := fsShowList(targets)
	special := false
	if name == "chmod" && hasMode {
		for _, w := range targets {
			k, what, content := fsClassifyContent(fsResolve(c, w), home)
			// Each directory itself, not everything in it (chmod 600 ~/*).
			if content || (k != fsRoot && k != fsSystem && k != fsHomeDir) {
				continue
			}
			abs := fsResolve(c, w).Abs
			if why, ok := chmodLocksOut(mode.Value, k, abs, home); ok {
				hs = fsAdd(hs, RuleChmodLockout, why+" "+what+" ("+fsShow(mode)+"): "+chmodLockoutWho(k, abs, home)+" can no longer reach a file under it")
				special = true
			}
		}
	}
	if name == "chmod" && hasMode {
		m := mode.Value
		switch {
		case strings.Contains(m, Unknown):
			if rec {
				hs = fsAdd(hs, RuleChmodRecursivePermissive, "recursively changes the mode of "+list+" to "+fsShow(mode)+", only known at run time")
				special = true
			}
		case chmodWorldWritable(m):
			if rec {
				hs = fsAdd(hs, RuleChmodRecursivePermissive, "recursively makes "+list+" writable by everyone ("+m+")")
			} else {
				hs = fsAdd(hs, RuleChmod777, "makes "+list+" writable by everyone ("+m+")")
			}
			special = true
		}
		if !strings.Contains(m, Unknown) && chmodSetuid(m) {
			hs = fsAdd(hs, RuleChmodSetuid, "sets the setuid or setgid bit on "+list+" ("+m+")")
			special = true
		}
	}
	if !special && !homeHit {
		how := "changes "
		if rec {
			how = "recursively changes "
		}
		hs = fsAdd(hs, RuleChmod, how+verb+" "+list)
	}
	return hs
}

// chmodWorldWritable reports a mode that lets everyone write: an octal
// mode whose "other" digit has the write bit, or a symbolic clause adding
// w for o or a.
func chmodWorldWritable(m string) bool {
	if chmodOctal(m) {
		return (m[len(m)-1]-'0')&2 != 0
	}
	for _, clause := range strings.Split(m, ",") {
		who := strings.TrimLeft(clause, "ugoa")
		all := clause[:len(clause)-len(who)]
		if !strings.ContainsAny(all, "oa") {
			continue
		}
		for i := 0; i < len(who); i++ {
			if who[i] != '+' && who[i] != '=' {
				continue
			}
			perms := who[i+1:]
			if j := strings.IndexAny(perms, "+-="); j >= 0 {
				perms = perms[:j]
			}
			if strings.IndexByte(perms, 'w') >= 0 {
				return true
			}
		}
	}
	return false
}

// chmodSetuid reports a mode that sets the setuid or setgid bit.
func chmodSetuid(m string) bool {
	if chmodOctal(m) {
		return len(m) >= 4 && (m[len(m)-4]-'0')&6 != 0
	}
	for _, clause := range strings.Split(m, ",") {
		ops := strings.TrimLeft(clause, "ugoa")
		who := clause[:len(clause)-len(ops)]
		if who != "" && !strings.ContainsAny(who, "uga") {
			continue
		}
		for i := 0; i < len(ops); i++ {
			if ops[i] != '+' && ops[i] != '=' {
				continue
			}
			perms := ops[i+1:]
			if j := strings.IndexAny(perms, "+-="); j >= 0 {
				perms = perms[:j]
			}
			if strings.IndexByte(perms, 's') >= 0 {
				return true
			}
		}
	}
	return false
}

func chmodOctal(m string) bool {
	return m != "" && len(m) <= 5 && strings.Trim(m, "01234567") == ""
}

// chmodLocksOut reports whether giving the directory abs (the root, a
// system directory or the home directory, of kind k) mode m takes its
// search permission from those who need it: the owner of the home
// directory and of /root, everyone else for the root and the system
// directories. A mode only known at run time may; it fails closed.
func chmodLocksOut(m string, k fsKind, abs, home string) (string, bool) {
	if strings.Contains(m, Unknown) {
		return "changes to a mode only known at run time the mode of", true
	}
	class := byte('o')
	if k == fsHomeDir && abs == home || abs == "/root" {
		class = 'u'
	}
	if !chmodDropsSearch(m, class) {
		return "", false
	}
	return "takes the search permission away from", true
}

// chmodLockoutWho names who a lockout shuts out.
func chmodLockoutWho(k fsKind, abs, home string) string {
	if k == fsHomeDir && abs == home || abs == "/root" {
		return "its owner"
	}
	return "no one but its owner"
}

// chmodDropsSearch reports whether mode m, applied to a directory that
// has every permission, leaves class ('u' or 'o') without the search (x)
// permission. A clause it cannot read (u=g copies another class) is
// taken to drop it.
func chmodDropsSearch(m string, class byte) bool {
	if chmodOctal(m) {
		i := len(m) - 1
		if class == 'u' {
			i = len(m) - 3
		}
		return i < 0 || (m[i]-'0')&1 == 0
	}
	search := true
	for _, clause := range strings.Split(m, ",") {
		ops := strings.TrimLeft(clause, "ugoa")
		who := clause[:len(clause)-len(ops)]
		if who != "" && !strings.ContainsAny(who, string(class)+"a") {
			continue
		}
		if ops == "" {
			return true // not a mode chmod takes: it fails, but fail closed
		}
		for ops != "" {
			op := ops[0]
			perms := ops[1:]
			if j := strings.IndexAny(perms, "+-="); j >= 0 {
				perms, ops = perms[:j], perms[j:]
			} else {
				ops = ""
			}
			x := strings.ContainsAny(perms, "xX")
			copies := strings.ContainsAny(perms, "ugo")
			switch op {
			case '+':
				search = search || x
			case '-':
				search = search && !x && !copies
			case '=':
				search = x && !copies
			default:
				return true
			}
		}
	}
	return !search
}
