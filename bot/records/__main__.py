"""``python -m bot.records ...``: see :mod:`bot.records.cli`."""

import sys

from bot.records.cli import main

sys.exit(main())
