package rules

import (
	"strings"
)

// Rows of the backup, sync and object-storage tools, read from each
// tool's documentation: deleting a repository, a bucket or everything
// under a path is high; deleting snapshots, archives or objects by name
// or by a keep policy is medium. A dry run (-n, --dry-run) deletes
// nothing.

// dry reports a dry run.
var dry = lacks("dry-run", "n", "dryrun")

func backupRows() []Row {
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
	return []Row{
		{Name: "restic_prune", Level: High, Progs: []string{"restic"}, Opts: resticOpts,
			Path: "forget", When: []rowPred{has("prune"), dry},
			Why:    "restic forget --prune deletes the snapshots its keep policy does not keep and then their data, for good",
			Desc:   "restic forget --prune deletes snapshots and their data from a backup repository",
			Hits:   []string{"restic forget --prune --keep-last 1", "restic -r s3:s3.amazonaws.com/bk forget --keep-daily 7 --prune", "restic forget abc123 --prune"},
			Misses: []string{"restic forget --prune --dry-run --keep-last 1", "restic snapshots", "restic forget --help"}},
		{Name: "restic_forget", Level: Medium, Progs: []string{"restic"}, Opts: resticOpts,
			Path: "forget|prune, key remove", When: []rowPred{lacks("prune"), dry},
			Why:    "restic {path} deletes snapshots or the data no snapshot needs any more from the backup repository",
			Desc:   "restic forget (without --prune), prune or key remove deletes snapshots, unreferenced data or a key of a backup repository",
			Hits:   []string{"restic forget --keep-last 5", "restic prune", "restic -r /srv/backup forget abc123", "restic key remove 4a2b"},
			Misses: []string{"restic prune --dry-run", "restic forget -n --keep-last 5", "restic check", "restic backup /home"}},
		{Name: "restic_unlock_all", Level: Medium, Progs: []string{"restic"}, Opts: withFlags(resticOpts, "", "remove-all"),
			Path: "unlock", When: []rowPred{has("remove-all")},
			Why:    "restic unlock --remove-all removes every lock of the backup repository, those of runs still going too: two runs may then damage it",
			Desc:   "restic unlock --remove-all removes the locks of running backups and prunes",
			Hits:   []string{"restic -r /srv/backup unlock --remove-all"},
			Misses: []string{"restic unlock", "restic snapshots"}},
		{Name: "borg_delete_repo", Level: High, Progs: []string{"borg", "borg2", "borgbackup"}, Opts: borgOpts,
			Path: "delete|rdelete|repo-delete", When: []rowPred{dry, func(m *rowMatch) bool { return !rowArchives(m) }},
			Why:    "borg {path} deletes the whole backup repository {1|of BORG_REPO} with every archive",
			Desc:   "borg delete of a repository (no ::ARCHIVE, no -a) or borg rdelete (borg 2: repo-delete) deletes the repository with every archive",
			Hits:   []string{"borg delete /srv/repo", "borg delete --force ssh://backup/./repo", "borg rdelete", "borg2 repo-delete -r /srv/repo"},
			Misses: []string{"borg delete /srv/repo::monday", "borg delete --dry-run /srv/repo", "borg list /srv/repo"}},
		{Name: "borg_delete", Level: Medium, Progs: []string{"borg", "borg2", "borgbackup"}, Opts: borgOpts,
			Path: "delete|prune|recreate", When: []rowPred{dry, func(m *rowMatch) bool { return rowArchives(m) || m.path[0].Value != "delete" }},
			Why:    "borg {path} deletes archives, or files in them, from the backup repository",
			Desc:   "borg delete REPO::ARCHIVE (or -a PATTERN) or borg prune deletes archives from a backup repository; borg recreate rewrites them, dropping what it excludes",
			Hits:   []string{"borg delete /srv/repo::monday", "borg prune --keep-daily 7 /srv/repo", "borg delete -a 'old-*' /srv/repo", "borg recreate --exclude '*.iso' /srv/repo"},
			Misses: []string{"borg prune -n --keep-daily 7 /srv/repo", "borg list /srv/repo", "borg create /srv/repo::x ~"}},
		{Name: "rclone_purge", Level: High, Progs: []string{"rclone"}, Opts: rcloneOpts,
			Path: "purge", When: []rowPred{dry},
			Why:    "rclone purge deletes {1|the path} and everything in it",
			Desc:   "rclone purge deletes a path and everything under it",
			Hits:   []string{"rclone purge remote:bucket/path", "rclone --config x.conf purge s3:data"},
			Misses: []string{"rclone purge --dry-run remote:path", "rclone ls remote:path", "rclone purge --help"}},
		{Name: "rclone_delete", Level: Medium, Progs: []string{"rclone"}, Opts: rcloneOpts,
			Path: "delete|deletefile|sync|move|dedupe|cleanup|bisync", When: []rowPred{dry},
			Why:    "rclone {path} deletes files under {2/1|the path}",
			Desc:   "rclone delete|deletefile deletes files; sync and bisync delete the destination's files missing from the source; move deletes at the source",
			Hits:   []string{"rclone delete remote:path", "rclone sync ./site remote:site", "rclone deletefile remote:a.txt", "rclone move ./out remote:out"},
			Misses: []string{"rclone sync --dry-run ./a remote:b", "rclone copy ./a remote:b", "rclone ls remote:"}},
		{Name: "velero_delete_all", Level: High, Progs: []string{"velero"}, Opts: veleroOpts,
			Path: "backup|restore|schedule delete, delete backup|restore|schedule", When: []rowPred{has("all")},
			Why:    "velero {path} --all deletes every backup, restore or schedule, with the backups' data",
			Desc:   "velero backup|restore|schedule delete --all deletes every one of them",
			Hits:   []string{"velero backup delete --all --confirm", "velero delete backup --all"},
			Misses: []string{"velero backup get", "velero backup delete --help"}},
		{Name: "velero_delete", Level: Medium, Progs: []string{"velero"}, Opts: veleroOpts,
			Path: "backup|restore|schedule|backup-location|snapshot-location delete, delete backup|restore|schedule|backup-location|snapshot-location", When: []rowPred{lacks("all")},
			Why:    "velero {path} deletes {1+|it} (a backup's data in object storage too)",
			Desc:   "velero backup|restore|schedule delete deletes a backup with its data, a restore or a schedule",
			Hits:   []string{"velero backup delete nightly-1 --confirm", "velero delete backup nightly-1", "velero schedule delete daily"},
			Misses: []string{"velero backup describe nightly-1", "velero restore create --from-backup nightly-1"}},
		{Name: "azcopy_remove", Level: Medium, Progs: []string{"azcopy"}, Opts: azcopyOpts,
			Path: "rm|remove, sync", When: []rowPred{dry, func(m *rowMatch) bool {
				if m.path[0].Value != "sync" {
					return true
				}
				return optIs([]string{"delete-destination"}, "true", "prompt")(m)
			}},
			Why:    "azcopy {path} deletes blobs or files under {2/1|the path}",
			Desc:   "azcopy rm deletes blobs or files (with --recursive, every one under the path); sync --delete-destination deletes files missing from the source",
			Hits:   []string{"azcopy rm 'https://acct.blob.core.windows.net/c/a.txt'", "azcopy remove 'https://acct.blob.core.windows.net/c' --recursive", "azcopy sync ./site 'https://acct.blob.core.windows.net/c' --delete-destination=true"},
			Misses: []string{"azcopy copy ./a 'https://acct.blob.core.windows.net/c'", "azcopy rm --dry-run 'https://acct.blob.core.windows.net/c'", "azcopy sync ./a 'https://acct.blob.core.windows.net/c'"}},
		{Name: "minio_remove_bucket", Level: High, Progs: []string{"mc", "mcli"}, Opts: mcOpts,
			Path: "rb, rm", When: []rowPred{dry, func(m *rowMatch) bool {
				return m.path[0].Value == "rb" || has("recursive", "r")(m) && has("force")(m)
			}},
			Why:    "mc {path} deletes {1+|the bucket} with every object in it",
			Desc:   "mc rb, or mc rm --recursive --force, deletes a bucket or every object under a prefix",
			Hits:   []string{"mc rb myminio/bucket", "mc rm --recursive --force myminio/bucket", "mc rm -r --force play/b/logs"},
			Misses: []string{"mc rm --recursive --force --dry-run myminio/bucket", "mc ls myminio", "mc mb myminio/bucket"}},
		{Name: "minio_remove", Level: Medium, Progs: []string{"mc", "mcli"}, Opts: mcOpts,
			Path: "rm, mirror", When: []rowPred{dry, func(m *rowMatch) bool {
				if m.path[0].Value == "mirror" {
					return has("remove")(m)
				}
				return !(has("recursive", "r")(m) && has("force")(m))
			}},
			Why:    "mc {path} deletes objects under {2/1|the path}",
			Desc:   "mc rm deletes objects; mc mirror --remove deletes the target's objects missing from the source",
			Hits:   []string{"mc rm myminio/bucket/a.txt", "mc mirror --remove ./site myminio/site"},
			Misses: []string{"mc cp a.txt myminio/bucket", "mc mirror ./site myminio/site", "mc rm --dry-run myminio/b/a"}},
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
