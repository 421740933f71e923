// The CUDA built-ins that parad's generated kernels use, defined for the
// host C++ compiler, so the tests can compile and run CUDA_SOURCE on
// machines without a GPU (C++20: <barrier>, std::atomic_ref).
//
// A launch runs the blocks one after the other and the threads of a block
// as std::threads: __syncthreads() is a std::barrier of the block, and
// __shared__ arrays are the kernel's static locals, shared by the threads
// of the running block (CUDA leaves them uninitialised too).
#pragma once
#include <atomic>
#include <barrier>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <math.h>
#include <thread>
#include <vector>

using std::size_t;

struct parad_dim3 {
    unsigned int x = 1, y = 1, z = 1;
};

inline thread_local parad_dim3 threadIdx, blockIdx;
inline parad_dim3 blockDim, gridDim;
inline thread_local std::barrier<>* parad_block_barrier = nullptr;

#define __global__
#define __device__
#define __shared__ static

inline void __syncthreads() { parad_block_barrier->arrive_and_wait(); }

[[noreturn]] inline void __trap() {
    std::fprintf(stderr, "cuda_host.h: a kernel indexed past the end of a buffer\n");
    std::abort();
}

template <typename T> T atomicAdd(T* address, T value) { return std::atomic_ref<T>(*address).fetch_add(value); }

// kernel<<<grid, block>>>(...) as parad_launch(grid, block, [&] { kernel(...); }).
template <typename F> void parad_launch(unsigned int grid, unsigned int block, F kernel) {
    gridDim.x = grid;
    blockDim.x = block;
    for (unsigned int b = 0; b < grid; b++) {
        std::barrier<> barrier(block);
        std::vector<std::thread> threads;
        for (unsigned int t = 0; t < block; t++) {
            threads.emplace_back([&, t] {
                threadIdx.x = t;
                blockIdx.x = b;
                parad_block_barrier = &barrier;
                kernel();
            });
        }
        for (auto& th : threads) th.join();
    }
}
