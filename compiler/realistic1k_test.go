//go:build unix

package compiler_test

import (
	"fmt"
	"strings"
)

// realistic1k writes an OpenACC program of about lines lines that looks
// like an application rather than a stress test: PolyBench-like kernels
// (gemm, 2mm, atax, bicg, gesummv, syrk, jacobi-2d, a dot product), each in
// a function with its own initialization, data region, host reference and
// comparison, about one compute construct per 22 lines (the 1000-line one:
// 45 constructs). Integer-valued data keeps device and host results
// identical; main prints the checksum and OK, or FAIL.
func realistic1k(lines int) string {
	var b strings.Builder
	b.WriteString(`/* generated: PolyBench-like kernels with their host code, for the translation time */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

static int failures;

static void check(const char *what, int k, const float *got, const float *want, int n)
{
	for (int i = 0; i < n; i++)
		if (got[i] != want[i]) {
			printf("FAIL %s %d at %d: %g != %g\n", what, k, i, got[i], want[i]);
			failures++;
			return;
		}
}

static float *array(int n, int seed)
{
	float *a = malloc(sizeof(float) * n);
	for (int i = 0; i < n; i++)
		a[i] = (float)((i * 7 + seed) % 11) - 5.0f;
	return a;
}

static double sum(const float *a, int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += a[i];
	return s;
}
`)
	var calls []string
	for k := 0; strings.Count(b.String(), "\n") < lines-40; k++ {
		t := realisticKernels[k%len(realisticKernels)]
		fmt.Fprintf(&b, t.text, k)
		calls = append(calls, fmt.Sprintf("\tt += %s%d(%d);\n", t.name, k, 24+k%5*8))
	}
	b.WriteString("\nint main(void)\n{\n\tdouble t = 0;\n")
	for _, c := range calls {
		b.WriteString(c)
	}
	b.WriteString("\tprintf(\"checksum %.1f\\n\", t);\n\tif (failures)\n\t\treturn 1;\n\tprintf(\"OK\\n\");\n\treturn 0;\n}\n")
	return b.String()
}

var realisticKernels = []struct{ name, text string }{
	{"gemm", `
static double gemm%[1]d(int n)
{
	float *A = array(n * n, 1), *B = array(n * n, 2), *C = array(n * n, 3), *R = malloc(sizeof(float) * n * n);
	for (int i = 0; i < n * n; i++)
		R[i] = C[i];
#pragma acc parallel loop collapse(2) copyin(A[0:n * n], B[0:n * n]) copy(C[0:n * n])
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			float s = 0.0f;
			for (int k = 0; k < n; k++)
				s += A[i * n + k] * B[k * n + j];
			C[i * n + j] = 2.0f * C[i * n + j] + s;
		}
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			float s = 0.0f;
			for (int k = 0; k < n; k++)
				s += A[i * n + k] * B[k * n + j];
			R[i * n + j] = 2.0f * R[i * n + j] + s;
		}
	check("gemm", %[1]d, C, R, n * n);
	double s = sum(C, n * n);
	free(A), free(B), free(C), free(R);
	return s;
}
`},
	{"mm2", `
static double mm2%[1]d(int n)
{
	float *A = array(n * n, 4), *B = array(n * n, 5), *C = array(n * n, 6), *D = array(n * n, 7);
	float *tmp = malloc(sizeof(float) * n * n), *R = malloc(sizeof(float) * n * n), *T = malloc(sizeof(float) * n * n);
#pragma acc data copyin(A[0:n * n], B[0:n * n], C[0:n * n]) create(tmp[0:n * n]) copyout(R[0:n * n])
	{
#pragma acc parallel loop collapse(2)
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++) {
				float s = 0.0f;
				for (int k = 0; k < n; k++)
					s += A[i * n + k] * B[k * n + j];
				tmp[i * n + j] = s;
			}
#pragma acc parallel loop collapse(2)
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++) {
				float s = 0.0f;
				for (int k = 0; k < n; k++)
					s += tmp[i * n + k] * C[k * n + j];
				R[i * n + j] = s;
			}
	}
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			float s = 0.0f;
			for (int k = 0; k < n; k++)
				s += A[i * n + k] * B[k * n + j];
			T[i * n + j] = s;
		}
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			float s = 0.0f;
			for (int k = 0; k < n; k++)
				s += T[i * n + k] * C[k * n + j];
			D[i * n + j] = s;
		}
	check("2mm", %[1]d, R, D, n * n);
	double s = sum(R, n * n);
	free(A), free(B), free(C), free(D), free(tmp), free(R), free(T);
	return s;
}
`},
	{"atax", `
static double atax%[1]d(int n)
{
	float *A = array(n * n, 8), *x = array(n, 9), *tmp = malloc(sizeof(float) * n);
	float *y = malloc(sizeof(float) * n), *r = malloc(sizeof(float) * n);
#pragma acc data copyin(A[0:n * n], x[0:n]) create(tmp[0:n]) copyout(y[0:n])
	{
#pragma acc parallel loop
		for (int i = 0; i < n; i++) {
			float s = 0.0f;
			for (int j = 0; j < n; j++)
				s += A[i * n + j] * x[j];
			tmp[i] = s;
		}
#pragma acc parallel loop
		for (int j = 0; j < n; j++) {
			float s = 0.0f;
			for (int i = 0; i < n; i++)
				s += A[i * n + j] * tmp[i];
			y[j] = s;
		}
	}
	for (int i = 0; i < n; i++) {
		float s = 0.0f;
		for (int j = 0; j < n; j++)
			s += A[i * n + j] * x[j];
		tmp[i] = s;
	}
	for (int j = 0; j < n; j++) {
		float s = 0.0f;
		for (int i = 0; i < n; i++)
			s += A[i * n + j] * tmp[i];
		r[j] = s;
	}
	check("atax", %[1]d, y, r, n);
	double s = sum(y, n);
	free(A), free(x), free(tmp), free(y), free(r);
	return s;
}
`},
	{"bicg", `
static double bicg%[1]d(int n)
{
	float *A = array(n * n, 10), *p = array(n, 11), *r = array(n, 12);
	float *q = malloc(sizeof(float) * n), *s = malloc(sizeof(float) * n);
	float *qr = malloc(sizeof(float) * n), *sr = malloc(sizeof(float) * n);
#pragma acc parallel loop copyin(A[0:n * n], p[0:n]) copyout(q[0:n])
	for (int i = 0; i < n; i++) {
		float t = 0.0f;
		for (int j = 0; j < n; j++)
			t += A[i * n + j] * p[j];
		q[i] = t;
	}
#pragma acc parallel loop copyin(A[0:n * n], r[0:n]) copyout(s[0:n])
	for (int j = 0; j < n; j++) {
		float t = 0.0f;
		for (int i = 0; i < n; i++)
			t += r[i] * A[i * n + j];
		s[j] = t;
	}
	for (int i = 0; i < n; i++) {
		qr[i] = 0.0f;
		for (int j = 0; j < n; j++)
			qr[i] += A[i * n + j] * p[j];
	}
	for (int j = 0; j < n; j++) {
		sr[j] = 0.0f;
		for (int i = 0; i < n; i++)
			sr[j] += r[i] * A[i * n + j];
	}
	check("bicg q", %[1]d, q, qr, n);
	check("bicg s", %[1]d, s, sr, n);
	double t = sum(q, n) + sum(s, n);
	free(A), free(p), free(r), free(q), free(s), free(qr), free(sr);
	return t;
}
`},
	{"gesummv", `
static double gesummv%[1]d(int n)
{
	float *A = array(n * n, 13), *B = array(n * n, 14), *x = array(n, 15);
	float *y = malloc(sizeof(float) * n), *r = malloc(sizeof(float) * n);
	const float alpha = 3.0f, beta = 2.0f;
#pragma acc parallel loop copyin(A[0:n * n], B[0:n * n], x[0:n]) copyout(y[0:n])
	for (int i = 0; i < n; i++) {
		float t = 0.0f, u = 0.0f;
		for (int j = 0; j < n; j++) {
			t += A[i * n + j] * x[j];
			u += B[i * n + j] * x[j];
		}
		y[i] = alpha * t + beta * u;
	}
	for (int i = 0; i < n; i++) {
		float t = 0.0f, u = 0.0f;
		for (int j = 0; j < n; j++) {
			t += A[i * n + j] * x[j];
			u += B[i * n + j] * x[j];
		}
		r[i] = alpha * t + beta * u;
	}
	check("gesummv", %[1]d, y, r, n);
	double s = sum(y, n);
	free(A), free(B), free(x), free(y), free(r);
	return s;
}
`},
	{"syrk", `
static double syrk%[1]d(int n)
{
	float *A = array(n * n, 16), *C = array(n * n, 17), *R = malloc(sizeof(float) * n * n);
	for (int i = 0; i < n * n; i++)
		R[i] = C[i];
#pragma acc parallel loop collapse(2) copyin(A[0:n * n]) copy(C[0:n * n])
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			if (j <= i) {
				float s = 0.0f;
				for (int k = 0; k < n; k++)
					s += A[i * n + k] * A[j * n + k];
				C[i * n + j] = 2.0f * C[i * n + j] + s;
			}
	for (int i = 0; i < n; i++)
		for (int j = 0; j <= i; j++) {
			float s = 0.0f;
			for (int k = 0; k < n; k++)
				s += A[i * n + k] * A[j * n + k];
			R[i * n + j] = 2.0f * R[i * n + j] + s;
		}
	check("syrk", %[1]d, C, R, n * n);
	double s = sum(C, n * n);
	free(A), free(C), free(R);
	return s;
}
`},
	{"jacobi", `
static double jacobi%[1]d(int n)
{
	float *A = array(n * n, 18), *B = malloc(sizeof(float) * n * n);
	float *R = malloc(sizeof(float) * n * n), *S = malloc(sizeof(float) * n * n);
	for (int i = 0; i < n * n; i++)
		R[i] = A[i], B[i] = S[i] = 0.0f;
#pragma acc data copy(A[0:n * n]) copyin(B[0:n * n])
	for (int t = 0; t < 4; t++) {
#pragma acc parallel loop collapse(2)
		for (int i = 1; i < n - 1; i++)
			for (int j = 1; j < n - 1; j++)
				B[i * n + j] = A[i * n + j] + A[i * n + j - 1] + A[i * n + j + 1] + A[(i - 1) * n + j] + A[(i + 1) * n + j];
#pragma acc parallel loop collapse(2)
		for (int i = 1; i < n - 1; i++)
			for (int j = 1; j < n - 1; j++)
				A[i * n + j] = B[i * n + j] - 4.0f * A[i * n + j];
	}
	for (int t = 0; t < 4; t++) {
		for (int i = 1; i < n - 1; i++)
			for (int j = 1; j < n - 1; j++)
				S[i * n + j] = R[i * n + j] + R[i * n + j - 1] + R[i * n + j + 1] + R[(i - 1) * n + j] + R[(i + 1) * n + j];
		for (int i = 1; i < n - 1; i++)
			for (int j = 1; j < n - 1; j++)
				R[i * n + j] = S[i * n + j] - 4.0f * R[i * n + j];
	}
	check("jacobi", %[1]d, A, R, n * n);
	double s = sum(A, n * n);
	free(A), free(B), free(R), free(S);
	return s;
}
`},
	{"dot", `
static double dot%[1]d(int n)
{
	int m = n * n;
	float *x = array(m, 19), *y = array(m, 20);
	double d = 0.0, r = 0.0;
	int big = 0;
#pragma acc parallel loop reduction(+:d) reduction(max:big) copyin(x[0:m], y[0:m])
	for (int i = 0; i < m; i++) {
		d += (double)x[i] * y[i];
		big = big > (int)fabsf(x[i]) ? big : (int)fabsf(x[i]);
	}
	for (int i = 0; i < m; i++)
		r += (double)x[i] * y[i];
	if (d != r || big != 5) {
		printf("FAIL dot %%d: %%g != %%g or max %%d\n", %[1]d, d, r, big);
		failures++;
	}
	free(x), free(y);
	return d;
}
`},
}
