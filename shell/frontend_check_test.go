package shell

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Every message from the executor must answer what the front end asked.
func TestReplyCheck(t *testing.T) {
	const pid = 42
	ready := reply{Op: opReady, Pid: pid, Dir: "/home/u"}
	run := request{Op: opRun, ID: 1, Line: "echo hi"}
	ask := reply{Op: opAsk, ID: 1, Line: "rm x", Verdict: &wireVerdict{}}
	tests := []struct {
		name    string
		sent    []request
		replies []reply
		bad     string // "" for all taken
	}{
		{"ready, then a line's status", []request{run}, []reply{ready, {Op: opDone, ID: 1}}, ""},
		{"a question while the line runs", []request{run}, []reply{ready, ask, {Op: opDone, ID: 1}}, ""},
		{"two questions, answered between", []request{run, {Op: opAnswer, ID: 1}}, []reply{ready, ask}, ""},
		{"drain answered", []request{{Op: opDrain, ID: 2}}, []reply{ready, {Op: opInput, ID: 2}}, ""},
		{"interrupt acknowledged", []request{{Op: opIntr}}, []reply{ready, {Op: opIntrAck}}, ""},

		{"nothing before ready", []request{run}, []reply{{Op: opDone, ID: 1}}, "before it was ready"},
		{"ready twice", nil, []reply{ready, ready}, "a second ready"},
		{"ready from another process", nil, []reply{{Op: opReady, Pid: 7}}, "not 42"},
		{"a status without a run", nil, []reply{ready, {Op: opDone, ID: 1}}, "which it was not running"},
		{"a status for another line", []request{run}, []reply{ready, {Op: opDone, ID: 2}}, "which it was not running"},
		{"a status twice", []request{run}, []reply{ready, {Op: opDone, ID: 1}, {Op: opDone, ID: 1}}, "which it was not running"},
		{"an exit without a run", nil, []reply{ready, {Op: opDone, ID: 0, Exited: true}}, "which it was not running"},
		{"a status out of range", []request{run}, []reply{ready, {Op: opDone, ID: 1, Status: 300}}, "exit status 300"},
		{"a verdict", nil, []reply{ready, {Op: "verdict", ID: 1, Verdict: &wireVerdict{}}}, "never takes"},
		{"an unknown kind", nil, []reply{ready, {Op: "display"}}, "never takes"},
		{"a question without a line", nil, []reply{ready, ask}, "while no line runs"},
		{"a second question unanswered", []request{run}, []reply{ready, ask, ask}, "before the last one was answered"},
		{"a question without its command", []request{run}, []reply{ready, {Op: opAsk, ID: 1}}, "without its command"},
		{"input not asked for", nil, []reply{ready, {Op: opInput, ID: 3}}, "not asked for"},
		{"input twice", []request{{Op: opDrain, ID: 2}}, []reply{ready, {Op: opInput, ID: 2}, {Op: opInput, ID: 2}}, "not asked for"},
		{"an acknowledgment of nothing", nil, []reply{ready, {Op: opIntrAck}}, "not sent"},
		{"a relative directory", []request{run}, []reply{ready, {Op: opDone, ID: 1, Dir: "etc"}}, "not absolute"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := newReplyCheck(pid)
			for _, req := range tc.sent {
				c.sent(req)
			}
			var err error
			for _, r := range tc.replies {
				if err = c.check(r); err != nil {
					break
				}
			}
			switch {
			case tc.bad == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.bad != "" && err == nil:
				t.Fatalf("taken, want refused (%s)", tc.bad)
			case tc.bad != "" && (!errors.Is(err, errBadMessage) || !strings.Contains(err.Error(), tc.bad)):
				t.Fatalf("refused with %v, want %q", err, tc.bad)
			}
		})
	}
}

// A message the front end did not ask for, reaching the channel, stops
// the executor with a message, and a new one takes over: a forged exit
// does not end the session with the forger's status, a forged verdict is
// never shown.
func TestInteractiveForgedMessages(t *testing.T) {
	forge := func(msg string) string {
		return fmt.Sprintf(`sh -c 'printf "%%s\n" "$0" >&4' '%s'`, msg)
	}
	tests := []struct {
		name, msg, why string
	}{
		{"an exit with a status", `{"op":"done","id":1,"status":42,"exited":true}`, `an exit, and it did not exit|the status of line 1, which it was not running`},
		{"a verdict", `{"op":"verdict","id":1,"verdict":{"level":"safe","auto":true}}`, `"verdict", which the front end never takes`},
		{"another line's status", `{"op":"done","id":7,"status":0}`, `the status of line 7, which it was not running`},
		{"not a message", `{"op":`, `one that is not well-formed`},
		{"an unknown field", `{"op":"done","id":1,"display":"safe (auto)"}`, `one that is not well-formed \(json: unknown field "display"\)`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			home, env := itSandbox(t)
			s := startShell(t, home, env, "GUARDSH_IT_ASK=risky", "GUARDSH_IT_LEAKCTL=1")
			s.prompt("")
			s.line(forge(tc.msg))
			s.expect(`guardsh: the executor was stopped: it sent a message it may not send: (` + tc.why + `)`)
			s.prompt("1")
			s.line("echo alive")
			s.expectLine("alive")
			s.prompt("")
		})
	}
}

// One line holds exactly one message of the reply's fields.
func TestDecodeReply(t *testing.T) {
	tests := []struct {
		line string
		ok   bool
	}{
		{`{"op":"done","id":1,"status":0}`, true},
		{`{"op":"ready","id":0,"pid":5,"status":0,"vars":{"A":"b"},"params":["x"]}`, true},
		{`{"op":"done","id":1,"status":0} {"op":"done","id":2,"status":0}`, false},
		{`{"op":"done","id":1,"display":"safe (auto)"}`, false},
		{`{"op":"done","id":"1"}`, false},
		{`{"op":`, false},
		{`garbage`, false},
		{``, false},
	}
	for _, tc := range tests {
		_, err := decodeReply([]byte(tc.line))
		if (err == nil) != tc.ok {
			t.Errorf("%s: %v, want ok %v", tc.line, err, tc.ok)
		}
		if err != nil && !errors.Is(err, errBadMessage) {
			t.Errorf("%s: %v is not a bad message", tc.line, err)
		}
	}
}
