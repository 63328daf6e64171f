package argv

// What a single word looks like to a getopt-style reader, for the few
// readers of a program's words that are not a Spec (find's primaries,
// kill's -SIGNAL, pacman's bundles, a program the reader does not know):
// one definition of an option word instead of a copy in each.

// IsOption reports a word that getopt reads as an option: a dash and
// more. "-" alone is an operand (standard input); "--" is an option word
// too (it ends the options).
func IsOption(s string) bool { return len(s) > 1 && s[0] == '-' }

// IsShortBundle reports a word of short options: a dash, then not a
// second dash ("-rf", "-n5"; not "--force", "-", "--").
func IsShortBundle(s string) bool { return len(s) > 1 && s[0] == '-' && s[1] != '-' }
