// The SHA-256 digest of a cube's Grundy table, computed slice by slice on several threads.
//
// A single SHA-256 over the whole table is a sequential stream: at N = 1024 it is 4.3 GB,
// seconds of one core, and it forces the sweep to hand over its slices in order.  This digest
// is a two-level one instead, so that every slice is hashed on the thread that computed it,
// in any order, while the others are still being swept:
//
//   slice digest d_x = SHA-256 of slice x, its values v(x, y, z) as little-endian uint16 at
//                      index y (N + 1) + z (every value of a cube fits: a Grundy value is at
//                      most the number of followers, x + y + z plus the special moves);
//   table digest     = SHA-256 of d_0 d_1 ... d_N, the 32-byte slice digests in order of x.
//
// Recomputing it from a table G[x][y][z] takes three lines of Python:
//   import hashlib, struct
//   d = b"".join(hashlib.sha256(struct.pack("<%dH" % len(s), *s)).digest() for s in slices)
//   print(hashlib.sha256(d).hexdigest())       # slices[x]: [G[x][y][z] for y for z]
//
// For a game symmetric in its three heaps the cube engine computes the sorted positions only
// (engines/sorted_sweep.hpp), and the table digested is theirs (kSortedEncoding): the same
// lines with slices[c] = [G[a][b][c] for b in range(c + 1) for a in range(b + 1)].
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "base/position.hpp"
#include "base/sha256.hpp"

namespace nimcert {

class SlicedDigest {
 public:
  // How the certificate describes the digest (its table_encoding).
  static constexpr const char* kEncoding =
      "SHA-256 of the N+1 slice digests (32 bytes each) in order x = 0..N; slice x's digest: "
      "SHA-256 of its values as little-endian uint16 at index y*(N+1)+z";
  // The same over the sorted positions of a game symmetric in its three heaps: slice c is the
  // triangle a <= b <= c, its values G(a, b, c) in order of b, then a.
  static constexpr const char* kSortedEncoding =
      "SHA-256 of the N+1 slice digests (32 bytes each) in order c = 0..N; slice c's digest: "
      "SHA-256 of the values G(a,b,c), 0 <= a <= b <= c, as little-endian uint16 at index "
      "b*(b+1)/2+a (the game is symmetric in its three heaps, so these determine the cube)";

  explicit SlicedDigest(std::size_t slices);

  // The digest of one slice, fed its values in order (row by row, say, while they are in
  // cache).  Throws std::out_of_range for a value that does not fit 16 bits: the format
  // cannot hold it.
  class Slice {
   public:
    void add(std::span<const Value> values);

   private:
    friend class SlicedDigest;
    Sha256 hash_;
  };
  // Records slice x's digest; safe to call concurrently for different x.  Throws
  // std::out_of_range for an x out of range.
  void add_slice(std::size_t x, Slice& slice);
  // Both at once, for a slice held whole.
  void add_slice(std::size_t x, std::span<const Value> values);
  // The table digest, as lowercase hex; std::logic_error if a slice was never added.
  std::string hex_digest() const;

 private:
  std::vector<std::array<unsigned char, 32>> slice_digests_;
  std::vector<char> added_;  // not vector<bool>: written concurrently, one element per slice
};

}  // namespace nimcert
