package allowlist

import "sync"

// systemctl and journalctl read their flags with getopt_long: flags after
// the verb too, unique abbreviations of long flags. Only the verbs and
// flags that show state are allowed; -H/--host (runs ssh) and -M/--machine
// are refused, and so is every journalctl flag that rotates, vacuums,
// flushes, syncs or writes keys, catalogs or cursor files.

const systemctlDeny = "host machine capsule now runtime force ignore-inhibitors job-mode mode signal kill-whom kill-value what root image preset-mode message wait no-block no-reload no-wall marked dry-run drop-in when reboot-argument boot-loader-menu boot-loader-entry check-inhibitors read-only mkdir"

// systemdWhy explains the flags auto mode refuses.
var systemdWhy = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"-H":        "-H runs ssh to another host",
		"--host":    "--host runs ssh to another host",
		"-M":        "-M reaches into a container",
		"--machine": "--machine reaches into a container",
		"-C":        "-C reaches into another user's capsule",
		"--capsule": "--capsule reaches into another user's capsule",
	}
})

// systemctlSpec returns systemctl with its read-only verbs.
func systemctlSpec() Spec {
	short := "t:p:P:alqvrhn:o:"
	long := "type= state= property= all recursive reverse after before with-dependencies full value show-types plain no-pager no-legend legend= lines= output= user system global failed quiet verbose no-warn no-ask-password timestamp= help version"
	verb := func(name string) Spec {
		return Spec{Name: name, Short: short, Long: w(long), Deny: w(systemctlDeny), Why: systemdWhy()}
	}
	var subs []Spec
	for _, v := range w("status list-units list-unit-files list-sockets list-timers list-jobs list-dependencies list-automounts list-paths list-machines is-active is-enabled is-failed is-system-running show cat get-default") {
		subs = append(subs, verb(v))
	}
	return Spec{Name: "systemctl", Short: short, Long: w(long), Deny: w(systemctlDeny), Why: systemdWhy(), Subs: subs, Bare: true,
		Note: "status, list-*, is-*, show, cat, get-default only; no -H/--host, -M/--machine"}
}

// journalctlSpec returns journalctl's reading forms.
func journalctlSpec() Spec {
	return Spec{Name: "journalctl", NumOpt: true,
		Short: "u:t:T:p:g:S:U:b::kfn::ro:xealqmD:i:F:NIc:Wh",
		Long:  w("unit= user-unit= identifier= exclude-identifier= priority= facility= grep= case-sensitive=? since= until= boot=? dmesg follow lines=? reverse output= output-fields= catalog pager-end all full no-full no-pager quiet no-hostname no-tail utc merge directory= file= system user list-boots disk-usage header fields field= list-catalog dump-catalog verify cursor= after-cursor= show-cursor root= namespace= list-namespaces invocation= list-invocations truncate-newline help version"),
		Deny:  w("vacuum-size vacuum-files vacuum-time rotate flush sync relinquish-var smart-relinquish-var setup-keys update-catalog force cursor-file image image-policy interval verify-key machine new-id128 synchronize-on-exit"),
		Why: map[string]string{
			"--vacuum-size": "journalctl --vacuum-size deletes journal files", "--vacuum-files": "journalctl --vacuum-files deletes journal files",
			"--vacuum-time": "journalctl --vacuum-time deletes journal files", "--rotate": "journalctl --rotate rotates the journal",
			"--flush": "journalctl --flush moves the journal", "--sync": "journalctl --sync writes the journal",
			"--setup-keys": "journalctl --setup-keys writes keys", "--update-catalog": "journalctl --update-catalog writes the catalog",
			"--cursor-file": "journalctl --cursor-file writes a file", "--image": "journalctl --image mounts a disk image",
			"-M": "-M reaches into a container", "--machine": "--machine reaches into a container",
		},
		Note: "reading forms only: no --vacuum-*, --rotate, --flush, --sync, --relinquish-var, --setup-keys, --update-catalog, --cursor-file, --image"}
}
