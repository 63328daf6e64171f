package shell

import (
	"errors"
	"fmt"
	"path/filepath"
	"sync"
)

// replyCheck holds what the front end asked the executor and not yet had
// answered, and checks each message from the executor against it: a
// message answers a request, or it is refused. The executor is trusted
// for nothing it was not asked: a status only for the line it was asked
// to run, once; a question only while that line runs, one at a time; the
// unread input only for a drain asked for; no verdict at all (the front
// end classifies). A refused message stops the executor.
type replyCheck struct {
	mu     sync.Mutex
	pid    int             // the executor's process
	ready  bool            // its ready message came
	run    uint64          // the line it runs, 0 for none
	asking bool            // a question of that line waits for its answer
	drains map[uint64]bool // drains asked for and not answered
	intrs  int             // interrupts sent and not acknowledged
}

// errBadMessage wraps every refused message.
var errBadMessage = errors.New("a message it may not send")

func newReplyCheck(pid int) *replyCheck {
	return &replyCheck{pid: pid, drains: map[uint64]bool{}}
}

// sent records a request about to be sent.
func (c *replyCheck) sent(req request) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch req.Op {
	case opRun:
		c.run, c.asking = req.ID, false
	case opDrain:
		c.drains[req.ID] = true
	case opIntr:
		c.intrs++
	case opAnswer:
		c.asking = false
	}
}

// check checks a message from the executor; nil means it answers
// something the front end asked.
func (c *replyCheck) check(r reply) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", errBadMessage, fmt.Sprintf(format, args...))
	}
	if !c.ready && r.Op != opReady {
		return bad("%q before it was ready", r.Op)
	}
	if r.Dir != "" && !filepath.IsAbs(r.Dir) {
		return bad("a directory that is not absolute (%q)", r.Dir)
	}
	switch r.Op {
	case opReady:
		if c.ready {
			return bad("a second ready")
		}
		if r.Pid != c.pid {
			return bad("ready from process %d, not %d", r.Pid, c.pid)
		}
		c.ready = true
	case opDone:
		if c.run == 0 || r.ID != c.run {
			return bad("the status of line %d, which it was not running", r.ID)
		}
		if r.Status < 0 || r.Status > 255 {
			return bad("exit status %d", r.Status)
		}
		c.run, c.asking = 0, false
	case opAsk:
		switch {
		case c.run == 0:
			return bad("a question while no line runs")
		case c.asking:
			return bad("a question before the last one was answered")
		case r.Verdict == nil || r.Line == "":
			return bad("a question without its command")
		}
		c.asking = true
	case opInput:
		if !c.drains[r.ID] {
			return bad("input it was not asked for")
		}
		delete(c.drains, r.ID)
	case opIntrAck:
		if c.intrs == 0 {
			return bad("an interrupt that was not sent")
		}
		c.intrs--
	default:
		return bad("%q, which the front end never takes", r.Op)
	}
	return nil
}
