package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"guardsh/shell"
)

// auditLog appends decisions to the audit file, one JSON object a line.
// Each record is one write to a file opened for appending, so that shells
// running at once never tear each other's lines.
type auditLog struct {
	path   string
	stderr io.Writer
	mu     sync.Mutex
	warned bool
}

// newAuditLog returns the audit log at path; "" turns it off.
func newAuditLog(path string, stderr io.Writer) func(shell.AuditRecord) {
	if path == "" {
		return nil
	}
	a := &auditLog{path: path, stderr: stderr}
	return a.record
}

func (a *auditLog) record(rec shell.AuditRecord) {
	b, err := json.Marshal(rec)
	if err != nil {
		return
	}
	b = append(b, '\n')
	a.mu.Lock()
	defer a.mu.Unlock()
	if err := a.append(b); err != nil && !a.warned {
		a.warned = true
		fmt.Fprintf(a.stderr, "guardsh: cannot write the audit log: %v\n", err)
	}
}

func (a *auditLog) append(b []byte) error {
	if err := os.MkdirAll(filepath.Dir(a.path), 0o700); err != nil {
		return err
	}
	f, err := os.OpenFile(a.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
