package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"guardsh/approvals"
	"guardsh/guard"
	"guardsh/internal/regfile"
	"guardsh/prompt"
)

// maxApprovalsBytes bounds the approvals file read.
const maxApprovalsBytes = 1 << 20

// lastingStore is the file of answers that last
// ($XDG_STATE_HOME/guardsh/approvals.json), as this guardsh may use it:
// read with regfile (bounded, regular files only), written whole and
// atomically under an flock of its own, used only where the configuration
// allows it and never for a rule the policy sets.
type lastingStore struct {
	path string
	// allowed is false when the policy forbids answers that last
	// (allow_lasting_answers = false, lock = true) or cannot be read.
	allowed bool
	// policyRules are the rules the policy sets ([[pattern]], [levels]):
	// the administrator's, never approved by a person's lasting answer.
	policyRules map[string]bool
	home        string
	now         func() time.Time
}

// newLasting returns the store settings name; nil when there is no state
// directory.
func newLasting(s settings) *lastingStore {
	if s.approvalsFile == "" {
		return nil
	}
	home, _ := os.UserHomeDir()
	return &lastingStore{path: s.approvalsFile, allowed: s.lastingAllowed, policyRules: s.policyRules, home: home, now: time.Now}
}

// permits reports whether a lasting answer may be given for, or used on,
// v: the configuration allows them, v is approvals.Eligible (not blocked,
// checked whole) and no finding is of a rule the policy sets.
func (l *lastingStore) permits(v guard.Verdict) bool {
	if l == nil || !l.allowed || !approvals.Eligible(v) {
		return false
	}
	for _, f := range v.Findings {
		if l.policyRules[f.Rule] {
			return false
		}
	}
	return true
}

// read returns the store; a missing file is an empty store. The entries
// of a damaged file that are still valid are returned with the error.
func (l *lastingStore) read() (approvals.Store, error) {
	data, err := regfile.Read(l.path, maxApprovalsBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return approvals.Store{}, nil
	}
	if err != nil {
		return approvals.Store{}, err
	}
	st, err := approvals.Parse(data)
	if err != nil {
		err = fmt.Errorf("%s: %w", l.path, err)
	}
	return st, err
}

// match reports whether a stored approval covers v in dir, and the audit
// log's words for it: "lasting approval 2 (rule rm_rf (high) in /src/app
// and below)".
func (l *lastingStore) match(v guard.Verdict, dir string) (how string, ok bool) {
	if !l.permits(v) {
		return "", false
	}
	st, _ := l.read() // what cannot be read approves nothing
	used, ok := st.Match(v, dir)
	if !ok {
		return "", false
	}
	var parts []string
	for _, n := range used {
		parts = append(parts, fmt.Sprintf("%d (%s)", n, st.Approvals[n-1]))
	}
	word := "lasting approval "
	if len(used) > 1 {
		word = "lasting approvals "
	}
	return word + strings.Join(parts, ", "), true
}

// below reports whether a rule approved in dir holds under it too: it
// does, except in / and the home directory, where it holds there only.
func (l *lastingStore) below(dir string) bool {
	dir = filepath.Clean(dir)
	return dir != "/" && (l.home == "" || dir != filepath.Clean(l.home))
}

// offer is what a question about v in dir offers: nothing when no
// lasting answer may be given.
func (l *lastingStore) offer(v guard.Verdict, dir string) prompt.Offer {
	if !l.permits(v) {
		return prompt.Offer{}
	}
	where := " in " + l.tilde(dir)
	var rules []string
	for _, a := range approvals.ForRules(v, dir, false, time.Time{}) {
		rules = append(rules, a.Rule+" ("+a.Level.String()+")")
	}
	rule := strings.Join(rules, ", ") + where
	if l.below(dir) {
		rule += " and below"
	}
	return prompt.Offer{Command: "this command" + where, Rule: rule}
}

func (l *lastingStore) tilde(dir string) string {
	if l.home != "" && l.home != "/" {
		if dir == l.home {
			return "~"
		}
		if strings.HasPrefix(dir, l.home+"/") {
			return "~" + dir[len(l.home):]
		}
	}
	return dir
}

// remember stores the lasting answer a (prompt.Always or
// prompt.AllowRule) about v in dir, and returns the line that says so.
func (l *lastingStore) remember(a prompt.Answer, v guard.Verdict, dir string) (string, error) {
	if !l.permits(v) {
		return "", errors.New("no lasting answer may be given for this line")
	}
	now := l.now()
	var add []approvals.Approval
	switch a {
	case prompt.Always:
		ap, ok := approvals.ForCommand(v, dir, now)
		if !ok {
			return "", errors.New("no lasting answer may be given for this line")
		}
		add = []approvals.Approval{ap}
	case prompt.AllowRule:
		add = approvals.ForRules(v, dir, l.below(dir), now)
	default:
		return "", fmt.Errorf("%v is not an answer that lasts", a)
	}
	var n int
	err := l.update(func(st *approvals.Store) error {
		st.Add(add...)
		n = len(st.Approvals)
		return nil
	})
	if err != nil {
		return "", err
	}
	var what []string
	for _, ap := range add {
		what = append(what, ap.String())
	}
	return fmt.Sprintf("guardsh: allowed from now on: %s (/approvals lists them, /forget %d removes the last)", strings.Join(what, "; "), n), nil
}

// forget removes approval n (from 1).
func (l *lastingStore) forget(n int) (approvals.Approval, error) {
	var gone approvals.Approval
	err := l.update(func(st *approvals.Store) error {
		var err error
		gone, err = st.Remove(n)
		return err
	})
	return gone, err
}

// list prints the approvals, numbered.
func (l *lastingStore) list(w io.Writer) error {
	st, err := l.read()
	if len(st.Approvals) == 0 && err == nil {
		fmt.Fprintln(w, "no lasting approvals (answer a or r at a question to add one)")
	}
	for i, a := range st.Approvals {
		fmt.Fprintf(w, "%3d  %s  (%s)\n", i+1, a, a.Added.Local().Format("2006-01-02 15:04"))
	}
	if !l.allowed {
		fmt.Fprintln(w, "the policy forbids answers that last: none of these is used")
	}
	return err
}

// update changes the store under its lock and writes it back atomically.
// A store that cannot be read whole is not written: nothing in it is lost.
func (l *lastingStore) update(change func(*approvals.Store) error) error {
	dir := filepath.Dir(l.path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	lock, err := os.OpenFile(l.path+".lock", os.O_RDWR|os.O_CREATE|unix.O_NOFOLLOW, 0o600)
	if err != nil {
		return err
	}
	defer lock.Close()
	if err := unix.Flock(int(lock.Fd()), unix.LOCK_EX); err != nil {
		return fmt.Errorf("locking %s: %w", l.path, err)
	}
	st, err := l.read()
	if err != nil {
		return fmt.Errorf("%w; fix or remove the file", err)
	}
	if err := change(&st); err != nil {
		return err
	}
	return writeAtomic(l.path, st.Encode(), 0o600)
}

// writeAtomic replaces path with data: a reader sees the old file or the
// new one, never a part.
func writeAtomic(path string, data []byte, mode os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(mode)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// lastingShell is the store as the interactive shell uses it
// (shell.Lasting).
type lastingShell struct{ l *lastingStore }

// Match reports whether a stored approval covers v in dir.
func (s lastingShell) Match(v guard.Verdict, dir string) (string, bool) { return s.l.match(v, dir) }

// Offer is what a question about v in dir offers.
func (s lastingShell) Offer(v guard.Verdict, dir string) prompt.Offer { return s.l.offer(v, dir) }

// Remember keeps the answer a about v in dir.
func (s lastingShell) Remember(a prompt.Answer, v guard.Verdict, dir string) (string, error) {
	return s.l.remember(a, v, dir)
}

// List prints the approvals, numbered.
func (s lastingShell) List(w io.Writer) error { return s.l.list(w) }

// Forget removes approval n.
func (s lastingShell) Forget(n int) (string, error) {
	a, err := s.l.forget(n)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("forgotten: %s", a), nil
}
