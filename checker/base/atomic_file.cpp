// Atomic file replacement (see atomic_file.hpp).
#include "base/atomic_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include "sys/interrupt.hpp"

namespace nimcert {

namespace {

// Holds back Ctrl-C and termination requests while the temporary file exists; they are
// delivered (and end the process) once it has been renamed or removed.  So an interrupted
// run leaves neither a partial certificate nor a stray temporary file.
class HoldTerminationSignals {
 public:
  HoldTerminationSignals() {
    sigset_t held;
    sigemptyset(&held);
    for (int s : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) sigaddset(&held, s);
    pthread_sigmask(SIG_BLOCK, &held, &previous_);
  }
  ~HoldTerminationSignals() { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }

 private:
  sigset_t previous_;
};

}  // namespace

void write_file_atomically(const std::filesystem::path& target, std::string_view contents) {
  const HoldTerminationSignals hold;
  const std::filesystem::path dir = target.parent_path().empty() ? "." : target.parent_path();
  std::string name = ".";  // built by appends: GCC 12 warns falsely on "." + s (PR 105651)
  name += target.filename().string();
  name += ".XXXXXX";
  std::string pattern = (dir / name).string();
  const int fd = mkstemp(pattern.data());
  if (fd < 0)
    throw std::runtime_error(target.string() +
                             ": cannot create a temporary file: " + std::strerror(errno));
  auto fail = [&](const char* what) {
    const int err = errno;
    close(fd);
    unlink(pattern.c_str());
    throw std::runtime_error(target.string() + ": " + what + ": " + std::strerror(err));
  };
  std::size_t done = 0;
  while (done < contents.size()) {
    const ssize_t n = write(fd, contents.data() + done, contents.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("write failed");
    }
    done += static_cast<std::size_t>(n);
  }
  if (fchmod(fd, 0644) != 0) fail("chmod failed");
  if (fsync(fd) != 0) fail("fsync failed");
  if (close(fd) != 0) {
    unlink(pattern.c_str());
    throw std::runtime_error(target.string() + ": close failed");
  }
  // An interrupt that came while the file was written still wins: the old file stays.
  if (smt::interrupted()) {
    unlink(pattern.c_str());
    throw smt::Interrupted();
  }
  if (std::rename(pattern.c_str(), target.c_str()) != 0) {
    const int err = errno;
    unlink(pattern.c_str());
    throw std::runtime_error(target.string() + ": rename failed: " + std::strerror(err));
  }
}

}  // namespace nimcert
