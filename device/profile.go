package device

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Profile is the runtime's ACCLS_PROFILE summary (accrt.h section 7).
type Profile struct {
	Device  string          // 'NAME' (PLATFORM), as the runtime prints it
	Kernels []KernelProfile // by total time, descending
	H2D     TransferProfile // host->device
	D2H     TransferProfile // device->host
	Builds  int64           // program builds
	BuildMs float64         // their host wall time
}

// KernelProfile is one kernel's launches and device time.
type KernelProfile struct {
	Name     string
	Launches int64
	TotalMs  float64
}

// TransferProfile is one direction's transfers.
type TransferProfile struct {
	Count int64
	Bytes int64
	Ms    float64
}

// ParseProfile reads the summary the runtime writes at exit:
//
//	accls profile: device 'pthread-haswell-AMD EPYC' (Portable Computing Language)
//	kernel                            launches     total ms      mean ms
//	vadd                                     3        0.412        0.137
//	transfer                            count        bytes     total ms      GB/s
//	host->device                            2      8000000        1.234        6.48
//	device->host                            1      4000000        0.617        6.48
//	program builds                          1                   250.123
func ParseProfile(b []byte) (*Profile, error) {
	p := &Profile{}
	section := ""
	sc := bufio.NewScanner(bytes.NewReader(b))
	seen := false
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		bad := func() (*Profile, error) { return p, fmt.Errorf("profile line %d: cannot read %q", n, line) }
		switch {
		case strings.HasPrefix(line, "accls profile:"):
			seen = true
			p.Device = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(line, "accls profile:"), " device"))
		case f[0] == "kernel" && len(f) >= 2 && f[1] == "launches":
			section = "kernel"
		case f[0] == "transfer" && len(f) >= 2 && f[1] == "count":
			section = "transfer"
		case f[0] == "program" && len(f) >= 3 && f[1] == "builds":
			c, err1 := strconv.ParseInt(f[2], 10, 64)
			ms := 0.0
			var err2 error
			if len(f) >= 4 {
				ms, err2 = strconv.ParseFloat(f[3], 64)
			}
			if err1 != nil || err2 != nil {
				return bad()
			}
			p.Builds, p.BuildMs = c, ms
		case section == "kernel":
			if len(f) < 4 {
				return bad()
			}
			l, err1 := strconv.ParseInt(f[len(f)-3], 10, 64)
			ms, err2 := strconv.ParseFloat(f[len(f)-2], 64)
			if err1 != nil || err2 != nil {
				return bad()
			}
			p.Kernels = append(p.Kernels, KernelProfile{Name: strings.Join(f[:len(f)-3], " "), Launches: l, TotalMs: ms})
		case section == "transfer" && (f[0] == "host->device" || f[0] == "device->host"):
			if len(f) < 4 {
				return bad()
			}
			c, err1 := strconv.ParseInt(f[1], 10, 64)
			by, err2 := strconv.ParseInt(f[2], 10, 64)
			ms, err3 := strconv.ParseFloat(f[3], 64)
			if err1 != nil || err2 != nil || err3 != nil {
				return bad()
			}
			t := TransferProfile{Count: c, Bytes: by, Ms: ms}
			if f[0] == "host->device" {
				p.H2D = t
			} else {
				p.D2H = t
			}
		}
	}
	if !seen {
		return nil, fmt.Errorf("not an accls profile")
	}
	return p, nil
}

func itoa(i int) string { return strconv.Itoa(i) }
