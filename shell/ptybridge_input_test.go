package shell

import (
	"os"
	"runtime"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// A read of the terminal whose turn is over returns, whatever another
// read does meanwhile: here the line editor's reader, slow to come back
// from its poll (heavy load), finishes it just after the running line's
// forwarder was told to stop and before the forwarder's poll began. When
// each read drained the wake-up pipe as its poll returned, the editor's
// reader took the forwarder's wake-up, the forwarder polled forever and
// the prompt never came back.
func TestTTYInputSlowReaderKeepsTheWakeUp(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	tt, err := newTTYInput(r)
	if err != nil {
		t.Fatal(err)
	}
	defer tt.close()

	var mu sync.Mutex
	at := map[string]chan struct{}{} // reached points, by name
	release := map[string]chan struct{}{}
	for _, p := range []string{"editor polls", "editor polled", "editor waits", "forwarder polls again"} {
		at[p], release[p] = make(chan struct{}), make(chan struct{})
	}
	seen := map[string]int{}
	tt.hook = func(point string, owner int) {
		name := map[int]string{ownerReadline: "editor ", ownerForward: "forwarder "}[owner] + map[string]string{"poll": "polls", "polled": "polled", "wait": "waits"}[point]
		mu.Lock()
		seen[name]++
		if name == "forwarder polls" && seen[name] == 2 {
			name = "forwarder polls again"
		}
		ch, stop := at[name], release[name]
		if ch != nil {
			delete(at, name)
		}
		mu.Unlock()
		if ch != nil {
			close(ch)
			if name != "editor polls" && name != "editor waits" {
				<-stop
			}
		}
	}
	reach := func(p string) {
		t.Helper()
		mu.Lock()
		ch := at[p]
		mu.Unlock()
		if ch == nil {
			return
		}
		select {
		case <-ch:
		case <-time.After(10 * time.Second):
			t.Fatalf("never reached %q", p)
		}
	}

	tt.setOwner(ownerReadline)
	go tt.read(ownerReadline, make([]byte, 16), true)
	reach("editor polls")
	// The line was entered: the editor's turn ends, its poll returns,
	// and its reader is held there.
	tt.setOwner(ownerNone)
	reach("editor polled")
	tt.setOwner(ownerForward)
	fwd := make(chan error, 1)
	go func() {
		_, err := tt.read(ownerForward, make([]byte, 16), false)
		fwd <- err
	}()
	// The forwarder has checked that it is its turn and is about to poll
	// again when the line ends.
	reach("forwarder polls again")
	tt.setOwner(ownerNone)
	close(release["editor polled"])
	reach("editor waits")
	close(release["forwarder polls again"])
	select {
	case err := <-fwd:
		if err != errNotOwner {
			t.Fatalf("forwarder: %v, want errNotOwner", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the forwarder's read did not return when its turn ended")
	}
}

// A sliced poll returns on an event that comes after several slices,
// and on one that is there already.
func TestPollSliced(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	go func() {
		time.Sleep(3 * pollSlice)
		w.Write([]byte("k"))
	}()
	for i := 0; i < 2; i++ {
		fds := []unix.PollFd{{Fd: int32(r.Fd()), Events: unix.POLLIN}}
		if n, err := pollSliced(fds); n != 1 || err != nil || fds[0].Revents&unix.POLLIN == 0 {
			t.Fatalf("poll %d: %d, %v, revents %#x; want the pipe readable", i, n, err, fds[0].Revents)
		}
	}
}

// The interactive shell gives the runtime a P for each sliced poller,
// once however often it starts.
func TestRaiseProcsOnce(t *testing.T) {
	before := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(before)
	// raiseProcs itself may have run in an earlier test of the process:
	// a OnceFunc of what it runs, as fresh.
	raise := sync.OnceFunc(addPollerProcs)
	raise()
	raise()
	if got := runtime.GOMAXPROCS(0); got != before+pollers {
		t.Errorf("GOMAXPROCS %d, want %d: raised once by %d", got, before+pollers, pollers)
	}
}
