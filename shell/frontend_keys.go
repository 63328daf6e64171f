package shell

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

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
