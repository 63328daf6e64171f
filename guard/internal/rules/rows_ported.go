package rules

import (
	"slices"
	"strings"
	"sync"

	"guardsh/internal/argv"
)

// Rows ported from code: the container CLIs' removals (docker_remove),
// helm's uninstall (helm_uninstall, with helmfile's destroy as a second
// case), git reset --hard (git_reset_hard), crontab -r (crontab_remove)
// and the storage family (storage_destroy, storage_change). Their names,
// levels and reasons are the ones the code had.

// helmRowOpts is helm's grammar: -n NAMESPACE and the long options that
// take a value; the flags are Kubernetes' (infraKubeBool).
func helmRowOpts() *argv.Spec {
	var flags []string
	for _, f := range infraKubeBool() {
		if f != "help" && f != "v" {
			flags = append(flags, f)
		}
	}
	return withFlags(cli("n", "namespace", "kube-context", "kubeconfig", "kube-apiserver", "kube-as-user", "kube-as-group", "kube-token",
		"kube-ca-file", "timeout", "description", "registry-config", "repository-config", "repository-cache", "burst-limit", "qps"), "", flags...)
}

// gitResetModes are git reset's modes; the last one given counts.
var gitResetModes = []string{"hard", "soft", "mixed", "merge", "keep"}

// dockerRowOpts is the grammar of docker, podman and nerdctl for the
// rows: the global options that take a value (infraDockerGlobalArgs; -H
// HOST, -c CONTEXT, -l LEVEL, nerdctl's -n NAMESPACE) and the
// subcommands' (--filter, -s/--signal, -t/--time); the flags the rows read
// (-f, -v, -a, --volumes, --all, --force).
func dockerRowOpts() *argv.Spec {
	return withFlags(cli("Hclnst", append([]string{"filter", "signal", "time"}, infraDockerGlobalArgs()...)...), "fvaq",
		"force", "volumes", "all", "quiet", "debug", "tls", "tlsverify", "external", "link", "depend", "ignore", "no-prune")
}

// composeRowOpts is compose's: -f FILE, -p PROJECT, --rmi TYPE, -t.
func composeRowOpts() *argv.Spec {
	return withFlags(cli("Hcfpt", append([]string{"rmi", "timeout", "signal"}, infraDockerGlobalArgs()...)...), "vs",
		"volumes", "remove-orphans", "force", "stop", "dry-run")
}

// dockerRemoveRow is docker_remove: each of its cases one path of the
// container CLIs, with the reason the code had.
func dockerRemoveRow() Row {
	groups := strings.Join(infraDockerGroups, "|")
	compose := func(path string, when []rowPred, why string) Row {
		return Row{Progs: infraContainerProgs, Opts: composeRowOpts(), Path: path, When: when, Why: why}
	}
	return Row{Name: "docker_remove", Level: Medium, Progs: infraDockerProgs, Opts: dockerRowOpts(),
		Path: "rm, container rm|remove", When: []rowPred{has("v", "volumes")},
		Why: "{prog} rm -v removes containers and their anonymous volumes: {1+}",
		More: []Row{
			{Path: "rm, container rm|remove", Why: "{prog} rm removes containers: {1+}"},
			{Path: "rmi, image rm|remove", Why: "{prog} removes images: {1+}"},
			{Path: "kill, container|pod kill", Why: "{prog} kill kills containers: {1+}"},
			{Path: groups + " prune", Why: "{prog} {path1} prune removes unused {path1} data{+volumes?, volumes included}{+a/+all?, every unused image included}"},
			{Path: "system reset", Why: "{prog} system reset removes every container, image and volume"},
			{Path: groups + " rm|remove", Why: "{prog} {path1} rm removes {path1}s: {1+}"},
			compose("compose down, down", []rowPred{has("v", "volumes")}, "compose down -v deletes the project's volumes and their data"),
			compose("compose down, down", []rowPred{has("rmi")}, "compose down --rmi {-rmi} removes the project's images"),
			compose("compose rm, rm", nil, "compose rm removes the project's stopped containers"),
			compose("compose kill, kill", nil, "compose kill kills the project's containers"),
		},
		Desc: "removes, prunes or kills containers, images, volumes or networks (docker, podman, nerdctl, compose down -v)",
		Hits: []string{"docker system prune -a", "docker rm web", "docker rm -f web db", "docker rm -v web", "docker container remove web", "docker rmi nginx:latest",
			"docker image rm nginx", "docker image prune -a", "docker system prune -a --volumes -f", "docker volume rm data", "docker network prune",
			"docker builder prune -af", "docker kill web", "docker container kill web", "docker service rm api", "docker -H tcp://host:2375 rm web",
			"docker --context prod system prune", "docker rm $(docker ps -aq)", "docker compose down -v", "docker compose -f prod.yml down --volumes",
			"docker compose down --rmi all", "docker compose rm -f", "docker compose kill", "docker-compose -p app down --volumes", "podman rm -a",
			"podman system reset", "podman pod rm mypod", "podman-compose down -v", "nerdctl -n k8s.io rmi x"},
		Misses: []string{"docker ps -a", "docker images", "docker image ls", "docker volume ls", "docker logs -f web", "docker run --rm alpine echo hi",
			"docker run -d -p 8080:80 --name web nginx", "docker compose up -d", "docker compose down", "docker-compose down", "docker system df",
			"docker rm --help", "docker system prune --help", "docker --help", "docker version", "echo docker rm web", "docker run alpine rm x"},
	}
}

// twice returns a predicate: the short option is given at least twice
// (pvcreate -ff, -f -f).
func twice(short string) rowPred {
	return func(m *rowMatch) bool {
		n := 0
		for _, o := range m.opts {
			if !o.Long && o.Name == short {
				n++
			}
		}
		return n >= 2
	}
}

// storageRows are the storage family's rules (storage_destroy,
// storage_change), each of its programs a case.
func storageRows() []Row {
	lvm := &argv.Spec{Flags: "fyqvdt", Valued: "AS", Stop: "h?",
		LongFlags:  []string{"force", "yes", "quiet", "verbose", "debug", "test", "nohistory", "noudevsync"},
		LongValued: []string{"autobackup", "select", "config", "commandprofile", "driverloaded", "lockopt", "profile", "reportformat", "devices", "devicesfile", "journal"},
		LongStop:   []string{"help", "version", "longhelp"}}
	zfs := &argv.Spec{Flags: "RdnprvfF", Stop: "h?", LongStop: []string{"help", "version"}}
	mdadm := &argv.Spec{Flags: "SfqvsRr", Valued: "lncpaeNx", Stop: "hV",
		LongFlags: []string{"zero-superblock", "stop", "force", "run", "readonly", "readwrite", "scan", "verbose", "quiet", "detail", "examine", "query", "assemble", "create", "build", "grow", "manage", "misc", "monitor", "incremental"},
		LongStop:  []string{"help", "version"}}
	return []Row{
		{Name: "storage_destroy", Level: Blocked, Progs: []string{"zpool"}, Opts: zfs,
			Path: "destroy", Why: "zpool destroy destroys a whole storage pool and every dataset in it",
			More: []Row{
				{Progs: []string{"zfs"}, Path: "destroy", When: []rowPred{has("r", "R")}, Why: "zfs destroy -r destroys a dataset with everything below it"},
				{Progs: []string{"lvremove", "vgremove", "pvremove"}, Opts: lvm, When: []rowPred{lacks("t", "test")}, Why: "{prog} removes LVM volumes and the data on them"},
				{Progs: []string{"pvcreate"}, Opts: lvm, When: []rowPred{func(m *rowMatch) bool { return twice("f")(m) || has("force")(m) }},
					Why: "pvcreate -ff overwrites a disk's existing volume metadata"},
				{Progs: []string{"mdadm"}, Opts: mdadm, When: []rowPred{has("zero-superblock")}, Why: "mdadm --zero-superblock erases RAID metadata"},
				{Progs: []string{"badblocks"}, Opts: &argv.Spec{Flags: "fnsvwBX", Valued: "bcdeiopt", LongStop: []string{"help", "version"}},
					When: []rowPred{has("w")}, Why: "badblocks -w overwrites the whole disk with test patterns"},
				{Progs: []string{"flashrom"}, Opts: withFlags(cli("pcliorvw", "programmer", "chip", "layout", "image", "output", "read", "verify", "write"), "EVn", "erase", "verbose", "noverify"),
					When: []rowPred{has("w", "write", "E", "erase")}, Why: "flashrom writes or erases the firmware chip"},
			},
			Desc: "destroys a pool, volume group, RAID array or disk contents: zpool destroy, zfs destroy -r, lvremove, vgremove, pvremove, pvcreate -ff, mdadm --zero-superblock, badblocks -w, flashrom -w",
			Hits: []string{"zpool destroy tank", "zpool destroy -f tank", "zfs destroy -r tank", "zfs destroy -R tank/a", "lvremove -f /dev/vg0/root", "vgremove -f vg0",
				"vgremove -f vg0 -v", "lvremove -y vg0/lv", "pvremove -ff /dev/sdb", "pvcreate -ff /dev/sda", "pvcreate -f -f /dev/sda", "pvcreate --force /dev/sda",
				"mdadm --zero-superblock /dev/sda", "badblocks -w /dev/sda", "badblocks -wsv /dev/sda", "flashrom -p internal -w bios.bin", "flashrom -w bios.bin"},
			Misses: []string{"zpool status", "zpool list", "zfs list", "zfs destroy tank/home@old", "badblocks -sv /dev/sda", "mdadm --detail /dev/md0",
				"lvremove --help", "vgremove -h", "pvremove -?", "lvremove --test vg0/lv", "vgremove -hf vg0", "pvcreate /dev/sda", "flashrom -p internal -r backup.bin"}},
		{Name: "storage_change", Level: High, Progs: []string{"zfs"}, Opts: zfs,
			Path: "destroy", When: []rowPred{lacks("r", "R")}, Why: "zfs destroy removes a dataset or snapshot",
			More:   []Row{{Progs: []string{"mdadm"}, Opts: mdadm, When: []rowPred{has("stop", "S"), lacks("zero-superblock")}, Why: "mdadm --stop stops a RAID array"}},
			Desc:   "removes a ZFS dataset or snapshot, or stops a RAID array (zfs destroy, mdadm --stop)",
			Hits:   []string{"zfs destroy tank/home@old", "mdadm --stop /dev/md0", "mdadm -S /dev/md0"},
			Misses: []string{"zfs destroy -r tank", "zfs list", "mdadm --detail /dev/md0", "mdadm --zero-superblock --stop /dev/md0", "zfs destroy --help"}},
	}
}

func portedRows() []Row {
	gitReset := gitRowOpts("", []string{"pathspec-from-file"}, "qpN", append(slices.Clone(gitResetModes),
		"quiet", "no-quiet", "recurse-submodules", "no-recurse-submodules", "patch", "intent-to-add", "no-refresh", "refresh", "pathspec-file-nul")...)
	return append(storageRows(), []Row{
		dockerRemoveRow(),
		{Name: "helm_uninstall", Level: Medium, Progs: []string{"helm"}, Opts: helmRowOpts(),
			Path: "uninstall|delete|del|un", When: []rowPred{lacks("dry-run")},
			Why: "helm uninstall removes the release {1+} and its resources",
			More: []Row{{Progs: []string{"helmfile"},
				Opts: withFlags(cli("befilnc", "environment", "file", "selector", "namespace", "kube-context", "state-values-set", "state-values-file", "chart", "helm-binary", "log-level", "args", "concurrency"),
					"q", "debug", "quiet", "interactive", "no-color", "allow-no-matching-release", "enable-live-output", "skip-deps", "skip-charts", "purge", "include-transitive-needs"),
				Path: "destroy|delete",
				Why:  "helmfile {path} uninstalls every release of the helmfile, with its resources"}},
			Desc: "helm uninstall (delete) removes a release and its resources; helmfile destroy removes every release of a helmfile",
			Hits: []string{"helm uninstall web", "helm delete web", "helm -n prod uninstall web", "helm uninstall web -n prod --keep-history",
				"helmfile destroy", "helmfile -e prod destroy", "helmfile --file helmfile.yaml delete"},
			Misses: []string{"helm uninstall web --dry-run", "helm install web ./chart", "helm upgrade --install web ./chart", "helm list -A",
				"helm uninstall --help", "helmfile apply", "helmfile diff", "helmfile destroy --help"}},
		{Name: "git_reset_hard", Level: Medium, Progs: gitProgs, Opts: gitReset,
			Path: "reset", When: []rowPred{lastIs(gitResetModes, "hard")},
			Why: "git reset --hard throws away uncommitted changes{1? and moves the branch to {1}}",
			More: []Row{{Path: "reset", When: []rowPred{lastIs(gitResetModes, "merge")},
				Why: "git reset --merge throws away uncommitted changes{1? and moves the branch to {1}}"}},
			Desc: "git reset --hard or --merge throws away uncommitted changes",
			Hits: []string{"git reset --hard HEAD~1", "git reset --hard", "git reset --merge", "git reset --har", "git reset -q --hard", "git reset HEAD~1 --hard",
				"git -C /tmp/repo reset --hard", "git -c core.pager=cat reset --hard", "git --no-pager reset --hard", "git --git-dir=/x/.git reset --hard",
				"git --work-tree /x reset --hard", "/usr/bin/git reset --hard origin/main"},
			Misses: []string{"git reset --soft HEAD~1", "git reset --hard --soft", "git reset", "git reset HEAD file.txt", "git reset --mixed HEAD~1",
				"git reset -- file.txt", "git reset --keep HEAD~1", "git reset --hard --help", "git reset -h", "git reset-hard"}},
		{Name: "crontab_remove", Level: Medium, Progs: sysCrontabProgs,
			Opts: &argv.Spec{Flags: "lreisTVn", Valued: "ucx", LongStop: []string{"help", "version"}},
			When: []rowPred{has("r")},
			Why:  "crontab -r removes {-u?{-u}'s|the user's} crontab",
			More: []Row{{When: []rowPred{func(m *rowMatch) bool { return len(m.ops) == 1 && m.ops[0].Value == "/dev/null" }},
				Why: "replaces the crontab with an empty one"}},
			Desc:   "removes the user's crontab",
			Hits:   []string{"crontab -r", "crontab -ri", "crontab -ir", "crontab -u bob -r", "crontab -r -u bob", "crontab /dev/null"},
			Misses: []string{"crontab -l", "crontab -l -u bob", "crontab -e", "crontab mycron.txt", "crontab -", "crontab -V", "crontab", "crontab --help", "crontab /dev/null x"}},
	}...)
}

// portedRow returns the rule of the ported row name for its family's
// list: the row keeps the place its code had among the rules, and so the
// order findings are reported in.
func portedRow(name string) Builtin {
	rows := portedRowTable()
	for i := range rows {
		r := &rows[i]
		if r.Name == name {
			return r.Builtin()
		}
	}
	panic("guard: no ported row " + name)
}

// portedRowTable is portedRows made once: the families take their rules
// from it one by one, and rows are data no one changes.
var portedRowTable = sync.OnceValue(portedRows)

// AllRowTables returns every row table: the listed ones and the ported
// rows, which their families list.
func AllRowTables() [][]Row { return append(rowTables(), portedRows()) }
