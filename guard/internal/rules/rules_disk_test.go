package rules

import (
	"testing"
)

func TestFsIsDevice(t *testing.T) {
	for _, p := range []string{"/dev/sda", "/dev/sda1", "/dev/nvme0n1", "/dev/nvme0n1p1", "/dev/mmcblk0p1", "/dev/vdb",
		"/dev/md127", "/dev/dm-3", "/dev/loop7", "/dev/mapper/x", "/dev/disk/by-uuid/abc", "/dev/vg/lv", "/dev/mem",
		"/dev/kmem", "/dev/port", "/dev/sr0", "/dev/fd0", "/dev/zd0", "/dev/nbd0", "/dev/root", "/dev/block/8:0"} {
		if !fsIsDevice(p) {
			t.Errorf("%s is not a device", p)
		}
	}
	for _, p := range []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/stdin",
		"/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/tty1", "/dev/ttyS0", "/dev/ttyUSB0", "/dev/pts/0",
		"/dev/fd/1", "/dev/shm/x", "/dev/tcp/h/80", "/dev/udp/h/53", "/dev/console", "/dev/ptmx", "/dev/lp0",
		"/dev", "/dev/", "/tmp/dev/sda", "/devx/sda", "sda"} {
		if fsIsDevice(p) {
			t.Errorf("%s is a device", p)
		}
	}
}
