"""Rules reference of the registered games: bilingual entries and their search (``/regle``, ``/carte``).

Public API:

* :func:`bot.rules.loader.corpus` - the validated entries of the registered games (`GameDef.corpus`);
* :func:`bot.rules.search.search` / :func:`bot.rules.search.autocomplete` - lookups (import
  them from ``bot.rules.search``: re-exporting ``search`` here would shadow the submodule);
* :mod:`bot.rules.quality` - search quality and latency figures for the bench;
* :func:`bot.rules.cli.main` - ``python -m bot regle "question" [--game KEY] [--json]``.
"""

from bot.rules.loader import RulesDataError, by_id, corpus, load_entries
from bot.rules.model import RuleEntry
from bot.rules.search import RuleIndex, SearchHit, default_index

__all__ = [
    "RuleEntry",
    "RuleIndex",
    "RulesDataError",
    "SearchHit",
    "by_id",
    "corpus",
    "default_index",
    "load_entries",
]
