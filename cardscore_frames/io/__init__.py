"""Reading logs in and combining them."""

from cardscore_frames.io.combine import concat_logs
from cardscore_frames.io.read import read_log, read_table, validate

__all__ = ["read_log", "read_table", "validate", "concat_logs"]
