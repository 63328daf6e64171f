// guardsh-opencode-plugin v1
// guardsh's OpenCode plugin, written by `guardsh --install-hook opencode`
// (`guardsh --uninstall-hook opencode` removes it; edits are lost when it is
// installed again). Before each command of OpenCode's bash tool it asks
// guardsh (`guardsh --hook opencode`, the event as JSON on its stdin) and
// follows the answer: an allowed command is rewritten to run under guardsh,
// which checks each command again as it runs; anything else is refused with
// guardsh's reason, which the model reads. When guardsh cannot be run or
// answers nonsense, the command is refused too (fail closed).
import { spawn } from "node:child_process"

const GUARDSH = ["guardsh", "--hook", "opencode"]
const TIMEOUT_MS = 30000

function refusal(why) {
  return { decision: "deny", reason: "guardsh: " + why + "; refusing the command (fail closed). Run `guardsh --doctor`." }
}

function askGuardsh(event) {
  return new Promise((resolve) => {
    let child
    try {
      child = spawn(GUARDSH[0], GUARDSH.slice(1), { stdio: ["pipe", "pipe", "pipe"] })
    } catch (e) {
      resolve(refusal("cannot start " + GUARDSH[0] + " (" + (e && e.message) + ")"))
      return
    }
    let out = ""
    let err = ""
    let done = false
    const finish = (answer) => {
      if (done) return
      done = true
      clearTimeout(timer)
      resolve(answer)
    }
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      finish(refusal("no answer within " + TIMEOUT_MS / 1000 + " s"))
    }, TIMEOUT_MS)
    child.stdout.setEncoding("utf8")
    child.stderr.setEncoding("utf8")
    child.stdout.on("data", (d) => { out += d })
    child.stderr.on("data", (d) => { err += d })
    child.on("error", (e) => finish(refusal("cannot start " + GUARDSH[0] + " (" + e.message + ")")))
    child.on("close", (code) => {
      try {
        const answer = JSON.parse(out)
        if (answer && typeof answer === "object") {
          finish(answer)
          return
        }
      } catch (e) {}
      finish(refusal("no answer (exit status " + code + (err ? ": " + err.trim() : "") + ")"))
    })
    child.stdin.on("error", () => {})
    child.stdin.end(JSON.stringify(event))
  })
}

export const GuardshPlugin = async (ctx) => {
  const directory = (ctx && ctx.directory) || process.cwd()
  const worktree = (ctx && ctx.worktree) || directory
  return {
    "tool.execute.before": async (input, output) => {
      if (!input || input.tool !== "bash") return
      const answer = await askGuardsh({
        hook_event_name: "tool.execute.before",
        input,
        output: { args: output && output.args },
        directory,
        worktree,
      })
      if (answer.decision === "allow" && typeof answer.command === "string" && answer.command !== "") {
        output.args.command = answer.command
        return
      }
      throw new Error(typeof answer.reason === "string" && answer.reason !== "" ? answer.reason : refusal("an answer without a decision").reason)
    },
  }
}
