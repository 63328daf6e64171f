package main

import (
	"os"
	"os/exec"
	"slices"
	"strconv"
	"testing"

	"guardsh/shell/supervise"
)

// The test binary (and guardsh as testscript runs it) takes the process
// limit of a supervised line from $GUARDSH_TEST_MAXPROCS, so that a test
// can stop a fork bomb early, takes the supervisor for unavailable when
// $GUARDSH_TEST_NO_SUPERVISOR is set, to test the fallback, and its
// effective user id from $GUARDSH_TEST_EUID, to test a user's sudo as
// root. A normal build has no such settings.
func init() {
	if n, err := strconv.Atoi(os.Getenv("GUARDSH_TEST_MAXPROCS")); err == nil && n > 0 {
		maxProcs = n
	}
	if n, err := strconv.Atoi(os.Getenv("GUARDSH_TEST_EUID")); err == nil {
		geteuid = func() int { return n }
	}
	if os.Getenv("GUARDSH_TEST_NO_SUPERVISOR") != "" {
		available = func() supervise.Availability {
			return supervise.Availability{Reason: "GUARDSH_TEST_NO_SUPERVISOR is set"}
		}
	}
}

func TestBashArgs(t *testing.T) {
	for _, tc := range []struct {
		o    options
		want []string
	}{
		{options{}, []string{"--norc", "--noprofile", "-c", "L", "n", "a", "b"}},
		{options{login: true, shellOpts: []string{"-e", "-o", "pipefail", "+u"}},
			[]string{"--norc", "--noprofile", "-l", "-e", "-o", "pipefail", "+u", "-c", "L", "n", "a", "b"}},
	} {
		if got := bashArgs(tc.o, "L", "n", []string{"a", "b"}); !slices.Equal(got, tc.want) {
			t.Errorf("bashArgs(%+v) = %q, want %q", tc.o, got, tc.want)
		}
	}
}

func TestBashEnv(t *testing.T) {
	got := bashEnv([]string{"PATH=/bin", "BASH_ENV=/x", "ENV=/y", "BASH_FUNC_f%%=() { :; }", "BASH_VERSION_X=1", "LESSOPEN=|lesspipe %s"})
	want := []string{"PATH=/bin", "BASH_VERSION_X=1", "LESSOPEN=|lesspipe %s"}
	if !slices.Equal(got, want) {
		t.Errorf("bashEnv = %q, want %q", got, want)
	}
}

func TestDeciderLineEnv(t *testing.T) {
	d := newDecider(nil, nil, &exec.Cmd{Path: "/bin/bash"}, 0, []string{"LESSOPEN=|lesspipe %s", "PAGER=less", "HOME=/h"}, "/h")
	got := d.lineEnv([]string{"LESSOPEN=|lesspipe %s", "PAGER=sh -c x", "LD_PRELOAD=/tmp/x.so", "HOME=/h"})
	want := []string{"PAGER=sh -c x", "LD_PRELOAD=/tmp/x.so"}
	if !slices.Equal(got, want) {
		t.Errorf("lineEnv = %q, want %q", got, want)
	}
}
