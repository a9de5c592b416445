// show: render an existing certificate for a person, without re-running anything.
#pragma once

#include <string>

namespace nimcert {

// format: "text", "markdown", "html", or "dot" (an automaton certificate's automaton); out: a file
// (written atomically) or "" for stdout. Exit 0 when rendered (whatever the certificate's verdict),
// 2 for an unreadable, malformed or edited certificate.
int show_command(const std::string& certificate, const std::string& format, const std::string& out);

}  // namespace nimcert
