// The certificate `nimcert discover --automaton` writes (format "nimcert-automaton"), as a
// document a person reads: the verdict and its scope, the statement, the learned automaton's
// transition table (one row per state, one column per letter), and each MONA obligation.
//
// The automaton is read back from the certificate's data and its SHA-256 recomputed, so a
// hand-edited transition is refused instead of shown.
#pragma once

#include <nlohmann/json.hpp>

#include "certificate/render/document.hpp"

namespace nimcert {

// Whether the JSON is an automaton certificate (its "format").
bool is_automaton_certificate(const nlohmann::ordered_json& j);

// Throws std::runtime_error when the automaton's digest does not match its data.
Document automaton_document(const nlohmann::ordered_json& certificate);

// The automaton as a Graphviz digraph (`dot -Tsvg` draws it): accepting states double circles,
// one edge per pair of states labelled with its letters.  The same digest check.
std::string automaton_dot(const nlohmann::ordered_json& certificate);

}  // namespace nimcert
