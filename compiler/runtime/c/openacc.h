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
	acc_device_opencl_accelerator = 6
} acc_device_t;

/* async argument values, as in the specification. */
enum { acc_async_noval = -1, acc_async_sync = -2 };

/* Number of devices of `type`: default/not_host count every OpenCL device,
 * host counts 1, and 0 when no OpenCL platform exists (never fails). */
int acc_get_num_devices(acc_device_t type);
/* Type of the current device (initializes the runtime): one of the
 * acc_device_opencl_* values. */
acc_device_t acc_get_device_type(void);
/* Initialize for `type`: a specific OpenCL type restricts the default choice
 * to it (ACCLS_DEVICE, when set, still decides); host does nothing. */
void acc_init(acc_device_t type);
/* Release everything (present data included); the next use initializes again. */
void acc_shutdown(acc_device_t type);

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

/* Device memory not associated with host memory (acc_malloc(0) is NULL). */
void *acc_malloc(size_t bytes);
/* Free what acc_malloc returned; NULL does nothing. */
void acc_free(void *d);
/* Device address of present host address h, or NULL. */
void *acc_deviceptr(void *h);
/* Host address of device address d, or NULL (absent, or from acc_malloc). */
void *acc_hostptr(void *d);

/* Wait for every async queue. */
void acc_wait_all(void);

#ifdef __cplusplus
}
#endif

#endif /* ACCLS_OPENACC_H */
