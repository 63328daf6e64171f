package shell

import (
	"fmt"
	"math"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/interp"
)

// A limit is one resource ulimit reads and sets.
type limit struct {
	flag     byte
	resource int
	unit     uint64 // bytes (or 1) per unit shown
	desc     string
}

// limits are bash's, in the order ulimit -a prints them.
var limits = []limit{
	{'c', unix.RLIMIT_CORE, 512, "core file size              (blocks, -c)"},
	{'d', unix.RLIMIT_DATA, 1024, "data seg size               (kbytes, -d)"},
	{'e', unix.RLIMIT_NICE, 1, "scheduling priority                 (-e)"},
	{'f', unix.RLIMIT_FSIZE, 512, "file size                   (blocks, -f)"},
	{'i', unix.RLIMIT_SIGPENDING, 1, "pending signals                     (-i)"},
	{'l', unix.RLIMIT_MEMLOCK, 1024, "max locked memory           (kbytes, -l)"},
	{'m', unix.RLIMIT_RSS, 1024, "max memory size             (kbytes, -m)"},
	{'n', unix.RLIMIT_NOFILE, 1, "open files                          (-n)"},
	{'q', unix.RLIMIT_MSGQUEUE, 1, "POSIX message queues         (bytes, -q)"},
	{'r', unix.RLIMIT_RTPRIO, 1, "real-time priority                  (-r)"},
	{'s', unix.RLIMIT_STACK, 1024, "stack size                  (kbytes, -s)"},
	{'t', unix.RLIMIT_CPU, 1, "cpu time                   (seconds, -t)"},
	{'u', unix.RLIMIT_NPROC, 1, "max user processes                  (-u)"},
	{'v', unix.RLIMIT_AS, 1024, "virtual memory              (kbytes, -v)"},
	{'x', unix.RLIMIT_LOCKS, 1, "file locks                          (-x)"},
}

// builtinUlimit is bash's ulimit: ulimit [-SHa] [-cdefilmnqrstuvx [limit]].
// Limits are read with getrlimit and set with setrlimit on guardsh's own
// process, so every command started afterwards inherits them.
func builtinUlimit(hc interp.HandlerContext, args []string) int {
	soft, hard, all := false, false, false
	var picked []limit
	var value string
	hasValue := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(a) < 2 || a[0] != '-' {
			if hasValue {
				fmt.Fprintf(hc.Stderr, "ulimit: %s: too many arguments\n", a)
				return 2
			}
			value, hasValue = a, true
			continue
		}
		for j := 1; j < len(a); j++ {
			switch f := a[j]; f {
			case 'S':
				soft = true
			case 'H':
				hard = true
			case 'a':
				all = true
			default:
				l, ok := findLimit(f)
				if !ok {
					fmt.Fprintf(hc.Stderr, "ulimit: -%c: invalid option\nulimit: usage: ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]\n", f)
					return 2
				}
				picked = append(picked, l)
			}
		}
	}
	if all {
		for _, l := range limits {
			v, err := getLimit(l, hard && !soft)
			if err != nil {
				continue
			}
			fmt.Fprintf(hc.Stdout, "%s %s\n", l.desc, v)
		}
		return 0
	}
	if len(picked) == 0 {
		picked = []limit{limits[3]} // -f
	}
	if !hasValue {
		for _, l := range picked {
			v, err := getLimit(l, hard && !soft)
			if err != nil {
				fmt.Fprintf(hc.Stderr, "ulimit: %v\n", err)
				return 1
			}
			if len(picked) > 1 {
				fmt.Fprintf(hc.Stdout, "%s %s\n", l.desc, v)
			} else {
				fmt.Fprintln(hc.Stdout, v)
			}
		}
		return 0
	}
	if !soft && !hard {
		soft, hard = true, true
	}
	status := 0
	for _, l := range picked {
		if err := setLimit(l, value, soft, hard); err != nil {
			fmt.Fprintf(hc.Stderr, "ulimit: %s: cannot modify limit: %s\n", l.desc[:len(l.desc)-5], errText(err))
			status = 1
		}
	}
	return status
}

func findLimit(f byte) (limit, bool) {
	for _, l := range limits {
		if l.flag == f {
			return l, true
		}
	}
	return limit{}, false
}

// getLimit returns a limit as ulimit prints it.
func getLimit(l limit, hard bool) (string, error) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(l.resource, &rl); err != nil {
		return "", err
	}
	v := rl.Cur
	if hard {
		v = rl.Max
	}
	if v == unix.RLIM_INFINITY {
		return "unlimited", nil
	}
	return strconv.FormatUint(v/l.unit, 10), nil
}

// setLimit sets the soft and/or hard value of a limit.
func setLimit(l limit, value string, soft, hard bool) error {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(l.resource, &rl); err != nil {
		return err
	}
	var v uint64
	switch value {
	case "unlimited":
		v = unix.RLIM_INFINITY
	case "hard":
		v = rl.Max
	case "soft":
		v = rl.Cur
	default:
		n, err := strconv.ParseUint(value, 10, 64)
		if err != nil {
			return fmt.Errorf("invalid number")
		}
		if n > math.MaxUint64/l.unit {
			return fmt.Errorf("invalid number")
		}
		v = n * l.unit
	}
	if soft {
		rl.Cur = v
	}
	if hard {
		rl.Max = v
	}
	// syscall.Setrlimit, not unix's: the Go runtime then stops restoring
	// its start-up RLIMIT_NOFILE in the programs it starts.
	return syscall.Setrlimit(l.resource, &rl)
}
