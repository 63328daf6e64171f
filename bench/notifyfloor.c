// notifyfloor: the least a seccomp user-notification supervisor can cost.
// It runs a command under a filter that reports what guardsh's does
// (execve, execveat, opens for writing, unlink, rename, chmod, chown,
// link, and with "forks" the process-creating calls) and answers every
// notification at once with SECCOMP_USER_NOTIF_FLAG_CONTINUE, reading
// nothing: no supervisor can answer faster. bench/notifyfloor.sh
// compares a build under it with the plain build.
//
// Usage: notifyfloor exec|writes|forks [sync] -- command [args...]
//   exec    only execve and execveat are reported
//   writes  and opens for writing, unlink, rename, chmod and the like
//   forks   and fork, vfork, clone3, clone without CLONE_THREAD
//   sync    the listener wakes the supervisor on the caller's CPU
//           (SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP), as guardsh's does
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SECCOMP_IOCTL_NOTIF_SET_FLAGS
#define SECCOMP_IOCTL_NOTIF_SET_FLAGS SECCOMP_IOW(4, __u64)
#endif
#ifndef SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP
#define SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP (1UL << 0)
#endif

#define WRITE_FLAGS (O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND)

static struct sock_filter prog[128];
static int n;
static void add(struct sock_filter f) { prog[n++] = f; }

// The filter: allow unless the call is one that is reported.
static int build(int level) {
	int always[] = {SYS_execve, SYS_execveat, SYS_creat, SYS_openat2, SYS_unlink, SYS_unlinkat, SYS_rmdir,
	                SYS_rename, SYS_renameat, SYS_renameat2, SYS_truncate, SYS_chmod, SYS_fchmod, SYS_fchmodat,
	                SYS_chown, SYS_fchown, SYS_lchown, SYS_fchownat, SYS_link, SYS_linkat, SYS_symlink, SYS_symlinkat};
	int forks[] = {SYS_fork, SYS_vfork, SYS_clone3};
	int k = level == 0 ? 2 : (int)(sizeof always / sizeof always[0]);
	add((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)));
	for (int i = 0; i < k; i++)
		add((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, always[i], 0, 1)), add((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF));
	if (level >= 2) {
		for (int i = 0; i < 3; i++)
			add((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, forks[i], 0, 1)), add((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF));
		add((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_clone, 0, 4));
		add((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])));
		add((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 0, 1));
		add((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
		add((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF));
		add((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)));
	}
	if (level >= 1) {
		add((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_openat, 0, 3));
		add((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[2])));
		add((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, WRITE_FLAGS, 0, 1));
		add((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF));
		add((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)));
		add((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_open, 0, 3));
		add((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[1])));
		add((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, WRITE_FLAGS, 0, 1));
		add((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF));
	}
	add((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
	return n;
}

static int sendfd(int sock, int fd) {
	char c = 0;
	struct iovec iov = {&c, 1};
	char buf[CMSG_SPACE(sizeof(int))];
	struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = buf, .msg_controllen = sizeof buf};
	struct cmsghdr *h = CMSG_FIRSTHDR(&m);
	h->cmsg_level = SOL_SOCKET, h->cmsg_type = SCM_RIGHTS, h->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(h), &fd, sizeof(int));
	return sendmsg(sock, &m, 0) == 1 ? 0 : -1;
}

static int recvfd(int sock) {
	char c;
	struct iovec iov = {&c, 1};
	char buf[CMSG_SPACE(sizeof(int))];
	struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = buf, .msg_controllen = sizeof buf};
	if (recvmsg(sock, &m, 0) != 1)
		return -1;
	int fd;
	memcpy(&fd, CMSG_DATA(CMSG_FIRSTHDR(&m)), sizeof(int));
	return fd;
}

int main(int argc, char **argv) {
	const char *levels[] = {"exec", "writes", "forks"};
	int level = -1;
	for (int i = 0; argc > 1 && i < 3; i++)
		if (!strcmp(argv[1], levels[i]))
			level = i;
	int sync = argc > 2 && !strcmp(argv[2], "sync");
	int cmd = 2 + sync + 1; // the command follows "--"
	if (level < 0 || argc <= cmd || strcmp(argv[cmd - 1], "--")) {
		fprintf(stderr, "usage: notifyfloor exec|writes|forks [sync] -- command [args...]\n");
		return 2;
	}
	struct sock_fprog fp = {.len = (unsigned short)build(level), .filter = prog};
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0)
		return perror("socketpair"), 1;
	pid_t child = fork();
	if (child == 0) {
		close(sv[0]);
		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
			return perror("no_new_privs"), 127;
		int lfd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &fp);
		if (lfd < 0)
			return perror("seccomp"), 127;
		if (sendfd(sv[1], lfd) < 0)
			return perror("sendfd"), 127;
		close(lfd);
		char c;
		if (read(sv[1], &c, 1) != 1) // the supervisor is ready
			return 127;
		close(sv[1]);
		execvp(argv[cmd], argv + cmd);
		_exit(127);
	}
	close(sv[1]);
	int lfd = recvfd(sv[0]);
	if (lfd < 0)
		return perror("recvfd"), 1;
	if (sync && ioctl(lfd, SECCOMP_IOCTL_NOTIF_SET_FLAGS, SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP) < 0)
		perror("sync wake-up");
	if (write(sv[0], "x", 1) != 1)
		return 1;
	close(sv[0]);
	struct seccomp_notif req;
	struct seccomp_notif_resp resp;
	long count = 0;
	for (;;) {
		struct pollfd pfd = {.fd = lfd, .events = POLLIN};
		if (poll(&pfd, 1, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (!(pfd.revents & POLLIN))
			break; // POLLHUP: no process uses the filter any more
		memset(&req, 0, sizeof req);
		if (ioctl(lfd, SECCOMP_IOCTL_NOTIF_RECV, &req) < 0) {
			if (errno == EINTR || errno == ENOENT)
				continue;
			break;
		}
		count++;
		memset(&resp, 0, sizeof resp);
		resp.id = req.id;
		resp.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
		ioctl(lfd, SECCOMP_IOCTL_NOTIF_SEND, &resp);
	}
	int st;
	waitpid(child, &st, 0);
	fprintf(stderr, "notifyfloor: %ld notifications\n", count);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
