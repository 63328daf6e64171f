// Package prompt shows a person what a line would do and asks whether to
// run it: the preview of a guard.Verdict (each finding with its level, rule
// and reason, and the part of the line it is about marked), the one-line
// summary and refusal messages, the yes / no / edit question, and a small
// line editor for editing the line on a terminal.
//
// The package knows nothing of parsing: it renders the guard.Verdict values
// it is given. It reads single keys in raw mode when its input is a
// terminal and plain lines otherwise, and it always restores the terminal
// before returning.
package prompt
