package device

// clErrors are the OpenCL error names (1.0–3.0 and the common KHR ones).
var clErrors = map[int32]string{
	0: "CL_SUCCESS", -1: "CL_DEVICE_NOT_FOUND", -2: "CL_DEVICE_NOT_AVAILABLE",
	-3: "CL_COMPILER_NOT_AVAILABLE", -4: "CL_MEM_OBJECT_ALLOCATION_FAILURE",
	-5: "CL_OUT_OF_RESOURCES", -6: "CL_OUT_OF_HOST_MEMORY",
	-7: "CL_PROFILING_INFO_NOT_AVAILABLE", -11: "CL_BUILD_PROGRAM_FAILURE",
	-30: "CL_INVALID_VALUE", -31: "CL_INVALID_DEVICE_TYPE", -32: "CL_INVALID_PLATFORM",
	-33: "CL_INVALID_DEVICE", -34: "CL_INVALID_CONTEXT",
	-1001: "CL_PLATFORM_NOT_FOUND_KHR",
}

// ErrorName is the name of an OpenCL error code ("CL_UNKNOWN_ERROR" when unknown).
func ErrorName(code int32) string {
	if s, ok := clErrors[code]; ok {
		return s
	}
	return "CL_UNKNOWN_ERROR"
}
