package shell

import (
	"encoding/json"
	"io"
	"sync"

	"guardsh/guard"
)

// The control channel between the front end and the executor carries one
// JSON object per line each way: requests from the front end on the
// executor's descriptor 3, replies and questions from the executor on its
// descriptor 4 (the executor moves both out of the way at once, see
// moveControl). The terminal (the pty) carries only the lines' own input
// and output.
//
// The front end trusts the executor for no decision: it classifies every
// line itself, with the state the executor reports, and shows only its
// own verdicts. Each reply must answer what the front end asked (see
// replyCheck); any other message, or one that is not well-formed, stops
// the executor.

// Requests (front end → executor).
const (
	opRun    = "run"    // run Line, approved at Level
	opAnswer = "answer" // the answer to the executor's question ID
	opDrain  = "drain"  // hand back what was typed on the pty and not read
	opIntr   = "intr"   // Ctrl-C is about to reach the pty
)

// Replies (executor → front end).
const (
	opReady   = "ready"   // the executor is up: Pid, Dir, Vars, Params
	opDone    = "done"    // line ID ran: Status, Exited, Dir, Vars, Params
	opAsk     = "ask"     // a run-time question of the running line: Verdict, Line
	opInput   = "input"   // drain ID: Line is the unread input
	opIntrAck = "intrack" // the line is marked interrupted
)

// request is a message from the front end to the executor.
type request struct {
	Op    string      `json:"op"`
	ID    uint64      `json:"id"`
	Line  string      `json:"line,omitempty"`
	Level guard.Level `json:"level"`
	// Auto reports a line auto mode runs (opRun).
	Auto bool `json:"auto,omitempty"`
	// Answer is the Decision to a question.
	Answer Decision `json:"answer,omitempty"`
	// Status is the status $? holds when the line starts (opRun): the
	// last line's, or 126 when the front end refused or a person
	// declined the lines since.
	Status int `json:"status,omitempty"`
}

// reply is a message from the executor to the front end.
type reply struct {
	Op      string            `json:"op"`
	ID      uint64            `json:"id"`
	Pid     int               `json:"pid,omitempty"`
	Status  int               `json:"status"`
	Exited  bool              `json:"exited,omitempty"`
	Dir     string            `json:"dir,omitempty"`
	Vars    map[string]string `json:"vars,omitempty"`
	Params  []string          `json:"params,omitempty"`
	Verdict *wireVerdict      `json:"verdict,omitempty"`
	Line    string            `json:"line,omitempty"`
	RunTime bool              `json:"runtime,omitempty"`
}

// wireVerdict is a guard.Verdict with the fields its JSON form leaves out.
type wireVerdict struct {
	guard.Verdict
	Blocked    bool `json:"blocked"`
	Incomplete bool `json:"incomplete"`
}

func toWire(v guard.Verdict) *wireVerdict {
	return &wireVerdict{Verdict: v, Blocked: v.Blocked, Incomplete: v.Incomplete}
}

func (w *wireVerdict) verdict() guard.Verdict {
	if w == nil {
		return guard.Verdict{}
	}
	v := w.Verdict
	v.Blocked, v.Incomplete = w.Blocked, w.Incomplete
	return v
}

// encoder writes JSON lines, one writer at a time.
type encoder struct {
	mu  sync.Mutex
	enc *json.Encoder
}

func newEncoder(w io.Writer) *encoder { return &encoder{enc: json.NewEncoder(w)} }

func (e *encoder) send(v any) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.enc.Encode(v)
}
