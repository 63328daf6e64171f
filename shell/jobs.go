package shell

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// The shell's background jobs (`cmd &` in a line, not in a subshell).
// The interpreter runs each in a goroutine of its own and tells nobody
// when it ends, so each background statement is rewritten before it runs:
//
//	M start SITE 2>&-                 (the job starts: in the shell itself)
//	{ cmd; M end SITE $? 2>&-; } < JOBFILE(SITE) < /dev/null REDIRS... &
//
// M is a command name no line can type (a NUL byte and a token drawn at
// start), taken by the call handler before anything else; its own
// standard error is closed so that `set -x` does not show it. JOBFILE is a
// path under /dev/null with the token in it, which the open handler takes: it opens /dev/null, and its closing, when
// the statement is done however it ended (set -e too), ends the job. The
// end call, when it runs, gives the job's status, and exits with it.

// jobTable is a Runner's background jobs.
type jobTable struct {
	mu      sync.Mutex
	token   string
	texts   []string // the text of each site, by number
	jobs    []*job   // running, and ended but not yet reported
	changed chan struct{}
}

type job struct {
	n, site int
	text    string
	opened  bool
	ended   bool
	status  int
}

func (t *jobTable) init() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.token == "" {
		b := make([]byte, 12)
		rand.Read(b)
		t.token = hex.EncodeToString(b)
		t.changed = make(chan struct{})
	}
}

// jobPathPrefix starts a job's file: under /dev/null, where no file can
// be (an expanded word holds no NUL byte).
const jobPathPrefix = "/dev/null/guardsh-job-"

func (t *jobTable) marker() string { return "\x00guardsh-job-" + t.token }
func (t *jobTable) jobPath(site int) string {
	return jobPathPrefix + t.token + "-" + strconv.Itoa(site)
}

// notify wakes whoever waits for a change; t.mu is held.
func (t *jobTable) notify() {
	close(t.changed)
	t.changed = make(chan struct{})
}

// rewrite rewrites the background statements of f's lists (see above).
func (t *jobTable) rewrite(f *syntax.File) {
	t.init()
	f.Stmts = t.rewriteList(f.Stmts)
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Subshell, *syntax.CmdSubst, *syntax.ProcSubst:
			return false // their jobs are not the shell's
		case *syntax.BinaryCmd:
			return n.Op != syntax.Pipe && n.Op != syntax.PipeAll
		case *syntax.Block:
			n.Stmts = t.rewriteList(n.Stmts)
		case *syntax.IfClause:
			n.Cond, n.Then = t.rewriteList(n.Cond), t.rewriteList(n.Then)
		case *syntax.WhileClause:
			n.Cond, n.Do = t.rewriteList(n.Cond), t.rewriteList(n.Do)
		case *syntax.ForClause:
			n.Do = t.rewriteList(n.Do)
		case *syntax.CaseItem:
			n.Stmts = t.rewriteList(n.Stmts)
		}
		return true
	})
}

func lit(s string) *syntax.Word { return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: s}}} }

// closeStderr is 2>&-.
func closeStderr() []*syntax.Redirect {
	return []*syntax.Redirect{{Op: syntax.DplOut, N: &syntax.Lit{Value: "2"}, Word: lit("-")}}
}

func (t *jobTable) rewriteList(stmts []*syntax.Stmt) []*syntax.Stmt {
	var out []*syntax.Stmt
	for _, st := range stmts {
		if !st.Background || st.Cmd == nil {
			out = append(out, st)
			continue
		}
		var b strings.Builder
		plain := *st
		plain.Background = false
		syntax.NewPrinter(syntax.SingleLine(true)).Print(&b, &plain)
		t.mu.Lock()
		site := len(t.texts)
		t.texts = append(t.texts, b.String())
		t.mu.Unlock()
		s := strconv.Itoa(site)
		start := &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{lit(t.marker()), lit("start"), lit(s)}}, Redirs: closeStderr()}
		status := &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: "?"}}}}
		end := &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{lit(t.marker()), lit("end"), lit(s), status}}, Redirs: closeStderr()}
		inner := &syntax.Stmt{Cmd: st.Cmd, Negated: st.Negated, Position: st.Position}
		st.Cmd = &syntax.Block{Stmts: []*syntax.Stmt{inner, end}}
		st.Negated = false
		// The job's file, then /dev/null as its input again (the job
		// file is not a plain file), then the statement's own.
		st.Redirs = append([]*syntax.Redirect{{Op: syntax.RdrIn, Word: lit(t.jobPath(site))}, {Op: syntax.RdrIn, Word: lit(os.DevNull)}}, st.Redirs...)
		out = append(out, start, st)
	}
	return out
}

// call takes a marker call: ok reports one, args is what runs instead.
func (t *jobTable) call(args []string) (run []string, ok bool) {
	if t.token == "" || len(args) < 3 || args[0] != t.marker() {
		return nil, false
	}
	site, err := strconv.Atoi(args[2])
	if err != nil {
		return []string{":"}, true
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	switch args[1] {
	case "start":
		n := 1
		for _, j := range t.jobs {
			n = max(n, j.n+1)
		}
		text := ""
		if site < len(t.texts) {
			text = t.texts[site]
		}
		t.jobs = append(t.jobs, &job{n: n, site: site, text: text})
		t.notify()
		return []string{":"}, true
	case "end":
		status := 0
		if len(args) > 3 {
			status, _ = strconv.Atoi(args[3])
		}
		if j := t.find(site, true); j != nil {
			j.status = status
		}
		return []string{"exit", strconv.Itoa(status)}, true
	}
	return []string{":"}, true
}

// find returns the oldest job of site not ended: opened (its goroutine
// runs) or not.
func (t *jobTable) find(site int, opened bool) *job {
	for _, j := range t.jobs {
		if j.site == site && !j.ended && j.opened == opened {
			return j
		}
	}
	return nil
}

// open takes the open of a job's file: ok reports one.
func (t *jobTable) open(path string) (io.ReadWriteCloser, bool, error) {
	if t.token == "" || !strings.HasPrefix(path, jobPathPrefix+t.token+"-") {
		return nil, false, nil
	}
	site, _ := strconv.Atoi(path[strings.LastIndexByte(path, '-')+1:])
	f, err := os.Open(os.DevNull)
	if err != nil {
		return nil, true, err
	}
	t.mu.Lock()
	j := t.find(site, false)
	if j != nil {
		j.opened = true
	}
	t.mu.Unlock()
	return &jobFile{File: f, t: t, j: j}, true, nil
}

// jobFile is a job's file: closing it ends the job.
type jobFile struct {
	*os.File
	t    *jobTable
	j    *job
	once sync.Once
}

func (f *jobFile) Close() error {
	f.once.Do(func() {
		f.t.mu.Lock()
		if f.j != nil {
			f.j.ended = true
		}
		f.t.notify()
		f.t.mu.Unlock()
	})
	return f.File.Close()
}

// notices returns bash's lines for the jobs that ended since the last
// call ("[1]+  Done                    sleep 1") and forgets those jobs.
func (t *jobTable) notices() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []string
	keep := t.jobs[:0]
	for i, j := range t.jobs {
		if !j.ended {
			keep = append(keep, j)
			continue
		}
		mark := " "
		switch i {
		case len(t.jobs) - 1:
			mark = "+"
		case len(t.jobs) - 2:
			mark = "-"
		}
		state := "Done"
		if j.status != 0 {
			state = fmt.Sprintf("Exit %d", j.status)
		}
		out = append(out, fmt.Sprintf("[%d]%s  %-24s%s", j.n, mark, state, j.text))
	}
	clear(t.jobs[len(keep):])
	t.jobs = keep
	return out
}

// running returns how many jobs have not ended, and a channel closed at
// the next change.
func (t *jobTable) running() (int, <-chan struct{}) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for _, j := range t.jobs {
		if !j.ended {
			n++
		}
	}
	return n, t.changed
}

// awaitJobs waits, at the end of the input a non-interactive shell runs,
// for its background jobs to end or to be running a program: bash waits
// for none, but its jobs are processes that outlive it, and these are
// goroutines that end with guardsh. So `echo out & pwd` prints out, and a
// job's program (`sleep 100 &`) goes on after guardsh, as in bash; what a
// job would do after that program is lost.
func (r *Runner) awaitJobs() {
	if r.interactive {
		return
	}
	for {
		n, changed := r.jobs.running()
		if n == 0 || r.procs.len() >= n {
			return
		}
		select {
		case <-changed:
		case <-time.After(10 * time.Millisecond): // a program started
		}
	}
}

// JobNotices returns bash's lines for the background jobs that ended
// since the last call, ("[1]+  Done                    sleep 1"), for an
// interactive shell to print before its next prompt.
func (r *Runner) JobNotices() []string { return r.jobs.notices() }
