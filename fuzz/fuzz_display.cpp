// Fuzz target: display decisions (puny::display::decide) under every
// profile, and the UTS #39 skeleton.
//
// Input layout: one byte picks the profile (and whether a small protected
// list is consulted); the rest is the name (or text) as UTF-8, may be
// ill-formed.
//
// Properties:
//  1. skeleton(skeleton(x)) == skeleton(x) for well-formed x; ill-formed x
//     fails with invalid_utf8 and nothing else.
//  2. decide(x) fails exactly when to_unicode(x) (UTS #46 defaults) fails,
//     with the same code and offset: Unicode is never shown for a label
//     that fails ToUnicode.
//  3. On success: one verdict per label; a shown label carries no finding
//     and a kept one at least one; the display form is the labels joined by
//     '.', each label's U-label where shown and A-label elsewhere; every
//     finding's offset lies inside the input; and the display form converts
//     back (to_ascii) to the same A-labels as the input.
//  4. to_display(x), which judges labels by the chromium quick path and
//     encodes only the labels it keeps, gives decide(x)'s display form, and
//     decide into a reused decision gives the same as a fresh one.
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "puny/display.hpp"
#include "puny/idna.hpp"
#include "puny/uts39.hpp"

namespace {

namespace display = puny::display;

const display::protected_domains& protected_list() {
  static const display::protected_domains list = [] {
    display::protected_domains l;
    display::list_error e;
    (void)display::protected_domains::parse("google.com\npaypal.com\napple.com\nxn--bcher-kva.de\n",
                                            "fuzz", l, e);
    return l;
  }();
  return list;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (puny::fuzz::beyond_size_limit(size)) return 0;
  puny::fuzz::reader rd(data, size);
  const std::uint8_t pick = rd.byte();
  const std::string_view in = rd.rest();

  // 1. The skeleton.
  const auto s = puny::uts39::skeleton(in);
  if (s.ok()) {
    const auto again = puny::uts39::skeleton(std::string_view(s.value));
    PUNY_FUZZ_CHECK(again.ok() && again.value == s.value);
  } else {
    PUNY_FUZZ_CHECK(s.status.code == puny::errc::invalid_utf8 && s.status.offset < in.size());
  }

  // 2. The decision against ToUnicode.
  const auto profiles = display::profiles();
  display::options opt;
  opt.which = profiles.first[pick % profiles.size()].id;
  if (pick & 0x80) opt.protected_list = &protected_list();
  const auto d = display::decide(in, opt);
  const auto u = puny::idna::to_unicode(in);
  PUNY_FUZZ_CHECK(d.ok() == u.ok());
  if (!d.ok()) {
    PUNY_FUZZ_CHECK(d.status.code == u.status.code && d.status.offset == u.status.offset);
    return 0;
  }

  // 3. The verdicts and the display form.
  const auto a = puny::idna::to_ascii(in);
  PUNY_FUZZ_CHECK(a.ok());
  std::string joined;
  for (std::size_t i = 0; i < d.value.labels.size(); ++i) {
    const display::label_verdict& l = d.value.labels[i];
    PUNY_FUZZ_CHECK(l.show_unicode == l.findings.empty());
    PUNY_FUZZ_CHECK(l.offset <= in.size());
    for (const display::finding& f : l.findings) {
      PUNY_FUZZ_CHECK(f.offset <= in.size() && f.label == i);
      PUNY_FUZZ_CHECK(!display::to_string(f.why).empty() && !f.step.empty());
    }
    if (i > 0) joined.push_back('.');
    joined += l.show_unicode ? l.u_label : l.a_label;
  }
  PUNY_FUZZ_CHECK(joined == d.value.display);
  const auto back = puny::idna::to_ascii(d.value.display);
  PUNY_FUZZ_CHECK(back.ok() && back.value == a.value);

  // 4. The display-only path and the reusing form.
  const auto shown = display::to_display(in, opt);
  PUNY_FUZZ_CHECK(shown.ok() && shown.value == d.value.display);
  static display::decision reused;  // keeps what the previous input left in it
  PUNY_FUZZ_CHECK(display::decide(in, opt, reused).ok());
  PUNY_FUZZ_CHECK(reused.display == d.value.display && reused.registrable_domain == d.value.registrable_domain &&
                  reused.labels.size() == d.value.labels.size());
  for (std::size_t i = 0; i < reused.labels.size(); ++i) {
    const display::label_verdict& x = reused.labels[i];
    const display::label_verdict& y = d.value.labels[i];
    PUNY_FUZZ_CHECK(x.a_label == y.a_label && x.u_label == y.u_label && x.offset == y.offset &&
                    x.show_unicode == y.show_unicode && x.findings.size() == y.findings.size());
  }
  return 0;
}
