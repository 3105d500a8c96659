"""The ``cardscore`` command: one module per sub-command, each with ``add(sub)``
(its parser) and ``run(args)`` (the work).

Exit status: 0 on success, 1 when the input has problems (the full report is printed
to standard error), 2 on a usage error (an option missing that the files cannot
tell, such as the game of a CSV log).
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Sequence

from cardscore_frames.cli import (
    demo,
    generate,
    score,
    season,
    settle,
    template,
    validate,
)
from cardscore_frames.cli.common import UsageError
from cardscore_frames.errors import CardscoreError

__all__ = ["main", "build_parser", "COMMANDS"]

#: The sub-commands, in the order ``--help`` lists them.
COMMANDS = (validate, score, settle, season, template, demo, generate)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardscore",
        description="Score card-game logs (French tarot, Bazar-Belot, preferans).",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    with warnings.catch_warnings():
        warnings.showwarning = _said(warnings.showwarning)
        return _run(args)


def _said(default):
    """A warning of the package printed as one line for a person (``cardscore:
    warning: ...``), not as Python's file, line and source; others as usual."""

    def show(message, category, filename, lineno, file=None, line=None):
        if not issubclass(category, UserWarning):  # a library's, for developers
            return default(message, category, filename, lineno, file, line)
        print(f"cardscore: warning: {message}", file=file or sys.stderr)

    return show


def _run(args: argparse.Namespace) -> int:
    try:
        args.run(args)
    except UsageError as exc:
        print(f"cardscore: {exc}", file=sys.stderr)
        return 2
    except (CardscoreError, FileNotFoundError) as exc:
        print(f"cardscore: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader stopped early (cardscore ... | head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except OSError as exc:  # a full disk, a folder that cannot be written
        print(f"cardscore: {exc}", file=sys.stderr)
        return 1
    return 0
