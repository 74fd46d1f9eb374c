package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/accls/accls/device"
)

// devicesJSON is what `accls devices --json` prints: the listing, the
// selector (from --device, else ACCLS_DEVICE) with the index of the device it
// picks, and the error when nothing could be listed. The language server
// reads it (server/devices.go).
type devicesJSON struct {
	Platforms     []device.Platform `json:"platforms"`
	Devices       []device.Device   `json:"devices"`
	Selector      string            `json:"selector"`
	SelectedIndex *int              `json:"selectedIndex,omitempty"`
	Error         string            `json:"error,omitempty"`
	// Kind is the error's kind: "noLibrary", "noPlatform", "noDevice", "unsupported".
	Kind    string `json:"kind,omitempty"`
	Library string `json:"library,omitempty"`
}

// runDevices lists the OpenCL platforms and devices, numbered as
// ACCLS_DEVICE and `accls run --device` take them. It exits 1 when no device
// can be listed, 2 on a usage error.
func runDevices(args []string) int {
	return devices(args, os.Stdout, os.Stderr)
}

func devices(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("devices", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	sel := fs.String("device", os.Getenv("ACCLS_DEVICE"), "mark the device that this selector picks (default: $ACCLS_DEVICE)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: accls devices [--json] [--device SEL]\n\nLists the OpenCL devices. SEL is what ACCLS_DEVICE and `accls run --device` take:\n"+
			"gpu | cpu | accelerator, P:D (device D of platform P), N (the N-th device), or part of a name.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	l, err := device.List()
	out := devicesJSON{Platforms: l.Platforms, Devices: l.Devices, Selector: *sel, Library: device.Library()}
	if out.Platforms == nil {
		out.Platforms = []device.Platform{}
	}
	if out.Devices == nil {
		out.Devices = []device.Device{}
	}
	if err != nil {
		out.Error = err.Error()
		out.Kind = errorKind(err)
	} else if i := device.Select(l.Devices, *sel); i >= 0 {
		out.SelectedIndex = &i
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(out)
	} else {
		printDevices(stdout, &out)
	}
	if err != nil {
		if !*asJSON {
			fmt.Fprintf(stderr, "accls: %v\n", err)
		}
		return 1
	}
	if *sel != "" && out.SelectedIndex == nil {
		fmt.Fprintf(stderr, "accls: no device matches %q\n", *sel)
		return 1
	}
	return 0
}

func errorKind(err error) string {
	switch {
	case errors.Is(err, device.ErrNoLibrary):
		return "noLibrary"
	case errors.Is(err, device.ErrNoPlatform):
		return "noPlatform"
	case errors.Is(err, device.ErrNoDevice):
		return "noDevice"
	case errors.Is(err, device.ErrUnsupported):
		return "unsupported"
	}
	return "error"
}

// printDevices prints, per platform, its devices:
//
//	platform 0: Portable Computing Language (The pocl project, OpenCL 3.0 PoCL 5.0)
//	* 0:0  #0  cpu  cpu-haswell-AMD EPYC 7B13
//	           OpenCL 3.0 PoCL …; 16 compute units, 62.8 GiB global, 512 KiB local, max work-group 4096, fp64
func printDevices(w io.Writer, d *devicesJSON) {
	for _, p := range d.Platforms {
		fmt.Fprintf(w, "platform %d: %s (%s, %s)\n", p.Index, p.Name, p.Vendor, p.Version)
		if p.Error != "" {
			fmt.Fprintf(w, "    %s\n", p.Error)
		}
		n := 0
		for i, dev := range d.Devices {
			if dev.PlatformIndex != p.Index {
				continue
			}
			n++
			mark := " "
			if d.SelectedIndex != nil && *d.SelectedIndex == i {
				mark = "*"
			}
			fmt.Fprintf(w, "%s %-5s #%-3d %-11s %s\n", mark, dev.Selector, dev.Index, dev.Type, dev.Name)
			var facts []string
			facts = append(facts, dev.Version)
			if dev.DriverVersion != "" {
				facts = append(facts, "driver "+dev.DriverVersion)
			}
			facts = append(facts, fmt.Sprintf("%d compute units", dev.ComputeUnits))
			if dev.MaxClockMHz > 0 {
				facts = append(facts, fmt.Sprintf("%d MHz", dev.MaxClockMHz))
			}
			facts = append(facts, humanBytes(dev.GlobalMemBytes)+" global", humanBytes(dev.LocalMemBytes)+" local",
				fmt.Sprintf("max work-group %d", dev.MaxWorkGroupSize))
			if dev.FP64 {
				facts = append(facts, "fp64")
			}
			if !dev.Available {
				facts = append(facts, "NOT AVAILABLE")
			}
			fmt.Fprintf(w, "  %s %s\n", strings.Repeat(" ", 16), strings.Join(facts, ", "))
		}
		if n == 0 && p.Error == "" {
			fmt.Fprintln(w, "    (no devices)")
		}
	}
	if d.Error == "" {
		sel := d.Selector
		if sel == "" {
			sel = `"" (default: the first GPU, else CPU, else accelerator)`
		}
		fmt.Fprintf(w, "\n* = the device that ACCLS_DEVICE=%s picks; select with ACCLS_DEVICE or `accls run --device` (gpu | cpu | accelerator | P:D | N | part of a name)\n", sel)
	}
}

func humanBytes(b uint64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%d KiB", b>>10)
	}
	return fmt.Sprintf("%d B", b)
}
