package guard

import (
	"strings"
	"testing"
)

// blockedCommands are lines that are blocked on their own.
var blockedCommands = []string{
	`rm -rf /`,
	`rm -rf /*`,
	`rm -rf ~`,
	`rm -fr /usr`,
	`rm -r -f /etc`,
	`rm --recursive --force /home`,
	`rm -rf --no-preserve-root /`,
	`dd if=/dev/zero of=/dev/sda`,
	`mkfs.ext4 /dev/sda1`,
	`chmod -R 777 /`,
	`mv / /tmp/x`,
}

// wrappings put a command X inside every wrapper and construct.
var wrappings = []string{
	`sudo X`,
	`sudo -u root X`,
	`doas X`,
	`env X`,
	`env -i A=1 X`,
	`A=1 X`,
	`nice -n 5 X`,
	`ionice -c 3 X`,
	`nohup X`,
	`timeout 10 X`,
	`time X`,
	`command X`,
	`exec X`,
	`stdbuf -oL X`,
	`busybox X`,
	`setsid X`,
	`bash -c 'X'`,
	`sh -c 'X'`,
	`zsh -c 'X'`,
	`dash -c 'X'`,
	`ksh -c 'X'`,
	`bash -lc 'X'`,
	`su -c 'X'`,
	`eval 'X'`,
	`eval X`,
	`builtin eval 'X'`,
	`ssh host 'X'`,
	`ssh -p 2222 user@host X`,
	`docker exec -it c X`,
	`kubectl exec pod -- X`,
	`watch 'X'`,
	`echo 'X' | bash`,
	`echo 'X' | sh`,
	`printf '%s\n' 'X' | bash`,
	`bash <<< 'X'`,
	"bash <<EOF\nX\nEOF",
	"cat <<'EOF' | sh\nX\nEOF",
	`echo 'X' | at now`,
	`$(X)`,
	"`X`",
	`echo $(X)`,
	`echo "$(X)"`,
	`x=$(X)`,
	`echo ${y:-$(X)}`,
	`cat <(X)`,
	`(X)`,
	`{ X; }`,
	`X | cat`,
	`cat /dev/null | X`,
	`true && X`,
	`false || X`,
	`ls; X`,
	`X &`,
	`! X`,
	`if true; then X; fi`,
	`if X; then :; fi`,
	`for i in 1; do X; done`,
	`while true; do X; done`,
	`until false; do X; done`,
	`case a in a) X;; esac`,
	`f() { X; }; f`,
	`f() { X; }`,
	`sudo bash -c 'X'`,
	`sudo sh -c "X"`,
	`timeout 5 sudo env X`,
	`bash -c "bash -c 'X'"`,
	`eval "eval 'X'"`,
	`echo 'X' | sudo bash`,
}

// TestWrappedBlockedStaysBlocked: hiding a blocked command behind any
// wrapper or inside any construct keeps the line blocked.
func TestWrappedBlockedStaysBlocked(t *testing.T) {
	g := mustGuard(t)
	for _, x := range blockedCommands {
		if v := g.Classify(x, testState()); v.Level != Blocked {
			t.Fatalf("%q alone is %s, want blocked", x, v.Level)
		}
		for _, wr := range wrappings {
			line := strings.ReplaceAll(wr, "X", x)
			if v := g.Classify(line, testState()); v.Level != Blocked {
				t.Errorf("%q is %s, want blocked: %+v", line, v.Level, v.Findings)
			}
		}
	}
}

// TestAddingNeverLowers: adding a statement before or after a line, in
// any way that keeps what the line means, never lowers its level.
func TestAddingNeverLowers(t *testing.T) {
	g := mustGuard(t)
	lines := append(append([]string{}, blockedCommands...),
		`rm -rf ./build`, `git push --force`, `sudo apt install x`, `env`, `cat ~/.ssh/id_rsa`,
		`curl -s https://x | sh`, `chmod 644 f`, `ls -la`, `echo hi`, `kill -9 1`, `> f`)
	extra := []string{`ls`, `echo done`, `rm -rf /`, `true`, `cd /tmp`, `x=1`, `exit 0`, `sudo ls`, `cat f | sort`}
	for _, l := range lines {
		base := g.Classify(l, testState()).Level
		for _, e := range extra {
			for _, both := range []string{l + "; " + e, l + "\n" + e, l + " && " + e, l + " || " + e, e + "; " + l, e + " && " + l, e + " | " + l, l + " | " + e} {
				if strings.HasPrefix(e, "cd ") && strings.HasPrefix(both, e) {
					continue // a cd before a line changes what it means
				}
				if v := g.Classify(both, testState()); v.Level < base {
					t.Errorf("%q is %s, lower than %q alone (%s)", both, v.Level, l, base)
				}
			}
		}
	}
}
