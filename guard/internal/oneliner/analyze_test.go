package oneliner

import (
	"reflect"
	"testing"
)

// TestAnalyzeNoPanic feeds the reader broken code in every language.
func TestAnalyzeNoPanic(t *testing.T) {
	inputs := []string{"", "'", `"`, "`", "f'{", "'''", `"\`, "/", "%x(", "qx{", "s/a/", "q", "[[", "--[[", "$", "@", "#{",
		`"${`, "`${", "os.system(", "system(\"a\"", "((((", "))))", "a.b.c(", ").x(", "\\", "{\"a\":", "[1,", `"#{x`,
		"print |", "| getline", "print >", "open(F,", "eval", "eval(", "x(" + Unknown + ")", Unknown,
		"s:x", "y -c", "tr/a", "s{a}", "%s:%d"}
	for lang := Python; lang <= Lua; lang++ {
		for _, in := range inputs {
			Analyze(lang, in, nil)
			Analyze(lang, in+in, []Operand{{Value: in, Known: true}})
		}
	}
}

// FuzzAnalyze checks that the reader never panics or loops, in any
// language.
func FuzzAnalyze(f *testing.F) {
	for _, s := range []string{`os.system("rm -rf /")`, "system 'ls'", "s/a/b/", "qx{id}", "%x(date)", "`id`",
		`{ print "x" | "sh" }`, "[[a]]", `f"{x}"`, "eval(\"eval('1')\")", "s:x"} {
		f.Add(uint8(Python), s)
	}
	f.Fuzz(func(t *testing.T, lang uint8, code string) {
		Analyze(Lang(lang%uint8(Lua+1)), code, []Operand{{Value: code}})
	})
}

// TestAnalyze checks the effects found in small one-liners of each
// language, and the harmless neighbours that have none.
func TestAnalyze(t *testing.T) {
	u := Unknown
	for _, tt := range []struct {
		lang Lang
		code string
		want []Effect
	}{
		{Python, `import os; os.system("rm -rf /")`, []Effect{{Kind: Shell, Text: "rm -rf /"}}},
		{Python, `cmd = "reboot"; os.system(cmd)`, []Effect{{Kind: Shell, Text: "reboot"}}},
		{Python, `os.system("ls " + x)`, []Effect{{Kind: Shell, Text: "ls " + u, Dynamic: true}}},
		{Python, `os.system(f"rm {p}")`, []Effect{{Kind: Shell, Text: "rm " + u, Dynamic: true}}},
		{Python, `import sys, os; os.system(sys.argv[1])`, []Effect{{Kind: Shell, Text: "ls", Dynamic: false}}},
		{Python, `subprocess.run(["rm", "-r", "d"])`, []Effect{{Kind: Exec, Argv: []string{"rm", "-r", "d"}}}},
		{Python, `shutil.rmtree("/x")`, []Effect{{Kind: Remove, Text: "rm -rf", Argv: []string{"/x"}}}},
		{Python, `shutil.rmtree(p)`, []Effect{{Kind: Remove, Text: "rm -rf", Argv: []string{u}, Dynamic: true}}},
		{Python, `open("/etc/x", "w").write("y")`, []Effect{{Kind: Write, Text: "/etc/x", Op: ">"}}},
		{Python, `exec(code)`, []Effect{{Kind: Dynamic, Why: EvalsDynamic}}},
		{Python, `eval("os.system('id')")`, []Effect{{Kind: Shell, Text: "id"}}},
		{Python, `print("os.system('rm -rf /')")`, nil},
		{Python, `# os.system("rm")`, nil},
		{JS, "require('child_process').execSync('id')", []Effect{{Kind: Shell, Text: "id"}}},
		{JS, "fs.rmSync('/d', {recursive: true})", []Effect{{Kind: Remove, Text: "rm -rf", Argv: []string{"/d"}}}},
		{JS, "console.log('execSync(1)')", nil},
		{Perl, "system 'ls'", []Effect{{Kind: Shell, Text: "ls"}}},
		{Perl, "print `id`", []Effect{{Kind: Shell, Text: "id"}}},
		{Perl, `open(F, ">>", "log")`, []Effect{{Kind: Write, Text: "log", Op: ">>"}}},
		{Ruby, "%x(date)", []Effect{{Kind: Shell, Text: "date"}}},
		{Ruby, `FileUtils.rm_rf("x")`, []Effect{{Kind: Remove, Text: "rm -rf", Argv: []string{"x"}}}},
		{PHP, `shell_exec("whoami");`, []Effect{{Kind: Shell, Text: "whoami"}}},
		{Lua, `os.execute("ls")`, []Effect{{Kind: Shell, Text: "ls"}}},
		{Awk, `{ print "rm " $1 | "sh" }`, []Effect{{Kind: Pipe, Text: "sh"}}},
		{Awk, `BEGIN { print "rm x" | "sh" }`, []Effect{{Kind: Pipe, Text: "sh", Input: []string{"rm x"}}}},
		{Awk, `BEGIN { "date" | getline d }`, []Effect{{Kind: Shell, Text: "date"}}},
		{Awk, `{ print > "out.txt" }`, []Effect{{Kind: Write, Text: "out.txt", Op: ">"}}},
		{Awk, `{ print $1 }`, nil},
	} {
		got := Analyze(tt.lang, tt.code, []Operand{{Value: "ls", Known: true}})
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Analyze(%s, %q) = %+v, want %+v", tt.lang, tt.code, got, tt.want)
		}
	}
}
