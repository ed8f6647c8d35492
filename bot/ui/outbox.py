"""A duel's posts, shown by the reconciler (``bot.ui.reconciler``): its challenge, each game's board, its
result, in every home, each in its own language; and the timers' notices.

A transaction that changes what a duel's homes must show (a challenge, its answer, a decision, an end)
also writes what is due (``storage.post_due``): the challenge message, a game's board, a match's
result. :class:`Outbox` is the renderer of those kinds: it posts or edits what is due, showing the
current state, never a queued copy (several entries for one game make one board), and the reconciler
marks them done (deferred to the next transaction, so a decision stays one commit).

A new message carries a nonce, and what may have been posted without being marked (after a crash, or a
failed request) is first looked for in the channel's recent messages by its marker: the board's
``cardia:d:<game>:<revision>`` button, the result's ``cardia:r:<match>``, the challenge's title link
``#cardia-c<match>``. Found, it is adopted; else posted.

A board tells what happened since the latest board the home shows, so a lost or failed post loses no
part of the story: the next one tells it.

Where the posts go are the match's homes (``MatchRow.homes``; ``bot.ui.homes`` starts a home's thread):
one, or each player's own when they are in two places (direct messages, two servers, the queue). Each
update brings every home up to date, in order; a kill between two leaves the rest to the next start
(found, never posted twice, in each).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

import discord

import text
from bot.services.caching import Recent
from bot.services.computer import Computer
from bot.services.duels import Duels, Refusal, Step
from bot.services.game_cache import LiveGame
from bot.services.timers import ABANDONED, CLAIM, FORFEIT, Notice, Timers
from bot.store.rows import (
    BOARD,
    CHALLENGE,
    NOTICE_KINDS,
    RESULT,
    Home,
    MatchRow,
    MatchStatus,
    row_from_values,
    row_values,
)
from bot.ui import answer, render
from bot.ui.homes import HOMES_MOST, Homes
from bot.ui.late_pictures import BOARD_PICTURE_WAIT, LatePictures
from bot.ui.messages import Messages, challenge_marker
from bot.ui.pings import CANNOT_MESSAGE, Pings
from bot.ui.posted import (
    BOARD_MARK,
    Board,
    BoardValues,
    Scan,
    Shown,
    custom_ids,
    events_after,
    markers,
    post_once,
)
from bot.ui.reconciler import GIVE_UP, Due, Reconciler, Refused, ShowAgain
from engine import named_events

log = logging.getLogger(__name__)
MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)
BOARDS_KEPT = 4096  # games whose board is remembered here; any other is read from its row (boards)
ARCHIVED = 50083  # Discord's code: the thread is archived, its messages cannot be edited (a post reopens it)
# After a player's decision in a duel against the computer, the board waits this long (seconds) for the
# computer's answers, so that one board tells both.
COMPUTER_REPLY_WAIT = 2.5


#: The reconciler's family of a duel's posts.
DUEL = "duel"


class Outbox:
    """The renderer of a duel's posts (:data:`DUEL`): every public message of a duel is posted (or edited)
    here, from the database, driven by the reconciler. Created once by the client and given to the cogs
    that change what a duel's homes owe."""

    family = DUEL
    marks_later = True

    def __init__(
        self,
        bot: discord.Client,
        reconciler: Reconciler,
        duels: Duels,
        messages: Messages,
        computer: Computer,
        pings: Pings,
        timers: Timers,
    ) -> None:
        self.bot = bot
        self.reconciler = reconciler
        self.pings = pings  # each player told a duel waits for them as they asked
        self.duels = duels
        self.messages = messages  # builds what is posted (boards, results, challenges, notices)
        self.computer = computer
        self.timers = timers  # a notice due, as the game now stands
        self.posts = reconciler.posts  # what is due, and what was shown where
        self.homes = Homes(bot, self.posts)  # where each home's posts go: its channel or its thread
        # (match, home's number) -> its challenge message there and the status it shows, until answered
        self._challenges: dict[tuple[int, int], tuple[int, str]] = {}
        # one map per home's number: game -> its latest board there
        self._boards: tuple[Recent[int, BoardValues], ...] = tuple(
            Recent(BOARDS_KEPT) for _ in range(HOMES_MOST)
        )
        # match -> its row's values (untracked by the garbage collector): read again with any entry but a
        # board (a challenge by code is given its opponent and their home when accepted, which writes a
        # challenge entry)
        self._matches: Recent[int, tuple[Any, ...]] = Recent(BOARDS_KEPT)
        self.pictures_later = LatePictures(self, bot, self.posts, duels, messages)

    @property
    def stopping(self) -> bool:
        """The process stops: nothing more is posted (what is due stays due, for the next start)."""
        return self.reconciler.stopping

    # --- when ---------------------------------------------------------------------------------------

    async def after(self, step: Step) -> None:
        """Bring the channel up to date with what a step changed (the board, the next game's, the
        match's result). After a player's decision in a duel against the computer, the computer's
        answers are waited for a moment first, so that one board tells both."""
        if step.player is not None and step.player != step.live.match.computer_seat:
            for live in (step.live, step.next_game):
                if live is not None and self.computer.thinking(live.row.id):
                    await self.computer.settled(live.row.id, COMPUTER_REPLY_WAIT)
        await self.update(step.live.match.id)

    async def notify(self, notice: Notice) -> None:
        """Tell the duel's homes what a timer found (marked in the database, and made due there): a
        forfeit or an abandoned duel is a step like any other; a reminder or a claim offer is shown as
        everything due is (:meth:`_notice`)."""
        if notice.kind in (FORFEIT, ABANDONED):
            assert notice.step is not None
            await self.after(notice.step)
            return
        await self.update(notice.live.match.id)

    async def update(self, match_id: int) -> bool:
        """Post or edit what is due for a match, now (the reconciler retries it on failure). True if all
        is shown."""
        return await self.reconciler.update(DUEL, match_id)

    # --- the reconciler's renderer ------------------------------------------------------------------

    async def due(self, subject: int) -> list[Due]:
        posts = await self.posts.due_posts(subject)
        return [
            Due(post.id, post.kind, post.match_id, post.game_id, post.version, post.created_at)
            for post in posts
        ]

    async def leftovers(self) -> list[int]:
        return [post.match_id for post in await self.posts.due_posts()]

    async def mark(self, subject: int, due: Sequence[Due]) -> None:
        self.posts.note_posted([entry.id for entry in due])
        self.reconciler.flush_soon()

    async def channel(self, match: MatchRow, home: Home) -> int:
        """The channel the posts of ``match``'s ``home`` go to now: the channel, or a thread of its own there
        (started first if need be)."""
        return await self.homes.channel(match, home)

    def channel_now(self, match: MatchRow, home: Home) -> int:
        """Where the posts of ``match``'s ``home`` are, as known now (to link them): no request made."""
        known = self.homes.known(match.id, home)
        return home.posts_to if known is None else known

    def shown_challenge(self, match: MatchRow, home: Home, message_id: int) -> None:
        """An interaction's answer showed the challenge message as it is now (posted or edited) in one of
        the match's homes."""
        self._challenges[(match.id, home.number)] = (message_id, match.status)
        if home.challenge_id != message_id:
            self.posts.note_challenge(match.id, home.number, message_id)
            self.flush_soon()

    # --- what -------------------------------------------------------------------------------------

    async def show(self, subject: int, due: Sequence[Due], scan: Scan | None) -> None:
        """Bring every home of the match ``subject`` up to date with ``due``."""
        match_id = subject
        # Boards need nothing of the match's row but its homes: read again only when a result or the
        # challenge is due (they change its homes), or the match is not known here. Only a match under
        # way is kept: its homes are settled (another process may still accept one proposed, by code from
        # a second home), but for a thread, which Homes knows.
        kept = self._matches.get(match_id)
        if kept is None or any(entry.kind != BOARD for entry in due):
            read = await self.posts.match(match_id)
            assert read is not None  # an entry due references its match
            match = read
            if match.status == MatchStatus.ACTIVE:
                self._matches.put(match_id, row_values(match))
            else:
                self._matches.pop(match_id)
        else:
            match = row_from_values(MatchRow, kept)
        targets: dict[tuple[str, int | None], Due] = {}  # each brings its target to the current state
        for entry in due:
            targets[(entry.kind, entry.detail)] = entry  # the latest: a notice of the game as it now is
        # Each home in turn, in its language; one gone for good stops the match's posts only once every
        # other has had its own.
        gone: Refused | None = None
        for number in range(len(match.homes)):
            try:
                with text.speaking(await self.language(match, match.homes[number])):
                    for entry in targets.values():
                        match = await self._show(entry, match, match.homes[number], scan)
            except discord.HTTPException as error:
                if error.status not in GIVE_UP:
                    raise
                try:
                    await self._refused(match, match.homes[number], error)
                except Refused as refused:
                    gone = refused
        if gone is not None:
            raise gone

    async def _refused(self, match: MatchRow, home: Home, error: discord.HTTPException) -> None:
        """A home of the match refused the bot for good (403, 404). A player's DM closed to it: the other
        home goes on; they are told at their next interaction, and their board brought up to date later
        (:meth:`show_again`). A thread: the duel goes back to that thread's channel. Else (a challenge in
        a DM, a channel gone) nothing more of the match is posted."""
        player = match.dm_of(home)
        closed = isinstance(error, discord.Forbidden) and error.code == CANNOT_MESSAGE
        if closed and player is not None and match.status != MatchStatus.PROPOSED:  # a challenge is withdrawn
            log.info("match %s: player %s takes no direct message (%s)", match.id, player, error)
            await self.pings.players.dm_closed(player, True)
            return
        if await self.homes.lost(match, home):
            raise ShowAgain(str(error)) from error  # in that thread's channel now
        raise Refused(str(error)) from error

    async def language(self, match: MatchRow, home: Home) -> str:
        """A home's language: its server's public one, or in a DM with the bot its player's own."""
        player = match.dm_of(home)
        if player is None:
            return await self.messages.public_language(home.guild_id)
        return (await self.pings.players.get(player)).language

    async def _show(self, entry: Due, match: MatchRow, home: Home, scan: Scan | None) -> MatchRow:
        """Bring ``entry``'s target up to date in the match's ``home``; the match as it now is."""
        if entry.kind == BOARD:
            assert entry.detail is not None
            try:
                live = await self.duels.live(entry.detail)
            except Refusal:  # the game is gone: nothing to show
                return match
            await self._board(live, match, home, await self.channel(match, home), scan)
            return match
        if entry.kind in NOTICE_KINDS:
            await self._notice(entry, match, home, scan)
            return match
        if entry.kind == RESULT:
            return await self._result(match, home, scan)
        if entry.kind == CHALLENGE:
            return await self._challenge(match, home, scan)
        log.error("match %s: entry %s of unknown kind %r skipped", match.id, entry.id, entry.kind)
        return match

    async def _notice(self, entry: Due, match: MatchRow, home: Home, scan: Scan | None) -> None:
        """A reminder or a claim offer in ``home``, as the game now stands (none if a decision or an end
        came since: it is out of date). Found again by its words, posted no earlier than it became due;
        the players it waits for who asked for a direct message get one, when the duel has one home."""
        assert entry.detail is not None and entry.extra is not None
        notice = await self.timers.notice(entry.kind, entry.detail, entry.extra)
        if notice is None:
            return
        live = notice.live
        channel_id = await self.channel(match, home)
        latest = (await self.board(live, home)).message_id
        named = await self.pings.quiet(match) | render.away(match, home)
        message = self.messages.notice(notice, home, channel_id, latest, named)
        due_since = datetime.fromisoformat(entry.created_at) - timedelta(seconds=1)
        language = text.current_language()

        async def send() -> int:
            posted = await self.bot.get_partial_messageable(channel_id).send(
                **render.arguments(message),
                allowed_mentions=MENTION_USERS,
                nonce=f"n{entry.id}.{home.number}",
            )
            if len(match.homes) == 1:  # else each home tells its own player anyway: no direct message
                if notice.kind == CLAIM:
                    told, key = [] if notice.claimer is None else [notice.claimer], "notify.claim"
                else:
                    told, key = list(notice.waiting), "notify.reminder"
                users = [match.user(player) for player in told if player != match.computer_seat]
                await self.pings.direct(match, users, key, home, channel_id, posted.id, language)
            return posted.id

        def found(posted: discord.Message) -> bool:
            said = (message.get("content") or "").strip()
            return posted.content.strip() == said and posted.created_at >= due_since

        try:
            await post_once(scan, channel_id, found, send)
        finally:
            answer.let_go(message["view"])

    async def board(self, live: LiveGame, home: Home) -> Board:
        """What ``home`` shows of a game: kept here, else as stored (``boards``). A change to it is kept by
        :meth:`_keep` (only the match's update changes it, under the match's lock)."""
        kept = self._boards[home.number].get(live.row.id)
        if kept is not None:
            return Board(*kept)
        stored = await self.posts.board(live.row.id, home.number)
        events = len(live.game.events)
        message_id, told = (None, None) if stored is None else stored
        # Before migration 4 what a board told was not stored: nothing older is news then.
        told_now = events if told is None else min(told, events)
        board = Board(message_id, told_now, told_now)
        self._keep(live.row.id, home, board)
        return board

    def _keep(self, game_id: int, home: Home, board: Board) -> None:
        self._boards[home.number].put(game_id, board.values())

    async def _board(
        self, live: LiveGame, match: MatchRow, home: Home, channel_id: int, scan: Scan | None
    ) -> None:
        board = await self.board(live, home)
        if scan is not None and board.revision != live.revision:
            await self._adopt_board(live, home, board, scan, channel_id)
        if board.revision == live.revision and board.message_id is not None:
            return  # the home shows it already
        channel = self.bot.get_partial_messageable(channel_id)
        # Named, not mentioned: who asked not to be, and who plays from another home.
        named = await self.pings.quiet(match) | render.away(match, home)
        # Built under the game's lock: a decision applied but not yet stored is never shown.
        async with self.duels.lock(live.row.id):
            # The cached game again: a decision that failed to be stored drops it (replayed afresh).
            live = await self.duels.live(live.row.id)
            news = named_events(live.game, board.told)
            only_face_down = all(event.kind == "placed" and event.detail == "face_down" for event in news)
            # A card placed face down while the opponent still chooses: the latest board is edited.
            edit = only_face_down and board.latest and live.outcome is None and bool(live.game.pending)
            revision, told = live.revision, len(live.game.events)
            told_from = board.told_from if edit else board.told
            shown, drawing = await self.messages.board(live, told_from, revision, named)
        pictured = await render.with_picture(shown, drawing, render.BOARD_PICTURE, wait=BOARD_PICTURE_WAIT)
        try:
            if edit and board.message_id is not None:
                message_id = board.message_id
                try:
                    await channel.get_partial_message(message_id).edit(
                        **render.arguments(render.as_edit(shown))
                    )
                except discord.HTTPException as error:
                    if not (isinstance(error, discord.NotFound) or error.code == ARCHIVED):
                        raise
                    # Gone, or in a thread Discord archived: a new board (posting reopens the thread).
                    log.warning(
                        "game %s: board %s cannot be edited (%s): a new one", live.row.id, message_id, error
                    )
                    board.latest = False
                    self._keep(live.row.id, home, board)
                    return await self._board(live, match, home, channel_id, None)
            else:
                nonce = f"b{live.row.id}.{revision}.{home.number}"
                sent = await channel.send(
                    **render.arguments(shown), allowed_mentions=MENTION_USERS, nonce=nonce
                )
                message_id = sent.id
                board.latest = True
                if len(match.homes) == 1:  # a duel in two homes tells each player there anyway
                    await self._ping_directly(live, home, channel_id, message_id)
        finally:
            answer.let_go(shown["view"])
        bare = drawing is not None and not pictured
        self._board_shown(live, home, board, message_id, told_from, told, revision, bare=bare)
        if bare:
            assert drawing is not None
            self.pictures_later.later(
                match, home, channel_id, live.row.id, Shown(message_id, revision), shown["embed"], drawing
            )
        return None

    async def _ping_directly(self, live: LiveGame, home: Home, channel_id: int, message_id: int) -> None:
        """The players a new board waits for who asked for a direct message get one (never raises)."""
        match = live.match
        if live.outcome is not None:
            return
        waiting = {d.player for d in live.game.pending} - {"chance", match.computer_seat}
        if waiting:
            users = [match.user(player) for player in sorted(waiting)]
            language = text.current_language()
            await self.pings.direct(match, users, "notify.your_move", home, channel_id, message_id, language)

    def still_shown(self, game_id: int, home: Home, shown: Shown) -> bool:
        """Whether the game's latest board in ``home`` is still that message, showing that revision."""
        kept = self._boards[home.number].peek(game_id)
        if kept is None:
            return False  # not remembered here any more: not known to be
        board = Board(*kept)
        return (board.message_id, board.revision) == shown

    def lock(self, match_id: int) -> asyncio.Lock:
        """Held while the match's messages are brought up to date (a board's late picture waits for it)."""
        return self.reconciler.lock(DUEL, match_id)

    def _board_shown(
        self,
        live: LiveGame,
        home: Home,
        board: Board,
        message_id: int,
        told_from: int,
        told: int,
        revision: int,
        *,
        bare: bool = False,
    ) -> None:
        board.message_id, board.told_from, board.told, board.revision = message_id, told_from, told, revision
        self._keep(live.row.id, home, board)
        self.posts.note_board(live.row.id, home.number, message_id, told, bare=bare)

    async def _adopt_board(
        self, live: LiveGame, home: Home, board: Board, scan: Scan, channel_id: int
    ) -> None:
        """Look for a board of this game posted (or edited) after the one marked; adopt the newest."""
        found: tuple[int, int] | None = None  # (revision, message id)
        for message in await scan.recent(channel_id):
            for custom_id in custom_ids(message):
                mark = BOARD_MARK.fullmatch(custom_id)
                if mark and int(mark[1]) == live.row.id and int(mark[2]) <= live.revision:
                    candidate = (int(mark[2]), message.id)
                    found = candidate if found is None or candidate > found else found
        if found is None:
            return
        revision, message_id = found
        if board.message_id is not None and message_id < board.message_id:
            return  # older than the board marked
        told = len(live.game.events) if revision == live.revision else events_after(live, revision)
        board.latest = False  # what it told before is not known: the next news is a new board
        self._board_shown(live, home, board, message_id, told, told, revision)

    async def _result(self, match: MatchRow, home: Home, scan: Scan | None) -> MatchRow:
        if home.result_id is not None:
            return match
        channel_id = await self.channel(match, home)
        marker = f"cardia:r:{match.id}"

        async def send() -> int:
            content, view = await self.messages.match_result(match, home)
            try:
                message = await self.bot.get_partial_messageable(channel_id).send(
                    content=content,
                    view=view,
                    allowed_mentions=MENTION_USERS,
                    nonce=f"r{match.id}.{home.number}",
                )
            finally:
                answer.let_go(view)
            return message.id

        found = await post_once(scan, channel_id, lambda message: marker in markers(message), send)
        if channel_id != home.challenge_in and home.challenge_id is not None:  # in a thread of its own
            await self._challenge_closed(match, home, channel_id, found)
        self.posts.note_result(match.id, home.number, found)
        return _with_home(match, home._replace(result_id=found))

    async def _challenge_closed(self, match: MatchRow, home: Home, thread_id: int, result_id: int) -> None:
        """A duel played in its thread ends: its challenge, in the channel, shows the result and links it."""
        assert home.challenge_id is not None
        embed = await self.messages.challenge_closed_embed(match, home, thread_id, result_id)
        try:
            channel = self.bot.get_partial_messageable(home.challenge_in)
            await channel.get_partial_message(home.challenge_id).edit(embed=embed)
        except discord.NotFound:
            log.warning("match %s: the challenge message is gone", match.id)

    async def _challenge(self, match: MatchRow, home: Home, scan: Scan | None) -> MatchRow:
        known = self._challenges.get((match.id, home.number))
        message_id = home.challenge_id if known is None else known[0]
        where = home.challenge_in
        if message_id is None and scan is not None:  # found by its marker, whatever its buttons
            marker = challenge_marker(match.id)
            for message in await scan.recent(where):
                if marker in markers(message):
                    message_id = message.id
                    self.shown_challenge(match, home, message_id)
                    break
        channel = self.bot.get_partial_messageable(where)
        if message_id is None:
            starts_thread = match.status == MatchStatus.ACTIVE and home.in_thread and home.thread_id is None
            if match.status != MatchStatus.PROPOSED and not starts_thread:
                return match  # never shown, and nothing left to answer: nothing to post
            # Shown now: still open, or (a duel the queue made) the message its thread starts from.
            tournament = (
                None if match.tournament_id is None else await self.posts.tournament(match.tournament_id)
            )
            challenge = self.messages.challenge(
                match, home, tournament=None if tournament is None else tournament.name
            )
            try:
                message = await channel.send(
                    **render.arguments(challenge),
                    allowed_mentions=MENTION_USERS,
                    nonce=f"c{match.id}.{home.number}",
                )
            finally:
                answer.let_go(challenge.get("view"))
            self.shown_challenge(match, home, message.id)
            return _with_home(match, home._replace(challenge_id=message.id))
        if known != (message_id, match.status):
            view = self.messages.challenge_view(match)
            try:
                await channel.get_partial_message(message_id).edit(
                    embed=self.messages.challenge_embed(match, home), view=view
                )
            except discord.NotFound:
                log.warning("match %s: the challenge message is gone", match.id)
            finally:
                answer.let_go(view)
        if match.status == MatchStatus.PROPOSED:
            self._challenges[(match.id, home.number)] = (message_id, match.status)
        else:  # answered: no later entry concerns the challenge message
            self._challenges.pop((match.id, home.number), None)
        return _with_home(match, home._replace(challenge_id=message_id))

    # --- helpers ----------------------------------------------------------------------------------

    def suspect(self, match_id: int) -> None:
        """The match's posts may exist unmarked (an answer that failed may have been made): look first."""
        self.reconciler.suspect(DUEL, match_id)

    def flush_soon(self) -> None:
        """Commit the bookkeeping soon (:meth:`Reconciler.flush_soon`)."""
        self.reconciler.flush_soon()

    def answering(self, match_id: int) -> contextlib.AbstractContextManager[None]:
        """An interaction is answered with the match's challenge message: nothing of the match is posted
        meanwhile (a duel against the computer may have its first decision already), since its first
        board may need that message (a thread starts from it). The caller updates the match after."""
        return self.reconciler.answering(DUEL, match_id)

    async def show_again(self, match: MatchRow, user_id: int) -> bool:
        """Bring the board of ``match`` in the player's own home up to date, if that home is their DM with
        the bot (a refused message may have left it behind). False if Discord still refuses it."""
        player = match.player_of(user_id)
        home = None if player is None else match.home_of(player)
        if home is None or match.dm_of(home) != user_id or match.status != MatchStatus.ACTIVE:
            return True
        game_id = await self.duels.current_game(match.id)
        if game_id is None:
            return True
        try:
            live = await self.duels.live(game_id)
            async with self.lock(match.id):
                with text.speaking(await self.language(match, home)):
                    channel_id = await self.channel(match, home)
                    await self._board(live, match, home, channel_id, Scan(self.bot))
        except discord.Forbidden as error:
            if error.code != CANNOT_MESSAGE:
                raise
            await self.pings.players.dm_closed(user_id, True)
            return False
        return True

    def gave_up(self, match_id: int) -> bool:
        """Whether a channel (a player's DM) refused the bot what was due for this match."""
        return self.reconciler.gave_up(DUEL, match_id)

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        self.reconciler.spawn(coroutine)


def _with_home(match: MatchRow, home: Home) -> MatchRow:
    """``match`` with one of its homes as it now is."""
    return replace(match, homes=tuple(home if h.number == home.number else h for h in match.homes))
