"""``python -m bot.services.records ...``: see :mod:`bot.services.records.cli`."""

import sys

from bot.services.records.cli import main

sys.exit(main())
