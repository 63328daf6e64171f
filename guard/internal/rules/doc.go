// Package rules holds every built-in rule: the families written as code
// (rm's targets, dd's operands, SQL, sed, one-liners, guardsh's own
// files), the rules written as rows, and the tables they share (the
// package managers, the outputs, the code-carrying variables). A rule
// looks at one command of the plan and returns its hits; where it finds a
// command inside another, it returns it as an Inner for the walker to
// classify, and never imports the walker. ReadOpts is the one way a rule
// reads a program's own options.
package rules
