"""What the fake records: REST calls (for assertions and the conformance JSONL) and logged errors."""

from __future__ import annotations

import json
import logging
import os
import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

RECORD_ENV = "TAVERNIER_RECORD_REST"


class SentFile(NamedTuple):
    """One uploaded file, exactly as the bot sent it (``files[n]`` multipart part)."""

    filename: str
    data: bytes
    content_type: str


@dataclass
class Call:
    """One REST request the bot made, and what the fake answered."""

    method: str
    path: str  # after /api/v10, without the query string
    query: dict[str, str] = field(default_factory=dict)
    json: Any = None  # JSON body, or the decoded payload_json of a multipart request
    files: list[SentFile] = field(default_factory=list)
    status: int = 0
    response: Any = None

    def __repr__(self) -> str:
        files = f" files={[f.filename for f in self.files]}" if self.files else ""
        return f"<Call {self.method} {self.path} -> {self.status}{files}>"


class CallList(list[Call]):
    """Calls made during one interaction, with the same finders as the fake."""

    def find(self, method: str, path_regex: str) -> list[Call]:
        pattern = re.compile(path_regex)
        return [c for c in self if c.method == method and pattern.fullmatch(c.path)]

    def one(self, method: str, path_regex: str) -> Call:
        found = self.find(method, path_regex)
        if len(found) != 1:
            raise AssertionError(f"expected one {method} {path_regex}, got {len(found)}: {list(self)}")
        return found[0]

    @property
    def callback(self) -> Call | None:
        """The interaction callback of this interaction, if the bot answered."""
        found = self.find("POST", r"/interactions/\d+/[^/]+/callback")
        return found[0] if found else None


def append_record(call: Call) -> None:
    """Append the call to the JSONL file named by $TAVERNIER_RECORD_REST (for the conformance check)."""
    target = os.environ.get(RECORD_ENV)
    if not target:
        return
    line = {"method": call.method, "path": call.path, "json": call.json, "files": [f.filename for f in call.files]}
    with open(target, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(line, ensure_ascii=False) + "\n")


class ErrorCollector(logging.Handler):
    """Collects ERROR records: discord.py only logs exceptions raised by commands and views."""

    def __init__(self, logger_names: tuple[str, ...]) -> None:
        super().__init__(level=logging.ERROR)
        self.errors: list[str] = []
        self._loggers = [logging.getLogger(name) for name in logger_names]

    def emit(self, record: logging.LogRecord) -> None:
        text = f"{record.name}: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            text += f" [{type(exc).__name__}: {exc}]"
        self.errors.append(text)

    def install(self) -> None:
        for logger in self._loggers:
            logger.addHandler(self)

    def uninstall(self) -> None:
        for logger in self._loggers:
            logger.removeHandler(self)
