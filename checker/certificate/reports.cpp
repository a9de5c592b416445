// JUnit XML and Markdown reports (see reports.hpp).
#include "certificate/reports.hpp"

#include <fmt/format.h>

#include <map>

#include "certificate/entries.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string markdown_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += ' ';
    else
      out += c;
  }
  return out;
}

// What a row reused: a solver's answer, or an exhaustive block's whole report.
const char* reused_what(const CheckRow& r) {
  return r.whole_report ? "report" : "answer";
}

}  // namespace

std::vector<CheckRow> check_rows(const Json& c, const AnswerProvenance& provenance) {
  std::vector<CheckRow> rows;
  const std::string suite = c.at("proof").at("file");
  for (const Entry& e : entries_of(c))
    for (const EntryRow& r : e.rows) {
      const auto source = provenance.find(r.query_sha256);
      rows.push_back({suite, r.name, r.status, r.detail, r.kind, r.seconds,
                      !r.reused_from.empty() ? r.reused_from
                      : r.query_sha256.empty() || source == provenance.end() ? ""
                                                                             : source->second,
                      !r.reused_from.empty()});
    }
  return rows;
}

std::vector<CheckRow> drift_rows(const std::string& suite, const std::vector<Drift>& drift,
                                 const std::string& regenerate) {
  std::vector<CheckRow> rows;
  for (const Drift& d : drift)
    rows.push_back({suite, fmt::format("drift: {} {}", drift_kind_name(d.kind), d.check), "drift",
                    d.detail + (d.detail.empty() ? "" : "; ") + "regenerate with: " + regenerate});
  return rows;
}

std::string junit_xml(const std::vector<CheckRow>& rows) {
  std::map<std::string, std::vector<const CheckRow*>> suites;
  std::vector<std::string> order;
  for (const CheckRow& r : rows) {
    if (!suites.count(r.suite)) order.push_back(r.suite);
    suites[r.suite].push_back(&r);
  }
  auto failing = [](const CheckRow& r) { return r.status != "holds" && r.status != "skipped"; };
  std::size_t failures = 0;
  for (const CheckRow& r : rows) failures += failing(r);
  std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  xml += fmt::format("<testsuites name=\"nimcert\" tests=\"{}\" failures=\"{}\">\n", rows.size(),
                     failures);
  for (const std::string& suite : order) {
    std::size_t suite_failures = 0;
    for (const CheckRow* r : suites[suite]) suite_failures += failing(*r);
    xml += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\">\n",
                       xml_escape(suite), suites[suite].size(), suite_failures);
    for (const CheckRow* r : suites[suite]) {
      xml += fmt::format("    <testcase classname=\"{}\" name=\"{}\"", xml_escape(suite),
                         xml_escape(r->name));
      if (r->seconds >= 0) xml += fmt::format(" time=\"{:.3f}\"", r->seconds);
      if (r->status == "holds" && !r->answer_source.empty()) {
        xml += fmt::format(
            ">\n      <system-out>{} reused from {}</system-out>\n    </testcase>\n",
            reused_what(*r), xml_escape(r->answer_source));
      } else if (r->status == "holds") {
        xml += "/>\n";
      } else if (r->status == "skipped") {
        xml += fmt::format(">\n      <skipped message=\"{}\"/>\n    </testcase>\n",
                           xml_escape(r->detail));
      } else {
        xml += fmt::format(">\n      <failure type=\"{}\" message=\"{}\"/>\n    </testcase>\n",
                           r->status,
                           xml_escape(r->status + (r->detail.empty() ? "" : ": ") + r->detail));
      }
    }
    xml += "  </testsuite>\n";
  }
  xml += "</testsuites>\n";
  return xml;
}

std::string markdown_summary(const std::vector<CheckRow>& rows, const std::string& verdict_line) {
  std::size_t holding = 0;
  for (const CheckRow& r : rows) holding += r.status == "holds";
  std::string md = "## nimcert\n\n";
  md += fmt::format("**{}**\n\n{} of {} checks hold.\n\n", markdown_escape(verdict_line), holding,
                    rows.size());
  auto time = [](const CheckRow& r) {
    return r.seconds >= 0 ? fmt::format("{:.2f} s", r.seconds) : std::string("—");
  };
  std::string failing;
  for (const CheckRow& r : rows)
    if (r.status != "holds" && r.status != "skipped")
      failing += fmt::format("| {} | {} | {} | {} | {} |\n", markdown_escape(r.suite),
                             markdown_escape(r.name), r.status, time(r), markdown_escape(r.detail));
  if (!failing.empty())
    md += "| proof | check | status | time | detail |\n|---|---|---|---|---|\n" + failing + "\n";
  // Every row the terminal shows, with its answer and time.
  md +=
      "<details><summary>All checks</summary>\n\n| proof | check | status | time | detail "
      "|\n|---|---|---|---|---|\n";
  for (const CheckRow& r : rows)
    md += fmt::format(
        "| {} | {} | {} | {} | {}{} |\n", markdown_escape(r.suite), markdown_escape(r.name),
        r.status, time(r), markdown_escape(r.detail),
        r.answer_source.empty()
            ? ""
            : markdown_escape(fmt::format("{}{} reused from {}", r.detail.empty() ? "" : "; ",
                                          reused_what(r), r.answer_source)));
  md += "\n</details>\n";
  return md;
}

}  // namespace nimcert
