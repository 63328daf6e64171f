package shell

import (
	"maps"
	"os/exec"
	"testing"
)

// TestDeclCache: a report read one statement at a time, from a cold cache
// and from the last report's, reads as the whole text does: real bash's
// declare -p of tricky values, and texts that do not split as bash's do.
func TestDeclCache(t *testing.T) {
	texts := []string{
		"declare -- a=\"1\"\ndeclare -x B=\"two words\"\n",
		"declare -- a=\"x\ndeclare -- PATH=\\\"/evil\\\"\"\ndeclare -- b=\"2\"\n",
		"declare -- a=$'x\\'\\ndeclare -- PATH=/evil'\ndeclare -x c=\"3\"\n",
		"declare -- a='x\ndeclare -- PATH=/evil'\n",
		"declare -a arr=([0]=\"a\" [1]=\"b\n\")\ndeclare -x PATH=\"/usr/bin\"\n",
		"declare -a arr=(\n[0]=\"a\")\n",
		"declare -- a=1 # \"\ndeclare -- b=2\n",
		"declare -- a=\\\ndeclare\n",
		"declare -- a=$(\necho x)\n",
		"declare -- a=\"unterminated\n",
		"declare -n ref=\"a\"\ndeclare -x __gs_n=\"3\"\ndeclare -x E=\"e\"\n",
		"",
	}
	if bash, err := exec.LookPath("bash"); err == nil {
		out, err := exec.Command(bash, "--norc", "--noprofile", "-c", `a=$'new\nline'; b='q"uo\te'\''s'; c=$'\x01\x7f'; d='$(x) `+"`y`"+` \$z'; export e=$'ex\nported'; declare -a arr=(1 $'2\n' "3 3"); declare -A as=([k]=v ["x y"]=$'z\n'); f=; declare -i n=5; declare -p`).Output()
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(out))
		if _, ok := splitDecls(string(out)); !ok {
			t.Errorf("bash's declare -p does not split:\n%s", out)
		}
	}
	var warm declCache
	for _, text := range texts {
		want, wantExp := bashVarsExported(text)
		for _, c := range []declCache{nil, warm} {
			got, gotExp, next := c.read(text)
			if !maps.Equal(got, want) || !maps.Equal(gotExp, wantExp) || (got == nil) != (want == nil) {
				t.Errorf("%q:\n got %v %v\nwant %v %v", text, got, gotExp, want, wantExp)
			}
			warm = next
		}
	}
}

// BenchmarkDeclCache compares reading a shell's declare -p whole with
// reading it through the cache of the last report (one variable
// changed).
func BenchmarkDeclCache(b *testing.B) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		b.Skip("no bash")
	}
	out, err := exec.Command(bash, "--norc", "--noprofile", "-i", "-c", "__gs_n=1; declare -p").Output()
	if err != nil {
		b.Fatal(err)
	}
	text := string(out)
	b.Run("whole", func(b *testing.B) {
		for range b.N {
			bashVarsExported(text)
		}
	})
	b.Run("cached", func(b *testing.B) {
		_, _, c := declCache(nil).read(text)
		for i := range b.N {
			_, _, c = c.read(text + "declare -- _=\"" + string(rune('a'+i%26)) + "\"\n")
		}
	})
}
