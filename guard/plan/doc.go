// Package plan is the vocabulary the walker, the rules and the guard's
// API share: a line's plan of Commands (their Words and Redirects), the
// Hits a rule finds on one, and the Verdict of Findings at a Level that a
// line gets. It imports only the standard library; package guard names
// every type of it, so that guard.Verdict is plan.Verdict.
package plan
