// What a certificate records of a proved misère quotient (see misere_quotient_record.hpp).
#include "checks/misere_quotient_record.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <stdexcept>

#include "engines/misere/presentation.hpp"

namespace nimcert {

std::optional<ObservedPeriod> observed_period(std::span<const MonoidElement> images,
                                              std::uint64_t max_period) {
  const std::uint64_t size = images.size();
  for (std::uint64_t p = 1; p <= max_period && 2 * p <= size; ++p) {
    // The least n0 with images[n] == images[n + p] for every n0 <= n < size - p.
    std::uint64_t from = size - p;
    while (from > 0 && images[from - 1] == images[from - 1 + p]) --from;
    if (from + 2 * p <= size) return ObservedPeriod{from, p};
  }
  return std::nullopt;
}

nlohmann::ordered_json quotient_record(const MisereQuotient& q,
                                       std::optional<ObservedPeriod> proved) {
  using Json = nlohmann::ordered_json;
  const Presentation p = present(q.monoid, q.phi);
  if (const std::string failure = presentation_failure(q.monoid, p); !failure.empty())
    throw std::runtime_error("internal error: the misère quotient's presentation does not "
                             "present it: " + failure);
  if (p.elements.size() != q.monoid.size())
    throw std::runtime_error(fmt::format(
        "internal error: the heap images generate {} of the quotient's {} elements",
        p.elements.size(), q.monoid.size()));
  Json generators = Json::array();
  for (const Presentation::Generator& g : p.generators)
    generators.push_back({{"name", g.name}, {"heap", g.heap}});
  std::vector<std::string> names;
  for (const Presentation::Generator& g : p.generators) names.push_back(g.name);
  const std::vector<std::string> relations = relation_texts(p);
  std::vector<std::string> words, p_words;
  for (MonoidElement x = 0; x < q.monoid.size(); ++x) words.push_back(word_text(p, p.normal_form[x]));
  for (MonoidElement x : p.elements)
    if (q.in_p[x]) p_words.push_back(word_text(p, p.normal_form[x]));
  Json record;
  record["presentation"] = {
      {"generators", generators},
      {"relations", relations},
      {"text", fmt::format("<{} | {}>", fmt::join(names, ", "), fmt::join(relations, ", "))},
      {"order",
       "words by degree, then by the exponent of the last generator, of the one before it, and "
       "so on; each element's word is its least; each relation rewrites a least word that is "
       "not an element's into the element's word"}};
  record["words"] = words;
  record["p_words"] = p_words;
  if (q.monoid.size() <= kRecordedTableElements) {
    Json rows = Json::array();
    for (MonoidElement x = 0; x < q.monoid.size(); ++x) {
      std::vector<MonoidElement> row;
      for (MonoidElement y = 0; y < q.monoid.size(); ++y) row.push_back(q.monoid.product(x, y));
      rows.push_back(row);
    }
    record["table"] = rows;
  }
  const std::optional<ObservedPeriod> period = proved ? proved : observed_period(q.phi);
  const std::uint64_t last = q.phi.size() - 1;
  const std::uint64_t shown = period ? period->from + period->period : std::min<std::uint64_t>(last + 1, 64);
  std::vector<std::string> image_words;
  for (std::uint64_t n = 0; n < shown && n <= last; ++n) image_words.push_back(word_text(p, p.normal_form[q.phi[n]]));
  record["heap_images"] = {{"words", image_words}};
  if (proved)
    record["heap_images"]["period"] = {
        {"from", period->from},
        {"period", period->period},
        {"scope", fmt::format("every heap: heap n + {} has heap n's image for every n >= {}, by "
                              "the misère periodicity theorem (see periodicity)",
                              period->period, period->from)}};
  else if (period)
    record["heap_images"]["observed_period"] = {
        {"from", period->from},
        {"period", period->period},
        {"scope", fmt::format("observed on heaps 0..{} only: heap n + {} has heap n's image for "
                              "{} <= n <= {}; no periodicity theorem is applied",
                              last, period->period, period->from, last - period->period)}};
  return record;
}

}  // namespace nimcert
