package rules

import (
	"strings"
)

// findArgs are find's primaries that take one argument (GNU findutils
// find(1)): a word after one of them is its argument, never an action.
var findArgs = map[string]bool{
	"-name": true, "-iname": true, "-path": true, "-ipath": true, "-wholename": true, "-iwholename": true,
	"-regex": true, "-iregex": true, "-lname": true, "-ilname": true, "-regextype": true,
	"-newer": true, "-anewer": true, "-cnewer": true, "-mtime": true, "-mmin": true, "-atime": true,
	"-amin": true, "-ctime": true, "-cmin": true, "-used": true, "-size": true, "-type": true, "-xtype": true,
	"-user": true, "-group": true, "-uid": true, "-gid": true, "-perm": true, "-links": true, "-inum": true,
	"-samefile": true, "-maxdepth": true, "-mindepth": true, "-fstype": true, "-context": true,
	"-printf": true, "-fprint": true, "-fprint0": true, "-fls": true, "-files0-from": true,
}

// findDeletes reports whether a find expression has the action -delete:
// not as the argument of a test (find . -name -delete) nor as a word of
// an -exec command (find . -exec tool -delete ';').
func findDeletes(expr []Word) bool {
	for i := 0; i < len(expr); i++ {
		v := expr[i].Value
		switch {
		case !expr[i].Known:
		case v == "-delete":
			return true
		case v == "-exec" || v == "-execdir" || v == "-ok" || v == "-okdir":
			for i++; i < len(expr) && !(expr[i].Value == ";" || expr[i].Value == "+" && i > 0 && strings.Contains(expr[i-1].Value, "{}")); i++ {
			}
		case v == "-fprintf":
			i += 2
		case findArgs[v] || strings.HasPrefix(v, "-newer"):
			i++
		}
	}
	return false
}

// findEverything reports a find -delete expression with no test that
// limits what it deletes, so that it deletes the whole tree as rm -rf
// does: only -delete, printing, ordering and traversal options, and
// -type f (every file, the whole of the data).
func findEverything(expr []Word) bool {
	for i := 0; i < len(expr); i++ {
		switch expr[i].Value {
		case "-delete", "-print", "-print0", "-depth", "-d", "-xdev", "-mount", "-noleaf", "-ignore_readdir_race", "-follow":
		case "-mindepth":
			i++
		case "-type":
			if i+1 >= len(expr) || expr[i+1].Value != "f" {
				return false
			}
			i++
		default:
			return false
		}
	}
	return true
}
