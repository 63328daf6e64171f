package hook_test

import (
	"fmt"

	"guardsh/guard"
	"guardsh/hook"
)

func ExampleHandle() {
	g, _ := guard.New()
	classify := func(line, dir string) guard.Verdict { return g.Classify(line, guard.State{Dir: dir}) }
	event := `{"session_id":"s","transcript_path":"/t","cwd":"/home/u/proj","permission_mode":"default",` +
		`"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status"},"tool_use_id":"t1"}`
	res := hook.Handle("claude-code", []byte(event), classify, hook.Options{Guardsh: "/usr/local/bin/guardsh"})
	fmt.Print(string(res.Output))
	event = `{"session_id":"s","transcript_path":"/t","cwd":"/home/u/proj","permission_mode":"default",` +
		`"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push --force origin main"},"tool_use_id":"t2"}`
	res = hook.Handle("codex", []byte(event), classify, hook.Options{Guardsh: "/usr/local/bin/guardsh"})
	fmt.Print(string(res.Output))
	// Output:
	// {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"guardsh: safe. It runs under guardsh, which checks each command again as it runs","updatedInput":{"command":"/usr/local/bin/guardsh --approved safe -c 'git status'"}}}
	// {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"guardsh refused this command: medium (rule git_push_force): `git push --force origin main`: git push --force can overwrite remote history (origin main). Safer: push with --force-with-lease, which refuses to overwrite work you have not seen. Codex cannot ask a person from a hook, so medium commands are refused here: ask the user to run it themselves, or to allow medium commands with `guardsh --install-hook codex --hook-allow medium`. Do not retry another spelling of this command: guardsh classifies what a command does, not how it is written."}}
}

func ExampleOpenCodePlugin() {
	plugin := hook.OpenCodePlugin([]string{"/usr/local/bin/guardsh", "--hook", "opencode", "--hook-allow", "medium"})
	argv, ok := hook.OpenCodePluginArgv(plugin)
	fmt.Println(argv, ok)
	_, ok = hook.OpenCodePluginArgv([]byte("export const Mine = async () => ({})\n"))
	fmt.Println(ok)
	// Output:
	// [/usr/local/bin/guardsh --hook opencode --hook-allow medium] true
	// false
}
