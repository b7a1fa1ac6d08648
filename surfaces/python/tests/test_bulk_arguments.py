"""The *_many functions refuse a str (issue 52): to_ascii_many("abc")
converted the characters "a", "b", "c"."""

import pytest

import puny


@pytest.mark.parametrize("function", ["to_ascii_many", "to_unicode_many", "encode_many", "decode_many"])
def test_a_str_is_refused(function):
    with pytest.raises(TypeError, match="not a str"):
        getattr(puny, function)("abc")
    assert [r.input for r in getattr(puny, function)(["abc"])] == ["abc"]
    assert [r.input for r in getattr(puny, function)(("ab", "c"))] == ["ab", "c"]
