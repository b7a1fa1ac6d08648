import puny

print(puny.to_ascii("Bücher.example"))           # UTS #46 ToASCII
print(puny.to_unicode("xn--bcher-kva.example"))  # ToUnicode
print(puny.encode("bücher"), puny.decode("bcher-kva"))  # Punycode, one label
print(puny.to_ascii("faß.de", transitional_processing=True))  # flags are keywords

try:
    puny.to_ascii("a_b.example", "uts46-strict")  # presets by name
except puny.Std3DisallowedError as e:  # a puny.Error, itself a ValueError
    print(e.code, e.uts46_code, e.offset, e.label, hex(e.code_point))

# Lists: one Result per name, errors returned, not raised.
for r in puny.to_ascii_many(["ok.example", "a\u2028b.example"]):
    print(r.output if r.error is None else f"{r.input!r}: {r.error.uts46_code}")
