package guard

import (
	"strings"

	"guardsh/internal/argv"
)

// The perm family: chmod, chown, chgrp and setfacl. Recursive changes on
// the filesystem root or a system directory are blocked, on the home
// directory high; making a tree writable by everyone is high; everything
// else medium.

// Rule names of the perm family.
const (
	ruleChmodRecursiveRoot       = "chmod_recursive_root"
	ruleChmodRecursiveHome       = "chmod_recursive_home"
	ruleChmodRecursivePermissive = "chmod_recursive_permissive"
	ruleChmod777                 = "chmod_777"
	ruleChmodSetuid              = "chmod_setuid"
	ruleChmod                    = "chmod"
)

// permRules returns the built-in rules of this family.
func permRules() []builtin {
	return fsFamily(permFamilyHits, []Rule{
		{Name: ruleChmodRecursiveRoot, Level: Blocked, Description: "recursively changes the mode, owner, group or ACL of the filesystem root or a system directory (/usr, /etc, /var, ...), with any mode", Example: "chmod -R 777 /"},
		{Name: ruleChmodRecursiveHome, Level: High, Description: "recursively changes the mode, owner, group or ACL of the whole home directory or a directory that holds it", Example: "chmod -R 700 ~"},
		{Name: ruleChmodRecursivePermissive, Level: High, Description: "recursively makes files writable by everyone (chmod -R 777, a+rwx, o+w), or with a mode only known at run time", Example: "chmod -R 777 ./site"},
		{Name: ruleChmod777, Level: Medium, Description: "makes files writable by everyone (chmod 777, 666, a+rwx, o+w)", Example: "chmod 777 script.sh"},
		{Name: ruleChmodSetuid, Level: Medium, Description: "sets the setuid or setgid bit (u+s, g+s, 4755, 2755), so the program runs with its owner's rights", Example: "chmod u+s ./tool"},
		{Name: ruleChmod, Level: Medium, Description: "changes the mode, owner, group or ACL of files (chmod, chown, chgrp, setfacl)", Example: "chmod 644 file"},
	}, map[string][]string{
		// The programs permFamilyHits gives each rule to.
		ruleChmodRecursiveRoot:       permProgs,
		ruleChmodRecursiveHome:       permProgs,
		ruleChmodRecursivePermissive: {"chmod"},
		ruleChmod777:                 {"chmod"},
		ruleChmodSetuid:              {"chmod"},
		ruleChmod:                    permProgs,
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
	var a fsArgs
	var mode Word
	hasMode := false
	verb := ""
	name := c.Name()
	switch name {
	case "chmod":
		a = fsScan(c.Args[1:], &chmodSpec)
		verb = "the mode of"
	case "chown", "chgrp":
		a = fsScan(c.Args[1:], &chownSpec)
		verb = "the owner of"
		if name == "chgrp" {
			verb = "the group of"
		}
	case "setfacl":
		a = fsScan(c.Args[1:], &setfaclSpec)
		verb = "the ACL of"
	default:
		return nil
	}
	if a.info {
		return nil
	}
	targets := a.operands
	if _, ref := a.arg("reference"); !ref && name != "setfacl" && len(targets) > 0 {
		mode, hasMode = targets[0], true
		targets = targets[1:]
	}
	if len(targets) == 0 && fsNoOperand(c) {
		return nil // nothing is changed: the program only complains
	}
	rec := a.has("R", "recursive")
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
			hs = fsAdd(hs, ruleChmodRecursiveRoot, "recursively changes "+verb+" "+what)
		case fsHomeDir:
			hs = fsAdd(hs, ruleChmodRecursiveHome, "recursively changes "+verb+" "+what)
			homeHit = true
		}
	}
	if fsHasRule(hs, ruleChmodRecursiveRoot) {
		return hs
	}
	list := fsShowList(targets)
	special := false
	if name == "chmod" && hasMode {
		m := mode.Value
		switch {
		case strings.Contains(m, Unknown):
			if rec {
				hs = fsAdd(hs, ruleChmodRecursivePermissive, "recursively changes the mode of "+list+" to "+fsShow(mode)+", only known at run time")
				special = true
			}
		case chmodWorldWritable(m):
			if rec {
				hs = fsAdd(hs, ruleChmodRecursivePermissive, "recursively makes "+list+" writable by everyone ("+m+")")
			} else {
				hs = fsAdd(hs, ruleChmod777, "makes "+list+" writable by everyone ("+m+")")
			}
			special = true
		}
		if !strings.Contains(m, Unknown) && chmodSetuid(m) {
			hs = fsAdd(hs, ruleChmodSetuid, "sets the setuid or setgid bit on "+list+" ("+m+")")
			special = true
		}
	}
	if !special && !homeHit {
		how := "changes "
		if rec {
			how = "recursively changes "
		}
		hs = fsAdd(hs, ruleChmod, how+verb+" "+list)
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
