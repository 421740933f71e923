// What NVRTC provides a kernel without any #include, for clang's CUDA
// front end run with -nocudainc: the tests compile the generated
// CUDA_SOURCE for the device this way (to PTX), on machines with neither
// a GPU nor the CUDA toolkit. Only names are mapped here, onto clang's own
// CUDA headers (built-in variables, libdevice math, atomics); the kernels'
// text is compiled as NVRTC would see it.
#pragma once
typedef __SIZE_TYPE__ size_t;
#define CUDA_VERSION 11000
#define INT_MAX __INT_MAX__
#define INT_MIN (-__INT_MAX__ - 1)
#define HUGE_VAL __builtin_huge_val()
#define HUGE_VALF __builtin_huge_valf()
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __host__ __attribute__((host))
#define __constant__ __attribute__((constant))
#define __forceinline__ inline __attribute__((always_inline))
#include "__clang_cuda_builtin_vars.h"
#include "__clang_cuda_libdevice_declares.h"
#include "__clang_cuda_device_functions.h"
#include "__clang_cuda_math.h"
__device__ inline double atomicAdd(double* p, double v) { return __dAtomicAdd(p, v); }
__device__ inline float atomicAdd(float* p, float v) { return __fAtomicAdd(p, v); }
