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
 * The program's own choice comes first: acc_set_device_num(n, t) (`set
 * device_num`, `init device_num`) selects the n-th device (from 0) of type t
 * (default/not_host: of any type) and overrides ACCLS_DEVICE;
 * acc_set_device_type(t) and acc_init(t) keep ACCLS_DEVICE's device when it is
 * of type t, else take the first device of type t; when no device has type t,
 * ACCLS_DEVICE's device stays, with a warning (a program written for
 * acc_device_nvidia run on the CPU on purpose; acc_set_device_num(n, t) too),
 * and without ACCLS_DEVICE it is an error. Changing the choice while
 * the runtime runs on another device shuts it down (the next use initializes
 * again), which is an error while data is present: one device at a time.
 * The `init` directive is acc_set_device_type/num for its clauses and then
 * accrt_init; `shutdown` is accrt_shutdown (device_type(host): nothing).
 *
 *   ACCLS_DEVICE   unset/empty: the first GPU, else the first CPU, else the
 *                  first accelerator, else the first device of any type.
 *                  "gpu" | "cpu" | "accelerator": the first device of that type.
 *                  "P:D": device D of platform P (0-based indices).
 *                  "N": the N-th device of the whole listing (0-based).
 *                  anything else: the first device whose device name or
 *                  platform name contains it, case-insensitively.
 *                  "host": the host (accrt_on_host), no OpenCL device.
 *                  `accls run --device SEL` passes SEL through ACCLS_DEVICE.
 *   ACC_DEVICE_TYPE, ACC_DEVICE_NUM  OpenACC's (§4.1, §4.2), read at the first
 *                  use when the program has not chosen and ACCLS_DEVICE is
 *                  unset or empty: as if the program had called
 *                  acc_set_device_num(NUM, TYPE); TYPE is gpu (or nvidia,
 *                  radeon), cpu (or multicore), accelerator, host (the
 *                  host's own code: accrt_on_host) or default, any case;
 *                  other names and numbers are errors.
 *   ACCLS_VERBOSE  "1" (any value but "" and "0"): print the chosen device and
 *                  each program build (with its time) to stderr.
 *   ACCLS_PROFILE  "1": print a profile summary to stderr at exit;
 *                  any other value but "" and "0": write it to that file path.
 *   ACCLS_CL_OPTIONS  extra options appended to every clBuildProgram.
 *   ACCLS_SYNC_LAUNCH "1": every launch and copy blocks until done (section 5).
 *   ACCLS_GROUP_SIZE  work-items per group of generated kernels whose
 *                  clauses do not set it (accrt_gen.h accls_shape; default
 *                  128, within the kernel's CL_KERNEL_WORK_GROUP_SIZE and a
 *                  multiple of its preferred multiple): for comparisons.
 *   ACCLS_GRID_X   lanes along the innermost loop of a group of a 2-D/3-D
 *                  grid kernel (accrt_gen.h accls_grid_ndrange; the rest go
 *                  along the next loop), on any device: for comparisons;
 *                  default: 32 on GPUs, 8 there (16 on CPUs) for kernels
 *                  whose subscripts step by rows, rows on CPUs; narrower
 *                  (a power of two) where the innermost loop is shorter.
 *   ACCLS_PINNED   "1": copies of 1 MiB or more between user memory and the
 *                  device go through two pinned staging chunks of the runtime
 *                  (CL_MEM_ALLOC_HOST_PTR, mapped once; the memcpy of one
 *                  overlaps the DMA of the other); "0": plain
 *                  clEnqueueRead/WriteBuffer from user memory, the default
 *                  (staging was no faster on an H100, bench/README.md).
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
 * dynamic counter to zero instead of decrementing it. ACCRT_ZERO (entry only,
 * the zero modifier of copyout and create, OpenACC 3.3 section 2.7) fills the
 * memory it allocates with zero bytes, on the action's queue before anything
 * else uses it; present data is left as it is.
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
 * A freed mapping's buffer is kept for the next mapping of its size (at
 * least that size, at most twice it), up to an eighth of the device's
 * memory or 1 GiB: on PoCL a fresh buffer's first write costs a page fault
 * per page. One freed while async queues have work in flight serves no one
 * until that work is done. Memory from `create` may so hold an
 * earlier mapping's data (OpenACC leaves it undefined; ACCRT_ZERO clears it).
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
 * Every program is built with -DACCLS_DEVICE_TYPE=<acc_device_t of the device>,
 * -DACCLS_CPU_DEVICE=1 on a device of CL_DEVICE_TYPE_CPU (PoCL runs a
 * work-group's work-items one after another, in loops between barriers: the
 * generated kernels combine reductions there with one barrier instead of a
 * tree of them) and, where CL_DEVICE_SINGLE_FP_CONFIG has CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT,
 * -cl-fp32-correctly-rounded-divide-sqrt: float a/b and sqrt then round as in
 * C on the host (OpenCL's default allows 2.5 ulp, which NVIDIA's compiler
 * uses), then ACCLS_CL_OPTIONS.
 *
 * accrt_program builds a source once per run: it is cached by the source pointer
 * (so pass a string that stays valid and unchanged: a string literal or a static
 * array), then by content. It is built with -DACCLS_DEVICE_TYPE=T, T the
 * device's acc_device_t (acc_on_device in device code compares with it).
 * Kernel sources should carry `#line N "file.c"`
 * directives. PoCL 3.1 honours them ("user.c:42:10: error: ..."; other lines
 * are named after a temporary file in its kernel cache). NVIDIA's OpenCL
 * (CUDA 12, H100) ignores them and names every line "<kernel>:6:10". The
 * runtime therefore rewrites each "FILE:LINE:" of the build log whose FILE is
 * not a #line file name: through the #line directives to "user.c:42:" when a
 * directive precedes LINE, else to "<program name>:LINE:". A failed build
 * prints the (rewritten) build log and exits with status 2. Both compilers
 * also print "N errors generated." to stderr themselves.
 *
 * The build options depend only on the device and ACCLS_CL_OPTIONS, so a
 * build of the same source in another process on the same device hits the
 * OpenCL driver's own cache (PoCL's kernel cache, POCL_CACHE_DIR; NVIDIA's
 * compute cache): accls build/run build the kernels that way while the host
 * program compiles (compiler/kernelprebuild.go), and the program's first
 * accrt_program then takes ~0.1 s on PoCL instead of 1-2 s. (PoCL still
 * compiles each kernel for its work-group size at its first launch.)
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
 * queue 0, the synchronous queue; async(n), n >= 0, has a queue of its own;
 * ACCRT_ASYNC_NOVAL (acc_async_noval, -1, `async` without argument) means the
 * default async queue: its own queue, or the queue of the value given to
 * acc_set_default_async / `set default_async` (acc_async_noval restores
 * that). Below -2 is an error. Queues are in-order OpenCL command queues,
 * created on first use; each remembers the event of its last command (but
 * see light launches below).
 *
 * Async work (the *_async functions and accrt_launch with a queue other than
 * ACCRT_SYNC): every command of a construct or directive (copies at entry,
 * kernels, copies at exit, updates) is enqueued on its queue, in program
 * order, and the host does not block (clFlush only). Host memory that an
 * async copy reads or writes must stay untouched until a wait, as OpenACC
 * requires. A reduction on an async construct is the exception: the host
 * waits for the queue at the end of the construct to combine the result
 * (accls_reduce_async in accrt_gen.h).
 *
 * Synchronous work (queue 0): OpenACC says the host waits for it, but the host
 * sees device memory only through the runtime, so launches (and device-to-
 * device copies) on queue 0 do not block either. Everything that makes device
 * data visible to the host or reads host memory blocks instead: copies to the
 * device (entry copyin/copy, update device, acc_copyin, acc_memcpy_to_device)
 * and from it (exit copyout/copy, update self, reductions, acc_copyout,
 * acc_memcpy_from_device) are blocking transfers on queue 0, which is in order,
 * so they first wait for the launches before them. So that a later async
 * operation sees the results of earlier synchronous ones, every command on
 * another queue also waits for queue 0's last pending event (an event
 * dependency, not a host wait). Synchronous work waits for an async queue
 * only where it touches a buffer that kernels of that queue use and nothing
 * waited for since (a copy, a launch on queue 0): OpenACC leaves them
 * unordered (wait directives and clauses are for that), but programs
 * written for NVIDIA's compilers rely on the order (an update self after
 * async kernels and before their wait), and a correct program waits there
 * anyway.
 *
 *   accrt_wait(q)               host blocks until queue q is done (wait(q));
 *   accrt_wait_all()            ... every queue (wait);
 *   accrt_wait_async(q, a)      queue a waits for q's last event, no host wait
 *                               (wait(q) async(a), and the wait(q) clause of a
 *                               construct on queue a, a = ACCRT_SYNC included);
 *   accrt_wait_all_async(a)     queue a waits for every async queue;
 *   accrt_async_test(q)         1 when queue q has nothing in flight
 *                               (acc_async_test; queue 0 always counts as done);
 *   accrt_async_test_all()      the same for every async queue;
 *   accrt_wait_any(n, qs)       host waits until one of qs[0..n) is done and
 *                               returns its index (ACCRT_SYNC entries are
 *                               skipped; -1 when none is left).
 * Cross-queue waits are clEnqueueBarrierWithWaitList on the waiting queue.
 *
 * Present table: it is kept by the host thread, at once, in program order: an
 * async entry makes the data present when the call returns (its copy may still
 * be in flight), and an async exit removes the mapping when the call returns.
 * The buffer itself is released with clReleaseMemObject at once as well:
 * OpenCL keeps a released buffer alive until the commands enqueued on it (the
 * exit copy, kernels of any queue) have finished, so no buffer is freed under
 * a command that still uses it and no deferred-free list is needed.
 *
 * Light launches: a kernel launch gets no OpenCL event (an event cost
 * NVIDIA's OpenCL about 3 us a launch, the generated program 1.4x the time of
 * its hand-written twin on a time-stepping loop of small kernels) and only
 * every 8th is flushed (the first since the queue's last event included).
 * When something must wait for the launches (another queue, a wait clause,
 * acc_async_test), the runtime enqueues a marker on their queue at that
 * moment and uses its event; every 256 launches it does so too.
 * ACCLS_PROFILE and ACCLS_SYNC_LAUNCH give every launch its event.
 *
 * On PoCL the host waits for a kernel's first launch with each local size
 * (up to 8 of them): PoCL compiles the kernel for that size in a thread of
 * its own at that launch, and a program that exited before anything waited
 * for it ran its exit handlers under the compile, which crashed in LLVM.
 * PoCL runs kernels in the program's threads: a kernel's invalid memory
 * access (SIGSEGV, SIGBUS) is reported naming the last kernel launched
 * before the signal ends the program (as it would have).
 *
 * Errors: each enqueued command's event is kept until the next wait on its
 * queue (or a blocking transfer on queue 0, or exit), and a failure is
 * reported then: "kernel 'main_L12' (prog.c) on async queue 1 failed on the
 * device: ..." (the kernel name carries the construct's function and line); a
 * failed copy names its variable. A failed light launch is reported at the
 * same point, with the name of the last launch since the queue's last event
 * ("a kernel launched since the host last waited failed ... the last of them:
 * 'main_L12'"); ACCLS_SYNC_LAUNCH=1 names the very one. At exit the runtime
 * waits for every queue, so a failure of work nobody waited for is still
 * reported (status 2). Past 1024 unwaited commands the finished ones are
 * looked at, past 4096 the host waits for the oldest: a loop of launches
 * nobody waits for stays bounded.
 *
 * ACCLS_SYNC_LAUNCH=1 (any value but "" and "0") makes every launch, copy and
 * cross-queue wait block until it is done, on every queue: a failing kernel is
 * then reported at its construct. For debugging; ordering is the same.
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
 * uint64_t, ACCRT_FLOAT float, ACCRT_DOUBLE double, ACCRT_BOOL _Bool as a
 * uint8_t, ACCRT_CHAR int8_t, ACCRT_UCHAR uint8_t, ACCRT_SHORT int16_t,
 * ACCRT_USHORT uint16_t, ACCRT_CFLOAT float _Complex, ACCRT_CDOUBLE double
 * _Complex (OpenCL int/uint/long/ulong/float/double/uchar/char/uchar/short/
 * ushort/float2/double2); + and * wrap in the narrow type, as C's
 * assignment back to it does; the complex types take + and * only. Operators: + * max min & | ^ && || ; the bitwise ones only on
 * integer types (error otherwise); && and || yield 0 or 1 as in C; max and min
 * compare with > and < (a NaN partial is skipped unless it comes first).
 * accrt_identity gives the initial value each work-item's private copy starts
 * from (0, 1, lowest, highest, ~0, 0, 0, 1, 0).
 *
 * Reductions into device memory (accrt_gen.h, compiler/reduce_device.go): when
 * the variable is present (a data region, a copy clause) or is an array or
 * sub-array (count partials per group, entered as copy), the generated code
 * does not call accrt_reduce: a final kernel of the program combines the
 * partials with the device copy, on the construct's queue
 * (accls_reduce_target finds the present copy, accls_reduce_device launches
 * it and releases the partials buffer with clReleaseMemObject instead of
 * returning it to the pool, since the kernel may still be reading it).
 * Nothing crosses the bus: partials->host stays 0 for those.
 *
 * ---------------------------------------------------------------------------
 * 7. Profile (ACCLS_PROFILE)
 * ---------------------------------------------------------------------------
 * With ACCLS_PROFILE set (when the runtime initializes) the queues are created
 * with CL_QUEUE_PROFILING_ENABLE and every launch's and transfer's device time
 * (CL_PROFILING_COMMAND_START..END) accumulates per kernel name and per
 * direction; without it the queues do not profile (as a plain OpenCL program's,
 * which some drivers run faster). At exit the summary is, for example:
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

/* Nonzero when the current device is the host (ACC_DEVICE_TYPE=host,
 * acc_set_device_type(acc_device_host), `set device_type(host)`, acc_init
 * or acc_set_device_num of the host): the generated program then runs each
 * compute construct's own C code on the host, as its `if` clause does when
 * false (when it was built with that code: accrt_device_only); data
 * actions, updates and waits do nothing, the memory API works on host
 * memory (acc_malloc is malloc, acc_deviceptr returns its argument,
 * acc_is_present is 1), and OpenCL is not initialized. */
int accrt_on_host(void);

/* Stops the program when the host is the current device: the generated
 * program calls it at a compute construct whose own code it was built
 * without (compiler.Options.HostCode: accls run --device host, accls
 * translate/build --host-code); loc is the construct's "file:line". */
void accrt_device_only(const char *loc);

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
	ACCRT_IF_PRESENT = 4, /* update: absent data is skipped, not an error */
	ACCRT_ZERO = 8,       /* copyout(zero:), create(zero:): new device memory is zeroed */
	ACCRT_POINTEE = 16    /* exit data, update: host is what a pointer without bounds points to (bytes 0): the
	                       * exit acts on the whole mapping that holds it, the update from it to the mapping's end */
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
/* An array a compute construct uses with no data clause, [host,
 * host+bytes) the whole array and [reach, reach+reach_bytes) the part its
 * subscripts reach (compiler/inferbounds.go): entered as
 * accrt_enter_async's `clause` would, except that when the array is only
 * partly present (an enter data of a section) and a mapping holds the part
 * the construct reaches, that mapping is used (its structured counter
 * counts the construct), as NVIDIA's compiler does. The exit undoes what
 * the entry did. */
accrt_dev accrt_enter_reach_async(accrt_clause clause, void *host, size_t bytes, void *reach, size_t reach_bytes,
                                  int flags, int async, const char *name, const char *loc);
void accrt_exit_reach_async(accrt_clause clause, void *host, size_t bytes, void *reach, size_t reach_bytes, int flags,
                            int async, const char *name, const char *loc);
/* A pointer `base` that a compute construct dereferences with no data
 * clause, [host, host+bytes) being the section its subscripts reach
 * (compiler/inferbounds.go): when base points into present data, that
 * mapping is used (its structured counter counts the construct); otherwise
 * `clause` (ACCRT_COPYIN or ACCRT_COPY) enters the section. The view is
 * host's either way. The exit undoes what the entry did. */
accrt_dev accrt_enter_inferred_async(accrt_clause clause, void *base, void *host, size_t bytes, int async,
                                     const char *name, const char *loc);
void accrt_exit_inferred_async(accrt_clause clause, void *base, void *host, size_t bytes, int async,
                               const char *name, const char *loc);
/* The device view of present data without touching counters; error if absent. */
accrt_dev accrt_lookup(void *host, size_t bytes, const char *name, const char *loc);
/* deviceptr clause: the view of a device address (acc_malloc, acc_deviceptr);
 * NULL gives {NULL, 0}; anything else is an error. */
accrt_dev accrt_devptr(void *devaddr, const char *name, const char *loc);
/* The size in bytes of the buffer behind a device view (0 for {NULL, 0}):
 * kernels that stage a cache directive's window in __local memory get it
 * with the view, so that their loads stay inside the buffer (the valid
 * bytes are [-offset, size - offset) around the view). */
size_t accrt_dev_size(accrt_dev dev);
/* For tests and debugging: 1 and the counters of the mapping containing host
 * when present, else 0. */
int accrt_present_counts(const void *host, unsigned long *structured, unsigned long *dynamic);

/* ---- kernels (section 4) ---- */

typedef struct accrt_program accrt_program_t;
typedef struct accrt_kernel accrt_kernel_t;

/* Build `source` (once per run) for the device; `name` names it in messages. */
accrt_program_t *accrt_program(const char *source, const char *name);
/* For the kernel prebuild (compiler/kernelprebuild.go): build `source` with
 * exactly accrt_program's options and release it, so that the OpenCL
 * driver's cache holds the build; 1 when it built, 0 when it did not (no
 * message, no exit: the run reports a failed build). Not cached here. */
int accrt_prebuild(const char *source);
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

/* The host waits for the queue of `async` (ACCRT_SYNC: queue 0). */
void accrt_wait(int async);
/* The host waits for every queue. */
void accrt_wait_all(void);
/* Program order for device printf: the host's buffered output goes out
 * before a launch (wait 0), and after it (wait 1) the device's output is
 * complete (every queue waited for) before the host writes more. */
void accrt_print_order(int wait);
/* Queue `async` waits (no host wait) for the last event of queue `wait_on`. */
void accrt_wait_async(int wait_on, int async);
/* Queue `async` waits (no host wait) for every async queue. */
void accrt_wait_all_async(int async);
/* wait(devnum: d : q...): the queue to wait for in place of queue `async` of
 * device d of the current device type. d is the current device's number
 * (acc_get_device_num): `async` itself. Another device of the type: accls runs
 * on one device at a time and finishes its work before switching, so nothing
 * is in flight there: ACCRT_SYNC (queue 0, which every queue follows anyway).
 * No such device (d < 0 or d >= acc_get_num_devices): a runtime error naming
 * d, the device count and loc (OpenACC 3.3 §2.16.3: d must be a valid device
 * number of the current device type). */
int accrt_devnum_queue(int devnum, int async, const char *loc);
/* 1 when queue `async` has no work in flight (ACCRT_SYNC: always 1). */
int accrt_async_test(int async);
/* 1 when no async queue has work in flight. */
int accrt_async_test_all(void);
/* Wait until one of the queues asyncs[0..count) has no work in flight; its
 * index, or -1 when count is 0 or every entry is ACCRT_SYNC. */
int accrt_wait_any(int count, const int *asyncs);

/* Data actions, updates on the queue of `async` (section 5); the functions
 * without _async are these with ACCRT_SYNC. */
accrt_dev accrt_enter_async(accrt_clause clause, void *host, size_t bytes, int flags, int async,
                            const char *name, const char *loc);
void accrt_exit_async(accrt_clause clause, void *host, size_t bytes, int flags, int async, const char *name,
                      const char *loc);
void accrt_update_device_async(void *host, size_t bytes, int flags, int async, const char *name,
                               const char *loc);
void accrt_update_self_async(void *host, size_t bytes, int flags, int async, const char *name,
                             const char *loc);
/* update of a sub-array that is not contiguous (OpenACC 3.3 §2.14.4,
 * u[0:n][m-1:1]): slices x rows pieces of width bytes from host, row_pitch
 * bytes between the rows of a slice and slice_pitch between slices (C
 * arrays: the sizes of their elements), alike on the host and in the
 * device copy, which must hold the whole rectangle; one rectangular copy
 * (clEnqueueRead/WriteBufferRect). Pieces that touch are one plain update. */
void accrt_update_rect_device_async(void *host, size_t width, size_t rows, size_t row_pitch, size_t slices,
                                    size_t slice_pitch, int flags, int async, const char *name, const char *loc);
void accrt_update_rect_self_async(void *host, size_t width, size_t rows, size_t row_pitch, size_t slices,
                                  size_t slice_pitch, int flags, int async, const char *name, const char *loc);

/* ---- device selection: the init, shutdown and set directives (section 1) ---- */

/* Device types, the values of openacc.h's acc_device_t. */
enum {
	ACCRT_DEVICE_DEFAULT = 1,
	ACCRT_DEVICE_HOST = 2,
	ACCRT_DEVICE_NOT_HOST = 3,
	ACCRT_DEVICE_GPU = 4,
	ACCRT_DEVICE_CPU = 5,
	ACCRT_DEVICE_ACCELERATOR = 6
};
/* acc_set_device_type, acc_set_device_num for the current type (the type set
 * last, else any), acc_set_default_async. */
void accrt_set_device_type(int type);
void accrt_set_device_num(int num);
void accrt_set_default_async(int async);

/* ---- reductions (section 6) ---- */

typedef enum accrt_type {
	ACCRT_INT = 1,
	ACCRT_UINT,
	ACCRT_LONG,
	ACCRT_ULONG,
	ACCRT_FLOAT,
	ACCRT_DOUBLE,
	ACCRT_BOOL, /* _Bool as uint8_t 0 or 1: the compiler gives it &&, || or ^ */
	ACCRT_CHAR,  /* signed char (and char, signed on the hosts accls supports) */
	ACCRT_UCHAR,
	ACCRT_SHORT,
	ACCRT_USHORT,
	ACCRT_CFLOAT, /* float _Complex (OpenCL float2): + and * only */
	ACCRT_CDOUBLE /* double _Complex (double2) */
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

/* ---------------------------------------------------------------------------
 * 8. declare on globals and host_data use_device
 * ---------------------------------------------------------------------------
 * A file-scope `declare create|copyin|device_resident(g)` makes g present for
 * the whole program. Hostgen registers it from a constructor function:
 *
 *   static void __attribute__((constructor)) accls_declare_L3(void)
 *   { accrt_declare_global(ACCRT_COPYIN, (void *)g, sizeof(g), "g", "f.c:3"); }
 *
 * The runtime enters every registered global (the entry action of `clause`,
 * structured counter, so no exit data removes it) when it initializes: at the
 * first OpenACC use, after the device is chosen, and again after a shutdown;
 * copyin copies the value g has then. A registration after initialization
 * enters at once. The data stays until the program ends (or a shutdown).
 * A declare of a static local or an extern declaration in a function is
 * registered the same way, from the function, the first time the directive
 * runs (guarded by a static flag).
 *
 * accrt_declared_global returns the host address of the global name that
 * file registered (its loc starts with "file:"): a kernel of another file
 * that calls a routine of file using the global finds its device copy from
 * it (compiler/peers.go). The global must have been registered: an error
 * otherwise.
 *
 * accrt_use_device returns the device address (the opaque value of
 * acc_deviceptr) of present data at host; NULL gives NULL. Absent data is an
 * error ("'p' ... is not present on the device (use_device at f.c:9)"), or,
 * with ACCRT_IF_PRESENT in flags, returns host itself.
 */
void accrt_declare_global(accrt_clause clause, void *host, size_t bytes, const char *name, const char *loc);
void *accrt_declared_global(const char *name, const char *file, const char *loc);
void *accrt_use_device(void *host, int flags, const char *name, const char *loc);

/* ---------------------------------------------------------------------------
 * 9. Pointers to pointers (OpenACC 3.3 section 2.7.1)
 * ---------------------------------------------------------------------------
 * A data clause may name the rows of a pointer to pointers (or of an array of
 * pointers), A[lo:n][c:m]: the n row pointers A[lo..lo+n) and, in each row,
 * the m elements from c. OpenACC gives the pointers a device copy in which
 * each row pointer is attached to its row's device copy. OpenCL 1.2 kernels
 * cannot follow a pointer stored in device memory, so accls keeps no device
 * copy of the pointers: it puts the rows into one buffer, row i at (i-lo) *
 * pitch, pitch = the mapped bytes of one row, and the kernels index it as a
 * two-dimensional array, A[i][j] at i * pitch + j * sizeof element from the
 * view of A[0][0] (which may lie outside the buffer when lo or c is not 0:
 * only the mapped rows and columns are ever addressed).
 *
 * The present table gets the pointer section [&A[lo], &A[lo+n)) (its
 * counters: the attachment of the rows) and each row [A[i]+c, A[i]+c+m) as
 * data of its own, present at its place in the buffer: acc_is_present,
 * acc_deviceptr, update and the data clauses of one row find it there. The
 * rows keep the buffer alive (each holds a reference to it).
 *
 *   accrt_enter_rows_async: the entry action of the clause for the section
 *     and every row. Rows may be attached after the pointers: a NULL row
 *     (no action, as for any null pointer) or a row pointer changed since
 *     gets the new row's data at its place when it enters, as A[i:1][0:m]
 *     does for the rows of a jagged array; a longer row widens the pitch
 *     (a new buffer, at least twice as wide; the rows move with their
 *     data) and the old data of a changed row stays present on its own. A
 *     row pointer to data present on its own (mapped before the pointers)
 *     counts it as present, and a kernel launch through the section while
 *     such a row is there is an error: the kernel could not reach it.
 *     Copies in all rows with one command (gathered in host memory; a
 *     rectangle copy when the columns are a part of the mapped ones).
 *     Returns the view of A[0][0] and, in *pitch, the section's row pitch
 *     in bytes.
 *   accrt_exit_rows_async: the exit action for every row and the section;
 *     the rows whose counters reach zero are copied out (copy, copyout) with
 *     one command where they are consecutive rows of one buffer.
 *   accrt_update_rows_{device,self}_async: update of present rows (a part
 *     of the columns included); ACCRT_IF_PRESENT skips absent rows.
 *   accrt_lookup_rows: the view and pitch of the section that contains the
 *     pointer at base (present data for a compute construct); absent, or
 *     mapped as plain data (copyin(A[0:n]) maps the pointers alone, until a
 *     row is attached to them: accrt_enter_row_async), is an error.
 * Row copies always block (the gathering buffer is freed after them);
 * OpenACC allows async work to complete early. exit data and update skip
 * NULL rows; exit data of the pointers without bounds (delete(A)) takes
 * every row attached, whatever its length.
 */
accrt_dev accrt_enter_rows_async(accrt_clause clause, void *const *base, size_t lo, size_t n, size_t col, size_t bytes,
                                 int flags, int async, const char *name, const char *loc, size_t *pitch);
void accrt_exit_rows_async(accrt_clause clause, void *const *base, size_t lo, size_t n, size_t col, size_t bytes,
                           int flags, int async, const char *name, const char *loc);
void accrt_update_rows_device_async(void *const *base, size_t lo, size_t n, size_t col, size_t bytes, int flags,
                                    int async, const char *name, const char *loc);
void accrt_update_rows_self_async(void *const *base, size_t lo, size_t n, size_t col, size_t bytes, int flags,
                                  int async, const char *name, const char *loc);
accrt_dev accrt_lookup_rows(void *const *base, const char *name, const char *loc, size_t *pitch);
/* The entry action of one row's data, A[k][c:m], slot = &A[k]: when the
 * row pointers are present (copyin(A[0:n]) before, as OpenACC's attach
 * expects), the row joins them as in accrt_enter_rows_async (a plain
 * mapping of the pointers becomes a section at the first row; the
 * pointers keep their own counters); otherwise plain data. */
accrt_dev accrt_enter_row_async(accrt_clause clause, void *const *slot, size_t col, size_t bytes, int flags, int async,
                                const char *name, const char *loc);

/* ---------------------------------------------------------------------------
 * 10. Pointer members of array elements (manual deep copy)
 * ---------------------------------------------------------------------------
 * An array of structs A whose elements have a pointer member m: the program
 * maps A (copyin(A[0:n])) and then each element's data
 * (enter data copyin(A[i].m[0:len])), which OpenACC attaches: the device
 * copy of A[i].m points to the device copy of the data. OpenCL kernels
 * cannot follow pointers stored in device memory, so accls puts the data of
 * all the elements' m members into one buffer, the member pool of (A's
 * mapping, m), and a kernel that reads A[e].m[j] gets the pool and a table
 * of offsets, one per element: A[e].m[j] is at pool + table[e] + j * size.
 * The device copy of A keeps the host's pointer values (copying A out never
 * overwrites them).
 *
 *   accrt_enter_member_async: the entry action for [host, host+bytes), the
 *     data of member m (offset moff in an element of esz bytes) of the
 *     element at elem; new data goes into the pool of the mapping that
 *     holds elem, which must be present. Exits, updates and present checks
 *     are the plain ones (a chunk of a pool is data like any other).
 *   accrt_member_views: the pool and the table for a launch that uses
 *     base[e].m: the table gives an offset for each element of the mapping
 *     that holds base (indexed from base: its view's offset skips the
 *     elements before base; elements that are an array member of a mapped
 *     struct, g->cells, count in their phase within it); an element
 *     whose member is NULL gets ~0 (the kernels spell the member's value
 *     NULL there), one whose member's data is not in the pool (not entered
 *     yet: the launch may not touch it) an offset far outside it, so that
 *     a kernel that does touch it faults instead of reading other data. The table is
 *     built again only when a member's data has entered or left the pool
 *     since: OpenACC attaches a member when its data enters, and a pointer
 *     the host changes afterwards is followed once that data is entered.
 *   One level further (a[i].p->x: member moff2 of the struct that member
 *     moff of each element points to): the structs are entered as the
 *     elements' members (enter data copyin(a[i].p[0:1]), chunks of a[].p's
 *     pool), and accrt_enter_member_async with the struct as the element
 *     (elem = a[i].p) puts their members' data into one pool for all those
 *     chunks; accrt_member_views2 gives the pool and a table indexed by
 *     the elements of a, from the host's pointers a[e].p->x (where the
 *     struct a[e].p is present). The data may also be the members of
 *     another array's elements (walls w[j].x, with a[i].p = &w[j]): the
 *     pool is the one the lookups find.
 */
accrt_dev accrt_enter_member_async(accrt_clause clause, void *elem, size_t esz, size_t moff, void *host, size_t bytes,
                                   int flags, int async, const char *name, const char *loc);
void accrt_member_views(void *base, size_t esz, size_t moff, accrt_dev *pool, accrt_dev *table, const char *name,
                        const char *loc);
void accrt_member_views2(void *base, size_t esz, size_t moff, size_t moff2, accrt_dev *pool, accrt_dev *table,
                         const char *name, const char *loc);

#ifdef __cplusplus
}
#endif

#endif /* ACCRT_H */
