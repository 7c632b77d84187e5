"""Notebook kernels import the checkout under test.

A kernel is a process of its own, started in the notebook's folder with the environment of whatever started it
(nbval, nbclient, ``tools/execute_notebooks.py``). A relative ``PYTHONPATH`` (``PYTHONPATH=.``) is read from the
kernel's folder, not from where the command ran, so the kernel would import another install of the kit (an
editable one, say) and the notebooks would pass on code other than the checkout's. :func:`use_this_checkout`
puts the checkout's absolute root first on ``PYTHONPATH`` and makes every other entry absolute; the repository's
``conftest.py`` applies it to every pytest run, ``tools/execute_notebooks.py`` to its own.

A kernel listens on five ports that the process starting it picks (free when picked) and the kernel binds a second
later. Picked among the ports the system hands out to outgoing connections, one could be taken in that second, by
another worker's connection to its kernel, browser or server: the kernel then dies before it starts ("Address
already in use", jupyter_client issue 487). :func:`free_port` picks below that range, from a slice of its own for
each pytest-xdist worker, and :func:`keep_kernel_ports_apart` has jupyter_client pick there too.
"""

import os
import random
import socket
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def checkout_first(pythonpath, root=ROOT, cwd=None):
    """``pythonpath`` with ``root`` first and every other entry absolute (read from ``cwd``, by default the
    current folder), once each.

    >>> checkout_first(f"lib{os.pathsep}/opt/x", root=Path("/co"), cwd=Path("/home/me")).split(os.pathsep)
    ['/co', '/home/me/lib', '/opt/x']
    """
    cwd = Path(cwd or os.getcwd())
    entries = [str(root)] + [str((cwd / entry).resolve()) for entry in (pythonpath or "").split(os.pathsep) if entry]
    return os.pathsep.join(dict.fromkeys(entries))


def use_this_checkout(environ=os.environ):
    """Set ``PYTHONPATH`` in ``environ`` (this process's: the kernels it starts inherit it) to
    :func:`checkout_first`."""
    environ["PYTHONPATH"] = checkout_first(environ.get("PYTHONPATH"))


LOWEST_PORT = 10_000


def worker_ports(environ=os.environ, first_outgoing=None):
    """The ports this pytest-xdist worker (or a run without workers) may listen on: its slice of those from
    :data:`LOWEST_PORT` up to the first one the system hands out to outgoing connections.

    >>> worker_ports({"PYTEST_XDIST_WORKER": "gw1", "PYTEST_XDIST_WORKER_COUNT": "3"}, first_outgoing=32768)
    range(17589, 25178)
    >>> worker_ports({}, first_outgoing=32768)
    range(10000, 32768)
    """
    if first_outgoing is None:
        try:
            first_outgoing = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            first_outgoing = 32768  # (Linux's default; elsewhere, a range that is usually free)
    workers = int(environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    worker = int(environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
    size = max(first_outgoing - LOWEST_PORT, workers) // workers
    return range(LOWEST_PORT + worker * size, LOWEST_PORT + (worker + 1) * size)


_PICK = random.SystemRandom()  # (tests seed the module's generator; the ports must not depend on it or change it)


def free_port(host="127.0.0.1"):
    """A port of :func:`worker_ports` that nothing listens on now, picked at random (a server this worker starts
    picks from the same slice)."""
    ports = worker_ports()
    for _ in range(1000):
        port = _PICK.choice(ports)
        with socket.socket() as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue
        return port
    raise RuntimeError(f"no free port in {ports} on {host} after 1000 tries")


def keep_kernel_ports_apart():
    """Have jupyter_client pick the ports of every kernel this process starts with :func:`free_port`: its kernel
    provisioner asks the one ``LocalPortCache``, which is made here an instance of a subclass (once; the ports the
    one before holds stay held)."""
    from jupyter_client.connect import LocalPortCache

    if LocalPortCache.initialized() and getattr(LocalPortCache.instance(), "in_worker_ports", False):
        return
    held = LocalPortCache.instance().currently_used_ports if LocalPortCache.initialized() else set()

    class WorkerPorts(LocalPortCache):
        in_worker_ports = True

        def find_available_port(self, ip):
            while (port := free_port(ip)) in self.currently_used_ports:
                pass
            self.currently_used_ports.add(port)
            return port

    LocalPortCache.clear_instance()
    WorkerPorts.instance().currently_used_ports.update(held)
