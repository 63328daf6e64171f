package argv

// SSHKeygen is ssh-keygen's option grammar, its getopt string in OpenSSH
// 9 ("ABHKLQUXceghiklopquvyC:D:E:F:I:M:N:O:P:R:V:Y:Z:a:b:f:g:m:n:r:s:
// t:w:z:", where the first g, a flag, wins). getopt stops at the first
// operand (the files of -s, -k, -Q, -Y sign), and ssh-keygen has no long
// options: rule destroy_key reads -f and the mode options with it.
var SSHKeygen = Spec{
	Flags:  "ABHKLQUXceghiklopquvy",
	Valued: "CDEFIMNOPRVYZabfmnrstwz",
	Posix:  true,
}

// SSHKeygenReadModes are the options of ssh-keygen that make it do
// something other than make a key, change a key's passphrase (-p) or
// comment (-c): read or print a key (-y -l -B -e -i -L -D -r), sign or
// check (-s -Y), the known-hosts file (-F -H -R), host keys (-A), keys
// held by a security key (-K), moduli (-M), revocation lists (-k -Q).
// With one of them, -f is not the private key written.
const SSHKeygenReadModes = "yleiLDrsYFHRAKMkQB"

// SSHKeygenBeforeRewrite are the modes of SSHKeygenReadModes that
// ssh-keygen tries before -p and -c (the others come after them).
const SSHKeygenBeforeRewrite = "YkQsLFHRDKlB"
