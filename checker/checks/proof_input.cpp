// Reading proof files against the game registry (see proof_input.hpp).
#include "checks/proof_input.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "games/registry.hpp"

namespace nimcert {

smt::ProofFile parse_proof_file(const std::string& text, const std::string& path) {
  smt::ProofFile file = smt::parse_proof(text, path, game_catalog());
  for (smt::InductionSpec& d : file.inductions) {
    switch (d.site.block) {
      case smt::ClaimSite::Block::Cube:
        d.game = file.game;
        break;
      case smt::ClaimSite::Block::Box:
        d.game = file.boxes.at(d.site.index).game;
        break;
      case smt::ClaimSite::Block::Sequence:
        d.game = sequence_game(d.site.value, file.sequences.at(d.site.index).rule);
        break;
    }
  }
  return file;
}

smt::ProofFile read_proof_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot read the proof file");
  std::stringstream s;
  s << in.rdbuf();
  return parse_proof_file(s.str(), path);
}

}  // namespace nimcert
