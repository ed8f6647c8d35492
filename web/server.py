"""Running the pages: the store opened, the app served until SIGTERM or SIGINT, then closed."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

from aiohttp import web

import picture
from bot.store import StorageError
from bot.store.web import WebStore
from web.app import RUNNER, Site
from web.limits import Buckets
from web.settings import WebSettings
from web.signing import Signer


async def serve(settings: WebSettings, key: bytes) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        store = await WebStore.open(settings.database, settings.database_pool)
    except StorageError as error:
        print(f"cardia web: {error}", file=sys.stderr)
        return 1
    await asyncio.to_thread(picture.warm)  # the fonts, before the first picture is asked for
    site = Site(
        store,
        Signer(key),
        settings.poll,
        Buckets(settings.rate, settings.burst),
        proxied=settings.proxied,
        streams=settings.streams,
    )
    runner = web.AppRunner(site.app(), **RUNNER)
    await runner.setup()
    try:
        listener = web.TCPSite(runner, settings.host, settings.port)
        try:
            await listener.start()
        except OSError as error:
            print(f"cardia web: cannot listen on {settings.host}:{settings.port}: {error}", file=sys.stderr)
            return 1
        host, port = runner.addresses[0][:2]  # the port chosen when 0 was asked
        print(f"cardia web: serving on http://{host}:{port}", flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
    finally:
        await runner.cleanup()
        await store.close()
    return 0
