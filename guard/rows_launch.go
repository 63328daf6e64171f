package guard

import "strings"

// Rows of the launchers that are not wrappers: go run of a remote module
// and the project generators of the package managers fetch code from a
// registry and run it (the wrappers among the launchers, npx, pnpm dlx,
// uvx and the like, are in wrappers_launch.go; their rule is
// launcher_fetch).

var (
	goRunOpts = withFlags(cli("", "C", "p", "tags", "ldflags", "gcflags", "asmflags", "mod", "modfile", "o", "overlay", "pgo", "exec", "toolexec",
		"buildmode", "compiler", "covermode", "coverpkg", "installsuffix", "pkgdir", "buildvcs", "gccgoflags"),
		"", "a", "n", "race", "msan", "asan", "v", "x", "work", "trimpath", "cover", "modcacherw", "linkshared")
	npmInitOpts = withFlags(cli("w", "scope", "workspace", "registry", "init-author-name", "init-license", "init-version"), "yfg", "yes", "force", "workspaces")
)

func launchRows() []row {
	return []row{
		{name: "go_run_remote", level: Medium, progs: []string{"go"}, opts: goRunOpts, goflags: true,
			path: "run", when: []rowPred{arg(0, func(w Word) bool { return strings.Contains(w.Value, "@") })},
			why:    "go run {1} fetches the module from the network (the module proxy) and runs its code with your rights",
			desc:   "go run PKG@VERSION fetches a remote module and runs it, as npx does a package",
			hits:   []string{"go run golang.org/x/tools/cmd/stringer@latest -type=Pill", "go run -mod=mod github.com/x/y@v1.2.3", "go run github.com/a/b/cmd/c@v0.1.0 arg"},
			misses: []string{"go run .", "go run main.go x@y", "go run ./cmd/tool", "go build github.com/x/y"}},
		{name: "npm_init_fetch", level: Medium, progs: []string{"npm"}, opts: npmInitOpts,
			path: "init|create|innit", when: []rowPred{nargs(1)},
			why:    "npm {path} {1} fetches the generator create-{1} from the registry and runs its code with your rights",
			desc:   "npm init INITIALIZER (npm create) fetches create-INITIALIZER from the registry and runs it, as npx does",
			hits:   []string{"npm init vite@latest my-app", "npm create vite@latest", "npm init -y react-app app"},
			misses: []string{"npm init", "npm init -y", "npm install vite"}},
		{name: "create_fetch", level: Medium, progs: []string{"pnpm", "yarn", "bun"}, opts: npmInitOpts,
			path: "create", when: []rowPred{nargs(1)},
			why:    "{prog} create {1} fetches the generator create-{1} from the registry and runs its code with your rights",
			desc:   "pnpm|yarn|bun create TEMPLATE fetches create-TEMPLATE from the registry and runs it, as npx does",
			hits:   []string{"pnpm create vite my-app", "yarn create next-app", "bun create elysia app"},
			misses: []string{"pnpm create", "yarn add vite", "bun install"}},
	}
}
