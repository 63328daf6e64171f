package guard_test

import (
	"fmt"

	"guardsh/guard"
)

func ExampleDetector() {
	d, err := guard.NewDetector()
	if err != nil {
		panic(err)
	}
	// Custom patterns join guardsh's built-in rules in the registry.
	if err := d.AddPattern(guard.MustPattern("deploy_prod", `deploy\s+.*--prod`, guard.High, "deploys to production")); err != nil {
		panic(err)
	}
	for _, w := range d.Check("deploy app --prod") {
		fmt.Println(w.Message())
	}
	fmt.Println(d.MaxLevel("deploy app --prod"))
	fmt.Println(d.IsDangerous("deploy app --staging"))
	// Output:
	// [high] deploy_prod: deploys to production
	// high
	// false
}

func ExampleDetector_Patterns() {
	d, err := guard.NewDetector(guard.WithPatterns(guard.MustPattern("drop_db", `drop\s+database`, guard.Blocked, "drops a database")))
	if err != nil {
		panic(err)
	}
	ps := d.Patterns()
	// Built-in rules come first, as entries without a regular expression.
	fmt.Println(ps[0].Name, ps[0].Builtin())
	last := ps[len(ps)-1]
	fmt.Println(last.Name, last.Builtin(), last.Level)
	// Output:
	// parse_error true
	// drop_db false blocked
}

func ExampleDetector_RemovePattern() {
	d, err := guard.NewDetector()
	if err != nil {
		panic(err)
	}
	d.AddPattern(guard.MustPattern("restart", `restart-app`, guard.Medium, "restarts the app"))
	fmt.Println(d.IsDangerous("restart-app web"))
	// Removing a custom pattern deletes it; removing a built-in rule
	// disables it.
	d.RemovePattern("restart")
	d.RemovePattern("guardsh_self")
	fmt.Println(d.IsDangerous("restart-app web"))
	for _, r := range d.Guard().Rules() {
		if r.Name == "guardsh_self" {
			fmt.Println(r.Name, "disabled:", r.Disabled)
		}
	}
	// Output:
	// true
	// false
	// guardsh_self disabled: true
}

func ExampleDetector_CheckFirst() {
	d, _ := guard.NewDetector(guard.WithPatterns(
		guard.MustPattern("curl", `\bcurl\b`, guard.InfoLeak, "talks to the network"),
		guard.MustPattern("prod", `\bprod\b`, guard.Medium, "names production"),
	))
	// Warnings come in registry order.
	w, ok := d.CheckFirst("ssh prod curl http://x")
	fmt.Println(ok, w)
	// Output:
	// true [info_leak] curl: talks to the network
}

func ExampleWarning_Message() {
	w := guard.Warning{
		Pattern: guard.Pattern{Name: "dd", Description: "can overwrite disk devices"},
		Level:   guard.High,
	}
	fmt.Println(w.Message())
	// Output: [high] dd: can overwrite disk devices
}

func ExampleService() {
	ask := func(w guard.Warning) bool {
		fmt.Println("asked about:", w.Message())
		return false // a person said no
	}
	s, err := guard.NewService(guard.High, []guard.Pattern{
		guard.MustPattern("deploy_prod", `deploy\s+--prod`, guard.High, "deploys to production"),
		guard.MustPattern("restart_app", `restart-app`, guard.Medium, "restarts the app"),
	}, ask)
	if err != nil {
		panic(err)
	}
	ok, w := s.CheckCommand("deploy --prod")
	fmt.Println(ok, w)
	ok, _ = s.CheckCommand("restart-app")
	fmt.Println(ok)
	ok, w = s.CheckCommand("ls -la")
	fmt.Println(ok, w == nil, s.IsSafe("ls -la"))
	// Output:
	// false [high] deploy_prod: deploys to production
	// asked about: [medium] restart_app: restarts the app
	// false
	// true true true
}
