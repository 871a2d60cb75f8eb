// SPDX-License-Identifier: GPL-2.0
/*
 * phc <ptp device> get | set <seconds> | step <seconds> | freq <ppb>:
 * reads a PTP hardware clock (prints its time as seconds.nanoseconds), sets
 * it, shifts it (clock_adjtime ADJ_SETOFFSET) or sets its frequency offset
 * (ADJ_FREQUENCY). Exits 0 on success, else prints the error and exits 1.
 * Built statically for the guest by scripts/mkinitramfs.sh.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/timex.h>

#define CLOCKFD 3
#define FD_TO_CLOCKID(fd) ((clockid_t)((((unsigned int)~(fd)) << 3) | CLOCKFD))

static int fail(const char *what)
{
	fprintf(stderr, "phc: %s: %s\n", what, strerror(errno));
	return 1;
}

int main(int argc, char **argv)
{
	struct timespec ts;
	struct timex tx;
	clockid_t clk;
	int fd;

	if (argc < 3) {
		fprintf(stderr, "usage: phc <dev> get|set <s>|step <s>|freq <ppb>\n");
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
	} else {
		fprintf(stderr, "phc: unknown command %s\n", argv[2]);
		return 2;
	}
	return 0;
}
