package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"guardsh/internal/regfile"
)

// maxConfigBytes bounds the config and the policy: a larger file is an
// error (a real one is a few kilobytes).
const maxConfigBytes = 256 << 10

// policyOwner is the user who, besides root, may own the policy and every
// directory above it: root again. Only the test binary changes it
// (policy_test.go), to the user running the tests.
var policyOwner = 0

// readPolicy reads the policy at path. A policy that is not a regular
// file, is too large, or that someone other than policyOwner could have
// written (the file or a directory above it owned by another user, or
// writable by its group or by others) is an error: such a file says
// nothing about what the administrator wants.
func readPolicy(path string) ([]byte, error) {
	data, err := regfile.Read(path, maxConfigBytes)
	if errors.Is(err, fs.ErrNotExist) {
		// No policy, unless someone else could have removed it.
		if terr := trustedAbove(path); terr != nil {
			return nil, terr
		}
	}
	if err != nil {
		return nil, err
	}
	if err := trusted(path); err != nil {
		return nil, err
	}
	return data, nil
}

// untrustedError is a policy file or directory someone else could write.
type untrustedError struct {
	path, why, fix string
}

func (e *untrustedError) Error() string {
	return fmt.Sprintf("%s %s; fix it with `%s`", e.path, e.why, e.fix)
}

// trusted checks path, with its symbolic links followed, and every
// directory above it and above the file it resolves to.
func trusted(path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	paths := []string{abs}
	if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
		paths = append(paths, real)
	}
	for _, p := range paths {
		for q := p; ; q = filepath.Dir(q) {
			if err := trustedFile(q, q == p); err != nil {
				return err
			}
			if q == filepath.Dir(q) {
				break
			}
		}
	}
	return nil
}

// trustedAbove checks the directory of a policy that does not exist, when
// that directory exists, and the directories above it: one others may
// write could have lost its policy to them. (No /etc/guardsh at all is no
// policy: a sandbox that shows root's files as nobody's still runs.)
func trustedAbove(path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	dir := filepath.Dir(abs)
	if _, err := os.Stat(dir); err != nil {
		return nil
	}
	for q := dir; ; q = filepath.Dir(q) {
		if err := trustedFile(q, false); err != nil {
			return err
		}
		if q == filepath.Dir(q) {
			return nil
		}
	}
}

// trustedFile checks one file or directory: owned by root (or policyOwner), and not
// writable by its group or by others. A directory others may write is
// accepted when it is sticky (as /tmp): others cannot then rename or
// remove what policyOwner put in it.
func trustedFile(p string, file bool) error {
	fi, err := os.Stat(p)
	if err != nil {
		return err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fmt.Errorf("%s: cannot read its owner", p)
	}
	owner := "root"
	if policyOwner != 0 {
		owner = fmt.Sprint(policyOwner)
	}
	if st.Uid != 0 && int(st.Uid) != policyOwner {
		return &untrustedError{p, fmt.Sprintf("is owned by uid %d, not %s: that user could rewrite the policy", st.Uid, owner), fmt.Sprintf("chown %s %s", owner, p)}
	}
	m := fi.Mode()
	sticky := fi.IsDir() && m&fs.ModeSticky != 0
	if m.Perm()&0o022 != 0 && (file || !sticky) {
		return &untrustedError{p, fmt.Sprintf("is writable by its group or by others (mode %04o): they could rewrite the policy", m.Perm()), "chmod go-w " + p}
	}
	return nil
}
