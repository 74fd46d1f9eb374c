//go:build (linux || darwin || freebsd || netbsd) && !android && (amd64 || arm64)

package device

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"unsafe"

	"github.com/ebitengine/purego"
)

// libraryNames are tried in order by load.
func libraryNames() []string {
	if p := os.Getenv("ACCLS_OPENCL_LIB"); p != "" {
		return []string{p}
	}
	if runtime.GOOS == "darwin" {
		return []string{"/System/Library/Frameworks/OpenCL.framework/OpenCL", "libOpenCL.dylib"}
	}
	return []string{"libOpenCL.so.1", "libOpenCL.so"}
}

// cl holds the OpenCL entry points, loaded once.
var cl struct {
	once sync.Once
	err  error
	lib  string

	getPlatformIDs  func(num uint32, platforms *uintptr, numPlatforms *uint32) int32
	getPlatformInfo func(p uintptr, param uint32, size uintptr, value unsafe.Pointer, ret *uintptr) int32
	getDeviceIDs    func(p uintptr, typ uint64, num uint32, devices *uintptr, numDevices *uint32) int32
	getDeviceInfo   func(d uintptr, param uint32, size uintptr, value unsafe.Pointer, ret *uintptr) int32
}

func load() error {
	cl.once.Do(func() {
		var tried []string
		var h uintptr
		for _, name := range libraryNames() {
			var err error
			h, err = purego.Dlopen(name, purego.RTLD_NOW|purego.RTLD_GLOBAL)
			if err == nil {
				cl.lib = name
				break
			}
			tried = append(tried, fmt.Sprintf("%s: %v", name, err))
		}
		if h == 0 {
			cl.err = &Error{Kind: ErrNoLibrary, Detail: strings.Join(tried, "; ") +
				" (install the ICD loader, e.g. Debian's ocl-icd-libopencl1, and a driver such as pocl-opencl-icd)"}
			return
		}
		syms := []struct {
			name string
			fp   any
		}{
			{"clGetPlatformIDs", &cl.getPlatformIDs},
			{"clGetPlatformInfo", &cl.getPlatformInfo},
			{"clGetDeviceIDs", &cl.getDeviceIDs},
			{"clGetDeviceInfo", &cl.getDeviceInfo},
		}
		for _, s := range syms {
			addr, err := purego.Dlsym(h, s.name)
			if err != nil || addr == 0 {
				cl.err = &Error{Kind: ErrNoLibrary, Detail: fmt.Sprintf("%s has no %s", cl.lib, s.name)}
				return
			}
			purego.RegisterFunc(s.fp, addr)
		}
	})
	return cl.err
}

// OpenCL constants (CL/cl.h).
const (
	clSuccess             = 0
	clDeviceNotFound      = -1
	clPlatformNotFoundKHR = -1001

	clPlatformVersion = 0x0901
	clPlatformName    = 0x0902
	clPlatformVendor  = 0x0903

	clDeviceTypeAll = 0xFFFFFFFF

	clDeviceType              = 0x1000
	clDeviceMaxComputeUnits   = 0x1002
	clDeviceMaxWorkGroupSize  = 0x1004
	clDeviceMaxClockFrequency = 0x100C
	clDeviceMaxMemAllocSize   = 0x1010
	clDeviceGlobalMemSize     = 0x101F
	clDeviceLocalMemSize      = 0x1023
	clDeviceAvailable         = 0x1027
	clDeviceName              = 0x102B
	clDeviceVendor            = 0x102C
	clDriverVersion           = 0x102D
	clDeviceVersion           = 0x102F
	clDeviceDoubleFPConfig    = 0x1032
)

func list() (*Listing, error) {
	if err := load(); err != nil {
		return &Listing{}, err
	}
	l := &Listing{Platforms: []Platform{}, Devices: []Device{}}
	var np uint32
	if rc := cl.getPlatformIDs(0, nil, &np); rc != clSuccess || np == 0 {
		if rc != clSuccess && rc != clPlatformNotFoundKHR {
			return l, &Error{Kind: ErrNoPlatform, Detail: fmt.Sprintf("clGetPlatformIDs failed: %s (%d); ICD files: %s", ErrorName(rc), rc, ICDVendors())}
		}
		return l, nil // List reports the empty listing
	}
	plats := make([]uintptr, np)
	if rc := cl.getPlatformIDs(np, &plats[0], nil); rc != clSuccess {
		return l, &Error{Kind: ErrNoPlatform, Detail: fmt.Sprintf("clGetPlatformIDs failed: %s (%d)", ErrorName(rc), rc)}
	}
	for pi, p := range plats {
		pl := Platform{
			Index:   pi,
			Name:    platformString(p, clPlatformName),
			Vendor:  platformString(p, clPlatformVendor),
			Version: platformString(p, clPlatformVersion),
		}
		var nd uint32
		rc := cl.getDeviceIDs(p, clDeviceTypeAll, 0, nil, &nd)
		if rc != clSuccess && rc != clDeviceNotFound {
			pl.Error = fmt.Sprintf("clGetDeviceIDs failed: %s (%d)", ErrorName(rc), rc)
		}
		var devs []uintptr
		if rc == clSuccess && nd > 0 {
			devs = make([]uintptr, nd)
			if rc := cl.getDeviceIDs(p, clDeviceTypeAll, nd, &devs[0], nil); rc != clSuccess {
				pl.Error = fmt.Sprintf("clGetDeviceIDs failed: %s (%d)", ErrorName(rc), rc)
				devs = nil
			}
		}
		l.Platforms = append(l.Platforms, pl)
		for di, d := range devs {
			dev := Device{
				Selector:         fmt.Sprintf("%d:%d", pi, di),
				Index:            len(l.Devices),
				PlatformIndex:    pi,
				DeviceIndex:      di,
				Platform:         pl.Name,
				Name:             deviceString(d, clDeviceName),
				Vendor:           deviceString(d, clDeviceVendor),
				Version:          deviceString(d, clDeviceVersion),
				DriverVersion:    deviceString(d, clDriverVersion),
				ComputeUnits:     uint32(deviceUint(d, clDeviceMaxComputeUnits, 4)),
				GlobalMemBytes:   deviceUint(d, clDeviceGlobalMemSize, 8),
				LocalMemBytes:    deviceUint(d, clDeviceLocalMemSize, 8),
				MaxAllocBytes:    deviceUint(d, clDeviceMaxMemAllocSize, 8),
				MaxWorkGroupSize: deviceUint(d, clDeviceMaxWorkGroupSize, unsafe.Sizeof(uintptr(0))),
				MaxClockMHz:      uint32(deviceUint(d, clDeviceMaxClockFrequency, 4)),
				FP64:             deviceUint(d, clDeviceDoubleFPConfig, 8) != 0,
				Available:        deviceUint(d, clDeviceAvailable, 4) != 0,
			}
			dev.typeBits = deviceUint(d, clDeviceType, 8)
			dev.Type = typeName(dev.typeBits)
			l.Devices = append(l.Devices, dev)
		}
	}
	return l, nil
}

// infoString reads a string parameter through get.
func infoString(get func(size uintptr, value unsafe.Pointer, ret *uintptr) int32) string {
	var n uintptr
	if get(0, nil, &n) != clSuccess || n == 0 || n > 1<<20 {
		return ""
	}
	buf := make([]byte, n)
	if get(n, unsafe.Pointer(&buf[0]), nil) != clSuccess {
		return ""
	}
	if i := strings.IndexByte(string(buf), 0); i >= 0 {
		buf = buf[:i]
	}
	return strings.TrimSpace(string(buf))
}

func platformString(p uintptr, param uint32) string {
	return infoString(func(size uintptr, value unsafe.Pointer, ret *uintptr) int32 {
		return cl.getPlatformInfo(p, param, size, value, ret)
	})
}

func deviceString(d uintptr, param uint32) string {
	return infoString(func(size uintptr, value unsafe.Pointer, ret *uintptr) int32 {
		return cl.getDeviceInfo(d, param, size, value, ret)
	})
}

// deviceUint reads an unsigned parameter of size bytes (4 or 8); 0 when it
// cannot be read.
func deviceUint(d uintptr, param uint32, size uintptr) uint64 {
	var v uint64 // little- or big-endian: read into the right width
	switch size {
	case 4:
		var u uint32
		if cl.getDeviceInfo(d, param, 4, unsafe.Pointer(&u), nil) != clSuccess {
			return 0
		}
		v = uint64(u)
	default:
		if cl.getDeviceInfo(d, param, 8, unsafe.Pointer(&v), nil) != clSuccess {
			return 0
		}
	}
	return v
}

// Library is the OpenCL library that was loaded ("" before List or when none).
func Library() string {
	if load() != nil {
		return ""
	}
	return cl.lib
}
