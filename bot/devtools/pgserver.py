"""A throwaway PostgreSQL server for the tests and the benchmark, started from the machine's server
binaries (initdb, pg_ctl): never a mock. One server per test process (xdist workers each start their
own), listening on a Unix socket only; each test gets its own schema.

`TAVERNIER_TEST_DATABASE_URL` points the tests at a server already running instead. Where no server
can be started the PostgreSQL tests are skipped, saying why.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Generator
from pathlib import Path

SKIP_REASON = (
    "no PostgreSQL server binaries (initdb, pg_ctl) on this machine: install Debian's postgresql "
    "package, or set TAVERNIER_TEST_DATABASE_URL to a server"
)


def binaries() -> Path | None:
    """The folder holding initdb and pg_ctl: on the PATH, else Debian's newest /usr/lib/postgresql/N/bin."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(versions[-1]).parent if versions else None


def server(*, durable: bool = False) -> Generator[str, None, None]:
    """Start a throwaway server and yield its URL; stop and remove it afterwards. `durable`: a commit
    waits for the disk, as in production (the benchmark's commit figures); otherwise it does not (tests)."""
    given = os.environ.get("TAVERNIER_TEST_DATABASE_URL")
    if given:
        yield given
        return
    bins = binaries()
    if bins is None:
        raise RuntimeError(SKIP_REASON)
    # postgres refuses to run as root: as root, the server runs as the `postgres` user
    user = "postgres" if os.geteuid() == 0 else None
    base = Path(tempfile.mkdtemp(prefix="tavernier-pg-"))
    data, sock = base / "data", base / "sock"
    sock.mkdir()
    if user is not None:
        for p in (base, sock):
            shutil.chown(p, user=user)

    def run(*args: str) -> None:
        subprocess.run(args, user=user, check=True, capture_output=True)

    try:
        run(str(bins / "initdb"), "-D", str(data), "-A", "trust", "-U", "tavernier", "--no-sync")
        options = f"-k {sock} -c listen_addresses=''"
        if not durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        log = base / "server.log"
        run(str(bins / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(log), "-w", "start")
    except (subprocess.CalledProcessError, OSError) as exc:
        shutil.rmtree(base, ignore_errors=True)
        detail = exc.stderr.decode(errors="replace") if isinstance(exc, subprocess.CalledProcessError) else str(exc)
        raise RuntimeError(f"PostgreSQL could not start: {detail.strip()[-500:]}") from exc
    try:
        yield f"postgresql://tavernier@/postgres?host={sock}"
    finally:
        subprocess.run(
            [str(bins / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], user=user, capture_output=True
        )
        shutil.rmtree(base, ignore_errors=True)
