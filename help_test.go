package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// hiddenOptions are options parseFlags takes that --help does not show.
var hiddenOptions = map[string]bool{
	"--executor": true, // internal: the pty side of an interactive shell
	// Accepted for bash compatibility, ignored by the interpreter.
	"-v": true, "-C": true, "-b": true, "-m": true, "-B": true, "-H": true,
}

// parsedOptions returns every option parseFlags in flags.go accepts, read
// from the source: "--name" for each case of the long-option switch and
// "-x" for each case of the short-option one.
func parsedOptions(t *testing.T) []string {
	t.Helper()
	var opts []string
	for _, file := range []string{"flags.go", "agentflags.go"} {
		opts = append(opts, fileOptions(t, file)...)
	}
	if len(opts) < 10 {
		t.Fatalf("found only %v in parseFlags: has flags.go changed shape?", opts)
	}
	return opts
}

// fileOptions returns the options the option parsers of one file take.
func fileOptions(t *testing.T, file string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var opts []string
	ast.Inspect(f, func(n ast.Node) bool {
		fd, ok := n.(*ast.FuncDecl)
		if ok && fd.Name.Name != "parseFlags" && fd.Name.Name != "agentFlag" {
			return false
		}
		cc, ok := n.(*ast.CaseClause)
		if !ok {
			return true
		}
		for _, e := range cc.List {
			lit, ok := e.(*ast.BasicLit)
			if !ok {
				continue
			}
			switch lit.Kind {
			case token.STRING:
				s, _ := strconv.Unquote(lit.Value)
				opts = append(opts, "--"+s)
			case token.CHAR:
				r, _ := strconv.Unquote(lit.Value)
				opts = append(opts, "-"+r)
			}
		}
		return true
	})
	return opts
}

// TestHelpComplete checks that --help and README.md name every option
// guardsh takes.
func TestHelpComplete(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range parsedOptions(t) {
		if hiddenOptions[o] {
			continue
		}
		if !mentions(helpText, o) {
			t.Errorf("--help does not mention %s", o)
		}
		if !mentions(string(readme), o) {
			t.Errorf("README.md does not mention %s", o)
		}
	}
}

// mentions reports whether text names the option o as a word of its own.
func mentions(text, o string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], o)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(o)
		before := j == 0 || strings.ContainsRune(" \t\n([`,'\"", rune(text[j-1]))
		after := end == len(text) || !isWordByte(text[end])
		if before && after {
			return true
		}
		i = j + 1
	}
}

func isWordByte(b byte) bool {
	return b == '-' || b == '_' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
}

// TestHelpWidth keeps --help within 80 columns.
func TestHelpWidth(t *testing.T) {
	for i, line := range strings.Split(helpText, "\n") {
		if n := len([]rune(line)); n > 79 {
			t.Errorf("--help line %d is %d columns wide: %q", i+1, n, line)
		}
	}
}
