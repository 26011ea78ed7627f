"""``python3 main.py``: parse the command line and run the game.

Bad flags get a clear message and exit code 2.  Whatever happens inside, a
player never sees a traceback: errors are logged to ``errors.log`` in the data
folder and a short message is shown instead.
"""

from __future__ import annotations

import argparse
import os
import sys


MIN_W, MIN_H = 800, 500  # the smallest window the screens are laid out for (game.ui.app.MIN_SIZE)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # exit 2 with a clear message, no usage dump noise
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def _size(text: str) -> tuple[int, int]:
    from .text import parse_size

    got = parse_size(text, MIN_W, MIN_H)
    if isinstance(got, str):
        raise argparse.ArgumentTypeError(got)
    return got


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed {text!r} must be a whole number") from None
    if not 0 <= value < 2**63:
        raise argparse.ArgumentTypeError("seed must be between 0 and 2^63")
    return value


def build_parser() -> argparse.ArgumentParser:
    from ..rules.variants import REGISTRY

    ap = _Parser(prog="main.py", description="Tile Rush: an arcade tile-rummy game (Rummikub rules and variants).")
    ap.add_argument("--seed", type=_seed, help="seed for the deal (the same seed deals the same game)")
    ap.add_argument("--variant", metavar="KEY", help=f"rule set to preselect: {', '.join(REGISTRY)}")
    ap.add_argument("--demo", action="store_true", help="attract mode: the computer plays every seat")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--windowed", action="store_true", help="play in a window")
    mode.add_argument("--fullscreen", action="store_true", help="play full screen")
    ap.add_argument("--size", type=_size, metavar="WxH", help="window size, e.g. 1280x800")
    ap.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)  # run N frames then quit (testing)
    return ap


ALREADY_OPEN = "Tile Rush is already open with this data folder"


def claim_data_folder():
    """This copy's claim on the data folder (``game.storage.locks``; held until the process
    ends), or None when another copy of the game holds it: then this one writes nothing.
    The copy that gets it keeps room for a finished game on a full disk (``storage.reserve``)
    and removes the autosave copies set aside for finished games now on disk (``unsaved.drop_set_aside``)."""
    from ..storage import locks, persistence, reserve

    try:
        folder = persistence.data_dir()
    except OSError:  # no data folder can be made: the game still starts (its saves will say why)
        return True
    claim = locks.claim_instance(folder)
    if claim is not None:
        reserve.ensure()
        from ..play import unsaved

        unsaved.drop_set_aside()
    return claim


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    ap = build_parser()
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    from ..rules.variants import REGISTRY

    if args.variant is not None and args.variant.lower() not in REGISTRY:
        print(f"main.py: error: unknown rule set {args.variant!r}; choose from {', '.join(REGISTRY)}", file=sys.stderr)
        return 2
    if args.frames is not None and args.frames < 1:
        print("main.py: error: --frames must be at least 1", file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        from ..ui import wiring  # noqa: F401  (every screen registers itself)
        from ..ui.app import App
    except ImportError as exc:
        print(f"Tile Rush cannot start: a package is missing ({exc}). Run `python3 main.py` from the game folder "
              "to set it up.", file=sys.stderr)
        return 1
    fullscreen = True if args.fullscreen else False if args.windowed else None
    try:
        claim = claim_data_folder()
        read_only = "" if claim is not None else ALREADY_OPEN
        app = App(size=args.size, fullscreen=fullscreen, seed=args.seed,
                  variant=args.variant.lower() if args.variant else None, demo=args.demo and not read_only,
                  welcome=not args.demo, read_only=read_only)
        code = app.run(max_frames=args.frames)
        if app.stop_signal:  # Ctrl+C, a closed terminal or SIGTERM: the game ended as a closed window does
            return 128 + int(app.stop_signal)
        if code:
            where = f" The details are in {app.last_error}." if app.last_error else ""
            print(f"Tile Rush stopped after repeated errors.{where}", file=sys.stderr)
        return code
    except KeyboardInterrupt:  # before the loop runs (it handles Ctrl+C itself): nothing in play yet
        return 130
    except Exception as exc:  # the last line of defence: log, explain, no traceback
        from ..ui.errorlog import log_error

        path = log_error("starting or running the game", exc)
        print(f"Tile Rush stopped because of an unexpected problem: {exc.__class__.__name__}: {exc}", file=sys.stderr)
        if path:
            print(f"The details are in {path}.", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
