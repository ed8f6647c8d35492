"""Benchmarks of the Discord bot (the engine's own benchmark is ``python -m engine bench``).

``python -m bench.bot_load``: the real bot under load through the loopback Discord of ``tests/emulator``.
"""
