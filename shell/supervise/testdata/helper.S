	.intel_syntax noprefix
	.text
	.globl _start
# The parameter block follows the code (params): u32 sock, u32 image fd,
# then struct sock_fprog {u16 len; u64 filter} at +8 (the filter's
# address is absolute: the image loads at a fixed address).
_start:
	mov	rbx, rsp		# argc, argv..., NULL, envp..., NULL
	lea	rbp, [rip + params]
	sub	rsp, 128		# iov at +16, cmsg at +32, msghdr at +64
	mov	edi, [rbp + 4]		# close(image fd)
	mov	eax, 3
	syscall
	call	install
	cmp	rax, -13		# EACCES: no_new_privs is needed first
	jne	1f
	mov	edi, 38			# prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
	mov	esi, 1
	xor	edx, edx
	xor	r10d, r10d
	xor	r8d, r8d
	mov	eax, 157
	syscall
	test	rax, rax
	jnz	fail
	call	install
1:	test	rax, rax
	js	fail
	mov	r12, rax		# the listener
	mov	byte ptr [rsp], 'k'
	mov	qword ptr [rsp + 24], 1	# iov_len
	mov	qword ptr [rsp + 32], 20	# cmsg_len = CMSG_LEN(4)
	mov	dword ptr [rsp + 40], 1	# SOL_SOCKET
	mov	dword ptr [rsp + 44], 1	# SCM_RIGHTS
	mov	[rsp + 48], r12d	# the descriptor
	lea	rax, [rsp + 32]
	mov	[rsp + 96], rax		# msg_control
	mov	qword ptr [rsp + 104], 24	# msg_controllen = CMSG_SPACE(4)
	call	send
	test	rax, rax
	js	exit125
	mov	rdi, r12		# close(listener)
	mov	eax, 3
	syscall
	cmp	qword ptr [rbx], 1	# argc 1: the target comes over the socket
	je	receive
	mov	edi, [rbp]		# close(sock)
	mov	eax, 3
	syscall
	mov	rdi, [rbx + 16]		# execve(argv[1], argv+2, envp)
	lea	rsi, [rbx + 24]
	mov	rax, [rbx]
	lea	rdx, [rbx + rax*8 + 16]
execve:	mov	eax, 59
	syscall
	mov	r12, rax
	mov	edi, 2			# write(2, msg, len)
	lea	rsi, [rip + msg]
	mov	edx, 47		# len(msg)
	mov	eax, 1
	syscall
	mov	edi, 126
	cmp	r12, -2			# ENOENT
	jne	2f
	mov	edi, 127
2:	mov	eax, 231		# exit_group
	syscall

fail:	neg	eax			# send "E" and the errno, then exit 125
	mov	byte ptr [rsp], 'E'
	mov	[rsp + 1], al
	mov	qword ptr [rsp + 24], 2
	mov	qword ptr [rsp + 96], 0
	mov	qword ptr [rsp + 104], 0
	call	send
exit125:
	mov	edi, 125
	mov	eax, 231
	syscall

# receive: the target in one message of at most LIMIT bytes (early.go):
# u32 argc, u32 envc, then path, argc argv strings and envc environment
# strings, each NUL-terminated, and nothing after them. argc is at least
# 1. Anything else, an end of file or an error exits 125, nothing run.
	.set	LIMIT, 0x20000		# earlyLimit
	.set	PTROFF, 0x21000		# the pointer arrays, after the message
	.set	MAPSIZE, 0x121000	# PTROFF + 8*LIMIT: a pointer per string at most
receive:
	xor	edi, edi		# mmap(NULL, MAPSIZE, RW, PRIVATE|ANONYMOUS, -1, 0)
	mov	esi, MAPSIZE
	mov	edx, 3
	mov	r10d, 0x22
	mov	r8, -1
	xor	r9d, r9d
	mov	eax, 9
	syscall
	cmp	rax, -4095
	jae	exit125
	mov	r13, rax		# the message
3:	mov	edi, [rbp]		# recvfrom(sock, buf, LIMIT+1, 0, NULL, NULL)
	mov	rsi, r13
	mov	edx, LIMIT + 1
	xor	r10d, r10d
	xor	r8d, r8d
	xor	r9d, r9d
	mov	eax, 45
	syscall
	cmp	rax, -4			# EINTR
	je	3b
	cmp	rax, 8			# the header at least (also EOF and errors)
	jl	exit125
	cmp	rax, LIMIT		# longer than LIMIT: cut, refused
	ja	exit125
	lea	r14, [r13 + rax]	# the end
	mov	edi, [rbp]		# close(sock)
	mov	eax, 3
	syscall
	lea	rsi, [r13 + 8]		# the strings
	call	take
	mov	r12, rax		# the path
	lea	rdi, [r13 + PTROFF]	# argv
	mov	r15, rdi
	mov	ecx, [r13]		# argc
	test	ecx, ecx
	jz	exit125
4:	call	take
	mov	[rdi], rax
	add	rdi, 8
	dec	ecx
	jnz	4b
	mov	qword ptr [rdi], 0
	add	rdi, 8
	mov	r8, rdi			# envp
	mov	ecx, [r13 + 4]		# envc
	test	ecx, ecx
	jz	6f
5:	call	take
	mov	[rdi], rax
	add	rdi, 8
	dec	ecx
	jnz	5b
6:	mov	qword ptr [rdi], 0
	cmp	rsi, r14		# nothing after the last string
	jne	exit125
	mov	rdi, r12
	mov	rsi, r15
	mov	rdx, r8
	jmp	execve

# take: the string at rsi, NUL-terminated before r14 (else exit 125): its
# address in rax, rsi past its NUL.
take:	mov	rax, rsi
7:	cmp	rsi, r14
	jae	exit125
	cmp	byte ptr [rsi], 0
	lea	rsi, [rsi + 1]
	jne	7b
	ret

# install: seccomp(SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &fprog)
install:
	mov	edi, 1
	mov	esi, 8
	lea	rdx, [rbp + 8]
	mov	eax, 317
	syscall
	ret

# send: sendmsg(sock, &msghdr, 0), the message being [rsp+8] in the caller's frame.
send:
	lea	rax, [rsp + 8]		# the caller's rsp
	mov	[rax + 16], rax		# iov_base
	mov	qword ptr [rax + 64], 0	# msg_name
	mov	qword ptr [rax + 72], 0	# msg_namelen
	lea	rcx, [rax + 16]
	mov	[rax + 80], rcx		# msg_iov
	mov	qword ptr [rax + 88], 1	# msg_iovlen
	mov	qword ptr [rax + 112], 0	# msg_flags
	mov	edi, [rbp]
	lea	rsi, [rax + 64]
	xor	edx, edx
	mov	eax, 46
	syscall
	ret

msg:	.ascii "guardsh: cannot execute the supervised program\n"
	.balign 8
params:
