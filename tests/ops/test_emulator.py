"""The Discord emulator (emulator), proven with the real discord.py client.

A tiny bot with an app-command group, a subcommand group, a user option, autocomplete, a modal, a
persistent view with a button and a select connects through the emulator's gateway, syncs its commands
over REST, and answers interactions injected for simulated users. Every request body it sends is
validated against Discord's OpenAPI description; the ``discord_emulator`` fixture fails a test whose bot
broke the contract.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands

from emulator import Emulator, run_bot
from emulator.spec import OpenAPISpec
from emulator.state import State

CARDS = ["Magician", "Mercenary", "Merchant", "Inventor", "Saboteur"]


class Challenge(discord.ui.View):
    """Accept / decline buttons and a deck select, persistent (stable custom_ids, no timeout)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Accept", style=discord.ButtonStyle.success, custom_id="demo:accept")
    async def accept(self, interaction: discord.Interaction, button: discord.ui.Button[Challenge]) -> None:
        button.disabled = True
        await interaction.response.edit_message(
            content=f"{interaction.user.display_name} accepted!", view=self
        )
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send("Round 1 begins.", embed=discord.Embed(title="Round 1"))

    @discord.ui.select(
        custom_id="demo:deck",
        placeholder="Deck",
        options=[
            discord.SelectOption(label="Deck I", value="1"),
            discord.SelectOption(label="Deck II", value="2"),
        ],
    )
    async def deck(self, interaction: discord.Interaction, select: discord.ui.Select[Challenge]) -> None:
        await interaction.response.send_message(f"You play with deck {select.values[0]}.", ephemeral=True)


class Feedback(discord.ui.Modal, title="Feedback"):
    text: discord.ui.TextInput[Feedback] = discord.ui.TextInput(label="Your words", custom_id="feedback:text")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Thanks: {self.text.value}", ephemeral=True)


def make_bot(guild_id: int) -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    demo = app_commands.Group(name="demo", description="Demo commands")
    game = app_commands.Group(name="game", description="Games", parent=demo)

    @demo.command(description="Answer pong")
    async def ping(interaction: discord.Interaction, private: bool = False) -> None:
        await interaction.response.send_message("pong", ephemeral=private)

    @demo.command(description="Think, then answer")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        await interaction.followup.send("done thinking")
        await interaction.followup.send("and one more thing", ephemeral=True)

    @demo.command(description="Announce, then tidy up")
    async def announce(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("announcing…", ephemeral=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        sent = await interaction.channel.send("Hear ye")
        await sent.edit(content="Hear ye, hear ye")
        await interaction.edit_original_response(content="announced")
        original = await interaction.original_response()
        await interaction.followup.send(f"the original said {original.content!r}", ephemeral=True)
        await interaction.delete_original_response()

    @demo.command(description="Send an embed Discord would refuse")
    async def broken(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=discord.Embed(title="x" * 300))

    @demo.command(description="Ask for feedback")
    async def feedback(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Feedback())

    @game.command(description="Challenge someone")
    @app_commands.describe(opponent="Who to play against")
    async def challenge(interaction: discord.Interaction, opponent: discord.Member) -> None:
        embed = discord.Embed(title="Duel of Cardia", description=f"{opponent.mention}, you are challenged")
        embed.add_field(name="Challenger", value=interaction.user.display_name)
        await interaction.response.send_message(embed=embed, view=Challenge())

    @app_commands.command(description="Look a card up")
    async def card(interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(f"{name}: a card", ephemeral=True)

    @card.autocomplete("name")
    async def card_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=c, value=c) for c in CARDS if c.lower().startswith(current.lower())]

    guild = discord.Object(guild_id)
    bot.tree.add_command(demo)
    bot.tree.add_command(card, guild=guild)

    async def setup_hook() -> None:
        bot.add_view(Challenge())
        await bot.tree.sync()
        await bot.tree.sync(guild=guild)

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


@pytest_asyncio.fixture
async def bot(discord_emulator: Emulator) -> AsyncIterator[commands.Bot]:
    async with run_bot(make_bot(discord_emulator.guild.id), discord_emulator) as client:
        yield client


@pytest.mark.asyncio
async def test_the_bot_connects_through_the_gateway_and_syncs_its_commands(
    discord_emulator: Emulator, bot: commands.Bot
) -> None:
    emulator = discord_emulator
    assert bot.user is not None and bot.user.id == emulator.state.bot.id
    guild = bot.get_guild(emulator.guild.id)
    assert guild is not None and [c.name for c in guild.text_channels] == ["general"]
    (session,) = emulator.gateways
    assert session.compress == "zlib-stream"  # discord.py's default transport compression
    dispatches = [payload for payload in session.sent if payload["op"] == 0]
    assert [(p["t"], p["s"]) for p in dispatches[:2]] == [("READY", 1), ("GUILD_CREATE", 2)]
    assert [p["op"] for p in session.received[:2]] == [1, 2]  # a first heartbeat, then IDENTIFY
    assert session.intents == discord.Intents.default().value
    registered = {(c["name"], c.get("guild_id")) for c in emulator.state.commands.values()}
    assert registered == {("demo", None), ("card", str(emulator.guild.id))}
    assert len(emulator.requests_to("/applications/{application_id}/commands", "PUT")) == 1
    assert len(emulator.requests_to("/applications/{application_id}/guilds/{guild_id}/commands", "PUT")) == 1
    assert [r.template for r in emulator.requests[:2]] == ["/users/@me", "/oauth2/applications/@me"]


@pytest.mark.asyncio
async def test_public_and_ephemeral_replies(discord_emulator: Emulator, bot: commands.Bot) -> None:
    alice, bob = discord_emulator.user("alice"), discord_emulator.user("bob")

    public = await alice.slash("demo", "ping")
    assert public.response_type == 4 and public.message is not None
    assert public.message.content == "pong" and not public.ephemeral
    assert public.message in bob.messages()

    private = await alice.slash("demo", "ping", private=True)
    assert private.ephemeral and private.message is not None
    assert private.message in alice.messages() and private.message not in bob.messages()
    assert private.message not in discord_emulator.messages()

    assert all(latency > 0 for latency in discord_emulator.latencies)
    assert len(discord_emulator.latencies) == 2


@pytest.mark.asyncio
async def test_subcommand_group_user_option_button_and_select(
    discord_emulator: Emulator, bot: commands.Bot
) -> None:
    emulator = discord_emulator
    alice, bob = emulator.user("alice"), emulator.user("bob")

    challenge = await alice.slash("demo", "game", "challenge", opponent=bob)
    message = challenge.message
    assert message is not None and not message.ephemeral
    (embed,) = message.embeds
    assert embed["title"] == "Duel of Cardia" and bob.mention in embed["description"]
    assert embed["fields"] == [{"name": "Challenger", "value": "Alice", "inline": True}]
    assert message.custom_ids == ["demo:accept", "demo:deck"]

    accepted = await bob.click(message, "demo:accept")
    assert accepted.response_type == 7 and accepted.message is message
    assert message.edited and message.content == "Bob accepted!"
    accept_button = message.component("demo:accept")
    assert accept_button is not None and accept_button["disabled"] is True
    with pytest.raises(ValueError, match="disabled"):
        bob.component_interaction(message, "demo:accept")

    round_one = await emulator.wait_for(
        lambda: [m for m in emulator.messages() if m.content == "Round 1 begins."]
    )
    assert round_one[0].embeds[0]["title"] == "Round 1"
    (posted,) = emulator.requests_to("/channels/{channel_id}/messages", "POST")
    assert posted.body["content"] == "Round 1 begins."

    chosen = await bob.select(message, "demo:deck", ["2"])
    assert chosen.ephemeral and chosen.message is not None
    assert chosen.message.content == "You play with deck 2." and chosen.message in bob.messages()
    assert chosen.message not in alice.messages()


@pytest.mark.asyncio
async def test_deferred_response_followups_autocomplete_and_modal(
    discord_emulator: Emulator, bot: commands.Bot
) -> None:
    alice = discord_emulator.user("alice")

    slow = await alice.slash("demo", "slow")
    assert slow.response_type == 5
    resolved = await slow.wait_resolved()
    assert resolved.content == "done thinking" and resolved.ephemeral  # the defer chose ephemeral
    first, second = await slow.wait_followups(2)
    assert first is resolved and second.content == "and one more thing" and second.ephemeral

    assert await alice.autocomplete("card", focused="name", name="me") == [
        {"name": "Mercenary", "value": "Mercenary"},
        {"name": "Merchant", "value": "Merchant"},
    ]
    looked_up = await alice.slash("card", name="Inventor")
    assert looked_up.message is not None and looked_up.message.content == "Inventor: a card"

    asked = await alice.slash("demo", "feedback")
    assert asked.response_type == 9 and asked.modal is not None and asked.modal["title"] == "Feedback"
    thanked = await alice.submit_modal(asked, {"feedback:text": "great game"})
    assert thanked.message is not None and thanked.message.content == "Thanks: great game"


@pytest.mark.asyncio
async def test_channel_messages_and_the_original_response_are_edited_and_deleted(
    discord_emulator: Emulator, bot: commands.Bot
) -> None:
    emulator = discord_emulator
    alice, bob = emulator.user("alice"), emulator.user("bob")
    announce = await alice.slash("demo", "announce")
    (followup,) = await announce.wait_followups(1)
    assert followup.content == "the original said 'announced'" and followup.ephemeral
    original = announce.message
    assert original is not None
    await emulator.wait_for(lambda: original.deleted)
    assert [version["content"] for version in original.history] == ["announcing…"]
    assert [m.content for m in bob.messages()] == ["Hear ye, hear ye"]
    assert [m.content for m in alice.messages()] == ["Hear ye, hear ye", followup.content]
    assert [r.method for r in emulator.requests if r.template and "@original" in r.template] == [
        "PATCH",
        "GET",
        "DELETE",
    ]


@pytest.mark.asyncio
async def test_a_body_discord_would_refuse_is_a_violation(
    discord_emulator: Emulator, bot: commands.Bot
) -> None:
    emulator = discord_emulator
    alice = emulator.user("alice")
    broken = await emulator.inject(alice.command_interaction(["demo", "broken"], {}))
    await emulator.wait_for(lambda: any("discord.py logged an error" in p for p in emulator.problems()))
    assert not broken.acknowledged  # Discord answered 400, so the bot never responded
    problems = emulator.problems()
    assert any("embeds/0/title" in p and "too long" in p for p in problems), problems
    assert any("discord.py logged an error" in p and "50035" in p for p in problems), problems
    assert any("never acknowledged" in p for p in problems), problems
    with pytest.raises(AssertionError, match="embeds/0/title"):
        emulator.check()
    emulator.violations.clear()
    emulator.state.interactions.clear()


@pytest.mark.asyncio
async def test_raw_requests_are_validated_and_unknown_routes_answered_like_discord(
    discord_emulator: Emulator,
) -> None:
    emulator = discord_emulator
    bad = {"content": "hi", "embeds": [{"fields": [{"name": 7, "value": "x"}]}]}
    async with aiohttp.ClientSession() as session:
        url = f"{emulator.api_url}/channels/{emulator.channel.id}/messages"
        async with session.post(url, json=bad) as response:
            assert response.status == 400
            assert (await response.json())["code"] == 50035
        async with session.get(f"{emulator.api_url}/no/such/route") as response:
            assert response.status == 404
            assert await response.json() == {"message": "404: Not Found", "code": 0}
        form = aiohttp.FormData()
        form.add_field("payload_json", json.dumps({"content": "with a file", "attachments": [{"id": 0}]}))
        form.add_field("files[0]", b"hello", filename="hello.txt")
        async with session.post(url, data=form) as response:
            assert response.status == 200
            assert (await response.json())["attachments"][0]["filename"] == "hello.txt"
    (violation, unknown_route) = emulator.violations
    assert "embeds/0/fields/0/name: 7 is not of type 'string'" in str(violation)
    assert "not a route of the Discord API" in str(unknown_route)
    assert [str(r) for r in emulator.unhandled] == ["GET /no/such/route -> 404"]
    assert emulator.messages()[-1].files == {"hello.txt": b"hello"}
    emulator.violations.clear()
    emulator.unhandled.clear()


@pytest.mark.asyncio
async def test_the_gateway_speaks_plain_json_and_resumes(discord_emulator: Emulator) -> None:
    query = "?v=10&encoding=json"
    identify = {"token": "t", "intents": 0, "properties": {"os": "linux", "browser": "t", "device": "t"}}
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(discord_emulator.gateway_url + query) as ws:
            assert (await ws.receive_json())["op"] == 10
            await ws.send_json({"op": 1, "d": None})
            assert await ws.receive_json() == {"op": 11}
            await ws.send_json({"op": 2, "d": identify})
            ready, guild = await ws.receive_json(), await ws.receive_json()
            assert (ready["t"], ready["s"], guild["t"], guild["s"]) == ("READY", 1, "GUILD_CREATE", 2)
            assert [c["name"] for c in guild["d"]["channels"]] == ["general"]
        async with session.ws_connect(ready["d"]["resume_gateway_url"] + query) as ws:
            assert (await ws.receive_json())["op"] == 10
            await ws.send_json(
                {"op": 6, "d": {"token": "t", "session_id": ready["d"]["session_id"], "seq": 2}}
            )
            assert await ws.receive_json() == {"op": 0, "t": "RESUMED", "s": 3, "d": {}}


def test_the_validator_reports_the_wrong_field_type() -> None:
    spec = OpenAPISpec.load()
    embed = {"title": "Duel", "fields": [{"name": "Round", "value": 3}]}
    assert spec.validate_schema("RichEmbed", embed) == ["fields/0/value: 3 is not of type 'string'"]
    assert spec.validate_request("POST", "/channels/{channel_id}/messages", {"embeds": [embed]}) == [
        "embeds/0/fields/0/value: 3 is not of type 'string'"
    ]
    callback = "/interactions/{interaction_id}/{interaction_token}/callback"
    assert spec.validate_request("POST", callback, {"type": 4, "data": {"content": "ok", "flags": 64}}) == []
    assert spec.validate_request("POST", callback, {"type": 4, "data": {"flags": "64"}}) == [
        "data/flags: '64' is not of type 'integer', 'null'"
    ]
    too_long = spec.validate_request("POST", "/channels/{channel_id}/messages", {"content": "x" * 2001})
    assert too_long and "too long" in too_long[0]
    match = spec.match("/webhooks/1/tok/messages/@original")
    assert match is not None and match.template == "/webhooks/{webhook_id}/{webhook_token}/messages/@original"


@pytest.mark.asyncio
async def test_a_waiter_wakes_when_its_condition_holds_and_only_then() -> None:
    """``State.wait_for``: a condition that holds returns at once; otherwise it is checked at each
    change (``notify``) and its waiter wakes only once it holds; one that raises raises in its waiter;
    a waiter that timed out is forgotten."""
    state = State()
    assert await state.wait_for(lambda: "now", 0.1) == "now"
    box: dict[str, int] = {}
    checks = 0

    def counted() -> int | None:
        nonlocal checks
        checks += 1
        return box.get("value")

    waiting = asyncio.create_task(state.wait_for(counted, 5.0))
    await asyncio.sleep(0)
    for _ in range(3):
        state.notify()  # a change that does not make it hold
    await asyncio.sleep(0)
    assert not waiting.done() and checks == 4
    box["value"] = 7
    state.notify()
    assert await waiting == 7

    calls = 0

    def breaks_later() -> int | None:
        nonlocal calls
        calls += 1
        if calls > 1:
            raise KeyError("gone")
        return None

    failing = asyncio.create_task(state.wait_for(breaks_later, 5.0))
    await asyncio.sleep(0)
    state.notify()
    with pytest.raises(KeyError):
        await failing
    with pytest.raises(TimeoutError, match=r"timed out after 0\.01 s waiting for nothing"):
        await state.wait_for(lambda: None, 0.01, "nothing")
    state.notify()
    assert not state._waiters, "a waiter that timed out is forgotten"


@pytest.mark.asyncio
async def test_a_waiter_on_one_thing_is_checked_only_when_that_thing_changes() -> None:
    """``wait_for(..., on=key)``: checked by ``notify_about(key)`` and by a plain ``notify``, not when
    something else changes (the load benchmark's hundreds of waiters on interactions); a waiter on
    anything is checked by every ``notify_about``; a keyed waiter that timed out leaves nothing behind."""
    state = State()
    first, second = object(), object()
    checks = {"first": 0, "any": 0}
    box: dict[str, int] = {}

    def on_first() -> int | None:
        checks["first"] += 1
        return box.get("first")

    def on_anything() -> int | None:
        checks["any"] += 1
        return box.get("any")

    keyed = asyncio.create_task(state.wait_for(on_first, 5.0, on=first))
    unkeyed = asyncio.create_task(state.wait_for(on_anything, 5.0))
    await asyncio.sleep(0)
    state.notify_about(second)
    state.notify_about()
    assert checks == {"first": 1, "any": 3}, "a change to something else leaves the keyed waiter alone"
    state.notify_about(first)
    state.notify()
    assert checks == {"first": 3, "any": 5}
    box["first"] = 1
    state.notify_about(second)
    await asyncio.sleep(0)
    assert not keyed.done(), "woken only by a change to what it waits on"
    state.notify_about(first)
    assert await keyed == 1 and not unkeyed.done()
    box["any"] = 2
    state.notify_about(second)
    assert await unkeyed == 2
    assert not state._waiters_on and not state._waiters

    with pytest.raises(TimeoutError):
        await state.wait_for(lambda: None, 0.01, "nothing", on=first)
    assert not state._waiters_on, "a keyed waiter that timed out is forgotten at once"
