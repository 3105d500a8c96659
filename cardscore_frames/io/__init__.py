"""Reading logs in and writing results out."""

from cardscore_frames.io.read import LogReadError, read_log, read_table, validate

__all__ = ["read_log", "read_table", "validate", "LogReadError"]
