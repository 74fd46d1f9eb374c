/* String literals in device code: char arrays they initialize (a name, a
 * table of words with a braced member, escapes, bytes above 127, an array
 * exactly as long as the characters, a static table), pointers to them
 * (an alphabet a routine scans, a literal indexed in place, one chosen by
 * ?:) and literals passed to a routine, next to a private array passed to
 * the same routine. The pattern of bioinformatics kernels that encode
 * bases through "ACGT". */
#include <stdio.h>

#define N 96

static int fails;

static void expect(int cond, const char *what)
{
	if (!cond) {
		printf("FAIL %s\n", what);
		fails++;
	}
}

#pragma acc routine seq
static int length(const char *s)
{
	int n = 0;
	while (s[n])
		n++;
	return n;
}

#pragma acc routine seq
static int base_code(char c)
{
	const char *alphabet = "ACGT";
	for (int k = 0; alphabet[k]; k++)
		if (alphabet[k] == c)
			return k;
	return -1;
}

int main(void)
{
	char seq[N];
	int code[N], out[N];
	for (int i = 0; i < N; i++)
		seq[i] = "GATTACA"[i % 7];
#pragma acc parallel loop copyin(seq) copyout(code, out)
	for (int i = 0; i < N; i++) {
		char words[3][8] = {"alpha", "be", {'g', 'a', 'm'}};
		static const char marks[] = "\x01\t\\'z\"";
		unsigned char high[] = "\xe9\xff";
		char exact[3] = "abc";
		char w[8];
		for (int k = 0; k < 8; k++)
			w[k] = words[i % 3][k];
		code[i] = base_code(seq[i]);
		out[i] = length(w) * 1000 + length("hello") * 100 + "xyz"[i % 3] +
			 marks[i % 6] + high[i % 2] + exact[i % 3] + length(i % 2 ? "ab" : "abcd");
	}
	long sum = 0, codes = 0;
	for (int i = 0; i < N; i++) {
		sum += (long)out[i] * (i + 1);
		codes = codes * 3 % 1000003 + code[i];
	}
	printf("bases: %ld, words: %ld\n", codes, sum);
	expect(code[0] == 2 && code[1] == 0 && code[2] == 3 && code[6] == 0, "the bases' codes");
	expect(out[0] == 5000 + 500 + 'x' + 1 + 0xe9 + 'a' + 4, "the first work-item's sum");

	/* a Caesar cipher of a message each gang writes into its own row */
	char rows[4][16];
#pragma acc parallel loop gang copyout(rows)
	for (int r = 0; r < 4; r++) {
		char message[] = "openacc strings";
#pragma acc loop vector
		for (int k = 0; k < 16; k++) {
			char c = message[k];
			rows[r][k] = c >= 'a' && c <= 'z' ? (char)('a' + (c - 'a' + r) % 26) : c;
		}
	}
	for (int r = 0; r < 4; r++)
		printf("%s\n", rows[r]);
	expect(rows[1][0] == 'p' && rows[3][15] == '\0', "the cipher");
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
