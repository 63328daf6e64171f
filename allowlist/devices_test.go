package allowlist

import (
	"strings"
	"testing"
)

// TestDevices checks that auto mode never reads device nodes or kernel
// memory, through operands, option values, input redirects, globs and
// relative paths, and still reads /dev/null and its standard input.
func TestDevices(t *testing.T) {
	l := New()
	for _, line := range []string{
		"cat /dev/mem", "cat /dev/sda", "cat /dev/zero", "cat /dev/urandom", "cat /dev/random", "cat /dev/kmem", "cat /dev/port",
		"head /proc/kcore", "head -c 100 /dev/sda1", "tail -f /dev/ttyS0", "cat /dev/disk/by-id/usb-x", "cat /dev/mapper/root",
		"cat /proc/kmsg", "cat /proc/self/mem", "cat /proc/1/mem", "xxd /proc/self/pagemap", "cat /proc/self/fd/3",
		"cat /proc/1/task/1/mem", "cat /sys/firmware/acpi/tables/DSDT", "cat /sys/kernel/debug/x", "cat /sys/kernel/tracing/trace_pipe",
		"hexdump -C /dev/nvme0n1", "od -c /dev/sda", "strings /dev/mem", "wc -c /dev/sda", "md5sum /dev/sda", "sha256sum /dev/sdb",
		"grep foo /dev/sda", "grep -f /dev/sda f", "grep --file=/dev/sda f", "sort /dev/sda", "diff /dev/sda f",
		"cat < /dev/sda", "cat < /dev/zero", "wc -l < /proc/kcore",
		"cat /dev/sd*", "cat /dev/*", "cat /d?v/sda", "cat /*/kcore", "cat /proc/*/mem", "cat /proc/[0-9]*/mem",
		"cat ../../../dev/sda", "cat ../../proc/kcore", "cat ./../dev/zero",
		"cat //dev//sda", "cat /dev/./sda", "cat /tmp/../dev/sda",
	} {
		ok, why := l.CheckLine(line)
		if ok {
			t.Errorf("%q is auto-safe, want it to ask", line)
		} else if !strings.Contains(why, "device") && !strings.Contains(why, "credentials") && !strings.Contains(why, "glob") {
			t.Errorf("%q asks because %q, want a device reason", line, why)
		}
	}
	for _, line := range []string{
		"cat /dev/null", "cat /dev/stdin", "cat /dev/fd/0", "ls /dev", "ls -l /dev/sda", "stat /dev/sda", "file /dev/sda",
		"cat < /dev/null", "cat ../README.md", "cat ../../src/main.go", "cat /proc/cpuinfo", "cat /proc/meminfo",
		"cat /proc/self/status", "cat /proc/1/cmdline", "cat /sys/class/net/eth0/address", "cat /tmp/dev/sda", "cat dev/sda",
		"cat ~/dev/sda", "grep -r x /proc/sys/net", "ls /proc/self/fd", "du -sh /dev",
		"df | grep /dev/disk0s2", "cat f | grep -e /dev/sda", "lsblk | grep /dev/sd",
	} {
		if ok, why := l.CheckLine(line); !ok {
			t.Errorf("%q asks (%s), want auto-safe", line, why)
		}
	}
}

// TestReadsOnly checks the read-only question guardsh_self asks: the
// files named do not matter, the program and its flags do.
func TestReadsOnly(t *testing.T) {
	l := New()
	args := func(s ...string) []Arg {
		var as []Arg
		for _, x := range s {
			as = append(as, Arg{Text: x})
		}
		return as
	}
	for _, tc := range []struct {
		name string
		args []Arg
		want bool
	}{
		{"cat", args("/home/u/.local/state/guardsh/history"), true},
		{"grep", args("-i", "rm", "/home/u/.local/state/guardsh/history"), true},
		{"cat", args("/dev/sda"), true},
		{"sort", args("-o", "/home/u/.guardshrc", "x"), false},
		{"sed", args("-i", "s/a/b/", "f"), false},
		{"sed", args("s/a/b/", "f"), true},
		{"vim", args("-es", "f"), false},
		{"tar", args("-tf", "a.tar"), true},
		{"tar", args("-xf", "a.tar"), false},
	} {
		if got := l.ReadsOnly(tc.name, tc.args); got != tc.want {
			t.Errorf("ReadsOnly(%s %v) = %v, want %v", tc.name, tc.args, got, tc.want)
		}
	}
}

func TestDeviceDir(t *testing.T) {
	for d, want := range map[string]bool{"/dev": true, "/dev/disk": true, "/proc/1": true, "/sys": true, "/sys/class/net": true,
		"/home/u": false, "/": false, "/devices": false, "/tmp/dev": false, "/dev/../home": false} {
		if got := DeviceDir(d); got != want {
			t.Errorf("DeviceDir(%q) = %v, want %v", d, got, want)
		}
	}
}
