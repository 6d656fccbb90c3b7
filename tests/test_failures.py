"""Failures lose nothing: interrupted builds and full disks leave the previous outputs or the new ones, never a mix."""
import errno
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from conftest import EXAMPLES

TEMPLATES = [
    "We propose {n}Net, a model for image classification that runs {f}× faster than ResNet-50 on ImageNet.",
    "Diffusion models are slow. We introduce {n}Flow, reducing sampling steps by {p}% on CIFAR-10 with FID {v}.",
    "Large language models (LLMs) are costly. {n}Spec accelerates decoding by {f}x over Medusa on GSM8K.",
]


def corpus(n: int) -> str:
    rng = random.Random(n)
    return "NeurIPS 2030 Papers\n\n" + "\n\n".join(
        TEMPLATES[i % 3].format(n=f"Zeta{i}", f=round(rng.uniform(1.2, 9), 1), p=rng.randint(10, 80), v=round(rng.uniform(2, 30), 2))
        for i in range(n))


def snapshot(directory, cache=True):
    """Every file under `directory` with its bytes, the build cache too unless `cache` is false (its
    index records the outputs' modification times, so no two builds write it alike)."""
    if not directory.exists():
        return None
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*"))
            if p.is_file() and (cache or ".kg-cache" not in p.parts)}


def kg(*args):
    return [sys.executable, "-m", "kg", *map(str, args)]


def ctrl_c_default() -> None:
    """In the child: Ctrl-C raises KeyboardInterrupt, even where pytest itself runs with SIGINT
    ignored (started in the background, or under nohup), which the child would inherit."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture(scope="module")
def big_input(tmp_path_factory):
    d = tmp_path_factory.mktemp("big")
    (d / "big.txt").write_text(corpus(1500), encoding="utf-8")
    new = d / "new"
    t = time.perf_counter()
    subprocess.run(kg("build", d / "big.txt", "-o", new, "--format", "turtle", "--format", "json-ld"), check=True, capture_output=True)
    return d / "big.txt", snapshot(new, cache=False), time.perf_counter() - t


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_failures_interrupted_build_leaves_old_or_new_outputs(tmp_path, big_input, sig):
    src, new, duration = big_input
    out = tmp_path / "out"
    subprocess.run(kg("build", EXAMPLES / "abstracts.txt", "-o", out, "--format", "turtle", "--format", "json-ld"), check=True, capture_output=True)
    old, old_cache = snapshot(out, cache=False), snapshot(out)
    rng = random.Random(int(sig))
    outcomes = []
    for trial in range(6):
        for p in out.rglob("*"):  # back to the previous outputs (and cache)
            if p.is_file() and str(p.relative_to(out)) not in old_cache:
                p.unlink()
        for name, data in old_cache.items():
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            (out / name).write_bytes(data)
        proc = subprocess.Popen(kg("build", src, "-o", out, "--format", "turtle", "--format", "json-ld"),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=ctrl_c_default)
        time.sleep(rng.uniform(0.3, 1.15 * duration))  # anywhere in the build, writing included
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=120)
        now = snapshot(out, cache=False)
        assert now in (old, new), f"trial {trial}: a mix of old and new outputs"
        assert "Traceback" not in err
        outcomes.append("new" if now == new else "old")
    subprocess.run(kg("build", src, "-o", out, "--format", "turtle", "--format", "json-ld"), check=True, capture_output=True)
    assert snapshot(out, cache=False) == new  # a rerun finishes: the cache the interruptions left is whole
    print(f"{sig.name}: outcomes {outcomes}")


#: `kg build`, with a Ctrl-C that lands in a finaliser in the middle of pass 2: Python drops such an
#: exception ("Exception ignored in …") and goes on, the finaliser's work half done
DROPPED_IN_A_FINALISER = """
import sys
import kg.build

render = kg.build.render_chunk


class Finalised:
    def __del__(self):
        raise KeyboardInterrupt


def render_chunk(*args, **kwargs):
    Finalised()  # made and dropped at once: its finaliser runs here
    return render(*args, **kwargs)


kg.build.render_chunk = render_chunk
from kg.cli import app
app(sys.argv[1:], prog_name="kg")
"""


@pytest.mark.parametrize("sigint", [signal.SIG_DFL, signal.SIG_IGN], ids=["ctrl-c", "sigint-ignored"])
def test_failures_interrupt_dropped_in_a_finaliser_commits_nothing(tmp_path, sigint):
    """An interruption Python drops stops the build all the same: exit 130, every file of the output
    directory as it was (the cache too), nothing printed as a traceback; with SIGINT ignored, as under
    nohup (a SIGTERM dropped so), the commit is what refuses."""
    out = tmp_path / "out"
    subprocess.run(kg("build", EXAMPLES / "abstracts.txt", "-o", out), check=True, capture_output=True)
    old = snapshot(out)
    (tmp_path / "new.txt").write_text(corpus(40), encoding="utf-8")
    (tmp_path / "driver.py").write_text(DROPPED_IN_A_FINALISER, encoding="utf-8")
    proc = subprocess.run([sys.executable, tmp_path / "driver.py", "build", tmp_path / "new.txt", "-o", out],
                          capture_output=True, text=True, preexec_fn=lambda: signal.signal(signal.SIGINT, sigint))
    assert proc.returncode == 130, proc.stderr
    assert snapshot(out) == old
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr, proc.stderr


@pytest.fixture
def small_disk(tmp_path):
    mnt = tmp_path / "disk"
    mnt.mkdir()
    ok = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=400k", "tmpfs", str(mnt)], capture_output=True).returncode == 0
    yield mnt if ok else None
    if ok:
        subprocess.run(["umount", str(mnt)], capture_output=True)


def test_failures_disk_full_gives_one_line_and_changes_nothing(tmp_path, small_disk, monkeypatch):
    big = tmp_path / "big.txt"
    big.write_text(corpus(400), encoding="utf-8")
    if small_disk is not None:
        out = small_disk / "out"
        assert subprocess.run(kg("build", EXAMPLES / "abstracts.txt", "-o", out), capture_output=True).returncode == 0
        before = snapshot(out)
        proc = subprocess.run(kg("build", big, "-o", out), capture_output=True, text=True)
        lines = [line for line in proc.stderr.splitlines() if line.strip()]
        assert proc.returncode == 1 and len(lines) == 1 and "No space left on device" in lines[0], proc.stderr
        assert snapshot(out) == before
        return
    # no tmpfs here (not root): inject ENOSPC at the file layer instead
    from kg import build as build_module
    from kg.errors import OutputError
    out = tmp_path / "out"
    build_module.build([EXAMPLES / "abstracts.txt"], out)
    before = snapshot(out)

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(out / "graph.ttl"))

    monkeypatch.setattr(build_module, "serialize_rdf", full)
    with pytest.raises(OutputError, match="No space left on device"):
        build_module.build([big], out)
    assert snapshot(out) == before
