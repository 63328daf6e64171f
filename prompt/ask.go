package prompt

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"guardsh/guard"
)

// Answer is a person's answer to the question.
type Answer int

// The answers.
const (
	// No declines: the line does not run.
	No Answer = iota
	// Yes runs the line.
	Yes
	// Edit opens the line for editing; the edited line is checked again.
	Edit
	// Always runs the line and allows this exact command in this
	// directory from now on (offered only with an Offer).
	Always
	// AllowRule runs the line and allows its rules in this directory
	// from now on (offered only with an Offer).
	AllowRule
)

// String returns "no", "yes", "edit", "always" or "rule".
func (a Answer) String() string {
	switch a {
	case Yes:
		return "yes"
	case Edit:
		return "edit"
	case Always:
		return "always"
	case AllowRule:
		return "rule"
	}
	return "no"
}

// Runs reports whether the answer runs the line: Yes, Always or
// AllowRule.
func (a Answer) Runs() bool { return a == Yes || a == Always || a == AllowRule }

// Offer is what a question offers besides y / n / e: answers that last.
// The zero Offer offers none. Command and Rule say, for the line shown
// before the question, what a and r would allow ("git push --force origin
// main in ~/src/app", "git_push_force in ~/src/app and below"); an empty
// one is not offered.
type Offer struct {
	Command, Rule string
}

func (o Offer) choices() string {
	s := ""
	if o.Command != "" {
		s += "/a"
	}
	if o.Rule != "" {
		s += "/r"
	}
	return s
}

// hint is the line shown before a question with an Offer.
func (o Offer) hint(s Style) string {
	var parts []string
	if o.Command != "" {
		parts = append(parts, "a: always allow "+o.Command)
	}
	if o.Rule != "" {
		parts = append(parts, "r: allow "+o.Rule)
	}
	if len(parts) == 0 {
		return ""
	}
	return s.Dim(strings.Join(parts, " · ")) + "\n"
}

// Keys Ask and the line editor give a meaning to.
const (
	keyCtrlA     = 0x01
	keyCtrlB     = 0x02
	keyCtrlC     = 0x03
	keyCtrlD     = 0x04
	keyCtrlE     = 0x05
	keyCtrlF     = 0x06
	keyCtrlH     = 0x08
	keyCtrlK     = 0x0b
	keyCtrlL     = 0x0c
	keyEnter     = '\r'
	keyNewline   = '\n'
	keyCtrlU     = 0x15
	keyCtrlW     = 0x17
	keyEsc       = 0x1b
	keyBackspace = 0x7f
)

// Question returns the question Ask prints for a verdict, with the choices
// and the default in capitals: "run it? [Y/n/e] " for a level whose
// default is yes, "run it? [y/N/e] " for one whose default is no, and
// "blocked: edit or cancel [e/N] " for a blocked line.
func Question(v guard.Verdict, s Style) string { return QuestionWith(v, s, Offer{}) }

// QuestionWith is Question with the choices of an Offer added:
// "run it? [y/N/e/a/r] ". A blocked line is offered none.
func QuestionWith(v guard.Verdict, s Style, o Offer) string {
	if isBlocked(v) {
		return s.Level(guard.Blocked, "blocked") + ": edit or cancel [e/N] "
	}
	choices := "[y/N/e" + o.choices() + "]"
	if v.Level.DefaultYes() {
		choices = "[Y/n/e" + o.choices() + "]"
	}
	return s.Level(v.Level, v.Level.String()) + ": run it? " + choices + " "
}

// Ask asks whether to run the line of verdict v: it prints the question on
// out and reads the answer from in. When in is a terminal it reads one
// keypress in raw mode: Enter takes the level's default, y or Y is yes, n
// or N is no, e or E is edit, and Ctrl-C, Ctrl-D and Esc are no. When in is not a terminal it reads one line ("", "y", "yes",
// "n", "no", "e", "edit"; end of input is no) and asks again on anything
// else. A blocked line offers only edit or cancel: y is not accepted, and
// Enter cancels. The answer is echoed after the question; a key without
// meaning rings the bell.
//
// When in is a terminal, keys typed before the question was shown are
// discarded: they do not answer it. out should be the same terminal.
func Ask(in io.Reader, out io.Writer, v guard.Verdict, s Style) (Answer, error) {
	return AskWith(in, out, v, s, Offer{})
}

// AskWith is Ask with the answers that last of o offered too: a line
// before the question says what each allows, a (or "always") answers
// Always and r (or "rule") AllowRule. A blocked line is offered none.
func AskWith(in io.Reader, out io.Writer, v guard.Verdict, s Style, o Offer) (Answer, error) {
	if isBlocked(v) {
		o = Offer{}
	}
	if h := o.hint(s); h != "" {
		if _, err := io.WriteString(out, h); err != nil {
			return No, err
		}
	}
	if IsTerminal(in) {
		return askKey(in.(fder), in, out, v, s, o)
	}
	return askLine(in, out, v, s, o)
}

// decide maps a key to an answer; ok is false for a key without meaning.
func decide(key byte, v guard.Verdict, o Offer) (a Answer, ok bool) {
	blocked := isBlocked(v)
	switch key {
	case 'a', 'A':
		if o.Command == "" || blocked {
			return No, false
		}
		return Always, true
	case 'r', 'R':
		if o.Rule == "" || blocked {
			return No, false
		}
		return AllowRule, true
	case keyEnter, keyNewline:
		if v.Level.DefaultYes() && !blocked {
			return Yes, true
		}
		return No, true
	case 'y', 'Y':
		if blocked {
			return No, false
		}
		return Yes, true
	case 'n', 'N', keyCtrlC, keyCtrlD, keyEsc:
		return No, true
	case 'e', 'E':
		return Edit, true
	}
	return No, false
}

func askKey(f fder, in io.Reader, out io.Writer, v guard.Verdict, s Style, o Offer) (Answer, error) {
	a, err := readKeyAnswer(f, in, out, v, s, o)
	// The terminal is restored by now: "\n" is a full line end again.
	if err != nil {
		io.WriteString(out, "\n")
		return No, err
	}
	_, err = fmt.Fprintf(out, "%s\n", a)
	return a, err
}

// readKeyAnswer puts the terminal in raw mode, then asks, so that a key
// pressed as soon as the question shows is read raw, and restores the
// terminal before it returns.
func readKeyAnswer(f fder, in io.Reader, out io.Writer, v guard.Verdict, s Style, o Offer) (Answer, error) {
	restore, err := MakeRaw(f)
	if err != nil {
		return No, err
	}
	defer restore()
	discardTypeahead(int(f.Fd()))
	if _, err := io.WriteString(out, QuestionWith(v, s, o)); err != nil {
		return No, err
	}
	var buf [64]byte
	for {
		// One read is one keypress: an escape sequence such as an
		// arrow key arrives whole, and is read whole so that none of
		// it is left for the next reader of the terminal.
		n, err := in.Read(buf[:])
		if n > 0 {
			if buf[0] == keyEsc && n == 1 || buf[0] != keyEsc {
				if a, ok := decide(buf[0], v, o); ok {
					return a, nil
				}
			}
			// A key without meaning here: ring the bell.
			if _, err := io.WriteString(out, "\a"); err != nil {
				return No, err
			}
		}
		if errors.Is(err, io.EOF) {
			return No, nil
		}
		if err != nil {
			return No, fmt.Errorf("reading the answer: %w", err)
		}
	}
}

func askLine(in io.Reader, out io.Writer, v guard.Verdict, s Style, o Offer) (Answer, error) {
	for {
		if _, err := io.WriteString(out, QuestionWith(v, s, o)); err != nil {
			return No, err
		}
		line, err := readLine(in)
		if err != nil && !errors.Is(err, io.EOF) {
			return No, fmt.Errorf("reading the answer: %w", err)
		}
		if errors.Is(err, io.EOF) && line == "" {
			io.WriteString(out, "\n")
			return No, nil
		}
		word := strings.ToLower(strings.TrimSpace(line))
		var key byte = keyEnter
		switch word {
		case "":
		case "y", "yes":
			key = 'y'
		case "n", "no":
			key = 'n'
		case "e", "edit":
			key = 'e'
		case "a", "always":
			key = 'a'
		case "r", "rule":
			key = 'r'
		default:
			key = 0
		}
		if a, ok := decide(key, v, o); ok {
			return a, nil
		}
		if errors.Is(err, io.EOF) {
			return No, nil
		}
	}
}

// readLine reads up to and including a newline, a byte at a time so that
// nothing after the line is consumed, and returns the line without it.
func readLine(in io.Reader) (string, error) {
	var b []byte
	var c [1]byte
	for {
		n, err := in.Read(c[:])
		if n > 0 {
			if c[0] == '\n' {
				return strings.TrimSuffix(string(b), "\r"), nil
			}
			b = append(b, c[0])
		}
		if err != nil {
			return string(b), err
		}
	}
}
