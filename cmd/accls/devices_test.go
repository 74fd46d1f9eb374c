package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The devices tests run `accls devices` in a child process (this test
// binary again): the OpenCL ICD loader reads OCL_ICD_VENDORS once per
// process.
func devicesChild(t *testing.T, env []string, args ...string) (int, string, string) {
	t.Helper()
	if os.Getenv("ACCLS_DEVICES_CHILD") != "" {
		t.Skip("child")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestDevicesChild$")
	cmd.Env = append(os.Environ(), append(env, "ACCLS_DEVICES_CHILD="+strings.Join(args, "\x1f"))...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, stdout.String(), stderr.String()
}

// TestDevicesChild is the child: it runs `accls devices` with the arguments
// in ACCLS_DEVICES_CHILD and exits with its status.
func TestDevicesChild(t *testing.T) {
	a, ok := os.LookupEnv("ACCLS_DEVICES_CHILD")
	if !ok {
		t.Skip("only as a child of the other devices tests")
	}
	var args []string
	if a != "" {
		args = strings.Split(a, "\x1f")
	}
	os.Exit(devices(args, os.Stdout, os.Stderr))
}

func TestDevicesNoPlatform(t *testing.T) {
	dir := t.TempDir()
	code, stdout, _ := devicesChild(t, []string{"OCL_ICD_VENDORS=" + dir}, "--json")
	var out devicesJSON
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("output %q: %v", stdout, err)
	}
	if out.Kind == "noLibrary" {
		t.Skip(out.Error)
	}
	if code != 1 || out.Kind != "noPlatform" || !strings.Contains(out.Error, "OCL_ICD_VENDORS="+dir) || len(out.Devices) != 0 {
		t.Errorf("exit %d, %+v", code, out)
	}
	code, _, stderr := devicesChild(t, []string{"OCL_ICD_VENDORS=" + dir})
	if code != 1 || !strings.Contains(stderr, "no OpenCL platform found") {
		t.Errorf("text: exit %d, stderr %q", code, stderr)
	}
}

func TestDevicesList(t *testing.T) {
	code, stdout, stderr := devicesChild(t, nil, "--device", "cpu")
	if code != 0 {
		if os.Getenv("ACCLS_REQUIRE_OPENCL") != "" {
			t.Fatalf("ACCLS_REQUIRE_OPENCL is set but accls devices exits %d: %s", code, stderr)
		}
		t.Skip(stderr)
	}
	if !strings.Contains(stdout, "platform 0: ") || !strings.Contains(stdout, "* 0:") || !strings.Contains(stdout, "ACCLS_DEVICE=cpu picks") {
		t.Errorf("listing:\n%s", stdout)
	}
	if code, _, stderr := devicesChild(t, nil, "--device", "no-such-device"); code != 1 || !strings.Contains(stderr, "no device matches") {
		t.Errorf("unknown selector: exit %d, %s", code, stderr)
	}
	if code, _, _ := devicesChild(t, nil, "extra"); code != 2 {
		t.Errorf("extra argument: exit %d", code)
	}
}
