package device

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Platform is one OpenCL platform.
type Platform struct {
	Index   int    `json:"index"`
	Name    string `json:"name"`
	Vendor  string `json:"vendor"`
	Version string `json:"version"`
	// Error is set when its devices could not be listed.
	Error string `json:"error,omitempty"`
}

// Device is one OpenCL device.
type Device struct {
	Selector         string `json:"selector"` // "P:D"
	Index            int    `json:"index"`    // the ordinal N in the whole listing
	PlatformIndex    int    `json:"platformIndex"`
	DeviceIndex      int    `json:"deviceIndex"`
	Platform         string `json:"platform"`
	Name             string `json:"name"`
	Vendor           string `json:"vendor"`
	Type             string `json:"type"`          // "gpu", "cpu", "accelerator", "custom"
	Version          string `json:"version"`       // CL_DEVICE_VERSION
	DriverVersion    string `json:"driverVersion"` // CL_DRIVER_VERSION
	ComputeUnits     uint32 `json:"computeUnits"`
	GlobalMemBytes   uint64 `json:"globalMemBytes"`
	LocalMemBytes    uint64 `json:"localMemBytes"`
	MaxAllocBytes    uint64 `json:"maxAllocBytes"`
	MaxWorkGroupSize uint64 `json:"maxWorkGroupSize"`
	MaxClockMHz      uint32 `json:"maxClockMHz"`
	FP64             bool   `json:"fp64"`
	Available        bool   `json:"available"`

	typeBits uint64
}

// Listing is what List finds.
type Listing struct {
	Platforms []Platform `json:"platforms"`
	Devices   []Device   `json:"devices"`
}

// Error kinds. List's error wraps one of them (errors.Is).
var (
	// ErrNoLibrary: the OpenCL ICD loader (libOpenCL) cannot be loaded.
	ErrNoLibrary = errors.New("the OpenCL library (libOpenCL.so.1) is not installed")
	// ErrNoPlatform: the loader finds no platform (no driver / ICD file).
	ErrNoPlatform = errors.New("no OpenCL platform found")
	// ErrNoDevice: platforms exist but none has a device.
	ErrNoDevice = errors.New("no OpenCL device found")
	// ErrUnsupported: this build cannot load shared libraries (OS/arch).
	ErrUnsupported = errors.New("loading OpenCL is not supported on this system")
)

// Error is a failure of List with the detail that the user needs.
type Error struct {
	Kind   error  // one of the Err* values
	Detail string // what was tried / where to look
}

func (e *Error) Error() string {
	if e.Detail == "" {
		return e.Kind.Error()
	}
	return e.Kind.Error() + ": " + e.Detail
}

func (e *Error) Unwrap() error { return e.Kind }

// OpenCL device type bits.
const (
	typeDefault     = 1 << 0
	typeCPU         = 1 << 1
	typeGPU         = 1 << 2
	typeAccelerator = 1 << 3
	typeCustom      = 1 << 4
)

// typeName is the runtime's name of a device type (accrt.c type_name).
func typeName(t uint64) string {
	switch {
	case t&typeGPU != 0:
		return "gpu"
	case t&typeCPU != 0:
		return "cpu"
	case t&typeAccelerator != 0:
		return "accelerator"
	}
	return "custom"
}

func typeBitsOf(name string) uint64 {
	switch name {
	case "gpu":
		return typeGPU
	case "cpu":
		return typeCPU
	case "accelerator":
		return typeAccelerator
	}
	return typeCustom
}

// bits returns the device's type bits (from Type when the device came from JSON).
func (d *Device) bits() uint64 {
	if d.typeBits != 0 {
		return d.typeBits
	}
	return typeBitsOf(d.Type)
}

// Select returns the index in devs of the device that the selector sel picks,
// exactly as the runtime's ACCLS_DEVICE does, or -1:
//
//	""                           the first GPU, else CPU, else accelerator, else device 0
//	"gpu" | "cpu" | "accelerator" the first device of that type (any case)
//	"P:D"                        device D of platform P
//	"N"                          the N-th device of the listing
//	anything else                the first device whose name or platform name contains it (any case)
func Select(devs []Device, sel string) int {
	if len(devs) == 0 {
		return -1
	}
	first := func(bits uint64) int {
		for i := range devs {
			if devs[i].bits()&bits != 0 {
				return i
			}
		}
		return -1
	}
	if sel == "" {
		for _, b := range []uint64{typeGPU, typeCPU, typeAccelerator} {
			if i := first(b); i >= 0 {
				return i
			}
		}
		return 0
	}
	switch strings.ToLower(sel) {
	case "gpu":
		return first(typeGPU)
	case "cpu":
		return first(typeCPU)
	case "accelerator":
		return first(typeAccelerator)
	}
	if p, d, ok := strings.Cut(sel, ":"); ok && allDigits(p) && allDigits(d) {
		pi, err1 := strconv.Atoi(p)
		di, err2 := strconv.Atoi(d)
		if err1 != nil || err2 != nil {
			return -1
		}
		for i := range devs {
			if devs[i].PlatformIndex == pi && devs[i].DeviceIndex == di {
				return i
			}
		}
		return -1
	}
	if allDigits(sel) {
		n, err := strconv.Atoi(sel)
		if err != nil || n >= len(devs) {
			return -1
		}
		return n
	}
	low := strings.ToLower(sel)
	for i := range devs {
		if strings.Contains(strings.ToLower(devs[i].Name), low) || strings.Contains(strings.ToLower(devs[i].Platform), low) {
			return i
		}
	}
	return -1
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Describe is the runtime's one-line name of a device: 0:0 'NAME' (cpu, PLATFORM).
func (d *Device) Describe() string {
	return fmt.Sprintf("%s '%s' (%s, %s)", d.Selector, d.Name, d.Type, d.Platform)
}

// ICDVendors describes where the ICD loader looks for drivers, for messages:
// OCL_ICD_VENDORS when set, else /etc/OpenCL/vendors, with the number of
// .icd files found there.
func ICDVendors() string {
	dir := os.Getenv("OCL_ICD_VENDORS")
	src := "OCL_ICD_VENDORS=" + dir
	if dir == "" {
		dir = "/etc/OpenCL/vendors"
		src = dir
	}
	st, err := os.Stat(dir)
	switch {
	case err != nil:
		return src + " (missing)"
	case !st.IsDir():
		return src + " (one file)"
	}
	icds, _ := filepath.Glob(filepath.Join(dir, "*.icd"))
	switch len(icds) {
	case 0:
		return src + " (no .icd file)"
	case 1:
		return src + " (" + filepath.Base(icds[0]) + ")"
	}
	names := make([]string, len(icds))
	for i, p := range icds {
		names[i] = filepath.Base(p)
	}
	return src + " (" + strings.Join(names, ", ") + ")"
}

// List lists every OpenCL platform and device. Platforms whose devices
// cannot be listed are kept with their Error. The error is an *Error when
// nothing usable is found (no library, no platform, no device); the listing
// is then what could be found (possibly platforms without devices).
func List() (*Listing, error) {
	l, err := list()
	if err != nil {
		return l, err
	}
	if len(l.Platforms) == 0 {
		return l, &Error{Kind: ErrNoPlatform, Detail: "the OpenCL ICD loader found no driver; ICD files: " + ICDVendors() +
			" (install one, e.g. Debian's pocl-opencl-icd for the CPU)"}
	}
	if len(l.Devices) == 0 {
		return l, &Error{Kind: ErrNoDevice, Detail: fmt.Sprintf("%d platform(s) but no device", len(l.Platforms))}
	}
	return l, nil
}
