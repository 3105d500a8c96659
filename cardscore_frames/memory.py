"""Giving memory the package has freed back to the system, between large steps.

glibc's allocator keeps much of what a process frees for its next allocations
instead of returning it, and how much it keeps depends on the sizes freed before
(its threshold for giving large blocks their own mapping moves with them). A
pipeline that frees a few hundred MB of scoring temporaries and then builds a
ledger of several hundred MB can so hold both at once. :func:`give_back` asks
glibc to return what it holds free (``malloc_trim``, as Dask's workers do for the
same reason); elsewhere it does nothing.
"""

from __future__ import annotations

import ctypes
import sys
from functools import cache

__all__ = ["give_back"]


@cache
def _malloc_trim():
    """glibc's ``malloc_trim``, or None where there is no glibc."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):  # another C library (musl): nothing to do
        return None


def give_back() -> None:
    """Return the memory the process holds free to the system (a few ms)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)
