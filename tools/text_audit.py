"""Which words on screen are too small, or had to be shrunk or cut to fit?

``python3 tools/text_audit.py [OUTDIR] [--size WxH]`` runs every screenshot tool (``screens.py
--all``'s list), each in its own process, with ``theme.text`` and ``theme.fit_text`` watched, and
prints where (file:line) a word was drawn under ``theme.MIN_TEXT_PX`` and where a label had to be
shrunk or cut, with a few of the texts.  Tile faces are left out (they are pictures).  The PNGs go
to OUTDIR as usual.  A development aid, not a test (``tests/test_text_readable.py`` is the test).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PICTURES = (os.path.join("game", "ui", "tileart.py"), os.path.join("game", "ui", "r200", "art.py"))


def watch(record_to: str) -> None:
    """In a tool's process: record every text drawn and every label that did not fit."""
    import atexit

    from game.ui import theme

    seen: dict[tuple, set] = {}

    def where() -> str:
        f = sys._getframe(2)
        while f is not None and f.f_code.co_filename in (theme.__file__, __file__):
            f = f.f_back
        return f"{os.path.relpath(f.f_code.co_filename)}:{f.f_lineno}" if f is not None else "?"

    real_text, real_fit = theme.text, theme.fit_text

    def text(s, px, *a, **kw):
        at = where()
        if not at.split(":")[0].endswith(PICTURES):
            seen.setdefault(("small", at, int(round(px))), set()).add(str(s)[:80])
        return real_text(s, px, *a, **kw)

    def fit_text(s, px, max_w, *a, **kw):
        if real_text(s, px, *a, **kw).get_width() > max_w:
            seen.setdefault(("fit", where(), int(round(px))), set()).add(str(s)[:80])
        return real_fit(s, px, max_w, *a, **kw)

    theme.text, theme.fit_text = text, fit_text

    def dump() -> None:
        with open(record_to, "a", encoding="utf-8") as out:
            for (kind, at, px), texts in seen.items():
                if kind == "fit" or px < theme.MIN_TEXT_PX:
                    out.write(json.dumps({"kind": kind, "where": at, "px": px, "texts": sorted(texts)[:3]}) + "\n")

    atexit.register(dump)


def run_one(tool: str, outdir: str, size: str, record_to: str) -> int:
    code = ("import runpy, sys; sys.path.insert(0, {here!r}); import shotkit, text_audit; "
            "text_audit.watch({rec!r}); sys.argv = [{tool!r}, {out!r}, '--size', {size!r}]; "
            "runpy.run_path({tool!r}, run_name='__main__')").format(here=HERE, rec=record_to, tool=tool, out=outdir,
                                                                    size=size)
    env = dict(os.environ, RUMMIKUB_HOME=tempfile.mkdtemp(prefix="tilerush-audit-"))
    return subprocess.call([sys.executable, "-c", code], env=env, stdout=subprocess.DEVNULL)


def main(argv: list[str]) -> int:
    import shotkit
    from screens import TOOLS

    outdir, (w, h) = shotkit.args(argv, "/tmp/text-audit")
    record_to = os.path.join(outdir, "text-audit.jsonl")
    if os.path.exists(record_to):
        os.remove(record_to)
    worst = 0
    for name in ("screens",) + TOOLS:
        got = run_one(os.path.join(HERE, name + ".py"), os.path.join(outdir, name.replace("_screens", "")), f"{w}x{h}",
                      record_to)
        if got:
            print(f"{name}: the tool stopped with status {got} (its screens after that are not audited)")
        worst = worst or got
    rows = [json.loads(line) for line in open(record_to, encoding="utf-8")] if os.path.exists(record_to) else []
    merged: dict[tuple, tuple[int, set]] = {}
    for r in rows:
        key = (r["kind"], r["where"])
        px, texts = merged.get(key, (r["px"], set()))
        merged[key] = (min(px, r["px"]), texts | set(r["texts"]))
    for kind, title in (("small", "drawn under the smallest readable size"), ("fit", "shrunk or cut to fit")):
        found = sorted((k[1], v) for k, v in merged.items() if k[0] == kind)
        print(f"{w}x{h}: {len(found)} place{'' if len(found) == 1 else 's'} {title}")
        for at, (px, texts) in found:
            print(f"  {at}  {px} px  {sorted(texts)[:3]}")
    return worst


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
