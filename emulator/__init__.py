"""A loopback Discord for testing the bot with the real discord.py: REST v10 and the Gateway on
127.0.0.1, every request recorded and its body validated against Discord's OpenAPI description.

See README.md beside this file. The pieces:

- :class:`Emulator` (``server.py``): the aiohttp server, the discord.py URL patch, the verdict.
- :func:`run_bot` (``bot.py``): runs a ``discord.Client`` against it until the block ends.
- :class:`SimUser` (``users.py``): ``slash``, ``autocomplete``, ``click``, ``select``, ``submit_modal``.
- ``state.py``: guilds, channels, users, :class:`Message` and :class:`Interaction` records.
- ``spec.py``: :class:`OpenAPISpec`, route matching and Draft 2020-12 body validation.
- ``gateway.py`` / ``rest.py``: the two protocols.
"""

from .bot import run_bot
from .rest import RecordedRequest, Violation
from .server import Emulator
from .spec import OpenAPISpec
from .state import Channel, Interaction, Message, User
from .users import SimUser

__all__ = [
    "Channel",
    "Emulator",
    "Interaction",
    "Message",
    "OpenAPISpec",
    "RecordedRequest",
    "SimUser",
    "User",
    "Violation",
    "run_bot",
]
