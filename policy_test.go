package main

import "os"

// The test binary (and guardsh as testscript runs it, which is the test
// binary again) reads the policy from $GUARDSH_TEST_POLICY, so that tests
// never read /etc/guardsh/policy.toml and can give their own, and trusts a
// policy owned by the user running the tests (root, or not). A normal
// build has no such setting.
func init() {
	if p := os.Getenv("GUARDSH_TEST_POLICY"); p != "" {
		policyPath = p
	} else {
		policyPath = "/nonexistent/guardsh-test/policy.toml"
	}
	policyOwner = os.Getuid()
}
