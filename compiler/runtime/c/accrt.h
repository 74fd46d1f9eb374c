/*
 * accrt.h - the accls OpenACC runtime on OpenCL (C99; link with -lOpenCL).
 *
 * This header is the contract between hostgen (the generated host C) and the
 * runtime. The host program keeps the user's C; every OpenACC construct becomes
 * calls declared here; kernels are OpenCL C built at run time from strings.
 * Build: cc -O2 -I DIR prog.c DIR/accrt.c -lOpenCL, where DIR holds accrt.h,
 * accrt.c and openacc.h (Go: compiler/runtime.WriteTo(DIR)).
 *
 * ---------------------------------------------------------------------------
 * 1. Initialization and device selection
 * ---------------------------------------------------------------------------
 * The runtime initializes itself on first use (any accrt_* or acc_* call that
 * needs the device); accrt_init() / acc_init() do it eagerly. It enumerates
 * every OpenCL platform and its devices (CL_DEVICE_TYPE_ALL) in ICD order, the
 * order `accls devices` prints, and picks one device, one context and one
 * in-order command queue (queue 0, profiling enabled).
 *
 *   ACCLS_DEVICE   unset/empty: the first GPU, else the first CPU, else the
 *                  first accelerator, else the first device of any type.
 *                  "gpu" | "cpu" | "accelerator": the first device of that type.
 *                  "P:D": device D of platform P (0-based indices).
 *                  "N": the N-th device of the whole listing (0-based).
 *                  anything else: the first device whose device name or
 *                  platform name contains it, case-insensitively.
 *                  `accls run --device SEL` passes SEL through ACCLS_DEVICE.
 *   ACCLS_VERBOSE  "1" (any value but "" and "0"): print the chosen device and
 *                  each program build (with its time) to stderr.
 *   ACCLS_PROFILE  "1": print a profile summary to stderr at exit;
 *                  any other value but "" and "0": write it to that file path.
 *   ACCLS_CL_OPTIONS  extra options appended to every clBuildProgram.
 *   ACCLS_GROUP_SIZE  work-items per group of generated kernels whose
 *                  clauses do not set it (accrt_gen.h accls_shape; default
 *                  128, within the kernel's CL_KERNEL_WORK_GROUP_SIZE and a
 *                  multiple of its preferred multiple): for comparisons.
 *   ACCLS_PINNED   "1": copies of 1 MiB or more between user memory and the
 *                  device go through two pinned staging chunks of the runtime
 *                  (CL_MEM_ALLOC_HOST_PTR, mapped once; the memcpy of one
 *                  overlaps the DMA of the other); "0": plain
 *                  clEnqueueRead/WriteBuffer from user memory. Unset: on for
 *                  GPU devices, off for the others (PoCL's CPU device copies
 *                  with memcpy either way).
 *
 * When no platform or no matching device exists the runtime prints, e.g.
 *   accls runtime: no OpenCL device matches ACCLS_DEVICE=foo (available:
 *   0:0 'pthread-haswell-AMD EPYC' (cpu, Portable Computing Language))
 * and exits with status 2.
 *
 * ---------------------------------------------------------------------------
 * 2. Errors
 * ---------------------------------------------------------------------------
 * Every OpenCL call is checked. A failure prints one message to stderr, starting
 * "accls runtime: ", naming the OpenCL call, the error (e.g. CL_OUT_OF_RESOURCES
 * (-5)), the runtime function, and the variable and source location when the
 * caller gave them, then exits with status 2 (atexit handlers, including the
 * profile summary, still run). Nothing returns an error code to the caller.
 *
 * Source locations: data entry points take `name` (the variable as the user wrote
 * it, e.g. "a" or "a[0:n]") and `loc` ("file.c:12"); both may be NULL. They must
 * stay valid for the whole run (string literals): the present table keeps them
 * for later messages.
 *
 * ---------------------------------------------------------------------------
 * 3. The present table (OpenACC 3.3 sections 2.6.7, 2.7)
 * ---------------------------------------------------------------------------
 * Each mapping is {host start, bytes, cl_mem, structured counter, dynamic
 * counter}. A host range [h, h+bytes) is present when one mapping contains it
 * entirely; the device handle is then that mapping's buffer plus the byte offset
 * h - host start (so a sub-array of a mapped array is found, at its offset).
 * A range that overlaps a mapping without being contained in it is a runtime
 * error ("partially present"). A NULL host pointer is never present and every
 * action on it does nothing (returns {NULL, 0}). A zero-length range is present
 * when its address lies inside a mapping (its handle is returned) and no action
 * changes a counter or moves data for it.
 *
 * Hostgen emits, for each data clause of a construct, one accrt_enter() at
 * entry and one accrt_exit() at exit (exits in the reverse order of entries),
 * with the same host pointer and byte length and the clause's kind:
 *
 *   clause        accrt_enter (entry action)           accrt_exit (exit action)
 *   copy          present-or-copyin                    copyout-on-zero
 *   copyin        present-or-copyin                    delete-on-zero
 *   copyout       present-or-create                    copyout-on-zero
 *   create        present-or-create                    delete-on-zero
 *   present       present, else runtime error          delete-on-zero
 *   no_create     present increment if present, else   delete-on-zero
 *                 nothing (handle {NULL, 0})
 *   delete        (not an entry action: error)         delete-on-zero
 *
 * flags: 0 for structured constructs (data, parallel, kernels, serial; also
 * the implicit data attributes of compute constructs) - the structured counter
 * is used; ACCRT_DYNAMIC for enter/exit data and the acc_* API - the dynamic
 * counter is used; ACCRT_FINALIZE (with ACCRT_DYNAMIC, exit only) sets the
 * dynamic counter to zero instead of decrementing it.
 *
 *   entry, present:   increment the counter selected by flags.
 *   entry, absent:    allocate (and for copy/copyin write host->device), set the
 *                     selected counter to 1 and the other to 0.
 *   exit:             absent, or the selected counter is already 0: no action.
 *                     Otherwise decrement it (finalize: zero it); when both
 *                     counters are then 0, copy/copyout read the exited range
 *                     [host, host+bytes) device->host, and the mapping (the
 *                     whole buffer) is freed.
 *
 * The returned accrt_dev is what a kernel needs: pass it with accrt_arg_dev()
 * (two kernel arguments: the buffer and the byte offset; sub-buffers are not
 * used because their origins need CL_DEVICE_MEM_BASE_ADDR_ALIGN alignment).
 * The kernel side looks like:
 *
 *   __kernel void k(__global float *a_base, ulong a_off, int n) {
 *       __global float *a = (__global float *)((__global char *)a_base + a_off);
 *
 * Device addresses (acc_deviceptr, acc_malloc, acc_copyin's result) are opaque
 * values in a reserved range that faults if the host dereferences it; the
 * runtime maps them back to {buffer, offset} (accrt_devptr for the deviceptr
 * clause, acc_hostptr, acc_free).
 *
 * ---------------------------------------------------------------------------
 * 4. Kernels
 * ---------------------------------------------------------------------------
 *   accrt_kernel_t *k = accrt_kernel(accrt_program(src, "file.c"), "name");
 *   accrt_arg_dev(k, 0, d_a);                  (arguments 0 and 1)
 *   accrt_arg(k, 2, sizeof n, &n);             (scalars by value)
 *   size_t g[3] = {accrt_round_up(n, 64)}, l[3] = {64};
 *   accrt_launch(k, 1, g, l, ACCRT_SYNC);
 *
 * accrt_program builds a source once per run: it is cached by the source pointer
 * (so pass a string that stays valid and unchanged: a string literal or a static
 * array), then by content. Kernel sources should carry `#line N "file.c"`
 * directives. PoCL 3.1 honours them ("user.c:42:10: error: ..."; other lines
 * are named after a temporary file in its kernel cache). NVIDIA's OpenCL
 * (CUDA 12, H100) ignores them and names every line "<kernel>:6:10". The
 * runtime therefore rewrites each "FILE:LINE:" of the build log whose FILE is
 * not a #line file name: through the #line directives to "user.c:42:" when a
 * directive precedes LINE, else to "<program name>:LINE:". A failed build
 * prints the (rewritten) build log and exits with status 2. Both compilers
 * also print "N errors generated." to stderr themselves.
 *
 * Scalar kernel arguments must have the OpenCL size of the kernel parameter:
 * host int/unsigned -> int/uint (4), long long/int64_t/size_t -> long/ulong (8),
 * float -> float, double -> double (needs cl_khr_fp64; see accrt_device_info()).
 *
 * accrt_launch does not round the global size; OpenCL 1.2 requires each global
 * size to be a multiple of the local size when local is given (use
 * accrt_round_up and guard the tail in the kernel). A global size of 0 in any
 * dimension launches nothing.
 *
 * ---------------------------------------------------------------------------
 * 5. Async queues
 * ---------------------------------------------------------------------------
 * `async` arguments use OpenACC numbering: ACCRT_SYNC (acc_async_sync, -2) is
 * queue 0 and waits for completion; ACCRT_ASYNC_NOVAL (acc_async_noval, -1) is
 * queue 1; async(n), n >= 0, is queue n + 2. Queues are in-order and created on
 * first use. Today only accrt_launch takes `async`; every data action and
 * update is synchronous on queue 0 and first waits for all async queues that
 * have work in flight (conservative, always correct).
 *
 * ---------------------------------------------------------------------------
 * 6. Reductions
 * ---------------------------------------------------------------------------
 * The kernel reduces within each work-group (private partial per work-item,
 * tree combine in __local memory; accrt_arg_local sizes the scratch) and writes
 * one partial per work-group, index = linear group id, into a partials buffer:
 *
 *   cl_mem p = accrt_partials(ngroups, ACCRT_FLOAT);     (pooled scratch)
 *   accrt_arg_mem(k, 5, p);
 *   accrt_launch(k, ...);
 *   accrt_reduce(p, ngroups, ACCRT_FLOAT, ACCRT_ADD, &sum, "sum", "f.c:9");
 *
 * accrt_reduce reads the partials back, combines them in index order with the
 * host variable's current value (OpenACC: the original value takes part in the
 * reduction) and stores the result there; it then returns p to the pool (each
 * accrt_partials buffer is consumed by exactly one accrt_reduce or
 * accrt_partials_release). Types and the host variable they update:
 * ACCRT_INT int32_t, ACCRT_UINT uint32_t, ACCRT_LONG int64_t, ACCRT_ULONG
 * uint64_t, ACCRT_FLOAT float, ACCRT_DOUBLE double (OpenCL int/uint/long/ulong/
 * float/double). Operators: + * max min & | ^ && || ; the bitwise ones only on
 * integer types (error otherwise); && and || yield 0 or 1 as in C; max and min
 * compare with > and < (a NaN partial is skipped unless it comes first).
 * accrt_identity gives the initial value each work-item's private copy starts
 * from (0, 1, lowest, highest, ~0, 0, 0, 1, 0).
 *
 * ---------------------------------------------------------------------------
 * 7. Profile (ACCLS_PROFILE)
 * ---------------------------------------------------------------------------
 * Every launch and transfer gets an OpenCL profiling event; device times
 * (CL_PROFILING_COMMAND_START..END) accumulate per kernel name and per
 * direction. At exit the summary is, for example:
 *
 *   accls profile: device 'pthread-haswell-AMD EPYC' (Portable Computing Language)
 *   kernel                            launches     total ms      mean ms
 *   vadd                                     3        0.412        0.137
 *   transfer                            count        bytes     total ms      GB/s
 *   host->device                            2      8000000        1.234        6.48
 *   device->host                            1      4000000        0.617        6.48
 *   partials->host                          0            0        0.000         -
 *   program builds                          1                   250.123
 *
 * device->host counts data moved by data clauses, updates and API calls;
 * partials->host the per-work-group partials that accrt_reduce reads (their
 * number depends on the device's work-group shape).
 * Kernels are sorted by total time, descending; program build time is host wall
 * time. Not thread-safe: one host thread may call the runtime.
 */
#ifndef ACCRT_H
#define ACCRT_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#ifdef __APPLE__
#include <OpenCL/cl.h>
#else
#include <CL/cl.h>
#endif
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- initialization and device ---- */

/* Initialize now (selection as in section 1). Idempotent. */
void accrt_init(void);

/* Release every buffer, kernel, program and queue and the context; the next use
 * initializes again (device selection included). */
void accrt_shutdown(void);

typedef struct accrt_device_info {
	const char *name;           /* CL_DEVICE_NAME */
	const char *platform;       /* CL_PLATFORM_NAME */
	const char *version;        /* CL_DEVICE_VERSION */
	cl_device_type type;        /* CL_DEVICE_TYPE */
	int platform_index;         /* the "P:D" of ACCLS_DEVICE */
	int device_index;
	cl_uint compute_units;      /* CL_DEVICE_MAX_COMPUTE_UNITS */
	size_t max_work_group_size; /* CL_DEVICE_MAX_WORK_GROUP_SIZE */
	size_t max_work_item_sizes[3];
	cl_ulong global_mem_size;
	cl_ulong local_mem_size;
	cl_ulong max_alloc_size;    /* CL_DEVICE_MAX_MEM_ALLOC_SIZE */
	int fp64;                   /* double supported (CL_DEVICE_DOUBLE_FP_CONFIG != 0) */
} accrt_device_info_t;

/* The selected device (initializes). */
const accrt_device_info_t *accrt_device_info(void);
cl_context accrt_context(void);
cl_device_id accrt_device_id(void);
/* The command queue for an async value (section 5), created on first use. */
cl_command_queue accrt_queue(int async);

/* ---- data (section 3) ---- */

typedef enum accrt_clause {
	ACCRT_COPY = 1,
	ACCRT_COPYIN,
	ACCRT_COPYOUT,
	ACCRT_CREATE,
	ACCRT_PRESENT,
	ACCRT_NO_CREATE,
	ACCRT_DELETE
} accrt_clause;

enum {
	ACCRT_DYNAMIC = 1,    /* enter/exit data, acc_* API: the dynamic counter */
	ACCRT_FINALIZE = 2,   /* exit data finalize: zero the dynamic counter */
	ACCRT_IF_PRESENT = 4  /* update: absent data is skipped, not an error */
};

/* A device view of host data: buffer and byte offset into it ({NULL, 0}: none). */
typedef struct accrt_dev {
	cl_mem mem;
	size_t offset;
} accrt_dev;

/* Entry action of `clause` for [host, host+bytes). */
accrt_dev accrt_enter(accrt_clause clause, void *host, size_t bytes, int flags,
                      const char *name, const char *loc);
/* Exit action of `clause` for [host, host+bytes). */
void accrt_exit(accrt_clause clause, void *host, size_t bytes, int flags,
                const char *name, const char *loc);
/* update device / update self(host) of present data (any sub-range of a
 * mapping); absent data is an error unless flags has ACCRT_IF_PRESENT. */
void accrt_update_device(void *host, size_t bytes, int flags, const char *name, const char *loc);
void accrt_update_self(void *host, size_t bytes, int flags, const char *name, const char *loc);
/* The device view of present data without touching counters; error if absent. */
accrt_dev accrt_lookup(void *host, size_t bytes, const char *name, const char *loc);
/* deviceptr clause: the view of a device address (acc_malloc, acc_deviceptr);
 * NULL gives {NULL, 0}; anything else is an error. */
accrt_dev accrt_devptr(void *devaddr, const char *name, const char *loc);
/* For tests and debugging: 1 and the counters of the mapping containing host
 * when present, else 0. */
int accrt_present_counts(const void *host, unsigned long *structured, unsigned long *dynamic);

/* ---- kernels (section 4) ---- */

typedef struct accrt_program accrt_program_t;
typedef struct accrt_kernel accrt_kernel_t;

/* Build `source` (once per run) for the device; `name` names it in messages. */
accrt_program_t *accrt_program(const char *source, const char *name);
/* The kernel `kernel_name` of a program (created once, then cached). */
accrt_kernel_t *accrt_kernel(accrt_program_t *prog, const char *kernel_name);

/* Scalar (or any by-value) argument. */
void accrt_arg(accrt_kernel_t *k, unsigned index, size_t size, const void *value);
/* Arguments index (the buffer, __global T *) and index+1 (the byte offset, ulong). */
void accrt_arg_dev(accrt_kernel_t *k, unsigned index, accrt_dev dev);
/* A buffer argument (e.g. a partials buffer); NULL passes a NULL buffer. */
void accrt_arg_mem(accrt_kernel_t *k, unsigned index, cl_mem mem);
/* A __local argument of `bytes` bytes. */
void accrt_arg_local(accrt_kernel_t *k, unsigned index, size_t bytes);

/* Enqueue an NDRange of `dims` (1..3) dimensions; local may be NULL (the
 * implementation chooses). ACCRT_SYNC waits for completion. */
void accrt_launch(accrt_kernel_t *k, unsigned dims, const size_t *global, const size_t *local,
                  int async);

/* CL_KERNEL_WORK_GROUP_SIZE and CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE. */
size_t accrt_kernel_work_group_size(accrt_kernel_t *k);
size_t accrt_kernel_preferred_multiple(accrt_kernel_t *k);

/* The smallest multiple of m (> 0) that is >= n. */
static inline size_t accrt_round_up(size_t n, size_t m)
{
	return (n + m - 1) / m * m;
}

/* ---- async (section 5) ---- */

enum { ACCRT_ASYNC_NOVAL = -1, ACCRT_SYNC = -2 };

/* Wait for the queue of `async` (ACCRT_SYNC: queue 0). */
void accrt_wait(int async);
/* Wait for every queue. */
void accrt_wait_all(void);

/* ---- reductions (section 6) ---- */

typedef enum accrt_type {
	ACCRT_INT = 1,
	ACCRT_UINT,
	ACCRT_LONG,
	ACCRT_ULONG,
	ACCRT_FLOAT,
	ACCRT_DOUBLE
} accrt_type;

typedef enum accrt_op {
	ACCRT_ADD = 1,
	ACCRT_MUL,
	ACCRT_MAX,
	ACCRT_MIN,
	ACCRT_BAND,
	ACCRT_BOR,
	ACCRT_BXOR,
	ACCRT_LAND,
	ACCRT_LOR
} accrt_op;

/* Size in bytes of one value of `type`. */
size_t accrt_type_size(accrt_type type);
/* Store the identity of `op` for `type` at *out. */
void accrt_identity(accrt_type type, accrt_op op, void *out);
/* A scratch buffer for `count` partials of `type` (from a pool). */
cl_mem accrt_partials(size_t count, accrt_type type);
/* Read `count` partials, combine them with *inout, store into *inout, and
 * return the buffer to the pool. */
void accrt_reduce(cl_mem partials, size_t count, accrt_type type, accrt_op op, void *inout,
                  const char *name, const char *loc);
/* Return an unused partials buffer to the pool. */
void accrt_partials_release(cl_mem partials);

/* ---- errors ---- */

/* "CL_OUT_OF_RESOURCES" etc. (OpenCL 1.0-3.0 and the Khronos extension codes);
 * "CL_UNKNOWN_ERROR" otherwise. */
const char *accrt_cl_error_name(cl_int err);

#ifdef __cplusplus
}
#endif

#endif /* ACCRT_H */
