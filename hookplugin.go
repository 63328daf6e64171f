package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"guardsh/hook"
)

// openCodeAgent is OpenCode's name for --hook: its hook is a JavaScript
// plugin of guardsh's own (hook.OpenCodePlugin), a file in a directory
// OpenCode loads plugins from, not an entry in a settings file.
const openCodeAgent = "opencode"

// openCodePluginFiles are the places of guardsh's OpenCode plugin, the
// project's (.opencode in the current directory) or the user's
// ($XDG_CONFIG_HOME/opencode, ~/.config/opencode by default): OpenCode loads
// every *.js and *.ts file of plugin/ and plugins/ there (older versions
// plugin/ only, where guardsh writes it).
func openCodePluginFiles(project bool) ([]string, error) {
	var base string
	if project {
		dir, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		base = filepath.Join(dir, openCodeProject)
	} else {
		home, err := os.UserHomeDir()
		if base = openCodeUser(home); err != nil && base == "" {
			return nil, fmt.Errorf("no home directory: %w", err)
		}
	}
	var files []string
	for _, d := range openCodePluginDirs {
		files = append(files, filepath.Join(base, d, "guardsh.js"))
	}
	return files, nil
}

// openCodeProject is the project's OpenCode directory, in the project's
// directory; openCodePluginDirs are the directories in it (and in the
// user's, openCodeUser) OpenCode loads plugins from, the first where
// guardsh writes its own; openCodeConfigs are OpenCode's config files
// there (and at the project's top), whose "plugin" list loads more.
const openCodeProject = ".opencode"

var (
	openCodePluginDirs = []string{"plugin", "plugins"}
	openCodeConfigs    = []string{"opencode.json", "opencode.jsonc"}
)

// openCodeUser is the user's OpenCode directory: $XDG_CONFIG_HOME/opencode,
// ~/.config/opencode by default; "" without either.
func openCodeUser(home string) string {
	if x := os.Getenv("XDG_CONFIG_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "opencode")
	}
	if home == "" {
		return ""
	}
	return filepath.Join(home, ".config", "opencode")
}

// pluginFile is one place of guardsh's OpenCode plugin, as found.
type pluginFile struct {
	path   string
	data   []byte
	exists bool
	// argv is what guardsh's plugin runs; nil when the file is not
	// guardsh's plugin (or does not exist).
	argv []string
}

// readPluginFiles reads the places of guardsh's OpenCode plugin.
func readPluginFiles(project bool) ([]pluginFile, error) {
	paths, err := openCodePluginFiles(project)
	if err != nil {
		return nil, err
	}
	var files []pluginFile
	for _, p := range paths {
		f := pluginFile{path: p}
		data, err := os.ReadFile(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return nil, err
		default:
			f.data, f.exists = data, true
			f.argv, _ = hook.OpenCodePluginArgv(data)
		}
		files = append(files, f)
	}
	return files, nil
}

// installPlugin writes guardsh's OpenCode plugin running argv, or removes
// it when argv is nil. A guardsh plugin already there is replaced where it
// is; a file of the same name that is not guardsh's is left as it is.
func installPlugin(argv []string, project bool, stdout io.Writer, fail func(error) int) int {
	files, err := readPluginFiles(project)
	if err != nil {
		return fail(err)
	}
	if argv == nil {
		removed := 0
		for _, f := range files {
			if f.argv == nil {
				continue
			}
			if err := os.Remove(f.path); err != nil {
				return fail(err)
			}
			removed++
			fmt.Fprintf(stdout, "guardsh: removed guardsh's OpenCode plugin %s\n", f.path)
		}
		if removed == 0 {
			fmt.Fprintf(stdout, "guardsh: %s has no guardsh plugin: nothing changed\n", filepath.Dir(filepath.Dir(files[0].path)))
		}
		return 0
	}
	data := hook.OpenCodePlugin(argv)
	target := files[0]
	for _, f := range files {
		if f.argv != nil {
			target = f // replaced where it is, not loaded twice
			break
		}
	}
	switch {
	case target.exists && target.argv == nil:
		return fail(fmt.Errorf("%s is not guardsh's plugin: it is left as it is; move it away and install again", target.path))
	case target.exists && bytes.Equal(target.data, data):
		fmt.Fprintf(stdout, "guardsh: %s is guardsh's plugin already (%s): nothing changed\n", target.path, hook.OpenCodeEvent)
		return 0
	}
	backup, err := writeSettings(target.path, target.data, target.exists, data)
	if err != nil {
		return fail(err)
	}
	verb := "wrote"
	if target.exists {
		verb = "replaced"
	}
	fmt.Fprintf(stdout, "guardsh: %s guardsh's OpenCode plugin %s (%s, bash tool): %s\n", verb, target.path, hook.OpenCodeEvent, strings.Join(quoteAll(argv), " "))
	if backup != "" {
		fmt.Fprintf(stdout, "guardsh: the previous file is kept as %s\n", backup)
	}
	return 0
}

func quoteAll(argv []string) []string {
	q := make([]string, len(argv))
	for i, a := range argv {
		q[i] = hook.Quote(a)
	}
	return q
}

// doctorPlugin reports guardsh's OpenCode plugin in the user's and the
// project's plugin directories, for --doctor; it returns whether one is
// installed.
func doctorPlugin(w func(string, ...any), problem func(string, ...any)) bool {
	found := false
	for _, project := range []bool{false, true} {
		where := "user"
		if project {
			where = "project"
		}
		files, err := readPluginFiles(project)
		if err != nil {
			w("  %-12s %-8s cannot read: %v", openCodeAgent, where, err)
			problem("guardsh's OpenCode plugin cannot be read (%v)", err)
			continue
		}
		var ours []pluginFile
		for _, f := range files {
			switch {
			case f.argv != nil:
				ours = append(ours, f)
				w("  %-12s %-8s %s: installed: %s", openCodeAgent, where, f.path, strings.Join(quoteAll(f.argv), " "))
				if !isExecutable(f.argv[0]) {
					problem("%s runs %s, which is not an executable file: every command of OpenCode's bash tool is then refused; run guardsh --install-hook opencode again", f.path, f.argv[0])
				}
			case f.exists:
				w("  %-12s %-8s %s: not guardsh's plugin", openCodeAgent, where, f.path)
			}
		}
		switch {
		case len(ours) == 0:
			w("  %-12s %-8s %s: not installed", openCodeAgent, where, files[0].path)
		case len(ours) > 1:
			problem("guardsh's OpenCode plugin is in both %s and %s, so OpenCode runs it twice: remove one (guardsh --uninstall-hook opencode removes both)", ours[0].path, ours[1].path)
		}
		found = found || len(ours) > 0
	}
	return found
}
