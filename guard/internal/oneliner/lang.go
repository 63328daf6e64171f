// Package oneliner reads the inline code of interpreter one-liners
// (python -c, node -e, perl -e, ruby -e, php -r, lua -e, awk programs) far
// enough to find what the code does outside itself: the command strings
// and argument vectors it runs, the paths it deletes, the files it writes,
// and what it runs or evaluates that is built at run time. It knows each
// language's strings, comments, interpolation and calls well enough to
// tell data from calls, nothing more; it decides nothing about danger and
// imports only the standard library.
package oneliner

// Unknown stands for a part of the code only known at run time, in the
// code read (a shell variable or substitution) and in the strings of the
// effects returned (an interpolation, a variable); it is the marker of
// package guard's words.
const Unknown = "\uFFFD"

// Lang is the language of a one-liner.
type Lang uint8

// The languages the reader knows.
const (
	// None is no language the reader knows.
	None Lang = iota
	// Python is Python 2 and 3.
	Python
	// JS is JavaScript as node, deno and bun run it.
	JS
	// Perl is Perl 5.
	Perl
	// Ruby is Ruby.
	Ruby
	// PHP is PHP.
	PHP
	// Awk is the awk language (awk, gawk, mawk).
	Awk
	// Lua is Lua.
	Lua
)

// String returns the language's name: "python", "javascript", "perl",
// "ruby", "php", "awk", "lua", or "" for None.
func (l Lang) String() string {
	switch l {
	case Python:
		return "python"
	case JS:
		return "javascript"
	case Perl:
		return "perl"
	case Ruby:
		return "ruby"
	case PHP:
		return "php"
	case Awk:
		return "awk"
	case Lua:
		return "lua"
	}
	return ""
}

// Operand is one of the one-liner's operands after its code, which the
// code reads as sys.argv[1:], process.argv, @ARGV or ARGV.
type Operand struct {
	// Value is the operand's text; parts only known at run time are
	// Unknown.
	Value string
	// Known reports an operand known before it runs.
	Known bool
}
