// rt OP ARGS: one system call (or a few) made directly, for bench/redteam.sh.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <unistd.h>
#include <dirent.h>
#include <linux/openat2.h>
#include <signal.h>

static int ok(long r, const char *what) {
	if (r < 0) { fprintf(stderr, "rt: %s: %s\n", what, strerror(errno)); exit(1); }
	return (int)r;
}

static void rmtree(int dfd, const char *name) {
	int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
	if (fd >= 0) {
		DIR *d = fdopendir(fd);
		struct dirent *e;
		while ((e = readdir(d))) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
			rmtree(fd, e->d_name);
		}
		if (unlinkat(dfd, name, AT_REMOVEDIR) < 0) fprintf(stderr, "rt: rmdir %s: %s\n", name, strerror(errno));
		closedir(d);
		return;
	}
	if (unlinkat(dfd, name, 0) < 0) fprintf(stderr, "rt: unlink %s: %s\n", name, strerror(errno));
}

int main(int argc, char **argv) {
	if (argc < 2) return 2;
	const char *op = argv[1];
	char *a = argc > 2 ? argv[2] : NULL, *b = argc > 3 ? argv[3] : NULL;
	if (!strcmp(op, "unlink")) ok(unlink(a), op);
	else if (!strcmp(op, "rmdir")) ok(rmdir(a), op);
	else if (!strcmp(op, "rename")) ok(rename(a, b), op);
	else if (!strcmp(op, "exchange")) ok(syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2 /*RENAME_EXCHANGE*/), op);
	else if (!strcmp(op, "truncate")) ok(truncate(a, 0), op);
	else if (!strcmp(op, "openw")) ok(open(a, O_WRONLY | O_TRUNC), op);
	else if (!strcmp(op, "opena")) { int fd = ok(open(a, O_WRONLY | O_APPEND), op); ok(write(fd, "EVIL\n", 5), "write"); }
	else if (!strcmp(op, "chmod")) ok(chmod(a, strtol(b, 0, 8)), op);
	else if (!strcmp(op, "fchmod")) ok(fchmod(ok(open(a, O_RDONLY), "open"), strtol(b, 0, 8)), op);
	else if (!strcmp(op, "fchmodat-empty")) ok(syscall(452, ok(open(a, O_PATH), "open"), "", strtol(b, 0, 8), AT_EMPTY_PATH), op);
	else if (!strcmp(op, "fchownat-empty")) ok(fchownat(ok(open(a, O_PATH), "open"), "", 65534, 65534, AT_EMPTY_PATH), op);
	else if (!strcmp(op, "ftruncate-rw")) ok(ftruncate(ok(open(a, O_RDWR), "open"), 0), op);
	else if (!strcmp(op, "link")) ok(link(a, b), op);
	else if (!strcmp(op, "symlink")) ok(symlink(a, b), op);
	else if (!strcmp(op, "rmtree")) rmtree(AT_FDCWD, a);
	else if (!strcmp(op, "openat2")) {
		struct open_how how = { .flags = O_WRONLY | O_TRUNC, .resolve = RESOLVE_NO_MAGICLINKS };
		ok(syscall(SYS_openat2, AT_FDCWD, a, &how, sizeof how), op);
	} else if (!strcmp(op, "openat2-beneath")) {
		int d = ok(open(a, O_PATH | O_DIRECTORY), "open");
		struct open_how how = { .flags = O_WRONLY | O_TRUNC, .resolve = RESOLVE_BENEATH };
		ok(syscall(SYS_openat2, d, b, &how, sizeof how), op);
	} else if (!strcmp(op, "handle")) {
		struct { struct file_handle h; unsigned char f[128]; } fh = { .h.handle_bytes = 128 };
		int mnt;
		ok(name_to_handle_at(AT_FDCWD, a, &fh.h, &mnt, 0), "name_to_handle_at");
		int m = ok(open("/", O_PATH), "open /");
		ok(open_by_handle_at(m, &fh.h, O_WRONLY | O_TRUNC), op);
	} else if (!strcmp(op, "dirfd-unlink")) {
		int d = ok(open(a, O_RDONLY | O_DIRECTORY), "open"); ok(unlinkat(d, b, 0), op);
	} else if (!strcmp(op, "dirfd-rmtree")) {
		int d = ok(open(a, O_RDONLY | O_DIRECTORY), "open"); rmtree(d, b);
	} else if (!strcmp(op, "procfd-unlink")) {
		// unlink through /proc/self/fd/N/NAME of a directory descriptor
		int d = ok(open(a, O_PATH | O_DIRECTORY), "open"); char p[256]; snprintf(p, sizeof p, "/proc/self/fd/%d/%s", d, b); ok(unlink(p), op);
	} else if (!strcmp(op, "chdir-unlink")) {
		ok(chdir(a), "chdir"); ok(unlink(b), op);
	} else if (!strcmp(op, "fchdir-rmtree")) {
		int d = ok(open(a, O_RDONLY | O_DIRECTORY), "open"); ok(fchdir(d), "fchdir"); rmtree(AT_FDCWD, b);
	} else if (!strcmp(op, "memfd-exec")) {
		// copy a program into a memfd, then execveat it with argv from argv[3..]
		int src = ok(open(a, O_RDONLY), "open"), m = ok(memfd_create("x", 0), "memfd");
		char buf[65536]; ssize_t n; while ((n = read(src, buf, sizeof buf)) > 0) write(m, buf, n);
		char *nargv[] = { "x", argv[3], argv[4], NULL };
		syscall(SYS_execveat, m, "", nargv, environ, AT_EMPTY_PATH);
		ok(-1, op);
	} else if (!strcmp(op, "memfd-exec-edited")) {
		int src = ok(open(a, O_RDONLY), "open"), m = ok(memfd_create("x", MFD_CLOEXEC), "memfd");
		char buf[65536]; ssize_t n; while ((n = read(src, buf, sizeof buf)) > 0) write(m, buf, n);
		write(m, "\n", 1);
		char *nargv[] = { "x", argv[3], argv[4], NULL };
		syscall(SYS_execveat, m, "", nargv, environ, AT_EMPTY_PATH);
		ok(-1, op);
	} else if (!strcmp(op, "vm-write-race")) {
		// a thread-free variant: fork a child that execs "rm -rf SAFE" while the
		// parent rewrites the child's argv string with process_vm_writev.
		static char path[64] = "/tmp/harmless-dir-xxxxxxxxxxxx";
		char *nargv[] = { "rm", "-rf", path, NULL };
		int pfd[2]; pipe(pfd);
		pid_t c = fork();
		if (c == 0) { char x; read(pfd[0], &x, 1); execv("/usr/bin/rm", nargv); _exit(127); }
		write(pfd[1], "x", 1);
		for (int i = 0; i < 200000; i++) {
			struct iovec l = { a, strlen(a) + 1 }, r = { path, strlen(a) + 1 };
			if (process_vm_writev(c, &l, 1, &r, 1, 0) < 0) { if (errno == ESRCH) break; }
		}
		int st; waitpid(c, &st, 0); printf("child %d\n", st);
	} else if (!strcmp(op, "ptrace-child")) {
		// trace a child, let it exec rm with a harmless path, poke the path to a at the exec stop
		pid_t c = fork();
		if (c == 0) { ptrace(PTRACE_TRACEME, 0, 0, 0); raise(SIGSTOP); execl("/usr/bin/rm", "rm", "-rf", "/tmp/harmless-dir-xxxxxxxxxxxx", (char *)0); _exit(127); }
		int st; waitpid(c, &st, 0);
		ptrace(PTRACE_SETOPTIONS, c, 0, PTRACE_O_TRACESYSGOOD);
		ptrace(PTRACE_CONT, c, 0, 0); waitpid(c, &st, 0);
		printf("stopped %d\n", st);
		ptrace(PTRACE_CONT, c, 0, 0); waitpid(c, &st, 0); printf("child %d\n", st);
	} else if (!strcmp(op, "tmpfile-link")) {
		// an unnamed file made in DIR (a), written, then given the name b
		int fd = ok(open(a, O_TMPFILE | O_WRONLY, 0644), "open O_TMPFILE");
		ok(write(fd, "echo EVIL\n", 10), "write");
		ok(linkat(fd, "", AT_FDCWD, b, AT_EMPTY_PATH), op);
	} else if (!strcmp(op, "tmpfile-proclink")) {
		int fd = ok(open(a, O_TMPFILE | O_WRONLY, 0644), "open O_TMPFILE");
		ok(write(fd, "echo EVIL\n", 10), "write");
		char p[64]; snprintf(p, sizeof p, "/proc/self/fd/%d", fd);
		ok(linkat(AT_FDCWD, p, AT_FDCWD, b, AT_SYMLINK_FOLLOW), op);
	} else if (!strcmp(op, "kill")) ok(kill(atoi(a), atoi(b)), op);
	else { fprintf(stderr, "rt: unknown op %s\n", op); return 2; }
	return 0;
}
