// The run-time choice of instruction set for hot loops (the cube's row kernel, the octal
// engine's split scans, the scans of a cube claim's rows): compiled for AVX-512, AVX2 and
// plain x86-64 by GCC's target_clones and chosen once when the program is loaded, for the CPU
// it runs on.  Other compilers (clang, which builds the libFuzzer harnesses, takes neither these
// clone names nor `__builtin_cpu_supports("x86-64-v4")`) get one plain function.
#pragma once

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define NIMCERT_HAS_TARGET_CLONES 1
#define NIMCERT_TARGET_CLONES \
  __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define NIMCERT_HAS_TARGET_CLONES 0
#define NIMCERT_TARGET_CLONES
#endif
