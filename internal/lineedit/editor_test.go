package lineedit

import (
	"bytes"
	"io"
	"strings"
	"sync"
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

func TestReadLine(t *testing.T) {
	hist := []string{"echo one", "git status", "echo 'a\nb'", "ls -l"}
	complete := func(line []rune, pos int) ([][]rune, int) {
		word := string(line[:pos])
		if i := strings.LastIndexByte(word, ' '); i >= 0 {
			word = word[i+1:]
		}
		var out [][]rune
		for _, c := range []string{"status ", "stash ", "show ", "log "} {
			if strings.HasPrefix(c, word) {
				out = append(out, []rune(c[len(word):]))
			}
		}
		return out, len([]rune(word))
	}
	tests := []struct {
		name    string
		initial string
		reads   []string
		want    string
		err     error
	}{
		{"typed", "", []string{"echo x\r"}, "echo x", nil},
		{"key by key", "", []string{"e", "c", "h", "o", "\r"}, "echo", nil},
		{"Ctrl-J enters", "", []string{"ls\n"}, "ls", nil},
		{"initial text", "echo x", []string{" y\r"}, "echo x y", nil},
		{"Ctrl-A inserts at the start", "", []string{"cho\x01e\r"}, "echo", nil},
		{"Ctrl-E after Ctrl-A", "", []string{"ech\x01\x05o\r"}, "echo", nil},
		{"arrows", "", []string{"ac\x1b[Db\x1b[C!\r"}, "abc!", nil},
		{"SS3 arrows", "", []string{"ac\x1bODb\r"}, "abc", nil},
		{"Home and End", "", []string{"b\x1b[Ha\x1b[Fc\x1b[1~0\x1b[4~9\r"}, "0abc9", nil},
		{"Ctrl-K and Ctrl-Y", "", []string{"echo abc\x02\x02\x02\x0b\x01\x19\r"}, "abcecho ", nil},
		{"Ctrl-U", "", []string{"rm -rf\x15ls\r"}, "ls", nil},
		{"Ctrl-W takes the blank-delimited word", "", []string{"cp a/b.c d/e.f\x17g\r"}, "cp a/b.c g", nil},
		{"Alt-Backspace takes a word", "", []string{"cp a/b.c\x1b\x7f\r"}, "cp a/b.", nil},
		{"Alt-B and Alt-F", "", []string{"one two three\x1bb\x1bbX\x1bfY\r"}, "one XtwoY three", nil},
		{"Alt-F goes to the end of the word", "", []string{"one two\x01\x1bfX\r"}, "oneX two", nil},
		{"Alt-D", "", []string{"one two three\x01\x1bd\r"}, " two three", nil},
		{"Ctrl-←, Ctrl-→", "", []string{"one two\x1b[1;5DX\x1b[1;5CY\r"}, "one XtwoY", nil},
		{"Backspace and Delete", "", []string{"abcd\x7f\x08\x01\x1b[3~\r"}, "b", nil},
		{"Ctrl-D deletes on a line", "", []string{"ab\x01\x04\r"}, "b", nil},
		{"Ctrl-T", "", []string{"ab\x14\r"}, "ba", nil},
		{"UTF-8 in pieces", "", []string{"\xe6\x97", "\xa5\r"}, "日", nil},
		{"Ctrl-C", "", []string{"rm x\x03"}, "", ErrInterrupt},
		{"Ctrl-D on an empty line", "", []string{"\x04"}, "", io.EOF},
		{"end of input with text enters it", "", []string{"ls"}, "ls", nil},
		{"end of input", "", nil, "", io.EOF},
		{"Up", "", []string{"\x1b[A\r"}, "ls -l", nil},
		{"Up twice, a multi-line entry whole", "", []string{"\x1b[A\x1b[A\r"}, "echo 'a\nb'", nil},
		{"Up past the oldest stays", "", []string{"\x1b[A\x1b[A\x1b[A\x1b[A\x1b[A\x1b[A\r"}, "echo one", nil},
		{"Up and Down come back to the line typed", "", []string{"new\x1b[A\x1b[A\x1b[B\x1b[B\r"}, "new", nil},
		{"an entry changed keeps the change while shown", "", []string{"\x1b[A!\x1b[A\x1b[B\r"}, "ls -l!", nil},
		{"Ctrl-P and Ctrl-N", "", []string{"\x10\x10\x0e\r"}, "ls -l", nil},
		{"Ctrl-R", "", []string{"\x12stat\r"}, "git status", nil},
		{"Ctrl-R is case folded", "", []string{"\x12STAT\r"}, "git status", nil},
		{"Ctrl-R again goes further back", "", []string{"\x12echo\x12\r"}, "echo one", nil},
		{"Ctrl-R, then a key edits the line found", "", []string{"\x12stat\x05!\r"}, "git status!", nil},
		{"Ctrl-R, Backspace", "", []string{"\x12gitx\x7f\r"}, "git status", nil},
		{"Ctrl-G ends a search as it was", "", []string{"mine\x12stat\x07\r"}, "mine", nil},
		{"Ctrl-C ends a search, not the line", "", []string{"mine\x12stat\x03\r"}, "mine", nil},
		{"a search that fails keeps the last match", "", []string{"\x12git zzz\r"}, "git status", nil},
		{"Tab, one candidate", "", []string{"git sh\t\r"}, "git show ", nil},
		{"Tab, the part the candidates share", "", []string{"git st\t\r"}, "git sta", nil},
		{"Tab twice cycles through a list", "", []string{"git sta\t\t\t\x1b[C\r"}, "git stash ", nil},
		{"Enter keeps the candidate and closes the list", "", []string{"git sta\t\t\r!\r"}, "git status !", nil},
		{"Ctrl-G goes back from the list", "", []string{"git sta\t\t\x07\r"}, "git sta", nil},
		{"no candidate", "", []string{"git zz\t\r"}, "git zz", nil},
		{"Ctrl-X Ctrl-E is not a character", "", []string{"ls\x18\x05\r"}, "ls", nil},
		{"Ctrl-X with another key is dropped", "", []string{"ls\x18a\r"}, "ls", nil},
		{"Esc Esc, then Alt-B", "", []string{"ab\x1b\x1bbX\r"}, "Xab", nil},
		{"unknown sequences are dropped", "", []string{"a\x1b[15~\x1b[200~b\r"}, "ab", nil},
		{"C1 controls are dropped", "", []string{"a\u0085b\r"}, "ab", nil},
		{"Ctrl-L redraws", "", []string{"ab\x0cc\r"}, "abc", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			term := &fakeTerm{reads: append([]string(nil), tt.reads...), cols: 40}
			e := New(Config{Term: term, Raw: func() func() { return func() {} }, Complete: complete})
			e.SetHistory(append([]string(nil), hist...))
			got, err := e.ReadLine("$ ", tt.initial)
			if got != tt.want || err != tt.err {
				t.Fatalf("got %q, %v; want %q, %v\nscreen %q", got, err, tt.want, tt.err, term.out.String())
			}
			s := newScreen(40)
			s.write(term.out.String())
			if c := s.cursor(); c.col != 0 {
				t.Errorf("the cursor is left at column %d, not at the start of a row:\n%s", c.col, s.text())
			}
		})
	}
}

// What the screen shows at the end of a line, and while a search or a
// list of candidates is on it.
func TestReadLineScreen(t *testing.T) {
	tests := []struct {
		name   string
		reads  []string
		screen string
	}{
		{"entered", []string{"echo x\r"}, "$ echo x"},
		{"Ctrl-C", []string{"echo x\x03"}, "$ echo x^C"},
		{"Ctrl-D", []string{"\x04"}, "$ exit"},
		{"a list goes away", []string{"git s\t\r"}, "$ git s"},
		{"a search goes away", []string{"\x12stat\r"}, "$ git status"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			term := &fakeTerm{reads: tt.reads, cols: 40}
			e := New(Config{Term: term, Raw: func() func() { return func() {} }, Complete: func(line []rune, pos int) ([][]rune, int) {
				return [][]rune{[]rune("tatus"), []rune("how")}, 1
			}})
			e.SetHistory([]string{"git status"})
			e.ReadLine("$ ", "")
			s := newScreen(40)
			s.write(term.out.String())
			if got := s.text(); got != tt.screen {
				t.Fatalf("screen\n%s\nwant\n%s\n(bytes %q)", got, tt.screen, term.out.String())
			}
		})
	}
}

// The list of candidates and the search are drawn under the line.
func TestReadLineBelow(t *testing.T) {
	steps := []struct{ keys, screen string }{
		{"git s\t", "$ git s\nstatus  show"},
		{"\t", "$ git status\nstatus  show"},
		{"\t", "$ git show\nstatus  show"},
		{"\x15\x12sta", "$ git status\nbck-i-search: sta"},
		{"zz", "$ git status\nfailing bck-i-search: stazz"},
		{"\x07", "$"},
	}
	term := &fakeTerm{cols: 40}
	for _, st := range steps {
		term.reads = append(term.reads, st.keys)
	}
	var screens []string
	e := New(Config{Term: stepTerm{term, func() {
		s := newScreen(40)
		s.write(term.out.String())
		screens = append(screens, s.text())
	}}, Raw: func() func() { return func() {} }, Complete: func(line []rune, pos int) ([][]rune, int) {
		return [][]rune{[]rune("tatus "), []rune("how ")}, 1
	}})
	e.SetHistory([]string{"git status"})
	e.ReadLine("$ ", "")
	// screens[0] is the prompt before the first key; the last read is
	// the end of input.
	for i, st := range steps {
		if i+1 >= len(screens) {
			t.Fatalf("only %d screens", len(screens))
		}
		if screens[i+1] != st.screen {
			t.Errorf("after %q: screen\n%s\nwant\n%s", st.keys, screens[i+1], st.screen)
		}
	}
}

// stepTerm calls before on each read.
type stepTerm struct {
	*fakeTerm
	before func()
}

func (t stepTerm) Read(p []byte) (int, error) {
	t.before()
	return t.fakeTerm.Read(p)
}

// Output written while a line is edited goes above it; the line is drawn
// again under it.
func TestWriteWhileReading(t *testing.T) {
	term := &fakeTerm{cols: 20}
	var e *Editor
	step := 0
	e = New(Config{Term: stepTerm{term, func() {
		step++
		if step == 2 {
			e.Write([]byte("job done\r\n"))
			e.SetPrompt("% ")
		}
	}}, Raw: func() func() { return func() {} }})
	term.reads = []string{"echo abc", "\r"}
	if _, err := e.ReadLine("$ ", ""); err != nil {
		t.Fatal(err)
	}
	s := newScreen(20)
	s.write(term.out.String())
	if got, want := s.text(), "job done\n% echo abc"; got != want {
		t.Fatalf("screen\n%s\nwant\n%s\n(bytes %q)", got, want, term.out.String())
	}
	// Not reading, output goes straight out.
	term.out.Reset()
	e.Write([]byte("x"))
	if term.out.String() != "x" {
		t.Fatalf("wrote %q", term.out.String())
	}
}

// The key function sees the keys first.
func TestKeyFunc(t *testing.T) {
	keys := func(k Key, l *Line) Result {
		switch k.Kind {
		case KeyLastWord:
			l.Insert([]rune("last")...)
			return Handled
		case KeySuspend:
			return Handled
		case KeyEditCommand:
			return Accept
		case KeyRune:
			if k.Rune == '%' {
				l.Buf, l.Pos = []rune("replaced"), 99
				return Handled
			}
		}
		return Pass
	}
	for _, tt := range []struct{ keys, want string }{
		{"echo \x1b.\r", "echo last"},
		{"a\x1ab\r", "ab"},
		{"ls\x18\x05", "ls"},
		{"%!\r", "replaced!"},
	} {
		term := &fakeTerm{reads: []string{tt.keys}, cols: 40}
		e := New(Config{Term: term, Raw: func() func() { return func() {} }, Keys: keys})
		if got, err := e.ReadLine("$ ", ""); got != tt.want || err != nil {
			t.Errorf("%q: got %q, %v; want %q", tt.keys, got, err, tt.want)
		}
	}
}

func TestHistoryLimit(t *testing.T) {
	term := &fakeTerm{cols: 40}
	e := New(Config{Term: term, Raw: func() func() { return func() {} }, HistoryLimit: 2})
	for _, l := range []string{"a", "b", "b", "c", ""} {
		e.AddHistory(l)
	}
	term.reads = []string{"\x1b[A\x1b[A\x1b[A\r"}
	if got, _ := e.ReadLine("$ ", ""); got != "b" {
		t.Fatalf("Up three times: %q, want b (two kept, no repeats)", got)
	}
	none := New(Config{Term: term, Raw: func() func() { return func() {} }, HistoryLimit: -1})
	none.SetHistory([]string{"a"})
	none.AddHistory("b")
	term.reads = []string{"\x1b[A\r"}
	if got, _ := none.ReadLine("$ ", ""); got != "" {
		t.Fatalf("no history: Up gave %q", got)
	}
}

// Not a terminal: nothing is drawn, the keys are read as typed.
func TestNotTerminal(t *testing.T) {
	term := &fakeTerm{reads: []string{"echo x\n"}, cols: 40}
	e := New(Config{Term: term, Raw: func() func() { return nil }})
	if got, err := e.ReadLine("$ ", ""); got != "echo x" || err != nil {
		t.Fatalf("got %q, %v", got, err)
	}
	if term.out.Len() != 0 {
		t.Fatalf("drew %q", term.out.String())
	}
}

// After a resize, the line is drawn again for the new width.
func TestResize(t *testing.T) {
	term := &fakeTerm{cols: 20}
	var e *Editor
	step := 0
	e = New(Config{Term: stepTerm{term, func() {
		step++
		if step == 2 {
			term.cols = 10
			e.Resize()
		}
	}}, Raw: func() func() { return func() {} }})
	term.reads = []string{"echo abcdefghij", "\r"}
	if _, err := e.ReadLine("$ ", ""); err != nil {
		t.Fatal(err)
	}
	// The screen is replayed at the new width from the resize on: the
	// line as it is drawn then.
	out := term.out.String()
	i := strings.LastIndex(out[:len(out)-2], "\r$ ")
	s := newScreen(10)
	s.write(out[i:])
	if got, want := s.text(), "$ echo abc\ndefghij"; got != want {
		t.Fatalf("screen\n%s\nwant\n%s\n(bytes %q)", got, want, out)
	}
}

// Idle sees the line each time the editor waits for a key with a line
// that changed, and not in a search.
func TestReadLineIdle(t *testing.T) {
	tests := []struct {
		name    string
		initial string
		reads   []string
		want    []string
	}{
		{"typed at once", "", []string{"echo x", "\r"}, []string{"", "echo x"}},
		{"key by key", "", []string{"e", "c", "\r"}, []string{"", "e", "ec"}},
		{"with the Enter", "", []string{"ls\r"}, []string{""}},
		{"unchanged line", "ls", []string{"\x1b[D", "\x1b[C", "\r"}, []string{"ls"}},
		{"not in a search", "", []string{"\x12", "e", "\x07", "\r"}, []string{""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			term := &fakeTerm{reads: tt.reads, cols: 80}
			e := New(Config{Term: term, Raw: func() func() { return func() {} }, Idle: func(l string) { got = append(got, l) }})
			e.SetHistory([]string{"echo one"})
			if _, err := e.ReadLine("$ ", tt.initial); err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("Idle saw %q, want %q", got, tt.want)
			}
		})
	}
}

// finishTerm runs after in a goroutine of its own once the editor wrote
// the row's end of an entered line, and records everything written.
type finishTerm struct {
	*fakeTerm
	mu    sync.Mutex
	after func()
	done  chan struct{}
	e     *Editor
	// activeAtEnd is whether the editor still took the line as its own
	// when it wrote the row's end.
	activeAtEnd bool
}

func (t *finishTerm) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if strings.HasSuffix(string(p), "\r\n") && t.after != nil {
		// The editor's lock is held here: a Resize or Write that waits
		// for it runs between this write and ReadLine's return, and must
		// find the line no longer drawn.
		t.activeAtEnd = t.e.active
		after := t.after
		t.after = nil
		go func() { after(); close(t.done) }()
	}
	return t.fakeTerm.Write(p)
}

func (t *finishTerm) output() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.out.String()
}

// A resize, or output, that comes while an entered line is being
// returned does not draw the line again below it: the row after the
// Enter's belongs to the line's output (a redraw there once put the
// prompt and line between the Enter and `stty size`'s answer).
func TestNoRedrawAfterEnter(t *testing.T) {
	for i := 0; i < 200; i++ {
		term := &finishTerm{fakeTerm: &fakeTerm{cols: 20, reads: []string{"stty size", "\r"}}, done: make(chan struct{})}
		var e *Editor
		term.after = func() {
			e.Resize()
			e.Write([]byte("33 101\r\n"))
		}
		e = New(Config{Term: term, Raw: func() func() { return func() {} }})
		term.e = e
		if _, err := e.ReadLine("$ ", ""); err != nil {
			t.Fatal(err)
		}
		<-term.done
		if term.activeAtEnd {
			t.Fatal("the line was still the editor's once its row was ended: a resize then draws it again")
		}
		out := term.output()
		if strings.Count(out, "$ stty size") != 1 || !strings.HasSuffix(out, "\r\n33 101\r\n") {
			t.Fatalf("run %d: the line was drawn again after its Enter: %q", i, out)
		}
	}
}
