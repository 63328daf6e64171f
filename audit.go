package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"
	"unicode/utf8"

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
	b := appendRecord(nil, rec)
	a.mu.Lock()
	defer a.mu.Unlock()
	if err := a.append(b); err != nil && !a.warned {
		a.warned = true
		fmt.Fprintf(a.stderr, "guardsh: cannot write the audit log: %v\n", err)
	}
}

func (a *auditLog) append(b []byte) error {
	f, err := os.OpenFile(a.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if errors.Is(err, fs.ErrNotExist) {
		// The first record: make the directory.
		if err := os.MkdirAll(filepath.Dir(a.path), 0o700); err != nil {
			return err
		}
		f, err = os.OpenFile(a.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	}
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// appendRecord appends rec as one line of JSON, the fields in the order
// shell.AuditRecord declares them. It is written by hand: encoding/json's
// reflection costs more than the rest of a short `guardsh -c` run.
func appendRecord(b []byte, rec shell.AuditRecord) []byte {
	b = append(b, `{"time":"`...)
	b = rec.Time.AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","command":`...)
	b = appendJSONString(b, rec.Command)
	b = append(b, `,"level":`...)
	b = appendJSONString(b, rec.Level.String())
	if rec.Rule != "" {
		b = append(b, `,"rule":`...)
		b = appendJSONString(b, rec.Rule)
	}
	b = append(b, `,"decision":`...)
	b = appendJSONString(b, rec.Decision)
	b = append(b, `,"how":`...)
	b = appendJSONString(b, rec.How)
	if rec.RunTime {
		b = append(b, `,"runtime":true`...)
	}
	if rec.Dir != "" {
		b = append(b, `,"dir":`...)
		b = appendJSONString(b, rec.Dir)
	}
	if rec.Agent != "" {
		b = append(b, `,"agent":`...)
		b = appendJSONString(b, rec.Agent)
	}
	return append(b, "}\n"...)
}

// appendJSONString appends s as a JSON string: quotes, backslashes and
// control characters escaped, invalid UTF-8 replaced by U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\t':
				b = append(b, '\\', 't')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
