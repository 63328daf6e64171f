package main

import (
	"os"
	"strconv"

	"guardsh/shell/supervise"
)

// The test binary (and guardsh as testscript runs it) takes the process
// limit of a supervised line from $GUARDSH_TEST_MAXPROCS, so that a test
// can stop a fork bomb early, and takes the supervisor for unavailable
// when $GUARDSH_TEST_NO_SUPERVISOR is set, to test the fallback. A normal
// build has no such settings.
func init() {
	if n, err := strconv.Atoi(os.Getenv("GUARDSH_TEST_MAXPROCS")); err == nil && n > 0 {
		maxProcs = n
	}
	if os.Getenv("GUARDSH_TEST_NO_SUPERVISOR") != "" {
		available = func() supervise.Availability {
			return supervise.Availability{Reason: "GUARDSH_TEST_NO_SUPERVISOR is set"}
		}
	}
}
