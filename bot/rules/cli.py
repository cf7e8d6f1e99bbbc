"""Command line for the rules reference: ``python -m bot regle "question"``.

It exercises the exact search the Discord command uses, so rulings can be checked (and
scripted with ``--json``) without a bot token.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

import bot.games
from bot.engine import load_games
from bot.rules.loader import registered_files
from bot.rules.search import SearchHit, search


def build_parser(prog: str = "regle") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog, description="Cherche dans le référentiel des règles (FR ou EN, fautes tolérées)."
    )
    parser.add_argument("question", nargs="+", help="mots de la recherche, ex. « riposte liber »")
    keys = [key for key, _ in registered_files()]
    parser.add_argument("--game", choices=keys, help="limiter à un jeu")
    parser.add_argument("--json", action="store_true", help="sortie JSON (titre et texte en français)")
    parser.add_argument("--limit", type=int, default=5, help="nombre de résultats (défaut 5)")
    parser.add_argument("--locale", choices=("fr", "en"), default="fr", help="langue de l'affichage texte")
    return parser


def hits_to_json(hits: Sequence[SearchHit]) -> list[dict[str, object]]:
    """The documented JSON shape: ``{id, game, title, body, score}``, French text, best first."""
    return [
        {
            "id": h.entry.id,
            "game": h.entry.game,
            "title": h.entry.title.fr,
            "body": h.entry.body.fr,
            "score": round(h.score, 2),
        }
        for h in hits
    ]


def _first_line(text: str, width: int = 100) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= width else line[: width - 1] + "…"


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None) -> int:
    """Run the CLI; returns 0 when something was found, 1 otherwise (2 on usage errors)."""
    out = out or sys.stdout
    load_games(bot.games)  # the corpus is the registered games' (GameDef.corpus)
    args = build_parser().parse_args(list(argv) if argv is not None else None)
    query = " ".join(args.question)
    hits = search(query, game=args.game, locale=args.locale, limit=max(1, args.limit))
    if args.json:
        json.dump(hits_to_json(hits), out, ensure_ascii=False, indent=2)
        out.write("\n")
        return 0 if hits else 1
    if not hits:
        out.write(f"Aucun résultat pour « {query} ».\n")
        return 1
    for rank, hit in enumerate(hits, 1):
        entry = hit.entry
        mark = "=" if hit.exact else "~"
        out.write(f"{rank}. {entry.id}  [{mark}{hit.score:.1f}]  {entry.title_for(args.locale)}\n")
        out.write(f"   {_first_line(entry.body_for(args.locale))}\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
