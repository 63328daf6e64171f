package shell

import (
	"fmt"

	"mvdan.cc/sh/v3/syntax"

	"guardsh/prompt"
)

// slash runs one of guardsh's slash commands.
func (f *frontend) slash(name, arg string) {
	switch name {
	case "/auto":
		f.auto = !f.auto
		fmt.Fprintf(f.out, "auto mode %s\n", onOff(f.auto))
	case "/dry-run":
		f.dry = !f.dry
		fmt.Fprintf(f.out, "dry-run %s\n", onOff(f.dry))
	case "/explain":
		if arg == "" {
			fmt.Fprintln(f.errw, "usage: /explain CMD")
			return
		}
		var file *syntax.File
		v, ok := f.classifyRetry(arg, &file)
		if !ok {
			return
		}
		prompt.Preview(f.out, v, f.cfg.Style)
		auto := "no"
		if f.autoSafe(arg, v) {
			auto = "yes"
		}
		fmt.Fprintf(f.out, "auto mode would run it without asking: %s\n", auto)
	case "/rules":
		if f.cfg.Rules != nil {
			f.cfg.Rules(f.out)
		}
	case "/forget-sudo":
		// Asked for by name: it runs without a question, checked as
		// usual.
		var file *syntax.File
		v, ok := f.classifyRetry("sudo -k", &file)
		if !ok || v.Blocked {
			return
		}
		f.runApproved("sudo -k", file, v, false)
	case "/approvals", "/forget":
		f.slashLasting(name, arg)
	case "/help":
		f.help()
	}
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func (f *frontend) help() {
	fmt.Fprintln(f.out, "guardsh: every line is classified; one with a finding is shown with its danger level and asked about before it runs.")
	fmt.Fprintln(f.out, "Slash commands:")
	for _, c := range SlashCommands {
		fmt.Fprintf(f.out, "  %-13s %s\n", c.Name, c.Help)
	}
	fmt.Fprintln(f.out, "Keys: emacs editing, Up/Down and Ctrl-R history, Tab completes, Shift+Tab toggles auto mode,")
	fmt.Fprintln(f.out, "  Alt-. the last word of the previous line, Ctrl-X Ctrl-E edit the line in $VISUAL, !! and !$ expand,")
	fmt.Fprintln(f.out, "  Ctrl-C clears the line (or stops the running command), Ctrl-D on an empty line exits.")
	fmt.Fprintln(f.out, "At the question: y yes, n no, e edit the line, Enter the default shown in capitals, Ctrl-C no;")
	fmt.Fprintln(f.out, "  a always allows this command here, r allows its rules here (where offered).")
}
