// Reading a committed certificate's solver answers (see committed_answers.hpp).
#include "certificate/committed_answers.hpp"

#include <optional>

namespace nimcert {

namespace {

using Json = nlohmann::ordered_json;

std::optional<smt::Answer> answer_of(const Json& name) {
  if (!name.is_string()) return std::nullopt;
  for (const smt::Answer a : {smt::Answer::Unsat, smt::Answer::Sat, smt::Answer::Unknown})
    if (name.get<std::string>() == smt::answer_name(a)) return a;
  return std::nullopt;
}

// One recorded query: added when its digest and both answers read cleanly.
void add(const Json& entry, unsigned timeout_ms, CommittedAnswers& out) {
  const auto z3 = answer_of(entry.value("z3", Json())),
             cvc5 = answer_of(entry.value("cvc5", Json()));
  const Json digest = entry.value("smt2_sha256", Json());
  if (!z3 || !cvc5 || !digest.is_string()) return;
  out[{digest.get<std::string>(), timeout_ms}] = {*z3, *cvc5, entry.value("note", std::string())};
}

}  // namespace

CommittedAnswers committed_answers(const Json& c, const std::string& z3_version, unsigned z3_seed,
                                   const std::string& cvc5_version,
                                   const std::string& cvc5_options) {
  CommittedAnswers out;
  try {
    const Json& solvers = c.at("solvers");
    if (solvers.at("z3").at("version") != z3_version || solvers.at("z3").at("seed") != z3_seed ||
        solvers.at("cvc5").at("version") != cvc5_version ||
        solvers.at("cvc5").value("options", std::string()) != cvc5_options)
      return out;
    const unsigned run_timeout = solvers.at("timeout_ms").get<unsigned>();
    for (const Json& lemma : c.at("lemmas")) {
      const unsigned own = lemma.value("timeout_ms", 0u);  // shortened after MONA's proof
      for (const Json& w : lemma.at("smt")) add(w, own > 0 ? own : run_timeout, out);
    }
    for (const Json& r : c.value("rules", Json::array())) {
      const unsigned own = r.value("timeout_ms", 0u);  // the declaration's `rules ... timeout`
      for (const Json& w : r.at("widths"))
        for (const Json& o : w.at("obligations")) add(o, own > 0 ? own : run_timeout, out);
    }
    for (const Json& d : c.at("induction")) {
      const unsigned own = d.value("timeout_ms", 0u);
      for (const Json& w : d.at("widths"))
        for (const Json& o : w.at("obligations")) add(o, own > 0 ? own : run_timeout, out);
    }
  } catch (const Json::exception&) {
    return {};  // a certificate of another shape: nothing is reused
  }
  return out;
}

}  // namespace nimcert
