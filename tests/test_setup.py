"""The set-up a classroom depends on: the wheel ships its data, Binder builds, imports stay light."""

import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

import greatwall_kit

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "greatwall_kit"


def run(*args, **kwargs):
    done = subprocess.run(args, capture_output=True, text=True, **kwargs)
    assert done.returncode == 0, f"{args[:4]} failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def test_the_wheel_ships_every_package_file(tmp_path):
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT))
    (wheel,) = tmp_path.glob("greatwall_kit-*.whl")
    shipped = set(zipfile.ZipFile(wheel).namelist())
    wanted = {p.relative_to(ROOT).as_posix() for p in PACKAGE.rglob("*")
              if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}
    assert any(not w.endswith(".py") for w in wanted), "no package data found to check"
    assert wanted <= shipped, f"missing from the wheel: {sorted(wanted - shipped)}"


@pytest.mark.parametrize("game", sorted(greatwall_kit.GAMES))
def test_importing_a_rules_core_imports_no_widget_code(game):
    code = (f"import sys, greatwall_kit.{game} as g; g.new_game(seed=1); "
            "print(sorted(m for m in ('ipywidgets', 'anywidget', 'traitlets', 'networkx') if m in sys.modules))")
    assert run(sys.executable, "-c", code).stdout.split() == ["[]"]


def test_repo2docker_builds_the_kit_into_the_binder_image():
    if shutil.which("repo2docker") is None:
        pytest.skip("repo2docker is not installed (it comes with the [test] extra)")
    out = run("repo2docker", "--no-build", "--debug", "--no-run", str(ROOT), cwd=ROOT)
    dockerfile = out.stdout + out.stderr
    assert "python=3.11" in dockerfile or "python3.11" in dockerfile
    copy_repo = dockerfile.index("COPY --chown=0:0 src/ ${REPO_DIR}/")
    install = dockerfile.index('pip install --no-cache-dir -r "binder/requirements.txt"')
    assert copy_repo < install, "the kit's source must be in the image before binder/requirements.txt installs it"
    lines = [ln.strip() for ln in (ROOT / "binder/requirements.txt").read_text().splitlines()]
    assert ".[print]" in lines, "binder/requirements.txt must install the kit itself with its print extra"
    assert not (ROOT / "binder/environment.yml").exists(), "environment.yml would make Binder skip requirements.txt"
    assert "./binder/postBuild" in dockerfile, "Binder does not run binder/postBuild"
    post_build = (ROOT / "binder/postBuild").read_text()
    assert post_build.splitlines()[0].startswith("#!") and "set -e" in post_build
    assert "jupyter trust notebooks/*.ipynb" in post_build, "Binder must trust the stored notebooks (first open)"


def test_binder_requirements_install_the_kit_into_a_fresh_environment(tmp_path):
    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    # the environment's own install, never the checkout that conftest.py puts on PYTHONPATH for notebook kernels
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    run(str(python), "-m", "pip", "install", "-q", "-r", "binder/requirements.txt", cwd=ROOT, env=env)
    code = ("import json, greatwall_kit\n"
            "from greatwall_kit.engine.playout import play_randomly\n"
            "out = {}\n"
            "for name in greatwall_kit.GAMES:\n"
            "    g = greatwall_kit.new_game(name, seed=2)\n"
            "    play_randomly(g, 2)\n"
            "    out[name] = [greatwall_kit.__file__, g.is_over]\n"
            "import ipywidgets, anywidget, networkx, fpdf  # fpdf: the print extra (worksheets)\n"
            "print(json.dumps(out))\n")
    result = json.loads(run(str(python), "-c", code, cwd=tmp_path, env=env).stdout)
    for name, (path, over) in result.items():
        assert over and str(env_dir) in path, f"{name}: the kit was not installed into the environment"
