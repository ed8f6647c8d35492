"""The signed links of the pages: made and checked by :mod:`bot.services.links` (the bot makes the same
ones, with the same key), whose docstring tells how."""

from bot.services.links import KINDS, SIGNATURE_LENGTH, Signer

__all__ = ["KINDS", "SIGNATURE_LENGTH", "Signer"]
