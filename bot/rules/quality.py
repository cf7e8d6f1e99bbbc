"""Search quality and latency measurements, shared by the tests and the bench.

The labelled queries live in ``data/queries.yaml`` so that they can grow with the corpus
without touching code; the bench calls :func:`evaluate` and :func:`search_latency`.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from bot.engine.content import load_yaml
from bot.rules.search import RuleIndex, default_index

QUERIES_FILE = Path(__file__).with_name("data") / "queries.yaml"


def load_labelled(path: Path = QUERIES_FILE) -> list[dict[str, Any]]:
    """The labelled queries: ``[{q, expect, game?}, ...]``."""
    items = load_yaml(path.read_text(encoding="utf-8"))
    if not isinstance(items, list):
        raise ValueError(f"{path.name}: expected a list of queries")
    for i, item in enumerate(items):
        if not isinstance(item, dict) or not item.get("q") or not item.get("expect"):
            raise ValueError(f"{path.name}: query #{i} needs 'q' and 'expect'")
    return items


def evaluate(labelled: Iterable[Mapping[str, Any]] | None = None, *, index: RuleIndex | None = None) -> dict[str, Any]:
    """Top-1/top-3 hit rates over labelled queries, with the misses for debugging."""
    index = index or default_index()
    items = list(labelled) if labelled is not None else load_labelled()
    top1 = top3 = 0
    failures: list[dict[str, Any]] = []
    for item in items:
        hits = index.search(str(item["q"]), game=item.get("game"), limit=3)
        ids = [h.entry.id for h in hits]
        if ids[:1] == [item["expect"]]:
            top1 += 1
        if item["expect"] in ids:
            top3 += 1
        if ids[:1] != [item["expect"]]:
            failures.append({"q": item["q"], "game": item.get("game"), "expect": item["expect"], "got": ids})
    n = len(items)
    return {
        "n": n,
        "top1": top1 / n if n else 0.0,
        "top3": top3 / n if n else 0.0,
        "failures": failures,
    }


def evaluate_default() -> dict[str, Any]:
    """Bench entry point: quality over the packaged queries, misses counted, not listed."""
    result = evaluate()
    return {
        "n": result["n"],
        "top1": round(result["top1"], 4),
        "top3": round(result["top3"], 4),
        "misses": len(result["failures"]),
    }


def search_latency(
    n: int = 1000,
    *,
    queries: Iterable[str] | None = None,
    index: RuleIndex | None = None,
    autocomplete: bool = False,
) -> dict[str, float]:
    """Wall-clock latency of single searches (index already built), in milliseconds.

    With ``autocomplete`` it times :meth:`RuleIndex.autocomplete` (prefix matching, 25
    choices), which is what Discord calls on every keystroke.
    """
    index = index or default_index()
    pool = list(queries) if queries is not None else [str(item["q"]) for item in load_labelled()]
    # Add unfinished words, as autocomplete sends them on every keystroke.
    pool += [q[: max(1, len(q) // 2)] for q in pool[:50]]
    timings: list[float] = []
    cpu: list[float] = []
    for i in range(n):
        query = pool[i % len(pool)]
        start, start_cpu = time.perf_counter(), time.process_time()
        if autocomplete:
            index.autocomplete(query)
        else:
            index.search(query, limit=10)
        cpu.append((time.process_time() - start_cpu) * 1000.0)
        timings.append((time.perf_counter() - start) * 1000.0)
    timings.sort()
    cpu.sort()
    p99 = min(n - 1, int(0.99 * n))
    # Wall-clock is what Discord sees; CPU time is steadier on a shared, loaded machine.
    return {
        "n": float(n),
        "p50_ms": statistics.median(timings),
        "p99_ms": timings[p99],
        "max_ms": timings[-1],
        "cpu_p50_ms": statistics.median(cpu),
        "cpu_p99_ms": cpu[p99],
    }


def report() -> str:
    """A one-paragraph human summary (used by ``python -m bot.rules.quality``)."""
    quality = evaluate()
    latency = search_latency()
    typing = search_latency(autocomplete=True)
    lines = [
        f"queries: {quality['n']}  top-1: {quality['top1']:.1%}  top-3: {quality['top3']:.1%}",
        f"search latency: p50 {latency['p50_ms']:.2f} ms  p99 {latency['p99_ms']:.2f} ms"
        f"  max {latency['max_ms']:.2f} ms  (cpu p99 {latency['cpu_p99_ms']:.2f} ms)",
        f"autocomplete latency: p50 {typing['p50_ms']:.2f} ms  p99 {typing['p99_ms']:.2f} ms"
        f"  max {typing['max_ms']:.2f} ms  (cpu p99 {typing['cpu_p99_ms']:.2f} ms)",
    ]
    lines += [f"  miss: {f['q']!r} -> expected {f['expect']}, got {f['got']}" for f in quality["failures"]]
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover
    print(report())
