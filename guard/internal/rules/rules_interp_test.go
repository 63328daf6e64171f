package rules

import (
	"reflect"
	"testing"
)

// interpCase is one one-liner, the shell lines interpScripts must return
// and whether interp_exec_dynamic fires.
type interpCase struct {
	args  []string
	lines []string
	dyn   bool
}

func runInterpCases(t *testing.T, cases []interpCase) {
	t.Helper()
	for _, tc := range cases {
		c := &Command{Args: Lits(tc.args...), Dir: "/home/u/proj", Home: "/home/u"}
		got := InterpScripts(c)
		if len(got) == 0 {
			got = nil
		}
		if !reflect.DeepEqual(got, tc.lines) {
			t.Errorf("interpScripts(%q) = %q, want %q", tc.args, got, tc.lines)
		}
		hits := interpDynamicCheck(c)
		if (len(hits) > 0) != tc.dyn {
			t.Errorf("interp_exec_dynamic on %q: hits %v, want fired=%v", tc.args, hits, tc.dyn)
		}
	}
}

func TestInterpScriptsPython(t *testing.T) {
	runInterpCases(t, []interpCase{
		{[]string{"python3", "-c", `import os; os.system("rm -rf /")`}, []string{"rm -rf /"}, false},
		{[]string{"python", "-c", `import os; os.system('rm -rf /tmp/x')`}, []string{"rm -rf /tmp/x"}, false},
		{[]string{"python2", "-c", `import os;os.system("reboot")`}, []string{"reboot"}, false},
		{[]string{"python3.11", "-c", `import os; os.system("ls")`}, []string{"ls"}, false},
		{[]string{"python3", "-c", `from os import system; system("rm -rf ~")`}, []string{"rm -rf ~"}, false},
		{[]string{"python3", "-c", `import os; os.popen("rm -rf /").read()`}, []string{"rm -rf /"}, false},
		{[]string{"python3", "-c", `import subprocess; subprocess.run("rm -rf /", shell=True)`}, []string{"rm -rf /"}, false},
		{[]string{"python3", "-c", `import subprocess; subprocess.call("rm -rf /", shell=True)`}, []string{"rm -rf /"}, false},
		{[]string{"python3", "-c", `import subprocess; subprocess.check_call("dd if=/dev/zero of=/dev/sda", shell=True)`}, []string{"dd if=/dev/zero of=/dev/sda"}, false},
		{[]string{"python3", "-c", `import subprocess; print(subprocess.check_output("ls -la", shell=True))`}, []string{"ls -la"}, false},
		{[]string{"python3", "-c", `import subprocess; subprocess.Popen("mkfs.ext4 /dev/sdb", shell=True).wait()`}, []string{"mkfs.ext4 /dev/sdb"}, false},
		{[]string{"python3", "-c", `import subprocess as sp; sp.run(["rm", "-rf", "/"])`}, []string{"'rm' '-rf' '/'"}, false},
		{[]string{"python3", "-c", `import subprocess; subprocess.run(['git', 'push', '--force'])`}, []string{"'git' 'push' '--force'"}, false},
		{[]string{"python3", "-c", `import subprocess; subprocess.getoutput("shutdown now")`}, []string{"shutdown now"}, false},
		{[]string{"python3", "-c", `import shutil; shutil.rmtree('/p')`}, []string{"rm -rf '/p'"}, false},
		{[]string{"python3", "-c", `import shutil; shutil.rmtree("/")`}, []string{"rm -rf '/'"}, false},
		{[]string{"python3", "-c", `from shutil import rmtree; rmtree("build")`}, []string{"rm -rf 'build'"}, false},
		{[]string{"python3", "-c", `import os; os.remove('/etc/passwd')`}, []string{"rm '/etc/passwd'"}, false},
		{[]string{"python3", "-c", `import os; os.unlink("x.txt")`}, []string{"rm 'x.txt'"}, false},
		{[]string{"python3", "-c", `import os; os.rmdir("/tmp/d")`}, []string{"rmdir '/tmp/d'"}, false},
		{[]string{"python3", "-c", `import os; os.removedirs("a/b/c")`}, []string{"rmdir 'a/b/c'"}, false},
		{[]string{"python3", "-c", `from pathlib import Path; Path('/etc/passwd').unlink()`}, []string{"rm '/etc/passwd'"}, false},
		{[]string{"python3", "-c", `import pathlib; pathlib.Path("/srv/d").rmdir()`}, []string{"rmdir '/srv/d'"}, false},
		{[]string{"python3", "-c", `import pathlib; pathlib.Path("/etc/hosts").write_text("x")`}, []string{": > '/etc/hosts'"}, false},
		{[]string{"python3", "-c", `open("/etc/passwd", "w").write("")`}, []string{": > '/etc/passwd'"}, false},
		{[]string{"python3", "-c", `open("/home/u/.bashrc", "a").write("alias x=y")`}, []string{": >> '/home/u/.bashrc'"}, false},
		{[]string{"python3", "-c", `open("notes.txt", mode="wb")`}, []string{": > 'notes.txt'"}, false},
		{[]string{"python3", "-c", `__import__('os').system('reboot')`}, []string{"reboot"}, false},
		{[]string{"python3", "-c", `__import__("shutil").rmtree("/var")`}, []string{"rm -rf '/var'"}, false},
		{[]string{"python3", "-c", `import os; os.execvp("rm", ["rm", "-rf", "/"])`}, []string{"'rm' '-rf' '/'"}, false},
		{[]string{"python3", "-c", `import os; os.execl("/bin/rm", "rm", "-rf", "/")`}, []string{"'/bin/rm' '-rf' '/'"}, false},
		{[]string{"python3", "-c", `import os; os.spawnlp(os.P_WAIT, "rm", "rm", "-rf", "/")`}, []string{"'rm' '-rf' '/'"}, false},
		{[]string{"python3", "-c", `exec("import os; os.system('halt')")`}, []string{"halt"}, false},
		{[]string{"python3", "-c", `import os; os.system("rm" " -rf /")`}, []string{"rm -rf /"}, false},
		{[]string{"python3", "-c", `import os; os.system("rm " + "-rf /")`}, []string{"rm -rf /"}, false},
		{[]string{"python3", "-c", "import os\nos.system('''rm -rf /''')"}, []string{"rm -rf /"}, false},
		{[]string{"python3", "-c", `import os; os.system(r"echo a\b")`}, []string{`echo a\b`}, false},
		{[]string{"python3", "-c", `import os; os.system("echo \"hi\"")`}, []string{`echo "hi"`}, false},
		{[]string{"python3", "-Bc", `import os; os.system("ls")`}, []string{"ls"}, false},
		{[]string{"python3", "-u", "-c", `import os; os.system("ls")`}, []string{"ls"}, false},
		{[]string{"python3", "-W", "ignore", "-c", `import os; os.system("ls")`}, []string{"ls"}, false},
		{[]string{"python3", `-cimport os; os.system("ls")`}, []string{"ls"}, false},
		{[]string{"python3", "-c", `import os; os.system("rm -rf /") # cleanup`}, []string{"rm -rf /"}, false},
		{[]string{"python3", "-c", `import os; cmd = "rm -rf /"; os.system(cmd)`}, []string{"rm -rf /"}, false},
		{[]string{"python3", "-c", "import shutil\nd = '/var'\nshutil.rmtree(d)"}, []string{"rm -rf '/var'"}, false},
		{[]string{"python3", "-c", `import os; base = "rm -rf "; os.system(base + "/tmp/x")`}, []string{"rm -rf /tmp/x"}, false},
		{[]string{"python3", "-c", `import os, sys; os.system(sys.argv[1])`, "rm -rf /"}, []string{"rm -rf /"}, false},
		{[]string{"python3", "-c", `import shutil, sys; shutil.rmtree(sys.argv[2])`, "x", "/usr"}, []string{"rm -rf '/usr'"}, false},
		{[]string{"python3", "-c", `import os, sys; os.system("rm -rf " + sys.argv[1])`, "/"}, []string{"rm -rf /"}, false},
		{[]string{"python3", "-c", `import os, sys; os.system(sys.argv[1])`, Unknown}, nil, true},
		// Built at run time.
		{[]string{"python3", "-c", `import os, sys; os.system(sys.argv[3])`, "a"}, nil, true},
		{[]string{"python3", "-c", `import os, sys; os.system(sys.argv[1].strip())`, "ls"}, nil, true},
		{[]string{"python3", "-c", `import os; cmd = "ls"; cmd = cmd + x; os.system(cmd)`}, nil, true},
		{[]string{"python3", "-c", `import os; cmd = "ls"; cmd += " /"; os.system(cmd)`}, nil, true},
		{[]string{"python3", "-c", `import os, sys; cmd = sys.argv[1]; os.system(cmd)`}, nil, true},
		{[]string{"python3", "-c", `import os; cmd = "a"; cmd = "b"; os.system(cmd)`}, nil, true},
		{[]string{"python3", "-c", `import os; os.system("rm -rf " + d)`}, []string{`rm -rf "$(:)"`}, true},
		{[]string{"python3", "-c", `import os; os.system(f"rm -rf {d}")`}, []string{`rm -rf "$(:)"`}, true},
		{[]string{"python3", "-c", `import os, sys; os.system(sys.argv[1])`}, nil, true},
		{[]string{"python3", "-c", `import os; os.system(cmd)`}, nil, true},
		{[]string{"python3", "-c", `import os; os.system("rm -rf %s" % d)`}, nil, true},
		{[]string{"python3", "-c", `import os; os.system("rm -rf {}".format(d))`}, nil, true},
		{[]string{"python3", "-c", `import subprocess; subprocess.run(["rm", "-rf", d])`}, []string{`'rm' '-rf' "$(:)"`}, true},
		{[]string{"python3", "-c", `import subprocess; subprocess.run(cmd.split())`}, nil, true},
		{[]string{"python3", "-c", `import shutil, sys; shutil.rmtree(sys.argv[1])`}, []string{`rm -rf "$(:)"`}, true},
		{[]string{"python3", "-c", `import os; os.remove(path)`}, []string{`rm "$(:)"`}, true},
		{[]string{"python3", "-c", `exec(input())`}, nil, true},
		{[]string{"python3", "-c", `import sys; exec(sys.stdin.read())`}, nil, true},
		{[]string{"python3", "-c", `eval(compile(src, "x", "exec"))`}, nil, true},
		{[]string{"python3", "-c", `import os; os.system("rm -rf /tmp/` + Unknown + `")`}, []string{`rm -rf /tmp/"$(:)"`}, true},
		{[]string{"python3", "-c", Unknown}, nil, true},
		// Data stays data.
		{[]string{"python3", "-c", `print("rm -rf /")`}, nil, false},
		{[]string{"python3", "-c", `import os; print(os.getcwd())`}, nil, false},
		{[]string{"python3", "-c", `import os; print(os.listdir("/"))`}, nil, false},
		{[]string{"python3", "-c", `x = "os.system('rm -rf /')"; print(x)`}, nil, false},
		{[]string{"python3", "-c", `# os.system("rm -rf /")` + "\nprint(1)"}, nil, false},
		{[]string{"python3", "-c", `import json,sys; print(json.load(sys.stdin)["a"])`}, nil, false},
		{[]string{"python3", "-c", `import asyncio; asyncio.run(main())`}, nil, false},
		{[]string{"python3", "-c", `l = [1]; l.remove(1)`}, nil, false},
		{[]string{"python3", "-c", `import re; print(re.sub("a", "b", "rm -rf /"))`}, nil, false},
		{[]string{"python3", "-c", `print(eval("1+2"))`}, nil, false},
		{[]string{"python3", "-c", `open("data.txt").read()`}, nil, false},
		{[]string{"python3", "-c", `open("data.txt", "r").read()`}, nil, false},
		{[]string{"python3", "-c", `import sys; print(sys.version)`}, nil, false},
		{[]string{"python3", "-c", `import http.server`}, nil, false},
		{[]string{"python3", "-c", ""}, nil, false},
		{[]string{"python3", "script.py", "-c", `os.system("rm -rf /")`}, nil, false},
		{[]string{"python3", "-m", "http.server", "-c", `os.system("x")`}, nil, false},
		{[]string{"python3", "-", "-c"}, nil, false},
		{[]string{"python3"}, nil, false},
		{[]string{"python3", "--version"}, nil, false},
		{[]string{"python3", "-m", "json.tool"}, nil, false},
	})
}

func TestInterpScriptsNode(t *testing.T) {
	runInterpCases(t, []interpCase{
		{[]string{"node", "-e", `require('child_process').execSync("rm -rf /tmp/x")`}, []string{"rm -rf /tmp/x"}, false},
		{[]string{"node", "-e", `require("node:child_process").execSync("reboot")`}, []string{"reboot"}, false},
		{[]string{"node", "-e", `const cp = require('child_process'); cp.exec('rm -rf /')`}, []string{"rm -rf /"}, false},
		{[]string{"node", "-e", `const {exec} = require('child_process'); exec("shutdown -h now")`}, []string{"shutdown -h now"}, false},
		{[]string{"nodejs", "-e", `require('child_process').execSync("ls")`}, []string{"ls"}, false},
		{[]string{"node", "--eval", `require('child_process').execSync("ls")`}, []string{"ls"}, false},
		{[]string{"node", `--eval=require('child_process').execSync("ls")`}, []string{"ls"}, false},
		{[]string{"node", "-p", `require('child_process').execSync("id").toString()`}, []string{"id"}, false},
		{[]string{"node", "-e", "require('child_process').spawnSync('rm', ['-rf', '/'])"}, []string{"'rm' '-rf' '/'"}, false},
		{[]string{"node", "-e", "require('child_process').execFileSync('/bin/rm', ['-rf', '/home'])"}, []string{"'/bin/rm' '-rf' '/home'"}, false},
		{[]string{"node", "-e", "require('child_process').spawn('rm -rf /', {shell: true})"}, []string{"rm -rf /"}, false},
		{[]string{"node", "-e", "require('child_process').execSync(`rm -rf /tmp/build`)"}, []string{"rm -rf /tmp/build"}, false},
		{[]string{"node", "-e", "const fs=require('fs'); fs.rmSync('/p',{recursive:true})"}, []string{"rm -rf '/p'"}, false},
		{[]string{"node", "-e", "require('fs').rmSync('/', {recursive: true, force: true})"}, []string{"rm -rf '/'"}, false},
		{[]string{"node", "-e", "require('fs').rmSync('a.txt')"}, []string{"rm 'a.txt'"}, false},
		{[]string{"node", "-e", "require('fs').rmSync('a.txt', {force: true})"}, []string{"rm -f 'a.txt'"}, false},
		{[]string{"node", "-e", "require('fs').rmdirSync('/usr', {recursive: true})"}, []string{"rm -rf '/usr'"}, false},
		{[]string{"node", "-e", "require('fs').rmdirSync('empty')"}, []string{"rmdir 'empty'"}, false},
		{[]string{"node", "-e", "require('fs').unlinkSync('/etc/passwd')"}, []string{"rm '/etc/passwd'"}, false},
		{[]string{"node", "-e", "require('fs').promises.rm('/srv', {recursive: true})"}, []string{"rm -rf '/srv'"}, false},
		{[]string{"node", "-e", "require('fs/promises').rm('/srv', {recursive: true})"}, []string{"rm -rf '/srv'"}, false},
		{[]string{"node", "-e", "require('fs').writeFileSync('/etc/hosts', '')"}, []string{": > '/etc/hosts'"}, false},
		{[]string{"node", "-e", `eval("require('child_process').execSync('halt')")`}, []string{"halt"}, false},
		{[]string{"deno", "eval", `Deno.removeSync("/", {recursive: true})`}, []string{"rm -rf '/'"}, false},
		{[]string{"deno", "eval", `new Deno.Command("rm", {args: ["-rf", "/"]}).outputSync()`}, []string{"'rm' '-rf' '/'"}, false},
		{[]string{"deno", "eval", `Deno.run({cmd: ["rm", "-rf", "/"]})`}, []string{"'rm' '-rf' '/'"}, false},
		{[]string{"bun", "-e", "await $`rm -rf /`"}, []string{"rm -rf /"}, false},
		{[]string{"bun", "-e", `Bun.spawnSync(["rm", "-rf", "/"])`}, []string{"'rm' '-rf' '/'"}, false},
		// Built at run time.
		{[]string{"node", "-e", `const c = "halt"; require('child_process').execSync(c)`}, []string{"halt"}, false},
		{[]string{"node", "-e", `require('child_process').execSync(process.argv[1])`, "reboot"}, []string{"reboot"}, false},
		{[]string{"node", "-e", "require('child_process').execSync(`rm -rf ${dir}`)"}, []string{`rm -rf "$(:)"`}, true},
		{[]string{"node", "-e", "require('child_process').execSync('rm -rf ' + process.argv[1])"}, []string{`rm -rf "$(:)"`}, true},
		{[]string{"node", "-e", "require('child_process').execSync(process.argv[1])"}, nil, true},
		{[]string{"node", "-e", "require('fs').rmSync(p, {recursive: true})"}, []string{`rm -rf "$(:)"`}, true},
		{[]string{"node", "-e", "eval(process.argv[1])"}, nil, true},
		{[]string{"bun", "-e", "await $`rm -rf ${dir}`"}, []string{`rm -rf "$(:)"`}, true},
		// Data stays data.
		{[]string{"node", "-e", `console.log("rm -rf /")`}, nil, false},
		{[]string{"node", "-e", `console.log(require('os').homedir())`}, nil, false},
		{[]string{"node", "-e", `/(\d+)/.exec("rm -rf /")`}, nil, false},
		{[]string{"node", "-e", `const re = /x/; re.exec("rm -rf /")`}, nil, false},
		{[]string{"node", "-e", `// require('child_process').execSync("rm -rf /")` + "\nconsole.log(1)"}, nil, false},
		{[]string{"node", "-e", `/* execSync("rm -rf /") */ 1`}, nil, false},
		{[]string{"node", "-p", "process.versions.node"}, nil, false},
		{[]string{"node", "-p", `JSON.parse(require('fs').readFileSync('package.json')).version`}, nil, false},
		{[]string{"node", "server.js", "-e", `execSync("x")`}, nil, false},
		{[]string{"node"}, nil, false},
		{[]string{"node", "--version"}, nil, false},
		{[]string{"deno", "run", "main.ts"}, nil, false},
		{[]string{"bun", "run", "build"}, nil, false},
	})
}

func TestInterpScriptsPerlRuby(t *testing.T) {
	runInterpCases(t, []interpCase{
		{[]string{"perl", "-e", `system("rm -rf /")`}, []string{"rm -rf /"}, false},
		{[]string{"perl", "-e", `system "rm -rf /"`}, []string{"rm -rf /"}, false},
		{[]string{"perl", "-e", `system "rm", "-rf", "/"`}, []string{"'rm' '-rf' '/'"}, false},
		{[]string{"perl", "-e", `system("rm", "-rf", "/")`}, []string{"'rm' '-rf' '/'"}, false},
		{[]string{"perl", "-e", `system(qw(rm -rf /))`}, []string{"'rm' '-rf' '/'"}, false},
		{[]string{"perl", "-e", `exec "reboot"`}, []string{"reboot"}, false},
		{[]string{"perl", "-e", "`rm -rf /`"}, []string{"rm -rf /"}, false},
		{[]string{"perl", "-e", `print qx(rm -rf /tmp/x)`}, []string{"rm -rf /tmp/x"}, false},
		{[]string{"perl", "-e", `qx{reboot}`}, []string{"reboot"}, false},
		{[]string{"perl", "-e", `unlink "/etc/passwd"`}, []string{"rm '/etc/passwd'"}, false},
		{[]string{"perl", "-e", `unlink("a", "b")`}, []string{"rm 'a' 'b'"}, false},
		{[]string{"perl", "-e", `rmdir "/tmp/d"`}, []string{"rmdir '/tmp/d'"}, false},
		{[]string{"perl", "-MFile::Path", "-e", `rmtree("/home")`}, []string{"rm -rf '/home'"}, false},
		{[]string{"perl", "-MFile::Path=remove_tree", "-e", `remove_tree("/var/lib")`}, []string{"rm -rf '/var/lib'"}, false},
		{[]string{"perl", "-e", `File::Path::rmtree("/opt")`}, []string{"rm -rf '/opt'"}, false},
		{[]string{"perl", "-e", `open(my $fh, "|-", "sh") or die`}, []string{"sh"}, false},
		{[]string{"perl", "-e", `open(F, "rm -rf /tmp/x |")`}, []string{"rm -rf /tmp/x"}, false},
		{[]string{"perl", "-e", `open(F, ">", "/etc/passwd")`}, []string{": > '/etc/passwd'"}, false},
		{[]string{"perl", "-e", `open(F, ">>/home/u/.bashrc")`}, []string{": >> '/home/u/.bashrc'"}, false},
		{[]string{"perl", "-e", `eval "system('halt')"`}, []string{"halt"}, false},
		{[]string{"perl", "-e", `system('rm -rf /') if 1`}, []string{"rm -rf /"}, false},
		{[]string{"perl", "-ne", `print if /"/; system("ls")`}, []string{"ls"}, false},
		{[]string{"perl", "-lne", `s/"/x/g; system("ls")`}, []string{"ls"}, false},
		{[]string{"perl", "-wle", `system("ls")`}, []string{"ls"}, false},
		{[]string{"perl", "-e", "print 1", "-e", `system("ls")`}, []string{"ls"}, false},
		{[]string{"perl", `-esystem("ls")`}, []string{"ls"}, false},
		{[]string{"perl", "-I", "lib", "-e", `system("ls")`}, []string{"ls"}, false},
		{[]string{"perl", "-0777", "-ne", `system("ls")`}, []string{"ls"}, false},
		{[]string{"perl", "-e", `my $c = "reboot"; system($c)`}, []string{"reboot"}, false},
		{[]string{"perl", "-e", `system($ARGV[0])`, "halt"}, []string{"halt"}, false},
		{[]string{"perl", "-e", `system($ARGV[0])`, "--", "halt"}, []string{"halt"}, false},
		{[]string{"ruby", "-e", `system(ARGV[0])`, "halt"}, []string{"halt"}, false},
		{[]string{"ruby", "-e", `FileUtils.rm_rf(ARGV[0])`, "/"}, []string{"rm -rf '/'"}, false},
		{[]string{"perl", "-e", `system("rm -rf $dir")`}, []string{`rm -rf "$(:)"`}, true},
		{[]string{"perl", "-e", `system("rm -rf " . $ARGV[0])`}, []string{`rm -rf "$(:)"`}, true},
		{[]string{"perl", "-e", `system($cmd)`}, nil, true},
		{[]string{"perl", "-e", `system @ARGV`}, nil, true},
		{[]string{"perl", "-e", "`$cmd`"}, nil, true},
		{[]string{"perl", "-e", `eval $code`}, nil, true},
		{[]string{"perl", "-e", `unlink $f`}, []string{`rm "$(:)"`}, true},
		// Data stays data.
		{[]string{"perl", "-e", `print "system(\"rm -rf /\")\n"`}, nil, false},
		{[]string{"perl", "-e", `print 'rm -rf /'`}, nil, false},
		{[]string{"perl", "-pe", "s/foo/bar/g"}, nil, false},
		{[]string{"perl", "-pi", "-e", "s/system/exec/g", "file.txt"}, nil, false},
		{[]string{"perl", "-ne", `print if /system\(/`}, nil, false},
		{[]string{"perl", "-e", `eval { die "x" }; print $@`}, nil, false},
		{[]string{"perl", "-e", `my %h = (system => 1); print $h{system}`}, nil, false},
		{[]string{"perl", "-e", `open(F, "<", "/etc/hosts"); print <F>`}, nil, false},
		{[]string{"perl", "script.pl", "-e", `system("x")`}, nil, false},
		{[]string{"perl", "-v"}, nil, false},

		{[]string{"ruby", "-e", `require "fileutils"; FileUtils.rm_rf("/")`}, []string{"rm -rf '/'"}, false},
		{[]string{"ruby", "-rfileutils", "-e", `FileUtils.rm_rf "/usr"`}, []string{"rm -rf '/usr'"}, false},
		{[]string{"ruby", "-r", "fileutils", "-e", `FileUtils.rm_r("/tmp/x")`}, []string{"rm -r '/tmp/x'"}, false},
		{[]string{"ruby", "-e", `FileUtils.rm_rf(["a", "b"])`}, []string{"rm -rf 'a' 'b'"}, false},
		{[]string{"ruby", "-e", `FileUtils.rm("x")`}, []string{"rm 'x'"}, false},
		{[]string{"ruby", "-e", `FileUtils.rm_f("x")`}, []string{"rm -f 'x'"}, false},
		{[]string{"ruby", "-e", `File.delete("/etc/passwd")`}, []string{"rm '/etc/passwd'"}, false},
		{[]string{"ruby", "-e", `Dir.rmdir("/tmp/d")`}, []string{"rmdir '/tmp/d'"}, false},
		{[]string{"ruby", "-e", `system("rm -rf /")`}, []string{"rm -rf /"}, false},
		{[]string{"ruby", "-e", "system 'rm -rf /'"}, []string{"rm -rf /"}, false},
		{[]string{"ruby", "-e", `system("rm", "-rf", "/")`}, []string{"'rm' '-rf' '/'"}, false},
		{[]string{"ruby", "-e", `system({"A" => "b"}, "reboot")`}, []string{"reboot"}, false},
		{[]string{"ruby", "-e", `exec "halt"`}, []string{"halt"}, false},
		{[]string{"ruby", "-e", "`rm -rf /`"}, []string{"rm -rf /"}, false},
		{[]string{"ruby", "-e", "%x(reboot)"}, []string{"reboot"}, false},
		{[]string{"ruby", "-e", "puts %x{ls -la}"}, []string{"ls -la"}, false},
		{[]string{"ruby", "-e", `IO.popen("rm -rf /tmp/x").read`}, []string{"rm -rf /tmp/x"}, false},
		{[]string{"ruby", "-e", `require "open3"; Open3.capture2("reboot")`}, []string{"reboot"}, false},
		{[]string{"ruby", "-e", `File.write("/etc/hosts", "")`}, []string{": > '/etc/hosts'"}, false},
		{[]string{"ruby", "-e", `File.open("/etc/hosts", "w") { |f| f.puts "x" }`}, []string{": > '/etc/hosts'"}, false},
		{[]string{"ruby", "-e", `eval("system('halt')")`}, []string{"halt"}, false},
		{[]string{"ruby", "-ne", `system("ls") if $_ =~ /x/`}, []string{"ls"}, false},
		{[]string{"ruby", "-e", `system("rm -rf #{dir}")`}, []string{`rm -rf "$(:)"`}, true},
		{[]string{"ruby", "-e", "`rm -rf #{ARGV[0]}`"}, []string{`rm -rf "$(:)"`}, true},
		{[]string{"ruby", "-e", `system(ARGV[0])`}, nil, true},
		{[]string{"ruby", "-e", `FileUtils.rm_rf(ARGV[0])`}, []string{`rm -rf "$(:)"`}, true},
		{[]string{"ruby", "-e", `puts "system('rm -rf /')"`}, nil, false},
		{[]string{"ruby", "-e", `puts 'rm -rf /'`}, nil, false},
		{[]string{"ruby", "-e", `puts 10 % 3`}, nil, false},
		{[]string{"ruby", "-e", `puts File.exist?("x")`}, nil, false},
		{[]string{"ruby", "-e", `# system("rm -rf /")`}, nil, false},
		{[]string{"ruby", "-e", `puts ENV["HOME"]`}, nil, false},
		{[]string{"ruby", "script.rb"}, nil, false},
	})
}

func TestInterpScriptsPHPAwkLua(t *testing.T) {
	runInterpCases(t, []interpCase{
		{[]string{"php", "-r", `system("rm -rf /");`}, []string{"rm -rf /"}, false},
		{[]string{"php", "-r", `exec('reboot');`}, []string{"reboot"}, false},
		{[]string{"php", "-r", `echo shell_exec("ls -la");`}, []string{"ls -la"}, false},
		{[]string{"php", "-r", `passthru("id");`}, []string{"id"}, false},
		{[]string{"php", "-r", "echo `rm -rf /tmp/x`;"}, []string{"rm -rf /tmp/x"}, false},
		{[]string{"php", "-r", `unlink("/etc/passwd");`}, []string{"rm '/etc/passwd'"}, false},
		{[]string{"php", "-r", `rmdir("/tmp/d");`}, []string{"rmdir '/tmp/d'"}, false},
		{[]string{"php", "-r", `file_put_contents("/etc/hosts", "");`}, []string{": > '/etc/hosts'"}, false},
		{[]string{"php", "-r", `system("rm -rf " . $argv[1]);`}, []string{`rm -rf "$(:)"`}, true},
		{[]string{"php", "-r", `system("rm -rf $dir");`}, []string{`rm -rf "$(:)"`}, true},
		{[]string{"php", "-r", `system($cmd);`}, nil, true},
		{[]string{"php", "-r", `echo "system('rm -rf /')";`}, nil, false},
		{[]string{"php", "-r", `echo 'rm -rf /';`}, nil, false},
		{[]string{"php", "-r", `// system("rm -rf /")` + "\necho 1;"}, nil, false},
		{[]string{"php", "-r", `echo phpversion();`}, nil, false},
		{[]string{"php", "artisan", "migrate"}, nil, false},
		{[]string{"php", "-v"}, nil, false},

		{[]string{"awk", `BEGIN { system("rm -rf /") }`}, []string{"rm -rf /"}, false},
		{[]string{"gawk", `BEGIN{system("reboot")}`}, []string{"reboot"}, false},
		{[]string{"mawk", "-F:", `{ system("rm -rf /tmp/x") }`, "file"}, []string{"rm -rf /tmp/x"}, false},
		{[]string{"awk", "-v", "x=1", `BEGIN { system("ls") }`}, []string{"ls"}, false},
		{[]string{"awk", `{ print "rm -rf /" | "sh" }`}, []string{"rm -rf /"}, false},
		{[]string{"awk", `{ print "reboot" | "/bin/bash" }`}, []string{"reboot"}, false},
		{[]string{"awk", `{ print | "sort -u" }`}, []string{"sort -u"}, false},
		{[]string{"awk", `BEGIN { "date" | getline d; print d }`}, []string{"date"}, false},
		{[]string{"awk", `BEGIN { while (("ls -la") | getline line) print line }`}, []string{"ls -la"}, false},
		{[]string{"awk", `{ print > "/etc/passwd" }`}, []string{": > '/etc/passwd'"}, false},
		{[]string{"awk", `{ print >> "out.log" }`}, []string{": >> 'out.log'"}, false},
		{[]string{"awk", "-e", `BEGIN { system("ls") }`}, []string{"ls"}, false},
		{[]string{"awk", `{ cmd = "date"; cmd | getline d; close(cmd); print d }`}, []string{"date"}, false},
		{[]string{"awk", `BEGIN { c = "reboot"; system(c) }`}, []string{"reboot"}, false},
		{[]string{"awk", `{ "geoiplookup " $2 " | cut -f2 -d:" | getline g; print g }`}, []string{`geoiplookup "$(:)" | cut -f2 -d:`}, true},
		{[]string{"awk", `{ if (x) "date" | getline d }`}, []string{"date"}, false},
		{[]string{"awk", `{ while (("ls " d) | getline f) print f }`}, []string{`ls "$(:)"`}, true},
		{[]string{"awk", `{ if (!system("[ -n "${" $1 "+y}" ]")) print $1 }`}, nil, true},
		{[]string{"awk", `{ system("rm " $1) }`, "files.txt"}, []string{`rm "$(:)"`}, true},
		{[]string{"awk", `{ system($0) }`}, nil, true},
		{[]string{"awk", `{ print $1 | "sh" }`}, nil, true},
		{[]string{"awk", `{ cmd | getline x }`}, nil, true},
		{[]string{"awk", `{print $1}`, "/etc/passwd"}, nil, false},
		{[]string{"awk", "-F:", `{print $1}`, "/etc/passwd"}, nil, false},
		{[]string{"awk", `$3 > 100 { print $1 }`}, nil, false},
		{[]string{"awk", `{ print "system(\"rm -rf /\")" }`}, nil, false},
		{[]string{"awk", `{ print $1 > "/dev/stderr" }`}, nil, false},
		{[]string{"awk", `/rm -rf/ { print }`}, nil, false},
		{[]string{"awk", `{ n = $1 / 2; print n }`}, nil, false},
		{[]string{"awk", "-f", "prog.awk", "data"}, nil, false},
		{[]string{"awk", `# system("rm -rf /")` + "\n{print}"}, nil, false},

		{[]string{"lua", "-e", `os.execute("rm -rf /")`}, []string{"rm -rf /"}, false},
		{[]string{"lua", "-e", `io.popen("reboot")`}, []string{"reboot"}, false},
		{[]string{"lua", "-e", `os.remove("/etc/passwd")`}, []string{"rm '/etc/passwd'"}, false},
		{[]string{"lua", "-e", `os.execute("rm -rf " .. arg[1])`}, []string{`rm -rf "$(:)"`}, true},
		{[]string{"lua", "-e", `print("os.execute('x')") -- os.execute("rm -rf /")`}, nil, false},
	})
}

// TestInterpCodeOptions checks where each interpreter's inline code is
// found, and that script files, modules and stdin are not code.
func TestInterpCodeOptions(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code string // "" when there is none
	}{
		{[]string{"python3", "-c", "X"}, "X"},
		{[]string{"python3", "-Ic", "X"}, "X"},
		{[]string{"python3", "-X", "dev", "-c", "X"}, "X"},
		{[]string{"python3", "-m", "mod", "-c", "X"}, ""},
		{[]string{"python3", "file.py", "-c", "X"}, ""},
		{[]string{"node", "-e", "X"}, "X"},
		{[]string{"node", "-r", "ts-node/register", "-e", "X"}, "X"},
		{[]string{"node", "-pe", "X"}, "X"},
		{[]string{"node", "app.js", "-e", "X"}, ""},
		{[]string{"perl", "-e", "A", "-e", "B"}, "A\nB"},
		{[]string{"perl", "-lane", "X"}, "X"},
		{[]string{"perl", "-Mstrict", "-e", "X"}, "X"},
		{[]string{"perl", "-i.bak", "-pe", "X", "f"}, "X"},
		{[]string{"perl", "x.pl"}, ""},
		{[]string{"ruby", "-e", "X"}, "X"},
		{[]string{"ruby", "-ne", "X"}, "X"},
		{[]string{"ruby", "-E", "UTF-8", "-e", "X"}, "X"},
		{[]string{"php", "-r", "X"}, "X"},
		{[]string{"php", "-d", "display_errors=1", "-r", "X"}, "X"},
		{[]string{"php", "-R", "X"}, "X"},
		{[]string{"php", "-f", "x.php"}, ""},
		{[]string{"awk", "X", "f"}, "X"},
		{[]string{"awk", "-F", ":", "X"}, "X"},
		{[]string{"awk", "-F:", "X"}, "X"},
		{[]string{"awk", "-vx=1", "X"}, "X"},
		{[]string{"awk", "--", "X"}, "X"},
		{[]string{"awk", "-f", "p.awk", "X"}, ""},
		{[]string{"gawk", "--source", "X"}, "X"},
		{[]string{"deno", "eval", "X"}, "X"},
		{[]string{"deno", "eval", "-p", "X"}, "X"},
		{[]string{"bun", "-e", "X"}, "X"},
		{[]string{"lua", "-e", "X"}, "X"},
		{[]string{"ls", "-c", "X"}, ""},
	} {
		_, code, ok := InterpCode(&Command{Args: Lits(tc.args...)})
		got := ""
		if ok {
			got = code.Value
		}
		if got != tc.code {
			t.Errorf("interpCode(%q) = %q, want %q", tc.args, got, tc.code)
		}
	}
}

func TestInterpQuote(t *testing.T) {
	for in, want := range map[string]string{
		"/p":                "'/p'",
		"it's":              `'it'\''s'`,
		"":                  "''",
		Unknown:             `"$(:)"`,
		"/tmp/" + Unknown:   `'/tmp/'"$(:)"`,
		Unknown + "/x" + "": `"$(:)"'/x'`,
		"a" + Unknown + "b": `'a'"$(:)"'b'`,
	} {
		if got := interpQuote(in); got != want {
			t.Errorf("interpQuote(%q) = %q, want %q", in, got, want)
		}
	}
}
