"""``cardscore demo``: the main job, every bundled sample season scored."""

from __future__ import annotations

import argparse

from cardscore_frames.cli.score import score_log
from cardscore_frames.datasets import EXAMPLES, example_path


def add(sub) -> None:
    demo = sub.add_parser(
        "demo",
        help="the main job: score every bundled sample season",
        description="Score every bundled sample log and print the results.",
    )
    demo.set_defaults(run=run)


def run(args: argparse.Namespace, out=None) -> None:
    for name, (_, game, kind, _) in EXAMPLES.items():
        if kind != "deals":
            continue
        path = example_path(name)
        print(f"\n######## {game}: {path.name} ########")
        score_log(str(path), game, out=out)
