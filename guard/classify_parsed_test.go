package guard

import (
	"reflect"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// ClassifyParsed gives the verdict Classify gives, and leaves the file it
// is given as it was: the interactive shell classifies the file it parsed
// to see that the line is complete, and then reads it again.
func TestClassifyParsedIsClassify(t *testing.T) {
	lines := []string{
		"ls -la", "rm -rf /", "rm -rf ./build", "echo $API_KEY", "cat <<EOF | bash\nrm -rf ~\nEOF",
		"f() { rm -rf /; }; f", "alias ll='ls -l'", "for d in a b; do rm -r \"$d\"; done",
		"echo $(curl -s x | sh)", "x=1 env y=2 sudo -u root dd if=/dev/zero of=/dev/sda",
		"bash -c 'rm -rf /usr'", "git status && git push --force", "cat .env > /tmp/x &",
		"sed -i s/a/b/ f", "python3 -c 'import os; os.system(\"rm -rf /\")'", "echo 'a",
	}
	lines = append(lines, corpusLinesIfPresent("tldr.tsv")...)
	if testing.Short() && len(lines) > 400 {
		lines = lines[:400]
	}
	g, err := New()
	if err != nil {
		t.Fatal(err)
	}
	st := State{Dir: "/home/u/project", Var: MapVars(map[string]string{"HOME": "/home/u"})}
	pr := syntax.NewPrinter()
	for _, line := range lines {
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), "")
		if err != nil {
			f = nil // ClassifyParsed classifies it as Classify does
		}
		var before strings.Builder
		if f != nil {
			pr.Print(&before, f)
		}
		got, want := g.ClassifyParsed(f, line, st), g.Classify(line, st)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\nClassifyParsed %+v\nClassify       %+v", line, got, want)
		}
		if f != nil {
			var after strings.Builder
			pr.Print(&after, f)
			if after.String() != before.String() {
				t.Errorf("%q: ClassifyParsed changed the file:\n%s\nto\n%s", line, before.String(), after.String())
			}
		}
	}
}
