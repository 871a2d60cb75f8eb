// SPDX-License-Identifier: GPL-2.0
/*
 * udp-flood <address> <port> <seconds> [<payload bytes> [<per second>]]
 *
 * The benchmark's receive load: UDP datagrams of <payload bytes> (default
 * 18, a 64-byte frame) to <address>:<port> as fast as this machine sends
 * them (sendmmsg, 64 a call), or paced to <per second> (0: unpaced), for
 * <seconds>; prints how many left. Runs on the emulated boards' host end
 * (scripts/run-board.sh builds it), where a Python loop is slower than the
 * guests receive.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define BATCH 64

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	static char payload[9000];
	struct mmsghdr m[BATCH];
	struct iovec iov[BATCH];
	struct sockaddr_in dst;
	unsigned long long sent = 0;
	double start, end, pps = 0;
	int s, i, size = 18;

	if (argc < 4) {
		fprintf(stderr, "usage: udp-flood <address> <port> <seconds> [<payload bytes> [<per second>]]\n");
		return 2;
	}
	if (argc > 4)
		size = atoi(argv[4]);
	if (argc > 5)
		pps = atof(argv[5]);
	if (size < 0 || size > (int)sizeof(payload) || pps < 0)
		return 2;
	memset(&dst, 0, sizeof(dst));
	dst.sin_family = AF_INET;
	dst.sin_port = htons(atoi(argv[2]));
	if (inet_pton(AF_INET, argv[1], &dst.sin_addr) != 1) {
		fprintf(stderr, "udp-flood: bad address %s\n", argv[1]);
		return 2;
	}
	s = socket(AF_INET, SOCK_DGRAM, 0);
	if (s < 0) {
		perror("udp-flood: socket");
		return 1;
	}
	memset(m, 0, sizeof(m));
	for (i = 0; i < BATCH; i++) {
		iov[i].iov_base = payload;
		iov[i].iov_len = size;
		m[i].msg_hdr.msg_name = &dst;
		m[i].msg_hdr.msg_namelen = sizeof(dst);
		m[i].msg_hdr.msg_iov = &iov[i];
		m[i].msg_hdr.msg_iovlen = 1;
	}
	start = now();
	end = start + atof(argv[3]);
	while (now() < end) {
		int n, want = BATCH;

		if (pps > 0) {
			/* Paced: what is due by now, at most a batch; else wait 1 ms. */
			double due = pps * (now() - start) - sent;

			if (due < 1) {
				usleep(1000);
				continue;
			}
			if (due < want)
				want = due;
		}
		n = sendmmsg(s, m, want, 0);

		/* A full queue (ENOBUFS): the frames are lost, as on a wire. */
		if (n > 0)
			sent += n;
		else if (errno != ENOBUFS && errno != EAGAIN && errno != EINTR)
			break;
	}
	printf("%llu\n", sent);
	return 0;
}
