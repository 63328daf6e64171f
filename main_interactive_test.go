package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
)

// history_size = 0 keeps no history, as bash's HISTSIZE=0: the lines of
// a session are not saved; with the default they are.
func TestInteractiveHistorySizeZero(t *testing.T) {
	for _, c := range []struct {
		config string
		saved  bool
	}{
		{"history_size = 0\n", false},
		{"", true},
		{"history_size = 5\n", true},
	} {
		t.Run(strings.TrimSpace(c.config), func(t *testing.T) {
			s := newSandbox(t)
			cfgDir := filepath.Join(s.dir, ".xdg_config_home", "guardsh")
			if err := os.MkdirAll(cfgDir, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(cfgDir, "config.toml"), []byte(c.config), 0o600); err != nil {
				t.Fatal(err)
			}
			s.interactive(t, []string{"echo histprobe-$((6*7))", "histprobe-42\r\n", "exit", ""})
			data, err := os.ReadFile(filepath.Join(s.dir, ".xdg_state_home", "guardsh", "history"))
			if got := err == nil && strings.Contains(string(data), "echo histprobe-$((6*7))"); got != c.saved {
				t.Fatalf("line saved in the history file: %v, want %v (%q, %v)", got, c.saved, data, err)
			}
		})
	}
}

// interactive runs guardsh on a pty: it types each even element of steps
// and Enter, and waits for the odd one after it in the output after the
// last match ("" waits for the end), failing at a deadline.
func (s *sandbox) interactive(t *testing.T, steps []string) {
	t.Helper()
	master, slave, err := pty.Open()
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	defer master.Close()
	cmd := s.command()
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	out := ptyOutput(master)
	var seen strings.Builder
	from := 0 // the output after the last match
	deadline := time.After(20 * time.Second)
	for i := 0; i+1 < len(steps); i += 2 {
		master.Write([]byte(steps[i] + "\r"))
		want := steps[i+1]
		for want == "" || !strings.Contains(seen.String()[from:], want) {
			select {
			case c, ok := <-out:
				if !ok {
					if want == "" {
						return
					}
					t.Fatalf("terminal closed before %q: %q", want, seen.String())
				}
				seen.WriteString(c)
			case <-deadline:
				t.Fatalf("no %q on the terminal: %q", want, seen.String())
			}
		}
		from += strings.Index(seen.String()[from:], want) + len(want)
	}
}

// The interactive shell runs a line with no finding at once by default
// (ask = "risky"); ask = "always" in the config asks about it too.
func TestInteractiveAskSetting(t *testing.T) {
	for _, c := range []struct{ config, steps string }{
		{"", "echo safe-$((1+1))|safe-2\r\n|exit|"},
		{"ask = \"risky\"\n", "echo safe-$((1+1))|safe-2\r\n|exit|"},
		{"ask = \"always\"\n", "echo safe-$((1+1))|safe: run it? [Y/n/e]|y|safe-2\r\n|exit|safe: run it? [Y/n/e]|y|"},
	} {
		t.Run(strings.TrimSpace(c.config), func(t *testing.T) {
			s := newSandbox(t)
			cfgDir := filepath.Join(s.dir, ".xdg_config_home", "guardsh")
			if err := os.MkdirAll(cfgDir, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(cfgDir, "config.toml"), []byte(c.config), 0o600); err != nil {
				t.Fatal(err)
			}
			s.interactive(t, strings.Split(c.steps, "|"))
		})
	}
}

// A line's history entry and audit record, written once it is done, are in
// their files before the next line is read: the next line finds them.
func TestInteractiveWritesBeforeNextLine(t *testing.T) {
	s := newSandbox(t)
	state := filepath.Join(s.dir, ".xdg_state_home", "guardsh")
	s.interactive(t, []string{
		"echo first-$((1+1))", "first-2\r\n",
		// The pattern does not match the grep line itself, whose own
		// entry is written once it has run 10 ms (under load, before
		// grep reads the files).
		"grep -c 'first-[$]' " + filepath.Join(state, "history") + " " + filepath.Join(state, "audit.jsonl"), "history:1\r\n" + filepath.Join(state, "audit.jsonl") + ":1\r\n",
		"exit", "",
	})
}

// At the prompt, a file the line sources is read before the line runs:
// a function the snapshot defines, called by eval's code, has the line
// refused whole (touch does not run either); a harmless call runs.
func TestInteractiveSourcedDefs(t *testing.T) {
	s := newSandbox(t)
	os.WriteFile(filepath.Join(s.dir, "snap.sh"), []byte("g() { rm -rf /; }\nok() { echo ok-$((2+2)); }\n"), 0o644)
	s.interactive(t, []string{
		// The answer waits for the question: keys typed before it shows
		// are discarded (prompt's discardTypeahead).
		"source ./snap.sh && eval 'touch ran.txt && g'", "rm_rf_root  recursively deletes the filesystem root (in: rm -rf /)\r\nblocked: edit or cancel [e/N] ",
		"n", "blocked lines never run",
		"source ./snap.sh && eval ok", "ok-4\r\n",
		"exit", "",
	})
	if _, err := os.Stat(filepath.Join(s.dir, "ran.txt")); err == nil {
		t.Errorf("touch ran: the line was not refused whole")
	}
}
