// Reading a file that nimcert did not write itself (a cache entry, its key, a certificate)
// without ever blocking on it.
//
// A path may name a FIFO, a device or a folder instead of a file: opening a FIFO for reading
// blocks until a writer appears, and a signal does not end that wait.  So the file is opened
// non-blocking, its type read from the open descriptor (not from the path, which could change
// in between), and anything but a regular file is refused; so is a file larger than the
// caller allows, before it is read.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace nimcert {

// The whole text of `path`; nullopt when nothing is there.  Throws std::runtime_error naming
// the path when it is not a regular file, is larger than max_bytes, or cannot be read.
std::optional<std::string> read_regular_file(const std::filesystem::path& path,
                                             std::uint64_t max_bytes);

}  // namespace nimcert
