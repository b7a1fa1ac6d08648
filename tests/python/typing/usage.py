"""ctest python.typing: a program that uses every public module of the puny
package as its documents show, checked by `mypy --strict` (Debian's
python3-mypy) against the package's stubs and annotations.  assert_type
fails when a call's type is not the one written (Any included), so a stub
that loses a type fails the check; the program is also run, so every
assert_type holds at run time too."""

import codecs
from typing import List, Optional, Tuple, assert_type

import puny
import puny.dask
import puny.email
import puny.formats
import puny.hunt
import puny.idna
import puny.idna.codec
import puny.idna.compat
import puny.idna.core
import puny.idna.intranges
import puny.idna.package_data
import puny.uts46_codec

# puny
assert_type(puny.to_ascii("Bücher.example"), str)
assert_type(puny.to_unicode("xn--bcher-kva.de", "uts46-strict"), str)
results = puny.to_ascii_many(["bücher.de", "a\u200d.example"])
assert_type(results, List[puny.Result])
assert_type(results[0].output, Optional[str])
assert_type(results[1].error, Optional[puny.Error])
assert_type(puny.encode("bücher"), str)
assert_type(puny.idna2008_register("bücher.de", output="unicode"), str)
decision = puny.display("xn--80ak6aa92e.com", "chromium", psl=None)
assert_type(decision.display, str)
assert_type(decision.labels[0].findings[0].reason, str) if decision.labels[0].findings else None
assert_type(puny.skeleton("paypa1"), str)
try:
    puny.to_ascii("a\u200d.example")
except puny.ContextJError as e:
    assert_type(e.offset, int)
    assert_type(e.code_point, Optional[int])

# puny.email
v = puny.email.validate("info@Bücher.de")
assert_type(v.normalized, str)
assert_type(v.domain, str)
assert_type(v.ascii_domain, str)
assert_type(v.ascii_email, Optional[str])
assert_type(v.local_part, str)
assert_type(v.smtputf8, bool)
assert_type(v.email, str)
assert_type(v.original_email, str)
assert_type(v.display_name, str)
domain_1x = v["domain"]
v2 = puny.email.validate_email(b"info@example.org", check_deliverability=False)
assert_type(v2, puny.email.ValidatedEmail)
try:
    puny.email.validate("john@@example.com")
except puny.email.EmailNotValidError as e:
    assert_type(e.code, str)

# puny.formats
assert_type(puny.formats.hostname("bücher.de"), bool)
assert_type(puny.formats.idn_email("info@bücher.de"), bool)

# puny.hunt
index = puny.hunt.BrandIndex(["paypal.com"], psl=None)
report = index.matches("paypa1.com")
assert_type(report.matches, Tuple[puny.hunt.Match, ...])
assert_type(report.matches[0].brand, str)
# issue 53's triage view: via, reason, the top score, the matches per brand
assert_type(report.matches[0].via, Optional[str])
assert_type(report.matches[0].reason, str)
assert_type(report.score, int)
assert_type(report.brands, Tuple[puny.hunt.BrandMatches, ...])
assert_type(report.brands[0].best, puny.hunt.Match)
assert_type(report.brands[0].also, Tuple[puny.hunt.Match, ...])
assert_type(puny.hunt.Match("paypal.com", "homoglyph", 0, 6, 90).via, Optional[str])
# issue 53: the verdict's profile and findings, puny.Finding as puny.display() gives
assert_type(report.profile, str)
assert_type(report.findings, Tuple[puny.Finding, ...])
lookalike = index.matches("xn--pypal-4ve.com")
assert_type(lookalike.findings[0].similar_to, Optional[str])
assert_type(lookalike.findings[0].code_point, Optional[int])
assert_type(puny.hunt.rules()[0].name, str)
assert_type(puny.hunt.ALERT_SCORE, int)

# puny.idna and its modules, as code written for idna uses them
assert_type(puny.idna.encode("ドメイン.テスト"), bytes)
assert_type(puny.idna.decode(b"xn--eckwd4c7c.xn--zckzah"), str)
assert_type(puny.idna.encode("Bücher.example", uts46=True, std3_rules=True), bytes)
assert_type(puny.idna.decode("xn--bcher-kva.example", uts46=True), str)
assert_type(puny.idna.core.encode("a.b", strict=True), bytes)
assert_type(puny.idna.alabel("bücher"), bytes)
assert_type(puny.idna.ulabel(b"xn--bcher-kva"), str)
assert_type(puny.idna.uts46_remap("Bücher"), str)
assert_type(puny.idna.check_bidi("abc"), bool)
assert_type(puny.idna.valid_contextj("a\u200db", 1), bool)
assert_type(puny.idna.intranges_contain(5, puny.idna.intranges.intranges_from_list([4, 5, 6])), bool)
assert_type(puny.idna.compat.ToASCII("bücher"), bytes)
assert_type(puny.idna.__version__, str)
assert_type(puny.idna.package_data.__version__, str)
assert_type(puny.idna.installed(), bool)
try:
    puny.idna.encode("a\u200db")
except puny.idna.IDNAError as e:
    assert_type(e.detail, Optional[str])
assert_type("bücher.de".encode("idna2008"), bytes)
assert_type(puny.idna.codec.Codec().encode("bücher.de"), Tuple[bytes, int])

# puny.uts46_codec
assert_type(puny.uts46_codec.encode("bücher.example"), Tuple[bytes, int])
assert_type(puny.uts46_codec.decode(b"xn--bcher-kva.example"), Tuple[str, int])
assert_type(puny.uts46_codec.search_function("uts46"), Optional[codecs.CodecInfo])

# puny.dask (the types only: no cluster here)
assert_type(puny.dask.COLUMNS, Tuple[str, str, str, str])
assert_type(puny.dask.convert_partition(["bücher.de"]), List[puny.dask.Record])

print("usage.py ran")
