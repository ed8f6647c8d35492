"""The web pages' links (``cardia web``, docs/web.md), which the bot puts on its messages and the pages
check: links nobody can guess or enumerate. Each names its subject (a game, a tournament, a server's
player) by its id and an HMAC-SHA256 of the kind and id under the secret key (``CARDIA_WEB_SECRET``),
cut to 128 bits: ``/g/123-<22 characters>``. Anyone with a link may read its page; no link can be made
without the key, and a changed id or signature is refused like an unknown one (404), compared in
constant time. No discord.py here: the bot's front end makes its buttons from :class:`Links`."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

KINDS = ("g", "t", "p")  # a game, a tournament, a player in a server
SIGNATURE_LENGTH = 22  # base64url characters of 16 bytes, without padding
#: A subject: one id, or two joined by a dot (a player's server and user ids); each at most 19 digits.
_TOKEN = re.compile(rf"([0-9]{{1,19}}(?:\.[0-9]{{1,19}})?)-([A-Za-z0-9_-]{{{SIGNATURE_LENGTH}}})")


class Signer:
    def __init__(self, key: bytes) -> None:
        if not key:
            raise ValueError("an empty signing key")
        self._key = key

    def _signature(self, kind: str, subject: str) -> str:
        digest = hmac.new(self._key, f"{kind}:{subject}".encode(), hashlib.sha256).digest()[:16]
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def token(self, kind: str, *ids: int) -> str:
        """The signed token of ``kind``'s subject ``ids`` (one, or two for a player: server, user)."""
        if kind not in KINDS:
            raise ValueError(f"unknown kind {kind!r}")
        subject = ".".join(str(int(part)) for part in ids)
        return f"{subject}-{self._signature(kind, subject)}"

    def ids(self, kind: str, token: str) -> tuple[int, ...] | None:
        """The ids a token signs for ``kind``; None for anything else (malformed, forged, another
        kind's): the caller answers 404 and does nothing more."""
        found = _TOKEN.fullmatch(token)
        if found is None or kind not in KINDS:
            return None
        subject, signature = found.groups()
        if not hmac.compare_digest(signature, self._signature(kind, subject)):
            return None
        return tuple(int(part) for part in subject.split("."))

    def game_path(self, game_id: int) -> str:
        return f"/g/{self.token('g', game_id)}"

    def tournament_path(self, tournament_id: int) -> str:
        return f"/t/{self.token('t', tournament_id)}"

    def player_path(self, guild_id: int, user_id: int) -> str:
        return f"/p/{self.token('p', guild_id, user_id)}"


class Links:
    """The pages' addresses the bot gives (``CARDIA_WEB_URL``), or None for each while it has none: then
    nothing it shows changes."""

    def __init__(self, base: str | None = None, key: bytes | None = None) -> None:
        self.base = None if base is None or key is None else base.rstrip("/")
        self.signer = None if key is None else Signer(key)

    @property
    def on(self) -> bool:
        return self.base is not None

    def game(self, game_id: int) -> str | None:
        if self.base is None or self.signer is None:
            return None
        return self.base + self.signer.game_path(game_id)

    def tournament(self, tournament_id: int) -> str | None:
        if self.base is None or self.signer is None:
            return None
        return self.base + self.signer.tournament_path(tournament_id)

    def player(self, guild_id: int, user_id: int) -> str | None:
        if self.base is None or self.signer is None:
            return None
        return self.base + self.signer.player_path(guild_id, user_id)
