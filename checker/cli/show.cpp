// show: a certificate as text, Markdown or one HTML page (see show.hpp and
// certificate/render/document.hpp).
#include "cli/show.hpp"

#include <fmt/format.h>

#include "base/atomic_file.hpp"
#include "certificate/certificate_file.hpp"
#include "certificate/render/automaton_document.hpp"
#include "certificate/render/document.hpp"
#include "checks/proof_input.hpp"
#include "cli/workflow_steps.hpp"

namespace nimcert {

int show_command(const std::string& certificate, const std::string& format,
                 const std::string& out) {
  return guarded("show", [&] {
    // The reader refuses a truncated, foreign or hand-edited certificate: what is shown is
    // what nimcert wrote.
    // An automaton certificate (discover --automaton) has a format of its own.
    const auto raw = nlohmann::ordered_json::parse(read_proof_text(certificate), nullptr, false);
    if (format == "dot") {
      if (!is_automaton_certificate(raw))
        throw std::invalid_argument(
            "--format dot draws an automaton certificate (discover "
            "--automaton); this is a proof's certificate");
      const std::string dot = automaton_dot(raw);
      if (out.empty())
        fmt::print("{}", dot);
      else
        write_file_atomically(out, dot);
      return 0;
    }
    const Document d = is_automaton_certificate(raw)
                           ? automaton_document(raw)
                           : certificate_document(read_certificate(certificate));
    const std::string text = format == "html"       ? render_html(d)
                             : format == "markdown" ? render_markdown(d)
                                                    : render_text(d);
    if (out.empty())
      fmt::print("{}", text);
    else
      write_file_atomically(out, text);
    return 0;
  });
}

}  // namespace nimcert
