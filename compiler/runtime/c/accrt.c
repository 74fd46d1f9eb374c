/*
 * accrt.c - the accls OpenACC runtime on OpenCL. The contract is in accrt.h;
 * this file follows it. C99, one host thread, no global constructors.
 */
#define _XOPEN_SOURCE 700 /* POSIX 2008 with initstate/setstate (rand_park) */

#include "accrt.h"
#include "openacc.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <pthread.h>
#include <signal.h>
#include <unistd.h>
#endif

/* ======================================================================= */
/* Errors                                                                  */
/* ======================================================================= */

const char *accrt_cl_error_name(cl_int err)
{
	switch (err) {
	case 0: return "CL_SUCCESS";
	case -1: return "CL_DEVICE_NOT_FOUND";
	case -2: return "CL_DEVICE_NOT_AVAILABLE";
	case -3: return "CL_COMPILER_NOT_AVAILABLE";
	case -4: return "CL_MEM_OBJECT_ALLOCATION_FAILURE";
	case -5: return "CL_OUT_OF_RESOURCES";
	case -6: return "CL_OUT_OF_HOST_MEMORY";
	case -7: return "CL_PROFILING_INFO_NOT_AVAILABLE";
	case -8: return "CL_MEM_COPY_OVERLAP";
	case -9: return "CL_IMAGE_FORMAT_MISMATCH";
	case -10: return "CL_IMAGE_FORMAT_NOT_SUPPORTED";
	case -11: return "CL_BUILD_PROGRAM_FAILURE";
	case -12: return "CL_MAP_FAILURE";
	case -13: return "CL_MISALIGNED_SUB_BUFFER_OFFSET";
	case -14: return "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST";
	case -15: return "CL_COMPILE_PROGRAM_FAILURE";
	case -16: return "CL_LINKER_NOT_AVAILABLE";
	case -17: return "CL_LINK_PROGRAM_FAILURE";
	case -18: return "CL_DEVICE_PARTITION_FAILED";
	case -19: return "CL_KERNEL_ARG_INFO_NOT_AVAILABLE";
	case -30: return "CL_INVALID_VALUE";
	case -31: return "CL_INVALID_DEVICE_TYPE";
	case -32: return "CL_INVALID_PLATFORM";
	case -33: return "CL_INVALID_DEVICE";
	case -34: return "CL_INVALID_CONTEXT";
	case -35: return "CL_INVALID_QUEUE_PROPERTIES";
	case -36: return "CL_INVALID_COMMAND_QUEUE";
	case -37: return "CL_INVALID_HOST_PTR";
	case -38: return "CL_INVALID_MEM_OBJECT";
	case -39: return "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR";
	case -40: return "CL_INVALID_IMAGE_SIZE";
	case -41: return "CL_INVALID_SAMPLER";
	case -42: return "CL_INVALID_BINARY";
	case -43: return "CL_INVALID_BUILD_OPTIONS";
	case -44: return "CL_INVALID_PROGRAM";
	case -45: return "CL_INVALID_PROGRAM_EXECUTABLE";
	case -46: return "CL_INVALID_KERNEL_NAME";
	case -47: return "CL_INVALID_KERNEL_DEFINITION";
	case -48: return "CL_INVALID_KERNEL";
	case -49: return "CL_INVALID_ARG_INDEX";
	case -50: return "CL_INVALID_ARG_VALUE";
	case -51: return "CL_INVALID_ARG_SIZE";
	case -52: return "CL_INVALID_KERNEL_ARGS";
	case -53: return "CL_INVALID_WORK_DIMENSION";
	case -54: return "CL_INVALID_WORK_GROUP_SIZE";
	case -55: return "CL_INVALID_WORK_ITEM_SIZE";
	case -56: return "CL_INVALID_GLOBAL_OFFSET";
	case -57: return "CL_INVALID_EVENT_WAIT_LIST";
	case -58: return "CL_INVALID_EVENT";
	case -59: return "CL_INVALID_OPERATION";
	case -60: return "CL_INVALID_GL_OBJECT";
	case -61: return "CL_INVALID_BUFFER_SIZE";
	case -62: return "CL_INVALID_MIP_LEVEL";
	case -63: return "CL_INVALID_GLOBAL_WORK_SIZE";
	case -64: return "CL_INVALID_PROPERTY";
	case -65: return "CL_INVALID_IMAGE_DESCRIPTOR";
	case -66: return "CL_INVALID_COMPILER_OPTIONS";
	case -67: return "CL_INVALID_LINKER_OPTIONS";
	case -68: return "CL_INVALID_DEVICE_PARTITION_COUNT";
	case -69: return "CL_INVALID_PIPE_SIZE";
	case -70: return "CL_INVALID_DEVICE_QUEUE";
	case -71: return "CL_INVALID_SPEC_ID";
	case -72: return "CL_MAX_SIZE_RESTRICTION_EXCEEDED";
	/* Khronos and vendor extensions. */
	case -1000: return "CL_INVALID_GL_SHAREGROUP_REFERENCE_KHR";
	case -1001: return "CL_PLATFORM_NOT_FOUND_KHR";
	case -1002: return "CL_INVALID_D3D10_DEVICE_KHR";
	case -1003: return "CL_INVALID_D3D10_RESOURCE_KHR";
	case -1004: return "CL_D3D10_RESOURCE_ALREADY_ACQUIRED_KHR";
	case -1005: return "CL_D3D10_RESOURCE_NOT_ACQUIRED_KHR";
	case -1006: return "CL_INVALID_D3D11_DEVICE_KHR";
	case -1007: return "CL_INVALID_D3D11_RESOURCE_KHR";
	case -1008: return "CL_D3D11_RESOURCE_ALREADY_ACQUIRED_KHR";
	case -1009: return "CL_D3D11_RESOURCE_NOT_ACQUIRED_KHR";
	case -1010: return "CL_INVALID_DX9_MEDIA_ADAPTER_KHR";
	case -1011: return "CL_INVALID_DX9_MEDIA_SURFACE_KHR";
	case -1012: return "CL_DX9_MEDIA_SURFACE_ALREADY_ACQUIRED_KHR";
	case -1013: return "CL_DX9_MEDIA_SURFACE_NOT_ACQUIRED_KHR";
	case -1057: return "CL_DEVICE_PARTITION_FAILED_EXT";
	case -1058: return "CL_INVALID_PARTITION_COUNT_EXT";
	case -1059: return "CL_INVALID_PARTITION_NAME_EXT";
	case -1092: return "CL_EGL_RESOURCE_NOT_ACQUIRED_KHR";
	case -1093: return "CL_INVALID_EGL_OBJECT_KHR";
	case -1094: return "CL_INVALID_ACCELERATOR_INTEL";
	case -1095: return "CL_INVALID_ACCELERATOR_TYPE_INTEL";
	case -1096: return "CL_INVALID_ACCELERATOR_DESCRIPTOR_INTEL";
	case -1097: return "CL_ACCELERATOR_TYPE_NOT_SUPPORTED_INTEL";
	case -1098: return "CL_INVALID_VA_API_MEDIA_ADAPTER_INTEL";
	case -1099: return "CL_INVALID_VA_API_MEDIA_SURFACE_INTEL";
	case -1100: return "CL_VA_API_MEDIA_SURFACE_ALREADY_ACQUIRED_INTEL";
	case -1101: return "CL_VA_API_MEDIA_SURFACE_NOT_ACQUIRED_INTEL";
	case -1108: return "CL_COMMAND_TERMINATED_ITSELF_WITH_FAILURE_ARM";
	case -1121: return "CL_CONTEXT_TERMINATED_KHR";
	case -1138: return "CL_INVALID_COMMAND_BUFFER_KHR";
	case -1139: return "CL_INVALID_SYNC_POINT_WAIT_LIST_KHR";
	case -1140: return "CL_INCOMPATIBLE_COMMAND_QUEUE_KHR";
	case -1141: return "CL_INVALID_MUTABLE_COMMAND_KHR";
	case -1142: return "CL_INVALID_SEMAPHORE_KHR";
	default: return "CL_UNKNOWN_ERROR";
	}
}

/* Set while the atexit handler runs: a failure there must not call exit again. */
static int in_exit_handler;
/* Set by fatal: the exit handler then reports nothing more (a device that
 * failed fails the handler's waits again). */
static int fatal_reported;

static void fatal(const char *fmt, ...)
{
	va_list ap;
	fflush(stdout);
	fputs("accls runtime: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fflush(stderr);
	if (in_exit_handler)
		_Exit(2);
	fatal_reported = 1;
	exit(2);
}

/* Context for messages: which runtime function, which clause or operation, the
 * variable and the source location. */
typedef struct ctx {
	const char *func;   /* "accrt_enter", "acc_copyin", ... */
	const char *op;     /* overrides clause: "update device", "acc_copyin" */
	int clause;         /* accrt_clause or 0 */
	int dyn;            /* 0 structured, 1 enter data, 2 exit data */
	const char *name;
	const char *loc;
} ctx_t;

static const char *const clause_names[] = {
	"?", "copy", "copyin", "copyout", "create", "present", "no_create", "delete",
};

/* "(copyin clause at f.c:3)", "(acc_copyin)" or "" into buf. */
static const char *ctx_where(const ctx_t *c, char *buf, size_t size)
{
	char what[64] = "";
	if (!c) {
		buf[0] = 0;
		return buf;
	}
	if (c->op)
		snprintf(what, sizeof what, "%s", c->op);
	else if (c->clause > 0 && c->clause <= ACCRT_DELETE)
		snprintf(what, sizeof what, c->dyn == 0 ? "%s clause" : c->dyn == 1 ? "enter data %s" : "exit data %s",
		         clause_names[c->clause]);
	if (what[0] && c->loc)
		snprintf(buf, size, " (%s at %s)", what, c->loc);
	else if (what[0])
		snprintf(buf, size, " (%s)", what);
	else if (c->loc)
		snprintf(buf, size, " (at %s)", c->loc);
	else
		buf[0] = 0;
	return buf;
}

/* "'a' " or "" */
static const char *ctx_var(const ctx_t *c, char *buf, size_t size)
{
	if (c && c->name)
		snprintf(buf, size, " for '%s'", c->name);
	else
		buf[0] = 0;
	return buf;
}

static void check(cl_int err, const char *call, const ctx_t *c)
{
	char w[512], v[300];
	if (err == CL_SUCCESS)
		return;
	fatal("%s failed in %s: %s (%d)%s%s", call, c && c->func ? c->func : "accrt", accrt_cl_error_name(err),
	      (int)err, ctx_var(c, v, sizeof v), ctx_where(c, w, sizeof w));
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		fatal("out of host memory (%zu bytes)", n);
	return p;
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		fatal("out of host memory (%zu bytes)", n);
	return p;
}

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(xmalloc(n), s, n);
}

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int env_on(const char *name)
{
	const char *v = getenv(name);
	return v && v[0] && strcmp(v, "0") != 0;
}

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static int streq_ci(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (lower((unsigned char)*a) != lower((unsigned char)*b))
			return 0;
	return *a == *b;
}

static int contains_ci(const char *hay, const char *needle)
{
	size_t i, j;
	if (!*needle)
		return 1;
	for (i = 0; hay[i]; i++) {
		for (j = 0; needle[j] && hay[i + j]; j++)
			if (lower((unsigned char)hay[i + j]) != lower((unsigned char)needle[j]))
				break;
		if (!needle[j])
			return 1;
	}
	return 0;
}

/* ======================================================================= */
/* State                                                                   */
/* ======================================================================= */

typedef struct devrec {
	cl_platform_id platform;
	cl_device_id device;
	int pi, di;
	cl_device_type type;
	char name[256];
	char platform_name[256];
	char version[256];
} devrec_t;

typedef struct map {
	uintptr_t host;   /* 0 for acc_malloc memory */
	size_t bytes;
	uintptr_t dev;    /* opaque device address (0 for a pointer section) */
	cl_mem mem;
	size_t off;       /* where host's copy starts in mem (a row of a pointer section) */
	/* A pointer section (section 9): host..host+bytes holds row pointers;
	 * their rows are in mem, pitch bytes apart, from byte col of each row. */
	size_t pitch, col;
	struct map **rows; /* a pointer section's row mappings by slot (NULL: none there) */
	unsigned char *away; /* a section's slots whose row pointers point to data present on its own */
	size_t naway;
	struct map *sec;   /* a row's section (NULL once it is gone), and its slot there */
	size_t slot;
	int dead;         /* being removed (vec_remove_dead) */
	int mapped;       /* acc_map_data: dev and mem are an acc_malloc block's */
	int own;          /* mem is a buffer of bytes bytes that only this mapping holds (recycled_put) */
	unsigned long sref, dref;
	const char *name, *loc;
	struct mpool *pool; /* the member pool mem belongs to (section 10), NULL for a buffer of its own */
} map_t;

/* A member pool (accrt.h section 10): the device copies of what one pointer
 * member of the elements of one array of structs points to (A[i].m), in one
 * buffer, so that a kernel reaches every element's data through the pool
 * and a table of offsets. */
typedef struct mpool {
	uintptr_t owner;     /* pool_key of the struct array's mapping (never reused) */
	size_t moff, esz;    /* the member's offset in an element, the element's size */
	cl_mem mem;
	size_t used, cap;
	cl_mem tab;          /* the last offsets table a launch got */
	unsigned long version, tab_version; /* chunks entered or left; the table's version */
	struct mpool *next;
} mpool_t;

/* The table of a launch that reaches the data of pointer member moff2 of
 * the structs that pointer member moff of the elements of one mapping
 * point to (a[i].p->x, accrt_member_views2): built again when a pool's
 * chunks change (S.pool_epoch). */
typedef struct mpath {
	uintptr_t key;             /* pool_key of the elements' mapping */
	size_t esz, moff, moff2;
	cl_mem tab;
	mpool_t *pool;             /* the pool the members' data was found in (NULL: none yet) */
	unsigned long epoch;
	struct mpath *next;
} mpath_t;

typedef struct vec {
	map_t **v;
	size_t n, cap;
} vec_t;

/* Per-kernel-name statistics; they outlive accrt_shutdown. */
typedef struct kstat {
	char *name;
	unsigned long launches;
	double ms;
	struct kstat *next;
} kstat_t;

/* The local sizes a kernel has been launched with (and waited for), on a
 * device that compiles at the first launch per local size (accrt_launch). */
#define ACCRT_COMPILED_SHAPES 8

struct accrt_kernel {
	cl_kernel k;
	char *name;
	accrt_program_t *prog;
	kstat_t *stat;
	size_t wg, pref;   /* cached kernel work-group info, 0 = not queried */
	size_t shapes[ACCRT_COMPILED_SHAPES][3];
	unsigned nshapes;
	cl_mem *mems;      /* the buffer set for each argument (NULL: none), for busy_wait */
	unsigned nmems;
	struct accrt_kernel *next;
};

struct accrt_program {
	const char *src;   /* the caller's pointer: compared, never dereferenced */
	char *copy;        /* the content, for the by-content cache */
	size_t len;
	unsigned long hash;
	char *name;
	cl_program prog;
	accrt_kernel_t *kernels;
	struct accrt_program *next;
};

typedef struct queue {
	int async;         /* the OpenACC async value it serves; ACCRT_SYNC for queue 0 */
	cl_command_queue q;
	cl_event last;     /* the last command enqueued and not yet waited for (a reference), or NULL */
	/* Kernels launched without an event since `last` (light launches,
	 * accrt_launch), and the last of them, for error messages; last_event
	 * marks them when their completion matters. */
	unsigned unmarked;
	const char *unmarked_kernel, *unmarked_prog;
	/* Commands enqueued without a flush since the queue was last flushed
	 * or drained (flush_some). */
	unsigned unflushed;
	/* The buffers of the kernels launched since the queue was last drained
	 * (async queues only): synchronous work on them waits for the queue
	 * (busy_wait). */
	cl_mem *busy;
	size_t nbusy, capbusy;
} queue_t;

/* What an enqueued command was, for its profile and its error message.
 * CMD_MARK: a marker standing for light launches (name: the last of them). */
enum { CMD_KERNEL, CMD_WRITE, CMD_READ, CMD_COPY, CMD_BARRIER, CMD_FILL, CMD_MARK };

/* A command whose completion has not been looked at yet (section 5). */
typedef struct pending {
	cl_event ev;
	int kind;
	kstat_t *stat;     /* CMD_KERNEL */
	size_t bytes;      /* transfers */
	int async;
	const char *name;  /* kernel name or variable, for messages */
	const char *loc;   /* program name or source location */
	void *snap;        /* a small async copy's snapshot of the host data, freed when accounted */
} pending_t;

typedef struct pooled {
	cl_mem mem;
	size_t bytes;
	cl_event *busy; /* the async queues' last commands when it was freed (retained): reused once all are done */
	cl_uint nbusy;
} pooled_t;

static struct {
	int ready;
	devrec_t dev;
	cl_context ctx;
	accrt_device_info_t info;
	queue_t **queues;  /* queues[0] is queue 0 (ACCRT_SYNC); pointers stay valid */
	size_t nqueues;
	int sync_launch;   /* ACCLS_SYNC_LAUNCH: every launch and transfer blocks */
	int profile;       /* ACCLS_PROFILE: every command keeps its event, for its device time */
	int pocl;          /* PoCL: kernels compile at their first launch per local size and run in this process */
	vec_t by_host, by_dev;
	uintptr_t next_dev;
	accrt_program_t *programs;
	pending_t *pending;
	size_t npending, cappending;
	pooled_t *pool;    /* released buffers kept for reuse (recycled_take) */
	size_t npool, cappool, pool_bytes;
	mpool_t *mpools;
	mpath_t *mpaths;
	unsigned long pool_epoch; /* chunks entered into or left from any pool */
} S;

/* What the program asked for (acc_init, acc_set_device_type/num, set,
 * acc_set_default_async); kept across accrt_shutdown. */
static struct {
	acc_device_t type;  /* acc_device_none/default/not_host: any type */
	int num;            /* -1: the default choice; else the num-th device of `type` */
	int default_async;  /* what async without argument means (ACCRT_ASYNC_NOVAL: queue 1) */
	int host;           /* the device is the host (host_mode) */
	int env_read;       /* ACC_DEVICE_TYPE and ACC_DEVICE_NUM applied (env_device_choice) */
} U = {acc_device_none, -1, ACCRT_ASYNC_NOVAL, 0, 0};

/* Profile counters survive shutdown; they are printed at exit. */
static struct {
	int enabled;       /* ACCLS_PROFILE seen at an initialization */
	int registered;
	char *path;        /* NULL: stderr */
	char device[600];
	kstat_t *kernels;
	unsigned long h2d_count, d2h_count;
	unsigned long long h2d_bytes, d2h_bytes;
	double h2d_ms, d2h_ms;
	/* reduction partials read by accrt_reduce: apart from device->host, so
	 * that the data clauses' traffic can be checked exactly */
	unsigned long red_count;
	unsigned long long red_bytes;
	double red_ms;
	unsigned long builds;
	double build_ms;
} P;

static int verbose(void)
{
	return env_on("ACCLS_VERBOSE");
}

/* ======================================================================= */
/* Device enumeration and selection                                        */
/* ======================================================================= */

static const char *type_name(cl_device_type t)
{
	if (t & CL_DEVICE_TYPE_GPU)
		return "gpu";
	if (t & CL_DEVICE_TYPE_CPU)
		return "cpu";
	if (t & CL_DEVICE_TYPE_ACCELERATOR)
		return "accelerator";
	return "custom";
}

/* All devices of all platforms, in ICD order. Returns the count (0 when none;
 * *perr gets the clGetPlatformIDs error, if any). */
static size_t enumerate_devices(devrec_t **out, cl_int *perr)
{
	cl_uint np = 0, p;
	cl_platform_id *plats;
	devrec_t *v = NULL;
	size_t n = 0;
	cl_int err = clGetPlatformIDs(0, NULL, &np);
	*out = NULL;
	*perr = err;
	if (err != CL_SUCCESS || np == 0)
		return 0;
	plats = xmalloc(np * sizeof *plats);
	err = clGetPlatformIDs(np, plats, NULL);
	if (err != CL_SUCCESS) {
		*perr = err;
		free(plats);
		return 0;
	}
	for (p = 0; p < np; p++) {
		cl_uint nd = 0, d;
		cl_device_id *devs;
		char pname[256] = "";
		clGetPlatformInfo(plats[p], CL_PLATFORM_NAME, sizeof pname, pname, NULL);
		pname[sizeof pname - 1] = 0;
		if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 0, NULL, &nd) != CL_SUCCESS || nd == 0)
			continue;
		devs = xmalloc(nd * sizeof *devs);
		if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, nd, devs, NULL) != CL_SUCCESS) {
			free(devs);
			continue;
		}
		v = xrealloc(v, (n + nd) * sizeof *v);
		for (d = 0; d < nd; d++) {
			devrec_t *r = &v[n++];
			memset(r, 0, sizeof *r);
			r->platform = plats[p];
			r->device = devs[d];
			r->pi = (int)p;
			r->di = (int)d;
			clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof r->type, &r->type, NULL);
			clGetDeviceInfo(devs[d], CL_DEVICE_NAME, sizeof r->name, r->name, NULL);
			clGetDeviceInfo(devs[d], CL_DEVICE_VERSION, sizeof r->version, r->version, NULL);
			r->name[sizeof r->name - 1] = 0;
			r->version[sizeof r->version - 1] = 0;
			memcpy(r->platform_name, pname, sizeof pname);
		}
		free(devs);
	}
	free(plats);
	*out = v;
	return n;
}

/* list_devices is enumerate_devices, done once: the platforms and devices
 * of an ICD do not change while the program runs, and a multi-device
 * program sets its device number before every construct (NVIDIA's
 * multi-GPU Jacobi: `set device_num(dn)` in its iteration loop), where
 * asking the platforms each time cost more than the kernels. The caller
 * frees the copy it gets. */
/* The program's random() state (rand() draws from it) while the OpenCL
 * driver runs: NVIDIA's draws from it when it starts and builds, so that a
 * program seeding rand() got other numbers after its first compute
 * construct than the plain build (FinanceBench's Monte Carlo, whose host
 * version seeds after the device's). rand_park gives the driver a state of
 * its own and returns the program's, which rand_unpark puts back. */
static char *rand_park(void)
{
	static char scratch[256];
	return initstate(1, scratch, sizeof scratch);
}

static void rand_unpark(char *prev)
{
	if (prev)
		setstate(prev);
}

static size_t list_devices(devrec_t **out, cl_int *perr)
{
	static devrec_t *known;
	static size_t nknown;
	static cl_int known_err;
	static int listed;
	if (!listed) {
		char *r = rand_park();
		nknown = enumerate_devices(&known, &known_err);
		rand_unpark(r);
		listed = 1;
	}
	*perr = known_err;
	*out = NULL;
	if (nknown > 0) {
		*out = xmalloc(nknown * sizeof **out);
		memcpy(*out, known, nknown * sizeof **out);
	}
	return nknown;
}

static int all_digits(const char *s, size_t n)
{
	size_t i;
	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

static int first_of_type(const devrec_t *v, size_t n, cl_device_type t)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (v[i].type & t)
			return (int)i;
	return -1;
}

/* The index of the device that sel (ACCLS_DEVICE) names, or -1. */
static int select_device(const devrec_t *v, size_t n, const char *sel, cl_device_type want)
{
	const char *colon;
	size_t i;
	int r;
	if (n == 0)
		return -1;
	if (!sel || !sel[0]) {
		if (want)
			return first_of_type(v, n, want);
		if ((r = first_of_type(v, n, CL_DEVICE_TYPE_GPU)) >= 0)
			return r;
		if ((r = first_of_type(v, n, CL_DEVICE_TYPE_CPU)) >= 0)
			return r;
		if ((r = first_of_type(v, n, CL_DEVICE_TYPE_ACCELERATOR)) >= 0)
			return r;
		return 0;
	}
	if (streq_ci(sel, "gpu"))
		return first_of_type(v, n, CL_DEVICE_TYPE_GPU);
	if (streq_ci(sel, "cpu"))
		return first_of_type(v, n, CL_DEVICE_TYPE_CPU);
	if (streq_ci(sel, "accelerator"))
		return first_of_type(v, n, CL_DEVICE_TYPE_ACCELERATOR);
	colon = strchr(sel, ':');
	if (colon && all_digits(sel, (size_t)(colon - sel)) && all_digits(colon + 1, strlen(colon + 1))) {
		long p = strtol(sel, NULL, 10), d = strtol(colon + 1, NULL, 10);
		for (i = 0; i < n; i++)
			if (v[i].pi == p && v[i].di == d)
				return (int)i;
		return -1;
	}
	if (all_digits(sel, strlen(sel))) {
		long k = strtol(sel, NULL, 10);
		return k >= 0 && (size_t)k < n ? (int)k : -1;
	}
	for (i = 0; i < n; i++)
		if (contains_ci(v[i].name, sel) || contains_ci(v[i].platform_name, sel))
			return (int)i;
	return -1;
}

static void describe_device(const devrec_t *d, char *buf, size_t size)
{
	snprintf(buf, size, "%d:%d '%s' (%s, %s)", d->pi, d->di, d->name, type_name(d->type), d->platform_name);
}

static cl_device_type want_cl_type(acc_device_t t)
{
	switch (t) {
	case acc_device_opencl_gpu: return CL_DEVICE_TYPE_GPU;
	case acc_device_opencl_cpu: return CL_DEVICE_TYPE_CPU;
	case acc_device_opencl_accelerator: return CL_DEVICE_TYPE_ACCELERATOR;
	default: return 0;
	}
}

static void profile_at_exit(void);

/* Queues time their commands only for ACCLS_PROFILE (section 7): profiling
 * costs every command time on some drivers, and without it the program runs
 * as a plain OpenCL program would. */
static cl_command_queue_properties queue_properties(void)
{
	return env_on("ACCLS_PROFILE") ? CL_QUEUE_PROFILING_ENABLE : 0;
}
static void declared_enter_all(void); /* declare on globals, at the end of this file */
static void finish_at_exit(void);
static int finish_registered;
static void catch_kernel_crashes(void);

/* The index of the num-th device (0-based) of type `want` (0: any), or -1. */
static int nth_of_type(const devrec_t *v, size_t n, cl_device_type want, int num)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (!want || (v[i].type & want))
			if (num-- == 0)
				return (int)i;
	return -1;
}

/* The device type an ACC_DEVICE_TYPE value names (OpenACC 3.3 §4.1: the
 * names are the implementation's): acc_device_none for the default. */
static acc_device_t env_device_type(const char *v)
{
	static const struct {
		const char *name;
		acc_device_t type;
	} names[] = {
		{"gpu", acc_device_opencl_gpu},           {"nvidia", acc_device_opencl_gpu},
		{"radeon", acc_device_opencl_gpu},        {"opencl_gpu", acc_device_opencl_gpu},
		{"cpu", acc_device_opencl_cpu},           {"multicore", acc_device_opencl_cpu},
		{"opencl_cpu", acc_device_opencl_cpu},    {"accelerator", acc_device_opencl_accelerator},
		{"opencl_accelerator", acc_device_opencl_accelerator},
		{"default", acc_device_none},             {"not_host", acc_device_none},
		{"host", acc_device_host},
	};
	size_t i;
	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (streq_ci(v, names[i].name))
			return names[i].type;
	fatal("ACC_DEVICE_TYPE=%s is not a device type accls knows: use gpu (or nvidia, radeon), cpu (or multicore), "
	      "accelerator, host, or default", v);
	return acc_device_none;
}

/* OpenACC's ACC_DEVICE_TYPE and ACC_DEVICE_NUM (§4.1, §4.2): the device
 * choice when the program has made none and ACCLS_DEVICE (accls run
 * --device) does not say. */
static void env_device_choice(void)
{
	const char *t = getenv("ACC_DEVICE_TYPE"), *n = getenv("ACC_DEVICE_NUM"), *own = getenv("ACCLS_DEVICE");
	char *end;
	long num;
	if (U.env_read)
		return;
	U.env_read = 1;
	if (U.type != acc_device_none || U.num >= 0 || U.host)
		return;
	if (own && own[0]) {
		U.host = streq_ci(own, "host"); /* accls run --device host */
		return;
	}
	if (t && t[0]) {
		U.type = env_device_type(t);
		if (U.type == acc_device_host) {
			U.type = acc_device_none;
			U.host = 1;
			return;
		}
	}
	if (n && n[0]) {
		num = strtol(n, &end, 10);
		if (*end || num < 0 || num > INT_MAX)
			fatal("ACC_DEVICE_NUM=%s is not a device number (0, 1, ...)", n);
		U.num = (int)num;
	}
}

/* Host mode: the current device is the host (ACC_DEVICE_TYPE=host,
 * acc_set_device_type(acc_device_host), `set device_type(host)`, acc_init
 * of the host). The generated program runs each compute construct's host
 * code where accrt_on_host() says so; the data actions, updates and waits
 * do nothing, and the memory API works on host memory (host memory is the
 * device's); OpenCL is not touched. */
static int host_mode(void)
{
	env_device_choice();
	return U.host;
}

int accrt_on_host(void)
{
	return host_mode();
}

void accrt_device_only(const char *loc)
{
	if (host_mode())
		fatal("the host is the current device (ACC_DEVICE_TYPE=host, set device_type(host) or "
		      "acc_set_device_type(acc_device_host)), but this program was built without the host code of its "
		      "compute constructs (at %s): build it with `accls run --device host`, or `accls build --host-code`",
		      loc ? loc : "?");
}

/* The device the program's choice (U) and ACCLS_DEVICE select; *sel gets
 * ACCLS_DEVICE when it decided. */
/* Whether the user chose a device (ACCLS_DEVICE, accls run --device). */
static int user_chose_device(void)
{
	const char *sel = getenv("ACCLS_DEVICE");
	return sel && sel[0] && !streq_ci(sel, "host");
}

static int pick_device(const devrec_t *v, size_t n, const char **sel)
{
	cl_device_type want;
	int k;
	env_device_choice();
	want = want_cl_type(U.type);
	*sel = getenv("ACCLS_DEVICE");
	if (*sel && streq_ci(*sel, "host"))
		*sel = NULL; /* the program chose a device after all: the default one */
	/* a type the program asked for wins over ACCLS_DEVICE's choice of
	 * another type; where no device has it, the user's choice stands (a
	 * program written for acc_device_nvidia, run on the CPU on purpose) */
	if (want && first_of_type(v, n, want) < 0 && user_chose_device() && (k = select_device(v, n, *sel, 0)) >= 0) {
		static int warned;
		if (!warned) {
			warned = 1;
			fprintf(stderr,
			        "accls runtime: warning: the program asks for a device of type %s (acc_init, "
			        "acc_set_device_type, acc_set_device_num, or a directive with device_type or device_num) "
			        "and there is none: running on '%s' (%s), which ACCLS_DEVICE=%s chose\n",
			        type_name(want), v[k].name, type_name(v[k].type), *sel);
		}
		return k;
	}
	if (U.num >= 0) {
		*sel = NULL;
		return nth_of_type(v, n, want, U.num);
	}
	k = select_device(v, n, *sel, *sel && (*sel)[0] ? 0 : want);
	if (k >= 0 && want && !(v[k].type & want)) {
		*sel = NULL;
		k = first_of_type(v, n, want);
	}
	return k;
}

static void init(void)
{
	static const ctx_t c = {"accrt_init", NULL, 0, 0, NULL, NULL};
	devrec_t *v;
	cl_int err;
	size_t n = list_devices(&v, &err);
	const char *sel;
	cl_device_type want;
	int k;
	cl_context_properties props[3];
	cl_ulong fp = 0;

	if (n == 0) {
		if (err != CL_SUCCESS && err != -1001 /* CL_PLATFORM_NOT_FOUND_KHR */)
			fatal("no OpenCL platform found: clGetPlatformIDs failed: %s (%d)", accrt_cl_error_name(err),
			      (int)err);
		fatal("no OpenCL platform found (no OpenCL driver is installed: install one, e.g. Debian's "
		      "pocl-opencl-icd for the CPU, and check /etc/OpenCL/vendors)");
	}
	k = pick_device(v, n, &sel);
	want = want_cl_type(U.type); /* (pick_device applies ACC_DEVICE_TYPE) */
	if (k < 0) {
		size_t i, len = 0, cap = 256;
		char *list = xmalloc(cap);
		list[0] = 0;
		for (i = 0; i < n; i++) {
			char d[700];
			size_t dl;
			describe_device(&v[i], d, sizeof d);
			dl = strlen(d);
			if (len + dl + 3 > cap) {
				cap = 2 * (len + dl + 3);
				list = xrealloc(list, cap);
			}
			if (i)
				memcpy(list + len, ", ", 2), len += 2;
			memcpy(list + len, d, dl + 1);
			len += dl;
		}
		if (sel && sel[0])
			fatal("no OpenCL device matches ACCLS_DEVICE=%s (available: %s)", sel, list);
		if (U.num >= 0)
			fatal("no OpenCL device number %d of type %s (acc_set_device_num, set device_num or ACC_DEVICE_NUM; available: %s)",
			      U.num, want ? type_name(want) : "any", list);
		fatal("no OpenCL device of type %s, which the program asks for (acc_init, acc_set_device_type, or an "
		      "init or set directive with device_type; available: %s); to run it on one of those anyway, name "
		      "it in ACCLS_DEVICE or accls run --device (gpu, cpu, P:D)",
		      type_name(want), list);
	}
	S.dev = v[k];
	free(v);

	props[0] = CL_CONTEXT_PLATFORM;
	props[1] = (cl_context_properties)S.dev.platform;
	props[2] = 0;
	S.ctx = clCreateContext(props, 1, &S.dev.device, NULL, NULL, &err);
	check(err, "clCreateContext", &c);
	S.queues = xmalloc(sizeof *S.queues);
	S.queues[0] = xmalloc(sizeof **S.queues);
	memset(S.queues[0], 0, sizeof **S.queues);
	S.nqueues = 1;
	S.queues[0]->async = ACCRT_SYNC;
	S.queues[0]->last = NULL;
	S.queues[0]->unmarked = 0;
	S.queues[0]->q = clCreateCommandQueue(S.ctx, S.dev.device, queue_properties(), &err);
	check(err, "clCreateCommandQueue", &c);
	S.sync_launch = env_on("ACCLS_SYNC_LAUNCH");
	S.profile = env_on("ACCLS_PROFILE");
	S.pocl = strstr(S.dev.platform_name, "Portable Computing Language") != NULL;
	if (S.pocl)
		catch_kernel_crashes();
	if (!finish_registered) {
		finish_registered = 1;
		atexit(finish_at_exit);
	}

	memset(&S.info, 0, sizeof S.info);
	S.info.name = S.dev.name;
	S.info.platform = S.dev.platform_name;
	S.info.version = S.dev.version;
	S.info.type = S.dev.type;
	S.info.platform_index = S.dev.pi;
	S.info.device_index = S.dev.di;
	check(clGetDeviceInfo(S.dev.device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof S.info.compute_units,
	                      &S.info.compute_units, NULL), "clGetDeviceInfo", &c);
	check(clGetDeviceInfo(S.dev.device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof S.info.max_work_group_size,
	                      &S.info.max_work_group_size, NULL), "clGetDeviceInfo", &c);
	check(clGetDeviceInfo(S.dev.device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof S.info.max_work_item_sizes,
	                      S.info.max_work_item_sizes, NULL), "clGetDeviceInfo", &c);
	check(clGetDeviceInfo(S.dev.device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof S.info.global_mem_size,
	                      &S.info.global_mem_size, NULL), "clGetDeviceInfo", &c);
	check(clGetDeviceInfo(S.dev.device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof S.info.local_mem_size,
	                      &S.info.local_mem_size, NULL), "clGetDeviceInfo", &c);
	check(clGetDeviceInfo(S.dev.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof S.info.max_alloc_size,
	                      &S.info.max_alloc_size, NULL), "clGetDeviceInfo", &c);
	if (clGetDeviceInfo(S.dev.device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp, &fp, NULL) == CL_SUCCESS)
		S.info.fp64 = fp != 0;

	S.next_dev = UINTPTR_MAX > 0xffffffffu ? (uintptr_t)0x0acc000000000000ull : (uintptr_t)0xacc00000u;
	S.ready = 1;

	if (verbose()) {
		char d[700];
		describe_device(&S.dev, d, sizeof d);
		fprintf(stderr, "accls runtime: device %s, %s, %u compute units, max work-group %zu\n", d,
		        S.dev.version, S.info.compute_units, S.info.max_work_group_size);
	}
	if (env_on("ACCLS_PROFILE")) {
		const char *pv = getenv("ACCLS_PROFILE");
		P.enabled = 1;
		free(P.path);
		P.path = strcmp(pv, "1") == 0 ? NULL : xstrdup(pv);
		snprintf(P.device, sizeof P.device, "'%s' (%s)", S.dev.name, S.dev.platform_name);
		if (!P.registered) {
			P.registered = 1;
			atexit(profile_at_exit);
		}
	}
	declared_enter_all();
}

static void ensure(void)
{
	if (!S.ready) {
		char *r = rand_park();
		init();
		rand_unpark(r);
	}
}

void accrt_init(void)
{
	if (host_mode())
		return;
	ensure();
}

const accrt_device_info_t *accrt_device_info(void)
{
	ensure();
	return &S.info;
}

cl_context accrt_context(void)
{
	ensure();
	return S.ctx;
}

cl_device_id accrt_device_id(void)
{
	ensure();
	return S.dev.device;
}

/* ======================================================================= */
/* Queues and events                                                       */
/* ======================================================================= */

/* The queue an async value means: ACCRT_ASYNC_NOVAL is the default async
 * queue (acc_set_default_async, set default_async); below ACCRT_SYNC is an
 * error. */
static int resolve_async(int async, const ctx_t *c)
{
	if (async == ACCRT_ASYNC_NOVAL)
		async = U.default_async;
	if (async < ACCRT_SYNC) {
		char w[512];
		fatal("invalid async value %d in %s%s (want a queue number >= 0, acc_async_noval or acc_async_sync)",
		      async, c->func, ctx_where(c, w, sizeof w));
	}
	return async;
}

/* The existing queue of a resolved async value, or NULL. */
static queue_t *find_queue(int async)
{
	size_t i;
	for (i = 0; i < S.nqueues; i++)
		if (S.queues[i]->async == async)
			return S.queues[i];
	return NULL;
}

static queue_t *get_queue(int async, const ctx_t *c)
{
	cl_int err;
	queue_t *q;
	ensure();
	async = resolve_async(async, c);
	if ((q = find_queue(async)) != NULL)
		return q;
	S.queues = xrealloc(S.queues, (S.nqueues + 1) * sizeof *S.queues);
	q = xmalloc(sizeof *q);
	memset(q, 0, sizeof *q);
	S.queues[S.nqueues++] = q;
	q->async = async;
	q->last = NULL;
	q->unmarked = 0;
	q->q = clCreateCommandQueue(S.ctx, S.dev.device, queue_properties(), &err);
	check(err, "clCreateCommandQueue", c);
	return q;
}

cl_command_queue accrt_queue(int async)
{
	static const ctx_t c = {"accrt_queue", NULL, 0, 0, NULL, NULL};
	return get_queue(async, &c)->q;
}

/* Device time of a completed command in ms, or -1 when profiling info is missing. */
static double event_ms(cl_event ev)
{
	cl_ulong t0 = 0, t1 = 0;
	if (clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL) != CL_SUCCESS ||
	    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL) != CL_SUCCESS || t1 < t0)
		return -1;
	return (double)(t1 - t0) / 1e6;
}

static void kernel_failed(cl_int status, const char *kname, const char *pname, int async)
{
	char q[64] = "";
	if (async != ACCRT_SYNC)
		snprintf(q, sizeof q, " on async queue %d", async);
	fatal("kernel '%s' (%s)%s failed on the device: %s (%d)", kname, pname ? pname : "?", q,
	      accrt_cl_error_name(status), (int)status);
}

/* A light launch failed (accrt_launch): the device reports it for the
 * launches since the last event, of which kname is the last. */
static void unmarked_failed(cl_int status, const char *kname, const char *pname, int async)
{
	char q[64] = "";
	if (async != ACCRT_SYNC)
		snprintf(q, sizeof q, " on async queue %d", async);
	fatal("a kernel launched%s since the host last waited failed on the device (the last of them: '%s' (%s); "
	      "ACCLS_SYNC_LAUNCH=1 runs each launch to completion and names the one that fails): %s (%d)",
	      q, kname ? kname : "?", pname ? pname : "?", accrt_cl_error_name(status), (int)status);
}

static void count_transfer(int to_device, size_t bytes, double ms)
{
	if (to_device) {
		P.h2d_count++;
		P.h2d_bytes += bytes;
		P.h2d_ms += ms;
	} else {
		P.d2h_count++;
		P.d2h_bytes += bytes;
		P.d2h_ms += ms;
	}
}

/* Look at one finished (or failed) command: report its failure, count its
 * device time, drop the reference. */
static void account(pending_t *p, cl_int st)
{
	double ms;
	if (st < 0) {
		static const char *const what[] = {"", "host->device copy", "device->host copy", "device copy", "wait",
		                                   "zero fill"};
		if (p->kind == CMD_KERNEL)
			kernel_failed(st, p->name, p->loc, p->async);
		if (p->kind == CMD_MARK)
			unmarked_failed(st, p->name, p->loc, p->async);
		fatal("%s%s%s%s%s%s failed on the device: %s (%d)", what[p->kind], p->name ? " for '" : "",
		      p->name ? p->name : "", p->name ? "'" : "", p->loc ? " at " : "", p->loc ? p->loc : "",
		      accrt_cl_error_name(st), (int)st);
	}
	free(p->snap);
	p->snap = NULL;
	ms = event_ms(p->ev);
	if (p->kind == CMD_KERNEL && ms > 0)
		p->stat->ms += ms;
	else if (p->kind == CMD_WRITE || p->kind == CMD_READ)
		count_transfer(p->kind == CMD_WRITE, p->bytes, ms > 0 ? ms : 0);
	clReleaseEvent(p->ev);
}

static cl_int event_status(cl_event ev)
{
	cl_int st = CL_COMPLETE;
	clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
	return st;
}

/* Account the commands of queue `async` (all queues when all != 0); they
 * have finished. */
static void harvest(int async, int all)
{
	size_t i, j = 0;
	for (i = 0; i < S.npending; i++) {
		pending_t *p = &S.pending[i];
		if (all || p->async == async)
			account(p, event_status(p->ev));
		else
			S.pending[j++] = *p;
	}
	S.npending = j;
}

/* Account the commands that have finished by now, without waiting (keeps the
 * pending list short when nothing waits, e.g. a loop of synchronous launches
 * whose results stay on the device). */
static void reap_finished(void)
{
	size_t i, j = 0;
	for (i = 0; i < S.npending; i++) {
		pending_t *p = &S.pending[i];
		cl_int st = event_status(p->ev);
		if (st == CL_COMPLETE || st < 0)
			account(p, st);
		else
			S.pending[j++] = *p;
	}
	S.npending = j;
}

/* Queue q is idle: forget its last event and account its commands. */
static void drained(queue_t *q)
{
	if (q->last) {
		clReleaseEvent(q->last);
		q->last = NULL;
	}
	q->unmarked = 0;
	q->unflushed = 0;
	q->nbusy = 0;
	harvest(q->async, 0);
}

/* After a command on q that the host does not wait for: flush the first
 * since the queue was flushed or drained, and every 8th, as light launches
 * are (accrt_launch): PoCL and NVIDIA issue a command at its enqueue, a
 * flush cost NVIDIA's OpenCL about 4 us on an H200, and the flushes bound
 * what an implementation that batches may hold back (a wait flushes, and
 * acc_async_test flushes before it looks). */
static void flush_some(queue_t *q, const ctx_t *c)
{
	if (q->unflushed++ % 8 == 0)
		check(clFlush(q->q), "clFlush", c);
}

static void finish_queue(queue_t *q, const ctx_t *c)
{
	cl_int err = clFinish(q->q);
	if (err != CL_SUCCESS) {
		harvest(q->async, 0); /* a failed command explains it best */
		if (q->unmarked)
			unmarked_failed(err, q->unmarked_kernel, q->unmarked_prog, q->async);
		check(err, "clFinish", c);
	}
	drained(q);
}

/* Kernels of async queue q use buffer mem (until the queue drains). */
static void busy_add(queue_t *q, cl_mem mem)
{
	size_t i;
	for (i = 0; i < q->nbusy; i++)
		if (q->busy[i] == mem)
			return;
	if (q->nbusy == q->capbusy) {
		q->capbusy = q->capbusy ? 2 * q->capbusy : 8;
		q->busy = xrealloc(q->busy, q->capbusy * sizeof *q->busy);
	}
	q->busy[q->nbusy++] = mem;
}

/* Synchronous work on buffer mem (a copy, a launch on queue 0) first waits
 * for the async queues whose kernels use it and that nothing waited for
 * since. OpenACC does not order synchronous work after async queues (the
 * program must wait), but programs written for NVIDIA's compilers rely on
 * it (an `update self` after kernels on async(1) and before wait(1), whose
 * synchronous work CUDA's default stream orders after the other streams);
 * waiting is what a correct program does anyway. */
static void busy_wait(cl_mem mem, const ctx_t *c)
{
	size_t i, j;
	for (i = 1; i < S.nqueues; i++) {
		queue_t *q = S.queues[i];
		for (j = 0; j < q->nbusy; j++)
			if (q->busy[j] == mem) {
				finish_queue(q, c);
				break;
			}
	}
}

static void check_enqueue(cl_int err, const char *call, queue_t *q, const ctx_t *c);
static void enqueued(queue_t *q, cl_event ev, int kind, kstat_t *stat, size_t bytes, const char *name,
                     const char *loc);

/* The event of q's last command not yet waited for (NULL when none): after
 * light launches (accrt_launch), a marker enqueued now, which completes
 * when they have (q is in order), so that another queue or a test can wait
 * for them; accounted like any command (a failure names the last launch). */
static cl_event last_event(queue_t *q)
{
	static const ctx_t c = {"accrt (marking launches)", NULL, 0, 0, NULL, NULL};
	cl_event ev = NULL;
	if (q->unmarked) {
		cl_int err = clEnqueueMarkerWithWaitList(q->q, 0, NULL, &ev);
		check_enqueue(err, "clEnqueueMarkerWithWaitList", q, &c);
		q->unmarked = 0;
		enqueued(q, ev, CMD_MARK, NULL, 0, q->unmarked_kernel, q->unmarked_prog);
	}
	return q->last;
}

/* The events a command on q must wait for besides q's own order: the work of
 * queue 0 that the host has not waited for. Synchronous constructs are
 * enqueued on queue 0 without blocking (section 5), so an async operation that
 * follows one in the program must start after it. Returns the count (0 or 1). */
static cl_uint deps(const queue_t *q, cl_event *list)
{
	if (q != S.queues[0] && last_event(S.queues[0])) {
		list[0] = S.queues[0]->last;
		return 1;
	}
	return 0;
}

/* Record a command just enqueued on q: it becomes q's last event and is
 * accounted at the next wait. */
static void enqueued(queue_t *q, cl_event ev, int kind, kstat_t *stat, size_t bytes, const char *name,
                     const char *loc)
{
	pending_t *p;
	if (S.npending == S.cappending) {
		if (S.npending >= 1024)
			reap_finished();
		/* a host that enqueues faster than the device runs: let the
		 * older half finish rather than queue without bound (one wait
		 * per 2048 commands, not one per command) */
		if (S.npending >= 4096) {
			clWaitForEvents(1, &S.pending[S.npending / 2].ev);
			reap_finished();
		}
		if (S.npending == S.cappending) {
			S.cappending = S.cappending ? 2 * S.cappending : 16;
			S.pending = xrealloc(S.pending, S.cappending * sizeof *S.pending);
		}
	}
	p = &S.pending[S.npending++];
	p->ev = ev;
	p->kind = kind;
	p->stat = stat;
	p->bytes = bytes;
	p->async = q->async;
	p->name = name;
	p->loc = loc;
	p->snap = NULL;
	clRetainEvent(ev);
	if (q->last)
		clReleaseEvent(q->last);
	q->last = ev;
}

/* A blocking command on q has completed (ev is its event): q is idle. */
static void completed(queue_t *q, cl_event ev, int kind, size_t bytes, const char *name, const char *loc)
{
	enqueued(q, ev, kind, NULL, bytes, name, loc);
	drained(q);
}

/* After a failed enqueue on q: report a failed earlier command first (the
 * enqueue error is often only its consequence), then the enqueue error. */
static void check_enqueue(cl_int err, const char *call, queue_t *q, const ctx_t *c)
{
	cl_int fin;
	if (err == CL_SUCCESS)
		return;
	fin = clFinish(q->q);
	harvest(q->async, 0);
	if (fin != CL_SUCCESS && q->unmarked)
		unmarked_failed(fin, q->unmarked_kernel, q->unmarked_prog, q->async);
	check(err, call, c);
}

void accrt_wait(int async)
{
	static const ctx_t c = {"accrt_wait", NULL, 0, 0, NULL, NULL};
	queue_t *q;
	if (host_mode())
		return;
	if (!S.ready)
		return;
	if ((q = find_queue(resolve_async(async, &c))) != NULL)
		finish_queue(q, &c);
}

void accrt_wait_all(void)
{
	static const ctx_t c = {"accrt_wait_all", NULL, 0, 0, NULL, NULL};
	size_t i;
	if (host_mode())
		return;
	if (!S.ready)
		return;
	for (i = 0; i < S.nqueues; i++)
		finish_queue(S.queues[i], &c);
}

/* Make queue `async` wait, without blocking the host, for the events in list. */
static void barrier(int async, cl_event *list, cl_uint n, const ctx_t *c)
{
	queue_t *q = get_queue(async, c);
	cl_event ev = NULL;
	cl_int err;
	n += deps(q, list + n);
	if (n == 0)
		return;
	err = clEnqueueBarrierWithWaitList(q->q, n, list, &ev);
	check_enqueue(err, "clEnqueueBarrierWithWaitList", q, c);
	enqueued(q, ev, CMD_BARRIER, NULL, 0, NULL, NULL);
	/* flushed like every command the host does not wait for: its event
	 * may be polled (acc_async_test) or waited on by another queue */
	if (S.sync_launch)
		finish_queue(q, c);
	else
		check(clFlush(q->q), "clFlush", c);
}

void accrt_wait_async(int wait_on, int async)
{
	static const ctx_t c = {"accrt_wait_async", NULL, 0, 0, NULL, NULL};
	cl_event list[2];
	queue_t *w, *q;
	if (host_mode())
		return;
	ensure();
	wait_on = resolve_async(wait_on, &c);
	async = resolve_async(async, &c);
	w = find_queue(wait_on);
	q = find_queue(async);
	if (!w || w == q || !last_event(w))
		return;
	list[0] = w->last;
	/* queue 0's last event is a dependency of every other queue anyway */
	barrier(async, list, w == S.queues[0] ? 0 : 1, &c);
}

void accrt_print_order(int wait)
{
	if (wait)
		accrt_wait_all();
	fflush(stdout);
}

void accrt_wait_all_async(int async)
{
	static const ctx_t c = {"accrt_wait_all_async", NULL, 0, 0, NULL, NULL};
	cl_event *list;
	cl_uint n = 0;
	size_t i;
	queue_t *q;
	if (host_mode())
		return;
	ensure();
	async = resolve_async(async, &c);
	q = get_queue(async, &c);
	list = xmalloc((S.nqueues + 1) * sizeof *list);
	for (i = 0; i < S.nqueues; i++)
		if (S.queues[i] != q && S.queues[i] != S.queues[0] && last_event(S.queues[i]))
			list[n++] = S.queues[i]->last;
	barrier(async, list, n, &c);
	free(list);
}

/* 1 when queue q has no work in flight (accounting it), 0 otherwise. */
static int queue_idle(queue_t *q)
{
	cl_int st;
	if (!q || !last_event(q))
		return 1;
	clFlush(q->q); /* (flush_some may have left the last commands unflushed) */
	st = event_status(q->last);
	if (st == CL_COMPLETE || st < 0) {
		drained(q); /* reports a failure */
		return 1;
	}
	return 0;
}

int accrt_async_test(int async)
{
	static const ctx_t c = {"accrt_async_test", NULL, 0, 0, NULL, NULL};
	if (host_mode())
		return 1;
	if (!S.ready)
		return 1;
	async = resolve_async(async, &c);
	/* queue 0 serves synchronous work: nothing of it is pending for the program */
	if (async == ACCRT_SYNC)
		return 1;
	return queue_idle(find_queue(async));
}

int accrt_async_test_all(void)
{
	size_t i;
	int idle = 1;
	if (host_mode())
		return 1;
	if (!S.ready)
		return 1;
	for (i = 1; i < S.nqueues; i++)
		idle &= queue_idle(S.queues[i]);
	return idle;
}

int accrt_wait_any(int count, const int *asyncs)
{
	static const ctx_t c = {"accrt_wait_any", NULL, 0, 0, NULL, NULL};
	int i, any = 0;
	if (host_mode())
		return -1;
	if (count <= 0 || !asyncs)
		return -1;
	for (;;) {
		for (i = 0; i < count; i++) {
			int a;
			if (asyncs[i] == ACCRT_SYNC)
				continue;
			any = 1;
			a = resolve_async(asyncs[i], &c);
			if (!S.ready || queue_idle(find_queue(a)))
				return i;
		}
		if (!any)
			return -1;
		{
			struct timespec ts = {0, 20000}; /* 20 us between polls */
			nanosleep(&ts, NULL);
		}
	}
}

static void finish_at_exit(void)
{
	size_t i;
	in_exit_handler = 1;
	if (!S.ready || fatal_reported)
		return;
	/* work still in flight at exit: a kernel that failed is still reported */
	for (i = 0; i < S.nqueues; i++) {
		cl_int err = clFinish(S.queues[i]->q);
		if (err != CL_SUCCESS && S.queues[i]->unmarked) {
			harvest(0, 1);
			unmarked_failed(err, S.queues[i]->unmarked_kernel, S.queues[i]->unmarked_prog, S.queues[i]->async);
		}
	}
	harvest(0, 1);
	for (i = 0; i < S.nqueues; i++)
		if (S.queues[i]->last) {
			clReleaseEvent(S.queues[i]->last);
			S.queues[i]->last = NULL;
		}
}

/* ======================================================================= */
/* Present table                                                           */
/* ======================================================================= */

static uintptr_t key_of(const map_t *m, int by_dev)
{
	return by_dev ? m->dev : m->host;
}

/* Number of entries whose key is <= k (so the candidate container is at -1). */
static size_t upper(const vec_t *v, uintptr_t k, int by_dev)
{
	size_t lo = 0, hi = v->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (key_of(v->v[mid], by_dev) <= k)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void vec_insert(vec_t *v, map_t *m, int by_dev)
{
	size_t i = upper(v, key_of(m, by_dev), by_dev);
	if (v->n == v->cap) {
		v->cap = v->cap ? 2 * v->cap : 16;
		v->v = xrealloc(v->v, v->cap * sizeof *v->v);
	}
	memmove(v->v + i + 1, v->v + i, (v->n - i) * sizeof *v->v);
	v->v[i] = m;
	v->n++;
}

/* Remove every mapping marked dead, in one pass. */
static void vec_remove_dead(vec_t *v)
{
	size_t i, n = 0;
	for (i = 0; i < v->n; i++)
		if (!v->v[i]->dead)
			v->v[n++] = v->v[i];
	v->n = n;
}

static void vec_remove(vec_t *v, map_t *m)
{
	size_t i;
	for (i = 0; i < v->n; i++)
		if (v->v[i] == m) {
			memmove(v->v + i, v->v + i + 1, (v->n - i - 1) * sizeof *v->v);
			v->n--;
			return;
		}
}

enum { ABSENT, FOUND, PARTIAL };

/* Find the mapping that contains [h, h+bytes). */
static int lookup(uintptr_t h, size_t bytes, map_t **out)
{
	size_t i = upper(&S.by_host, h, 0);
	*out = NULL;
	if (i > 0) {
		map_t *m = S.by_host.v[i - 1];
		if (h - m->host < m->bytes) {
			*out = m;
			return bytes <= m->bytes - (h - m->host) ? FOUND : PARTIAL;
		}
	}
	if (i < S.by_host.n && bytes > 0 && S.by_host.v[i]->host - h < bytes) {
		*out = S.by_host.v[i];
		return PARTIAL;
	}
	return ABSENT;
}

/* The mapping whose device range contains d, or NULL. */
static map_t *lookup_dev(uintptr_t d)
{
	size_t i = upper(&S.by_dev, d, 1);
	if (i > 0) {
		map_t *m = S.by_dev.v[i - 1];
		if (d - m->dev < m->bytes)
			return m;
	}
	return NULL;
}

static void partial_error(uintptr_t h, size_t bytes, const map_t *m, const ctx_t *c)
{
	char w[512];
	fatal("'%s' (host %p, %zu bytes) is partially present on the device: it overlaps '%s' (host %p, %zu bytes%s%s) "
	      "without being contained in it%s",
	      c->name ? c->name : "?", (void *)h, bytes, m->name ? m->name : "?", (void *)m->host, m->bytes,
	      m->loc ? ", mapped at " : "", m->loc ? m->loc : "", ctx_where(c, w, sizeof w));
}

static void not_present_error(uintptr_t h, size_t bytes, const ctx_t *c)
{
	char w[512];
	if (bytes == 0) /* present(p) on a pointer: the data it points to */
		fatal("'%s' points to host memory (%p) that is not present on the device%s", c->name ? c->name : "?",
		      (void *)h, ctx_where(c, w, sizeof w));
	fatal("'%s' (host %p, %zu bytes) is not present on the device%s", c->name ? c->name : "?", (void *)h, bytes,
	      ctx_where(c, w, sizeof w));
}

/* Released buffers are kept for reuse, up to RECYCLE_MAX bytes and an
 * eighth of the device's memory, the oldest released first when more come:
 * a program that maps data of the same sizes again and again (a function
 * with a data clause called in a loop, a parallel loop with copyin in a time
 * loop) gets buffers that its earlier rounds wrote. On PoCL the first write
 * of a fresh buffer costs a page fault per page (64 MB: 30-40 ms against
 * 5 ms into a buffer written before, 2-core container); on a GPU a fresh
 * buffer is an allocation. A buffer freed while async queues have work in
 * flight keeps their last commands' events and serves no one until they are
 * done, so that its commands cannot overlap those of its next owner (queue
 * 0's cannot: queues_idle); a new mapping takes a kept buffer of at least
 * its size and at most twice it (a small mapping does not hold a large
 * buffer). Reused
 * memory holds the data of its earlier owner, as OpenACC's `create` allows
 * (ACCRT_ZERO fills it). Reduction partials use the same pool. */
#define RECYCLE_MAX ((size_t)1 << 30)

/* Whether kept buffer p's earlier commands are done (its events released
 * then). */
static int pooled_ready(pooled_t *p)
{
	cl_uint i;
	for (i = 0; i < p->nbusy; i++) {
		cl_int st = event_status(p->busy[i]);
		if (st != CL_COMPLETE && st >= 0) /* (a failed command is done too: its queue reports it) */
			return 0;
	}
	for (i = 0; i < p->nbusy; i++)
		clReleaseEvent(p->busy[i]);
	free(p->busy);
	p->busy = NULL;
	p->nbusy = 0;
	return 1;
}

/* Release kept buffer p (and its events). */
static void pooled_release(pooled_t *p)
{
	cl_uint i;
	for (i = 0; i < p->nbusy; i++)
		clReleaseEvent(p->busy[i]);
	free(p->busy);
	clReleaseMemObject(p->mem);
}

static cl_mem recycled_take(size_t bytes)
{
	size_t i, best = (size_t)-1;
	cl_mem m;
	for (i = 0; i < S.npool; i++)
		if (S.pool[i].bytes >= bytes && S.pool[i].bytes - bytes <= bytes + 4096 &&
		    (best == (size_t)-1 || S.pool[i].bytes < S.pool[best].bytes) && pooled_ready(&S.pool[i]))
			best = i;
	if (best == (size_t)-1)
		return NULL;
	m = S.pool[best].mem;
	S.pool_bytes -= S.pool[best].bytes;
	memmove(S.pool + best, S.pool + best + 1, (S.npool - best - 1) * sizeof *S.pool);
	S.npool--;
	return m;
}

static cl_event last_event(queue_t *q);

/* Keep buffer mem for reuse; with after_queues, only once the work the
 * async queues have in flight now is done (a mapping freed while they
 * run). */
static void recycled_put(cl_mem mem, size_t bytes, int after_queues)
{
	size_t i, cap = S.info.global_mem_size / 8 < RECYCLE_MAX ? (size_t)(S.info.global_mem_size / 8) : RECYCLE_MAX;
	pooled_t p;
	if (bytes > cap) {
		clReleaseMemObject(mem);
		return;
	}
	p.mem = mem;
	p.bytes = bytes;
	p.busy = NULL;
	p.nbusy = 0;
	for (i = 1; after_queues && i < S.nqueues; i++) {
		cl_event ev = last_event(S.queues[i]);
		if (!ev || event_status(ev) == CL_COMPLETE)
			continue;
		if (!p.busy)
			p.busy = xmalloc(S.nqueues * sizeof *p.busy);
		clRetainEvent(ev);
		clFlush(S.queues[i]->q);
		p.busy[p.nbusy++] = ev;
	}
	while (S.npool > 0 && S.pool_bytes + bytes > cap) { /* the oldest go */
		pooled_release(&S.pool[0]);
		S.pool_bytes -= S.pool[0].bytes;
		memmove(S.pool, S.pool + 1, (S.npool - 1) * sizeof *S.pool);
		S.npool--;
	}
	if (S.npool == S.cappool) {
		S.cappool = S.cappool ? 2 * S.cappool : 8;
		S.pool = xrealloc(S.pool, S.cappool * sizeof *S.pool);
	}
	S.pool[S.npool++] = p;
	S.pool_bytes += bytes;
}

static void recycled_flush(void)
{
	size_t i;
	for (i = 0; i < S.npool; i++)
		pooled_release(&S.pool[i]);
	S.npool = 0;
	S.pool_bytes = 0;
}

/* A freed buffer's commands cannot overlap those of its next owner: no
 * async queue has commands that may still be running (each was waited for,
 * or its last command is done, and has no launches without an event since).
 * Queue 0 may: it runs in order, and every command on an async queue waits
 * for queue 0's work enqueued before it (deps), so whatever the next owner
 * enqueues, on any queue, runs after it. */
static int queues_idle(void)
{
	size_t i;
	for (i = 1; i < S.nqueues; i++) {
		queue_t *q = S.queues[i];
		if (q->unmarked || (q->last && event_status(q->last) != CL_COMPLETE))
			return 0;
	}
	return 1;
}

static map_t *map_new(uintptr_t h, size_t bytes, const ctx_t *c)
{
	cl_int err;
	map_t *m;
	char w[512];
	if ((ptrdiff_t)bytes < 0) /* a sub-array whose length came out negative, converted to size_t */
		fatal("'%s' has a negative length (%td bytes)%s", c->name ? c->name : "?", (ptrdiff_t)bytes,
		      ctx_where(c, w, sizeof w));
	if (bytes > S.info.max_alloc_size)
		fatal("'%s' (%zu bytes) is larger than the device's largest allocation (%llu bytes, "
		      "CL_DEVICE_MAX_MEM_ALLOC_SIZE)%s",
		      c->name ? c->name : "?", bytes, (unsigned long long)S.info.max_alloc_size,
		      ctx_where(c, w, sizeof w));
	m = xmalloc(sizeof *m);
	memset(m, 0, sizeof *m);
	if (!(m->mem = recycled_take(bytes))) {
		m->mem = clCreateBuffer(S.ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
		if (err != CL_SUCCESS && S.npool > 0) { /* the kept buffers may be what fills the device */
			recycled_flush();
			m->mem = clCreateBuffer(S.ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
		}
		check(err, "clCreateBuffer", c);
	}
	m->own = 1;
	m->host = h;
	m->bytes = bytes;
	m->name = c->name;
	m->loc = c->loc;
	m->dev = S.next_dev;
	S.next_dev += (bytes + 4095) / 4096 * 4096 + 4096; /* a gap: one-past-the-end is no other address */
	if (h)
		vec_insert(&S.by_host, m, 0);
	vec_insert(&S.by_dev, m, 1);
	return m;
}

/* A row's or section's mapping leaves: the link between them goes too. */
static void rows_unlink(map_t *m)
{
	size_t i;
	if (m->sec) {
		m->sec->rows[m->slot] = NULL;
		m->sec = NULL;
	}
	if (m->rows) {
		for (i = 0; i < m->bytes / sizeof(void *); i++)
			if (m->rows[i])
				m->rows[i]->sec = NULL;
		free(m->rows);
		free(m->away);
		m->rows = NULL;
		m->away = NULL;
	}
}

static void map_free(map_t *m)
{
	rows_unlink(m);
	if (m->host)
		vec_remove(&S.by_host, m);
	if (!m->pitch && !m->mapped) /* pointer sections and mapped data have no device range of their own */
		vec_remove(&S.by_dev, m);
	if (m->pool) { /* a pool's chunk: the pool keeps its buffer */
		m->pool->version++;
		S.pool_epoch++;
	}
	else if (m->own)
		recycled_put(m->mem, m->bytes, !queues_idle());
	else
		clReleaseMemObject(m->mem);
	free(m);
}

/* ----------------------------------------------------------------------- */
/* Staged transfers through pinned memory (ACCLS_PINNED)                   */
/* ----------------------------------------------------------------------- */
/* Copies from and to pageable user memory go through the driver's own
 * bounce buffers. For large copies the runtime can instead stage them through
 * two pinned chunks of its own (CL_MEM_ALLOC_HOST_PTR, mapped once): the
 * memcpy of one chunk overlaps the DMA of the other. ACCLS_PINNED=1 turns it
 * on; off by default: on an H100 it was no faster than the driver's own
 * copies of 17-134 MB (bench/README.md), and PoCL copies with memcpy anyway.
 * Only copies of at least STAGE_MIN bytes are staged. */
#define STAGE_CHUNK ((size_t)8 << 20)
#define STAGE_MIN ((size_t)1 << 20)

static struct {
	int decided, on;
	cl_mem buf[2];
	void *ptr[2];
} ST;

static int staged_wanted(size_t bytes)
{
	if (!ST.decided) {
		ST.decided = 1;
		ST.on = env_on("ACCLS_PINNED");
	}
	return ST.on && bytes >= STAGE_MIN;
}

/* The pinned chunks (created on first use); 0 when they cannot be had
 * (the copy then goes the ordinary way). */
static int staged_ready(const ctx_t *c)
{
	cl_int err;
	(void)c;
	for (int i = 0; i < 2; i++) {
		if (ST.ptr[i])
			continue;
		ST.buf[i] = clCreateBuffer(S.ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, STAGE_CHUNK, NULL, &err);
		if (err != CL_SUCCESS) {
			ST.buf[i] = NULL;
			ST.on = 0;
			return 0;
		}
		ST.ptr[i] = clEnqueueMapBuffer(S.queues[0]->q, ST.buf[i], CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, STAGE_CHUNK, 0,
		                               NULL, NULL, &err);
		if (err != CL_SUCCESS || !ST.ptr[i]) {
			clReleaseMemObject(ST.buf[i]);
			ST.buf[i] = NULL;
			ST.ptr[i] = NULL;
			ST.on = 0;
			return 0;
		}
	}
	return 1;
}

/* Copy bytes between host and mem at off through the two pinned chunks. */
static void staged_copy(int to_device, cl_mem mem, size_t off, void *host, size_t bytes, const ctx_t *c)
{
	cl_command_queue q = S.queues[0]->q;
	cl_event ev[2] = {NULL, NULL};
	size_t len[2] = {0, 0}, at[2] = {0, 0}, done = 0, next = 0;
	int k = 0;
	if (to_device) {
		for (k = 0; done < bytes; k ^= 1) {
			size_t n = bytes - done < STAGE_CHUNK ? bytes - done : STAGE_CHUNK;
			if (ev[k]) {
				check(clWaitForEvents(1, &ev[k]), "clWaitForEvents", c);
				clReleaseEvent(ev[k]);
				ev[k] = NULL;
			}
			memcpy(ST.ptr[k], (char *)host + done, n);
			check(clEnqueueWriteBuffer(q, mem, CL_FALSE, off + done, n, ST.ptr[k], 0, NULL, &ev[k]),
			      "clEnqueueWriteBuffer", c);
			clFlush(q);
			done += n;
		}
	} else {
		/* keep two reads in flight; copy each out when it is done */
		for (k = 0; k < 2 && next < bytes; k++) {
			len[k] = bytes - next < STAGE_CHUNK ? bytes - next : STAGE_CHUNK;
			at[k] = next;
			check(clEnqueueReadBuffer(q, mem, CL_FALSE, off + next, len[k], ST.ptr[k], 0, NULL, &ev[k]),
			      "clEnqueueReadBuffer", c);
			next += len[k];
		}
		clFlush(q);
		for (k = 0; done < bytes; k ^= 1) {
			check(clWaitForEvents(1, &ev[k]), "clWaitForEvents", c);
			clReleaseEvent(ev[k]);
			ev[k] = NULL;
			memcpy((char *)host + at[k], ST.ptr[k], len[k]);
			done += len[k];
			if (next < bytes) {
				len[k] = bytes - next < STAGE_CHUNK ? bytes - next : STAGE_CHUNK;
				at[k] = next;
				check(clEnqueueReadBuffer(q, mem, CL_FALSE, off + next, len[k], ST.ptr[k], 0, NULL, &ev[k]),
				      "clEnqueueReadBuffer", c);
				clFlush(q);
				next += len[k];
			}
		}
	}
	for (k = 0; k < 2; k++)
		if (ev[k]) {
			check(clWaitForEvents(1, &ev[k]), "clWaitForEvents", c);
			clReleaseEvent(ev[k]);
		}
}

/* Release the pinned chunks (shutdown). */
static void staged_release(void)
{
	for (int i = 0; i < 2; i++) {
		if (ST.ptr[i])
			clEnqueueUnmapMemObject(S.queues[0]->q, ST.buf[i], ST.ptr[i], 0, NULL, NULL);
		if (ST.buf[i])
			clReleaseMemObject(ST.buf[i]);
	}
	if (S.nqueues)
		clFinish(S.queues[0]->q);
	memset(&ST, 0, sizeof ST);
}

/* Copy between host memory and [off, off+bytes) of mem on queue q. Queue 0
 * (synchronous) blocks until the copy is done; an async queue only enqueues
 * it (after queue 0's pending work, section 5): the host memory must stay
 * untouched until a wait, as OpenACC requires of async data. */
/* Whether some async copy to host memory has not finished: until it has,
 * the host's data is not yet what the program's order makes it. */
static int host_reads_pending(void)
{
	for (size_t i = 0; i < S.npending; i++) {
		cl_int st = CL_COMPLETE;
		if (S.pending[i].kind != CMD_READ)
			continue;
		clGetEventInfo(S.pending[i].ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
		if (st > CL_COMPLETE) /* queued, submitted or running */
			return 1;
	}
	return 0;
}

/* The largest snapshot (transfer) that waits for its copy's accounting. */
#define SMALL_SNAPSHOT ((size_t)16384)

static void CL_CALLBACK free_snapshot(cl_event ev, cl_int status, void *snap)
{
	(void)ev, (void)status;
	free(snap);
}

static void transfer(int to_device, cl_mem mem, size_t off, void *host, size_t bytes, queue_t *q, const ctx_t *c)
{
	cl_event ev = NULL, list[1];
	cl_uint n;
	if (q == S.queues[0])
		busy_wait(mem, c);
	n = deps(q, list);
	cl_bool blocking = q == S.queues[0] || S.sync_launch ? CL_TRUE : CL_FALSE;
	cl_int err;
	void *snap = NULL;
	if (q == S.queues[0] && !S.sync_launch && staged_wanted(bytes) && staged_ready(c)) {
		/* queue 0 is in order: the staged copies follow its pending work */
		double t0 = now_ms();
		staged_copy(to_device, mem, off, host, bytes, c);
		finish_queue(q, c);
		count_transfer(to_device, bytes, now_ms() - t0);
		return;
	}
	if (to_device && !blocking && !host_reads_pending() && (snap = malloc(bytes ? bytes : 1)) != NULL) {
		/* An async copy to the device takes the data now, as CUDA's copies
		 * from pageable memory do: the host may change it as soon as the
		 * call returns. OpenACC leaves that undefined until a wait, but
		 * programs written for NVIDIA's compilers rely on it, and OpenCL
		 * would read the host memory whenever the copy runs. Not while an
		 * async copy to the host is in flight: it may be what brings this
		 * data (copyout then copyin on one queue), and the queue's order
		 * is then the one that holds. */
		memcpy(snap, host, bytes);
		host = snap;
	}
	if (to_device)
		err = clEnqueueWriteBuffer(q->q, mem, blocking, off, bytes, host, n, n ? list : NULL, &ev);
	else
		err = clEnqueueReadBuffer(q->q, mem, blocking, off, bytes, host, n, n ? list : NULL, &ev);
	check_enqueue(err, to_device ? "clEnqueueWriteBuffer" : "clEnqueueReadBuffer", q, c);
	/* A small snapshot is freed when the copy is accounted (a wait, or the
	 * pending list's bound: at most 4096 of them), a large one as soon as
	 * the copy completes: an event callback cost NVIDIA's OpenCL about
	 * 2.4 us on an H200. */
	if (snap && bytes > SMALL_SNAPSHOT && clSetEventCallback(ev, CL_COMPLETE, free_snapshot, snap) != CL_SUCCESS) {
		clWaitForEvents(1, &ev); /* no callback: free it once the copy is done */
		free(snap);
	}
	if (blocking) {
		completed(q, ev, to_device ? CMD_WRITE : CMD_READ, bytes, c->name, c->loc);
	} else {
		enqueued(q, ev, to_device ? CMD_WRITE : CMD_READ, NULL, bytes, c->name, c->loc);
		if (snap && bytes <= SMALL_SNAPSHOT)
			S.pending[S.npending - 1].snap = snap;
		flush_some(q, c);
	}
}

/* The zero modifier (ACCRT_ZERO): fill [0, bytes) of a new buffer with zero
 * bytes on queue q, ordered like a transfer (after queue 0's pending work);
 * queue 0 does not block for it: what reads the buffer next is enqueued
 * after it. Not a transfer: the profile does not count it. */
static void zero_fill(cl_mem mem, size_t off, size_t bytes, queue_t *q, const ctx_t *c)
{
	static const cl_uchar zero = 0;
	cl_event ev = NULL, list[1];
	cl_uint n = deps(q, list);
	cl_int err = clEnqueueFillBuffer(q->q, mem, &zero, 1, off, bytes, n, n ? list : NULL, &ev);
	check_enqueue(err, "clEnqueueFillBuffer", q, c);
	enqueued(q, ev, CMD_FILL, NULL, 0, c->name, c->loc);
	check(clFlush(q->q), "clFlush", c);
	if (S.sync_launch)
		finish_queue(q, c);
}

static accrt_dev view(const map_t *m, uintptr_t h)
{
	accrt_dev d;
	d.mem = m ? m->mem : NULL;
	d.offset = m ? m->off + (size_t)(h - m->host) : 0;
	return d;
}

static accrt_dev none(void)
{
	return view(NULL, 0);
}

/* Counters (section 3): the entry action on present data increments the
 * counter flags select; on new data it starts at 1, the other at 0. */
static void count_up(map_t *m, int flags)
{
	if (flags & ACCRT_DYNAMIC)
		m->dref++;
	else
		m->sref++;
}

static void count_first(map_t *m, int flags)
{
	m->dref = (flags & ACCRT_DYNAMIC) ? 1 : 0;
	m->sref = (flags & ACCRT_DYNAMIC) ? 0 : 1;
}

/* The exit action's counter change: 0 when the selected counter is already
 * zero (no action), else decrement it (finalize: zero it) and return 1;
 * the data then leaves when both counters are zero. */
static int count_down(map_t *m, int flags)
{
	unsigned long *ref = (flags & ACCRT_DYNAMIC) ? &m->dref : &m->sref;
	if (*ref == 0)
		return 0;
	if ((flags & ACCRT_DYNAMIC) && (flags & ACCRT_FINALIZE))
		*ref = 0;
	else
		--*ref;
	return 1;
}

static map_t *map_new_pooled(mpool_t *p, uintptr_t h, size_t bytes, const ctx_t *c);

static map_t *data_enter_in(int clause, void *host, size_t bytes, int flags, int async, mpool_t *pool, const ctx_t *c);

static map_t *data_enter(int clause, void *host, size_t bytes, int flags, int async, const ctx_t *c)
{
	return data_enter_in(clause, host, bytes, flags, async, NULL, c);
}

/* data_enter, new data going into member pool pool when not NULL. */
static map_t *data_enter_in(int clause, void *host, size_t bytes, int flags, int async, mpool_t *pool, const ctx_t *c)
{
	uintptr_t h = (uintptr_t)host;
	map_t *m;
	int r;
	if (clause < ACCRT_COPY || clause > ACCRT_NO_CREATE)
		fatal("%s: clause %d (%s) is not an entry action", c->func, clause,
		      clause >= ACCRT_COPY && clause <= ACCRT_DELETE ? clause_names[clause] : "?");
	resolve_async(async, c); /* a bad value is an error even when nothing moves */
	if (!host)
		return NULL;
	ensure();
	r = lookup(h, bytes, &m);
	if (r == PARTIAL)
		partial_error(h, bytes, m, c);
	if (bytes == 0)
		return m;
	if (r == FOUND) {
		count_up(m, flags);
		return m;
	}
	switch (clause) {
	case ACCRT_PRESENT:
		not_present_error(h, bytes, c);
		return NULL;
	case ACCRT_NO_CREATE:
		return NULL;
	default:
		break;
	}
	m = pool ? map_new_pooled(pool, h, bytes, c) : map_new(h, bytes, c);
	count_first(m, flags);
	if (clause == ACCRT_COPY || clause == ACCRT_COPYIN)
		transfer(1, m->mem, m->off, host, bytes, get_queue(async, c), c); /* off: a member pool's chunk */
	else if (flags & ACCRT_ZERO)
		zero_fill(m->mem, m->off, bytes, get_queue(async, c), c);
	return m;
}

static void rows_exit(int clause, void *const *base, size_t lo, size_t n, size_t col, size_t bytes, int flags,
                      int async, const ctx_t *c);
/* rows_exit's bytes for every row's whole mapping, whatever its columns */
#define ROWS_WHOLE ((size_t)-1)

static void data_exit(int clause, void *host, size_t bytes, int flags, int async, const ctx_t *c)
{
	uintptr_t h = (uintptr_t)host;
	map_t *m;
	int r;
	if (clause < ACCRT_COPY || clause > ACCRT_DELETE)
		fatal("%s: invalid clause %d", c->func, clause);
	resolve_async(async, c);
	if (host && (flags & ACCRT_POINTEE) && S.ready) { /* exit data delete(p): the mapping p points into */
		if (lookup(h, 0, &m) != FOUND)
			return;
		if (m->pitch) { /* the row pointers of a pointer to pointers: the section and its rows (section 9) */
			rows_exit(clause, (void *const *)m->host, 0, m->bytes / sizeof(void *), 0, ROWS_WHOLE,
			          flags & ~ACCRT_POINTEE, async, c);
			return;
		}
		h = m->host;
		host = (void *)h;
		bytes = m->bytes;
	}
	if (!host || bytes == 0 || !S.ready)
		return;
	r = lookup(h, bytes, &m);
	if (r == ABSENT)
		return;
	if (r == PARTIAL)
		partial_error(h, bytes, m, c);
	if (!count_down(m, flags) || m->sref || m->dref || m->mapped)
		return; /* still in use, or mapped by acc_map_data until acc_unmap_data */
	/* a pointer section's device pointers are not kept (section 9):
	 * copying them out would restore the host's own values */
	if ((clause == ACCRT_COPY || clause == ACCRT_COPYOUT) && !m->pitch)
		transfer(0, m->mem, m->off + (size_t)(h - m->host), host, bytes, get_queue(async, c), c);
	/* The mapping leaves the present table now; OpenCL keeps the buffer
	 * itself until the commands enqueued on it (this copy, kernels on any
	 * queue) have finished. */
	map_free(m);
}

accrt_dev accrt_enter(accrt_clause clause, void *host, size_t bytes, int flags, const char *name, const char *loc)
{
	return accrt_enter_async(clause, host, bytes, flags, ACCRT_SYNC, name, loc);
}

/* The context of an entry action's messages. */
static ctx_t enter_ctx(accrt_clause clause, int flags, const char *name, const char *loc)
{
	ctx_t c;
	c.func = "accrt_enter";
	c.op = NULL;
	c.clause = (int)clause;
	c.dyn = (flags & ACCRT_DYNAMIC) ? 1 : 0;
	c.name = name;
	c.loc = loc;
	return c;
}

accrt_dev accrt_enter_async(accrt_clause clause, void *host, size_t bytes, int flags, int async, const char *name,
                            const char *loc)
{
	ctx_t c;
	map_t *m;
	if (host_mode())
		return none();
	c = enter_ctx(clause, flags, name, loc);
	m = data_enter((int)clause, host, bytes, flags, async, &c);
	return view(m, (uintptr_t)host);
}

void accrt_exit(accrt_clause clause, void *host, size_t bytes, int flags, const char *name, const char *loc)
{
	accrt_exit_async(clause, host, bytes, flags, ACCRT_SYNC, name, loc);
}

void accrt_exit_async(accrt_clause clause, void *host, size_t bytes, int flags, int async, const char *name,
                      const char *loc)
{
	ctx_t c;
	if (host_mode())
		return;
	c.func = "accrt_exit";
	c.op = NULL;
	c.clause = (int)clause;
	c.dyn = (flags & ACCRT_DYNAMIC) ? 2 : 0;
	c.name = name;
	c.loc = loc;
	data_exit((int)clause, host, bytes, flags, async, &c);
}

/* The mapping that holds the part [reach, reach+reach_bytes) of an array
 * without a data clause when the whole array [host, host+bytes) is only
 * partly present; NULL otherwise (accrt.h accrt_enter_reach_async). */
static map_t *reach_mapping(void *host, size_t bytes, void *reach, size_t reach_bytes)
{
	map_t *m;
	if (reach_bytes == 0 || !S.ready || lookup((uintptr_t)host, bytes, &m) != PARTIAL ||
	    lookup((uintptr_t)reach, reach_bytes, &m) != FOUND)
		return NULL;
	return m;
}

accrt_dev accrt_enter_reach_async(accrt_clause clause, void *host, size_t bytes, void *reach, size_t reach_bytes,
                                  int flags, int async, const char *name, const char *loc)
{
	map_t *m;
	if (host_mode())
		return none();
	ensure();
	if ((m = reach_mapping(host, bytes, reach, reach_bytes)) != NULL) {
		ctx_t c = enter_ctx(clause, flags, name, loc);
		resolve_async(async, &c);
		count_up(m, 0);
		return view(m, (uintptr_t)host);
	}
	return accrt_enter_async(clause, host, bytes, flags, async, name, loc);
}

void accrt_exit_reach_async(accrt_clause clause, void *host, size_t bytes, void *reach, size_t reach_bytes, int flags,
                            int async, const char *name, const char *loc)
{
	map_t *m;
	if (host_mode())
		return;
	if ((m = reach_mapping(host, bytes, reach, reach_bytes)) != NULL) {
		count_down(m, 0); /* the enter data that mapped it still holds it */
		return;
	}
	accrt_exit_async(clause, host, bytes, flags, async, name, loc);
}

/* A pointer without a data clause (accrt.h): the mapping base points into,
 * or, when there is none, the section entered as `clause`. The exit finds
 * the same mapping (base's, which the entry created or counted). */
accrt_dev accrt_enter_inferred_async(accrt_clause clause, void *base, void *host, size_t bytes, int async,
                                     const char *name, const char *loc)
{
	ctx_t c;
	map_t *m;
	if (host_mode())
		return none();
	c = enter_ctx(clause, 0, name, loc);
	resolve_async(async, &c);
	if (!base)
		return none();
	ensure();
	/* present: the mapping base points into, or one that overlaps the
	 * section (the section may hold more than the construct touches: the
	 * bounds of loops whose ifs skip elements) */
	if (lookup((uintptr_t)base, 0, &m) == FOUND || (bytes > 0 && lookup((uintptr_t)host, bytes, &m) == PARTIAL)) {
		count_up(m, 0);
		return view(m, (uintptr_t)host);
	}
	if (bytes == 0)
		return none();
	m = data_enter((int)clause, host, bytes, 0, async, &c);
	return view(m, (uintptr_t)host);
}

void accrt_exit_inferred_async(accrt_clause clause, void *base, void *host, size_t bytes, int async, const char *name,
                               const char *loc)
{
	ctx_t c = {"accrt_exit", NULL, 0, 0, NULL, NULL};
	map_t *m;
	if (host_mode() || !base || !S.ready)
		return;
	c.clause = (int)clause;
	c.name = name;
	c.loc = loc;
	/* the mapping the entry counted (as it found it), or the section the
	 * entry made, which the exit leaves as a copy clause's would */
	if ((lookup((uintptr_t)base, 0, &m) == FOUND && !(m->host == (uintptr_t)host && m->bytes == bytes)) ||
	    (bytes > 0 && lookup((uintptr_t)host, bytes, &m) == PARTIAL)) {
		count_down(m, 0); /* an enclosing construct still holds it */
		return;
	}
	data_exit((int)clause, host, bytes, 0, async, &c);
}

/* The mapping an update of [h, h+bytes) moves data of; NULL when there is
 * nothing to move (absent with ACCRT_IF_PRESENT, or a pointer section,
 * whose rows are updated as rows: section 9). */
static map_t *update_target(uintptr_t h, size_t bytes, int flags, const ctx_t *c)
{
	map_t *m;
	int r;
	ensure();
	r = lookup(h, bytes, &m);
	if (r == PARTIAL)
		partial_error(h, bytes, m, c);
	if (r == ABSENT) {
		if (flags & ACCRT_IF_PRESENT)
			return NULL;
		not_present_error(h, bytes, c);
	}
	return m->pitch ? NULL : m;
}

static void update(int to_device, void *host, size_t bytes, int flags, int async, const ctx_t *c)
{
	uintptr_t h = (uintptr_t)host;
	map_t *m;
	if (host_mode()) /* the host's memory is the device's */
		return;
	resolve_async(async, c);
	if (host && (flags & ACCRT_POINTEE)) { /* update self(p): from where p points to its mapping's end */
		ensure();
		if (lookup(h, 0, &m) != FOUND) {
			if (flags & ACCRT_IF_PRESENT)
				return;
			not_present_error(h, 0, c);
		}
		bytes = m->bytes - (h - m->host);
	}
	if (!host || bytes == 0)
		return;
	m = update_target(h, bytes, flags, c);
	if (m)
		transfer(to_device, m->mem, m->off + (size_t)(h - m->host), host, bytes, get_queue(async, c), c);
}

/* A rectangle of slices x rows pieces of width bytes, row_pitch and
 * slice_pitch bytes apart both on the host and in the device copy (the
 * accrt_update_rect_*): one rectangular copy, as transfer makes a plain one. */
static void rect_transfer(int to_device, cl_mem mem, size_t off, void *host, const size_t region[3], size_t row_pitch,
                          size_t slice_pitch, queue_t *q, const ctx_t *c)
{
	cl_event ev = NULL, list[1];
	cl_uint n;
	cl_bool blocking = q == S.queues[0] || S.sync_launch ? CL_TRUE : CL_FALSE;
	size_t borigin[3] = {off, 0, 0}, horigin[3] = {0, 0, 0}, bytes = region[0] * region[1] * region[2];
	cl_int err;
	if (q == S.queues[0])
		busy_wait(mem, c);
	n = deps(q, list);
	if (to_device)
		err = clEnqueueWriteBufferRect(q->q, mem, blocking, borigin, horigin, region, row_pitch, slice_pitch,
		                               row_pitch, slice_pitch, host, n, n ? list : NULL, &ev);
	else
		err = clEnqueueReadBufferRect(q->q, mem, blocking, borigin, horigin, region, row_pitch, slice_pitch,
		                              row_pitch, slice_pitch, host, n, n ? list : NULL, &ev);
	check_enqueue(err, to_device ? "clEnqueueWriteBufferRect" : "clEnqueueReadBufferRect", q, c);
	if (blocking) {
		completed(q, ev, to_device ? CMD_WRITE : CMD_READ, bytes, c->name, c->loc);
	} else {
		enqueued(q, ev, to_device ? CMD_WRITE : CMD_READ, NULL, bytes, c->name, c->loc);
		flush_some(q, c);
	}
}

static void rect_update(int to_device, void *host, size_t width, size_t rows, size_t row_pitch, size_t slices,
                        size_t slice_pitch, int flags, int async, const ctx_t *c)
{
	uintptr_t h = (uintptr_t)host;
	size_t extent, region[3];
	map_t *m;
	char w[512];
	if (host_mode())
		return;
	resolve_async(async, c);
	if (!host || width == 0 || rows == 0 || slices == 0)
		return;
	/* a negative length arrives as a huge size_t: the sizes would wrap */
	if (width > SIZE_MAX / 4 || rows > SIZE_MAX / 4 / width || slices > SIZE_MAX / 4 / (rows * width) ||
	    (rows > 1 && rows - 1 > SIZE_MAX / 4 / row_pitch) || (slices > 1 && slices - 1 > SIZE_MAX / 4 / slice_pitch))
		fatal("'%s': a length is negative or too large (%zu x %zu pieces of %zu bytes)%s", c->name ? c->name : "?",
		      slices, rows, width, ctx_where(c, w, sizeof w));
	if (rows == 1)
		row_pitch = width;
	if (slices == 1)
		slice_pitch = rows * row_pitch;
	if (row_pitch == width && slice_pitch == rows * row_pitch) { /* contiguous after all */
		update(to_device, host, width * rows * slices, flags, async, c);
		return;
	}
	if (row_pitch < width || slice_pitch < rows * row_pitch)
		fatal("'%s': pieces of %zu bytes %zu apart overlap%s", c->name ? c->name : "?", width, row_pitch,
		      ctx_where(c, w, sizeof w));
	extent = (slices - 1) * slice_pitch + (rows - 1) * row_pitch + width;
	m = update_target(h, extent, flags, c);
	if (!m)
		return;
	region[0] = width;
	region[1] = rows;
	region[2] = slices;
	rect_transfer(to_device, m->mem, m->off + (size_t)(h - m->host), host, region, row_pitch, slice_pitch,
	              get_queue(async, c), c);
}

void accrt_update_rect_device_async(void *host, size_t width, size_t rows, size_t row_pitch, size_t slices,
                                    size_t slice_pitch, int flags, int async, const char *name, const char *loc)
{
	ctx_t c = {"accrt_update_rect_device", "update device", 0, 0, NULL, NULL};
	c.name = name;
	c.loc = loc;
	rect_update(1, host, width, rows, row_pitch, slices, slice_pitch, flags, async, &c);
}

void accrt_update_rect_self_async(void *host, size_t width, size_t rows, size_t row_pitch, size_t slices,
                                  size_t slice_pitch, int flags, int async, const char *name, const char *loc)
{
	ctx_t c = {"accrt_update_rect_self", "update self", 0, 0, NULL, NULL};
	c.name = name;
	c.loc = loc;
	rect_update(0, host, width, rows, row_pitch, slices, slice_pitch, flags, async, &c);
}

void accrt_update_device(void *host, size_t bytes, int flags, const char *name, const char *loc)
{
	accrt_update_device_async(host, bytes, flags, ACCRT_SYNC, name, loc);
}

void accrt_update_self(void *host, size_t bytes, int flags, const char *name, const char *loc)
{
	accrt_update_self_async(host, bytes, flags, ACCRT_SYNC, name, loc);
}

void accrt_update_device_async(void *host, size_t bytes, int flags, int async, const char *name, const char *loc)
{
	ctx_t c = {"accrt_update_device", "update device", 0, 0, NULL, NULL};
	c.name = name;
	c.loc = loc;
	update(1, host, bytes, flags, async, &c);
}

void accrt_update_self_async(void *host, size_t bytes, int flags, int async, const char *name, const char *loc)
{
	ctx_t c = {"accrt_update_self", "update self", 0, 0, NULL, NULL};
	c.name = name;
	c.loc = loc;
	update(0, host, bytes, flags, async, &c);
}

accrt_dev accrt_lookup(void *host, size_t bytes, const char *name, const char *loc)
{
	ctx_t c = {"accrt_lookup", NULL, 0, 0, NULL, NULL};
	uintptr_t h = (uintptr_t)host;
	map_t *m;
	int r;
	c.name = name;
	c.loc = loc;
	if (!host)
		return none();
	ensure();
	r = lookup(h, bytes, &m);
	if (r == PARTIAL)
		partial_error(h, bytes, m, &c);
	if (r == ABSENT && bytes == 0) { /* a pointer the construct uses without a clause for its data */
		char w[512];
		fatal("'%s' points to host memory (%p) that is not present on the device%s: a pointer without a data "
		      "clause brings only its address; map the data it points to with a sub-array, e.g. copy(%s[0:n]), "
		      "on the construct or an enclosing data region",
		      name ? name : "?", host, ctx_where(&c, w, sizeof w), name ? name : "p");
	}
	if (r == ABSENT)
		not_present_error(h, bytes, &c);
	return view(m, h);
}

accrt_dev accrt_devptr(void *devaddr, const char *name, const char *loc)
{
	ctx_t c = {"accrt_devptr", "deviceptr clause", 0, 0, NULL, NULL};
	uintptr_t d = (uintptr_t)devaddr;
	map_t *m;
	accrt_dev r;
	char w[512];
	c.name = name;
	c.loc = loc;
	if (!devaddr)
		return none();
	ensure();
	m = lookup_dev(d);
	if (!m)
		fatal("'%s' (%p) is not a device address (from acc_malloc or acc_deviceptr)%s", name ? name : "?",
		      devaddr, ctx_where(&c, w, sizeof w));
	r.mem = m->mem;
	r.offset = m->off + (size_t)(d - m->dev);
	return r;
}

int accrt_present_counts(const void *host, unsigned long *structured, unsigned long *dynamic)
{
	map_t *m;
	if (!S.ready || !host || lookup((uintptr_t)host, 0, &m) != FOUND || !m)
		return 0;
	if (structured)
		*structured = m->sref;
	if (dynamic)
		*dynamic = m->dref;
	return 1;
}

/* ----------------------------------------------------------------------- */
/* Pointer-to-pointer data (accrt.h section 9)                             */
/* ----------------------------------------------------------------------- */

/* The row of section sec at slot: [h, h+bytes), at byte col-sec->col of
 * the slot in the section's buffer. */
static map_t *row_new(map_t *sec, size_t slot, uintptr_t h, size_t bytes, size_t col, const ctx_t *c)
{
	map_t *m = xmalloc(sizeof *m);
	size_t off = slot * sec->pitch + (col - sec->col);
	memset(m, 0, sizeof *m);
	check(clRetainMemObject(sec->mem), "clRetainMemObject", c);
	m->sec = sec;
	m->slot = slot;
	sec->rows[slot] = m;
	if (sec->away[slot]) {
		sec->away[slot] = 0;
		sec->naway--;
	}
	m->mem = sec->mem;
	m->off = off;
	m->host = h;
	m->bytes = bytes;
	m->dev = sec->dev + off;
	m->name = c->name;
	m->loc = c->loc;
	vec_insert(&S.by_host, m, 0);
	vec_insert(&S.by_dev, m, 1);
	return m;
}

/* A pointer section of nrows pointers at h whose rows (row bytes each, from
 * byte col of each row) get one buffer, pitch = row bytes apart. */
static void section_rows(map_t *m, size_t col, size_t row, const ctx_t *c);

static map_t *section_new(uintptr_t h, size_t nrows, size_t col, size_t row, const ctx_t *c)
{
	map_t *m = xmalloc(sizeof *m);
	memset(m, 0, sizeof *m);
	m->host = h;
	m->bytes = nrows * sizeof(void *);
	m->name = c->name;
	m->loc = c->loc;
	section_rows(m, col, row, c);
	vec_insert(&S.by_host, m, 0);
	return m;
}

/* Mapping m of row pointers gets its rows' buffer (row bytes each, from
 * byte col of each row), no rows yet in their slots, and the device
 * addresses of the rows (the section itself has none). */
static void section_rows(map_t *m, size_t col, size_t row, const ctx_t *c)
{
	size_t n = m->bytes / sizeof(void *);
	cl_int err;
	char w[512];
	if (row > S.info.max_alloc_size / n)
		fatal("the rows of '%s' (%zu x %zu bytes) are larger than the device's largest allocation (%llu bytes, "
		      "CL_DEVICE_MAX_MEM_ALLOC_SIZE)%s",
		      c->name ? c->name : "?", n, row, (unsigned long long)S.info.max_alloc_size, ctx_where(c, w, sizeof w));
	m->mem = clCreateBuffer(S.ctx, CL_MEM_READ_WRITE, n * row, NULL, &err);
	check(err, "clCreateBuffer", c);
	m->own = 0; /* the rows' buffer, which they hold too */
	m->pitch = row;
	m->col = col;
	m->rows = xmalloc(n * sizeof *m->rows);
	memset(m->rows, 0, n * sizeof *m->rows);
	m->away = xmalloc(n);
	memset(m->away, 0, n);
	m->dev = S.next_dev;
	S.next_dev += (n * row + 4095) / 4096 * 4096 + 4096;
}

/* Room in every slot of section sec for the columns [col, col+bytes) of a
 * row: a new buffer with a wider pitch when they do not fit, as when a row
 * attached after the pointers were mapped is longer (a jagged array, its
 * rows mapped one by one). The pitch at least doubles, so that rows of
 * growing lengths move the buffer a few times only. The rows move with
 * their data, and their device addresses change (acc_deviceptr results
 * taken before are stale, as after a realloc). */
static void section_widen(map_t *sec, size_t col, size_t bytes, const ctx_t *c)
{
	size_t n = sec->bytes / sizeof(void *), lo, hi, pitch, shift, s;
	size_t src[3] = {0, 0, 0}, dst[3] = {0, 0, 0}, region[3];
	uintptr_t dev;
	cl_mem mem;
	cl_int err;
	char w[512];
	if (col >= sec->col && col + bytes <= sec->col + sec->pitch)
		return;
	lo = col < sec->col ? col : sec->col;
	hi = col + bytes > sec->col + sec->pitch ? col + bytes : sec->col + sec->pitch;
	pitch = hi - lo > 2 * sec->pitch ? hi - lo : 2 * sec->pitch;
	if (pitch > S.info.max_alloc_size / n)
		fatal("the rows of '%s' (%zu rows, %zu bytes the longest) are larger than the device's largest allocation "
		      "(%llu bytes, CL_DEVICE_MAX_MEM_ALLOC_SIZE): accls keeps the rows of a pointer array in one buffer%s",
		      c->name ? c->name : "?", n, hi - lo, (unsigned long long)S.info.max_alloc_size,
		      ctx_where(c, w, sizeof w));
	mem = clCreateBuffer(S.ctx, CL_MEM_READ_WRITE, n * pitch, NULL, &err);
	check(err, "clCreateBuffer", c);
	shift = sec->col - lo;
	dst[0] = shift;
	region[0] = sec->pitch;
	region[1] = n;
	region[2] = 1;
	accrt_wait_all(); /* kernels in flight may use the rows */
	check(clEnqueueCopyBufferRect(S.queues[0]->q, sec->mem, mem, src, dst, region, sec->pitch, 0, pitch, 0, 0, NULL,
	                              NULL),
	      "clEnqueueCopyBufferRect", c);
	check(clFinish(S.queues[0]->q), "clFinish", c);
	dev = S.next_dev;
	S.next_dev += (n * pitch + 4095) / 4096 * 4096 + 4096;
	for (s = 0; s < n; s++) {
		map_t *m = sec->rows[s];
		if (!m)
			continue;
		vec_remove(&S.by_dev, m);
		m->off = m->off - s * sec->pitch + s * pitch + shift;
		m->dev = dev + m->off;
		check(clRetainMemObject(mem), "clRetainMemObject", c);
		clReleaseMemObject(m->mem);
		m->mem = mem;
		vec_insert(&S.by_dev, m, 1);
	}
	clReleaseMemObject(sec->mem);
	sec->mem = mem;
	sec->dev = dev;
	sec->pitch = pitch;
	sec->col = lo;
}

/* Row m leaves its section's slot for a buffer of its own, with its data:
 * the row pointer now points elsewhere (OpenACC attaches the new data when
 * it enters), and the old data stays present until it exits. */
static void row_detach(map_t *m, const ctx_t *c)
{
	cl_int err;
	cl_mem mem = clCreateBuffer(S.ctx, CL_MEM_READ_WRITE, m->bytes, NULL, &err);
	check(err, "clCreateBuffer", c);
	accrt_wait_all(); /* kernels in flight may use the row */
	check(clEnqueueCopyBuffer(S.queues[0]->q, m->mem, mem, m->off, 0, m->bytes, 0, NULL, NULL), "clEnqueueCopyBuffer",
	      c);
	check(clFinish(S.queues[0]->q), "clFinish", c);
	rows_unlink(m);
	vec_remove(&S.by_dev, m);
	clReleaseMemObject(m->mem);
	m->mem = mem;
	m->own = 1;
	m->off = 0;
	m->dev = S.next_dev;
	S.next_dev += (m->bytes + 4095) / 4096 * 4096 + 4096;
	vec_insert(&S.by_dev, m, 1);
}

/* Copy n rows of `bytes` bytes between the host (hosts[i]) and mem, whose
 * rows start at off0 and lie pitch bytes apart: gathered into one host
 * buffer and moved by one command (a rectangle when pitch > bytes). The copy
 * blocks, on every queue: the gathering buffer is freed after it (OpenACC
 * allows an async copy to complete early). */
static void rows_transfer(int to_device, cl_mem mem, size_t off0, size_t pitch, size_t bytes, size_t n,
                          const uintptr_t *hosts, queue_t *q, const ctx_t *c)
{
	size_t i, total = n * bytes;
	char *stage;
	cl_event ev = NULL, list[1];
	cl_uint nd;
	cl_int err;
	if (total == 0)
		return;
	if (q == S.queues[0])
		busy_wait(mem, c);
	nd = deps(q, list);
	stage = xmalloc(total);
	if (to_device)
		for (i = 0; i < n; i++)
			memcpy(stage + i * bytes, (const void *)hosts[i], bytes);
	if (pitch == bytes || n == 1) {
		err = to_device ? clEnqueueWriteBuffer(q->q, mem, CL_TRUE, off0, total, stage, nd, nd ? list : NULL, &ev)
		                : clEnqueueReadBuffer(q->q, mem, CL_TRUE, off0, total, stage, nd, nd ? list : NULL, &ev);
		check_enqueue(err, to_device ? "clEnqueueWriteBuffer" : "clEnqueueReadBuffer", q, c);
	} else {
		size_t borigin[3] = {off0, 0, 0}, horigin[3] = {0, 0, 0}, region[3] = {bytes, n, 1};
		err = to_device ? clEnqueueWriteBufferRect(q->q, mem, CL_TRUE, borigin, horigin, region, pitch, 0, bytes, 0,
		                                           stage, nd, nd ? list : NULL, &ev)
		                : clEnqueueReadBufferRect(q->q, mem, CL_TRUE, borigin, horigin, region, pitch, 0, bytes, 0,
		                                          stage, nd, nd ? list : NULL, &ev);
		check_enqueue(err, to_device ? "clEnqueueWriteBufferRect" : "clEnqueueReadBufferRect", q, c);
	}
	completed(q, ev, to_device ? CMD_WRITE : CMD_READ, total, c->name, c->loc);
	if (!to_device)
		for (i = 0; i < n; i++)
			memcpy((void *)hosts[i], stage + i * bytes, bytes);
	free(stage);
}

/* The rows [lo, lo+n) of base, columns [col, col+bytes) (bytes of each row)
 * found present: their mappings into rm[], their host addresses into hosts[].
 * A missing row is an error unless flags has ACCRT_IF_PRESENT (rm[i] NULL).
 * A NULL row is skipped (rm[i] NULL, hosts[i] 0): OpenACC takes no action
 * for a null pointer. */
static void rows_find(void *const *base, size_t lo, size_t n, size_t col, size_t bytes, int flags, map_t **rm,
                      uintptr_t *hosts, const ctx_t *c)
{
	size_t i;
	char w[512];
	for (i = 0; i < n; i++) {
		uintptr_t rh = (uintptr_t)base[lo + i];
		int r;
		rm[i] = NULL;
		hosts[i] = 0;
		if (!rh)
			continue;
		rh += col;
		hosts[i] = rh;
		r = lookup(rh, bytes, &rm[i]);
		if (r == PARTIAL)
			partial_error(rh, bytes, rm[i], c);
		if (r == ABSENT) {
			rm[i] = NULL;
			if (!(flags & ACCRT_IF_PRESENT))
				fatal("row %zu of '%s' (host %p, %zu bytes) is not present on the device%s", lo + i,
				      c->name ? c->name : "?", (void *)rh, bytes, ctx_where(c, w, sizeof w));
		}
	}
}

/* Whether the n rows found are consecutive rows of one buffer, *pitch apart
 * (n > 1), so that one command moves them all. */
static int rows_regular(map_t **rm, const uintptr_t *hosts, size_t n, size_t *off0, size_t *pitch)
{
	size_t i;
	if (n == 0 || !rm[0])
		return 0;
	*off0 = rm[0]->off + (hosts[0] - rm[0]->host);
	*pitch = 0;
	if (n > 1) {
		if (!rm[1] || rm[1]->mem != rm[0]->mem)
			return 0;
		*pitch = rm[1]->off + (hosts[1] - rm[1]->host) - *off0;
	}
	for (i = 1; i < n; i++)
		if (!rm[i] || rm[i]->mem != rm[0]->mem || rm[i]->off + (hosts[i] - rm[i]->host) != *off0 + i * *pitch)
			return 0;
	return 1;
}

/* A kernel reaches the rows of section sec through its buffer: a row
 * pointer that points to data present on its own is an error there. */
static void section_reachable(const map_t *sec, const ctx_t *c)
{
	size_t s;
	char w[512];
	if (!sec->naway)
		return;
	for (s = 0; !sec->away[s]; s++)
		;
	fatal("row %zu of '%s' points to data that was present on the device before its pointers were mapped with "
	      "their rows ('%s'%s%s): accls keeps the rows of a pointer array in one device buffer, which a kernel "
	      "indexes; map the rows with the pointers, or each row after the pointers%s",
	      s, c->name ? c->name : "?", sec->name ? sec->name : "?", sec->loc ? " at " : "", sec->loc ? sec->loc : "",
	      ctx_where(c, w, sizeof w));
}

/* The view of A[0][0] for a section: A[i][j] is at offset + i*pitch +
 * j*sizeof element, whatever row the section starts at. */
static accrt_dev section_view(const map_t *sec, void *const *base, size_t *pitch)
{
	accrt_dev d;
	ptrdiff_t k0 = ((intptr_t)sec->host - (intptr_t)(uintptr_t)base) / (ptrdiff_t)sizeof(void *);
	d.mem = sec->mem;
	d.offset = (size_t)(-(k0 * (ptrdiff_t)sec->pitch) - (ptrdiff_t)sec->col);
	if (pitch)
		*pitch = sec->pitch;
	return d;
}

/* Copy the rows found (hosts[i] not 0) in: with one command when they are
 * all there, one by one when some are NULL. */
static void rows_copy_in(map_t **rm, const uintptr_t *hosts, size_t n, size_t bytes, queue_t *q, const ctx_t *c)
{
	size_t i, off0, p;
	if (rows_regular(rm, hosts, n, &off0, &p) && (n == 1 || p >= bytes)) {
		rows_transfer(1, rm[0]->mem, off0, n > 1 ? p : bytes, bytes, n, hosts, q, c);
		return;
	}
	for (i = 0; i < n; i++)
		if (rm[i])
			rows_transfer(1, rm[i]->mem, rm[i]->off + (hosts[i] - rm[i]->host), bytes, bytes, 1, hosts + i, q, c);
}

/* A plain mapping of row pointers (copyin(A[0:n])) becomes a section
 * without rows, when the first row is attached to it (A[i][c:m] entered
 * after): its rows get a buffer, the pointers' device copy goes (kernels
 * cannot follow the pointers it holds). Its counters stay. */
static void section_promote(map_t *m, size_t col, size_t bytes, const ctx_t *c)
{
	vec_remove(&S.by_dev, m);   /* a section has no device range of its own */
	clReleaseMemObject(m->mem); /* after the commands on it (OpenCL) */
	section_rows(m, col, bytes, c);
}

static accrt_dev rows_enter(int clause, void *const *base, size_t lo, size_t n, size_t col, size_t bytes, int flags,
                            int async, const ctx_t *c, size_t *pitch, int attach)
{
	uintptr_t h = (uintptr_t)(base + lo);
	map_t *sec, **rm;
	uintptr_t *hosts;
	size_t i, k0;
	char w[512];
	int r, fresh;
	if (clause < ACCRT_COPY || clause > ACCRT_NO_CREATE)
		fatal("%s: clause %d is not an entry action", c->func, clause);
	resolve_async(async, c);
	if (pitch)
		*pitch = 0;
	if (!base || n == 0 || bytes == 0)
		return none();
	ensure();
	r = lookup(h, n * sizeof(void *), &sec);
	if (r == PARTIAL)
		partial_error(h, n * sizeof(void *), sec, c);
	if (r == FOUND && !sec->pitch && attach)
		section_promote(sec, col, bytes, c);
	else if (r == FOUND && !sec->pitch)
		fatal("the pointers of '%s' are present on the device without their rows (mapped as '%s'%s%s): accls "
		      "maps a pointer to pointers together with its rows (p[lo:n][lo:m])%s",
		      c->name ? c->name : "?", sec->name ? sec->name : "?", sec->loc ? " at " : "", sec->loc ? sec->loc : "",
		      ctx_where(c, w, sizeof w));
	if (r != FOUND) {
		switch (clause) {
		case ACCRT_PRESENT:
			not_present_error(h, n * sizeof(void *), c);
			break;
		case ACCRT_NO_CREATE:
			return none();
		default:
			break;
		}
	}
	rm = xmalloc(n * sizeof *rm);
	hosts = xmalloc(n * sizeof *hosts);
	rows_find(base, lo, n, col, bytes, ACCRT_IF_PRESENT, rm, hosts, c);
	fresh = r != FOUND;
	if (fresh) {
		sec = section_new(h, n, col, bytes, c);
		count_first(sec, flags);
	} else if (!attach) /* (a row attached alone: the pointers keep their own counters) */
		count_up(sec, flags);
	/* each row: the section's own row at its slot, or attached there now
	 * (new, or NULL when the pointers were mapped); NULL rows stay out */
	k0 = (size_t)(((intptr_t)sec->host - (intptr_t)(uintptr_t)base) / (ptrdiff_t)sizeof(void *));
	for (i = 0; i < n; i++) {
		size_t slot = lo + i - k0;
		if (!hosts[i])
			continue;
		if (rm[i]) {
			/* present already: the slot's own row, or data present on its
			 * own (or in another section) that OpenACC attaches the row
			 * pointer to; a kernel could not reach it through the rows'
			 * buffer, and the launch says so while it stays there */
			if (rm[i]->sec != sec || rm[i]->slot != slot) {
				if (sec->rows[slot])
					row_detach(sec->rows[slot], c);
				if (!sec->away[slot]) {
					sec->away[slot] = 1;
					sec->naway++;
				}
			}
			count_up(rm[i], flags);
			rm[i] = NULL; /* nothing to copy */
			continue;
		}
		if (clause == ACCRT_PRESENT)
			fatal("row %zu of '%s' (host %p, %zu bytes) is not present on the device (its pointers are, mapped as "
			      "'%s'%s%s)%s",
			      lo + i, c->name ? c->name : "?", (void *)hosts[i], bytes, sec->name ? sec->name : "?",
			      sec->loc ? " at " : "", sec->loc ? sec->loc : "", ctx_where(c, w, sizeof w));
		if (clause == ACCRT_NO_CREATE)
			continue;
		if (sec->rows[slot]) /* the row pointer changed: the new data is attached, the old stays present */
			row_detach(sec->rows[slot], c);
		section_widen(sec, col, bytes, c);
		if (lookup(hosts[i], bytes, &rm[i]) != ABSENT)
			fatal("row %zu of '%s' (host %p, %zu bytes) overlaps another row of it: accls maps the rows of a "
			      "pointer array into separate places of one device buffer, so they must be disjoint%s",
			      lo + i, c->name ? c->name : "?", (void *)hosts[i], bytes, ctx_where(c, w, sizeof w));
		rm[i] = row_new(sec, slot, hosts[i], bytes, col, c);
		count_first(rm[i], flags);
	}
	if (clause == ACCRT_COPY || clause == ACCRT_COPYIN)
		rows_copy_in(rm, hosts, n, bytes, get_queue(async, c), c);
	else if ((flags & ACCRT_ZERO) && fresh)
		zero_fill(sec->mem, 0, n * sec->pitch, get_queue(async, c), c);
	else if (flags & ACCRT_ZERO)
		for (i = 0; i < n; i++)
			if (rm[i])
				zero_fill(rm[i]->mem, rm[i]->off, bytes, get_queue(async, c), c);
	free(rm);
	free(hosts);
	if (!(flags & ACCRT_DYNAMIC))
		section_reachable(sec, c);
	return section_view(sec, base, pitch);
}

static void rows_exit(int clause, void *const *base, size_t lo, size_t n, size_t col, size_t bytes, int flags,
                      int async, const ctx_t *c)
{
	uintptr_t h = (uintptr_t)(base + lo);
	map_t *sec, **rm, **gone;
	uintptr_t *hosts, *out;
	size_t i, ngone = 0, off0, p;
	int r, copy = clause == ACCRT_COPY || clause == ACCRT_COPYOUT;
	if (clause < ACCRT_COPY || clause > ACCRT_DELETE)
		fatal("%s: invalid clause %d", c->func, clause);
	resolve_async(async, c);
	if (!base || n == 0 || bytes == 0 || !S.ready)
		return;
	r = lookup(h, n * sizeof(void *), &sec);
	if (r == ABSENT)
		return;
	if (r == PARTIAL)
		partial_error(h, n * sizeof(void *), sec, c);
	rm = xmalloc(n * sizeof *rm);
	gone = xmalloc(n * sizeof *gone);
	hosts = xmalloc(n * sizeof *hosts);
	out = xmalloc(n * sizeof *out);
	if (bytes == ROWS_WHOLE && sec->pitch) { /* the section's own rows (their lengths may differ) */
		size_t k0 = (size_t)(((intptr_t)sec->host - (intptr_t)(uintptr_t)base) / (ptrdiff_t)sizeof(void *));
		bytes = 0;
		for (i = 0; i < n; i++) {
			rm[i] = lo + i - k0 < sec->bytes / sizeof(void *) ? sec->rows[lo + i - k0] : NULL;
			hosts[i] = rm[i] ? rm[i]->host : 0;
			if (rm[i] && bytes != ROWS_WHOLE)
				bytes = bytes == 0 || bytes == rm[i]->bytes ? rm[i]->bytes : ROWS_WHOLE;
		}
	} else
		rows_find(base, lo, n, col, bytes, ACCRT_IF_PRESENT, rm, hosts, c);
	for (i = 0; i < n; i++)
		if (rm[i] && count_down(rm[i], flags) && !rm[i]->sref && !rm[i]->dref) {
			gone[ngone] = rm[i];
			out[ngone++] = hosts[i];
		}
	count_down(sec, flags);
	if (copy && ngone > 0) {
		if (bytes != ROWS_WHOLE && rows_regular(gone, out, ngone, &off0, &p) && (ngone == 1 || p >= bytes))
			rows_transfer(0, gone[0]->mem, off0, ngone > 1 ? p : bytes, bytes, ngone, out, get_queue(async, c), c);
		else
			for (i = 0; i < ngone; i++)
				transfer(0, gone[i]->mem, gone[i]->off + (out[i] - gone[i]->host), (void *)out[i],
				         bytes != ROWS_WHOLE ? bytes : gone[i]->bytes, get_queue(async, c), c);
	}
	/* the rows leave the table in one pass; OpenCL keeps the buffer until
	 * the commands on it are done */
	for (i = 0; i < ngone; i++)
		gone[i]->dead = 1;
	vec_remove_dead(&S.by_host);
	vec_remove_dead(&S.by_dev);
	for (i = 0; i < ngone; i++) {
		rows_unlink(gone[i]);
		clReleaseMemObject(gone[i]->mem);
		free(gone[i]);
	}
	if (sec->pitch && !sec->sref && !sec->dref)
		map_free(sec);
	free(rm);
	free(gone);
	free(hosts);
	free(out);
}

static void rows_update(int to_device, void *const *base, size_t lo, size_t n, size_t col, size_t bytes, int flags,
                        int async, const ctx_t *c)
{
	map_t **rm;
	uintptr_t *hosts;
	size_t i, off0, p;
	if (host_mode())
		return;
	resolve_async(async, c);
	if (!base || n == 0 || bytes == 0)
		return;
	ensure();
	rm = xmalloc(n * sizeof *rm);
	hosts = xmalloc(n * sizeof *hosts);
	rows_find(base, lo, n, col, bytes, flags, rm, hosts, c);
	if (rows_regular(rm, hosts, n, &off0, &p) && (n == 1 || p >= bytes))
		rows_transfer(to_device, rm[0]->mem, off0, n > 1 ? p : bytes, bytes, n, hosts, get_queue(async, c), c);
	else
		for (i = 0; i < n; i++)
			if (rm[i])
				transfer(to_device, rm[i]->mem, rm[i]->off + (hosts[i] - rm[i]->host), (void *)hosts[i], bytes,
				         get_queue(async, c), c);
	free(rm);
	free(hosts);
}

accrt_dev accrt_enter_rows_async(accrt_clause clause, void *const *base, size_t lo, size_t n, size_t col, size_t bytes,
                                 int flags, int async, const char *name, const char *loc, size_t *pitch)
{
	ctx_t c = {"accrt_enter_rows", NULL, 0, 0, NULL, NULL};
	if (host_mode()) {
		accrt_dev none = {NULL, 0};
		return none;
	}
	c.clause = (int)clause;
	c.dyn = (flags & ACCRT_DYNAMIC) ? 1 : 0;
	c.name = name;
	c.loc = loc;
	return rows_enter((int)clause, base, lo, n, col, bytes, flags, async, &c, pitch, 0);
}

accrt_dev accrt_enter_row_async(accrt_clause clause, void *const *slot, size_t col, size_t bytes, int flags, int async,
                                const char *name, const char *loc)
{
	ctx_t c;
	map_t *m;
	uintptr_t h;
	if (host_mode() || !slot || !*slot)
		return none(); /* a NULL row: no action, as for any null pointer */
	c = enter_ctx(clause, flags, name, loc);
	h = (uintptr_t)*slot + col;
	ensure();
	if (bytes && lookup((uintptr_t)slot, sizeof(void *), &m) == FOUND &&
	    (m->pitch || (!m->pool && !m->mapped && !m->off && m->bytes % sizeof(void *) == 0 &&
	                  ((uintptr_t)slot - m->host) % sizeof(void *) == 0))) {
		/* the row pointer is present (in a section, or in a mapping of
		 * pointers that becomes one): attach the row to it */
		rows_enter((int)clause, slot, 0, 1, col, bytes, flags, async, &c, NULL, 1);
		if (lookup(h, bytes, &m) != FOUND)
			return none();
		return view(m, h);
	}
	m = data_enter((int)clause, (void *)h, bytes, flags, async, &c);
	return view(m, h);
}

void accrt_exit_rows_async(accrt_clause clause, void *const *base, size_t lo, size_t n, size_t col, size_t bytes,
                           int flags, int async, const char *name, const char *loc)
{
	ctx_t c = {"accrt_exit_rows", NULL, 0, 0, NULL, NULL};
	if (host_mode())
		return;
	c.clause = (int)clause;
	c.dyn = (flags & ACCRT_DYNAMIC) ? 2 : 0;
	c.name = name;
	c.loc = loc;
	rows_exit((int)clause, base, lo, n, col, bytes, flags, async, &c);
}

void accrt_update_rows_device_async(void *const *base, size_t lo, size_t n, size_t col, size_t bytes, int flags,
                                    int async, const char *name, const char *loc)
{
	ctx_t c = {"accrt_update_rows_device", "update device", 0, 0, NULL, NULL};
	c.name = name;
	c.loc = loc;
	rows_update(1, base, lo, n, col, bytes, flags, async, &c);
}

void accrt_update_rows_self_async(void *const *base, size_t lo, size_t n, size_t col, size_t bytes, int flags,
                                  int async, const char *name, const char *loc)
{
	ctx_t c = {"accrt_update_rows_self", "update self", 0, 0, NULL, NULL};
	c.name = name;
	c.loc = loc;
	rows_update(0, base, lo, n, col, bytes, flags, async, &c);
}

accrt_dev accrt_lookup_rows(void *const *base, const char *name, const char *loc, size_t *pitch)
{
	ctx_t c = {"accrt_lookup_rows", NULL, 0, 0, NULL, NULL};
	map_t *m;
	char w[512];
	int r;
	c.name = name;
	c.loc = loc;
	if (pitch)
		*pitch = 0;
	if (!base)
		return none();
	ensure();
	r = lookup((uintptr_t)base, 0, &m);
	if (r != FOUND || !m)
		fatal("'%s' is a pointer to pointers whose rows are not present on the device (its pointers at %p): map "
		      "them with its rows, as %s[lo:n][lo:m], on the construct, an enclosing data construct or enter data%s",
		      name ? name : "?", (void *)base, name ? name : "p", ctx_where(&c, w, sizeof w));
	if (!m->pitch)
		fatal("the pointers of '%s' are present on the device without their rows (mapped as '%s'%s%s): map them "
		      "with their rows, as %s[lo:n][lo:m]%s",
		      name ? name : "?", m->name ? m->name : "?", m->loc ? " at " : "", m->loc ? m->loc : "",
		      name ? name : "p", ctx_where(&c, w, sizeof w));
	section_reachable(m, &c);
	return section_view(m, base, pitch);
}

/* ======================================================================= */
/* Programs and build logs                                                 */
/* ======================================================================= */

typedef struct linedir {
	unsigned long gen;   /* generated line of the directive (1-based) */
	unsigned long user;  /* the line number it names for the next line */
	const char *file;    /* points into the source; length flen */
	size_t flen;
} linedir_t;

/* Parse `#line N "file"` and `# N "file"` directives of src. */
static size_t parse_line_directives(const char *src, linedir_t **out)
{
	linedir_t *v = NULL;
	size_t n = 0, cap = 0;
	unsigned long line = 1;
	const char *p = src, *file = NULL;
	size_t flen = 0;
	while (*p) {
		const char *q = p;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q == '#') {
			q++;
			while (*q == ' ' || *q == '\t')
				q++;
			if (strncmp(q, "line", 4) == 0 && (q[4] == ' ' || q[4] == '\t')) {
				q += 4;
				while (*q == ' ' || *q == '\t')
					q++;
			}
			if (*q >= '0' && *q <= '9') {
				unsigned long num = strtoul(q, (char **)&q, 10);
				while (*q == ' ' || *q == '\t')
					q++;
				if (*q == '"') {
					const char *e = strchr(q + 1, '"');
					const char *nl = strchr(q + 1, '\n');
					if (e && (!nl || e < nl)) {
						file = q + 1;
						flen = (size_t)(e - file);
					}
				}
				if (n == cap) {
					cap = cap ? 2 * cap : 8;
					v = xrealloc(v, cap * sizeof *v);
				}
				v[n].gen = line;
				v[n].user = num;
				v[n].file = file;
				v[n].flen = file ? flen : 0;
				n++;
			}
		}
		p = strchr(p, '\n');
		if (!p)
			break;
		p++;
		line++;
	}
	*out = v;
	return n;
}

static void print_mapped_log(FILE *f, const char *log, const char *src, const char *pname)
{
	linedir_t *dirs;
	size_t nd = parse_line_directives(src, &dirs);
	const char *p = log;
	while (*p) {
		const char *eol = strchr(p, '\n');
		const char *end = eol ? eol : p + strlen(p);
		const char *emitted = p, *i;
		for (i = p; i < end; i++) {
			const char *ts, *d, *num_end;
			size_t tlen, k;
			int qualifies = 0, known = 0;
			unsigned long gl;
			if (*i != ':' || i + 1 >= end || i[1] < '0' || i[1] > '9')
				continue;
			d = i + 1;
			while (d < end && *d >= '0' && *d <= '9')
				d++;
			if (d >= end || *d != ':')
				continue;
			num_end = d;
			ts = i;
			while (ts > emitted && !strchr(" \t'\"()[]:", ts[-1]))
				ts--;
			tlen = (size_t)(i - ts);
			for (k = 0; k < tlen; k++)
				if (ts[k] == '/' || ts[k] == '.' || ts[k] == '<' || ts[k] == '\\')
					qualifies = 1;
			for (k = 0; k < nd; k++)
				if (dirs[k].file && dirs[k].flen == tlen && strncmp(dirs[k].file, ts, tlen) == 0)
					known = 1;
			if (!qualifies || known || tlen == 0) {
				i = num_end - 1; /* skip the line number: the column is no location */
				continue;
			}
			gl = strtoul(i + 1, NULL, 10);
			fwrite(emitted, 1, (size_t)(ts - emitted), f);
			for (k = nd; k > 0; k--)
				if (dirs[k - 1].gen < gl)
					break;
			if (k > 0 && dirs[k - 1].file)
				fprintf(f, "%.*s:%lu", (int)dirs[k - 1].flen, dirs[k - 1].file,
				        dirs[k - 1].user + (gl - dirs[k - 1].gen - 1));
			else
				fprintf(f, "%s:%lu", pname, gl);
			emitted = num_end;
			i = num_end - 1;
		}
		fwrite(emitted, 1, (size_t)(end - emitted), f);
		fputc('\n', f);
		p = eol ? eol + 1 : end;
	}
	free(dirs);
}

static char *build_log(cl_program prog)
{
	size_t n = 0;
	char *log;
	if (clGetProgramBuildInfo(prog, S.dev.device, CL_PROGRAM_BUILD_LOG, 0, NULL, &n) != CL_SUCCESS)
		return xstrdup("");
	log = xmalloc(n + 1);
	if (clGetProgramBuildInfo(prog, S.dev.device, CL_PROGRAM_BUILD_LOG, n, log, NULL) != CL_SUCCESS)
		n = 0;
	log[n] = 0;
	while (n > 0 && (log[n - 1] == '\n' || log[n - 1] == ' ' || log[n - 1] == '\r' || log[n - 1] == 0))
		log[--n] = 0;
	return log;
}

static unsigned long hash_str(const char *s, size_t n)
{
	unsigned long h = 2166136261ul;
	size_t i;
	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619ul;
	return h;
}

/* The options of every program build (section 4): the device's
 * acc_device_t, for acc_on_device in device code; ACCLS_CPU_DEVICE on a
 * CPU device, where the kernels combine reductions in a work-group
 * serially instead of by a tree (kernelgen.go, tree); float division and sqrt
 * rounded as in C (IEEE, correctly rounded) where the device can (OpenCL
 * allows 2.5 ulp by default, and NVIDIA's compiler uses it, so a/b in a
 * kernel could differ from the same C on the host); then ACCLS_CL_OPTIONS.
 * The kernel prebuild (accrt_prebuild) builds with the same string, so that
 * the OpenCL driver's cache answers the run's build. Read at each build, not
 * at each lookup: every launch makes one. */
static char *build_options(void)
{
	const char *user = getenv("ACCLS_CL_OPTIONS");
	cl_device_fp_config fp = 0;
	size_t n = (user ? strlen(user) : 0) + 128;
	char *all = xmalloc(n);
	clGetDeviceInfo(S.dev.device, CL_DEVICE_SINGLE_FP_CONFIG, sizeof fp, &fp, NULL);
	snprintf(all, n, "-DACCLS_DEVICE_TYPE=%d%s%s %s", (int)acc_get_device_type(),
	         S.dev.type & CL_DEVICE_TYPE_CPU ? " -DACCLS_CPU_DEVICE=1" : "",
	         fp & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT ? " -cl-fp32-correctly-rounded-divide-sqrt" : "",
	         user ? user : "");
	return all;
}

int accrt_prebuild(const char *source)
{
	cl_program prog;
	cl_int err;
	size_t len;
	char *opts, *r;
	ensure();
	if (!source)
		return 0;
	len = strlen(source);
	prog = clCreateProgramWithSource(S.ctx, 1, &source, &len, &err);
	if (err != CL_SUCCESS)
		return 0;
	opts = build_options();
	r = rand_park();
	err = clBuildProgram(prog, 1, &S.dev.device, opts, NULL, NULL);
	rand_unpark(r);
	free(opts);
	clReleaseProgram(prog);
	return err == CL_SUCCESS;
}

accrt_program_t *accrt_program(const char *source, const char *name)
{
	ctx_t c = {"accrt_program", NULL, 0, 0, NULL, NULL};
	accrt_program_t *p;
	size_t len;
	unsigned long h;
	cl_int err;
	char *opts, *r;
	double t0, ms;
	char *log;
	if (host_mode()) /* (generated programs test accrt_on_host first) */
		fatal("accrt_program: the host is the current device (ACC_DEVICE_TYPE=host, acc_set_device_type(acc_device_host) "
		      "or set device_type(host)): kernels do not run there; test accrt_on_host() and run the host code");
	ensure();
	if (!name)
		name = "kernels";
	c.loc = name;
	if (!source)
		fatal("accrt_program: NULL source for '%s'", name);
	for (p = S.programs; p; p = p->next)
		if (p->src == source)
			return p;
	len = strlen(source);
	h = hash_str(source, len);
	for (p = S.programs; p; p = p->next)
		if (p->hash == h && p->len == len && memcmp(p->copy, source, len) == 0)
			return p;

	p = xmalloc(sizeof *p);
	memset(p, 0, sizeof *p);
	p->src = source;
	p->copy = xstrdup(source);
	p->len = len;
	p->hash = h;
	p->name = xstrdup(name);
	p->prog = clCreateProgramWithSource(S.ctx, 1, &source, &len, &err);
	check(err, "clCreateProgramWithSource", &c);
	t0 = now_ms();
	opts = build_options();
	r = rand_park();
	err = clBuildProgram(p->prog, 1, &S.dev.device, opts, NULL, NULL);
	rand_unpark(r);
	free(opts);
	ms = now_ms() - t0;
	P.builds++;
	P.build_ms += ms;
	log = build_log(p->prog);
	if (err != CL_SUCCESS) {
		fflush(stdout);
		fprintf(stderr, "accls runtime: OpenCL program '%s' failed to build for device '%s': %s (%d)%s\n", name,
		        S.dev.name, accrt_cl_error_name(err), (int)err, log[0] ? "; build log:" : " (empty build log)");
		if (log[0])
			print_mapped_log(stderr, log, source, name);
		fflush(stderr);
		free(log);
		if (in_exit_handler)
			_Exit(2);
		exit(2);
	}
	if (verbose()) {
		fprintf(stderr, "accls runtime: built program '%s' in %.1f ms\n", name, ms);
		if (log[0])
			print_mapped_log(stderr, log, source, name);
	}
	free(log);
	p->next = S.programs;
	S.programs = p;
	return p;
}

static kstat_t *stat_for(const char *name)
{
	kstat_t *s;
	for (s = P.kernels; s; s = s->next)
		if (strcmp(s->name, name) == 0)
			return s;
	s = xmalloc(sizeof *s);
	memset(s, 0, sizeof *s);
	s->name = xstrdup(name);
	s->next = P.kernels;
	P.kernels = s;
	return s;
}

accrt_kernel_t *accrt_kernel(accrt_program_t *prog, const char *kernel_name)
{
	ctx_t c = {"accrt_kernel", NULL, 0, 0, NULL, NULL};
	accrt_kernel_t *k;
	cl_int err;
	if (!prog || !kernel_name)
		fatal("accrt_kernel: NULL program or kernel name");
	for (k = prog->kernels; k; k = k->next)
		if (strcmp(k->name, kernel_name) == 0)
			return k;
	k = xmalloc(sizeof *k);
	memset(k, 0, sizeof *k);
	k->k = clCreateKernel(prog->prog, kernel_name, &err);
	if (err == CL_INVALID_KERNEL_NAME)
		fatal("OpenCL program '%s' has no kernel '%s'", prog->name, kernel_name);
	c.name = kernel_name;
	c.loc = prog->name;
	check(err, "clCreateKernel", &c);
	k->name = xstrdup(kernel_name);
	k->prog = prog;
	k->stat = stat_for(kernel_name);
	k->next = prog->kernels;
	prog->kernels = k;
	return k;
}

static void set_arg(accrt_kernel_t *k, unsigned index, size_t size, const void *value, const char *func)
{
	cl_int err = clSetKernelArg(k->k, index, size, value);
	if (err != CL_SUCCESS)
		fatal("clSetKernelArg failed in %s for argument %u of kernel '%s' (%zu bytes): %s (%d)", func, index,
		      k->name, size, accrt_cl_error_name(err), (int)err);
}

void accrt_arg(accrt_kernel_t *k, unsigned index, size_t size, const void *value)
{
	set_arg(k, index, size, value, "accrt_arg");
}

/* Argument index of k holds buffer mem (busy_wait). */
static void arg_mem(accrt_kernel_t *k, unsigned index, cl_mem mem)
{
	if (index >= k->nmems) {
		unsigned n = index + 8;
		k->mems = xrealloc(k->mems, n * sizeof *k->mems);
		memset(k->mems + k->nmems, 0, (n - k->nmems) * sizeof *k->mems);
		k->nmems = n;
	}
	k->mems[index] = mem;
}

void accrt_arg_dev(accrt_kernel_t *k, unsigned index, accrt_dev dev)
{
	cl_ulong off = (cl_ulong)dev.offset;
	arg_mem(k, index, dev.mem);
	set_arg(k, index, sizeof(cl_mem), &dev.mem, "accrt_arg_dev");
	set_arg(k, index + 1, sizeof off, &off, "accrt_arg_dev");
}

size_t accrt_dev_size(accrt_dev dev)
{
	size_t size = 0;
	if (dev.mem == NULL || clGetMemObjectInfo(dev.mem, CL_MEM_SIZE, sizeof size, &size, NULL) != CL_SUCCESS)
		return 0;
	return size;
}

void accrt_arg_mem(accrt_kernel_t *k, unsigned index, cl_mem mem)
{
	arg_mem(k, index, mem);
	set_arg(k, index, sizeof(cl_mem), &mem, "accrt_arg_mem");
}

void accrt_arg_local(accrt_kernel_t *k, unsigned index, size_t bytes)
{
	set_arg(k, index, bytes, NULL, "accrt_arg_local");
}

static void size_list(char *buf, size_t size, unsigned dims, const size_t *v)
{
	if (!v)
		snprintf(buf, size, "NULL");
	else if (dims == 1)
		snprintf(buf, size, "%zu", v[0]);
	else if (dims == 2)
		snprintf(buf, size, "%zux%zu", v[0], v[1]);
	else
		snprintf(buf, size, "%zux%zux%zu", v[0], v[1], v[2]);
}

/* Kernels that crash on PoCL. PoCL runs the kernels in threads of this
 * process: a kernel that reads or writes outside its data (a NULL pointer
 * in a data clause, a sub-array shorter than the loop) kills the program
 * with SIGSEGV and no word of which kernel it was. A fault in a thread other
 * than the program's own names the kernel launched last (ACCLS_SYNC_LAUNCH=1
 * makes it the one that ran); then the handler that was there before (LLVM's,
 * which PoCL installs, or the program's) gets the signal as it would have.
 * The kernel is named at its enqueue, since PoCL may run it before
 * clEnqueueNDRangeKernel returns. */
static const char *volatile crashed_kernel, *volatile crashed_prog;
#ifdef __linux__
static pthread_t program_thread;
/* Not SIGFPE: PoCL catches an integer division by zero in a kernel itself
 * and the kernel goes on. */
static const int crash_signals[] = {SIGSEGV, SIGBUS};
static struct sigaction crash_prev[2];

static void say(const char *s)
{
	ssize_t r = write(2, s, strlen(s));
	(void)r;
}

/* 0: no crash yet; 1: a thread is reporting one; 2: reported. */
static volatile int crash_state;

static void on_kernel_crash(int sig, siginfo_t *info, void *uc)
{
	const char *k = crashed_kernel, *p = crashed_prog;
	size_t i;
	(void)uc;
	/* Several of PoCL's threads may fault at once (the work-groups of one
	 * bad kernel): the first reports, the others wait for its message, or
	 * the next fault would end the program in the middle of it. */
	if (__sync_val_compare_and_swap(&crash_state, 0, 1) != 0) {
		struct timespec ms = {0, 1000000};
		for (i = 0; i < 1000 && crash_state != 2; i++)
			nanosleep(&ms, NULL);
	} else if (k && !pthread_equal(pthread_self(), program_thread)) {
		say("accls runtime: ");
		say(sig == SIGSEGV ? "SIGSEGV" : "SIGBUS");
		say(" (an invalid memory access)");
		say(" in a kernel running on the CPU device (PoCL): the last kernel launched was '");
		say(k);
		say("' (");
		say(p ? p : "?");
		say("). A kernel that reads or writes outside the data it was given (a NULL pointer, a sub-array shorter "
		    "than its loop) ends the program on a CPU device; ACCLS_SYNC_LAUNCH=1 names the very launch\n");
	}
	crash_state = 2;
	/* The previous handler takes over: a fault happens again when this
	 * returns; a signal sent by kill or raise is sent again. */
	for (i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++)
		if (crash_signals[i] == sig)
			sigaction(sig, &crash_prev[i], NULL);
	if (!info || info->si_code <= 0)
		raise(sig);
}

static void catch_kernel_crashes(void)
{
	static int installed; /* once: after acc_shutdown and acc_init the previous handler would be ours */
	size_t i;
	if (installed)
		return;
	installed = 1;
	program_thread = pthread_self();
	for (i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
		struct sigaction sa;
		if (sigaction(crash_signals[i], NULL, &crash_prev[i]) != 0 ||
		    (!(crash_prev[i].sa_flags & SA_SIGINFO) && crash_prev[i].sa_handler == SIG_IGN))
			continue;
		memset(&sa, 0, sizeof sa);
		sa.sa_sigaction = on_kernel_crash;
		sa.sa_flags = SA_SIGINFO;
		sigemptyset(&sa.sa_mask);
		sigaction(crash_signals[i], &sa, NULL);
	}
}
#else
static void catch_kernel_crashes(void) {}
#endif

/* Whether k has not been launched with this local size before (recorded
 * now); a launch without local sizes counts as one shape. Past
 * ACCRT_COMPILED_SHAPES shapes every launch counts as new. */
static int first_shape(accrt_kernel_t *k, unsigned dims, const size_t *local)
{
	size_t l[3] = {0, 0, 0};
	unsigned i, d;
	for (d = 0; d < dims && local; d++)
		l[d] = local[d];
	for (i = 0; i < k->nshapes; i++)
		if (k->shapes[i][0] == l[0] && k->shapes[i][1] == l[1] && k->shapes[i][2] == l[2])
			return 0;
	if (k->nshapes < ACCRT_COMPILED_SHAPES) {
		memcpy(k->shapes[k->nshapes], l, sizeof l);
		k->nshapes++;
	}
	return 1;
}

void accrt_launch(accrt_kernel_t *k, unsigned dims, const size_t *global, const size_t *local, int async)
{
	ctx_t c = {"accrt_launch", NULL, 0, 0, NULL, NULL};
	queue_t *q;
	cl_event ev = NULL, list[1];
	cl_uint n;
	cl_int err;
	unsigned d;
	int light;
	if (!k || dims < 1 || dims > 3 || !global)
		fatal("accrt_launch: invalid arguments (kernel %s, %u dimensions)", k ? k->name : "NULL", dims);
	for (d = 0; d < dims; d++)
		if (global[d] == 0)
			return;
	c.name = k->name;
	q = get_queue(async, &c);
	for (d = 0; d < k->nmems; d++)
		if (k->mems[d]) {
			if (q == S.queues[0])
				busy_wait(k->mems[d], &c);
			else
				busy_add(q, k->mems[d]);
		}
	n = deps(q, list);
	light = !S.profile && !S.sync_launch;
	crashed_kernel = k->name; /* before the enqueue: PoCL may run it at once */
	crashed_prog = k->prog->name;
	err = clEnqueueNDRangeKernel(q->q, k->k, dims, NULL, global, local, n, n ? list : NULL, light ? NULL : &ev);
	if (err != CL_SUCCESS) {
		cl_int fin = clFinish(q->q);
		harvest(q->async, 0); /* an earlier failure explains it best */
		if (fin != CL_SUCCESS && q->unmarked)
			unmarked_failed(fin, q->unmarked_kernel, q->unmarked_prog, q->async);
		char g[80], l[80];
		size_list(g, sizeof g, dims, global);
		size_list(l, sizeof l, dims, local);
		fatal("clEnqueueNDRangeKernel failed in accrt_launch for kernel '%s' (global %s, local %s, device max "
		      "work-group %zu): %s (%d)",
		      k->name, g, l, S.info.max_work_group_size, accrt_cl_error_name(err), (int)err);
	}
	k->stat->launches++;
	if (S.pocl && !S.sync_launch && first_shape(k, dims, local)) {
		/* PoCL compiles a kernel's work-group function for each local size
		 * at its first launch, in a thread of its own. A program that exits
		 * before anything waits for that launch (a loop of no iterations
		 * whose data needs no copy back) ran its exit handlers while LLVM
		 * compiled: the static objects of LLVM that the compile had made
		 * were destroyed before finish_at_exit waited for it, and the
		 * compile crashed (SIGSEGV in llvm::vfs, exec zero_trips). Waiting
		 * for the first launch of each shape keeps the compiles inside the
		 * program's run; it costs the overlap of one launch per kernel and
		 * shape with the host. */
		if (!light)
			enqueued(q, ev, CMD_KERNEL, k->stat, 0, k->name, k->prog->name);
		else {
			q->unmarked++;
			q->unmarked_kernel = k->name;
			q->unmarked_prog = k->prog->name;
		}
		finish_queue(q, &c);
		return;
	}
	if (light) {
		/* A light launch (accrt.h section 5): no event, which cost NVIDIA's
		 * OpenCL on an H200 about 3 us a launch, and a flush only at the
		 * first launch since the queue's last event and at every 8th (0.5 to
		 * 1.5 us each): PoCL and NVIDIA issue a kernel at its enqueue, and
		 * the flushes bound what an implementation that batches may hold
		 * back. A marker every 256 launches keeps the pending list's bound
		 * (enqueued). */
		q->unmarked++;
		q->unmarked_kernel = k->name;
		q->unmarked_prog = k->prog->name;
		if (q->unmarked == 1 || q->unmarked % 8 == 0)
			check(clFlush(q->q), "clFlush", &c);
		if (q->unmarked >= 256)
			(void)last_event(q);
		return;
	}
	enqueued(q, ev, CMD_KERNEL, k->stat, 0, k->name, k->prog->name);
	/* Even a synchronous launch (queue 0) does not wait here: section 5. */
	if (S.sync_launch)
		finish_queue(q, &c);
	else
		check(clFlush(q->q), "clFlush", &c);
}

size_t accrt_kernel_work_group_size(accrt_kernel_t *k)
{
	ctx_t c = {"accrt_kernel_work_group_size", NULL, 0, 0, NULL, NULL};
	if (!k->wg) {
		c.name = k->name;
		check(clGetKernelWorkGroupInfo(k->k, S.dev.device, CL_KERNEL_WORK_GROUP_SIZE, sizeof k->wg, &k->wg, NULL),
		      "clGetKernelWorkGroupInfo", &c);
	}
	return k->wg;
}

size_t accrt_kernel_preferred_multiple(accrt_kernel_t *k)
{
	ctx_t c = {"accrt_kernel_preferred_multiple", NULL, 0, 0, NULL, NULL};
	if (!k->pref) {
		c.name = k->name;
		check(clGetKernelWorkGroupInfo(k->k, S.dev.device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
		                               sizeof k->pref, &k->pref, NULL),
		      "clGetKernelWorkGroupInfo", &c);
	}
	return k->pref;
}

/* ======================================================================= */
/* Reductions                                                              */
/* ======================================================================= */

size_t accrt_type_size(accrt_type type)
{
	switch (type) {
	case ACCRT_INT:
	case ACCRT_UINT:
	case ACCRT_FLOAT: return 4;
	case ACCRT_LONG:
	case ACCRT_ULONG:
	case ACCRT_DOUBLE: return 8;
	case ACCRT_BOOL:
	case ACCRT_CHAR:
	case ACCRT_UCHAR: return 1;
	case ACCRT_SHORT:
	case ACCRT_USHORT: return 2;
	case ACCRT_CFLOAT: return 8;
	case ACCRT_CDOUBLE: return 16;
	}
	fatal("invalid reduction type %d", (int)type);
	return 0;
}

static int is_float(accrt_type t)
{
	return t == ACCRT_FLOAT || t == ACCRT_DOUBLE;
}

static const char *op_name(accrt_op op)
{
	static const char *const names[] = {"?", "+", "*", "max", "min", "&", "|", "^", "&&", "||"};
	return op >= ACCRT_ADD && op <= ACCRT_LOR ? names[op] : "?";
}

static void check_op(accrt_type type, accrt_op op, const char *name, const char *loc)
{
	accrt_type_size(type);
	if (op < ACCRT_ADD || op > ACCRT_LOR)
		fatal("invalid reduction operator %d for '%s'%s%s", (int)op, name ? name : "?", loc ? " at " : "",
		      loc ? loc : "");
	if ((type == ACCRT_CFLOAT || type == ACCRT_CDOUBLE) && op != ACCRT_ADD && op != ACCRT_MUL)
		fatal("reduction operator '%s' is not defined on complex values ('%s'%s%s): + and * are", op_name(op),
		      name ? name : "?", loc ? " at " : "", loc ? loc : "");
	if (is_float(type) && (op == ACCRT_BAND || op == ACCRT_BOR || op == ACCRT_BXOR))
		fatal("reduction operator '%s' needs an integer type, not %s, for '%s'%s%s", op_name(op),
		      type == ACCRT_FLOAT ? "float" : "double", name ? name : "?", loc ? " at " : "", loc ? loc : "");
}

/* Combine with one macro per type: T is the C type, LO/HI its extremes. */
#define ACCRT_IDENT(T, LO, HI)                                                                                \
	do {                                                                                                  \
		T v_ = 0;                                                                                     \
		switch (op) {                                                                                 \
		case ACCRT_MUL:                                                                               \
		case ACCRT_LAND: v_ = 1; break;                                                               \
		case ACCRT_MAX: v_ = LO; break;                                                               \
		case ACCRT_MIN: v_ = HI; break;                                                               \
		case ACCRT_BAND: v_ = (T)~(T)0; break;                                                        \
		default: v_ = 0; break;                                                                       \
		}                                                                                             \
		memcpy(out, &v_, sizeof v_);                                                                  \
	} while (0)

#define ACCRT_IDENT_F(T, HI)                                                                                  \
	do {                                                                                                  \
		T v_ = 0;                                                                                     \
		switch (op) {                                                                                 \
		case ACCRT_MUL:                                                                               \
		case ACCRT_LAND: v_ = 1; break;                                                               \
		case ACCRT_MAX: v_ = -(HI); break;                                                            \
		case ACCRT_MIN: v_ = HI; break;                                                               \
		default: v_ = 0; break;                                                                       \
		}                                                                                             \
		memcpy(out, &v_, sizeof v_);                                                                  \
	} while (0)

/* a complex type as its two parts: (0, 0) for +, (1, 0) for * */
#define ACCRT_IDENT_C(T)                                                                                      \
	do {                                                                                                  \
		T v_[2] = {op == ACCRT_MUL ? 1 : 0, 0};                                                       \
		memcpy(out, v_, sizeof v_);                                                                   \
	} while (0)

void accrt_identity(accrt_type type, accrt_op op, void *out)
{
	check_op(type, op, NULL, NULL);
	switch (type) {
	case ACCRT_INT: ACCRT_IDENT(int32_t, INT32_MIN, INT32_MAX); break;
	case ACCRT_UINT: ACCRT_IDENT(uint32_t, 0, UINT32_MAX); break;
	case ACCRT_LONG: ACCRT_IDENT(int64_t, INT64_MIN, INT64_MAX); break;
	case ACCRT_ULONG: ACCRT_IDENT(uint64_t, 0, UINT64_MAX); break;
	case ACCRT_FLOAT: ACCRT_IDENT_F(float, (float)INFINITY); break;
	case ACCRT_DOUBLE: ACCRT_IDENT_F(double, (double)INFINITY); break;
	case ACCRT_BOOL: ACCRT_IDENT(uint8_t, 0, 1); break;
	case ACCRT_CHAR: ACCRT_IDENT(int8_t, INT8_MIN, INT8_MAX); break;
	case ACCRT_UCHAR: ACCRT_IDENT(uint8_t, 0, UINT8_MAX); break;
	case ACCRT_SHORT: ACCRT_IDENT(int16_t, INT16_MIN, INT16_MAX); break;
	case ACCRT_USHORT: ACCRT_IDENT(uint16_t, 0, UINT16_MAX); break;
	case ACCRT_CFLOAT: ACCRT_IDENT_C(float); break;
	case ACCRT_CDOUBLE: ACCRT_IDENT_C(double); break;
	}
}

#define ACCRT_COMBINE_INT(T, U)                                                                                \
	do {                                                                                                  \
		T acc_, x_;                                                                                   \
		size_t i_;                                                                                    \
		memcpy(&acc_, inout, sizeof acc_);                                                            \
		for (i_ = 0; i_ < count; i_++) {                                                              \
			memcpy(&x_, buf + i_ * sizeof x_, sizeof x_);                                         \
			switch (op) {                                                                         \
			case ACCRT_ADD: acc_ = (T)((U)acc_ + (U)x_); break; /* wraps, no UB */                \
			case ACCRT_MUL: acc_ = (T)((U)acc_ * (U)x_); break;                                    \
			case ACCRT_MAX: acc_ = x_ > acc_ ? x_ : acc_; break;                                   \
			case ACCRT_MIN: acc_ = x_ < acc_ ? x_ : acc_; break;                                   \
			case ACCRT_BAND: acc_ = (T)(acc_ & x_); break;                                         \
			case ACCRT_BOR: acc_ = (T)(acc_ | x_); break;                                          \
			case ACCRT_BXOR: acc_ = (T)(acc_ ^ x_); break;                                         \
			case ACCRT_LAND: acc_ = (T)(acc_ && x_); break;                                        \
			case ACCRT_LOR: acc_ = (T)(acc_ || x_); break;                                         \
			}                                                                                     \
		}                                                                                             \
		memcpy(inout, &acc_, sizeof acc_);                                                            \
	} while (0)

#define ACCRT_COMBINE_FLOAT(T)                                                                                \
	do {                                                                                                  \
		T acc_, x_;                                                                                   \
		size_t i_;                                                                                    \
		memcpy(&acc_, inout, sizeof acc_);                                                            \
		for (i_ = 0; i_ < count; i_++) {                                                              \
			memcpy(&x_, buf + i_ * sizeof x_, sizeof x_);                                         \
			switch (op) {                                                                         \
			case ACCRT_ADD: acc_ = acc_ + x_; break;                                               \
			case ACCRT_MUL: acc_ = acc_ * x_; break;                                               \
			case ACCRT_MAX: acc_ = x_ > acc_ ? x_ : acc_; break;                                   \
			case ACCRT_MIN: acc_ = x_ < acc_ ? x_ : acc_; break;                                   \
			case ACCRT_LAND: acc_ = (T)(acc_ != 0 && x_ != 0); break;                              \
			case ACCRT_LOR: acc_ = (T)(acc_ != 0 || x_ != 0); break;                               \
			default: break;                                                                       \
			}                                                                                     \
		}                                                                                             \
		memcpy(inout, &acc_, sizeof acc_);                                                            \
	} while (0)

/* complex + and * on the two parts (C's multiplication for finite values) */
#define ACCRT_COMBINE_COMPLEX(T)                                                                              \
	do {                                                                                                  \
		T acc_[2], x_[2], re_;                                                                        \
		size_t i_;                                                                                    \
		memcpy(acc_, inout, sizeof acc_);                                                             \
		for (i_ = 0; i_ < count; i_++) {                                                              \
			memcpy(x_, buf + i_ * sizeof x_, sizeof x_);                                          \
			if (op == ACCRT_ADD) {                                                                \
				acc_[0] += x_[0];                                                             \
				acc_[1] += x_[1];                                                             \
			} else {                                                                              \
				re_ = acc_[0] * x_[0] - acc_[1] * x_[1];                                      \
				acc_[1] = acc_[0] * x_[1] + acc_[1] * x_[0];                                  \
				acc_[0] = re_;                                                                \
			}                                                                                     \
		}                                                                                             \
		memcpy(inout, acc_, sizeof acc_);                                                             \
	} while (0)

cl_mem accrt_partials(size_t count, accrt_type type)
{
	ctx_t c = {"accrt_partials", NULL, 0, 0, NULL, NULL};
	size_t bytes = (count ? count : 1) * accrt_type_size(type);
	cl_int err;
	cl_mem m;
	ensure();
	if ((m = recycled_take(bytes)))
		return m;
	m = clCreateBuffer(S.ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
	check(err, "clCreateBuffer", &c);
	return m;
}

void accrt_partials_release(cl_mem partials)
{
	size_t bytes = 0;
	if (!partials)
		return;
	clGetMemObjectInfo(partials, CL_MEM_SIZE, sizeof bytes, &bytes, NULL);
	recycled_put(partials, bytes, 0);
}

void accrt_reduce(cl_mem partials, size_t count, accrt_type type, accrt_op op, void *inout, const char *name,
                  const char *loc)
{
	ctx_t c = {"accrt_reduce", "reduction", 0, 0, NULL, NULL};
	size_t es, bytes;
	unsigned char *buf;
	cl_event ev = NULL;
	cl_int err;
	queue_t *q;
	double t0, ms;
	c.name = name;
	c.loc = loc;
	check_op(type, op, name, loc);
	es = accrt_type_size(type);
	if (count == 0 || !partials) {
		accrt_partials_release(partials);
		return;
	}
	ensure();
	bytes = count * es;
	buf = xmalloc(bytes);
	/* on queue 0, after the construct's kernels (an async construct's queue
	 * has been waited for: accls_reduce_async); counted apart from the data
	 * transfers (profile row partials->host) */
	q = S.queues[0];
	t0 = now_ms();
	err = clEnqueueReadBuffer(q->q, partials, CL_TRUE, 0, bytes, buf, 0, NULL, &ev);
	check_enqueue(err, "clEnqueueReadBuffer", q, &c);
	ms = event_ms(ev);
	if (ms < 0)
		ms = now_ms() - t0;
	clReleaseEvent(ev);
	drained(q);
	P.red_count++;
	P.red_bytes += bytes;
	P.red_ms += ms;
	switch (type) {
	case ACCRT_INT: ACCRT_COMBINE_INT(int32_t, uint32_t); break;
	case ACCRT_UINT: ACCRT_COMBINE_INT(uint32_t, uint32_t); break;
	case ACCRT_LONG: ACCRT_COMBINE_INT(int64_t, uint64_t); break;
	case ACCRT_ULONG: ACCRT_COMBINE_INT(uint64_t, uint64_t); break;
	case ACCRT_FLOAT: ACCRT_COMBINE_FLOAT(float); break;
	case ACCRT_DOUBLE: ACCRT_COMBINE_FLOAT(double); break;
	case ACCRT_BOOL: ACCRT_COMBINE_INT(uint8_t, uint8_t); break;
	case ACCRT_CHAR: ACCRT_COMBINE_INT(int8_t, uint32_t); break;
	case ACCRT_UCHAR: ACCRT_COMBINE_INT(uint8_t, uint32_t); break;
	case ACCRT_SHORT: ACCRT_COMBINE_INT(int16_t, uint32_t); break;
	case ACCRT_USHORT: ACCRT_COMBINE_INT(uint16_t, uint32_t); break;
	case ACCRT_CFLOAT: ACCRT_COMBINE_COMPLEX(float); break;
	case ACCRT_CDOUBLE: ACCRT_COMBINE_COMPLEX(double); break;
	}
	free(buf);
	accrt_partials_release(partials);
}

/* ======================================================================= */
/* Shutdown and profile                                                    */
/* ======================================================================= */

void accrt_shutdown(void)
{
	accrt_program_t *p;
	size_t i;
	if (!S.ready)
		return;
	accrt_wait_all();
	staged_release();
	while (S.by_dev.n)
		map_free(S.by_dev.v[S.by_dev.n - 1]);
	while (S.by_host.n) /* pointer sections */
		map_free(S.by_host.v[S.by_host.n - 1]);
	free(S.by_host.v);
	free(S.by_dev.v);
	for (p = S.programs; p;) {
		accrt_program_t *np = p->next;
		accrt_kernel_t *k;
		for (k = p->kernels; k;) {
			accrt_kernel_t *nk = k->next;
			clReleaseKernel(k->k);
			free(k->name);
			free(k->mems);
			free(k);
			k = nk;
		}
		clReleaseProgram(p->prog);
		free(p->copy);
		free(p->name);
		free(p);
		p = np;
	}
	recycled_flush();
	free(S.pool);
	while (S.mpools) {
		mpool_t *np = S.mpools->next;
		clReleaseMemObject(S.mpools->mem);
		if (S.mpools->tab)
			clReleaseMemObject(S.mpools->tab);
		free(S.mpools);
		S.mpools = np;
	}
	while (S.mpaths) {
		mpath_t *nq = S.mpaths->next;
		if (S.mpaths->tab)
			clReleaseMemObject(S.mpaths->tab);
		free(S.mpaths);
		S.mpaths = nq;
	}
	free(S.pending);
	for (i = 0; i < S.nqueues; i++) {
		clReleaseCommandQueue(S.queues[i]->q);
		free(S.queues[i]->busy);
		free(S.queues[i]);
	}
	free(S.queues);
	clReleaseContext(S.ctx);
	memset(&S, 0, sizeof S);
}

static int by_total_desc(const void *a, const void *b)
{
	const kstat_t *x = *(const kstat_t *const *)a, *y = *(const kstat_t *const *)b;
	if (x->ms != y->ms)
		return x->ms < y->ms ? 1 : -1;
	return strcmp(x->name, y->name);
}

static void print_rate(FILE *f, const char *label, unsigned long count, unsigned long long bytes, double ms)
{
	fprintf(f, "%-30s %10lu %12llu %12.3f ", label, count, bytes, ms);
	if (ms > 0)
		fprintf(f, "%9.2f\n", (double)bytes / (ms * 1e6));
	else
		fprintf(f, "%9s\n", "-");
}

static void profile_at_exit(void)
{
	FILE *f = stderr;
	kstat_t *s, **v;
	size_t n = 0, i;
	in_exit_handler = 1;
	if (!P.enabled)
		return;
	if (S.ready) {
		for (i = 0; i < S.nqueues; i++)
			clFinish(S.queues[i]->q);
		harvest(0, 1);
	}
	if (P.path) {
		f = fopen(P.path, "w");
		if (!f) {
			fprintf(stderr, "accls runtime: cannot write the profile to %s (ACCLS_PROFILE)\n", P.path);
			return;
		}
	}
	for (s = P.kernels; s; s = s->next)
		n++;
	v = xmalloc(n * sizeof *v);
	for (s = P.kernels, i = 0; s; s = s->next)
		v[i++] = s;
	qsort(v, n, sizeof *v, by_total_desc);
	fprintf(f, "accls profile: device %s\n", P.device);
	fprintf(f, "%-30s %10s %12s %12s\n", "kernel", "launches", "total ms", "mean ms");
	for (i = 0; i < n; i++)
		fprintf(f, "%-30s %10lu %12.3f %12.3f\n", v[i]->name, v[i]->launches, v[i]->ms,
		        v[i]->launches ? v[i]->ms / (double)v[i]->launches : 0.0);
	fprintf(f, "%-30s %10s %12s %12s %9s\n", "transfer", "count", "bytes", "total ms", "GB/s");
	print_rate(f, "host->device", P.h2d_count, P.h2d_bytes, P.h2d_ms);
	print_rate(f, "device->host", P.d2h_count, P.d2h_bytes, P.d2h_ms);
	print_rate(f, "partials->host", P.red_count, P.red_bytes, P.red_ms);
	fprintf(f, "%-30s %10lu %12s %12.3f\n", "program builds", P.builds, "", P.build_ms);
	free(v);
	if (f != stderr)
		fclose(f);
	else
		fflush(f);
}

/* ======================================================================= */
/* OpenACC API (openacc.h)                                                 */
/* ======================================================================= */

/* accrt.h's ACCRT_DEVICE_* are acc_device_t values (a negative size fails). */
typedef char accrt_device_values_match[((int)ACCRT_DEVICE_DEFAULT == (int)acc_device_default &&
                                        (int)ACCRT_DEVICE_HOST == (int)acc_device_host &&
                                        (int)ACCRT_DEVICE_NOT_HOST == (int)acc_device_not_host &&
                                        (int)ACCRT_DEVICE_GPU == (int)acc_device_opencl_gpu &&
                                        (int)ACCRT_DEVICE_CPU == (int)acc_device_opencl_cpu &&
                                        (int)ACCRT_DEVICE_ACCELERATOR == (int)acc_device_opencl_accelerator)
                                           ? 1
                                           : -1];

int acc_get_num_devices(acc_device_t type)
{
	devrec_t *v;
	cl_int err;
	size_t n, i;
	int count = 0;
	cl_device_type want;
	if (type == acc_device_host)
		return 1;
	if (type == acc_device_none)
		return 0;
	n = list_devices(&v, &err);
	want = want_cl_type(type);
	for (i = 0; i < n; i++)
		if (!want || (v[i].type & want))
			count++;
	free(v);
	return count;
}

/* Device num of type (numbered from 0 among that type's, as
 * acc_set_device_num numbers them); 0 when there is none. */
static int device_of_type(int num, acc_device_t type, cl_device_id *out)
{
	devrec_t *v;
	cl_int err;
	size_t n, i;
	int k = 0, ok = 0;
	cl_device_type want = want_cl_type(type);
	if (type == acc_device_host || type == acc_device_none || num < 0)
		return 0;
	n = list_devices(&v, &err);
	for (i = 0; i < n; i++)
		if (!want || (v[i].type & want)) {
			if (k++ == num) {
				*out = v[i].device;
				ok = 1;
				break;
			}
		}
	free(v);
	return ok;
}

size_t acc_get_property(int num, acc_device_t type, acc_device_property_t property)
{
	cl_device_id dev;
	cl_ulong mem = 0;
	if (!device_of_type(num, type, &dev))
		return 0;
	switch (property) {
	case acc_property_memory:
	case acc_property_free_memory:
		clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof mem, &mem, NULL);
		if (property == acc_property_free_memory && S.ready && dev == S.dev.device) {
			/* OpenCL cannot tell what other programs hold: what this one holds */
			for (size_t i = 0; i < S.by_dev.n; i++)
				mem -= mem >= S.by_dev.v[i]->bytes ? S.by_dev.v[i]->bytes : mem;
		}
		return (size_t)mem;
	case acc_property_shared_memory_support:
		return 0;
	default:
		return 0;
	}
}

const char *acc_get_property_string(int num, acc_device_t type, acc_device_property_t property)
{
	/* The strings are kept: the caller may hold them as long as it likes. */
	static struct {
		cl_device_id dev;
		int property;
		char *s;
	} kept[32];
	static int nkept;
	cl_device_id dev;
	cl_device_info what;
	size_t len = 0;
	char *s;
	switch (property) {
	case acc_property_name: what = CL_DEVICE_NAME; break;
	case acc_property_vendor: what = CL_DEVICE_VENDOR; break;
	case acc_property_driver: what = CL_DRIVER_VERSION; break;
	default: return NULL;
	}
	if (!device_of_type(num, type, &dev))
		return NULL;
	for (int i = 0; i < nkept; i++)
		if (kept[i].dev == dev && kept[i].property == (int)property)
			return kept[i].s;
	if (clGetDeviceInfo(dev, what, 0, NULL, &len) != CL_SUCCESS)
		return NULL;
	s = xmalloc(len + 1);
	if (clGetDeviceInfo(dev, what, len, s, NULL) != CL_SUCCESS) {
		free(s);
		return NULL;
	}
	s[len] = 0;
	if (nkept < (int)(sizeof kept / sizeof kept[0])) {
		kept[nkept].dev = dev;
		kept[nkept].property = (int)property;
		kept[nkept++].s = s;
	}
	return s;
}

acc_device_t acc_get_device_type(void)
{
	if (host_mode())
		return acc_device_host;
	ensure();
	if (S.dev.type & CL_DEVICE_TYPE_GPU)
		return acc_device_opencl_gpu;
	if (S.dev.type & CL_DEVICE_TYPE_CPU)
		return acc_device_opencl_cpu;
	return acc_device_opencl_accelerator;
}

static const char *acc_type_name(acc_device_t t)
{
	switch (t) {
	case acc_device_none: return "acc_device_none";
	case acc_device_default: return "acc_device_default";
	case acc_device_host: return "acc_device_host";
	case acc_device_not_host: return "acc_device_not_host";
	case acc_device_opencl_gpu: return "acc_device_opencl_gpu";
	case acc_device_opencl_cpu: return "acc_device_opencl_cpu";
	case acc_device_opencl_accelerator: return "acc_device_opencl_accelerator";
	}
	return "an unknown device type";
}

static size_t declared_only(void);

/* Make (type, num) the program's device choice. A runtime already running on
 * another device shuts down (the next use initializes on the new one); that
 * is an error while data is present there: one device at a time. The
 * declared globals do not count: the new device enters them again. */
static void choose_device(acc_device_t type, int num, const char *func)
{
	devrec_t *v;
	cl_int err;
	const char *sel;
	size_t n;
	int k, same;
	env_device_choice(); /* (the program's choice overrides the environment's) */
	U.host = 0;
	U.type = type;
	U.num = num;
	if (!S.ready)
		return;
	n = list_devices(&v, &err);
	k = pick_device(v, n, &sel);
	same = k >= 0 && v[k].device == S.dev.device;
	free(v);
	if (same)
		return;
	if (k < 0)
		fatal("%s: there is no OpenCL device of type %s (the current device is '%s')", func, acc_type_name(type),
		      S.dev.name);
	if (S.by_dev.n > declared_only())
		fatal("%s: cannot switch away from device '%s' while data is present on it (accls uses one device at "
		      "a time: exit data and acc_free first)",
		      func, S.dev.name);
	accrt_shutdown();
}

static void check_type(acc_device_t type, const char *func)
{
	if ((int)type < (int)acc_device_none || (int)type > (int)acc_device_opencl_accelerator)
		fatal("%s: invalid device type %d", func, (int)type);
}

/* Make the host the current device: the runtime, if it runs on a device
 * with no data there, shuts down (one device at a time, as choose_device). */
static void choose_host(const char *func)
{
	env_device_choice(); /* (the program's choice overrides the environment's) */
	U.host = 1;
	if (!S.ready)
		return;
	if (S.by_dev.n > declared_only())
		fatal("%s: cannot switch from device '%s' to the host while data is present on the device (accls uses one "
		      "device at a time: exit data and acc_free first)",
		      func, S.dev.name);
	accrt_shutdown();
}

void acc_init(acc_device_t type)
{
	check_type(type, "acc_init");
	if (type == acc_device_host) {
		choose_host("acc_init");
		return;
	}
	if (type == acc_device_none)
		return;
	choose_device(type, -1, "acc_init");
	ensure();
}

void acc_init_device(int num, acc_device_t type)
{
	check_type(type, "acc_init_device");
	if (type == acc_device_host) {
		choose_host("acc_init_device");
		return;
	}
	if (type == acc_device_none)
		return;
	acc_set_device_num(num, type);
	ensure();
}

void acc_shutdown_device(int num, acc_device_t type)
{
	cl_device_id dev;
	check_type(type, "acc_shutdown_device");
	if (type == acc_device_host || type == acc_device_none)
		return;
	if (S.ready && device_of_type(num, type, &dev) && dev == S.dev.device)
		accrt_shutdown();
}

void acc_shutdown(acc_device_t type)
{
	check_type(type, "acc_shutdown");
	if (type == acc_device_host || type == acc_device_none)
		return;
	accrt_shutdown();
}

void acc_set_device_type(acc_device_t type)
{
	check_type(type, "acc_set_device_type");
	if (type == acc_device_host) {
		choose_host("acc_set_device_type");
		return;
	}
	if (type == acc_device_none)
		return;
	choose_device(type, -1, "acc_set_device_type");
}

void acc_set_device_num(int num, acc_device_t type)
{
	int count;
	check_type(type, "acc_set_device_num");
	if (type == acc_device_host) {
		if (num > 0)
			fatal("acc_set_device_num: there is no device %d of type acc_device_host (1 device of that type, "
			      "numbered from 0)",
			      num);
		choose_host("acc_set_device_num");
		return;
	}
	if (type == acc_device_none)
		return;
	if (num < 0) { /* back to the default choice */
		choose_device(type, -1, "acc_set_device_num");
		return;
	}
	count = acc_get_num_devices(type);
	if (num >= count && !(count == 0 && user_chose_device())) /* (pick_device: the user's device then stands) */
		fatal("acc_set_device_num: there is no device %d of type %s (%d device%s of that type, numbered from 0)",
		      num, acc_type_name(type), count, count == 1 ? "" : "s");
	choose_device(type, num, "acc_set_device_num");
}

int acc_get_device_num(acc_device_t type)
{
	devrec_t *v;
	cl_int err;
	size_t n, i;
	int num = 0, found = -1;
	cl_device_type want;
	check_type(type, "acc_get_device_num");
	if (type == acc_device_host)
		return 0;
	if (type == acc_device_none)
		return -1;
	ensure();
	want = want_cl_type(type);
	n = list_devices(&v, &err);
	for (i = 0; i < n; i++)
		if (!want || (v[i].type & want)) {
			if (v[i].device == S.dev.device)
				found = num;
			num++;
		}
	free(v);
	return found;
}

int accrt_devnum_queue(int devnum, int async, const char *loc)
{
	acc_device_t type = acc_get_device_type();
	int count = acc_get_num_devices(type);
	if (host_mode())
		return async;
	if (devnum < 0 || devnum >= count)
		fatal("wait(devnum: %d)%s%s: there is no device %d of type %s (%d device%s of that type, numbered from 0)",
		      devnum, loc ? " at " : "", loc ? loc : "", devnum, acc_type_name(type), count, count == 1 ? "" : "s");
	if (devnum == acc_get_device_num(type))
		return async;
	/* Another device: accls runs on one device at a time and finishes its
	 * work before switching (choose_device), so nothing of this program is
	 * in flight there; queue 0, which every queue follows anyway, stands for
	 * it. */
	return ACCRT_SYNC;
}

int acc_on_device(acc_device_t type)
{
	/* host code (compute constructs do not call functions yet) */
	return type == acc_device_host || type == acc_device_none;
}

void accrt_set_device_type(int type)
{
	acc_set_device_type((acc_device_t)type);
}

void accrt_set_device_num(int num)
{
	acc_device_t type = U.type == acc_device_none ? acc_device_default : U.type;
	acc_set_device_num(num, type);
}

void accrt_set_default_async(int async)
{
	acc_set_default_async(async);
}

void acc_set_default_async(int async)
{
	static const ctx_t c = {"acc_set_default_async", NULL, 0, 0, NULL, NULL};
	/* acc_async_noval restores the initial default (its own queue) */
	U.default_async = async == ACCRT_ASYNC_NOVAL ? ACCRT_ASYNC_NOVAL : resolve_async(async, &c);
}

int acc_get_default_async(void)
{
	return U.default_async;
}

int acc_async_test(int async)
{
	return accrt_async_test(async);
}

int acc_async_test_all(void)
{
	return accrt_async_test_all();
}

void acc_wait(int async)
{
	accrt_wait(async);
}

void acc_wait_async(int wait_on, int async)
{
	accrt_wait_async(wait_on, async);
}

void acc_wait_all_async(int async)
{
	accrt_wait_all_async(async);
}

void acc_async_wait(int async)
{
	accrt_wait(async);
}

void acc_async_wait_all(void)
{
	acc_wait_all();
}

int acc_wait_any(int count, int *asyncs)
{
	return accrt_wait_any(count, asyncs);
}

/* The _device forms (OpenACC 3.3 3.2.9-3.2.15) name a device of the current
 * type. accls runs on one device at a time: another device of that type has
 * no queue with work in flight, so its tests say done and its waits return
 * at once; a number that names no device is an error. */
static int on_current_device(int dev_num, const char *func)
{
	acc_device_t type;
	int count;
	if (host_mode())
		type = acc_device_host;
	else
		type = acc_get_device_type();
	if (dev_num == acc_get_device_num(type))
		return 1;
	count = type == acc_device_host ? 1 : acc_get_num_devices(type);
	if (dev_num < 0 || dev_num >= count)
		fatal("%s: there is no device %d of type %s (%d device%s of that type, numbered from 0)", func, dev_num,
		      acc_type_name(type), count, count == 1 ? "" : "s");
	return 0;
}

int acc_async_test_device(int async, int dev_num)
{
	return on_current_device(dev_num, "acc_async_test_device") ? acc_async_test(async) : 1;
}

int acc_async_test_all_device(int dev_num)
{
	return on_current_device(dev_num, "acc_async_test_all_device") ? acc_async_test_all() : 1;
}

void acc_wait_device(int async, int dev_num)
{
	if (on_current_device(dev_num, "acc_wait_device"))
		acc_wait(async);
}

void acc_wait_device_async(int wait_on, int async, int dev_num)
{
	if (on_current_device(dev_num, "acc_wait_device_async"))
		acc_wait_async(wait_on, async);
}

void acc_wait_all_device(int dev_num)
{
	if (on_current_device(dev_num, "acc_wait_all_device"))
		acc_wait_all();
}

void acc_wait_all_device_async(int async, int dev_num)
{
	if (on_current_device(dev_num, "acc_wait_all_device_async"))
		acc_wait_all_async(async);
}

int acc_wait_any_device(int count, int *asyncs, int dev_num)
{
	if (on_current_device(dev_num, "acc_wait_any_device"))
		return acc_wait_any(count, asyncs);
	return -1; /* nothing in flight there: as when no queue is left */
}

int acc_is_present(void *h, size_t bytes)
{
	map_t *m;
	if (host_mode())
		return 1;
	if (!S.ready || !h)
		return 0;
	return lookup((uintptr_t)h, bytes, &m) == FOUND;
}

static void *devaddr_of(const map_t *m, uintptr_t h)
{
	return m && !m->pitch ? (void *)(m->dev + (h - m->host)) : NULL;
}

static void *api_enter(int clause, void *h, size_t bytes, int async, const char *op)
{
	ctx_t c = {NULL, NULL, 0, 1, NULL, NULL};
	map_t *m;
	if (host_mode()) /* the host's memory is the device's */
		return h;
	c.func = op;
	c.op = op;
	c.clause = clause;
	m = data_enter(clause, h, bytes, ACCRT_DYNAMIC, async, &c);
	return devaddr_of(m, (uintptr_t)h);
}

static void api_exit(int clause, void *h, size_t bytes, int flags, int async, const char *op)
{
	ctx_t c = {NULL, NULL, 0, 2, NULL, NULL};
	if (host_mode())
		return;
	c.func = op;
	c.op = op;
	c.clause = clause;
	data_exit(clause, h, bytes, ACCRT_DYNAMIC | flags, async, &c);
}

void *acc_copyin(void *h, size_t bytes)
{
	return api_enter(ACCRT_COPYIN, h, bytes, ACCRT_SYNC, "acc_copyin");
}

void acc_copyin_async(void *h, size_t bytes, int async)
{
	(void)api_enter(ACCRT_COPYIN, h, bytes, async, "acc_copyin_async");
}

void *acc_create(void *h, size_t bytes)
{
	return api_enter(ACCRT_CREATE, h, bytes, ACCRT_SYNC, "acc_create");
}

void acc_create_async(void *h, size_t bytes, int async)
{
	(void)api_enter(ACCRT_CREATE, h, bytes, async, "acc_create_async");
}

void acc_copyout(void *h, size_t bytes)
{
	api_exit(ACCRT_COPYOUT, h, bytes, 0, ACCRT_SYNC, "acc_copyout");
}

void acc_copyout_async(void *h, size_t bytes, int async)
{
	api_exit(ACCRT_COPYOUT, h, bytes, 0, async, "acc_copyout_async");
}

void acc_copyout_finalize(void *h, size_t bytes)
{
	api_exit(ACCRT_COPYOUT, h, bytes, ACCRT_FINALIZE, ACCRT_SYNC, "acc_copyout_finalize");
}

void acc_copyout_finalize_async(void *h, size_t bytes, int async)
{
	api_exit(ACCRT_COPYOUT, h, bytes, ACCRT_FINALIZE, async, "acc_copyout_finalize_async");
}

void acc_delete(void *h, size_t bytes)
{
	api_exit(ACCRT_DELETE, h, bytes, 0, ACCRT_SYNC, "acc_delete");
}

void acc_delete_async(void *h, size_t bytes, int async)
{
	api_exit(ACCRT_DELETE, h, bytes, 0, async, "acc_delete_async");
}

void acc_delete_finalize(void *h, size_t bytes)
{
	api_exit(ACCRT_DELETE, h, bytes, ACCRT_FINALIZE, ACCRT_SYNC, "acc_delete_finalize");
}

void acc_delete_finalize_async(void *h, size_t bytes, int async)
{
	api_exit(ACCRT_DELETE, h, bytes, ACCRT_FINALIZE, async, "acc_delete_finalize_async");
}

void acc_update_device(void *h, size_t bytes)
{
	ctx_t c = {"acc_update_device", "acc_update_device", 0, 0, NULL, NULL};
	update(1, h, bytes, 0, ACCRT_SYNC, &c);
}

void acc_update_self(void *h, size_t bytes)
{
	ctx_t c = {"acc_update_self", "acc_update_self", 0, 0, NULL, NULL};
	update(0, h, bytes, 0, ACCRT_SYNC, &c);
}

void acc_update_device_async(void *h, size_t bytes, int async)
{
	ctx_t c = {"acc_update_device_async", "acc_update_device_async", 0, 0, NULL, NULL};
	update(1, h, bytes, 0, async, &c);
}

void acc_update_self_async(void *h, size_t bytes, int async)
{
	ctx_t c = {"acc_update_self_async", "acc_update_self_async", 0, 0, NULL, NULL};
	update(0, h, bytes, 0, async, &c);
}

void *acc_pcopyin(void *h, size_t bytes)
{
	return api_enter(ACCRT_COPYIN, h, bytes, ACCRT_SYNC, "acc_pcopyin");
}

void *acc_present_or_copyin(void *h, size_t bytes)
{
	return api_enter(ACCRT_COPYIN, h, bytes, ACCRT_SYNC, "acc_present_or_copyin");
}

void *acc_pcreate(void *h, size_t bytes)
{
	return api_enter(ACCRT_CREATE, h, bytes, ACCRT_SYNC, "acc_pcreate");
}

void *acc_present_or_create(void *h, size_t bytes)
{
	return api_enter(ACCRT_CREATE, h, bytes, ACCRT_SYNC, "acc_present_or_create");
}

void *acc_malloc(size_t bytes)
{
	ctx_t c = {"acc_malloc", "acc_malloc", 0, 0, NULL, NULL};
	if (host_mode())
		return bytes ? malloc(bytes) : NULL;
	if (bytes == 0)
		return NULL;
	ensure();
	if (bytes > S.info.max_alloc_size)
		return NULL; /* more than one buffer may hold: the program can test for NULL, as with malloc */
	return (void *)map_new(0, bytes, &c)->dev;
}

void acc_free(void *d)
{
	map_t *m;
	if (host_mode()) {
		free(d);
		return;
	}
	if (!d)
		return;
	m = S.ready ? lookup_dev((uintptr_t)d) : NULL;
	if (!m || m->host || m->dev != (uintptr_t)d)
		fatal("acc_free: %p was not returned by acc_malloc (or was freed already)", d);
	map_free(m);
}

void acc_map_data(void *h, void *d, size_t bytes)
{
	map_t *blk, *m, *old;
	if (host_mode())
		return;
	if (!h || !d || !bytes)
		fatal("acc_map_data(%p, %p, %zu): the host address, the device address and the size must not be 0", h, d,
		      bytes);
	ensure();
	blk = lookup_dev((uintptr_t)d);
	if (!blk || blk->host)
		fatal("acc_map_data: %p is not device memory from acc_malloc", d);
	if (bytes > blk->bytes - ((uintptr_t)d - blk->dev))
		fatal("acc_map_data: %zu bytes from %p go past the end of the acc_malloc block (%zu bytes at %p)", bytes, d,
		      blk->bytes, (void *)blk->dev);
	if (lookup((uintptr_t)h, bytes, &old) != ABSENT)
		fatal("acc_map_data: host %p (%zu bytes) overlaps '%s' (host %p, %zu bytes), which is already present", h,
		      bytes, old->name ? old->name : "?", (void *)old->host, old->bytes);
	m = xmalloc(sizeof *m);
	memset(m, 0, sizeof *m);
	m->host = (uintptr_t)h;
	m->bytes = bytes;
	m->dev = (uintptr_t)d;
	m->mem = blk->mem;
	clRetainMemObject(m->mem); /* map_free releases it */
	m->off = blk->off + ((uintptr_t)d - blk->dev);
	m->mapped = 1;
	m->dref = 1;
	m->name = "acc_map_data";
	vec_insert(&S.by_host, m, 0);
}

void acc_unmap_data(void *h)
{
	map_t *m;
	if (host_mode())
		return;
	if (!S.ready || !h || lookup((uintptr_t)h, 0, &m) != FOUND || !m->mapped || m->host != (uintptr_t)h)
		fatal("acc_unmap_data: %p was not mapped by acc_map_data", h);
	if (m->sref)
		fatal("acc_unmap_data: %p is in use by a data construct or compute construct", h);
	accrt_wait_all(); /* commands queued on the data finish first */
	map_free(m);
}

void *acc_deviceptr(void *h)
{
	map_t *m;
	if (host_mode())
		return h;
	if (!S.ready || !h || lookup((uintptr_t)h, 0, &m) != FOUND)
		return NULL;
	return devaddr_of(m, (uintptr_t)h);
}

/* openacc.h says why attaching moves nothing here. */
void acc_attach(void **ptr) { (void)ptr; }
void acc_attach_async(void **ptr, int async) { (void)ptr, (void)async; }
void acc_detach(void **ptr) { (void)ptr; }
void acc_detach_async(void **ptr, int async) { (void)ptr, (void)async; }
void acc_detach_finalize(void **ptr) { (void)ptr; }
void acc_detach_finalize_async(void **ptr, int async) { (void)ptr, (void)async; }

void *acc_hostptr(void *d)
{
	map_t *m;
	if (host_mode())
		return d;
	if (!S.ready || !d)
		return NULL;
	m = lookup_dev((uintptr_t)d);
	if (m && !m->host) { /* acc_malloc memory: the data acc_map_data mapped there */
		for (size_t i = 0; i < S.by_host.n; i++) {
			map_t *x = S.by_host.v[i];
			if (x->mapped && (uintptr_t)d - x->dev < x->bytes)
				return (void *)(x->host + ((uintptr_t)d - x->dev));
		}
		return NULL;
	}
	if (!m)
		return NULL;
	return (void *)(m->host + ((uintptr_t)d - m->dev));
}

void acc_wait_all(void)
{
	accrt_wait_all();
}

/* ---------------------------------------------------------------------------
 * declare on globals and host_data use_device (compiler/declare.go,
 * compiler/hostdata.go; accrt.h section 8)
 * ------------------------------------------------------------------------- */

typedef struct declared {
	accrt_clause clause;
	void *host;
	size_t bytes;
	const char *name, *loc;
} declared_t;

static struct {
	declared_t *v;
	size_t n;
} D;

/* The mappings that only the declare of a global holds (its structured
 * reference, nothing else): they follow the runtime to a new device. */
static size_t declared_only(void)
{
	size_t i, n = 0;
	map_t *m;
	for (i = 0; i < D.n; i++)
		if (lookup((uintptr_t)D.v[i].host, D.v[i].bytes, &m) == FOUND && m && m->host == (uintptr_t)D.v[i].host &&
		    m->sref == 1 && m->dref == 0)
			n++;
	return n;
}

static void declared_enter(const declared_t *g)
{
	ctx_t c = {"accrt_declare_global", NULL, 0, 0, NULL, NULL};
	c.name = g->name;
	c.loc = g->loc;
	c.clause = g->clause;
	(void)data_enter(g->clause, g->host, g->bytes, 0, ACCRT_SYNC, &c);
}

static void declared_enter_all(void)
{
	size_t i;
	for (i = 0; i < D.n; i++)
		declared_enter(&D.v[i]);
}

void accrt_declare_global(accrt_clause clause, void *host, size_t bytes, const char *name, const char *loc)
{
	if (host_mode())
		return;
	D.v = xrealloc(D.v, (D.n + 1) * sizeof *D.v);
	D.v[D.n].clause = clause;
	D.v[D.n].host = host;
	D.v[D.n].bytes = bytes;
	D.v[D.n].name = name;
	D.v[D.n].loc = loc;
	D.n++;
	if (S.ready)
		declared_enter(&D.v[D.n - 1]);
}

void *accrt_declared_global(const char *name, const char *file, const char *loc)
{
	size_t i, n = strlen(file);
	for (i = 0; i < D.n; i++)
		if (strcmp(D.v[i].name, name) == 0 && strncmp(D.v[i].loc, file, n) == 0 && D.v[i].loc[n] == ':')
			return D.v[i].host;
	fatal("the global '%s' of %s has no device copy: %s does not register it (its file-scope declare), needed at %s", name,
	      file, file, loc ? loc : "?");
	return NULL;
}

void *accrt_use_device(void *host, int flags, const char *name, const char *loc)
{
	map_t *m;
	if (host_mode())
		return host;
	if (!host)
		return NULL;
	ensure();
	if (lookup((uintptr_t)host, 0, &m) == FOUND)
		return devaddr_of(m, (uintptr_t)host);
	if (flags & ACCRT_IF_PRESENT)
		return host;
	fatal("'%s' (host %p) is not present on the device (use_device at %s)", name ? name : "?", host,
	      loc ? loc : "?");
	return NULL;
}

/* The mapping that holds the device range [d, d+bytes) (an acc_malloc block
 * or the device copy of present data); *off gets d's offset in its buffer. */
static map_t *device_range(void *d, size_t bytes, size_t *off, const char *func, const char *what)
{
	map_t *m = S.ready ? lookup_dev((uintptr_t)d) : NULL;
	if (!m)
		fatal("%s: %s %p is not a device address (from acc_malloc, acc_copyin, acc_create or acc_deviceptr)", func,
		      what, d);
	*off = (size_t)((uintptr_t)d - m->dev);
	if (bytes > m->bytes - *off)
		fatal("%s: %s %p + %zu bytes runs past the end of its device block ('%s', %zu bytes)", func, what, d,
		      bytes, m->name ? m->name : "acc_malloc", m->bytes);
	*off += m->off;
	return m;
}

static void memcpy_host(int to_device, void *dev, void *host, size_t bytes, int async, const char *func)
{
	ctx_t c = {NULL, NULL, 0, 0, NULL, NULL};
	size_t off;
	map_t *m;
	c.func = func;
	c.op = func;
	if (bytes == 0)
		return;
	if (!host)
		fatal("%s: NULL host address", func);
	m = device_range(dev, bytes, &off, func, to_device ? "destination" : "source");
	transfer(to_device, m->mem, off, host, bytes, get_queue(async, &c), &c);
}

void acc_memcpy_to_device(void *dest, void *src, size_t bytes)
{
	if (host_mode()) {
		memmove(dest, src, bytes);
		return;
	}
	memcpy_host(1, dest, src, bytes, ACCRT_SYNC, "acc_memcpy_to_device");
}

void acc_memcpy_to_device_async(void *dest, void *src, size_t bytes, int async)
{
	if (host_mode()) {
		memmove(dest, src, bytes);
		return;
	}
	memcpy_host(1, dest, src, bytes, async, "acc_memcpy_to_device_async");
}

void acc_memcpy_from_device(void *dest, void *src, size_t bytes)
{
	if (host_mode()) {
		memmove(dest, src, bytes);
		return;
	}
	memcpy_host(0, src, dest, bytes, ACCRT_SYNC, "acc_memcpy_from_device");
}

void acc_memcpy_from_device_async(void *dest, void *src, size_t bytes, int async)
{
	if (host_mode()) {
		memmove(dest, src, bytes);
		return;
	}
	memcpy_host(0, src, dest, bytes, async, "acc_memcpy_from_device_async");
}

static void memcpy_device(void *dest, void *src, size_t bytes, int async, const char *func)
{
	ctx_t c = {NULL, NULL, 0, 0, NULL, NULL};
	size_t doff, soff;
	map_t *dm, *sm;
	queue_t *q;
	cl_event ev = NULL, list[1];
	cl_uint n;
	cl_int err;
	c.func = func;
	c.op = func;
	if (bytes == 0)
		return;
	dm = device_range(dest, bytes, &doff, func, "destination");
	sm = device_range(src, bytes, &soff, func, "source");
	if (dm == sm && doff < soff + bytes && soff < doff + bytes)
		fatal("%s: the source and destination ranges overlap", func);
	q = get_queue(async, &c);
	n = deps(q, list);
	/* device to device: nothing the host can see, so no queue blocks */
	err = clEnqueueCopyBuffer(q->q, sm->mem, dm->mem, soff, doff, bytes, n, n ? list : NULL, &ev);
	check_enqueue(err, "clEnqueueCopyBuffer", q, &c);
	enqueued(q, ev, CMD_COPY, NULL, bytes, NULL, func);
	if (S.sync_launch)
		finish_queue(q, &c);
	else
		check(clFlush(q->q), "clFlush", &c);
}

void acc_memcpy_device(void *dest, void *src, size_t bytes)
{
	if (host_mode()) {
		memmove(dest, src, bytes);
		return;
	}
	memcpy_device(dest, src, bytes, ACCRT_SYNC, "acc_memcpy_device");
}

void acc_memcpy_device_async(void *dest, void *src, size_t bytes, int async)
{
	if (host_mode()) {
		memmove(dest, src, bytes);
		return;
	}
	memcpy_device(dest, src, bytes, async, "acc_memcpy_device_async");
}

/* acc_memcpy_d2d (3.2.42): dest and src are host addresses whose data is
 * present on the devices numbered dev_dest and dev_src (of the current
 * type); with one device at a time both must be the current device. */
static void memcpy_d2d(void *dest, void *src, size_t bytes, int dev_dest, int dev_src, int async, const char *func)
{
	void *d[2];
	void *h[2];
	int dev[2], i;
	map_t *m;
	if (bytes == 0)
		return;
	h[0] = dest, h[1] = src, dev[0] = dev_dest, dev[1] = dev_src;
	for (i = 0; i < 2; i++) {
		if (!on_current_device(dev[i], func))
			fatal("%s: the %s is on device %d, and accls uses one device at a time (the current one is %d)",
			      func, i ? "source" : "destination", dev[i], acc_get_device_num(acc_get_device_type()));
	}
	if (host_mode()) {
		memmove(dest, src, bytes);
		return;
	}
	for (i = 0; i < 2; i++) {
		if (!h[i])
			fatal("%s: NULL %s", func, i ? "source" : "destination");
		if (!S.ready || lookup((uintptr_t)h[i], bytes, &m) != FOUND)
			fatal("%s: the %s %p + %zu bytes is not present on the device", func, i ? "source" : "destination",
			      h[i], bytes);
		d[i] = devaddr_of(m, (uintptr_t)h[i]);
		if (!d[i])
			fatal("%s: the %s %p is a row of a pointer to pointers ('%s'), which has no device address of its own",
			      func, i ? "source" : "destination", h[i], m->name ? m->name : "?");
	}
	memcpy_device(d[0], d[1], bytes, async, func);
}

void acc_memcpy_d2d(void *dest, void *src, size_t bytes, int dev_dest, int dev_src)
{
	memcpy_d2d(dest, src, bytes, dev_dest, dev_src, ACCRT_SYNC, "acc_memcpy_d2d");
}

void acc_memcpy_d2d_async(void *dest, void *src, size_t bytes, int dev_dest, int dev_src, int async_src)
{
	memcpy_d2d(dest, src, bytes, dev_dest, dev_src, async_src, "acc_memcpy_d2d_async");
}

/* ---------------------------------------------------------------------------
 * Member pools (accrt.h section 10)
 * ------------------------------------------------------------------------- */

/* The table's offset for an element whose member's data is not in the pool. */
#define MPOOL_UNATTACHED ((size_t)1 << 62)
/* The table's offset for an element whose member is NULL: the kernels
 * spell the member's value as NULL for it (compiler/attach.go
 * memberSpelling), where the program tests the pointer itself. */
#define MPOOL_NULL (~(size_t)0)

/* The pool of member moff of the elements of mapping owner, made when
 * missing. moff counts from the mapping's start in the phase of the
 * elements: an array that is a member of a mapped struct (g.cells) starts
 * where it does in the struct, so its element k's member lies at k * esz +
 * moff with moff = member offset + (array start - mapping start) % esz
 * (pool_moff). */
static size_t pool_moff(const map_t *owner, uintptr_t elem, size_t esz, size_t moff)
{
	return moff + (elem - owner->host) % esz;
}

/* The key of the pools of the members of the elements of mapping owner:
 * its device address, or, for a chunk of a pool (the structs that the
 * elements of another array point to, a[i].p: entered as a[i].p[0:1]), that
 * pool's, so that the members of all those structs (a[i].p->x) share one
 * pool whichever chunk holds their struct. Device addresses are multiples of
 * 4096, the pool's address made odd never equals one. */
static uintptr_t pool_key(const map_t *owner)
{
	return owner->pool ? (uintptr_t)owner->pool | 1 : owner->dev;
}

/* (mpool_of:)
 * missing. */
static mpool_t *mpool_of(const map_t *owner, size_t esz, size_t moff)
{
	mpool_t *p;
	uintptr_t key = pool_key(owner);
	for (p = S.mpools; p; p = p->next)
		if (p->owner == key && p->moff == moff && p->esz == esz)
			return p;
	p = xmalloc(sizeof *p);
	memset(p, 0, sizeof *p);
	p->owner = key;
	p->moff = moff;
	p->esz = esz;
	p->next = S.mpools;
	S.mpools = p;
	return p;
}

/* Room for bytes more in pool p: a buffer twice as large when it is full,
 * the chunks copied over (after the work in flight, which may use them). */
static void mpool_reserve(mpool_t *p, size_t bytes, const ctx_t *c)
{
	cl_int err;
	cl_mem mem;
	size_t cap, i;
	if (p->mem && p->used + bytes <= p->cap)
		return;
	cap = p->cap ? p->cap : (size_t)1 << 16;
	while (cap < p->used + bytes)
		cap *= 2;
	if (cap > S.info.max_alloc_size)
		cap = p->used + bytes;
	mem = clCreateBuffer(S.ctx, CL_MEM_READ_WRITE, cap, NULL, &err);
	check(err, "clCreateBuffer", c);
	if (p->mem) {
		accrt_wait_all();
		if (p->used) {
			check(clEnqueueCopyBuffer(S.queues[0]->q, p->mem, mem, 0, 0, p->used, 0, NULL, NULL),
			      "clEnqueueCopyBuffer", c);
			check(clFinish(S.queues[0]->q), "clFinish", c);
		}
		for (i = 0; i < S.by_dev.n; i++)
			if (S.by_dev.v[i]->pool == p)
				S.by_dev.v[i]->mem = mem;
		clReleaseMemObject(p->mem);
	}
	p->mem = mem;
	p->cap = cap;
}

/* A mapping whose device copy is a new chunk of pool p. */
static map_t *map_new_pooled(mpool_t *p, uintptr_t h, size_t bytes, const ctx_t *c)
{
	map_t *m;
	size_t off;
	mpool_reserve(p, bytes + 127, c);
	off = (p->used + 127) / 128 * 128; /* aligned for any element type */
	p->used = off + bytes;
	m = xmalloc(sizeof *m);
	memset(m, 0, sizeof *m);
	m->mem = p->mem;
	m->off = off;
	m->pool = p;
	m->host = h;
	m->bytes = bytes;
	m->name = c->name;
	m->loc = c->loc;
	m->dev = S.next_dev;
	S.next_dev += (bytes + 4095) / 4096 * 4096 + 4096;
	vec_insert(&S.by_host, m, 0);
	vec_insert(&S.by_dev, m, 1);
	p->version++;
	S.pool_epoch++;
	return m;
}

accrt_dev accrt_enter_member_async(accrt_clause clause, void *elem, size_t esz, size_t moff, void *host, size_t bytes,
                                   int flags, int async, const char *name, const char *loc)
{
	ctx_t c;
	map_t *owner, *m;
	char w[512];
	if (host_mode())
		return none();
	c = enter_ctx(clause, flags, name, loc);
	if (!host)
		return none();
	ensure();
	if (lookup((uintptr_t)elem, esz, &owner) != FOUND)
		fatal("'%s': the struct whose member it is (host %p) is not present on the device%s: map the array of "
		      "structs first (enter data copyin(a[0:n])), then its elements' members",
		      name ? name : "?", elem, ctx_where(&c, w, sizeof w));
	m = data_enter_in((int)clause, host, bytes, flags, async, mpool_of(owner, esz, pool_moff(owner, (uintptr_t)elem, esz, moff)), &c);
	return view(m, (uintptr_t)host);
}

/* The mapping that holds the elements at base, for accrt_member_views
 * and accrt_member_views2 (which start with empty views): *n gets the
 * number of elements that lie whole in it, *moff the member's offset in
 * their phase (pool_moff). NULL when there is nothing to view (the host as
 * the device, a NULL base). */
static map_t *member_elements(void *base, size_t esz, size_t *moff, size_t *n, accrt_dev *pool, accrt_dev *table,
                              ctx_t *c)
{
	map_t *owner;
	size_t phase;
	char w[512];
	pool->mem = table->mem = NULL;
	pool->offset = table->offset = 0;
	if (host_mode() || !base)
		return NULL;
	ensure();
	if (lookup((uintptr_t)base, 0, &owner) != FOUND)
		fatal("'%s': the structs whose member it is (host %p) are not present on the device%s",
		      c->name ? c->name : "?", base, ctx_where(c, w, sizeof w));
	phase = ((uintptr_t)base - owner->host) % esz;
	*moff = pool_moff(owner, (uintptr_t)base, esz, *moff);
	*n = (owner->bytes - phase) / esz;
	return owner;
}

void accrt_member_views(void *base, size_t esz, size_t moff, accrt_dev *pool, accrt_dev *table, const char *name,
                        const char *loc)
{
	ctx_t c = {"accrt_member_views", NULL, 0, 0, NULL, NULL};
	map_t *owner, *m;
	mpool_t *p;
	size_t n, k, *offs;
	uintptr_t ptr;
	cl_int err;
	c.name = name;
	c.loc = loc;
	if (!(owner = member_elements(base, esz, &moff, &n, pool, table, &c)))
		return;
	p = mpool_of(owner, esz, moff);
	mpool_reserve(p, 0, &c);
	/* OpenACC attaches a member when its data enters: the table follows the
	 * pool's chunks, not every change of the host's pointers */
	if (!p->tab || p->tab_version != p->version) {
		offs = xmalloc((n ? n : 1) * sizeof *offs);
		for (k = 0; k < n; k++) {
			memcpy(&ptr, (const char *)owner->host + k * esz + moff, sizeof ptr);
			offs[k] = MPOOL_NULL;
			if (!ptr)
				continue;
			/* a member whose data is not entered (yet): the launch may not
			 * touch that element; one that does reads far outside the pool,
			 * which faults (a GPU reports it, PoCL's signal names the
			 * kernel) instead of reading some other element's data */
			offs[k] = lookup(ptr, 0, &m) == FOUND && m->pool == p ? m->off + (ptr - m->host) : MPOOL_UNATTACHED;
		}
		/* a new table: a kernel in flight may still read the old one, which
		 * OpenCL keeps until it finishes */
		if (p->tab)
			clReleaseMemObject(p->tab);
		p->tab = clCreateBuffer(S.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (n ? n : 1) * sizeof *offs, offs, &err);
		check(err, "clCreateBuffer", &c);
		free(offs);
		p->tab_version = p->version;
	}
	pool->mem = p->mem;
	table->mem = p->tab;
	table->offset = ((uintptr_t)base - owner->host) / esz * sizeof(size_t);
}

void accrt_member_views2(void *base, size_t esz, size_t moff, size_t moff2, accrt_dev *pool, accrt_dev *table,
                         const char *name, const char *loc)
{
	ctx_t c = {"accrt_member_views2", NULL, 0, 0, NULL, NULL};
	map_t *owner, *m;
	mpath_t *q;
	size_t n, k, *offs;
	uintptr_t key, ptr, ptr2;
	cl_int err;
	c.name = name;
	c.loc = loc;
	if (!(owner = member_elements(base, esz, &moff, &n, pool, table, &c)))
		return;
	key = pool_key(owner);
	for (q = S.mpaths; q; q = q->next)
		if (q->key == key && q->esz == esz && q->moff == moff && q->moff2 == moff2)
			break;
	if (!q) {
		q = xmalloc(sizeof *q);
		memset(q, 0, sizeof *q);
		q->key = key;
		q->esz = esz;
		q->moff = moff;
		q->moff2 = moff2;
		q->next = S.mpaths;
		S.mpaths = q;
	}
	if (!q->tab || q->epoch != S.pool_epoch) {
		offs = xmalloc((n ? n : 1) * sizeof *offs);
		q->pool = NULL;
		for (k = 0; k < n; k++) {
			memcpy(&ptr, (const char *)owner->host + k * esz + moff, sizeof ptr);
			offs[k] = MPOOL_NULL;
			if (!ptr)
				continue;
			/* the host reads the member of the struct the element points
			 * to only where that struct is present (entered, so the
			 * program's memory); the data must be in one pool (entered as
			 * a[i].p->x[0:n], or as the members of another array's
			 * elements, w[j].x[0:n], that a[i].p points to). Others: far
			 * outside the pool, as for accrt_member_views. */
			offs[k] = MPOOL_UNATTACHED;
			if (lookup(ptr + moff2, sizeof ptr2, &m) != FOUND)
				continue;
			memcpy(&ptr2, (const char *)ptr + moff2, sizeof ptr2);
			if (!ptr2) {
				offs[k] = MPOOL_NULL;
				continue;
			}
			if (lookup(ptr2, 0, &m) != FOUND || !m->pool || (q->pool && m->pool != q->pool))
				continue;
			q->pool = m->pool;
			offs[k] = m->off + (ptr2 - m->host);
		}
		if (q->tab)
			clReleaseMemObject(q->tab);
		q->tab = clCreateBuffer(S.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, (n ? n : 1) * sizeof *offs, offs, &err);
		check(err, "clCreateBuffer", &c);
		free(offs);
		q->epoch = S.pool_epoch;
	}
	/* no data attached yet: any buffer, which no offset of the table reaches */
	pool->mem = q->pool ? q->pool->mem : q->tab;
	table->mem = q->tab;
	table->offset = ((uintptr_t)base - owner->host) / esz * sizeof(size_t);
}
