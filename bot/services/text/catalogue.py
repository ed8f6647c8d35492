"""The phrase catalogue (English; another locale is another dict in CATALOGUES) and small helpers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

LOCALE = "en"

FACTION_EMOJI: dict[str, str] = {"rebels": "🟢", "academy": "🟡", "guild": "🔴", "dynasty": "🔵"}
LABEL_LIMIT = 100  # Discord select-option label and description
NAME_LIMIT = 32  # a display name inside a label is cut to this (Discord's own limit), so labels stay unique

# --- the English catalogue ---------------------------------------------------------------------------

EN: dict[str, str] = {
    # factions, decks, labels
    "faction.rebels": "Rebels",
    "faction.academy": "Academy",
    "faction.guild": "Guild",
    "faction.dynasty": "Dynasty",
    "kind.instant": "instant",
    "kind.ongoing": "ongoing",
    "deck.I": "Deck I",
    "deck.II": "Deck II",
    "deck.mixed": "Mixed: {parts}",
    "card.label": "{name} ({value}, {faction})",
    "location.label": "{name} ({skulls})",
    "skulls.one": "1 skull",
    "skulls.other": "{n} skulls",
    "cards.one": "1 card",
    "cards.other": "{n} cards",
    "and": " and ",
    "possessive": "{name}'s",
    "your": "Your",
    # decisions: what the deciding player is asked
    "prompt.play": "Choose the card to place face down",
    "prompt.play_first": "Fortune Teller: choose your card first — your opponent sees it before choosing "
    "theirs",
    "prompt.void_mage": "Void Mage: choose a played card and whether to remove its modifiers or its ongoing "
    "tokens",
    "prompt.palace_guard_faction": "Palace Guard: name a faction — your opponent may discard a card of it, "
    "or Palace Guard gets +7",
    "prompt.palace_guard_discard": "Palace Guard: discard a card of the named faction, or decline and "
    "Palace Guard gets +7",
    "prompt.palace_guard_discard_named": "Palace Guard named {faction}: discard a {faction} card, or decline "
    "and Palace Guard gets +7",
    "prompt.ambusher_faction": "Ambusher: name a faction — your opponent discards every card of it from hand",
    "prompt.witch_king_faction": "Witch King: name a faction — your opponent discards every card of it from "
    "hand and deck",
    "prompt.blackmailer_faction": "Blackmailer: name a faction — if your opponent's next card is of another "
    "faction, they discard 2 cards",
    "prompt.swamp_guardian": "Swamp Guardian: choose one of your played cards to take back (the card "
    "opposite it is discarded)",
    "prompt.magistra": "Magistra: choose one of your played cards whose instant ability to copy",
    "prompt.inventor_plus": "Inventor: choose the played card that gets +3",
    "prompt.inventor_minus": "Inventor: choose the played card that gets −3",
    "prompt.kinesis_from": "Kinesis Mage: choose your card to move all modifiers and ongoing tokens from",
    "prompt.kinesis_to": "Kinesis Mage: choose your card to move them to",
    "prompt.envoy": "Envoy: put −3 on a played card, or on your next card",
    "prompt.revolutionary_discard": "Revolutionary: choose 2 cards to discard (you then draw 2)",
    "prompt.librarian": "Librarian: +2 or −2 on your revealed card?",
    "prompt.prodigy": "Prodigy: choose one of your played cards (influence 8 or less) to get +3",
    "prompt.blackmailer_discard": "Blackmailer: your revealed card is not of the named faction — choose 2 "
    "cards to discard",
    "prompt.illusionist": "Illusionist: choose one of your losing cards whose ability to activate",
    "prompt.elemental": "Elemental: choose an instant card from your hand to discard and copy (then you draw "
    "1)",
    "prompt.successor_keep": "Successor: choose the 2 cards you keep (the rest of your hand is discarded)",
    "prompt.serpent_temple_discard": "Serpent Temple: your opponent won a past encounter — choose a card to "
    "discard",
    "prompt.scrapyard": "Scrapyard: choose a card to put under your deck",
    "prompt.puppeteer": "Puppeteer: the card taken at random from the opponent's hand",
    "prompt.witch_king_shuffle": "Witch King: the new order of the shuffled deck",
    "prompt.unknown": "Make your choice",
    # what someone is deciding, without revealing anything
    "waiting.play": "choosing a card",
    "waiting.play_first": "choosing a card to play first, shown to the opponent (Fortune Teller)",
    "waiting.void_mage": "choosing what the Void Mage removes",
    "waiting.palace_guard_faction": "naming a faction for Palace Guard",
    "waiting.palace_guard_discard": "deciding whether to discard a card for Palace Guard",
    "waiting.ambusher_faction": "naming a faction for Ambusher",
    "waiting.witch_king_faction": "naming a faction for Witch King",
    "waiting.blackmailer_faction": "naming a faction for Blackmailer",
    "waiting.swamp_guardian": "choosing a card to take back for Swamp Guardian",
    "waiting.magistra": "choosing the ability Magistra copies",
    "waiting.inventor_plus": "choosing where the Inventor puts +3",
    "waiting.inventor_minus": "choosing where the Inventor puts −3",
    "waiting.kinesis_from": "choosing the Kinesis Mage's source card",
    "waiting.kinesis_to": "choosing the Kinesis Mage's target card",
    "waiting.envoy": "choosing where the Envoy puts −3",
    "waiting.revolutionary_discard": "choosing 2 cards to discard for Revolutionary",
    "waiting.librarian": "choosing +2 or −2 for Librarian",
    "waiting.prodigy": "choosing a card for Prodigy",
    "waiting.blackmailer_discard": "choosing 2 cards to discard for Blackmailer",
    "waiting.illusionist": "choosing a card for Illusionist",
    "waiting.elemental": "choosing a card for Elemental",
    "waiting.successor_keep": "choosing 2 cards to keep for Successor",
    "waiting.serpent_temple_discard": "choosing a card to discard for Serpent Temple",
    "waiting.scrapyard": "choosing a card to put under their deck",
    "waiting.puppeteer": "the random pick for Puppeteer",
    "waiting.witch_king_shuffle": "the shuffle for Witch King",
    "waiting.unknown": "deciding",
    # option labels
    "option.hand": "{card}",
    "option.played": "{owner} {name} ({influence}), encounter {index}",
    "option.played_lost": "{owner} {name}",
    "option.modifiers": "Remove the modifiers ({modifier}) from {owner_lower} {name}",
    "option.ongoing.one": "Remove the ongoing token from {owner_lower} {name}",
    "option.ongoing.other": "Remove the {n} ongoing tokens from {owner_lower} {name}",
    "option.decline": "Decline: Palace Guard gets +7",
    "option.next": "Your next card",
    "option.+2": "+2",
    "option.-2": "−2",
    "describe.played": "Printed {value}{modifier}{tokens}; {status}",
    "describe.modifier": ", modifier {amount}",
    "describe.tokens.one": ", 1 ongoing token",
    "describe.tokens.other": ", {n} ongoing tokens",
    "describe.status.wins": "wins its encounter",
    "describe.status.loses": "loses its encounter",
    "describe.status.tie": "tied",
    "describe.status.open": "not compared yet",
    "describe.faction": "Values {values}",
    "describe.decline": "Keep your cards; Palace Guard gets +7",
    "describe.next": "−3 on the next card you play, when it is revealed",
    "describe.+2": "Your revealed card gets +2",
    "describe.-2": "Your revealed card gets −2",
    # events
    "event.placed_hidden": "{who} placed a card face down.",
    "event.placed_both_hidden": "{who} placed their cards face down.",
    "event.placed_card": "{who} placed {card} face down.",
    "event.placed_shown": "{who} placed {card} face up first (Fortune Teller).",
    "event.placed_shown_hidden": "{who} placed a card face down and showed it to the opponent (Fortune "
    "Teller).",
    "event.revealed": "Revealed: {first} against {second} — {outcome}.",
    "event.outcome.win": "{who} wins the encounter",
    "event.outcome.tie": "a tie, no ability activates",
    "event.lost_activates": "{card} lost and activates",
    "event.activates": "{card} activates",
    "event.copies": "{card} copies {source}",
    "event.lost_copies": "{card} lost and copies {source}",
    "event.lost_activates_other": "{card} lost and activates {target}",
    "event.discard_top": "{who} discards the top {count} of their deck ({cards})",
    "event.discard_deck": "{who} discards {cards} from their deck",
    "event.discard_hand": "{who} discards {cards} from hand",
    "event.discard_hand_none": "{who} has no card of that faction in hand",
    "event.discard_play": "{cards} {verb} discarded from play",
    "event.verb.is": "is",
    "event.verb.are": "are",
    "event.modifier": "{card} gets {amount}",
    "event.modifier_self": "it gets {amount}",
    "event.outcome.modified": " (after modifiers)",
    "event.modifier_removed": "the modifiers are removed from {card}",
    "event.token": "{card} gets an ongoing token",
    "event.token_self": "it gets an ongoing token (its ability is now on)",
    "event.token_removed": "the ongoing token is removed from {card}",
    "event.moved": "{who} moves all modifiers and ongoing tokens from {source} to {target}",
    "event.returned": "{who} takes {card} back into their hand",
    "event.replaced": "{old} is discarded and replaced by {new} from {who}'s hand",
    "event.next_modifier": "{who}'s next card gets {amount}",
    "event.next_librarian": "{who} will give their next card +2 or −2",
    "event.next_engineer": "{who}'s next card gets +5 once its encounter's abilities are resolved",
    "event.next_blackmail": "{who} must reveal a {faction} card next, or discard 2 cards",
    "event.must_play_first": "{who} must place their next card face up first (Fortune Teller)",
    "event.shuffled": "{who} shuffles their deck",
    "event.drew": "{who} draws {count}",
    "event.drew_cards": "{who} draws {cards}",
    "event.drew_each": "{who} draw {count} each",
    "event.under_deck": "{who} puts a card under their deck",
    "event.under_deck_card": "{who} puts {card} under their deck",
    "event.under_deck_each": "{who} each put a card under their deck",
    "event.then": ", then ",
    "event.continued": "{head} (continued)",
    "event.nested": "{head} ({text})",
    "event.from_cause": "{text} ({cause})",
    "event.next_modifier_applied": "Next-card modifier",
    "event.more": "… and {n} more changes.",
    # results
    "result.signets": "{winner} wins with {signets}.",
    "result.signets_plain": "{winner} wins on signets.",
    "result.ability": "{winner} wins: the Djinn's ability wins the game.",
    "result.mechanical_djinn": "{winner} wins: their Mechanical Djinn's encounter was followed by an "
    "encounter they win.",
    "result.cannot_play": "{winner} wins: {loser} has no card left to play.",
    "result.founders_day": "{winner} wins: 3 encounters in a row on Founder's Day.",
    "result.haunted_catacombs": "{winner} wins: {loser} revealed a card of the same faction as their "
    "previous one in the Haunted Catacombs.",
    "result.both_cannot_play": "Neither player can play a card; {winner} has more signets and wins.",
    "result.both_cannot_play_draw": "Neither player can play a card and the signets are equal: the game is "
    "a draw.",
    "result.haunted_catacombs_draw": "Both players revealed a card of the same faction as their previous "
    "one in the Haunted Catacombs: the game is a draw.",
    "result.simultaneous_draw": "Both players met a game-ending condition at the same moment: the game is "
    "a draw.",
    "result.draw": "The game is a draw.",
    "result.win": "{winner} wins.",
    "signets.one": "1 signet",
    "signets.other": "{n} signets",
    "signets.score": "{a} to {b}",
    # the board and the other embeds (bot.cogs.render)
    "board.totals": "{first} 💍 **{a}** · {second} 💍 **{b}** — first to 5 signets wins",
    "board.row": "**Encounters** (oldest first) — {first} ┃ {second}",
    "board.no_encounters": "No encounters yet.",
    "board.face_down": "🂠 face down",
    "board.face_down_card": "🂠 {card} (face down)",
    "board.empty_slot": "—",
    "board.not_compared": "…",
    "board.tie": "⚖️ tie",
    "board.tie_both": "⚖️ both win (Judges)",
    "board.win": "✅ {who}",
    "board.win_judge": "✅ {who} (tie won by Judge)",
    "board.win_counselor": "✅ {who} (Counselor)",
    "board.more_encounters": "… {n} older encounters not shown",
    "board.player_stats": "💍 **{signets}** · ✋ {hand} in hand · 📚 {deck} in deck · 🗑️ {discard} discarded",
    "board.next_modifier": "⏭️ Next card: {amount}",
    "board.librarian": "📖 Next card: +2 or −2 (Librarian)",
    "board.engineer": "⚙️ Next card: +5 after its encounter's abilities (Engineer)",
    "board.blackmail": "🗝️ Next card must be {faction}, or discard 2 (Blackmailer)",
    "board.must_play_first": "🔮 Places the next card face up first (Fortune Teller)",
    "board.location": "📍 {name}",
    "board.happened": "What just happened",
    "board.waiting": "⏳ Waiting for",
    "board.waiting_line": "**{who}** — {what}",
    "board.result": "🏁 Result",
    "board.footer": "{deck} · Difficulty: {difficulty} · Round {round} · 🔘 ongoing token · 💍 signet",
    "board.footer_finished": "{deck} · Difficulty: {difficulty} · {rounds}",
    "hand.title": "Your hand — round {round}",
    "hand.cards": "**Your hand** ({n})",
    "hand.empty": "Your hand is empty.",
    "hand.card": "{emoji} **{name}** ({value}, {faction}, {kind}) — {text}",
    "hand.face_down": "🂠 Your face-down card in encounter {index}: **{card}**",
    "hand.shown": "👁️ {who}'s face-down card in encounter {index}, shown to you: **{card}**",
    "hand.opponent_first": "👁️ {who} placed **{card}** face up first: now choose yours.",
    "hand.your_turn": "❗ **{prompt}**",
    "hand.choose_count": " (choose {count})",
    "hand.waiting": "⏳ Waiting for {who} ({what}).",
    "hand.nothing": "Nothing to decide right now.",
    "hand.parked": "**Waiting for your next card**",
    "hand.footer": "✋ {hand} in hand · 📚 {deck} in your deck · 🗑️ {discard} in your discard pile",
    "discard.title": "Discard piles",
    "discard.pile": "{who} — {count}",
    "discard.empty": "(empty)",
    "discard.footer": "Oldest first. Discarded cards are never reshuffled.",
    "challenge.title": "⚔️ Cardia challenge",
    "challenge.text": "**{challenger}** challenges **{opponent}** to a Cardia match: first to {wins} game "
    "wins.",
    "challenge.single": "**{challenger}** challenges **{opponent}** to a single game of Cardia.",
    "challenge.deck": "Deck",
    "challenge.location": "Location",
    "challenge.no_location": "No location",
    "challenge.difficulty": "Difficulty",
    "challenge.difficulty_value": "{value} — {name}",
    "challenge.status": "Status",
    "card.value": "Value",
    "card.faction": "Faction",
    "card.deck": "Deck",
    "card.kind": "Ability",
    "card.notes": "Notes",
    "location.skulls": "Difficulty",
    "location.footer": "Location: its rule applies to the whole game.",
    # asynchronous play: games ended by the bot (reasons of Duels.end and Duels.abort)
    "result.conceded": "{winner} wins: {loser} conceded.",
    "result.timeout": "{winner} wins: {loser} ran out of time, and {winner} claimed victory.",
    "result.forfeit": "{winner} wins: {loser} did not decide in time and forfeits.",
    "result.aborted": "The duel was aborted by a server manager: no result is recorded.",
    "result.abandoned": "Neither player decided in time: the duel is cancelled, and no result is recorded.",
    "match.conceded": "🏆 {winner} wins the match against {loser}, who conceded.",
    "match.timeout": "🏆 {winner} wins the match against {loser}, who ran out of time.",
    "match.forfeit": "🏆 {winner} wins the match against {loser}, who did not decide in time and forfeits.",
    "match.aborted": "🛑 The duel between {first} and {second} was aborted by a server manager: no result "
    "is recorded.",
    "match.abandoned": "⌛ Neither {first} nor {second} decided in time: the duel is cancelled, and no "
    "result is recorded.",
    # server settings (/cardia settings)
    "settings.title": "⚙️ Cardia settings for this server",
    "settings.decision": "Decision time",
    "settings.decision_value": "{hours} for each decision",
    "settings.reminder": "Reminders",
    "settings.reminder_value": "every {hours} while a decision is awaited",
    "settings.reminder_off": "off",
    "settings.grace": "Grace period",
    "settings.grace_value": "{hours} after the decision time: the opponent may claim victory meanwhile, "
    "then the duel is forfeited",
    "settings.cross_channel": "Duels in several channels",
    "settings.cross_channel_yes": "allowed",
    "settings.cross_channel_no": "no: all of a player's open duels are in one channel",
    "settings.max_duels": "Open duels per player",
    "settings.max_duels_value": "{n} (challenges included)",
    "settings.footer": "Server managers: /cardia settings with options to change them",
    "settings.saved": "✅ Settings saved.",
    "settings.managers_only": "Only members with the Manage Server permission can change Cardia's settings.",
    "settings.in_server": "Settings belong to a server: use this command in one.",
    "settings.out_of_range": "{name} must be between {low} and {high}.",
    "hours.one": "1 hour",
    "hours.other": "{n} hours",
    "minutes.other": "{n} minutes",
    # the cap on open duels, and one channel per player
    "limit.max_duels_you": "You already have {duels} on this server (challenges included), the most "
    "allowed here ({max}). Finish, concede or withdraw one first: `/cardia status` lists them.",
    "limit.max_duels_them": "{name} already has {duels} on this server (challenges included), the most "
    "allowed here ({max}). Challenge them later.",
    "duels.one": "1 open duel",
    "duels.other": "{n} open duels",
    "limit.one_channel_you": "On this server, a player's duels all stay in one channel: you already have a "
    "duel in {channel}. Challenge there, or finish it first.",
    "limit.one_channel_them": "On this server, a player's duels all stay in one channel: {name} already has "
    "a duel in {channel}.",
    # timers: reminders, the claim, in the duel's channel
    "timer.reminder": "⏰ {who}: your move in the duel {first} vs {second} (game {number}) — {what}. "
    "Waiting since {since}; time is up {time_up}. {board}",
    "timer.reminder_late": "⏰ {who}: time is up in the duel {first} vs {second} (game {number}) — {what}. "
    "{claimer} may claim victory at any moment, and the duel is forfeited {forfeit} unless you decide "
    "first. {board}",
    "timer.reminder_late_both": "⏰ {who}: time is up in the duel {first} vs {second} (game {number}) — "
    "{what}. The duel is cancelled without a result {forfeit} unless one of you decides. {board}",
    "timer.claim": "⌛ {who} ran out of time in the duel {first} vs {second} (game {number}). {claimer}, "
    "you may claim victory with the button below; until you do, {loser} can still decide. Without a "
    "decision the duel is forfeited {forfeit}. {board}",
    "timer.claim_both": "⌛ Time is up for {who} in the duel {first} vs {second} (game {number}): the game "
    "waits for both of you, so nobody can claim victory. Unless one of you decides, the duel is cancelled "
    "without a result {forfeit}. {board}",
    "timer.board": "[Latest board](<{link}>)",
    "timer.decision": "{who}: {what}",
    # Claim victory
    "claim.label": "Claim victory",
    "claim.not_player": "This is a duel between {first} and {second}: only they can claim victory in it.",
    "claim.not_yet": "The decision time is not over yet: you cannot claim victory.",
    "claim.waits_for_you": "The game waits for your decision: you cannot claim victory, but you can still "
    "decide (Show my hand on the latest board).",
    "claim.nobody": "The game waits for both players: nobody can claim victory.",
    "claim.out_of_date": "That claim is out of date: a decision was taken since, and the game goes on.",
    "claim.done": "✅ {who} claimed victory.",
    # /cardia concede, abort, status
    "duel.unknown": "There is no such duel: choose one from the list of the `duel` option.",
    "duel.label_mine": "vs {opponent} — {what} · #{channel}",
    "duel.label_all": "{first} vs {second} — {what} · #{channel}",
    "duel.label_game": "game {number}",
    "duel.label_proposed": "challenge",
    "duel.channel_unknown": "another channel",
    "concede.none": "You have no running duel to concede on this server.",
    "concede.which": "You have several running duels: choose one with the `duel` option.",
    "concede.proposed": "That challenge has not started: withdraw or decline it on the challenge message.",
    "concede.done": "You conceded your duel against {opponent}: {opponent} wins the match.",
    "concede.confirm": "Concede the match against {opponent}? {opponent} wins it; this cannot be undone.",
    "concede.button": "Confirm: concede",
    "concede.over": "This duel is not running any more: there is nothing to concede.",
    "abort.managers_only": "Only members with the Manage Server permission can abort duels.",
    "abort.none": "There is no open duel in this channel: choose one with the `duel` option.",
    "abort.which": "There are several open duels in this channel: choose one with the `duel` option.",
    "abort.done": "The duel {first} vs {second} is aborted: no result is recorded.",
    "status.title": "Your duels",
    "status.none": "You have no open duels here. Challenge someone with `/cardia challenge`.",
    "status.count": "{n} open (at most {max} per player on this server).",
    "status.active": "**vs {opponent}** — game {number}{score} · {channel}",
    "status.score": " · you {mine} – {theirs} {opponent}",
    "status.waits": "{who} since {since}; time is up {time_up}.",
    "status.your_decision": "❗ **your** decision ({what})",
    "status.their_decision": "⏳ {who}'s decision ({what})",
    "status.board": "[Latest board]({link})",
    "status.proposed_by_you": "**vs {opponent}** — your challenge, waiting for {opponent} to accept · "
    "{channel}",
    "status.proposed_to_you": "**vs {opponent}** — {opponent} challenges you: accept or decline · {channel}",
    "status.challenge": "[Challenge]({link})",
    "status.more": "… and {n} more.",
    # records: /cardia stats, leaderboard, history, about (bot.services.records, bot.cogs.records)
    # the one error path (bot.cogs.guard) and refusals of forged or misplaced clicks
    "error.nothing_changed": "Something went wrong on our side and nothing was changed: please try again in "
    "a moment.",
    "error.stored": "That was saved, but something went wrong showing it: the channel catches up in a "
    "moment.",
    "error.stopping": "The bot is restarting: nothing was changed, please try again in a minute.",
    "refuse.private_hand": "Decisions are taken on your private hand: press Show my hand.",
    "refuse.game_gone": "This game no longer exists.",
    "refuse.match_gone": "This match no longer exists.",
    "records.in_server": "Records are kept per server: use this command in a server.",
    "records.other_server": "This leaderboard belongs to another server.",
    "records.deck.mixed": "Mixed decks",
    "records.no_location": "No location",
    "records.tally": "{wins} W · {losses} L · {draws} D ({rate})",
    "records.rate": "{percent} %",
    "records.no_rate": "—",
    "stats.title": "📊 {name} — Cardia record",
    "stats.rating": "Rating **{rating}** · #{rank} of {players} in this server",
    "stats.rating_new": "Rating **{rating}** (no rated game yet)",
    "stats.games": "**Games**: {wins} won · {losses} lost · {draws} drawn — {played} played, {rate} won",
    "stats.matches": "**Matches**: {wins} won · {losses} lost · {draws} drawn — {played} finished",
    "stats.streak": "**Current streak**: {streak}",
    "stats.streak.win.one": "1 win",
    "stats.streak.win.other": "{n} wins 🔥",
    "stats.streak.loss.one": "1 loss",
    "stats.streak.loss.other": "{n} losses",
    "stats.streak.draw.one": "1 draw",
    "stats.streak.draw.other": "{n} draws",
    "stats.last": "**Last game**: {when}",
    "stats.none": "{name} has no finished game in this server yet.",
    "stats.by_deck": "By deck",
    "stats.by_location": "By location",
    "stats.line": "{label}: {tally}",
    "stats.footer": "Win rate: games won out of games played. Concessions and timeouts count as losses; "
    "aborted duels do not count.",
    "stats.bot": "Bots do not play Cardia: they have no record.",
    "leaderboard.title.rating": "🏆 Cardia leaderboard — by rating",
    "leaderboard.title.wins": "🏆 Cardia leaderboard — by wins",
    "leaderboard.line.rating": "`{rank:>2}.` **{name}** — **{rating}** · {wins} W · {losses} L · {draws} D",
    "leaderboard.line.wins": "`{rank:>2}.` **{name}** — **{wins} W** · {losses} L · {draws} D ({rate}) · "
    "rating {rating}",
    "leaderboard.empty": "No finished game in this server yet: challenge someone with `/cardia challenge`!",
    "leaderboard.footer": "Page {page} of {pages} · {players} players · rating: openskill (Plackett-Luce), "
    "1000 for a newcomer",
    "leaderboard.previous": "Previous",
    "leaderboard.next": "Next",
    "leaderboard.sort.rating": "Sort by rating",
    "leaderboard.sort.wins": "Sort by wins",
    "history.title": "📜 Game #{id} — {first} vs {second}",
    "history.round": "**Round {round}**",
    "history.round_plain": "Round {round}",
    "history.entry": "`{number}` {text}",
    "history.entry_plain": "{number}. {text}",
    "history.decided": "{who} — {what}.",
    "history.decided_then": "{who} — {what}: {told}",
    "history.chance": "Chance",
    "history.ended": "🏁 {result}",
    "history.result": "🏁 Result",
    "history.setup": "Setup",
    "history.setup_value": "{deck} · {location} · game {number} of match #{match} ({kind})",
    "history.first_to": "first to {wins} game wins",
    "history.single": "a single game",
    "history.length": "Length",
    "history.decisions.one": "1 decision",
    "history.decisions.other": "{n} decisions",
    "history.rounds.one": "1 round",
    "history.rounds.other": "{n} rounds",
    "history.played": "Played",
    "history.played_value": "{start} → {end}",
    "history.ratings": "Ratings",
    "history.rating_change": "{name} {before} → {after} ({delta})",
    "history.cut": "… {n} more lines in {file}",
    "history.footer": "{file}: the whole record, hidden cards included. python -m engine replay {file} "
    "prints the final state.",
    "history.not_found": "There is no game #{id} in this server.",
    "history.not_over": "Game #{id} is not over yet: its history is shown once it is finished.",
    "history.aborted": "Game #{id} was called off without a result: it has no history.",
    "history.bad_id": "Give a game number such as 12, or pick one of your games from the list.",
    "history.choice": "#{id} vs {opponent} — {outcome}, {deck}, {date}",
    "history.outcome.win": "won",
    "history.outcome.loss": "lost",
    "history.outcome.draw": "drawn",
    "about.title": "ℹ️ Cardia bot",
    "about.description": "Duels of Cardia, the card game by Hans im Glück, on an exact rules engine. "
    "`/cardia rules` explains the game, `/cardia challenge` starts a duel.",
    "about.version": "Version",
    "about.library": "discord.py",
    "about.uptime": "Uptime",
    "about.running": "Games under way",
    "about.finished": "Games finished",
    "about.servers": "Servers",
    "duration.days": "{d} d {h} h",
    "duration.hours": "{h} h {m} min",
    "duration.minutes": "{m} min {s} s",
    "duration.seconds": "{s} s",
}

CATALOGUES: dict[str, dict[str, str]] = {"en": EN}


def tr(key: str, /, **values: Any) -> str:
    """The phrase ``key`` of the current locale (falling back to English), formatted with ``values``."""
    phrase = CATALOGUES.get(LOCALE, EN).get(key) or EN[key]
    return phrase.format(**values) if values else phrase


def plural(key: str, n: int) -> str:
    """``key.one`` or ``key.other`` for ``n``."""
    return tr(f"{key}.one" if n == 1 else f"{key}.other", n=n)


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, ending with "…" if it was cut."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)].rstrip() + "…"


def join(items: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + tr("and") + items[-1]


def signed(amount: int) -> str:
    """+3, 0, or a negative amount with the typographic minus sign."""
    return f"+{amount}" if amount > 0 else f"−{-amount}" if amount < 0 else "0"
