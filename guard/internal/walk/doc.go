// Package walk turns a line's syntax tree into its plan and verdict: it
// resolves words in a scope, takes wrappers off and classifies what they
// run as itself, emits the structural findings (a pipe into a shell, a
// fork bomb, a parse error), and hands each command to the rules that
// look at its program (the dispatch). Engine holds what it reads of a
// Guard. It imports the rules; the rules never import it.
package walk
