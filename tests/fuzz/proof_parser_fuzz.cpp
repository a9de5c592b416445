// libFuzzer harness: the proof-file reader on arbitrary bytes.
//
// Everything a proof file goes through before any check: the lexer, the parser, the
// resolution of inductions, the validation against the games (building every game and rule,
// matching hints to moves), and the expansion of every lemma's definitions.  Bad input must
// end in a located error (ParseError) or a refusal (invalid_argument); anything else, a
// crash, a leak or a hang, is a bug.  Seeded with the committed proofs (certs/*.proof).
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "checks/lemma_check.hpp"
#include "checks/proof_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const nimcert::smt::ProofFile file = nimcert::parse_proof_file(text, "fuzz.proof");
    for (const auto& lemma : file.lemmas) nimcert::expand_lemma(lemma, file.definitions);
  } catch (const nimcert::smt::ParseError&) {
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
