package allowlist

import (
	"slices"
	"strings"
	"sync"
)

// findNoArg are find's operators, tests, options and actions that take no
// argument and only select or print names.
var findNoArg = lazyWords("( ) ! , -not -a -and -o -or -depth -d -mount -xdev -noleaf -ignore_readdir_race -noignore_readdir_race -daystart -follow -warn -nowarn -help --help -version --version -empty -executable -readable -writable -nouser -nogroup -true -false -print -print0 -ls -prune -quit")

// findOneArg take one argument, which is a value and never an action.
var findOneArg = lazyWords("-name -iname -path -ipath -wholename -iwholename -regex -iregex -lname -ilname -type -xtype -size -mtime -mmin -atime -amin -ctime -cmin -newer -anewer -cnewer -perm -user -group -uid -gid -links -inum -samefile -used -fstype -maxdepth -mindepth -regextype -printf -context -files0-from")

// findWhy explains find's actions that auto mode refuses.
var findWhy = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"-exec":    "find -exec runs a command",
		"-execdir": "find -execdir runs a command",
		"-ok":      "find -ok runs a command",
		"-okdir":   "find -okdir runs a command",
		"-delete":  "find -delete deletes files",
		"-fprint":  "find -fprint writes a file",
		"-fprint0": "find -fprint0 writes a file",
		"-fprintf": "find -fprintf writes a file",
		"-fls":     "find -fls writes a file",
	}
})

// checkFind reads find's command line: leading options, starting points,
// then an expression whose every primary must be a test, an operator or a
// printing action. The value of -name and its kin is skipped, so
// `find . -name -delete` is fine.
func checkFind(c *Call) string {
	args := make([]string, len(c.Args))
	for i, a := range c.Args {
		args[i] = a.Text
	}
	i := 0
	for i < len(args) {
		t := args[i]
		switch {
		case t == "-H" || t == "-L" || t == "-P":
			i++
		case t == "-D":
			i += 2
		case strings.HasPrefix(t, "-O") && isNum(t[2:]):
			i++
		default:
			goto points
		}
	}
points:
	for i < len(args) && !strings.HasPrefix(args[i], "-") && !slices.Contains([]string{"(", ")", "!", ","}, args[i]) {
		i++
	}
	for i < len(args) {
		t := args[i]
		i++
		switch {
		case slices.Contains(findNoArg(), t):
		case slices.Contains(findOneArg(), t) || isFindNewer(t):
			if i >= len(args) {
				return "find " + t + " needs a value"
			}
			i++
		default:
			if r, ok := findWhy()[t]; ok {
				return r
			}
			return "find " + quoteArg(t) + " is not a test auto mode knows"
		}
	}
	return ""
}

// isFindNewer reports find's -newerXY tests (-newermt, -newerct...).
func isFindNewer(t string) bool {
	rest, ok := strings.CutPrefix(t, "-newer")
	if !ok || len(rest) != 2 {
		return false
	}
	return strings.ContainsRune("aBcm", rune(rest[0])) && strings.ContainsRune("aBcmt", rune(rest[1]))
}
