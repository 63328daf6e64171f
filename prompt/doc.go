// Package prompt shows a person what a line would do and asks whether to
// run it: the preview of a guard.Verdict (each finding with its level, rule
// and reason, and the part of the line it is about marked), the one-line
// summary and refusal messages, the yes / no / edit question (with, when
// offered, the answers that last: a and r), a small line editor for editing
// the line on a terminal, and the terminal lock that makes the questions
// of several processes on one terminal come one at a time.
//
// The package knows nothing of parsing: it renders the guard.Verdict values
// it is given. It reads single keys in raw mode when its input is a
// terminal and plain lines otherwise, and it always restores the terminal
// before returning.
package prompt
