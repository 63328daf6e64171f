// Package allowlist decides whether auto mode may run a command line
// without a question: the line must be one plain pipeline whose every
// stage is a read-only command from a table of Specs, called only with
// flags that table allows, with literal arguments and no redirect that
// writes. The table is positive data: a flag, a command or a form that is
// not listed asks.
//
// Arguments are read the way the programs read them (getopt bundling,
// attached values, unique long-flag abbreviations, GNU permutation, `--`),
// so no spelling of a forbidden flag slips through. Commands with their
// own grammar (find, sed scripts, ps, ip, jq, tar) have a check of their
// own.
//
// The package is pure: it parses and looks, it never runs or opens
// anything. AutoEnv gives the environment a line auto mode runs gets.
package allowlist
