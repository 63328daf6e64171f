package walk

import (
	"strings"

	"guardsh/guard/internal/rules"
)

// ansible's ad-hoc mode runs a module on every host a pattern names:
// `ansible web -m shell -a 'CMD'`. The shell, command and raw modules (and
// the default module, command) run CMD, which is classified as the shell
// code it is, as ssh's remote command is.

// ansibleCodeModules are the modules whose -a argument is a command line.
var ansibleCodeModules = []string{"shell", "command", "raw", "ansible.builtin.shell", "ansible.builtin.command", "ansible.builtin.raw",
	"ansible.legacy.shell", "ansible.legacy.command", "ansible.legacy.raw"}

// ansibleInner returns the command line an ansible ad-hoc call runs.
func ansibleInner(args []Word) []rules.Inner {
	module := Lit("command")
	var code *Word
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Known {
			continue
		}
		val := func(short, long string) (Word, bool) {
			switch {
			case a.Value == short || a.Value == "--"+long:
				if i+1 < len(args) {
					i++
					return args[i], true
				}
			case strings.HasPrefix(a.Value, "--"+long+"="):
				w := a
				w.Value = strings.TrimPrefix(a.Value, "--"+long+"=")
				return w, true
			// ansible's -aARGS and -mMODULE take their value attached to the
			// letter; a long option is read above.
			case len(a.Value) > 2 && strings.HasPrefix(a.Value, short) && !strings.HasPrefix(a.Value, "--"):
				w := a
				w.Value = a.Value[2:]
				return w, true
			}
			return Word{}, false
		}
		if w, ok := val("-m", "module-name"); ok {
			module = w
			continue
		}
		if w, ok := val("-a", "args"); ok {
			code = &w
		}
	}
	if code == nil {
		return nil
	}
	if module.Known && !hasString(ansibleCodeModules, module.Value) {
		return nil
	}
	return []rules.Inner{{Label: "ansible -m " + module.Value, Code: code}}
}

func hasString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
