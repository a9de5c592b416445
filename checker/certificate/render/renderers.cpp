// The three renderings of a document (see document.hpp): text, Markdown and HTML.
#include <fmt/format.h>

#include <algorithm>

#include "certificate/render/document.hpp"

namespace nimcert {

void Document::heading(int level, std::string text, std::string status) {
  Block b;
  b.kind = Block::Kind::Heading;
  b.level = level;
  b.text = std::move(text);
  b.status = std::move(status);
  blocks.push_back(std::move(b));
}

void Document::paragraph(std::string text) {
  Block b;
  b.kind = Block::Kind::Paragraph;
  b.text = std::move(text);
  blocks.push_back(std::move(b));
}

void Document::table(std::vector<std::string> header, std::vector<std::vector<std::string>> rows) {
  Block b;
  b.kind = Block::Kind::Table;
  const auto status = std::find(header.begin(), header.end(), "status");
  for (auto& r : rows) {
    r.resize(header.size());
    b.row_status.push_back(status == header.end() ? "" : r[status - header.begin()]);
  }
  b.header = std::move(header);
  b.rows = std::move(rows);
  blocks.push_back(std::move(b));
}

namespace {

// Display width of UTF-8 text: its code points (the certificates' text is ASCII but for the
// proof's own words).
std::size_t width(const std::string& s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string pad(const std::string& s, std::size_t w) { return s + std::string(w - width(s), ' '); }

std::string escape(const std::string& s, bool markdown) {
  std::string out;
  for (char c : s) {
    if (markdown) {
      if (c == '|') out += "\\|";
      else if (c == '\n') out += "<br>";
      else out += c;
      continue;
    }
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace

std::string render_text(const Document& d) {
  std::string out;
  for (const Block& b : d.blocks) {
    switch (b.kind) {
      case Block::Kind::Heading: {
        const std::string line = b.status.empty() ? b.text : b.text + "  [" + b.status + "]";
        out += (out.empty() ? "" : "\n") + line + "\n";
        if (b.level <= 2) out += std::string(width(line), b.level == 1 ? '=' : '-') + "\n";
        break;
      }
      case Block::Kind::Paragraph:
        out += b.text + "\n";
        break;
      case Block::Kind::Table: {
        // Columns as wide as their widest cell, but a long last column is not padded.
        std::vector<std::size_t> w(b.header.size());
        for (std::size_t c = 0; c < w.size(); ++c) {
          w[c] = width(b.header[c]);
          for (const auto& r : b.rows) w[c] = std::max(w[c], width(r[c]));
        }
        auto line = [&](const std::vector<std::string>& cells) {
          std::string l = "  ";
          for (std::size_t c = 0; c < cells.size(); ++c)
            l += c + 1 < cells.size() ? pad(cells[c], w[c]) + "  " : cells[c];
          return l + "\n";
        };
        out += line(b.header);
        for (const auto& r : b.rows) out += line(r);
        break;
      }
    }
  }
  return out;
}

std::string render_markdown(const Document& d) {
  std::string out;
  for (const Block& b : d.blocks) {
    switch (b.kind) {
      case Block::Kind::Heading:
        out += fmt::format("{}{} {}{}\n\n", out.empty() ? "" : "\n", std::string(b.level, '#'),
                           escape(b.text, true),
                           b.status.empty() ? "" : " — **" + b.status + "**");
        break;
      case Block::Kind::Paragraph:
        out += escape(b.text, true) + "\n\n";
        break;
      case Block::Kind::Table: {
        auto line = [&](const std::vector<std::string>& cells) {
          std::string l = "|";
          for (const auto& c : cells) l += " " + escape(c, true) + " |";
          return l + "\n";
        };
        out += line(b.header);
        out += "|" + [&] {
          std::string s;
          for (std::size_t i = 0; i < b.header.size(); ++i) s += "---|";
          return s;
        }() + "\n";
        for (const auto& r : b.rows) out += line(r);
        out += "\n";
        break;
      }
    }
  }
  return out;
}

std::string render_html(const Document& d) {
  std::string out = fmt::format(R"(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 80em; padding: 0 1em; color: #1b1b1b; }}
h1 {{ border-bottom: 2px solid #444; }}
h2 {{ border-bottom: 1px solid #bbb; margin-top: 1.6em; }}
table {{ border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.9em; }}
th, td {{ border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }}
th {{ background: #f0f0f0; }}
td {{ font-family: ui-monospace, monospace; word-break: break-word; }}
.status {{ font-weight: bold; padding: 0 0.4em; border-radius: 0.3em; white-space: nowrap; word-break: normal; }}
.holds {{ color: #0a5d1a; background: #e3f4e6; }}
.fails {{ color: #8f1010; background: #fbe4e4; }}
.unknown {{ color: #7a5200; background: #fdf1d8; }}
</style>
</head>
<body>
)",
                                escape(d.title, false));
  auto status_span = [](const std::string& s) {
    return fmt::format(R"(<span class="status {}">{}</span>)", escape(s, false), escape(s, false));
  };
  for (const Block& b : d.blocks) {
    switch (b.kind) {
      case Block::Kind::Heading:
        out += fmt::format("<h{0}>{1}{2}</h{0}>\n", b.level, escape(b.text, false),
                           b.status.empty() ? "" : " " + status_span(b.status));
        break;
      case Block::Kind::Paragraph:
        out += "<p>" + escape(b.text, false) + "</p>\n";
        break;
      case Block::Kind::Table: {
        out += "<table>\n<tr>";
        for (const auto& h : b.header) out += "<th>" + escape(h, false) + "</th>";
        out += "</tr>\n";
        for (std::size_t r = 0; r < b.rows.size(); ++r) {
          out += b.row_status[r].empty()
                     ? std::string("<tr>")
                     : fmt::format("<tr class=\"{}\">", escape(b.row_status[r], false));
          for (std::size_t c = 0; c < b.rows[r].size(); ++c)
            out += "<td>" +
                   (b.header[c] == "status" ? status_span(b.rows[r][c])
                                            : escape(b.rows[r][c], false)) +
                   "</td>";
          out += "</tr>\n";
        }
        out += "</table>\n";
        break;
      }
    }
  }
  return out + "</body>\n</html>\n";
}

}  // namespace nimcert
