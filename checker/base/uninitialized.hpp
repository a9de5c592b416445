// Vectors whose new elements are left as the allocator gives them, not zero-filled.
//
// A sequence of 10^9 values is 4 GB: std::vector's resize wrote zeros over all of it before
// the first value was computed (13 s, deaf to Ctrl-C, and every page committed at once).  An
// engine that writes each element before it reads it needs none of that: with this allocator
// resize() only reserves the memory (the system hands out zero pages lazily, as they are
// first written), and the loop that computes the values is where interrupts are polled.
#pragma once

#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace nimcert {

template <class T>
struct DefaultInitAllocator : std::allocator<T> {
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
