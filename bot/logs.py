"""Structured log lines: `time level logger message key=value ...` on stderr."""

from __future__ import annotations

import logging
import sys


class StderrHandler(logging.Handler):
    """Writes to whatever `sys.stderr` is when a line is logged, not when the handler was made.

    A handler bound to the stderr of its creation time writes into a closed stream once that stream is
    replaced (a test's captured stderr): "I/O operation on closed file" in every later test.
    """

    def emit(self, record: logging.LogRecord) -> None:
        try:
            sys.stderr.write(self.format(record) + "\n")
        except Exception:
            self.handleError(record)


def setup_logging(level: str = "INFO") -> None:
    handler = StderrHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s level=%(levelname)s logger=%(name)s %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    logging.getLogger("discord").setLevel(max(logging.INFO, root.level))
