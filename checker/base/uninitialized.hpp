// Vectors whose new elements are left as the allocator gives them, not zero-filled.
//
// A sequence of 10^9 values is 4 GB: std::vector's resize wrote zeros over all of it before
// the first value was computed (13 s, deaf to Ctrl-C, and every page committed at once).  An
// engine that writes each element before it reads it needs none of that: with this allocator
// resize() only reserves the memory (the system hands out zero pages lazily, as they are
// first written), and the loop that computes the values is where interrupts are polled.
//
// Large blocks (from 32 MiB) are 2 MiB-aligned and advised for transparent huge pages, so that
// first writing them costs one page fault per 2 MiB instead of per 4 KiB: 0.1777's 443 million
// values and their copies are 2.7 GB, some 650,000 small pages, and the faults were about a
// fifth of its engine's time on this machine's virtual CPUs.  Where the system does not give
// huge pages (THP "never"), the advice is ignored and nothing else changes.
#pragma once

#include <sys/mman.h>

#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace nimcert {

inline constexpr std::size_t kHugePage = std::size_t{2} << 20;
inline constexpr std::size_t kHugeFrom = std::size_t{32} << 20;

// `bytes` of memory, not zero-filled, for std::free; large blocks as above.  Throws
// std::bad_alloc.
inline void* allocate_uninitialized(std::size_t bytes) {
  if (bytes < kHugeFrom) {
    if (void* p = std::malloc(bytes == 0 ? 1 : bytes)) return p;
    throw std::bad_alloc();
  }
  const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  void* p = std::aligned_alloc(kHugePage, rounded);
  if (!p) throw std::bad_alloc();
  madvise(p, rounded, MADV_HUGEPAGE);  // advice only: its failure changes nothing
  return p;
}

struct FreeUninitialized {
  void operator()(void* p) const noexcept { std::free(p); }
};

// An array of `count` T, not zero-filled (T trivial), freed with std::free.
template <class T>
using UninitializedArray = std::unique_ptr<T[], FreeUninitialized>;
template <class T>
UninitializedArray<T> uninitialized_array(std::size_t count) {
  static_assert(std::is_trivial_v<T>);
  return UninitializedArray<T>(static_cast<T*>(allocate_uninitialized(count * sizeof(T))));
}

// std::allocator with large blocks as allocate_uninitialized gives them (huge pages); its
// vectors are value-initialised as usual (zero-filled for numbers): the cube's line bitsets.
template <class T>
struct HugePageAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = HugePageAllocator<U>;
  };
  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}
  T* allocate(std::size_t n) { return static_cast<T*>(allocate_uninitialized(n * sizeof(T))); }
  void deallocate(T* p, std::size_t) noexcept { std::free(p); }
};

// The same, with elements left as the allocator gives them.
template <class T>
struct DefaultInitAllocator : HugePageAllocator<T> {
  template <class U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  DefaultInitAllocator() = default;
  template <class U>
  DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}
  // Default-insertion default-initialises: nothing is written for a trivial T.
  template <class U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

}  // namespace nimcert
