/* Unions on the device: an array of tagged values (a struct holding a
 * union), a union reinterpreting a float's bits as an integer (type
 * punning, as C allows), a union firstprivate, a private union local, and
 * a union in a copy clause. Checked against the host's results. */
#include <stdio.h>

typedef union {
	float f;
	unsigned int bits;
} word;

union wide {
	double d;
	long l;
	int pair[2];
};

struct value {
	int kind; /* 0: long, 1: double */
	union wide as;
};

#define N 1000

static struct value vals[N];
static word words[N];

int main(void)
{
	for (int i = 0; i < N; i++) {
		vals[i].kind = i % 2;
		if (vals[i].kind == 0)
			vals[i].as.l = i;
		else
			vals[i].as.d = i * 0.5;
		words[i].f = (float)i;
	}
	union wide scale;
	scale.d = 2.0;
	union wide total;
	total.l = 0;

#pragma acc parallel loop copy(vals[0:N]) firstprivate(scale)
	for (int i = 0; i < N; i++) {
		if (vals[i].kind == 0)
			vals[i].as.l *= 3;
		else
			vals[i].as.d *= scale.d;
	}

	/* Exponent field of each float, through the bits. */
	int expo[N];
#pragma acc parallel loop copyin(words[0:N]) copyout(expo[0:N])
	for (int i = 0; i < N; i++) {
		word w = words[i];
		expo[i] = (int)((w.bits >> 23) & 0xff);
	}

#pragma acc serial copy(total)
	for (int i = 0; i < N; i++) {
		union wide t;
		t.l = i;
		total.l += t.l;
	}

	double sd = 0;
	long sl = 0, se = 0;
	for (int i = 0; i < N; i++) {
		if (vals[i].kind == 0)
			sl += vals[i].as.l;
		else
			sd += vals[i].as.d;
		se += expo[i];
	}
	printf("values: %ld %.1f\n", sl, sd);
	printf("exponents: %ld\n", se);
	printf("total: %ld\n", total.l);
	if (total.l != (long)N * (N - 1) / 2) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}
