// An automaton certificate as a document (see automaton_document.hpp).
#include "certificate/render/automaton_document.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>
#include <stdexcept>

#include "base/sha256.hpp"
#include "certificate/certificate.hpp"
#include "certificate/certificate_file.hpp"
#include "discovery/automaton.hpp"

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

Automaton automaton_of(const Json& j) {
  Automaton a;
  a.tracks = j.at("tracks").size();
  a.initial = j.at("initial").get<std::size_t>();
  a.next = j.at("transitions").get<std::vector<std::vector<std::uint32_t>>>();
  a.accepting.assign(a.next.size(), false);
  for (const Json& q : j.at("accepting")) a.accepting.at(q.get<std::size_t>()) = true;
  for (const auto& row : a.next) {
    if (row.size() != (std::size_t{1} << a.tracks))
      throw std::runtime_error(
          "automaton certificate: a state's row has the wrong number of letters");
    for (std::uint32_t q : row)
      if (q >= a.next.size())
        throw std::runtime_error("automaton certificate: a transition to no state");
  }
  if (Sha256::of(a.text()) != j.at("sha256").get<std::string>())
    throw std::runtime_error(
        "automaton certificate: the automaton's SHA-256 does not match its transitions (edited?)");
  return a;
}

}  // namespace

void check_automaton_certificate(const Json& c) {
  if (c.value("format_version", 0) != kAutomatonFormatVersion)
    throw CertificateError(fmt::format(
        "automaton certificate: format version {}, not {} (regenerate it with nimcert discover "
        "--automaton)",
        c.value("format_version", Json()).dump(), kAutomatonFormatVersion));
  if (!c.contains("stable_sha256") || !c.at("stable_sha256").is_string() ||
      c.at("stable_sha256").get<std::string>() != stable_digest(c))
    throw CertificateError(
        "automaton certificate: its stable_sha256 does not match its content (edited?)");
}

bool is_automaton_certificate(const Json& j) {
  return j.is_object() && j.value("format", "") == "nimcert-automaton";
}

Document automaton_document(const Json& c) {
  check_automaton_certificate(c);
  const Automaton a = automaton_of(c.at("automaton"));
  const std::vector<std::string> tracks = c["automaton"]["tracks"].get<std::vector<std::string>>();
  Document d;
  d.title = fmt::format("Automaton certificate: {}", c["game"]["describe"].get<std::string>());
  d.heading(1, "Summary", c["verdict"].get<std::string>());
  d.paragraph(fmt::format("{}: {}, on {}.", c["verdict"].get<std::string>(),
                          c["statement"].get<std::string>(), c["scope"].get<std::string>()));
  if (c.contains("equals"))
    d.paragraph("MONA also proves: " + c["equals"].get<std::string>() + ".");
  if (c.contains("reads_as"))
    d.paragraph("Read back: " + c["reads_as"]["scope"].get<std::string>() + ".");
  d.paragraph(
      fmt::format("Learned from the exact table on {} ({} positions, {} bits per heap): {}.",
                  c["table"]["box"].get<std::string>(), c["table"]["positions"].dump(),
                  c["table"]["bits"].dump(), c["learning"].get<std::string>()));
  d.paragraph(fmt::format("Input {} (sha256 {}); moves: {}.", c["input"]["file"].get<std::string>(),
                          c["input"]["sha256"].get<std::string>(), c["game"]["moves"].dump()));

  if (c.contains("move_encoding"))
    d.paragraph(fmt::format(
        "The moves MONA reads {} the game's own follower enumeration on {} ({} positions, {} "
        "followers).",
        c["move_encoding"]["agrees"] == true ? "agree with" : "DIFFER from",
        c["move_encoding"]["box"].get<std::string>(), c["move_encoding"]["positions"].dump(),
        c["move_encoding"]["followers"].dump()));
  d.heading(1, "The automaton");
  d.paragraph(fmt::format(
      "{} states, initial state {}; a letter holds bit i of each track ({}), least significant "
      "first; after the last one-bit, zero letters are read until an accepting state (or none). "
      "SHA-256 {}.",
      a.states(), a.initial, fmt::format("{}", fmt::join(tracks, ", ")),
      c["automaton"]["sha256"].get<std::string>()));
  std::vector<std::string> header = {"state", "accepting"};
  for (std::uint32_t l = 0; l < (1u << a.tracks); ++l) {
    std::string bits;
    for (std::size_t t = 0; t < a.tracks; ++t) bits += (l >> t & 1) ? '1' : '0';
    header.push_back(bits);
  }
  std::vector<std::vector<std::string>> rows;
  for (std::size_t q = 0; q < a.states(); ++q) {
    std::vector<std::string> row = {std::to_string(q), a.accepting[q] ? "yes" : ""};
    for (std::uint32_t next : a.next[q]) row.push_back(std::to_string(next));
    rows.push_back(std::move(row));
  }
  d.paragraph(fmt::format("Columns: the letter's bits in the order {}.",
                          fmt::format("{}", fmt::join(tracks, ", "))));
  d.table(header, rows);

  d.heading(1, "Obligations (MONA, every natural)");
  std::vector<std::vector<std::string>> obligations;
  for (const Json& o : c["obligations"])
    obligations.push_back({o["answer"] == "valid" ? "holds" : "fails",
                           o["obligation"].get<std::string>(),
                           o["largest_automaton"]["states"].dump(),
                           o["mona_sha256"].get<std::string>().substr(0, 16)});
  d.table({"status", "obligation", "MONA states", "program sha256"}, obligations);
  return d;
}

std::string automaton_dot(const Json& c) {
  check_automaton_certificate(c);
  const Automaton a = automaton_of(c.at("automaton"));
  std::string out = fmt::format(
      "// {} ({}); letters: bits of {}, least significant first\n"
      "digraph learned {{\n  rankdir=LR;\n  start [shape=point];\n  start -> q{};\n",
      c["game"]["describe"].get<std::string>(), c["automaton"]["sha256"].get<std::string>(),
      c["automaton"]["tracks"].dump(), a.initial);
  for (std::size_t q = 0; q < a.states(); ++q)
    out += fmt::format("  q{} [shape={}];\n", q, a.accepting[q] ? "doublecircle" : "circle");
  for (std::size_t q = 0; q < a.states(); ++q) {
    std::map<std::uint32_t, std::vector<std::string>> to;  // one edge per target, its letters
    for (std::uint32_t l = 0; l < a.next[q].size(); ++l) {
      std::string bits;
      for (std::size_t t = 0; t < a.tracks; ++t) bits += (l >> t & 1) ? '1' : '0';
      to[a.next[q][l]].push_back(bits);
    }
    for (const auto& [target, letters] : to)
      out += fmt::format("  q{} -> q{} [label=\"{}\"];\n", q, target, fmt::join(letters, " "));
  }
  return out + "}\n";
}

}  // namespace nimcert
