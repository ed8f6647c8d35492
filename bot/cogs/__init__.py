"""The cogs: everything that speaks to Discord, one module per feature, each given the services it needs
when the bot is built (``bot.app``).

- ``duels``: ``/cardia challenge``, the challenge's answers, boards, hands and decisions, Rematch.
- ``server``: duels over days on a server: ``/cardia settings``, ``concede``, ``abort``, ``status``,
  Claim victory and the timers' notices.
- ``records``: ``/cardia stats``, ``leaderboard``, ``history``, ``about``.
- ``help``: ``/cardia rules`` and ``card``.

Shared by them: ``components`` (the stateless buttons and selects), ``outbox`` (the channel brought up to
date from the database), ``guard`` (every interaction answered), ``render`` (embeds).
"""

from __future__ import annotations

from discord import app_commands

from bot.ui.translator import said


def cardia_group() -> app_commands.Group:
    """The ``/cardia`` command group; each cog adds its commands to it."""
    return app_commands.Group(name="cardia", description=said("slash.cardia.description"))
