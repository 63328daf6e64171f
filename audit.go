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

	"guardsh/internal/regfile"
	"guardsh/shell"
)

// auditLog appends decisions to the audit file, one JSON object a line.
// Each record is one write to a file opened for appending, so that shells
// running at once never tear each other's lines.
type auditLog struct {
	path     string
	required bool
	stderr   io.Writer
	mu       sync.Mutex
	warned   bool
}

// openAudit returns the runner options that record every decision in the
// audit log of st (and the log, nil when there is none), saying once on stderr when there is none. When the
// policy requires the log (audit = "required") and it cannot be written,
// ok is false: the reason is printed and nothing may run. quiet leaves the
// start's messages to the front end that already printed them.
func openAudit(st settings, stderr io.Writer, quiet bool) (opts []shell.Option, log *auditLog, ok bool) {
	say := func(format string, args ...any) {
		if !quiet {
			fmt.Fprintf(stderr, "guardsh: "+format+"\n", args...)
		}
	}
	required := st.cfg.Audit == "required"
	if st.auditFile == "" {
		if required {
			say("refused: the policy requires the audit log (audit = \"required\") and there is no place for it: set HOME or XDG_STATE_HOME")
			return nil, nil, false
		}
		say("no audit log this session: neither XDG_STATE_HOME nor HOME is set")
		return nil, nil, true
	}
	a := &auditLog{path: st.auditFile, stderr: stderr}
	if !required {
		return []shell.Option{shell.WithAudit(a.record)}, a, true
	}
	f, err := a.open()
	if err != nil {
		say("refused: the policy requires the audit log (audit = \"required\") and it cannot be written: %v", err)
		return nil, nil, false
	}
	f.Close()
	a.required = true
	return []shell.Option{shell.WithAuditRequired(a.write)}, a, true
}

// record appends rec, saying once when the log cannot be written.
func (a *auditLog) record(rec shell.AuditRecord) { a.write(rec) }

// write appends rec; the first failure of a session is said on stderr.
func (a *auditLog) write(rec shell.AuditRecord) error {
	b := appendRecord(nil, rec)
	a.mu.Lock()
	defer a.mu.Unlock()
	err := a.append(b)
	if err != nil && !a.warned {
		a.warned = true
		fmt.Fprintf(a.stderr, "guardsh: the audit log cannot be written (%v): this session's decisions go unrecorded\n", err)
	}
	return err
}

func (a *auditLog) append(b []byte) error {
	f, err := a.open()
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// open opens the log for appending, making its directory the first time.
// A log that is not a regular file (a FIFO would hang every decision) is
// an error.
func (a *auditLog) open() (*os.File, error) {
	f, err := regfile.OpenAppend(a.path, 0o600)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(filepath.Dir(a.path), 0o700); err != nil {
			return nil, err
		}
		f, err = regfile.OpenAppend(a.path, 0o600)
	}
	return f, err
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
