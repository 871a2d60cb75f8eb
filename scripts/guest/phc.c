// SPDX-License-Identifier: GPL-2.0
/*
 * phc <ptp device> get | set <seconds> | step <seconds> | freq <ppb> | caps |
 *     pps on|off | perout <start ms from now> <period ns> [flags] | perout off:
 * reads a PTP hardware clock (prints its time as seconds.nanoseconds), sets
 * it, shifts it (clock_adjtime ADJ_SETOFFSET), sets its frequency offset
 * (ADJ_FREQUENCY), prints its outputs ("pps N perout N"), turns its PPS
 * output on or off (PTP_ENABLE_PPS), or its periodic output 0 on from the
 * clock's time plus <start ms> (which may be negative) or off
 * (PTP_PEROUT_REQUEST2). Exits 0 on success, else prints the error with its
 * errno name and exits 1. Built statically for the guest by
 * scripts/mkinitramfs.sh.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/ptp_clock.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/timex.h>

#define CLOCKFD 3
#define FD_TO_CLOCKID(fd) ((clockid_t)((((unsigned int)~(fd)) << 3) | CLOCKFD))

static const char *errno_name(int e)
{
	switch (e) {
	case EBUSY: return "EBUSY";
	case EINVAL: return "EINVAL";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case ENODEV: return "ENODEV";
	case ERANGE: return "ERANGE";
	case EPERM: return "EPERM";
	default: return "other";
	}
}

static int fail(const char *what)
{
	int e = errno;

	fprintf(stderr, "phc: %s: %s (%s)\n", what, strerror(e), errno_name(e));
	return 1;
}

/* perout <fd> <clock> <start ms from now> <period ns> <flags>; a period of 0
 * turns the output off. */
static int perout(int fd, clockid_t clk, long long start_ms, long long period, unsigned int flags)
{
	struct ptp_perout_request req;
	struct timespec now;
	long long start;

	memset(&req, 0, sizeof(req));
	if (period) {
		if (clock_gettime(clk, &now))
			return fail("clock_gettime");
		start = (long long)now.tv_sec * 1000000000LL + now.tv_nsec + start_ms * 1000000LL;
		req.start.sec = start / 1000000000LL;
		req.start.nsec = start % 1000000000LL;
		if (start < 0) {
			req.start.sec = -1;
			req.start.nsec = 0;
		}
		req.period.sec = period / 1000000000LL;
		req.period.nsec = period % 1000000000LL;
	}
	req.flags = flags;
	if (ioctl(fd, PTP_PEROUT_REQUEST2, &req))
		return fail("PTP_PEROUT_REQUEST2");
	return 0;
}

int main(int argc, char **argv)
{
	struct timespec ts;
	struct timex tx;
	clockid_t clk;
	int fd;

	if (argc < 3) {
		fprintf(stderr, "usage: phc <dev> get|set <s>|step <s>|freq <ppb>|caps|"
			"pps on|off|perout <ms> <period ns> [flags]|perout off\n");
		return 2;
	}
	fd = open(argv[1], O_RDWR);
	if (fd < 0)
		return fail(argv[1]);
	clk = FD_TO_CLOCKID(fd);
	memset(&tx, 0, sizeof(tx));
	if (!strcmp(argv[2], "get")) {
		if (clock_gettime(clk, &ts))
			return fail("clock_gettime");
		printf("%lld.%09ld\n", (long long)ts.tv_sec, ts.tv_nsec);
	} else if (!strcmp(argv[2], "set") && argc == 4) {
		ts.tv_sec = atoll(argv[3]);
		ts.tv_nsec = 0;
		if (clock_settime(clk, &ts))
			return fail("clock_settime");
	} else if (!strcmp(argv[2], "step") && argc == 4) {
		tx.modes = ADJ_SETOFFSET | ADJ_NANO;
		tx.time.tv_sec = atol(argv[3]);
		tx.time.tv_usec = 0;
		if (syscall(SYS_clock_adjtime, clk, &tx) < 0)
			return fail("clock_adjtime(ADJ_SETOFFSET)");
	} else if (!strcmp(argv[2], "freq") && argc == 4) {
		/* ppb to the timex's ppm with a 16-bit binary fraction. */
		tx.modes = ADJ_FREQUENCY;
		tx.freq = (long)(atoll(argv[3]) * 65536 / 1000);
		if (syscall(SYS_clock_adjtime, clk, &tx) < 0)
			return fail("clock_adjtime(ADJ_FREQUENCY)");
	} else if (!strcmp(argv[2], "caps")) {
		struct ptp_clock_caps caps;

		memset(&caps, 0, sizeof(caps));
		if (ioctl(fd, PTP_CLOCK_GETCAPS2, &caps))
			return fail("PTP_CLOCK_GETCAPS2");
		printf("pps %d perout %d\n", caps.pps, caps.n_per_out);
	} else if (!strcmp(argv[2], "pps") && argc == 4) {
		if (ioctl(fd, PTP_ENABLE_PPS2, !strcmp(argv[3], "on") ? 1 : 0))
			return fail("PTP_ENABLE_PPS2");
	} else if (!strcmp(argv[2], "perout") && argc == 4 && !strcmp(argv[3], "off")) {
		return perout(fd, clk, 0, 0, 0);
	} else if (!strcmp(argv[2], "perout") && (argc == 5 || argc == 6)) {
		return perout(fd, clk, atoll(argv[3]), atoll(argv[4]),
			      argc == 6 ? strtoul(argv[5], NULL, 0) : 0);
	} else {
		fprintf(stderr, "phc: unknown command %s\n", argv[2]);
		return 2;
	}
	return 0;
}
