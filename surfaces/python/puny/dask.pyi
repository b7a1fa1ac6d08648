# Types of puny.dask (surfaces/python/puny/dask.py; docs/scale.md, "Dask").
from typing import Any, Iterable, List, Optional, Tuple, Union

import dask.bag
import dask.dataframe

from . import Preset, DisplayProfile

COLUMNS: Tuple[str, str, str, str]
OK: str
# (input, output, status, error); all None for a missing value.
Record = Tuple[Optional[str], Optional[str], Optional[str], Optional[str]]
_Collection = Union[dask.bag.Bag, dask.dataframe.Series]

def convert_partition(names: Iterable[Any], operation: str = "to_ascii", preset: Preset = "uts46",
                      profile: DisplayProfile = "chromium", top_domains: Optional[str] = None,
                      psl: Optional[str] = None, flags: Optional[dict] = None) -> List[Record]: ...
def read_names(urlpath: Union[str, List[str]], blocksize: Union[None, int, str] = None,
               files_per_partition: Optional[int] = None, **kwargs: Any) -> dask.bag.Bag: ...
# A Bag gives a Bag of Records; a Series a DataFrame (output, status, error).
def to_ascii(collection: _Collection, preset: Preset = "uts46", **flags: bool) -> Any: ...
def to_unicode(collection: _Collection, preset: Preset = "uts46", **flags: bool) -> Any: ...
def display(collection: _Collection, profile: DisplayProfile = "chromium", *,
            top_domains: Optional[str] = None, psl: Optional[str] = None) -> Any: ...
def check(collection: _Collection, preset: Preset = "uts46", **flags: bool) -> Any: ...
def write_lines(records: dask.bag.Bag, directory: str, status: bool = False,
                prefix: str = "part-") -> List[str]: ...
