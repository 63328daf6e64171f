// Command latencyfloor is the least that a shell built as guardsh's
// interactive shell is does for a typed line, for bench/latency.sh to
// measure beside guardsh and bash: a front end that reads the keys raw and
// echoes them, sends the entered line to a second process over a pipe, and
// copies that process's pty to its terminal up to a mark written after the
// line's output. The second process runs only `echo WORD`. What guardsh
// takes beyond this is its own work (line editor, parse, check, the
// interpreter), not its shape.
//
//	go build -o /tmp/floor ./bench/latencyfloor && bash bench/latency.sh /tmp/guardsh /tmp/floor
package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strings"

	"github.com/creack/pty"
	"golang.org/x/term"
)

const mark = "\x1b]7777;floor\a"

func main() {
	if len(os.Args) > 1 && os.Args[1] == "child" {
		child()
		return
	}
	old, err := term.MakeRaw(0)
	if err != nil {
		os.Exit(1)
	}
	defer term.Restore(0, old)
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return
	}
	cmd := exec.Command(os.Args[0], "child")
	cmd.ExtraFiles = []*os.File{reqR}
	master, err := pty.Start(cmd)
	if err != nil {
		return
	}
	marks := make(chan struct{}, 16)
	go pump(master, marks)
	prompt := []byte("BENCH> ")
	os.Stdout.Write(prompt)
	var line []byte
	b := make([]byte, 64)
	for {
		n, err := os.Stdin.Read(b)
		if err != nil {
			return
		}
		for _, c := range b[:n] {
			if c != '\r' {
				line = append(line, c)
				os.Stdout.Write([]byte{c})
				continue
			}
			os.Stdout.Write([]byte("\r\n"))
			if string(line) == "exit" {
				return
			}
			reqW.Write(append(line, '\n'))
			<-marks
			line = line[:0]
			os.Stdout.Write(prompt)
		}
	}
}

// pump copies the pty's output to the terminal, taking out the marks.
func pump(master *os.File, marks chan<- struct{}) {
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
			marks <- struct{}{}
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

// child runs `echo WORD` lines read from descriptor 3 on its terminal.
func child() {
	req := bufio.NewReader(os.NewFile(3, "requests"))
	for {
		line, err := req.ReadString('\n')
		if err != nil {
			return
		}
		if w, ok := strings.CutPrefix(strings.TrimSpace(line), "echo "); ok {
			os.Stdout.Write([]byte(w + "\n"))
		}
		os.Stdout.Write([]byte(mark))
	}
}
