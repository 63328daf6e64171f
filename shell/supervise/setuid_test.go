package supervise

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Under no_new_privs, which a user's filter needs, a setuid program gains
// nothing: this is why sudo cannot run under the supervisor as a user.
// The program is a setuid-root copy of id in a temporary directory: it only
// prints who it runs as.
func TestSetuidGainsNothingAsUser(t *testing.T) {
	requireSupervisor(t)
	if os.Geteuid() != 0 {
		t.Skip("needs root to make a setuid copy and to run it as another user")
	}
	idPath, err := exec.LookPath("id")
	if err != nil {
		t.Skip("no id program")
	}
	dir := t.TempDir()
	os.Chmod(filepath.Dir(dir), 0o755) // t.TempDir makes both 0700
	os.Chmod(dir, 0o755)
	suid := filepath.Join(dir, "id")
	src, err := os.Open(idPath)
	if err != nil {
		t.Fatal(err)
	}
	dst, err := os.OpenFile(suid, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(dst, src)
	src.Close()
	dst.Close()
	if err := os.Chmod(suid, 0o4755); err != nil {
		t.Fatal(err)
	}
	asNobody := func() *exec.Cmd {
		cmd := exec.Command(suid)
		cmd.Dir = dir
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		return cmd
	}
	plain, err := asNobody().Output()
	if err != nil {
		t.Fatalf("plain run: %v", err)
	}
	if !strings.Contains(string(plain), "euid=0") {
		t.Skipf("the setuid bit does not work here (nosuid?): %s", plain)
	}
	res := run(t, asNobody(), &recorder{}, 0)
	if res.err != nil {
		t.Fatalf("supervised run: %v\n%s", res.err, res.out)
	}
	if strings.Contains(res.out, "euid=0") || !strings.Contains(res.out, "uid=65534") {
		t.Errorf("a setuid program gained privileges under the supervisor as a user: %s", res.out)
	}
}
