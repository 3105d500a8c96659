"""One spelling for what differs between pandas 2.3 and pandas 3.

The package supports pandas 2.3 and 3.x, and a user sees the same frames on
both. Two differences reach the package:

- **Text.** pandas 3 types text as ``str``, which is
  ``pd.StringDtype(na_value=np.nan)`` (arrow-backed when pyarrow is installed,
  a blank reads as ``NaN``). pandas 2.3 has that very dtype too, but its alias
  ``"str"`` still means numpy's ``object`` unless the user turns on
  ``future.infer_string``, an option a library must not set for its users. So
  the package never spells its text dtype ``"str"``: it names :data:`TEXT`,
  the same dtype on both versions (``TEXT == "str"`` holds on both, so a check
  written ``dtype == "str"`` accepts it everywhere). No branch is needed. A
  frame built from Python strings is typed as pandas 3 would infer it by
  :func:`as_inferred`.
- **Writes in place.** pandas 3 always copies on write: ``df.loc[5, "taker"] =
  ...`` never changes an array that another frame shares. pandas 2.3 writes
  into the shared array unless the user turned on ``mode.copy_on_write``. A
  checked frame's stamp (``checking.stamp``) relies on copy-on-write to see
  edits by identity alone; where writes go in place it also compares a digest
  of the checked columns' contents. That needs a version branch (pandas 3
  deprecates the option, and reading it warns), and :func:`writes_in_place` is it.
"""

import numpy as np
import pandas as pd

__all__ = ["TEXT", "as_inferred", "writes_in_place"]

#: The dtype of every text column and of every categorical's categories that
#: the package makes: pandas 3's ``str``, spelled so that pandas 2.3 makes it too.
TEXT = pd.StringDtype(na_value=np.nan)


def as_inferred(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with each ``object`` column that holds text alone (and blanks)
    typed :data:`TEXT`, as pandas 3 infers a column built from Python strings
    (pandas 2.3 leaves it ``object``); other columns as they are."""
    text = [
        c
        for c, dtype in frame.dtypes.items()
        if dtype == object and pd.api.types.infer_dtype(frame[c]) == "string"
    ]
    return frame.astype(dict.fromkeys(text, TEXT)) if text else frame


_PANDAS_MAJOR = int(pd.__version__.split(".", 1)[0])


def writes_in_place() -> bool:
    """Whether a write into a frame (``df.loc[i, c] = v``) changes the array that
    a shallow copy of the frame shares: pandas 2.3 without copy-on-write.

    Read at each call: a pandas 2.3 user may turn the option on or off.
    """
    if _PANDAS_MAJOR >= 3:  # copy-on-write always, the option deprecated
        return False
    return pd.get_option("mode.copy_on_write") is not True
