//go:build linux

package prompt

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"
)

// LockTerminal takes the lock that makes the questions of several
// processes on one terminal come one at a time (two guardsh -c under make
// -j2): it waits until no other holder has it, and returns the function
// that releases it, to be called once the answer is read.
//
// The lock is an flock on the terminal's own device node (/dev/pts/N, not
// /dev/tty, whose one node stands for every terminal), found through the
// device number the kernel gives for tty: every process on the terminal
// opens the same node, whichever user it runs as and wherever its state
// directory is. When that node cannot be opened (another user's terminal,
// a device not under /dev/pts), it is a file named after the device number
// in dir (created 0700), which serializes the processes of one user.
//
// waiting, when not nil, is called once if the lock is held by another.
// Closing cancel stops the wait with ErrLockCancelled. When no lock can be
// taken at all the error says why and unlock does nothing: the caller asks
// anyway, as it would without a lock.
func LockTerminal(tty *os.File, dir string, cancel <-chan struct{}, waiting func()) (unlock func(), err error) {
	none := func() {}
	fd, err := openLock(tty, dir)
	if err != nil {
		return none, err
	}
	unlockFD := func() { unix.Close(fd) } // closing the last descriptor releases the flock
	if err := unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB); err == nil {
		return unlockFD, nil
	} else if !errors.Is(err, unix.EWOULDBLOCK) {
		unix.Close(fd)
		return none, fmt.Errorf("locking the terminal: %w", err)
	}
	if waiting != nil {
		waiting()
	}
	got := make(chan error, 1)
	go func() { got <- flockWait(fd) }()
	select {
	case err := <-got:
		if err != nil {
			unix.Close(fd)
			return none, fmt.Errorf("locking the terminal: %w", err)
		}
		return unlockFD, nil
	case <-cancel:
		// The wait goes on in the background: the lock, once taken, is
		// released at once.
		go func() {
			<-got
			unix.Close(fd)
		}()
		return none, ErrLockCancelled
	}
}

func flockWait(fd int) error {
	for {
		err := unix.Flock(fd, unix.LOCK_EX)
		if !errors.Is(err, unix.EINTR) {
			return err
		}
	}
}

// openLock opens what LockTerminal locks: the terminal's device node, or
// the lock file for its device number in dir.
func openLock(tty *os.File, dir string) (int, error) {
	var st unix.Stat_t
	if err := unix.Fstat(int(tty.Fd()), &st); err != nil {
		return -1, fmt.Errorf("the terminal: %w", err)
	}
	dev := uint64(st.Rdev)
	if d, err := unix.IoctlGetUint32(int(tty.Fd()), unix.TIOCGDEV); err == nil {
		dev = uint64(d) // /dev/tty's own number is 5,0: this is the terminal behind it
	}
	if p := devicePath(tty, dev); p != "" {
		if fd, err := unix.Open(p, unix.O_RDONLY|unix.O_NOCTTY|unix.O_CLOEXEC|unix.O_NONBLOCK, 0); err == nil {
			var got unix.Stat_t
			if unix.Fstat(fd, &got) == nil && got.Mode&unix.S_IFMT == unix.S_IFCHR && uint64(got.Rdev) == dev {
				return fd, nil
			}
			unix.Close(fd)
		}
	}
	if dir == "" {
		return -1, errors.New("the terminal's device cannot be opened and there is no state directory for a lock file")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return -1, fmt.Errorf("the terminal's lock file: %w", err)
	}
	name := filepath.Join(dir, fmt.Sprintf("tty-%d-%d.lock", unix.Major(dev), unix.Minor(dev)))
	fd, err := unix.Open(name, unix.O_RDWR|unix.O_CREAT|unix.O_NOFOLLOW|unix.O_CLOEXEC|unix.O_NONBLOCK, 0o600)
	if err != nil {
		return -1, fmt.Errorf("the terminal's lock file: %w", err)
	}
	var got unix.Stat_t
	if err := unix.Fstat(fd, &got); err != nil || got.Mode&unix.S_IFMT != unix.S_IFREG {
		unix.Close(fd)
		return -1, fmt.Errorf("the terminal's lock file %s is not a regular file", name)
	}
	return fd, nil
}

// devicePath returns the path of the terminal device dev: tty's own name
// when it is not /dev/tty, or /dev/pts/N for a pseudo-terminal; "" when
// it is not known.
func devicePath(tty *os.File, dev uint64) string {
	if n := tty.Name(); strings.HasPrefix(n, "/dev/") && n != "/dev/tty" {
		return n
	}
	// Unix98 pseudo-terminal slaves have majors 136 to 143.
	if maj := unix.Major(dev); maj >= 136 && maj <= 143 {
		return fmt.Sprintf("/dev/pts/%d", (maj-136)*256+unix.Minor(dev))
	}
	return ""
}
