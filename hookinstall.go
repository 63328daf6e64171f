package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"guardsh/guard"
)

// runInstallHook adds guardsh's hook to agent's settings (install) or
// removes it: everything else in the file stays, twice is once, the file
// is replaced atomically and the old one kept as FILE.guardsh-backup. It
// prints what it changed.
func runInstallHook(o options, agent string, install bool, stdout, stderr io.Writer) int {
	what := "--uninstall-hook"
	if install {
		what = "--install-hook"
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "guardsh: %s %s: %v\n", what, agent, err)
		return 1
	}
	if len(o.args) > 0 {
		fmt.Fprintf(stderr, "guardsh: %s takes no arguments\n%s", what, usageLine)
		return 2
	}
	var argv []string // the hook's command, nil to uninstall
	if install {
		var err error
		if argv, err = hookArgv(o, agent); err != nil {
			return fail(err)
		}
	}
	if agent == openCodeAgent {
		return installPlugin(argv, o.agent.project, stdout, fail)
	}
	path, setup, err := settingsFile(agent, o.agent.project)
	if err != nil {
		return fail(err)
	}
	command := ""
	if install {
		command = hookCommand(argv[0], agent, argv[3:]...)
	}
	old, err := os.ReadFile(path)
	existed := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fail(err)
	}
	out, removed, err := editHooks(old, agent, setup, command)
	if err != nil {
		return fail(fmt.Errorf("%s: %w; it is left as it is", path, err))
	}
	switch {
	case existed && bytes.Equal(bytes.TrimSpace(out), bytes.TrimSpace(old)):
		if install {
			fmt.Fprintf(stdout, "guardsh: %s already has guardsh's hook (%s): nothing changed\n", path, setup.event)
		} else {
			fmt.Fprintf(stdout, "guardsh: %s has no guardsh hook: nothing changed\n", path)
		}
		return 0
	case !install && removed == 0:
		fmt.Fprintf(stdout, "guardsh: %s has no guardsh hook: nothing changed\n", path)
		return 0
	}
	backup, err := writeSettings(path, old, existed, out)
	if err != nil {
		return fail(err)
	}
	switch {
	case install && removed > 0:
		fmt.Fprintf(stdout, "guardsh: replaced guardsh's hook in %s (%s): %s\n", path, setup.event, command)
	case install:
		fmt.Fprintf(stdout, "guardsh: added guardsh's hook to %s (%s): %s\n", path, setup.event, command)
	default:
		fmt.Fprintf(stdout, "guardsh: removed guardsh's hook from %s (%s)\n", path, setup.event)
	}
	if backup != "" {
		fmt.Fprintf(stdout, "guardsh: the previous file is kept as %s\n", backup)
	}
	return 0
}

// hookArgv is the command guardsh's hook for agent runs: guardsh by its
// absolute path, --hook AGENT, and --hook-allow LEVEL when given.
func hookArgv(o options, agent string) ([]string, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("cannot find guardsh's own path: %w", err)
	}
	argv := []string{self, "--hook", agent}
	if o.agent.hookAllow != "" {
		l, err := guard.ParseLevel(o.agent.hookAllow)
		if err != nil || l >= guard.Blocked {
			return nil, fmt.Errorf("--hook-allow %q: want safe, info_leak, medium or high", o.agent.hookAllow)
		}
		argv = append(argv, "--hook-allow", l.String())
	}
	return argv, nil
}

// writeSettings replaces path with data atomically (a temporary file in
// the same directory, synced, renamed over it), keeping its mode, and
// keeps the old content as PATH.guardsh-backup. It returns the backup's
// path, "" when there was no file before.
func writeSettings(path string, old []byte, existed bool, data []byte) (backup string, err error) {
	dir := filepath.Dir(path)
	mode := fs.FileMode(0o600)
	if existed {
		if fi, err := os.Stat(path); err == nil {
			mode = fi.Mode().Perm()
		}
		backup = path + ".guardsh-backup"
		if err := os.WriteFile(backup, old, mode); err != nil {
			return "", fmt.Errorf("writing the backup: %w", err)
		}
	} else if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".guardsh-*")
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return "", err
	}
	return backup, nil
}
