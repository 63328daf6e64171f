package shell

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/chzyer/readline"
)

// The keys guardsh adds to chzyer/readline, which has neither: its
// terminal reader turns Alt-. into a plain '.', and Ctrl-X starts no
// sequence. The editor's reader turns each into a C1 control of the same
// length that no keyboard sends (PU1, PU2), which the rune filter takes.
const (
	altDot     = '\u0091' // Alt-.: insert the last word of the previous line
	ctrlXCtrlE = '\u0092' // Ctrl-X Ctrl-E: edit the line in $VISUAL / $EDITOR
)

// translateKeys replaces Alt-. and Ctrl-X Ctrl-E in p[:n], in place (each
// is two bytes, as are their replacements), and returns the length.
func translateKeys(p []byte, n int) int {
	s := string(p[:n])
	if !strings.Contains(s, "\x1b.") && !strings.Contains(s, "\x18\x05") {
		return n
	}
	s = strings.ReplaceAll(s, "\x1b.", string(altDot))
	s = strings.ReplaceAll(s, "\x18\x05", string(ctrlXCtrlE))
	return copy(p, s)
}

// filterKey handles guardsh's own keys at the prompt. Alt-. goes on into
// the buffer, where onKey replaces it.
func (f *frontend) filterKey(r rune) (rune, bool, bool) {
	switch r {
	case altDot:
		return r, true, true
	case ctrlXCtrlE:
		// The line is entered as it is, then handed to the editor.
		f.editNext = true
		return readline.CharEnter, true, true
	}
	return r, true, false
}

// onKey is the editor's listener: it replaces the Alt-. just inserted by
// the last word of the previous line, the cursor after it.
func (f *frontend) onKey(line []rune, pos int, key rune) ([]rune, int, bool) {
	if key != altDot {
		return nil, 0, false
	}
	i := pos - 1
	if i < 0 || i >= len(line) || line[i] != altDot {
		if i = slices.Index(line, altDot); i < 0 {
			return nil, 0, false
		}
	}
	w := []rune(lastWord(f.lastLine))
	out := append(append(append([]rune{}, line[:i]...), w...), line[i+1:]...)
	return out, i + len(w), true
}

// editInEditor runs $VISUAL (or $EDITOR, or vi) on text in a file of its
// own and returns what the file holds after, its last newline taken off.
// The editor is the front end's own: the person runs it, it is not a line
// of the shell, and it is not classified; what it leaves is.
func (f *frontend) editInEditor(text string) (string, error) {
	editor := f.vars["VISUAL"]
	if editor == "" {
		editor = f.vars["EDITOR"]
	}
	if editor == "" {
		editor = "vi"
	}
	argv := strings.Fields(editor)
	tmp, err := os.CreateTemp("", "guardsh-edit-*.sh")
	if err != nil {
		return "", fmt.Errorf("edit: %w", err)
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.WriteString(text + "\n")
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("edit: %w", err)
	}
	cmd := exec.Command(editorPath(argv[0], f.vars["PATH"]), append(argv[1:], tmp.Name())...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = f.in, f.out, f.out
	cmd.Dir = f.dir
	for k, v := range f.vars {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return "", fmt.Errorf("edit: %s exited with status %d; nothing runs", argv[0], ee.ExitCode())
		}
		return "", fmt.Errorf("edit: %w", err)
	}
	b, err := os.ReadFile(tmp.Name())
	if err != nil {
		return "", fmt.Errorf("edit: %w", err)
	}
	return strings.TrimRight(string(b), "\n"), nil
}

// editorPath finds name on the shell's PATH.
func editorPath(name, path string) string {
	if strings.Contains(name, "/") {
		return name
	}
	for _, d := range filepath.SplitList(path) {
		p := filepath.Join(d, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	return name
}

// The editor shows a statement of several lines, recalled from the
// history, on one line, each newline shown as ↵: readline counts the
// lines of its buffer by the terminal's width alone, and a buffer with
// newlines in it is drawn again below itself at every key. In the buffer
// a newline is editorNewline, one column wide as ↵ is.
const editorNewline = '\uE00A'

// editorText is s as the editor's buffer holds it.
func editorText(s string) string { return strings.ReplaceAll(s, "\n", string(editorNewline)) }

// fromEditorText is the text of the editor's buffer s.
func fromEditorText(s string) string { return strings.ReplaceAll(s, string(editorNewline), "\n") }

// newlinePainter draws editorNewline as ↵.
type newlinePainter struct{}

func (newlinePainter) Paint(line []rune, _ int) []rune {
	if !slices.Contains(line, editorNewline) {
		return line
	}
	out := slices.Clone(line)
	for i, r := range out {
		if r == editorNewline {
			out[i] = '↵'
		}
	}
	return out
}
