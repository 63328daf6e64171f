package allowlist

import "sync"

// docker and podman read their flags with pflag: long flags in full only,
// and the global flags only before the subcommand. The globals allowed
// pick a context or a log level; --config (whose CLI plugins would run),
// -H/--host (ssh:// runs ssh, tcp:// reaches another daemon) and the TLS
// files are refused. Go templates in --format cannot run programs or read
// the environment.

// dockerWhy explains docker's flags that auto mode refuses.
var dockerWhy = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"--config": "docker --config names another configuration, whose plugins and credential helpers would run",
		"-H":       "docker -H reaches another daemon (ssh:// runs ssh)",
		"--host":   "docker --host reaches another daemon (ssh:// runs ssh)",
		"--url":    "podman --url reaches another service",
		"--root":   "podman --root uses another storage directory",
	}
})

// dockerSub returns a docker subcommand spec.
func dockerSub(name, short, long string) Spec {
	return Spec{Name: name, Short: short, Long: w(long + " help"), NoAbbrev: true, Why: dockerWhy()}
}

// dockerSubs returns the read-only subcommands docker and podman share,
// with extra long flags for podman's spellings.
func dockerSubs(podman bool) []Spec {
	x := func(d, p string) string {
		if podman {
			return d + " " + p
		}
		return d
	}
	ps := dockerSub("ps", "af:n:lqs", x("all filter= format= last= latest no-trunc quiet size", "pod external ns sort= noheading watch="))
	images := dockerSub("images", "af:q", x("all digests filter= format= no-trunc quiet tree", "history noheading sort="))
	inspect := dockerSub("inspect", "f:s", x("format= size type=", "latest"))
	logs := dockerSub("logs", "fn:t", x("details follow since= tail= timestamps until=", "latest names color"))
	history := dockerSub("history", "Hq", x("format= human no-trunc quiet platform=", ""))
	stats := dockerSub("stats", "a", x("all format= no-stream no-trunc", "no-reset interval="))
	stats.Need = []string{"--no-stream"}
	stats.Note = "--no-stream only"
	top := dockerSub("top", "", "")
	port := dockerSub("port", "", "")
	diff := dockerSub("diff", "", x("", "format= latest"))
	version := dockerSub("version", "f:", "format=")
	version.NoOperands = true
	info := dockerSub("info", "f:", "format=")
	info.NoOperands = true
	ls := func(extra string) []Spec {
		return []Spec{
			dockerSub("ls", "f:q", x("filter= format= no-trunc quiet "+extra, "noheading")),
			dockerSub("list", "f:q", x("filter= format= no-trunc quiet "+extra, "noheading")),
		}
	}
	image := Spec{Name: "image", NoAbbrev: true, Subs: append(ls("all digests tree"),
		dockerSub("history", "Hq", "format= human no-trunc quiet platform="),
		dockerSub("inspect", "f:", "format= platform="))}
	image.Subs[0].Short += "a"
	image.Subs[1].Short += "a"
	container := Spec{Name: "container", NoAbbrev: true, Subs: []Spec{
		ps, dockerSub("ls", "af:n:lqs", x("all filter= format= last= latest no-trunc quiet size", "pod external ns sort= noheading")),
		dockerSub("list", "af:n:lqs", x("all filter= format= last= latest no-trunc quiet size", "pod external ns sort= noheading")),
		dockerSub("inspect", "f:s", "format= size"), logs, top, port, diff, stats,
	}}
	network := Spec{Name: "network", NoAbbrev: true, Subs: append(ls(""), dockerSub("inspect", "f:v", "format= verbose"))}
	volume := Spec{Name: "volume", NoAbbrev: true, Subs: append(ls("cluster"), dockerSub("inspect", "f:", "format="))}
	system := Spec{Name: "system", NoAbbrev: true, Subs: []Spec{dockerSub("df", "v", "format= verbose"), info}}
	context := Spec{Name: "context", NoAbbrev: true, Subs: []Spec{dockerSub("ls", "q", "format= quiet"), dockerSub("list", "q", "format= quiet"), dockerSub("show", "", ""), dockerSub("inspect", "f:", "format=")}}
	// The swarm objects' listing and inspecting forms (docker only).
	swarm := func(name string, extra ...Spec) Spec {
		subs := append([]Spec{dockerSub("ls", "f:q", "filter= format= quiet"), dockerSub("list", "f:q", "filter= format= quiet"),
			dockerSub("inspect", "f:", "format= pretty")}, extra...)
		return Spec{Name: name, NoAbbrev: true, Subs: subs}
	}
	taskPs := dockerSub("ps", "f:q", "filter= format= no-resolve no-trunc quiet")
	serviceLogs := dockerSub("logs", "fn:t", "details follow no-resolve no-task-ids no-trunc raw since= tail= timestamps")
	swarmSpecs := []Spec{swarm("service", taskPs, serviceLogs), swarm("node", taskPs), swarm("secret"), swarm("config"),
		{Name: "stack", NoAbbrev: true, Subs: []Spec{dockerSub("ls", "", "format="), dockerSub("ps", "f:q", "filter= format= no-resolve no-trunc quiet"), dockerSub("services", "f:q", "filter= format= quiet")}},
		swarm("plugin")}
	// buildx, manifest and trust read a builder's state or a registry's
	// manifests (docker only; buildx inspect --bootstrap would start a
	// builder, so it is not listed).
	swarmSpecs = append(swarmSpecs,
		Spec{Name: "buildx", NoAbbrev: true, Subs: []Spec{dockerSub("ls", "", "format= no-trunc"), dockerSub("version", "", ""),
			dockerSub("du", "", "builder= filter= format= verbose"), dockerSub("inspect", "", "builder="),
			{Name: "imagetools", NoAbbrev: true, Subs: []Spec{dockerSub("inspect", "", "builder= format= raw")}}}},
		Spec{Name: "manifest", NoAbbrev: true, Subs: []Spec{dockerSub("inspect", "v", "insecure verbose")}},
		Spec{Name: "trust", NoAbbrev: true, Subs: []Spec{dockerSub("inspect", "", "pretty")}})
	if podman {
		swarmSpecs = []Spec{swarm("secret"), swarm("pod", dockerSub("ps", "f:q", "filter= format= noheading no-trunc quiet sort= ns ctr-names ctr-ids ctr-status latest"))}
	}
	return append([]Spec{ps, images, inspect, logs, history, stats, top, port, diff, version, info,
		image, container, network, volume, system, context,
		dockerSub("search", "f:", "filter= format= limit= no-trunc"),
		dockerSub("events", "f:", "filter= format= since= until=")}, swarmSpecs...)
}

// dockerSpec returns docker with its read-only subcommands.
func dockerSpec() Spec {
	return Spec{Name: "docker", Short: "c:Dl:v", Long: w("context= debug log-level= version help"),
		Deny: w("config host tls tlscacert tlscert tlskey tlsverify"), Why: dockerWhy(), NoAbbrev: true, Bare: true,
		Subs: dockerSubs(false),
		Note: "ps, images, inspect, logs, history, version, info, stats --no-stream, top, port, diff, search, events, image ls/history/inspect, container ls/inspect/logs..., network/volume ls/inspect, system df/info, context ls/show/inspect, service/node/secret/config/plugin ls/inspect, service/node ps, service logs, stack ls/ps/services, buildx ls/version/du/inspect, buildx imagetools inspect, manifest inspect, trust inspect; never --config, -H/--host; no run, exec, cp, login, build"}
}

// podmanSpec returns podman with the same read-only subcommands.
func podmanSpec() Spec {
	return Spec{Name: "podman", Short: "c:v", Long: w("connection= log-level= version help"),
		Deny: w("url root runroot storage-driver storage-opt remote identity module hooks-dir cgroup-manager conmon runtime events-backend network-cmd-path tmpdir"), Why: dockerWhy(), NoAbbrev: true, Bare: true,
		Subs: dockerSubs(true),
		Note: "as docker; never --url, --root, --runroot, --module, --identity"}
}
