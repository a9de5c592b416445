// show: a certificate as text, Markdown or one HTML page (see show.hpp and
// certificate/render/document.hpp).
#include "cli/show.hpp"

#include <fmt/format.h>

#include "base/atomic_file.hpp"
#include "certificate/certificate_file.hpp"
#include "certificate/render/automaton_document.hpp"
#include "certificate/render/document.hpp"
#include "cli/guarded.hpp"
#include "pipelines/output_paths.hpp"

namespace nimcert {

int show_command(const std::string& certificate, const std::string& format,
                 const std::string& out) {
  return guarded("show", [&] {
    if (!out.empty()) refuse_outputs_over_inputs({{out, "page"}}, {{certificate, "certificate"}});
    // The reader refuses a truncated, foreign or hand-edited certificate: what is shown is
    // what nimcert wrote.  An automaton certificate (discover --automaton) has a format of its
    // own, and alone a dot rendering.
    const std::string text = read_certificate_text(certificate);
    const auto raw = nlohmann::ordered_json::parse(text, nullptr, false);
    const bool automaton = is_automaton_certificate(raw);
    std::string page;
    if (format == "dot") {
      if (!automaton)
        throw std::invalid_argument(
            "--format dot draws an automaton certificate (discover --automaton); this is a "
            "proof's certificate");
      page = automaton_dot(raw);
    } else {
      const Document d = automaton ? automaton_document(raw)
                                   : certificate_document(parse_certificate(text, certificate));
      page = format == "html"       ? render_html(d)
             : format == "markdown" ? render_markdown(d)
                                    : render_text(d);
    }
    if (out.empty())
      fmt::print("{}", page);
    else
      write_file_atomically(out, page);
    return 0;
  });
}

}  // namespace nimcert
