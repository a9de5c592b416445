// Reading a regular file without blocking (see regular_file.hpp).
#include "base/regular_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace nimcert {

namespace {

std::runtime_error cannot_read(const std::filesystem::path& path, const std::string& why) {
  return std::runtime_error("cannot read " + path.string() + ": " + why);
}

// Closes the descriptor on every way out.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) close(fd);
  }
};

}  // namespace

std::optional<std::string> read_regular_file(const std::filesystem::path& path,
                                             std::uint64_t max_bytes) {
  const Descriptor file{open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (file.fd < 0) {
    if (errno == ENOENT) return std::nullopt;
    throw cannot_read(path, std::strerror(errno));
  }
  struct stat status;
  if (fstat(file.fd, &status) != 0) throw cannot_read(path, std::strerror(errno));
  if (!S_ISREG(status.st_mode))
    throw cannot_read(path, S_ISDIR(status.st_mode)    ? "it is a folder"
                            : S_ISFIFO(status.st_mode) ? "it is a FIFO, not a regular file"
                                                       : "it is not a regular file");
  if (static_cast<std::uint64_t>(status.st_size) > max_bytes)
    throw cannot_read(path, "it has " + std::to_string(status.st_size) +
                                " bytes, more than the " + std::to_string(max_bytes) +
                                " allowed");
  std::string text;
  text.resize(static_cast<std::size_t>(status.st_size));
  std::size_t done = 0;
  while (true) {
    if (done == text.size()) text.resize(done + 4096);  // the file grew meanwhile
    const ssize_t n = read(file.fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw cannot_read(path, std::strerror(errno));
    if (n == 0) break;
    done += static_cast<std::size_t>(n);
    if (done > max_bytes) throw cannot_read(path, "it grew past the bytes allowed while read");
  }
  text.resize(done);
  return text;
}

}  // namespace nimcert
