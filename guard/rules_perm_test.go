package guard

import "testing"

func TestPermExamples(t *testing.T) { testExamples(t, permRules()) }

func TestPermRules(t *testing.T) {
	t.Parallel()
	runRuleCases(t, []testRuleCase{
		// Recursive on the root or a system directory: blocked, any mode.
		{"chmod -R 777 /", Blocked, ruleChmodRecursiveRoot},
		{"chmod -R 755 /", Blocked, ruleChmodRecursiveRoot},
		{"chmod -R 000 /", Blocked, ruleChmodRecursiveRoot},
		{"chmod --recursive 777 /", Blocked, ruleChmodRecursiveRoot},
		{"chmod 777 -R /", Blocked, ruleChmodRecursiveRoot},
		{"chmod -Rv a+rwx /", Blocked, ruleChmodRecursiveRoot},
		{"chmod -vR 777 /*", Blocked, ruleChmodRecursiveRoot},
		{"chmod -R 777 /usr", Blocked, ruleChmodRecursiveRoot},
		{"chmod -R 755 /etc", Blocked, ruleChmodRecursiveRoot},
		{"chmod -R -w /usr/bin", Blocked, ruleChmodRecursiveRoot},
		{"chmod -R u-x /bin", Blocked, ruleChmodRecursiveRoot},
		{"chmod -R $MODE /var", Blocked, ruleChmodRecursiveRoot},
		{"chmod -R 777 /tmp/../etc", Blocked, ruleChmodRecursiveRoot},
		{"chmod -R 777 /etc/*", Blocked, ruleChmodRecursiveRoot},
		{"chmod -R 777 /home", Blocked, ruleChmodRecursiveRoot},
		{"chmod -R --no-preserve-root 777 /", Blocked, ruleChmodRecursiveRoot},
		{"chown -R nobody /", Blocked, ruleChmodRecursiveRoot},
		{"chown -R u:u /usr", Blocked, ruleChmodRecursiveRoot},
		{"chown --recursive u /etc", Blocked, ruleChmodRecursiveRoot},
		{"chown -hR u /var", Blocked, ruleChmodRecursiveRoot},
		{"chgrp -R staff /usr/local", Blocked, ruleChmodRecursiveRoot},
		{"setfacl -R -m u:x:rwx /", Blocked, ruleChmodRecursiveRoot},
		{"setfacl -Rm u:x:rwx /etc", Blocked, ruleChmodRecursiveRoot},
		{"sudo chmod -R 777 /", Blocked, ruleChmodRecursiveRoot},
		{"sudo chown -R $USER /usr", Blocked, ruleChmodRecursiveRoot},
		{"cd / && chmod -R 777 .", Blocked, ruleChmodRecursiveRoot},
		{"cd / && chown -R u *", Blocked, ruleChmodRecursiveRoot},

		// Recursive on the home directory: high.
		{"chmod -R 700 ~", High, ruleChmodRecursiveHome},
		{"chown -R u:u ~", High, ruleChmodRecursiveHome},
		{"chown -R u:u $HOME", High, ruleChmodRecursiveHome},
		{"chown -R u /home/u", High, ruleChmodRecursiveHome},
		{"chmod -R 777 ~", High, ruleChmodRecursiveHome},
		{"chmod -R go-rwx ~/*", High, ruleChmodRecursiveHome},
		{"chmod -R 755 ..", High, ruleChmodRecursiveHome},

		// Recursive and world-writable: high.
		{"chmod -R 777 ./site", High, ruleChmodRecursivePermissive},
		{"chmod -R 777 /tmp/x", High, ruleChmodRecursivePermissive},
		{"chmod -R 666 dir", High, ruleChmodRecursivePermissive},
		{"chmod -R 0777 dir", High, ruleChmodRecursivePermissive},
		{"chmod -R 1777 dir", High, ruleChmodRecursivePermissive},
		{"chmod -R 757 dir", High, ruleChmodRecursivePermissive},
		{"chmod -R a+rwx dir", High, ruleChmodRecursivePermissive},
		{"chmod -R o+w dir", High, ruleChmodRecursivePermissive},
		{"chmod -R a+w dir", High, ruleChmodRecursivePermissive},
		{"chmod -R ugo+rwx dir", High, ruleChmodRecursivePermissive},
		{"chmod -R a=rwx dir", High, ruleChmodRecursivePermissive},
		{"chmod -R u+x,o+w dir", High, ruleChmodRecursivePermissive},
		{"chmod -R o=rwx dir", High, ruleChmodRecursivePermissive},
		{"chmod --recursive 777 dir", High, ruleChmodRecursivePermissive},
		{"chmod -R 777 ~/proj", High, ruleChmodRecursivePermissive},
		{"chmod -R 777 /var/www", High, ruleChmodRecursivePermissive},
		{"chmod -R \"$MODE\" dir", High, ruleChmodRecursivePermissive},

		// Not recursive: medium.
		{"chmod 777 script.sh", Medium, ruleChmod777},
		{"chmod 666 file", Medium, ruleChmod777},
		{"chmod 0777 file", Medium, ruleChmod777},
		{"chmod a+rwx file", Medium, ruleChmod777},
		{"chmod o+w file", Medium, ruleChmod777},
		{"chmod 777 /", Medium, ruleChmod777},
		{"chmod 1777 /tmp/shared", Medium, ruleChmod777},
		{"chmod u+s ./tool", Medium, ruleChmodSetuid},
		{"chmod g+s dir", Medium, ruleChmodSetuid},
		{"chmod +s file", Medium, ruleChmodSetuid},
		{"chmod a+s file", Medium, ruleChmodSetuid},
		{"chmod 4755 file", Medium, ruleChmodSetuid},
		{"chmod 2755 dir", Medium, ruleChmodSetuid},
		{"chmod 6755 file", Medium, ruleChmodSetuid},
		{"chmod 04755 file", Medium, ruleChmodSetuid},
		{"chmod u=rwxs file", Medium, ruleChmodSetuid},
		{"chmod 644 file", Medium, ruleChmod},
		{"chmod 755 script.sh", Medium, ruleChmod},
		{"chmod +x script.sh", Medium, ruleChmod},
		{"chmod u+x script.sh", Medium, ruleChmod},
		{"chmod -x script.sh", Medium, ruleChmod},
		{"chmod -w file", Medium, ruleChmod},
		{"chmod +w file", Medium, ruleChmod},
		{"chmod go-rwx ~/.ssh", Medium, ruleChmod},
		{"chmod 600 ~/.ssh/id_rsa", Medium, ruleChmod},
		{"chmod 1755 dir", Medium, ruleChmod},
		{"chmod o-w file", Medium, ruleChmod},
		{"chmod o+r file", Medium, ruleChmod},
		{"chmod u-s file", Medium, ruleChmod},
		{"chmod 775 dir", Medium, ruleChmod},
		{"chmod -R 755 ./site", Medium, ruleChmod},
		{"chmod -R 775 shared", Medium, ruleChmod},
		{"chmod -R u+rwX,go+rX dir", Medium, ruleChmod},
		{"chmod -R go-w /tmp/x", Medium, ruleChmod},
		{"chmod --reference=a b", Medium, ruleChmod},
		{"chmod \"$MODE\" file", Medium, ruleChmod},
		{"chmod 755 /usr/local/bin/tool", Medium, ruleChmod},
		{"chmod 755 /usr", Medium, ruleChmod},
		{"chown u file", Medium, ruleChmod},
		{"chown u:u -R ./dir", Medium, ruleChmod},
		{"chown root /etc/x", Medium, ruleChmod},
		{"chown --reference=a b", Medium, ruleChmod},
		{"chown root /", Medium, ruleChmod},
		{"chgrp staff file", Medium, ruleChmod},
		{"setfacl -m u:x:rw file", Medium, ruleChmod},
		{"setfacl -R -m u:x:rwX dir", Medium, ruleChmod},
		{"setfacl -b file", Medium, ruleChmod},
		{"chmod", Safe, ""},
		{"chmod 755", Safe, ""},
		{"chmod -R 755", Safe, ""},
		{"chmod 755 f", Medium, ruleChmod},
		{"chown $OWNER $FILE", Medium, ruleChmod},
		{"chgrp", Safe, ""},
		{"xargs chmod 644", Medium, ruleChmod},

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
		if got := chmodWorldWritable(tc.mode); got != tc.writable {
			t.Errorf("chmodWorldWritable(%q) = %v", tc.mode, got)
		}
		if got := chmodSetuid(tc.mode); got != tc.suid {
			t.Errorf("chmodSetuid(%q) = %v", tc.mode, got)
		}
	}
}

func TestPermClassify(t *testing.T) {
	classifyRuleCases(t, []testRuleCase{
		{"chmod -R 777 /", Blocked, ruleChmodRecursiveRoot},
		{"sudo chown -R u:u /usr", Blocked, ruleChmodRecursiveRoot},
		{"chmod -R 777 ./site", High, ruleChmodRecursivePermissive},
		{"chown -R u:u ~", High, ruleChmodRecursiveHome},
		{"chmod 777 f", Medium, ruleChmod777},
		{"chmod u+s f", Medium, ruleChmodSetuid},
		{"chmod 644 file", Medium, ruleChmod},
		{"chmod -R 755 ./site", Medium, ruleChmod},
		{"chmod --help", Safe, ""},
	})
}
