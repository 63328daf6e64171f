package lineedit

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// fakeTerm is a terminal whose keys are given, one read each, and whose
// screen is a buffer.
type fakeTerm struct {
	reads []string
	out   bytes.Buffer
	cols  int
}

func (t *fakeTerm) Read(p []byte) (int, error) {
	if len(t.reads) == 0 {
		return 0, io.EOF
	}
	n := copy(p, t.reads[0])
	t.reads[0] = t.reads[0][n:]
	if t.reads[0] == "" {
		t.reads = t.reads[1:]
	}
	return n, nil
}

func (t *fakeTerm) Write(p []byte) (int, error) { return t.out.Write(p) }
func (t *fakeTerm) Size() (int, int)            { return t.cols, 24 }

func newTest(reads ...string) (*Editor, *fakeTerm) {
	t := &fakeTerm{reads: reads, cols: 80}
	return New(Config{Term: t, Raw: func() func() { return func() {} }}), t
}

func TestReadLineEOF(t *testing.T) {
	e, term := newTest("\x04")
	s, err := e.ReadLine("$ ", "")
	if err != io.EOF || s != "" {
		t.Fatalf("got %q, %v", s, err)
	}
	if !strings.HasSuffix(term.out.String(), "exit\r\n") {
		t.Fatalf("screen %q", term.out.String())
	}
}
