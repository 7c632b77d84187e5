"""Loaded by every pytest run in this checkout (the suite, notebooks under nbval, doctests): the notebook kernels it
starts import this checkout, whatever ``PYTHONPATH`` the run was given (see ``tests/kernels.py``)."""

from tests.kernels import use_this_checkout

use_this_checkout()
