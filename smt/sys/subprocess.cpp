// Child processes for the second solver (see subprocess.hpp).
#include "sys/subprocess.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <stdexcept>
#include <system_error>

#include <thread>

#include "sys/interrupt.hpp"

namespace nimcert::smt {

namespace {

void write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return;  // the child closed its input early (EPIPE); its answer tells the rest
    }
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace

ProcessResult run_process(const std::vector<std::string>& argv, const std::string& input,
                          const ProcessLimits& limits) {
  const auto start = std::chrono::steady_clock::now();
  if (argv.empty()) throw std::invalid_argument("run_process: empty argument list");
  int to_child[2], from_child[2], exec_error[2];
  if (pipe2(to_child, O_CLOEXEC) != 0 || pipe2(from_child, O_CLOEXEC) != 0 ||
      pipe2(exec_error, O_CLOEXEC) != 0)
    throw std::system_error(errno, std::generic_category(), "pipe");
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  // vfork, not fork: the child borrows nimcert's memory until it calls exec, so nimcert's
  // pages are never marked copy-on-write.  After a fork, every page Z3 then writes in this
  // process (a fresh context for each query, while cvc5 runs) took a page fault: a third of
  // a cold certify was system time.  The child only makes system calls before exec or _exit.
  const pid_t pid = vfork();
  if (pid < 0) throw std::system_error(errno, std::generic_category(), "vfork");
  if (pid == 0) {
    // The child gets the default signal mask back: nimcert's own watch blocks the
    // interrupt signals in every thread, and the child must not inherit that.
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    if (limits.memory_bytes) {
      const rlimit memory{limits.memory_bytes, limits.memory_bytes};
      setrlimit(RLIMIT_AS, &memory);
    }
    dup2(to_child[0], STDIN_FILENO);
    dup2(from_child[1], STDOUT_FILENO);
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, STDERR_FILENO);
    execvp(args[0], args.data());
    const int e = errno;
    (void)!::write(exec_error[1], &e, sizeof e);
    _exit(127);
  }
  close(to_child[0]);
  close(from_child[1]);
  close(exec_error[1]);
  // An interrupt ends the child at once; its answer is then never read as one.
  const CancelOnInterrupt kill_child([pid] { kill(pid, SIGKILL); });

  // A solver that exits early must not kill nimcert with SIGPIPE.
  struct sigaction ignore {
  }, previous{};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ignore, &previous);
  // The input is written beside the reading, not before it: a child that writes much while it
  // reads (CaDiCaL's proof on its standard output) would otherwise fill the output pipe while
  // nimcert still waits to finish writing, and neither would move.
  std::thread writer([&] {
    write_all(to_child[1], input);
    close(to_child[1]);
  });

  ProcessResult result;
  char buffer[4096];
  const auto deadline = start + std::chrono::milliseconds(limits.timeout_ms);
  for (;;) {
    if (limits.timeout_ms) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                            deadline - std::chrono::steady_clock::now())
                            .count();
      pollfd ready{from_child[0], POLLIN, 0};
      const int polled = left > 0 ? poll(&ready, 1, static_cast<int>(left)) : 0;
      if (polled < 0 && errno == EINTR) continue;
      if (polled == 0) {  // the time limit: the child is killed, its output is no answer
        kill(pid, SIGKILL);
        result.timed_out = true;
        break;
      }
    }
    const ssize_t n = ::read(from_child[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    result.output.append(buffer, static_cast<std::size_t>(n));
  }
  close(from_child[0]);
  writer.join();  // the child has ended or been killed: a write still waiting fails at once
  sigaction(SIGPIPE, &previous, nullptr);
  int error = 0;
  const bool exec_failed = ::read(exec_error[0], &error, sizeof error) == sizeof error;
  close(exec_error[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw std::system_error(errno, std::generic_category(), "waitpid");
  result.started = !exec_failed;
  if (WIFEXITED(status)) result.exit_status = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.exit_status = 128 + WTERMSIG(status);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace nimcert::smt
