// Package device lists the OpenCL platforms and devices of this machine and
// runs programs built by accls on one of them.
//
// OpenCL is reached through github.com/ebitengine/purego, which loads the ICD
// loader (libOpenCL.so.1, else libOpenCL.so; OpenCL.framework on macOS) when
// List is first called, so the binary builds with CGO_ENABLED=0 and starts
// where OpenCL is missing. The ICD loader reads OCL_ICD_VENDORS (a directory
// of .icd files, or one file) like any OpenCL program; List does nothing to
// bypass it. ACCLS_OPENCL_LIB names the library to load instead (a loader
// unpacked outside the linker's path; the programs then need LD_LIBRARY_PATH). A missing library, a loader without platforms and a failing
// platform are error values (see ErrNoLibrary, ErrNoPlatform), never a crash
// of the caller. (A driver that crashes inside its own initialization would
// take the process with it: the language server therefore lists devices in a
// child process, `accls devices --json`.)
//
// The device indices are those of the runtime's ACCLS_DEVICE (compiler/runtime/c/accrt.h):
// every platform in ICD order, every device of each (CL_DEVICE_TYPE_ALL);
// "P:D" is device D of platform P and "N" the N-th device of the whole list.
// Select applies a selector exactly as the runtime does.
//
// Run starts a program with a device selector and the runtime's profile
// written to a file, streams its output, kills its whole process group on
// cancellation or at its time limit, and parses the profile (ParseProfile).
package device
