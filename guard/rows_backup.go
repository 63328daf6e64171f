package guard

import "strings"

// Rows of the backup, sync and object-storage tools, read from each
// tool's documentation: deleting a repository, a bucket or everything
// under a path is high; deleting snapshots, archives or objects by name
// or by a keep policy is medium. A dry run (-n, --dry-run) deletes
// nothing.

var (
	resticOpts = withFlags(cli("rpoldwmyHg", "repo", "repository-file", "password-file", "password-command", "cache-dir", "option", "tls-client-cert", "cacert",
		"limit-upload", "limit-download", "pack-size", "compression", "key-hint", "keep-last", "keep-hourly", "keep-daily", "keep-weekly", "keep-monthly",
		"keep-yearly", "keep-within", "keep-within-hourly", "keep-within-daily", "keep-within-weekly", "keep-within-monthly", "keep-within-yearly",
		"keep-tag", "tag", "host", "path", "group-by", "max-unused", "max-repack-size"), "nq", "prune", "dry-run", "quiet", "verbose", "compact", "no-lock", "insecure-tls", "json", "no-cache")
	borgOpts = withFlags(cli("dwmyHaP", "remote-path", "rsh", "lock-wait", "umask", "keep-within", "keep-last", "keep-secondly", "keep-minutely", "keep-hourly",
		"keep-daily", "keep-weekly", "keep-monthly", "keep-yearly", "glob-archives", "prefix", "repo", "match-archives", "checkpoint-interval"), "nvps", "dry-run", "verbose", "progress", "stats", "list", "force", "info", "debug", "save-space", "keep-security-info")
	rcloneOpts = withFlags(cli("", "config", "transfers", "checkers", "exclude", "include", "filter", "exclude-from", "include-from", "filter-from", "files-from",
		"bwlimit", "log-file", "log-level", "max-age", "min-age", "max-size", "min-size", "max-depth", "backup-dir", "suffix", "stats", "timeout", "retries"), "nvPqiI", "dry-run", "verbose", "progress", "interactive", "checksum", "update", "fast-list", "rmdirs", "delete-excluded", "create-empty-src-dirs", "ignore-existing")
	veleroOpts = cli("nl", "namespace", "kubeconfig", "kubecontext", "selector", "features")
	azcopyOpts = withFlags(cli("", "include-pattern", "exclude-pattern", "include-path", "exclude-path", "list-of-files", "log-level", "output-type", "from-to", "cap-mbps"), "", "dry-run", "recursive")
	mcOpts     = withFlags(cli("", "config-dir", "older-than", "newer-than", "rewind", "version-id", "encrypt-key"), "r", "recursive", "force", "dry-run", "incomplete", "versions", "bypass", "remove", "overwrite", "json", "quiet", "insecure")
)

// dry reports a dry run.
var dry = lacks("dry-run", "n", "dryrun")

func backupRows() []row {
	return []row{
		{name: "restic_prune", level: High, progs: []string{"restic"}, opts: resticOpts,
			path: "forget", when: []rowPred{has("prune"), dry},
			why:    "restic forget --prune deletes the snapshots its keep policy does not keep and then their data, for good",
			desc:   "restic forget --prune deletes snapshots and their data from a backup repository",
			hits:   []string{"restic forget --prune --keep-last 1", "restic -r s3:s3.amazonaws.com/bk forget --keep-daily 7 --prune", "restic forget abc123 --prune"},
			misses: []string{"restic forget --prune --dry-run --keep-last 1", "restic snapshots", "restic forget --help"}},
		{name: "restic_forget", level: Medium, progs: []string{"restic"}, opts: resticOpts,
			path: "forget|prune, key remove", when: []rowPred{lacks("prune"), dry},
			why:    "restic {path} deletes snapshots or the data no snapshot needs any more from the backup repository",
			desc:   "restic forget (without --prune), prune or key remove deletes snapshots, unreferenced data or a key of a backup repository",
			hits:   []string{"restic forget --keep-last 5", "restic prune", "restic -r /srv/backup forget abc123", "restic key remove 4a2b"},
			misses: []string{"restic prune --dry-run", "restic forget -n --keep-last 5", "restic check", "restic backup /home"}},
		{name: "restic_unlock_all", level: Medium, progs: []string{"restic"}, opts: withFlags(resticOpts, "", "remove-all"),
			path: "unlock", when: []rowPred{has("remove-all")},
			why:    "restic unlock --remove-all removes every lock of the backup repository, those of runs still going too: two runs may then damage it",
			desc:   "restic unlock --remove-all removes the locks of running backups and prunes",
			hits:   []string{"restic -r /srv/backup unlock --remove-all"},
			misses: []string{"restic unlock", "restic snapshots"}},
		{name: "borg_delete_repo", level: High, progs: []string{"borg", "borg2", "borgbackup"}, opts: borgOpts,
			path: "delete|rdelete|repo-delete", when: []rowPred{dry, func(m *rowMatch) bool { return !rowArchives(m) }},
			why:    "borg {path} deletes the whole backup repository {1|of BORG_REPO} with every archive",
			desc:   "borg delete of a repository (no ::ARCHIVE, no -a) or borg rdelete (borg 2: repo-delete) deletes the repository with every archive",
			hits:   []string{"borg delete /srv/repo", "borg delete --force ssh://backup/./repo", "borg rdelete", "borg2 repo-delete -r /srv/repo"},
			misses: []string{"borg delete /srv/repo::monday", "borg delete --dry-run /srv/repo", "borg list /srv/repo"}},
		{name: "borg_delete", level: Medium, progs: []string{"borg", "borg2", "borgbackup"}, opts: borgOpts,
			path: "delete|prune|recreate", when: []rowPred{dry, func(m *rowMatch) bool { return rowArchives(m) || m.path[0].Value != "delete" }},
			why:    "borg {path} deletes archives, or files in them, from the backup repository",
			desc:   "borg delete REPO::ARCHIVE (or -a PATTERN) or borg prune deletes archives from a backup repository; borg recreate rewrites them, dropping what it excludes",
			hits:   []string{"borg delete /srv/repo::monday", "borg prune --keep-daily 7 /srv/repo", "borg delete -a 'old-*' /srv/repo", "borg recreate --exclude '*.iso' /srv/repo"},
			misses: []string{"borg prune -n --keep-daily 7 /srv/repo", "borg list /srv/repo", "borg create /srv/repo::x ~"}},
		{name: "rclone_purge", level: High, progs: []string{"rclone"}, opts: rcloneOpts,
			path: "purge", when: []rowPred{dry},
			why:    "rclone purge deletes {1|the path} and everything in it",
			desc:   "rclone purge deletes a path and everything under it",
			hits:   []string{"rclone purge remote:bucket/path", "rclone --config x.conf purge s3:data"},
			misses: []string{"rclone purge --dry-run remote:path", "rclone ls remote:path", "rclone purge --help"}},
		{name: "rclone_delete", level: Medium, progs: []string{"rclone"}, opts: rcloneOpts,
			path: "delete|deletefile|sync|move|dedupe|cleanup|bisync", when: []rowPred{dry},
			why:    "rclone {path} deletes files under {2/1|the path}",
			desc:   "rclone delete|deletefile deletes files; sync and bisync delete the destination's files missing from the source; move deletes at the source",
			hits:   []string{"rclone delete remote:path", "rclone sync ./site remote:site", "rclone deletefile remote:a.txt", "rclone move ./out remote:out"},
			misses: []string{"rclone sync --dry-run ./a remote:b", "rclone copy ./a remote:b", "rclone ls remote:"}},
		{name: "velero_delete_all", level: High, progs: []string{"velero"}, opts: veleroOpts,
			path: "backup|restore|schedule delete, delete backup|restore|schedule", when: []rowPred{has("all")},
			why:    "velero {path} --all deletes every backup, restore or schedule, with the backups' data",
			desc:   "velero backup|restore|schedule delete --all deletes every one of them",
			hits:   []string{"velero backup delete --all --confirm", "velero delete backup --all"},
			misses: []string{"velero backup get", "velero backup delete --help"}},
		{name: "velero_delete", level: Medium, progs: []string{"velero"}, opts: veleroOpts,
			path: "backup|restore|schedule|backup-location|snapshot-location delete, delete backup|restore|schedule|backup-location|snapshot-location", when: []rowPred{lacks("all")},
			why:    "velero {path} deletes {1+|it} (a backup's data in object storage too)",
			desc:   "velero backup|restore|schedule delete deletes a backup with its data, a restore or a schedule",
			hits:   []string{"velero backup delete nightly-1 --confirm", "velero delete backup nightly-1", "velero schedule delete daily"},
			misses: []string{"velero backup describe nightly-1", "velero restore create --from-backup nightly-1"}},
		{name: "azcopy_remove", level: Medium, progs: []string{"azcopy"}, opts: azcopyOpts,
			path: "rm|remove, sync", when: []rowPred{dry, func(m *rowMatch) bool {
				if m.path[0].Value != "sync" {
					return true
				}
				return optIs([]string{"delete-destination"}, "true", "prompt")(m)
			}},
			why:    "azcopy {path} deletes blobs or files under {2/1|the path}",
			desc:   "azcopy rm deletes blobs or files (with --recursive, every one under the path); sync --delete-destination deletes files missing from the source",
			hits:   []string{"azcopy rm 'https://acct.blob.core.windows.net/c/a.txt'", "azcopy remove 'https://acct.blob.core.windows.net/c' --recursive", "azcopy sync ./site 'https://acct.blob.core.windows.net/c' --delete-destination=true"},
			misses: []string{"azcopy copy ./a 'https://acct.blob.core.windows.net/c'", "azcopy rm --dry-run 'https://acct.blob.core.windows.net/c'", "azcopy sync ./a 'https://acct.blob.core.windows.net/c'"}},
		{name: "minio_remove_bucket", level: High, progs: []string{"mc", "mcli"}, opts: mcOpts,
			path: "rb, rm", when: []rowPred{dry, func(m *rowMatch) bool {
				return m.path[0].Value == "rb" || has("recursive", "r")(m) && has("force")(m)
			}},
			why:    "mc {path} deletes {1+|the bucket} with every object in it",
			desc:   "mc rb, or mc rm --recursive --force, deletes a bucket or every object under a prefix",
			hits:   []string{"mc rb myminio/bucket", "mc rm --recursive --force myminio/bucket", "mc rm -r --force play/b/logs"},
			misses: []string{"mc rm --recursive --force --dry-run myminio/bucket", "mc ls myminio", "mc mb myminio/bucket"}},
		{name: "minio_remove", level: Medium, progs: []string{"mc", "mcli"}, opts: mcOpts,
			path: "rm, mirror", when: []rowPred{dry, func(m *rowMatch) bool {
				if m.path[0].Value == "mirror" {
					return has("remove")(m)
				}
				return !(has("recursive", "r")(m) && has("force")(m))
			}},
			why:    "mc {path} deletes objects under {2/1|the path}",
			desc:   "mc rm deletes objects; mc mirror --remove deletes the target's objects missing from the source",
			hits:   []string{"mc rm myminio/bucket/a.txt", "mc mirror --remove ./site myminio/site"},
			misses: []string{"mc cp a.txt myminio/bucket", "mc mirror ./site myminio/site", "mc rm --dry-run myminio/b/a"}},
	}
}

// rowArchives reports a borg delete of archives: REPO::ARCHIVE, or
// archives chosen by name, pattern or count.
func rowArchives(m *rowMatch) bool {
	if has("a", "glob-archives", "match-archives", "prefix", "first", "last", "P")(m) {
		return true
	}
	for _, w := range m.ops {
		if i := strings.Index(w.Value, "::"); i >= 0 && i+2 < len(w.Value) {
			return true
		}
	}
	return len(m.ops) > 1 // borg delete REPO ARCHIVE...
}
