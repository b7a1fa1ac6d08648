// puny hunt: the loose skeleton, for lookalikes confusables.txt does not
// name (loose.cpp, docs/hunt.md "Looser lookalikes").
#pragma once

#include <string>
#include <string_view>

namespace puny::hunt {

// The folded skeleton of `label` with Latin letters with a hook, stroke,
// bar, tail or descender and small capitals read as their letter, and the
// ASCII pairs cl, dl, lc, lk, ik, lb, lh, nn, rr read as one letter; with
// `singles`, also the single ASCII letters b/d, c/e, g/q, i/l, n/r as one
// and then a run of one letter as one letter (m, "rn", "nn" all read n).
// Into `out`; true when a Latin letter or a pair was read so (the result
// differs from the folded skeleton by more than the singles).
// `label_folded`, when given, is folded_skeleton(label), which the caller
// has already: used when no Latin letter is mapped (then the label's
// folded skeleton is the one to read), instead of folding again.
bool loose_skeleton(std::u32string_view label, bool singles, std::u32string& out,
                    const std::u32string* label_folded = nullptr);

// The same from a label's folded skeleton, for an ASCII label (no Latin
// letter to map first): the pairs, and with `singles` the letters' classes.
bool loose_from_folded(std::u32string_view folded, bool singles, std::u32string& out);

}  // namespace puny::hunt
