"""The notebook kernels the suite starts import the kit from this checkout (``tests/kernels.py``, applied to every
pytest run by the repository's ``conftest.py``), even when the run was given a relative ``PYTHONPATH``, and listen on
ports of their worker's slice, below those of outgoing connections."""

import os
import subprocess
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from tests.kernels import worker_ports

ROOT = Path(__file__).resolve().parents[1]


def kernel_imports_from(folder):
    """The file a kernel started in ``folder`` with this process's environment (as nbval and nbclient start the
    notebooks' kernels) imports ``greatwall_kit`` from."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import greatwall_kit\n"
                                                                    "print(greatwall_kit.__file__)")])
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(folder)}}).execute()
    return Path(nb.cells[0].outputs[0].text.strip())


def test_a_kernel_started_by_the_suite_imports_this_checkout():
    assert kernel_imports_from(ROOT / "notebooks") == ROOT / "greatwall_kit" / "__init__.py"


def test_a_relative_pythonpath_does_not_send_kernels_to_another_copy(tmp_path):
    # PYTHONPATH=. from the checkout: pytest reads "." as the checkout, but a kernel started in notebooks/ read it as
    # notebooks/ and imported the next copy on its path (here a decoy; on a developer's machine an editable install)
    decoy = tmp_path / "greatwall_kit"
    decoy.mkdir()
    (decoy / "__init__.py").write_text("")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([".", str(tmp_path)])}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "tests/test_kernels.py::test_a_kernel_started_by_the_suite_imports_this_checkout"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:]


def test_a_kernel_started_by_the_suite_listens_on_its_workers_ports():
    # a port picked among the outgoing connections' ones was taken before the kernel bound it: "Kernel died before
    # replying to kernel_info" in a CI run (jupyter_client issue 487)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")])
    client = NotebookClient(nb, timeout=120, kernel_name="python3")
    with client.setup_kernel():
        ports = [client.km.shell_port, client.km.iopub_port, client.km.stdin_port, client.km.control_port,
                 client.km.hb_port]
    assert all(port in worker_ports() for port in ports), (ports, worker_ports())
