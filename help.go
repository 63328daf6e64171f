package main

// helpText is what --help prints. Keep it in step with README.md.
const helpText = `guardsh: a shell that checks every command before it runs.

It parses each line (bash syntax), gives everything the line would run or
write a danger level, shows why, asks yes / no / edit with the level's default
answer, runs what was approved, and checks each command again as it runs.
-c, FILE, stdin and the interactive shell run in real bash under a
kernel-level supervisor that checks every exec and destructive call of the
whole process tree; where bash or the supervisor is missing, in guardsh's
own interpreter (said once; executor = "interpreter" in the config chooses
it).

usage: guardsh [options]                   interactive shell
       guardsh [options] -c STRING [NAME [ARGS...]]
                                         run STRING as sh -c does ($0 is
                                         NAME, $1... are ARGS)
       guardsh [options] FILE [ARGS...]  run a script, checked as a whole
                                         before any of it runs
       guardsh [options] -s [ARGS...]    read commands from stdin (also
                                         when stdin is not a terminal);
                                         from a pipe, each complete command
                                         runs as it arrives
       guardsh --check [--json] [CMD...] classify each CMD, or each line
                                         of stdin; run nothing
       guardsh --dry-run [--json] -c STRING
                                         show the plan and verdict, run
                                         nothing (also with FILE or -s)
       guardsh --rules [--json]          list the rules in force
       guardsh --hook AGENT              answer a coding agent's hook event
                                         (stdin) with its decision (stdout)
       guardsh --install-hook AGENT [--project] [--hook-allow LEVEL]
       guardsh --uninstall-hook AGENT [--project]
                                         add guardsh's hook to the agent's
                                         settings, or remove it
       guardsh --doctor                  what guardsh runs with, what is wrong
       guardsh --log [--since DURATION] [--level LEVEL] [--json]
                                         the audit log, readable

options:
  -c              run the command string that follows the options
  -s              read commands from standard input
  -i              interactive shell even when not on a terminal
  -l, --login     login shell: read /etc/profile and ~/.profile (or
                  ~/.bash_profile), each line checked before it runs (also
                  $BASH_ENV; also when argv[0] starts with -)
      --noprofile, --norc
                  read no profile; the interactive shell reads no
                  ~/.guardshrc
      --posix     bash's POSIX mode (guardsh's interpreter has none)
  -y, --yes       answer yes to every question; blocked lines still never run
      --auto      auto mode: lines made only of allowlisted read-only
                  commands run without a question
      --dry-run   show what would run and its verdict, run nothing
      --check     classify commands, run nothing; exit 0 once every verdict
                  is printed
      --json      machine-readable output for --check, --dry-run and
                  --rules: one JSON object per line
      --rules     list every rule: name, level, origin, description
      --config FILE
                  read this config file instead of the default one
      --hook AGENT, --install-hook AGENT, --uninstall-hook AGENT
                  AGENT is claude-code, codex, gemini-cli, cursor,
                  copilot-cli or opencode (docs/agents.md)
      --project   install in the project's settings instead of yours
      --hook-allow LEVEL
                  the hook lets lines up to LEVEL run without a person
                  (for agents that cannot ask: Codex, OpenCode)
      --approved LEVEL
                  in a command a hook rewrote: the line was approved at
                  LEVEL; nothing is asked, what shows above LEVEL as it
                  runs is refused
      --cwd-fd N  write the last working directory on descriptor N
      --doctor    config, policy, rules, files, hooks, and what is wrong
      --log       the audit log; --since DURATION (30m, 12h, 7d) and
                  --level LEVEL (at or above) filter it, --json as written
  -e, -u, -x, -f, -n, -a, -o NAME (and +e, +o NAME ...)
                  shell options, as bash's set takes them (-o pipefail)
  -O NAME, +O NAME
                  set or unset the shopt option NAME (-O extglob), as
                  bash's (in the interpreter, one it does not have is an
                  error, exit 2)
      --version   print the version
  -h, --help      this help
  --, -           end the options

levels              default answer   without a terminal
  safe              yes              runs
  info_leak         yes              runs (it shows or sends secrets)
  medium            no               refused, unless -y
  high              no               refused, unless -y
  blocked           never runs       refused, also with -y
A line's level is the highest of anything in it, wrappers (sudo, env,
xargs, bash -c, eval, ssh, find -exec, ...) and substitutions included. The
config's block_level makes every level at or above it behave as blocked.

asking: the interactive shell runs a line with no finding at once and shows
the preview of any other line and asks (ask = "always" in the config asks
about every line). guardsh -c, FILE and -s ask only about medium and high
lines, on /dev/tty, one question at a time on a terminal; when it cannot be
opened (a coding agent, CI, cron) the default answer is taken. At the
question: y yes, n no, e edit the line (it is checked again), Enter the
default (shown in capitals), Ctrl-C no; a allows this exact command in this
directory from now on, r the line's rules here and below (kept in
$XDG_STATE_HOME/guardsh/approvals.json; they answer for -c and the agent
hooks too, never for blocked lines).

interactive shell: /auto (or Shift+Tab) toggles auto mode, /dry-run toggles
dry-run, /explain CMD shows a preview, /rules lists the rules, /forget-sudo
runs sudo -k, /approvals lists the answers that last, /forget N removes one,
/help lists the keys.

exit status:
  the command's own    when it ran (128+N when killed by signal N)
  126                  guardsh refused it (blocked, declined, or a default
                       no); one line on stderr names the level, the rule,
                       the command and the reason
  2                    a syntax error or bad usage
  127                  the script FILE cannot be read
  --check, --rules:    0 once every verdict is printed, 1 on a read or write
                       error, 2 on bad usage
  --hook:              0: the decision, a deny included, is in the answer
  --doctor:            0 when all is well, 1 when something is wrong

files:
  $XDG_CONFIG_HOME/guardsh/config.toml   your config (~/.config/...)
  /etc/guardsh/policy.toml               the system policy; your config may
                                         make guardsh stricter, never looser
  $XDG_STATE_HOME/guardsh/history        interactive history
                                         (~/.local/state/...)
  $XDG_STATE_HOME/guardsh/audit.jsonl    the audit log: one JSON line per
                                         decision
  ~/.guardshrc                           read by every interactive shell

environment: NO_COLOR turns colors off; XDG_CONFIG_HOME and XDG_STATE_HOME
move the files above. guardsh sets GUARDSH_PARENT for every program it
starts: a guardsh started under it keeps its rules (its own config may only
add to them) and its -y approves nothing above what this one approved.

-y never approves content too long to check (over 1 MiB): without a
terminal it is refused, at a terminal you are asked.

Under the supervisor, what programs start or delete on their own (a
Makefile recipe, xargs, os.system in a script) is checked as it happens;
what is above the level the line was approved at is asked about on
/dev/tty, or refused with "Operation not permitted" in that process alone.
As a user (not root), a line whose program is sudo, doas, su, pkexec or
run0 runs outside the supervisor (which keeps them from gaining
privileges), checked as written only; its preview says so, in the
interactive shell too (there it runs on the terminal in a bash of its
own). In guardsh's
interpreter, commands that programs start on their own are checked only
as far as their command line shows.

Documentation: README.md and docs/ in the source tree: rules, config,
interactive, auto-mode, agents, how-it-works.
`
