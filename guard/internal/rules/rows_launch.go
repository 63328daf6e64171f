package rules

import (
	"strings"
)

// Rows of the launchers that are not wrappers: go run of a remote module
// and the project generators of the package managers fetch code from a
// registry and run it (the wrappers among the launchers, npx, pnpm dlx,
// uvx and the like, are in wrappers_launch.go; their rule is
// launcher_fetch).

func launchRows() []Row {
	var (
		goRunOpts = withFlags(cli("", "C", "p", "tags", "ldflags", "gcflags", "asmflags", "mod", "modfile", "o", "overlay", "pgo", "exec", "toolexec",
			"buildmode", "compiler", "covermode", "coverpkg", "installsuffix", "pkgdir", "buildvcs", "gccgoflags"),
			"", "a", "n", "race", "msan", "asan", "v", "x", "work", "trimpath", "cover", "modcacherw", "linkshared")
		npmInitOpts = withFlags(cli("w", "scope", "workspace", "registry", "init-author-name", "init-license", "init-version"), "yfg", "yes", "force", "workspaces")
	)
	return []Row{
		{Name: "go_run_remote", Level: Medium, Progs: []string{"go"}, Opts: goRunOpts, Goflags: true,
			Path: "run", When: []rowPred{arg(0, func(w Word) bool { return strings.Contains(w.Value, "@") })},
			Why:    "go run {1} fetches the module from the network (the module proxy) and runs its code with your rights",
			Desc:   "go run PKG@VERSION fetches a remote module and runs it, as npx does a package",
			Hits:   []string{"go run golang.org/x/tools/cmd/stringer@latest -type=Pill", "go run -mod=mod github.com/x/y@v1.2.3", "go run github.com/a/b/cmd/c@v0.1.0 arg"},
			Misses: []string{"go run .", "go run main.go x@y", "go run ./cmd/tool", "go build github.com/x/y"}},
		{Name: "npm_init_fetch", Level: Medium, Progs: []string{"npm"}, Opts: npmInitOpts,
			Path: "init|create|innit", When: []rowPred{nargs(1)},
			Why:    "npm {path} {1} fetches the generator create-{1} from the registry and runs its code with your rights",
			Desc:   "npm init INITIALIZER (npm create) fetches create-INITIALIZER from the registry and runs it, as npx does",
			Hits:   []string{"npm init vite@latest my-app", "npm create vite@latest", "npm init -y react-app app"},
			Misses: []string{"npm init", "npm init -y", "npm install vite"}},
		{Name: "create_fetch", Level: Medium, Progs: []string{"pnpm", "yarn", "bun"}, Opts: npmInitOpts,
			Path: "create", When: []rowPred{nargs(1)},
			Why:    "{prog} create {1} fetches the generator create-{1} from the registry and runs its code with your rights",
			Desc:   "pnpm|yarn|bun create TEMPLATE fetches create-TEMPLATE from the registry and runs it, as npx does",
			Hits:   []string{"pnpm create vite my-app", "yarn create next-app", "bun create elysia app"},
			Misses: []string{"pnpm create", "yarn add vite", "bun install"}},
	}
}
