package main

import (
	"os"
	"strconv"
)

// The test binary (and guardsh as testscript runs it) takes the process
// limit of a supervised line from $GUARDSH_TEST_MAXPROCS, so that a test
// can stop a fork bomb early. A normal build has no such setting.
func init() {
	if n, err := strconv.Atoi(os.Getenv("GUARDSH_TEST_MAXPROCS")); err == nil && n > 0 {
		maxProcs = n
	}
}
