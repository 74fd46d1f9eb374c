/*
 * openacc.h - the part of the OpenACC 3.3 runtime API (chapter 3) that the accls
 * runtime implements, on top of accrt (accrt.h). Only what is declared here
 * exists.
 *
 * Device addresses returned here (acc_malloc, acc_copyin, acc_create,
 * acc_deviceptr) are opaque: OpenCL buffers have no address the host can use,
 * so the runtime hands out values from a reserved range that faults when
 * dereferenced on the host, and maps them back to {buffer, offset} itself.
 *
 * The data routines use the dynamic reference counter (spec 2.6.7), exactly as
 * enter data / exit data do.
 *
 * Async: every `async` argument is an OpenACC async value (a queue number
 * >= 0, acc_async_noval or acc_async_sync); the _async routines enqueue their
 * copies on that queue and return at once (accrt.h section 5 says how queues,
 * waits and the present table behave). Device selection: accrt.h section 1.
 */
#ifndef ACCLS_OPENACC_H
#define ACCLS_OPENACC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum acc_device_t {
	acc_device_none = 0,
	acc_device_default = 1,
	acc_device_host = 2,     /* the host itself: no OpenCL involved */
	acc_device_not_host = 3, /* any OpenCL device */
	/* Implementation-defined types: OpenCL devices by CL_DEVICE_TYPE. */
	acc_device_opencl_gpu = 4,
	acc_device_opencl_cpu = 5,
	acc_device_opencl_accelerator = 6,
	/* The vendors' names that programs written for other compilers use
	 * (NVHPC, gcc): GPUs, which OpenCL reaches through their drivers. */
	acc_device_nvidia = acc_device_opencl_gpu,
	acc_device_radeon = acc_device_opencl_gpu
} acc_device_t;

/* Device properties (3.2.6 acc_get_property). */
typedef enum acc_device_property_t {
	acc_property_memory = 1,               /* CL_DEVICE_GLOBAL_MEM_SIZE */
	acc_property_free_memory = 2,          /* that less what this program holds on the device */
	acc_property_shared_memory_support = 3, /* 0: accls keeps separate device copies */
	acc_property_name = 0x10001,           /* CL_DEVICE_NAME */
	acc_property_vendor = 0x10002,         /* CL_DEVICE_VENDOR */
	acc_property_driver = 0x10003          /* CL_DRIVER_VERSION */
} acc_device_property_t;

/* async argument values, as in the specification. */
enum { acc_async_noval = -1, acc_async_sync = -2 };

/* Number of devices of `type`: default/not_host count every OpenCL device,
 * host counts 1, and 0 when no OpenCL platform exists (never fails). */
int acc_get_num_devices(acc_device_t type);
/* A numeric property of device `num` of `type` (0 when there is no such
 * device, or for a string property), and a string property (NULL likewise;
 * the string lives until the program ends). */
size_t acc_get_property(int num, acc_device_t type, acc_device_property_t property);
const char *acc_get_property_string(int num, acc_device_t type, acc_device_property_t property);
/* Type of the current device (initializes the runtime): one of the
 * acc_device_opencl_* values. */
acc_device_t acc_get_device_type(void);
/* Select devices of `type` (ACCLS_DEVICE's device when it is of that type,
 * else the first of the type); host is an error (compute constructs always
 * run on OpenCL), none does nothing. */
void acc_set_device_type(acc_device_t type);
/* Select the num-th device (from 0) of `type` (default/not_host: of any
 * type), over ACCLS_DEVICE; num < 0: back to the default choice. An error
 * when there is no such device, or when data is present on the current one. */
void acc_set_device_num(int num, acc_device_t type);
/* Number of the current device among the devices of `type` (initializes the
 * runtime); -1 when it is not of that type; host: 0. */
int acc_get_device_num(acc_device_t type);
/* Initialize now, for devices of `type` as acc_set_device_type does; host
 * and none do nothing. */
void acc_init(acc_device_t type);
/* acc_init and acc_shutdown of device `num` of `type` (3.2.7, 3.2.9): accls
 * uses one device at a time, so acc_init_device also selects it. */
void acc_init_device(int num, acc_device_t type);
void acc_shutdown_device(int num, acc_device_t type);
/* Release everything (present data included); the next use initializes again. */
void acc_shutdown(acc_device_t type);
/* On the host (the only place accls runs it): 1 for acc_device_host and
 * acc_device_none, else 0. */
int acc_on_device(acc_device_t type);

/* The queue `async` without argument uses (initially its own queue;
 * acc_async_noval restores that, acc_async_sync makes it synchronous). */
void acc_set_default_async(int async);
int acc_get_default_async(void);
/* Nonzero when queue `async` has no work in flight (acc_async_sync: always). */
int acc_async_test(int async);
int acc_async_test_all(void);
/* The host waits for queue `async`. */
void acc_wait(int async);
/* Queue `async` waits for queue `wait_on` (the host does not). */
void acc_wait_async(int wait_on, int async);
/* The host waits for every queue. */
void acc_wait_all(void);
/* Queue `async` waits for every other queue (the host does not). */
void acc_wait_all_async(int async);
/* The host waits until one of asyncs[0..count) is done; returns its index
 * (entries acc_async_sync are skipped; -1 when none is left). */
int acc_wait_any(int count, int *asyncs);
/* The same for device dev_num of the current type (3.2.9-3.2.15). accls
 * runs on one device at a time: on another device of the type nothing is in
 * flight (tests return nonzero, waits return at once, acc_wait_any_device
 * -1); a number that names no device is an error. */
int acc_async_test_device(int async, int dev_num);
int acc_async_test_all_device(int dev_num);
void acc_wait_device(int async, int dev_num);
void acc_wait_device_async(int wait_on, int async, int dev_num);
void acc_wait_all_device(int dev_num);
void acc_wait_all_device_async(int async, int dev_num);
int acc_wait_any_device(int count, int *asyncs, int dev_num);
/* The OpenACC 1.0 names of acc_wait and acc_wait_all (which GCC's libgomp
 * still provides). */
void acc_async_wait(int async);
void acc_async_wait_all(void);

/* Nonzero when [h, h+bytes) is present (bytes 0: when h lies in present data). */
int acc_is_present(void *h, size_t bytes);
/* enter data copyin / create: returns the device address of h. */
void *acc_copyin(void *h, size_t bytes);
void *acc_create(void *h, size_t bytes);
/* exit data copyout / delete, and their finalize forms. */
void acc_copyout(void *h, size_t bytes);
void acc_copyout_finalize(void *h, size_t bytes);
void acc_delete(void *h, size_t bytes);
void acc_delete_finalize(void *h, size_t bytes);
/* update device / update self of present data (error when absent). */
void acc_update_device(void *h, size_t bytes);
void acc_update_self(void *h, size_t bytes);

/* The same on queue `async`. */
void acc_copyin_async(void *h, size_t bytes, int async);
void acc_create_async(void *h, size_t bytes, int async);
void acc_copyout_async(void *h, size_t bytes, int async);
void acc_copyout_finalize_async(void *h, size_t bytes, int async);
void acc_delete_async(void *h, size_t bytes, int async);
void acc_delete_finalize_async(void *h, size_t bytes, int async);
void acc_update_device_async(void *h, size_t bytes, int async);
void acc_update_self_async(void *h, size_t bytes, int async);

/* The names OpenACC 2.0 gave acc_copyin and acc_create, which already
 * test for presence (kept for programs that use them). */
void *acc_pcopyin(void *h, size_t bytes);
void *acc_present_or_copyin(void *h, size_t bytes);
void *acc_pcreate(void *h, size_t bytes);
void *acc_present_or_create(void *h, size_t bytes);

/* Device memory not associated with host memory; NULL for 0 bytes and for
 * more than the device allocates at once (CL_DEVICE_MAX_MEM_ALLOC_SIZE). */
void *acc_malloc(size_t bytes);
/* Free what acc_malloc returned; NULL does nothing. */
void acc_free(void *d);
/* Device address of present host address h, or NULL. */
void *acc_deviceptr(void *h);
/* Host address of device address d, or NULL (absent, or acc_malloc memory
 * that no acc_map_data maps). */
void *acc_hostptr(void *d);
/* Map host range [h, h+bytes) to device memory d from acc_malloc (3.2.26):
 * h is then present, with its device copy at d, until acc_unmap_data(h):
 * data clauses find it present and move nothing at entry, and exit actions
 * leave it mapped. Mapping data that is already present is an error. */
void acc_map_data(void *h, void *d, size_t bytes);
void acc_unmap_data(void *h);

/* Attachment (spec 2.6.8, 3.2.34-35). The kernels accls generates never read
 * a pointer out of device memory: a pointer member they use is a kernel
 * argument that the host looks up in the present table, from the member's
 * value, at each launch (compiler/attach.go). That is attachment as the
 * kernels see it, so these routines have nothing to move: they exist for
 * programs that call them, and do nothing. */
void acc_attach(void **ptr);
void acc_attach_async(void **ptr, int async);
void acc_detach(void **ptr);
void acc_detach_async(void **ptr, int async);
void acc_detach_finalize(void **ptr);
void acc_detach_finalize_async(void **ptr, int async);

/* Copies between host memory and device addresses (acc_malloc, acc_copyin,
 * acc_create, acc_deviceptr; any address inside such a block), and between
 * device addresses (ranges must not overlap). A range that leaves its device
 * block is an error. */
void acc_memcpy_to_device(void *dest, void *src, size_t bytes);
void acc_memcpy_from_device(void *dest, void *src, size_t bytes);
void acc_memcpy_device(void *dest, void *src, size_t bytes);
void acc_memcpy_to_device_async(void *dest, void *src, size_t bytes, int async);
void acc_memcpy_from_device_async(void *dest, void *src, size_t bytes, int async);
void acc_memcpy_device_async(void *dest, void *src, size_t bytes, int async);
/* Copy between the device copies of two present host ranges, on devices
 * dev_dest and dev_src of the current type (3.2.42); with one device at a
 * time both must be the current device (acc_get_device_num), else an
 * error. The async form uses queue async_src. */
void acc_memcpy_d2d(void *dest, void *src, size_t bytes, int dev_dest, int dev_src);
void acc_memcpy_d2d_async(void *dest, void *src, size_t bytes, int dev_dest, int dev_src, int async_src);

#ifdef __cplusplus
}
#endif

#endif /* ACCLS_OPENACC_H */
