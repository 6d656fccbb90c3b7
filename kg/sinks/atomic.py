"""Sinks: atomic file writes — a file is either its old complete self or its new complete self."""
from __future__ import annotations

import contextlib
import errno
import os
import signal
import stat
import tempfile
from pathlib import Path

from ..errors import OutputError


def _file_mode() -> int:
    """The mode an ordinary new file gets (mkstemp creates 0600)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def output_target(path: str | Path) -> tuple[Path, bool]:
    """Where writing `path` really goes, and whether it must be written through instead of replaced.

    A regular file or a new path is replaced atomically; a symbolic link is followed and its target
    replaced (the link stays); a FIFO, a terminal or another device is written through, never
    replaced by a regular file. A directory or a socket is refused.
    """
    path = Path(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return (Path(os.path.realpath(path)) if path.is_symlink() else path), False
    except OSError as exc:
        raise _output_error(path, exc) from None
    if stat.S_ISREG(st.st_mode):
        return (Path(os.path.realpath(path)) if path.is_symlink() else path), False
    if stat.S_ISDIR(st.st_mode):
        raise OutputError(f"{path}: is a directory; name a file to write (or - for standard output)")
    if stat.S_ISSOCK(st.st_mode):
        raise OutputError(f"{path}: is a socket; name a file to write (or - for standard output)")
    return path, True


def _output_error(path, exc: OSError) -> OutputError:
    reason = exc.strerror or str(exc)
    hint = "free space or choose another output" if exc.errno in (errno.ENOSPC, errno.EDQUOT) else \
        "check the path and its permissions, or choose another output"
    return OutputError(f"{path}: cannot be written ({reason}); nothing was changed. {hint[0].upper()}{hint[1:]}")


#: Ctrl-Cs and SIGTERMs that Python dropped: they landed while a finaliser ran (`__del__`, a weakref
#: callback), which stopped there, half done, and the interpreter went on as if nothing happened
_dropped: list[BaseException] = []


def interruption_dropped(exc: BaseException) -> None:
    """Note an interruption Python could not raise (`sys.unraisablehook` saw it): what the finaliser
    was doing is undone, so no staged output of this process may be committed after it."""
    _dropped.append(exc)


def _refuse_if_dropped() -> None:
    """Raise KeyboardInterrupt, instead of committing, if an interruption was dropped: the command
    was interrupted, even if Python could not say so where it was."""
    if _dropped:
        _dropped.clear()
        raise KeyboardInterrupt


@contextlib.contextmanager
def signals_held():
    """SIGINT and SIGTERM wait until the block is left: a temporary is made and recorded, or outputs
    are renamed, as one step (an interruption between the two would leave a stray ".part")."""
    blocked = {signal.SIGINT, signal.SIGTERM}
    old = signal.pthread_sigmask(signal.SIG_BLOCK, blocked)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _temp(final: Path) -> tuple[int, str]:
    fd, tmp = tempfile.mkstemp(prefix=_temp_name(final), suffix=".part", dir=final.parent)
    os.fchmod(fd, _file_mode())
    return fd, tmp


def _temp_name(final: Path) -> str:
    # a short prefix: a long file name plus ".part" could pass the file system's limit of 255 bytes
    return f".{final.name[:40]}."


@contextlib.contextmanager
def atomic_write(path: str | Path, mode: str = "w", encoding: str | None = "utf-8"):
    """Write to a temporary file beside `path`, then rename it over `path` (POSIX rename is atomic).

    On any exception, KeyboardInterrupt included, the temporary file is removed and `path` is untouched;
    so too after an interruption Python dropped in a finaliser (`interruption_dropped`).
    A FIFO or a device (`/dev/null`, a terminal) is written through instead (`output_target`).
    OSError becomes `OutputError`, naming the path.
    """
    path = Path(path)
    target, through = output_target(path)
    if through:
        try:
            fh = open(target, mode, encoding=encoding if "b" not in mode else None)
        except OSError as exc:
            raise _output_error(path, exc) from None
        with fh:
            try:
                yield fh
                fh.flush()
            except OSError as exc:
                raise _output_error(path, exc) from None
        return
    tmp = fh = None
    try:
        with signals_held():  # made and recorded as one step: the except below always finds it
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                fd, tmp = _temp(target)
            except OSError as exc:
                raise _output_error(path, exc) from None
            fh = os.fdopen(fd, mode, encoding=encoding if "b" not in mode else None)
        with fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        _refuse_if_dropped()
        os.replace(tmp, target)
    except BaseException as exc:
        if fh is not None:
            with contextlib.suppress(OSError):
                fh.close()
        if tmp is not None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        if isinstance(exc, OSError):
            raise _output_error(path, exc) from None
        raise


class Staged:
    """A set of output files written as temporaries and committed together.

    `path(name)` gives a temporary path beside the final one; `commit()` renames them all with
    SIGINT and SIGTERM blocked, so an interruption leaves either every old file or every new
    one, never a mix; leaving the block without `commit()` removes the temporaries. An interruption
    Python dropped in a finaliser (`interruption_dropped`) makes `commit()` raise KeyboardInterrupt.
    """

    def __init__(self, directory: str | Path):
        self.dir = Path(directory)
        self.files: dict[Path, Path] = {}  # output path → its temporary
        self.targets: dict[Path, Path] = {}  # output path → the file renamed over (a link's target)
        self.created: list[Path] = []  # directories made for the outputs, deepest first

    def path(self, name: str) -> Path:
        final, through = output_target(self.dir / name)
        self.targets[self.dir / name] = final
        if through:
            raise OutputError(f"{self.dir / name}: is not a regular file; kg replaces its outputs whole, "
                              "so remove it or choose another output directory")
        missing = []
        parent = final.parent
        while not parent.exists():
            missing.append(parent)
            parent = parent.parent
        self.created = missing + [d for d in self.created if d not in missing]
        final.parent.mkdir(parents=True, exist_ok=True)
        with signals_held():  # made and recorded as one step, so `discard` always finds it
            fd, tmp = _temp(final)
            os.close(fd)
            self.files[self.dir / name] = Path(tmp)
        return Path(tmp)

    def commit(self) -> list[Path]:
        for tmp in self.files.values():
            with open(tmp, "rb+") as fh:
                os.fsync(fh.fileno())
        with signals_held():
            _refuse_if_dropped()
            for name, tmp in self.files.items():
                os.replace(tmp, self.targets[name])
            done = list(self.files)
            self.files = {}
            self.created = []
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
