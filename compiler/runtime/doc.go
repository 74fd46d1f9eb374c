// Package runtime embeds accrt, the C runtime library (accrt.h, accrt.c, openacc.h) that programs translated by accls link with to run OpenACC constructs on an OpenCL device.
package runtime
