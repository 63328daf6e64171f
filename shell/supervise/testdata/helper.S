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
	mov	edi, [rbp]		# close(sock)
	mov	eax, 3
	syscall
	mov	rdi, [rbx + 16]		# execve(argv[1], argv+2, envp)
	lea	rsi, [rbx + 24]
	mov	rax, [rbx]
	lea	rdx, [rbx + rax*8 + 16]
	mov	eax, 59
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
