package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"guardsh/approvals"
	"guardsh/guard"
	"guardsh/prompt"
)

func ruleAt(rule string, l guard.Level, dir string, below bool) approvals.Approval {
	return approvals.Approval{Kind: approvals.Rule, Rule: rule, Level: l, Dir: dir, Below: below, Added: time.Now()}
}

func commandAt(cmd, dir string, fs ...approvals.Finding) approvals.Approval {
	return approvals.Approval{Kind: approvals.Command, Command: cmd, Dir: dir, Findings: fs, Added: time.Now()}
}

// storeApprovals writes the sandbox's approvals file.
func (s *sandbox) storeApprovals(as ...approvals.Approval) string {
	s.t.Helper()
	path := filepath.Join(s.dir, ".xdg_state_home", "guardsh", "approvals.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		s.t.Fatal(err)
	}
	if err := os.WriteFile(path, approvals.Store{Approvals: as}.Encode(), 0o600); err != nil {
		s.t.Fatal(err)
	}
	return path
}

func (s *sandbox) audit() string {
	b, _ := os.ReadFile(filepath.Join(s.dir, ".xdg_state_home", "guardsh", "audit.jsonl"))
	return string(b)
}

// guardsh -c with no terminal: a stored approval is the person's yes, for
// exactly the findings it was given for.
func TestLastingApprovalWithoutTerminal(t *testing.T) {
	rmrf := approvals.Finding{Rule: "rm_rf", Level: guard.High}
	tests := []struct {
		name   string
		store  func(dir string) []approvals.Approval
		policy string
		line   string
		sub    string // the working directory under the sandbox
		runs   bool
		how    string
	}{
		{"a rule here", func(d string) []approvals.Approval { return []approvals.Approval{ruleAt("rm_rf", guard.High, d, true)} },
			"", "rm -rf ./build", "", true, "lasting approval 1 (rule rm_rf (high) in DIR and below)"},
		{"a rule below", func(d string) []approvals.Approval { return []approvals.Approval{ruleAt("rm_rf", guard.High, d, true)} },
			"", "rm -rf ./build", "sub", true, "lasting approval 1"},
		{"a rule not below", func(d string) []approvals.Approval {
			return []approvals.Approval{ruleAt("rm_rf", guard.High, d, false)}
		},
			"", "rm -rf ./build", "sub", false, ""},
		{"the exact command", func(d string) []approvals.Approval { return []approvals.Approval{commandAt("rm -rf ./build", d, rmrf)} },
			"", "rm -rf ./build", "", true, `lasting approval 1 (command \"rm -rf ./build\" in DIR)`},
		{"another command", func(d string) []approvals.Approval { return []approvals.Approval{commandAt("rm -rf ./build", d, rmrf)} },
			"", "rm -rf ./dist", "", false, ""},
		{"another finding as well", func(d string) []approvals.Approval { return []approvals.Approval{ruleAt("rm_rf", guard.High, d, true)} },
			"", "rm -rf ./build; chmod 777 x", "", false, ""},
		{"the rule at another level", func(d string) []approvals.Approval {
			return []approvals.Approval{ruleAt("rm_rf", guard.Medium, d, true)}
		},
			"", "rm -rf ./build", "", false, ""},
		{"blocked never, even stored by hand", func(d string) []approvals.Approval {
			return []approvals.Approval{ruleAt("rm_rf_root", guard.Blocked, "/", true), ruleAt("rm_rf", guard.High, "/", true)}
		}, "", "rm -rf /", "", false, ""},
		{"the policy forbids them", func(d string) []approvals.Approval { return []approvals.Approval{ruleAt("rm_rf", guard.High, d, true)} },
			"allow_lasting_answers = false\n", "rm -rf ./build", "", false, ""},
		{"a locked policy forbids them", func(d string) []approvals.Approval { return []approvals.Approval{ruleAt("rm_rf", guard.High, d, true)} },
			"lock = true\n", "rm -rf ./build", "", false, ""},
		{"a rule the policy sets", func(d string) []approvals.Approval { return []approvals.Approval{ruleAt("rm_rf", guard.High, d, true)} },
			"[levels]\nrm_rf = \"high\"\n", "rm -rf ./build", "", false, ""},
		{"a policy that allows them", func(d string) []approvals.Approval { return []approvals.Approval{ruleAt("rm_rf", guard.High, d, true)} },
			"allow_lasting_answers = true\n", "rm -rf ./build", "", true, "lasting approval 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSandbox(t, "rm", "chmod")
			s.storeApprovals(tt.store(s.dir)...)
			if tt.policy != "" {
				p := filepath.Join(s.dir, "policy.toml")
				os.WriteFile(p, []byte(tt.policy), 0o644)
				s.env = append(s.env, "GUARDSH_TEST_POLICY="+p)
			}
			cmd := s.command("-c", tt.line)
			if tt.sub != "" {
				cmd.Dir = filepath.Join(s.dir, tt.sub)
				os.Mkdir(cmd.Dir, 0o755)
			}
			var errb bytes.Buffer
			cmd.Stderr = &errb
			cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} // no terminal
			status := exitStatus(cmd.Run())
			ran := s.calls() != ""
			if ran != tt.runs || (status == 0) != tt.runs {
				t.Fatalf("status %d, ran %q, stderr %q; want runs=%v", status, s.calls(), errb.String(), tt.runs)
			}
			if !tt.runs && !strings.Contains(errb.String(), "guardsh: refused (") {
				t.Errorf("no refusal: %q", errb.String())
			}
			if tt.how != "" {
				want := `"how":"` + strings.ReplaceAll(tt.how, "DIR", s.dir)
				if !strings.Contains(s.audit(), want) {
					t.Errorf("audit log %q does not say %s", s.audit(), want)
				}
			}
		})
	}
}

// The agent hooks: a stored approval turns an ask or a deny into an
// allow, the reason naming it; never for a blocked command.
func TestHookLastingApproval(t *testing.T) {
	for _, tt := range []struct {
		agent, command, want, not string
	}{
		{"claude-code", "git push --force origin main", `"permissionDecision":"allow"`, ""},
		{"codex", "git push --force origin main", `allow`, `"deny"`},
		{"claude-code", "git push --force origin main; sudo ls", `"permissionDecision":"ask"`, "lasting approval"},
		{"claude-code", "rm -rf /", `"permissionDecision":"deny"`, "lasting approval"},
	} {
		t.Run(tt.agent+"/"+tt.command, func(t *testing.T) {
			s := newSandbox(t)
			proj := filepath.Join(s.dir, "proj")
			s.storeApprovals(ruleAt("git_push_force", guard.Medium, proj, true), ruleAt("rm_rf_root", guard.Blocked, "/", true))
			ev, _ := json.Marshal(map[string]any{"session_id": "s", "cwd": proj, "hook_event_name": "PreToolUse",
				"tool_name": "Bash", "tool_input": map[string]any{"command": tt.command}})
			cmd := s.command("--hook", tt.agent)
			cmd.Stdin = bytes.NewReader(ev)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			if !strings.Contains(string(out), tt.want) || tt.not != "" && strings.Contains(string(out), tt.not) {
				t.Errorf("got %s; want %s, not %q", out, tt.want, tt.not)
			}
			if strings.Contains(tt.want, "allow") {
				if !strings.Contains(string(out), "lasting approval 1 (rule git_push_force (medium) in "+proj+" and below)") {
					t.Errorf("the reason does not name the approval: %s", out)
				}
				if !strings.Contains(s.audit(), `"how":"hook: lasting approval 1`) {
					t.Errorf("audit log: %s", s.audit())
				}
			}
		})
	}
}

// The answers that last at a question on the terminal: a keeps the exact
// command, r the rule; what was kept then answers without a terminal, and
// only for what it was given for.
func TestLastingAnswerAtTerminal(t *testing.T) {
	for _, tt := range []struct {
		key, kept, other string
	}{
		{"a", `"kind": "command"`, "rm -rf ./dist"},
		{"r", `"kind": "rule"`, "rm -rf ./dist; chmod 777 x"},
	} {
		t.Run(tt.key, func(t *testing.T) {
			s := newSandbox(t, "rm", "chmod")
			status, _, stderr, screen := s.ttySession([]string{tt.key}, "-c", "rm -rf ./build")
			if status != 0 || s.calls() != "rm -rf ./build\n" {
				t.Fatalf("status %d calls %q stderr %q screen %q", status, s.calls(), stderr, screen)
			}
			for _, want := range []string{"a: always allow this command in ~", "r: allow rm_rf (high) in ~", "guardsh: allowed from now on: "} {
				if !strings.Contains(screen, want) {
					t.Errorf("screen %q lacks %q", screen, want)
				}
			}
			b, err := os.ReadFile(filepath.Join(s.dir, ".xdg_state_home", "guardsh", "approvals.json"))
			if err != nil || !strings.Contains(string(b), tt.kept) {
				t.Fatalf("approvals.json %s %v, want %s", b, err, tt.kept)
			}
			if fi, err := os.Stat(filepath.Join(s.dir, ".xdg_state_home", "guardsh", "approvals.json")); err != nil || fi.Mode().Perm() != 0o600 {
				t.Errorf("approvals.json mode %v %v, want 0600", fi.Mode(), err)
			}
			// No terminal now: the kept answer is the person's yes.
			os.Remove(filepath.Join(s.dir, "calls.log"))
			cmd := s.command("-c", "rm -rf ./build")
			cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
			if out, err := cmd.CombinedOutput(); err != nil || s.calls() != "rm -rf ./build\n" {
				t.Fatalf("%v %s, calls %q", err, out, s.calls())
			}
			os.Remove(filepath.Join(s.dir, "calls.log"))
			cmd = s.command("-c", tt.other)
			cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
			if out, err := cmd.CombinedOutput(); exitStatus(err) != 126 || s.calls() != "" {
				t.Errorf("%q: %v %s, calls %q; want refused", tt.other, err, out, s.calls())
			}
		})
	}
}

// A blocked line is never offered a lasting answer.
func TestNoLastingAnswerForBlocked(t *testing.T) {
	s := newSandbox(t, "rm")
	_, _, _, screen := s.ttySession([]string{"blocked:n"}, "-c", "rm -rf /")
	if strings.Contains(screen, "always allow") || strings.Contains(screen, "/a") {
		t.Errorf("a lasting answer offered for a blocked line: %q", screen)
	}
	if _, err := os.Stat(filepath.Join(s.dir, ".xdg_state_home", "guardsh", "approvals.json")); err == nil {
		t.Error("approvals.json written")
	}
}

func TestLastingStoreFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state", "approvals.json")
	l := &lastingStore{path: path, allowed: true, home: "/home/u", now: time.Now}
	v := guard.Verdict{Command: "rm -rf ./build", Level: guard.High, Findings: []guard.Finding{{Rule: "rm_rf", Level: guard.High}}}

	if msg, err := l.remember(prompt.AllowRule, v, "/src/app"); err != nil || !strings.Contains(msg, "rule rm_rf (high) in /src/app and below") {
		t.Fatalf("remember: %q %v", msg, err)
	}
	if _, err := l.remember(prompt.Always, v, "/home/u"); err != nil {
		t.Fatal(err)
	}
	// In the home directory a rule holds there only.
	if _, err := l.remember(prompt.AllowRule, v, "/home/u"); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	l.list(&out)
	for _, want := range []string{"  1  rule rm_rf (high) in /src/app and below", `  2  command "rm -rf ./build" in /home/u`, "  3  rule rm_rf (high) in /home/u  ("} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("list %q lacks %q", out.String(), want)
		}
	}
	if how, ok := l.match(v, "/src/app/web"); !ok || !strings.HasPrefix(how, "lasting approval 1 (") {
		t.Errorf("match below: %q %v", how, ok)
	}
	if _, ok := l.match(v, "/home/u/x"); ok {
		t.Error("a rule given in the home directory holds below it")
	}
	if a, err := l.forget(1); err != nil || a.Dir != "/src/app" {
		t.Errorf("forget 1: %+v %v", a, err)
	}
	if _, ok := l.match(v, "/src/app"); ok {
		t.Error("a forgotten approval still matches")
	}
	if _, err := l.forget(9); err == nil {
		t.Error("forget 9 succeeded")
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v %v", fi.Mode(), err)
	}

	// Blocked, or forbidden: never remembered, never matched.
	blocked := guard.Verdict{Command: "rm -rf /", Level: guard.Blocked, Blocked: true, Findings: []guard.Finding{{Rule: "rm_rf_root", Level: guard.Blocked}}}
	if _, err := l.remember(prompt.Always, blocked, "/"); err == nil {
		t.Error("a blocked line was remembered")
	}
	if o := l.offer(blocked, "/"); o != (prompt.Offer{}) {
		t.Errorf("offer for a blocked line: %+v", o)
	}
	forbidden := *l
	forbidden.allowed = false
	if _, ok := forbidden.match(v, "/home/u"); ok {
		t.Error("matched where the policy forbids answers that last")
	}
	if o := forbidden.offer(v, "/home/u"); o != (prompt.Offer{}) {
		t.Errorf("offer where forbidden: %+v", o)
	}
	policyRule := *l
	policyRule.policyRules = map[string]bool{"rm_rf": true}
	if _, ok := policyRule.match(v, "/home/u"); ok {
		t.Error("matched a rule the policy sets")
	}

	// A damaged file is not overwritten, and approves nothing.
	os.WriteFile(path, []byte("{not json"), 0o600)
	if _, err := l.remember(prompt.Always, v, "/x"); err == nil {
		t.Error("remember overwrote a damaged file")
	}
	if b, _ := os.ReadFile(path); string(b) != "{not json" {
		t.Errorf("damaged file changed: %q", b)
	}
	if _, ok := l.match(v, "/home/u"); ok {
		t.Error("a damaged file approved")
	}
	// Not a regular file: refused, approves nothing.
	os.Remove(path)
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, ok := l.match(v, "/home/u"); ok {
		t.Error("a FIFO approved")
	}
}
