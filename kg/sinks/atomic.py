"""Sinks: atomic file writes — a file is either its old complete self or its new complete self."""
from __future__ import annotations

import contextlib
import os
import signal
import tempfile
from pathlib import Path


def _file_mode() -> int:
    """The mode an ordinary new file gets (mkstemp creates 0600)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


@contextlib.contextmanager
def atomic_write(path: str | Path, mode: str = "w", encoding: str | None = "utf-8"):
    """Write to a temporary file beside `path`, then rename it over `path` (POSIX rename is atomic).

    On any exception, KeyboardInterrupt included, the temporary file is removed and `path` is untouched.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    os.fchmod(fd, _file_mode())
    try:
        with os.fdopen(fd, mode, encoding=encoding if "b" not in mode else None) as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


class Staged:
    """A set of output files written as temporaries and committed together.

    `path(name)` gives a temporary path beside the final one; `commit()` renames them all with
    SIGINT and SIGTERM blocked, so an interruption leaves either every old file or every new
    one, never a mix; leaving the block without `commit()` removes the temporaries.
    """

    def __init__(self, directory: str | Path):
        self.dir = Path(directory)
        self.files: dict[Path, Path] = {}
        self.created: list[Path] = []  # directories made for the outputs, deepest first

    def path(self, name: str) -> Path:
        final = self.dir / name
        missing = []
        parent = final.parent
        while not parent.exists():
            missing.append(parent)
            parent = parent.parent
        self.created = missing + [d for d in self.created if d not in missing]
        final.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{final.name}.", suffix=".part", dir=final.parent)
        os.fchmod(fd, _file_mode())
        os.close(fd)
        self.files[final] = Path(tmp)
        return Path(tmp)

    def commit(self) -> list[Path]:
        for tmp in self.files.values():
            with open(tmp, "rb+") as fh:
                os.fsync(fh.fileno())
        blocked = {signal.SIGINT, signal.SIGTERM}
        old = signal.pthread_sigmask(signal.SIG_BLOCK, blocked)
        try:
            for final, tmp in self.files.items():
                os.replace(tmp, final)
            done = list(self.files)
            self.files = {}
            self.created = []
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
        return done

    def drop(self, tmp: Path) -> None:
        """Forget and delete one temporary (a working file that is not an output)."""
        for final, t in list(self.files.items()):
            if t == tmp:
                del self.files[final]
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)

    def discard(self) -> None:
        for tmp in self.files.values():
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        self.files = {}
        for d in sorted(self.created, key=lambda p: len(p.parts), reverse=True):
            with contextlib.suppress(OSError):
                d.rmdir()  # only if empty
        self.created = []

    def __enter__(self) -> "Staged":
        return self

    def __exit__(self, *exc) -> None:
        self.discard()
