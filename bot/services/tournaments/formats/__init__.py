"""Tournament formats: one unit each, registered by name (``base.py`` says what a unit holds).

Every module of this package other than ``base`` is a format, imported here: a new format is a new
module (and its words in the catalogues), nothing else.
"""

import importlib
import pkgutil

from bot.services.tournaments.formats.base import FORMATS, Format, UnknownFormat, format_named, register

for _module in pkgutil.iter_modules(__path__):
    if _module.name != "base":
        importlib.import_module(f"{__name__}.{_module.name}")
# The command offers them in their units' order.
for _unit in sorted(FORMATS.values(), key=lambda unit: unit.order):
    FORMATS[_unit.name] = FORMATS.pop(_unit.name)

__all__ = ["FORMATS", "Format", "UnknownFormat", "format_named", "register"]
