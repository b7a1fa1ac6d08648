"""puny.idna.intranges: idna.intranges' helpers (sets of integers stored as
sorted runs, each run one int: start << 32 | end, end exclusive)."""

from __future__ import annotations

import bisect


def _encode_range(start: int, end: int) -> int:
    return (start << 32) | end


def _decode_range(r: int) -> tuple[int, int]:
    return r >> 32, r & 0xFFFFFFFF


def intranges_from_list(list_: list[int]) -> tuple[int, ...]:
    """The runs of consecutive integers in `list_`, encoded."""
    runs: list[int] = []
    numbers = sorted(set(list_))
    if not numbers:
        return ()
    start = previous = numbers[0]
    for n in numbers[1:]:
        if n == previous + 1:
            previous = n
            continue
        runs.append(_encode_range(start, previous + 1))
        start = previous = n
    runs.append(_encode_range(start, previous + 1))
    return tuple(runs)


def intranges_contain(int_: int, ranges: tuple[int, ...]) -> bool:
    """Whether `int_` lies in one of the runs (binary search)."""
    i = bisect.bisect_right(ranges, _encode_range(int_, 0xFFFFFFFF))
    if i == 0:
        return False
    start, end = _decode_range(ranges[i - 1])
    return start <= int_ < end
