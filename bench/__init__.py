"""Benchmarks of the Discord bot (the engine's own benchmark is ``python -m engine bench``).

``python -m bench.bot_load``: the real bot under load through the loopback Discord of ``emulator``
(``bench.players`` click, ``bench.report`` prints, ``bench.bot_process`` runs the bot and
``bench.probes`` counts and times it); ``python -m bench.floor``: the same traffic answered by a bot
that does nothing else (``bench.floor_bot``); ``python -m bench.pictures``: drawing the pictures.
"""
