package shell

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"
)

// sentinelPrefix starts the mark the executor writes on the pty after each
// line's output: sentinelPrefix, the line's id, BEL. It is an OSC sequence,
// which a terminal ignores should it ever get through. The front end's
// output pump takes it out of the stream and so knows that everything the
// line wrote before it is on the screen.
const sentinelPrefix = "\x1b]7777;guardsh-done;"

// maxSentinel bounds a sentinel's length: a longer run after the prefix is
// not one.
const maxSentinel = len(sentinelPrefix) + 24

// errPumpStopped is the pump's end when it was stopped.
var errPumpStopped = errors.New("output pump stopped")

// outputPump copies the pty's output to the screen, takes the executor's
// sentinels out and reports them.
type outputPump struct {
	src io.Reader
	fd  int // src's descriptor, -1 if none

	mu  sync.Mutex // held while writing to dst; pause holds it
	dst io.Writer
	// col follows where the output leaves the cursor; endLines ends each
	// write that leaves text on the cursor's line (see colTracker), for
	// the writer of a line editor that redraws its prompt after it.
	col      colTracker
	endLines bool
	width    func() int // the terminal's width, nil for 80
	// nread counts the bytes read, for knowing whether output still
	// comes.
	nread atomic.Uint64

	marks chan uint64   // ids of the sentinels seen
	done  chan struct{} // closed when src ends, or the pump is stopped
	err   error
	// wakeR and wakeW are a pipe that stop writes to: the pump polls it
	// with src, so that it stops reading although src never ends (a
	// program that ignores SIGHUP holds the pty open after the executor
	// died). -1 when src has no descriptor.
	wakeMu       sync.Mutex // guards the wake pipe's closing
	wakeR, wakeW int
	// q holds streaming output for the screen (see screenQueue).
	q screenQueue
}

// unpolled returns a descriptor for f's open file that Go's network poller
// does not watch, and closes f. The poller registers every terminal it
// opens (edge-triggered), so that each piece of output arriving on a pty
// master it watches wakes an idle runtime thread, for nobody: streamed
// output then costs the front end a thread wake-up per chunk on top of the
// pump's own reads. The returned file's reads and writes are plain
// blocking system calls.
func unpolled(f *os.File) (*os.File, error) {
	// Close-on-exec from the start: no program started meanwhile gets it.
	fd, err := unix.FcntlInt(f.Fd(), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("dup %s: %w", f.Name(), err)
	}
	name := f.Name()
	f.Close() // takes it out of the poller; fd keeps the file open
	return os.NewFile(uintptr(fd), name), nil
}

func newOutputPump(src io.Reader, dst io.Writer) *outputPump {
	o := &outputPump{src: src, dst: dst, fd: -1, marks: make(chan uint64, 16), done: make(chan struct{}), wakeR: -1, wakeW: -1}
	o.q.init()
	if f, ok := src.(interface{ Fd() uintptr }); ok {
		// Fd puts the file in blocking mode: its reads block a thread
		// of their own, which is faster here than the poller.
		o.fd = int(f.Fd())
		var p [2]int
		if err := unix.Pipe2(p[:], unix.O_NONBLOCK|unix.O_CLOEXEC); err == nil {
			o.wakeR, o.wakeW = p[0], p[1]
		}
	}
	return o
}

// stop makes the pump stop reading, at once or as soon as its current
// write to the screen is done, even if src never ends; done is closed
// then. A pump without a descriptor to poll stops when src ends.
func (o *outputPump) stop() {
	o.dropQueued()
	o.wakeMu.Lock()
	defer o.wakeMu.Unlock()
	if o.wakeW >= 0 {
		unix.Write(o.wakeW, []byte{1})
	}
}

// closeWake closes the wake pipe, once the pump no longer reads.
func (o *outputPump) closeWake() {
	o.wakeMu.Lock()
	defer o.wakeMu.Unlock()
	if o.wakeR >= 0 {
		unix.Close(o.wakeR)
		unix.Close(o.wakeW)
		o.wakeR, o.wakeW = -1, -1
	}
}

// waitReadable waits until src can be read; false means the pump was
// stopped.
func (o *outputPump) waitReadable() bool {
	if o.fd < 0 || o.wakeR < 0 {
		return true
	}
	fds := []unix.PollFd{{Fd: int32(o.fd), Events: unix.POLLIN}, {Fd: int32(o.wakeR), Events: unix.POLLIN}}
	// Output queued for a writer not yet woken waits for more only so
	// long (see wakeWriter).
	for d := o.heldFor(); d >= 0; d = o.heldFor() {
		ts := unix.NsecToTimespec(d.Nanoseconds())
		if n, err := unix.Ppoll(fds, &ts, nil); n != 0 || err != nil && err != unix.EINTR {
			return fds[1].Revents == 0
		}
	}
	pollSliced(fds)
	// Readable, hung up or in error (of the poll, too): the read says
	// which.
	return fds[1].Revents == 0
}

// setDst changes where output goes; endLines says whether each write
// that leaves text on the cursor's line is ended there (the line editor
// is drawing its prompt).
func (o *outputPump) setDst(w io.Writer, endLines bool) {
	o.mu.Lock()
	o.dst, o.endLines = w, endLines
	o.mu.Unlock()
}

// lineStart tells the pump that the cursor is at the start of an empty
// line (the editor wrote the newline of an entered line).
func (o *outputPump) lineStart() {
	o.mu.Lock()
	o.col.col = colStart
	o.mu.Unlock()
}

// endLine ends the cursor's line when output left text on it, before the
// editor draws a prompt there: nothing a program wrote is erased.
func (o *outputPump) endLine() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if e := o.col.ending(o.termWidth()); e != "" {
		o.dst.Write([]byte(e))
		o.col.col = colStart
	}
}

func (o *outputPump) termWidth() int {
	if o.width == nil {
		return 80
	}
	return o.width()
}

// pause stops output from reaching the screen until the returned function
// is called (while a question is on the screen). The question's text
// ends with a newline.
func (o *outputPump) pause() (resume func()) {
	o.mu.Lock()
	o.col.col = colStart
	var once sync.Once
	return func() { once.Do(o.mu.Unlock) }
}

func (o *outputPump) write(p []byte) {
	if len(p) == 0 {
		return
	}
	o.mu.Lock()
	o.col.track(p)
	if o.endLines {
		if e := o.col.ending(o.termWidth()); e != "" {
			// One write: the editor redraws its prompt after it.
			p = append(append([]byte{}, p...), e...)
			o.col.col = colStart
		}
	}
	o.dst.Write(p)
	o.mu.Unlock()
}

// run copies until src ends; it closes done then.
func (o *outputPump) run() {
	defer close(o.done)
	defer o.closeWake()
	stopped := false
	defer func() { o.closeQueue(stopped) }()
	buf := make([]byte, 64*1024)
	keep := 0 // bytes at the start of buf held back: maybe a sentinel
	lastSched := time.Now()
	var pacer readPacer
	for {
		if d := pacer.wait(time.Now()); d > 0 {
			o.paceWait(&pacer, d)
		}
		if !o.waitReadable() {
			if keep > 0 {
				o.emit(buf[:keep])
			}
			o.err, stopped = errPumpStopped, true
			return
		}
		// Streaming output is read at the pace of the program (see
		// readPacer), about half of what the pty holds a read: a full
		// pty keeps the kernel's worker waking for every line the
		// program writes, on the program's own CPU.
		n, err := o.src.Read(buf[keep:])
		o.nread.Add(uint64(max(n, 0)))
		n, last, err := o.more(buf, keep, n, n, err)
		pacer.read(n, last >= ptyFull, time.Now())
		if n > 0 {
			total := keep + n
			keep = o.scan(buf[:total])
			copy(buf, buf[total-keep:total])
		}
		// Through the scheduler now and then: a goroutine that only goes
		// from one system call to the next never does, and the
		// runtime's monitor then takes it for one that has run too long
		// (10 ms on one scheduling tick). It took its P away in nearly
		// every call that blocked, and woke every 20 µs to do so (a
		// quarter of the pump's context switches), instead of sleeping
		// up to 10 ms. Not at every batch: Gosched wakes an idle P's
		// thread, two more context switches.
		if now := time.Now(); now.Sub(lastSched) > 2*time.Millisecond {
			runtime.Gosched()
			lastSched = now
		}
		if err != nil {
			if keep > 0 {
				o.emit(buf[:keep])
			}
			o.err = err
			return
		}
	}
}

// scan writes data out, sentinels taken out, and returns how many bytes at
// its end it held back because they may start a sentinel.
func (o *outputPump) scan(data []byte) (held int) {
	for {
		i := bytes.Index(data, []byte(sentinelPrefix))
		if i < 0 {
			break
		}
		rest := data[i+len(sentinelPrefix):]
		j := bytes.IndexByte(rest, '\a')
		if j < 0 {
			if len(data)-i < maxSentinel {
				o.emit(data[:i])
				return len(data) - i
			}
			// Too long to be one: not a sentinel.
			o.emit(data[:i+1])
			data = data[i+1:]
			continue
		}
		id, err := strconv.ParseUint(string(rest[:j]), 10, 64)
		if err != nil {
			o.emit(data[:i+1])
			data = data[i+1:]
			continue
		}
		o.emit(data[:i])
		o.emitMark(id)
		data = rest[j+1:]
	}
	// Hold back a tail that is the start of a sentinel.
	k := partialPrefix(data, sentinelPrefix)
	o.emit(data[:len(data)-k])
	return k
}

func (o *outputPump) mark(id uint64) {
	select {
	case o.marks <- id:
	default:
		// Nobody waits for old marks: drop the oldest.
		select {
		case <-o.marks:
		default:
		}
		o.marks <- id
	}
}

// partialPrefix returns the length of the longest tail of data that is a
// proper prefix of p.
func partialPrefix(data []byte, p string) int {
	start := len(data) - len(p) + 1
	if start < 0 {
		start = 0
	}
	for i := start; i < len(data); i++ {
		if data[i] == p[0] && bytes.HasPrefix([]byte(p), data[i:]) {
			return len(data) - i
		}
	}
	return 0
}
