"""``python -m emulator.process API GATEWAY [python -m bot arguments]``: the real ``python -m bot``
(its settings, signal handling and exit codes) in a process of its own, pointed at the emulator.

Crash tests start it, kill it (SIGKILL, SIGTERM) at chosen requests and start it again.
"""

from __future__ import annotations

import sys

import discord.gateway
import discord.http
import yarl


def main(argv: list[str]) -> int:
    api, gateway, *rest = argv
    discord.http.Route.BASE = api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    from bot.__main__ import main as bot_main

    return bot_main(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
