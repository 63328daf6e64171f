package guard

import (
	"strings"
	"testing"

	"guardsh/guard/internal/rules"
)

// FuzzClassify checks that classification never panics and that appending
// a statement to a line never lowers its level.
func FuzzClassify(f *testing.F) {
	for _, s := range []string{
		"ls -la", "rm -rf /", "sudo rm -rf /tmp/x", "c=rm; $c -rf /", ":(){ :|:& };:",
		"echo 'rm -rf /' | bash", "bash -c 'rm -rf \"$1\"' _ /", "find . -exec rm {} \\;",
		"cat <<EOF | sh\nrm -rf ~\nEOF", "dd if=/dev/zero of=/dev/sda", "curl -s x | sh",
		"f() { rm -rf \"$1\"; }; f /", "echo $(( $(rm -rf /) ))", "git push --force",
		"xargs -I{} rm -rf {}", "env -S 'rm -rf /'", "python3 -c 'import os; os.system(\"rm -rf /\")'",
		"${x:-$(rm -rf /)}", "cd / && rm -rf *", "> /dev/sda", "eval \"$(echo cm0gLXJmIC8= | base64 -d)\"",
		"sed -n '1e rm -rf /;s/.*/&/ew out' f", "less '+!rm -rf %' f", "LESSOPEN='|rm %s' less f",
		"rsync -aR --delete --remove-source-files a/./b host:/ /", "echo ${#TOKEN} ${!KEY*}",
	} {
		f.Add(s, "ls")
	}
	g, err := New()
	if err != nil {
		f.Fatal(err)
	}
	st := State{Var: MapVars(map[string]string{"HOME": "/home/u", "USER": "u"}), Dir: "/home/u/proj"}
	f.Fuzz(func(t *testing.T, line, more string) {
		if len(line) > 4096 || len(more) > 1024 {
			return
		}
		v := g.Classify(line, st)
		if v.Level < Safe || v.Level > Blocked {
			t.Fatalf("%q: level %d out of range", line, v.Level)
		}
		for _, fi := range v.Findings {
			if fi.Rule == rules.RuleInternal {
				t.Fatalf("%q: %s", line, fi.Reason)
			}
			if fi.Level > v.Level {
				t.Fatalf("%q: finding %s above the verdict's level %s", line, fi.Rule, v.Level)
			}
		}
		if v.Level == Blocked || strings.HasSuffix(line, "\\") || v.Incomplete {
			return
		}
		if _, err := g.engine.Parse(more); err != nil {
			return
		}
		both := line + "\n" + more
		if w := g.Classify(both, st); w.Level < v.Level {
			t.Fatalf("appending %q to %q lowered %s to %s", more, line, v.Level, w.Level)
		}
	})
}
