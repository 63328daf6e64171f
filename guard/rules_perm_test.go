package guard

import (
	"testing"

	"guardsh/guard/internal/rules"
)

func TestPermExamples(t *testing.T) { testExamples(t, rules.PermRules()) }

func TestPermRules(t *testing.T) {
	t.Parallel()
	runRuleCases(t, []testRuleCase{
		// Recursive on the root or a system directory: blocked, any mode.
		{"chmod -R 777 /", Blocked, rules.RuleChmodRecursiveRoot},
		{"chmod -R 755 /", Blocked, rules.RuleChmodRecursiveRoot},
		{"chmod -R 000 /", Blocked, rules.RuleChmodRecursiveRoot},
		{"chmod --recursive 777 /", Blocked, rules.RuleChmodRecursiveRoot},
		{"chmod 777 -R /", Blocked, rules.RuleChmodRecursiveRoot},
		{"chmod -Rv a+rwx /", Blocked, rules.RuleChmodRecursiveRoot},
		{"chmod -vR 777 /*", Blocked, rules.RuleChmodRecursiveRoot},
		{"chmod -R 777 /usr", Blocked, rules.RuleChmodRecursiveRoot},
		{"chmod -R 755 /etc", Blocked, rules.RuleChmodRecursiveRoot},
		{"chmod -R -w /usr/bin", Blocked, rules.RuleChmodRecursiveRoot},
		{"chmod -R u-x /bin", Blocked, rules.RuleChmodRecursiveRoot},
		{"chmod -R $MODE /var", Blocked, rules.RuleChmodRecursiveRoot},
		{"chmod -R 777 /tmp/../etc", Blocked, rules.RuleChmodRecursiveRoot},
		{"chmod -R 777 /etc/*", Blocked, rules.RuleChmodRecursiveRoot},
		{"chmod -R 777 /home", Blocked, rules.RuleChmodRecursiveRoot},
		{"chmod -R --no-preserve-root 777 /", Blocked, rules.RuleChmodRecursiveRoot},
		{"chown -R nobody /", Blocked, rules.RuleChmodRecursiveRoot},
		{"chown -R u:u /usr", Blocked, rules.RuleChmodRecursiveRoot},
		{"chown --recursive u /etc", Blocked, rules.RuleChmodRecursiveRoot},
		{"chown -hR u /var", Blocked, rules.RuleChmodRecursiveRoot},
		{"chgrp -R staff /usr/local", Blocked, rules.RuleChmodRecursiveRoot},
		{"setfacl -R -m u:x:rwx /", Blocked, rules.RuleChmodRecursiveRoot},
		{"setfacl -Rm u:x:rwx /etc", Blocked, rules.RuleChmodRecursiveRoot},
		{"sudo chmod -R 777 /", Blocked, rules.RuleChmodRecursiveRoot},
		{"sudo chown -R $USER /usr", Blocked, rules.RuleChmodRecursiveRoot},
		{"cd / && chmod -R 777 .", Blocked, rules.RuleChmodRecursiveRoot},
		{"cd / && chown -R u *", Blocked, rules.RuleChmodRecursiveRoot},

		// Recursive on the home directory: high.
		{"chmod -R 700 ~", High, rules.RuleChmodRecursiveHome},
		{"chown -R u:u ~", High, rules.RuleChmodRecursiveHome},
		{"chown -R u:u $HOME", High, rules.RuleChmodRecursiveHome},
		{"chown -R u /home/u", High, rules.RuleChmodRecursiveHome},
		{"chmod -R 777 ~", High, rules.RuleChmodRecursiveHome},
		{"chmod -R go-rwx ~/*", High, rules.RuleChmodRecursiveHome},
		{"chmod -R 755 ..", High, rules.RuleChmodRecursiveHome},

		// The search permission taken from the home directory (from its
		// owner), the root or a system directory (from everyone): high.
		{"chmod 000 ~", High, rules.RuleChmodLockout},
		{"chmod 0 ~", High, rules.RuleChmodLockout},
		{"chmod a-rwx ~", High, rules.RuleChmodLockout},
		{"chmod -x ~", High, rules.RuleChmodLockout},
		{"chmod u-x $HOME", High, rules.RuleChmodLockout},
		{"chmod 600 ~", High, rules.RuleChmodLockout},
		{"chmod = ~", High, rules.RuleChmodLockout},
		{"chmod u=rw ~", High, rules.RuleChmodLockout},
		{"chmod u=g ~", High, rules.RuleChmodLockout},
		{"chmod 000 /home/u", High, rules.RuleChmodLockout},
		{"chmod \"$MODE\" ~", High, rules.RuleChmodLockout},
		{"chmod 000 /", High, rules.RuleChmodLockout},
		{"chmod 700 /usr", High, rules.RuleChmodLockout},
		{"chmod o-x /etc", High, rules.RuleChmodLockout},
		{"chmod 600 /root", High, rules.RuleChmodLockout},
		{"chmod -R 000 ~", High, rules.RuleChmodLockout},
		{"chmod -R a-rwx ~", High, rules.RuleChmodLockout},
		{"cd ~ && chmod 000 .", High, rules.RuleChmodLockout},
		{"chmod 700 ~", Medium, rules.RuleChmod},
		{"chmod 711 ~", Medium, rules.RuleChmod},
		{"chmod 755 $HOME", Medium, rules.RuleChmod},
		{"chmod go-rwx ~", Medium, rules.RuleChmod},
		{"chmod u+rwx,go= ~", Medium, rules.RuleChmod},
		{"chmod a-x,u+x ~", Medium, rules.RuleChmod},
		{"chmod 000 ~/proj", Medium, rules.RuleChmod},
		{"chmod 600 ~/*", Medium, rules.RuleChmod},
		{"chmod 700 /root", Medium, rules.RuleChmod},
		{"chmod 711 /usr", Medium, rules.RuleChmod},
		{"chmod -R 000 /", Blocked, rules.RuleChmodRecursiveRoot},

		// Recursive and world-writable: high.
		{"chmod -R 777 ./site", High, rules.RuleChmodRecursivePermissive},
		{"chmod -R 777 /tmp/x", High, rules.RuleChmodRecursivePermissive},
		{"chmod -R 666 dir", High, rules.RuleChmodRecursivePermissive},
		{"chmod -R 0777 dir", High, rules.RuleChmodRecursivePermissive},
		{"chmod -R 1777 dir", High, rules.RuleChmodRecursivePermissive},
		{"chmod -R 757 dir", High, rules.RuleChmodRecursivePermissive},
		{"chmod -R a+rwx dir", High, rules.RuleChmodRecursivePermissive},
		{"chmod -R o+w dir", High, rules.RuleChmodRecursivePermissive},
		{"chmod -R a+w dir", High, rules.RuleChmodRecursivePermissive},
		{"chmod -R ugo+rwx dir", High, rules.RuleChmodRecursivePermissive},
		{"chmod -R a=rwx dir", High, rules.RuleChmodRecursivePermissive},
		{"chmod -R u+x,o+w dir", High, rules.RuleChmodRecursivePermissive},
		{"chmod -R o=rwx dir", High, rules.RuleChmodRecursivePermissive},
		{"chmod --recursive 777 dir", High, rules.RuleChmodRecursivePermissive},
		{"chmod -R 777 ~/proj", High, rules.RuleChmodRecursivePermissive},
		{"chmod -R 777 /var/www", High, rules.RuleChmodRecursivePermissive},
		{"chmod -R \"$MODE\" dir", High, rules.RuleChmodRecursivePermissive},

		// Not recursive: medium.
		{"chmod 777 script.sh", Medium, rules.RuleChmod777},
		{"chmod 666 file", Medium, rules.RuleChmod777},
		{"chmod 0777 file", Medium, rules.RuleChmod777},
		{"chmod a+rwx file", Medium, rules.RuleChmod777},
		{"chmod o+w file", Medium, rules.RuleChmod777},
		{"chmod 777 /", Medium, rules.RuleChmod777},
		{"chmod 1777 /tmp/shared", Medium, rules.RuleChmod777},
		{"chmod u+s ./tool", Medium, rules.RuleChmodSetuid},
		{"chmod g+s dir", Medium, rules.RuleChmodSetuid},
		{"chmod +s file", Medium, rules.RuleChmodSetuid},
		{"chmod a+s file", Medium, rules.RuleChmodSetuid},
		{"chmod 4755 file", Medium, rules.RuleChmodSetuid},
		{"chmod 2755 dir", Medium, rules.RuleChmodSetuid},
		{"chmod 6755 file", Medium, rules.RuleChmodSetuid},
		{"chmod 04755 file", Medium, rules.RuleChmodSetuid},
		{"chmod u=rwxs file", Medium, rules.RuleChmodSetuid},
		{"chmod 644 file", Medium, rules.RuleChmod},
		{"chmod 755 script.sh", Medium, rules.RuleChmod},
		{"chmod +x script.sh", Medium, rules.RuleChmod},
		{"chmod u+x script.sh", Medium, rules.RuleChmod},
		{"chmod -x script.sh", Medium, rules.RuleChmod},
		{"chmod -w file", Medium, rules.RuleChmod},
		{"chmod +w file", Medium, rules.RuleChmod},
		{"chmod go-rwx ~/.ssh", Medium, rules.RuleChmod},
		{"chmod 600 ~/.ssh/id_rsa", Medium, rules.RuleChmod},
		{"chmod 1755 dir", Medium, rules.RuleChmod},
		{"chmod o-w file", Medium, rules.RuleChmod},
		{"chmod o+r file", Medium, rules.RuleChmod},
		{"chmod u-s file", Medium, rules.RuleChmod},
		{"chmod 775 dir", Medium, rules.RuleChmod},
		{"chmod -R 755 ./site", Medium, rules.RuleChmod},
		{"chmod -R 775 shared", Medium, rules.RuleChmod},
		{"chmod -R u+rwX,go+rX dir", Medium, rules.RuleChmod},
		{"chmod -R go-w /tmp/x", Medium, rules.RuleChmod},
		{"chmod --reference=a b", Medium, rules.RuleChmod},
		{"chmod \"$MODE\" file", Medium, rules.RuleChmod},
		{"chmod 755 /usr/local/bin/tool", Medium, rules.RuleChmod},
		{"chmod 755 /usr", Medium, rules.RuleChmod},
		{"chown u file", Medium, rules.RuleChmod},
		{"chown u:u -R ./dir", Medium, rules.RuleChmod},
		{"chown root /etc/x", Medium, rules.RuleChmod},
		{"chown --reference=a b", Medium, rules.RuleChmod},
		{"chown root /", Medium, rules.RuleChmod},
		{"chgrp staff file", Medium, rules.RuleChmod},
		{"setfacl -m u:x:rw file", Medium, rules.RuleChmod},
		{"setfacl -R -m u:x:rwX dir", Medium, rules.RuleChmod},
		{"setfacl -b file", Medium, rules.RuleChmod},
		{"chmod", Safe, ""},
		{"chmod 755", Safe, ""},
		{"chmod -R 755", Safe, ""},
		{"chmod 755 f", Medium, rules.RuleChmod},
		{"chown $OWNER $FILE", Medium, rules.RuleChmod},
		{"chgrp", Safe, ""},
		{"xargs chmod 644", Medium, rules.RuleChmod},

		// Help and look-alikes.
		{"chmod --help", Safe, ""},
		{"chmod --version", Safe, ""},
		{"chown --help", Safe, ""},
		{"chgrp --version", Safe, ""},
		{"setfacl --help", Safe, ""},
		{"chmod -R --help /", Safe, ""},
		{"getfacl /", Safe, ""},
		{"stat -c %a file", Safe, ""},
		{"ls -l /", Safe, ""},
		{"echo chmod -R 777 /", Safe, ""},
		{"chmodx 777", Safe, ""},
	})
}

func TestChmodModes(t *testing.T) {
	for _, tc := range []struct {
		mode           string
		writable, suid bool
	}{
		{"777", true, false},
		{"666", true, false},
		{"0777", true, false},
		{"00777", true, false},
		{"772", true, false},
		{"755", false, false},
		{"775", false, false},
		{"644", false, false},
		{"4755", false, true},
		{"2775", false, true},
		{"6777", true, true},
		{"1777", true, false},
		{"1755", false, false},
		{"a+rwx", true, false},
		{"o+w", true, false},
		{"go+w", true, false},
		{"a=rw", true, false},
		{"u+w", false, false},
		{"+w", false, false},
		{"o-w", false, false},
		{"u+s", false, true},
		{"g+s", false, true},
		{"+s", false, true},
		{"o+s", false, false},
		{"u=rwx,g=rx,o=rx", false, false},
		{"u=rwx,g=rx,o=rwx", true, false},
		{"o+r-w", false, false},
		{"o-r+w", true, false},
		{"", false, false},
	} {
		if got := rules.ChmodWorldWritable(tc.mode); got != tc.writable {
			t.Errorf("rules.ChmodWorldWritable(%q) = %v", tc.mode, got)
		}
		if got := rules.ChmodSetuid(tc.mode); got != tc.suid {
			t.Errorf("rules.ChmodSetuid(%q) = %v", tc.mode, got)
		}
	}
}

func TestPermClassify(t *testing.T) {
	classifyRuleCases(t, []testRuleCase{
		{"chmod -R 777 /", Blocked, rules.RuleChmodRecursiveRoot},
		{"sudo chown -R u:u /usr", Blocked, rules.RuleChmodRecursiveRoot},
		{"chmod -R 777 ./site", High, rules.RuleChmodRecursivePermissive},
		{"chown -R u:u ~", High, rules.RuleChmodRecursiveHome},
		{"chmod 777 f", Medium, rules.RuleChmod777},
		{"chmod u+s f", Medium, rules.RuleChmodSetuid},
		{"chmod 644 file", Medium, rules.RuleChmod},
		{"chmod -R 755 ./site", Medium, rules.RuleChmod},
		{"chmod --help", Safe, ""},
	})
}
