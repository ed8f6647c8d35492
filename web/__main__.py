"""``cardia web`` (or ``python -m web``): serve the pages. ``cardia web health`` checks a running one."""

from __future__ import annotations

import argparse
import asyncio
import sys
import urllib.error
import urllib.request
from collections.abc import Sequence

from pydantic import ValidationError


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="cardia web",
        description=(
            "Serve the games', tournaments' and players' pages from the bot's database (read only)."
            " Settings as the bot's, from the environment or .env: CARDIA_DATABASE, CARDIA_DATABASE_POOL,"
            " CARDIA_WEB_HOST, CARDIA_WEB_PORT, CARDIA_WEB_SECRET (required: the key of the links),"
            " CARDIA_WEB_POLL, CARDIA_WEB_RATE, CARDIA_WEB_BURST, CARDIA_WEB_PROXIED, CARDIA_WEB_STREAMS"
            " (docs/operators.md). The database must be the bot's, already migrated: it is only read."
            " `cardia web health` checks a running server (the container's health check)."
        ),
    )
    parser.add_argument("job", nargs="?", choices=["health"], help="check a running server instead")
    parser.add_argument("--host", help="the address to listen on (CARDIA_WEB_HOST, default 127.0.0.1)")
    parser.add_argument("--port", type=int, help="the port (CARDIA_WEB_PORT, default 8080)")
    parser.add_argument("--database", help="the database (CARDIA_DATABASE, default cardia.db)")
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    from bot.settings import describe_error
    from web.settings import WebSettings

    given = {
        name: value
        for name, value in (("host", args.host), ("port", args.port), ("database", args.database))
        if value is not None
    }
    try:
        settings = WebSettings(**given)
    except ValidationError as error:
        print(f"cardia web: {describe_error(error)}", file=sys.stderr)
        return 2
    if args.job == "health":
        return health(settings)
    try:
        key = settings.key()
    except ValueError as error:
        print(f"cardia web: {error}", file=sys.stderr)
        return 2
    from web.server import serve

    try:
        return asyncio.run(serve(settings, key))
    except KeyboardInterrupt:
        return 130


def health(settings: object) -> int:
    """0 when the server on this machine answers /health (its database answers), else 1 and why."""
    from web.settings import WebSettings

    assert isinstance(settings, WebSettings)
    host = "127.0.0.1" if settings.host in ("0.0.0.0", "::") else settings.host
    url = f"http://{host}:{settings.port}/health"
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return 0 if response.status == 200 else 1
    except (urllib.error.URLError, OSError) as error:
        print(f"cardia web health: {url}: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
