package main

const helpText = `guardsh: a shell that checks every command before it runs.

usage: guardsh [options]                       interactive shell
       guardsh [options] -c STRING [NAME [ARGS...]]
                                               run a command string, as sh -c does
       guardsh [options] FILE [ARGS...]        run a script (checked as a whole first)
       guardsh [options] -s [ARGS...]          read commands from stdin
       guardsh --check [--json] [CMD...]       classify each CMD (or stdin line), run nothing
       guardsh --rules [--json]                list the rules in force

options:
  -c            run the command string that follows
  -s            read commands from standard input
  -i            interactive even when not on a terminal
  -l, --login   login shell: read the profile files
  -y, --yes     take yes for every question; blocked lines still never run
      --auto    auto mode: read-only lines run without asking
      --dry-run show the plan and verdict, run nothing
      --check   classify, run nothing (with --json: one JSON object a line)
      --json    machine-readable output for --check, --rules and --dry-run
      --rules   list the rules in force
      --config FILE
                use this config file
  -e, -u, -x, -o OPTION
                shell options, as in bash (-o pipefail, ...)
      --version print the version
  -h, --help    this help

levels (default answer): safe (yes), info_leak (yes), medium (no), high (no),
blocked (never runs).

exit status: the command's own; 126 when guardsh refused to run it; 2 for a
syntax error or bad usage.
`
