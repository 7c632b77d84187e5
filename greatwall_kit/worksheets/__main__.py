"""``python -m greatwall_kit.worksheets [--out docs/worksheets] [NOTEBOOK ...]``: write the ready worksheets."""

import sys

from . import main

sys.exit(main())
