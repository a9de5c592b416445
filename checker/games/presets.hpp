// The built-in games as declarations: each hand-written game (registry.hpp) is also a named
// preset, the declaration a proof file would state for it, so that its rules can be read in
// the certificate and held against its hand-written engine at certify time
// (checks/rules_check.hpp: the same followers on a small box, the same table).
#pragma once

#include <memory>

#include "games/game.hpp"
#include "lang/proof_file.hpp"

namespace nimcert {

// The declaration of a built-in game with its parameters (its rule, for Levine's games, read
// with the file's definitions); null for a game that is not built in.
std::shared_ptr<const smt::GameDeclaration> preset_declaration(const Game& game,
                                                               const smt::Definitions& definitions);

}  // namespace nimcert
