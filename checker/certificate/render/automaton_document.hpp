// The certificate `nimcert discover --automaton` writes (format "nimcert-automaton"), as a
// document a person reads: the verdict and its scope, the statement, the learned automaton's
// transition table (one row per state, one column per letter), and each MONA obligation.
//
// Like a proof's certificate, it carries the SHA-256 of its whole content (stable_sha256),
// checked before anything is shown or re-run, so a hand edit anywhere (the statement, the
// scope, a transition) is refused instead of shown; the automaton's own SHA-256 is recomputed
// from its transitions as well.
#pragma once

#include <nlohmann/json.hpp>

#include "certificate/render/document.hpp"

namespace nimcert {

// The format version discover --automaton writes (2: with stable_sha256).
inline constexpr int kAutomatonFormatVersion = 2;

// Throws CertificateError when the certificate is of another format version or its
// stable_sha256 does not match its content.
void check_automaton_certificate(const nlohmann::ordered_json& certificate);

// Whether the JSON is an automaton certificate (its "format").
bool is_automaton_certificate(const nlohmann::ordered_json& j);

// Both check the certificate first (check_automaton_certificate); throw std::runtime_error
// when the automaton's digest does not match its data.
Document automaton_document(const nlohmann::ordered_json& certificate);

// The automaton as a Graphviz digraph (`dot -Tsvg` draws it): accepting states double circles,
// one edge per pair of states labelled with its letters.  The same digest check.
std::string automaton_dot(const nlohmann::ordered_json& certificate);

}  // namespace nimcert
