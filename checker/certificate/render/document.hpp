// A certificate as a document a person reads: headings, paragraphs and tables, rendered as
// plain text (a terminal), Markdown (a CI summary, a review) or one self-contained HTML page.
//
// `nimcert show` builds the document from the certificate alone (nothing is re-run), so what
// it shows is exactly what the certificate records.  The three renderers share this model and
// nothing else: what is shown is decided once, in certificate_document.cpp.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace nimcert {

struct Block {
  enum class Kind { Heading, Paragraph, Table } kind = Kind::Paragraph;
  int level = 2;         // of a heading: 1 the title, 2 a section, 3 a check
  std::string text;      // of a heading or a paragraph
  std::string status;    // "holds", "fails", "unknown" or "": how a heading or row is marked
  std::vector<std::string> header;             // of a table
  std::vector<std::vector<std::string>> rows;  // of a table, each as long as the header
  std::vector<std::string> row_status;         // of a table: each row's status, or ""
};

struct Document {
  std::string title;
  std::vector<Block> blocks;

  void heading(int level, std::string text, std::string status = "");
  void paragraph(std::string text);
  // A table; a column named "status" marks its rows.
  void table(std::vector<std::string> header, std::vector<std::vector<std::string>> rows);
};

// What a certificate records, in reading order: the verdict and its scope, the statement (the
// game, its rules as far as the certificate records them, the definitions), every check with
// its evidence and scope (failures first), counterexamples as tables, the trust ledger, each
// query's file name and SHA-256, and the run's timings apart.
Document certificate_document(const nlohmann::ordered_json& certificate);

std::string render_text(const Document& d);
std::string render_markdown(const Document& d);
std::string render_html(const Document& d);  // one page, its style inline, no script

}  // namespace nimcert
