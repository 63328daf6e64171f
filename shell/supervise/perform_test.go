package supervise

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A link swapped between the check and the call, by another process of the
// tree, no longer changes what the call reaches: the supervisor performs
// the call on the directory (or the object) it checked. The Decider here
// swaps the link itself while it decides, the exact moment a racing
// process would; without the supervisor performing the call, the kernel
// would look the path up again and reach the protected file.
func TestEffectOnWhatWasChecked(t *testing.T) {
	requireSupervisor(t)
	for _, tc := range []struct {
		name string
		act  func(dir string) string // the action, on paths through dir/l
		kind Kind
		// what must still be there in prot, and what the call changed in safe
		kept, gone string
	}{
		{"unlink", func(d string) string { return "unlink " + d + "/l/x" }, KindRemove, "x", "x"},
		{"unlinkat", func(d string) string { return "unlinkat " + d + "/l x" }, KindRemove, "x", "x"},
		{"rmdir", func(d string) string { return "rmdir " + d + "/l/sub" }, KindRemove, "sub", "sub"},
		{"rmdir-rel", func(d string) string { return "rmdir-rel " + d + " l/sub/" }, KindRemove, "sub", "sub"},
		{"rename", func(d string) string { return "rename " + d + "/l/x " + d + "/moved" }, KindRename, "x", "x"},
		{"rename-onto", func(d string) string { return "rename " + d + "/new " + d + "/l/x" }, KindRename, "x", ""},
		{"chmod", func(d string) string { return "chmod " + d + "/l/x" }, KindChmod, "x", ""},
		{"truncate", func(d string) string { return "truncate " + d + "/l/x" }, KindTrunc, "x", ""},
		{"chown", func(d string) string { return "chown " + d + "/l/x" }, KindChown, "x", ""},
		{"link", func(d string) string { return "link " + d + "/new " + d + "/l/y" }, KindLink, "", ""},
		{"symlink", func(d string) string { return "symlink /etc/passwd " + d + "/l/y" }, KindLink, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			safe, prot := filepath.Join(dir, "safe"), filepath.Join(dir, "prot")
			for _, d := range []string{safe, prot} {
				os.MkdirAll(filepath.Join(d, "sub"), 0o755)
				os.WriteFile(filepath.Join(d, "x"), []byte("data\n"), 0o644)
			}
			os.WriteFile(filepath.Join(dir, "new"), []byte("new\n"), 0o644)
			link := filepath.Join(dir, "l")
			if err := os.Symlink(safe, link); err != nil {
				t.Fatal(err)
			}
			var checked []string
			resolved := true
			r := &recorder{deny: func(ev *Event) bool {
				if ev.Kind != tc.kind {
					return false
				}
				checked = append(checked, ev.Path, ev.Path2)
				// Performed: the paths were read back from the
				// descriptors, but a symlink's text.
				resolved = resolved && ev.Resolved == (tc.name != "symlink")
				if under(ev.Path, prot) || under(ev.Path2, prot) {
					return true
				}
				// Allowed on safe: now the race flips the link.
				os.Remove(link)
				os.Symlink(prot, link)
				return false
			}}
			act := tc.act(dir)
			res := run(t, self(t, act), r, 0)
			if !strings.Contains(res.out, act+": ok") {
				t.Errorf("%s: %q, want ok (checked %q)", act, res.out, checked)
			}
			if len(checked) == 0 || !under(checked[0], safe) && !under(checked[1], safe) {
				t.Errorf("checked %q, want paths in %s", checked, safe)
			}
			pst, _ := os.Stat(filepath.Join(prot, "x"))
			if tc.kept != "" && !exists(filepath.Join(prot, tc.kept)) {
				t.Errorf("%s: the protected %s is gone", act, tc.kept)
			}
			if tc.name == "chmod" && pst != nil && pst.Mode().Perm() != 0o644 {
				t.Errorf("chmod reached the protected file: %v", pst.Mode())
			}
			if data, _ := os.ReadFile(filepath.Join(prot, "x")); tc.name != "rename-onto" && string(data) != "data\n" {
				t.Errorf("%s: the protected x holds %q", act, data)
			}
			if exists(filepath.Join(prot, "y")) {
				t.Errorf("%s: made y in the protected directory", act)
			}
			if tc.gone != "" && exists(filepath.Join(safe, tc.gone)) {
				t.Errorf("%s: the checked %s in safe is still there", act, tc.gone)
			}
			if res.stats.Performed == 0 {
				t.Errorf("%s: not performed by the supervisor: %+v", act, res.stats)
			}
			if !resolved {
				t.Errorf("%s: an event's Resolved is wrong", act)
			}
		})
	}
}

// An open whose lookup fails (the file, or the directory of a new one, is
// not there) fails so, without the kernel looking the path up again: a
// link made or swapped meanwhile cannot send it into a protected
// directory.
func TestOpenLookupFails(t *testing.T) {
	requireSupervisor(t)
	if !Available().AddFD {
		t.Skip("no SECCOMP_IOCTL_NOTIF_ADDFD")
	}
	for _, act := range []string{"open-trunc %s/l/x", "open-w %s/l/sub2/x"} {
		dir := t.TempDir()
		safe, prot := filepath.Join(dir, "safe"), filepath.Join(dir, "prot")
		os.MkdirAll(safe, 0o755)
		os.MkdirAll(filepath.Join(prot, "sub2"), 0o755)
		os.WriteFile(filepath.Join(prot, "x"), []byte("data\n"), 0o644)
		link := filepath.Join(dir, "l")
		os.Symlink(safe, link)
		swap := func() { os.Remove(link); os.Symlink(prot, link) }
		r := &recorder{deny: func(ev *Event) bool {
			if ev.Kind == KindOpen {
				swap()
			}
			return under(ev.Path, prot)
		}}
		a := strings.Replace(act, "%s", dir, 1)
		res := run(t, self(t, a), r, 0)
		if !strings.Contains(res.out, a+": ENOENT") {
			t.Errorf("%s: %q, want ENOENT", a, res.out)
		}
		if data, _ := os.ReadFile(filepath.Join(prot, "x")); string(data) != "data\n" {
			t.Errorf("%s: the protected x holds %q", a, data)
		}
		if exists(filepath.Join(prot, "sub2", "x")) {
			t.Errorf("%s: made a file in the protected directory", a)
		}
	}
}

// Relative paths, dirfds and trailing slashes are looked up as the
// process would; a call the kernel would fail fails the same way.
func TestEffectErrors(t *testing.T) {
	requireSupervisor(t)
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "d"), 0o755)
	os.WriteFile(filepath.Join(dir, "f"), nil, 0o644)
	os.Symlink("d", filepath.Join(dir, "ld"))
	r := &recorder{}
	res := run(t, self(t,
		"unlink "+dir+"/missing/x", "unlink "+dir+"/f/x", "unlink "+dir+"/d", "rmdir "+dir+"/f",
		"rmdir "+dir+"/ld/", "rmdir "+dir+"/.", "unlinkat "+dir+" f", "rmdir-rel "+dir+" d/",
		"chmod "+dir+"/nothing", "rename "+dir+"/nothing "+dir+"/x"), r, 0)
	for _, want := range []string{
		"unlink " + dir + "/missing/x: ENOENT", "unlink " + dir + "/f/x: ENOTDIR",
		"unlink " + dir + "/d: EISDIR", "rmdir " + dir + "/f: ENOTDIR",
		"rmdir " + dir + "/ld/: ENOTDIR", "rmdir " + dir + "/.: EINVAL",
		"unlinkat " + dir + " f: ok", "rmdir-rel " + dir + " d/: ok",
		"chmod " + dir + "/nothing: ENOENT", "rename " + dir + "/nothing " + dir + "/x: ENOENT",
	} {
		if !strings.Contains(res.out, want+"\n") {
			t.Errorf("want %q in\n%s", want, res.out)
		}
	}
	if exists(filepath.Join(dir, "f")) || exists(filepath.Join(dir, "d")) {
		t.Errorf("f or d still there")
	}
}

func TestSplitLast(t *testing.T) {
	for _, tc := range []struct{ in, dir, base string }{
		{"x", "", "x"},
		{"d/x", "d/", "x"},
		{"/a/b/c", "/a/b/", "c"},
		{"d/", "", "d/"},
		{"a/d//", "a/", "d//"},
		{"/", "", "/"},
		{"//", "", "//"},
		{"/x", "/", "x"},
		{"a/..", "a/", ".."},
		{".", "", "."},
	} {
		if dir, base := splitLast(tc.in); dir != tc.dir || base != tc.base {
			t.Errorf("splitLast(%q) = %q, %q; want %q, %q", tc.in, dir, base, tc.dir, tc.base)
		}
	}
}

func TestOwnNamesTable(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/proc/self/fd/3/x", "/proc/42/fd/3/x"},
		{"/proc/thread-self", "/proc/42"},
		{"/dev/fd/5/y", "/proc/42/fd/5/y"},
		{"/dev/stdout", "/proc/42/fd/1"},
		{"/proc/selfish", "/proc/selfish"},
		{"/dev/fdx", "/dev/fdx"},
		{"rel/proc/self", "rel/proc/self"},
	} {
		if got := OwnNames(tc.in, 42); got != tc.want {
			t.Errorf("OwnNames(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// A program that sandboxes itself with Landlock keeps its sandbox: the
// supervisor, which would perform its unlink as itself (with rights the
// process gave up), leaves every call to the kernel from then on, which
// refuses it with the process's own rights.
func TestLandlockedProcessKeepsItsSandbox(t *testing.T) {
	requireSupervisor(t)
	dir := t.TempDir()
	x, y := filepath.Join(dir, "x"), filepath.Join(dir, "y")
	os.WriteFile(x, nil, 0o644)
	os.WriteFile(y, nil, 0o644)
	res := run(t, self(t, "unlink "+y, "landlock", "unlink "+x, "open-w "+x), &recorder{}, 0)
	if strings.Contains(res.out, "landlock: ENOSYS") || strings.Contains(res.out, "landlock: EOPNOTSUPP") {
		t.Skip("no Landlock here: " + res.out)
	}
	for _, want := range []string{"unlink " + y + ": ok", "landlock: ok", "unlink " + x + ": EACCES", "open-w " + x + ": EACCES"} {
		if !strings.Contains(res.out, want+"\n") {
			t.Errorf("want %q in\n%s", want, res.out)
		}
	}
	if !exists(x) {
		t.Error("the supervisor deleted a file the process's own sandbox forbade it")
	}
}

// A root process that went into a user namespace of its own (`unshare
// --user --map-root-user`) is root there only: over a file of a user its
// namespace does not map it has no rights, though its uid and
// capabilities read the same. The supervisor does not act for it.
func TestOtherUserNamespaceNotPerformed(t *testing.T) {
	requireSupervisor(t)
	if os.Geteuid() != 0 {
		t.Skip("needs root")
	}
	unshare, err := exec.LookPath("unshare")
	if err != nil {
		t.Skip("no unshare")
	}
	dir := t.TempDir()
	d := filepath.Join(dir, "d")
	os.Mkdir(d, 0o755)
	x := filepath.Join(d, "x")
	os.WriteFile(x, nil, 0o644)
	for _, p := range []string{d, x} {
		if err := os.Chown(p, 12345, 12345); err != nil {
			t.Skip(err)
		}
	}
	cmd := exec.Command(unshare, "--user", "--map-root-user", "rm", "-f", x)
	res := run(t, cmd, &recorder{}, 0)
	if !exists(x) || res.stats.Performed != 0 {
		t.Errorf("the supervisor acted for a process of another user namespace (%v, %+v):\n%s", res.err, res.stats, res.out)
	}
}
