// Command latencydirect is a prototype, for bench/latency.sh, of the two
// shapes an interactive shell like guardsh's can give a long-lived bash
// that runs the lines its front end reads: with -relay, bash's output
// goes to a pty of its own, which the front end copies to its terminal up
// to a mark (guardsh's shape, as bench/latencyfloor has it, with real
// bash); without it, bash writes straight to the front end's terminal
// while it runs a line, and the front end owns the terminal only at the
// prompt (it reads nothing while a line runs, and draws the prompt once
// bash reports the line done on a socket). Both send each line to bash
// over a socket with guardsh's run header (-header=full: the start
// message on the report socket, the line evaled with the control
// descriptors closed) or with none (-header=min), and bash reports each
// line done from PROMPT_COMMAND. The front end does no work on the line
// (no parse, no check): what it measures is the shape.
//
// It is not guardsh: bash runs without job control, in a session of its
// own that has no terminal (a real shell would have bash in its own
// process group of the terminal's session, and hand the terminal to the
// line's job and back at each line, as bash does), and nothing
// supervises it.
//
// latency.sh runs a binary without arguments and with an environment of
// its own, so the program's name sets the flags as well: a name with
// "relay" in it is -relay, one with "min" -header=min.
//
//	go build -o /tmp/direct ./bench/latencydirect
//	cp /tmp/direct /tmp/direct-relay; cp /tmp/direct /tmp/direct-min
//	bash bench/latency.sh /tmp/direct /tmp/direct-relay /tmp/direct-min
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
	"golang.org/x/term"
)

const mark = "\x1b]7777;direct\a"

func main() {
	relay := flag.Bool("relay", false, "bash on a pty of its own, its output copied to the terminal")
	header := flag.String("header", "full", "the run header: full (guardsh's) or min")
	args := os.Args[1:]
	if name := filepath.Base(os.Args[0]); len(args) == 0 {
		if strings.Contains(name, "relay") {
			args = append(args, "-relay")
		}
		if strings.Contains(name, "min") {
			args = append(args, "-header=min")
		}
	}
	flag.CommandLine.Parse(args)
	old, err := term.GetState(0)
	if err != nil {
		fmt.Fprintln(os.Stderr, "latencydirect: not a terminal")
		os.Exit(1)
	}
	defer term.Restore(0, old)
	sh, err := startBash(*relay)
	if err != nil {
		fmt.Fprintln(os.Stderr, "latencydirect:", err)
		return
	}
	prompt := []byte("BENCH> ")
	term.MakeRaw(0)
	os.Stdout.Write(prompt)
	var line []byte
	b := make([]byte, 64)
	for n := 1; ; {
		k, err := os.Stdin.Read(b)
		if err != nil {
			return
		}
		for _, c := range b[:k] {
			if c != '\r' {
				line = append(line, c)
				os.Stdout.Write([]byte{c})
				continue
			}
			os.Stdout.Write([]byte("\r\n"))
			if string(line) == "exit" {
				return
			}
			if !*relay {
				// The line has the terminal as the shell found it.
				term.Restore(0, old)
			}
			sh.run(n, string(line), *header == "full")
			n++
			if !*relay {
				term.MakeRaw(0)
			}
			line = line[:0]
			os.Stdout.Write(prompt)
		}
	}
}

// bashSh is the long-lived bash and its channels.
type bashSh struct {
	code  *os.File // bash's standard input: the code it runs
	rep   *os.File // the report socket
	relay bool
	marks chan struct{}
}

// startBash starts bash: on a pty of its own (relay), or with descriptor
// 3 the terminal, where the lines' standard input, output and error go.
// Its own standard error is /dev/null at its start, so that it finds no
// terminal to take for job control.
func startBash(relay bool) (*bashSh, error) {
	codeF, codeB, err := pair()
	if err != nil {
		return nil, err
	}
	repF, repB, err := pair()
	if err != nil {
		return nil, err
	}
	null, err := os.OpenFile("/dev/null", os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command("/bin/bash", "--norc", "--noprofile", "--noediting", "-i")
	cmd.Env = append(os.Environ(), "PS1=", "PS2=")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = codeB, null, null
	tty := os.Stdout
	sh := &bashSh{code: codeF, rep: repF, relay: relay, marks: make(chan struct{}, 16)}
	var master, slave *os.File
	if relay {
		if master, slave, err = pty.Open(); err != nil {
			return nil, err
		}
		if ws, err := pty.GetsizeFull(os.Stdin); err == nil {
			pty.Setsize(master, ws)
		}
		tty = slave
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 3}
	}
	if !relay {
		// A session of its own without a terminal: an interactive bash
		// opens /dev/tty for job control, and would take the front end's
		// terminal from it.
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	}
	cmd.ExtraFiles = []*os.File{tty, repB} // descriptors 3 and 4
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	codeB.Close()
	repB.Close()
	null.Close()
	if relay {
		slave.Close()
		go sh.pump(master)
	}
	markCode := ""
	if relay {
		markCode = `printf "\e]7777;direct\a" >&"$__t"; `
	}
	setup := `set +H +o history; exec {__t}<&3 3<&- {__w}>&4 4>&- 1>&"$__t" 2>&"$__t"; __n=0; ` +
		`PROMPT_COMMAND='` + markCode + `printf "%s\0" report "$__n" "$?" >&"$__w"'` + "\n"
	if _, err := codeF.Write([]byte(setup)); err != nil {
		return nil, err
	}
	sh.wait(0, relay)
	return sh, nil
}

func pair() (*os.File, *os.File, error) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, nil, err
	}
	return os.NewFile(uintptr(fds[0]), "a"), os.NewFile(uintptr(fds[1]), "b"), nil
}

// run runs line n and returns once bash reported it done (and, relayed,
// its output is through).
func (sh *bashSh) run(n int, line string, full bool) {
	q := "$'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(line) + "'"
	var in string
	if full {
		in = fmt.Sprintf(`printf 'start\0' >&"$__w"; __n=%d; __line=%s; eval -- "$__line"$'\n''__ps=("$__n" "$?" "${PIPESTATUS[@]}")' <&"$__t" {__t}<&- {__w}>&-`+"\n", n, q)
	} else {
		in = fmt.Sprintf("__n=%d; %s\n", n, line)
	}
	sh.code.Write([]byte(in))
	sh.wait(n, sh.relay)
}

// wait reads bash's reports up to the one of line n (a start message, or
// the prompt after an empty setup line, comes first), and its mark.
func (sh *bashSh) wait(n int, relay bool) {
	want := fmt.Sprintf("report\x00%d\x00", n)
	var got []byte
	b := make([]byte, 4096)
	for !bytes.Contains(got, []byte(want)) {
		k, err := sh.rep.Read(b)
		if err != nil {
			os.Exit(1)
		}
		got = append(got, b[:k]...)
	}
	if relay {
		<-sh.marks
	}
}

// pump copies bash's pty to the terminal, taking out the marks.
func (sh *bashSh) pump(master *os.File) {
	buf := make([]byte, 64*1024)
	for {
		n, err := master.Read(buf)
		b := buf[:max(n, 0)]
		for {
			i := bytes.Index(b, []byte(mark))
			if i < 0 {
				break
			}
			os.Stdout.Write(b[:i])
			sh.marks <- struct{}{}
			b = b[i+len(mark):]
		}
		if len(b) > 0 {
			os.Stdout.Write(b)
		}
		if err != nil {
			return
		}
	}
}
