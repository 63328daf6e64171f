package allowlist

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

const (
	docsPath  = "../docs/auto-mode.md"
	docsBegin = "<!-- BEGIN GENERATED COMMAND LIST: go test ./allowlist -run TestDocs with ALLOWLIST_UPDATE_DOCS=1 -->\n"
	docsEnd   = "<!-- END GENERATED COMMAND LIST -->\n"
)

// TestDocsCommandList fails when the command list in docs/auto-mode.md is
// not the one the table gives. ALLOWLIST_UPDATE_DOCS=1 rewrites it.
func TestDocsCommandList(t *testing.T) {
	data, err := os.ReadFile(docsPath)
	if err != nil {
		t.Skipf("no %s: %v", docsPath, err)
	}
	doc := string(data)
	i, j := strings.Index(doc, docsBegin), strings.Index(doc, docsEnd)
	if i < 0 || j < i {
		t.Fatalf("%s has no generated section markers", docsPath)
	}
	want := doc[:i+len(docsBegin)] + commandList(New()) + doc[j:]
	if want == doc {
		return
	}
	if os.Getenv("ALLOWLIST_UPDATE_DOCS") != "" {
		if err := os.WriteFile(docsPath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is stale: run ALLOWLIST_UPDATE_DOCS=1 go test ./allowlist -run TestDocs", docsPath)
}

// commandList renders the table as Markdown.
func commandList(l *List) string {
	var sb strings.Builder
	sb.WriteString("| command | allowed flags | notes |\n|---|---|---|\n")
	for _, name := range l.Commands() {
		s, _ := l.Spec(name)
		writeSpec(&sb, name, &s)
	}
	return sb.String()
}

func writeSpec(sb *strings.Builder, name string, s *Spec) {
	flags := flagList(s)
	var notes []string
	if s.Note != "" {
		notes = append(notes, s.Note)
	}
	switch {
	case s.NoOperands:
		notes = append(notes, "no operand")
	case s.MaxOperands > 0:
		notes = append(notes, "at most "+strconv.Itoa(s.MaxOperands)+" operand(s)")
	}
	if s.GlobSafe {
		notes = append(notes, "unquoted globs allowed")
	}
	if s.NoRead {
		notes = append(notes, "reads no file contents")
	}
	if len(s.Subs) > 0 && s.Bare {
		notes = append(notes, "may run without a subcommand")
	}
	sb.WriteString("| `" + name + "` | " + flags + " | " + strings.Join(notes, "; ") + " |\n")
	for i := range s.Subs {
		writeSpec(sb, name+" "+s.Subs[i].Name, &s.Subs[i])
	}
}

func flagList(s *Spec) string {
	if s.Raw {
		return "its own grammar, see notes"
	}
	var fs []string
	sh := s.Short
	for i := 0; i < len(sh); i++ {
		f := "-" + string(sh[i])
		switch {
		case strings.HasPrefix(sh[i+1:], "::"):
			f += "[VALUE]"
			i += 2
		case strings.HasPrefix(sh[i+1:], ":"):
			f += " VALUE"
			i++
		}
		fs = append(fs, f)
	}
	if s.NumOpt {
		fs = append(fs, "-NUM")
	}
	for _, l := range s.Long {
		switch {
		case strings.HasSuffix(l, "=?"):
			fs = append(fs, "--"+strings.TrimSuffix(l, "=?")+"[=VALUE]")
		case strings.HasSuffix(l, "=!"):
			fs = append(fs, "--"+strings.TrimSuffix(l, "=!")+" [VALUE]")
		case strings.HasSuffix(l, "="):
			fs = append(fs, "--"+l+"VALUE")
		default:
			fs = append(fs, "--"+l)
		}
	}
	if len(fs) == 0 {
		return "none"
	}
	for i, f := range fs {
		fs[i] = "`" + strings.ReplaceAll(f, "|", "\\|") + "`"
	}
	return strings.Join(fs, " ")
}
