"""Everything the bot says in words: card and location labels, decision prompts and option labels, the
"what just happened" sentences, game results and the rules summary.

English only for now. Every phrase lives in a catalogue (:data:`EN`) looked up through :func:`tr`, and the
longer texts (card notes, rules pages) in per-locale tables, so a Hungarian or Polish catalogue can be
added later and selected with :data:`LOCALE` without touching the logic. The functions here never
return a raw engine id ("p1:judge", "/modifiers", "rebels").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cards import CARDS, FACTIONS, LOCATIONS
from engine.model import PLAYERS, Event

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
    "event.librarian": "Librarian: {card} gets {amount}",
    "event.engineer": "Engineer: {card} gets +5",
    "event.auction_house": "{who} discards the top card of their deck ({cards}) (Auction House)",
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
    "event.drew_bazaar": "{who} draws {count} (Bazaar)",
    "event.under_deck": "{who} puts a card under their deck",
    "event.under_deck_card": "{who} puts {card} under their deck",
    "event.under_deck_each": "{who} each put a card under their deck",
    "event.then": ", then ",
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
    "result.simultaneous_draw": "Both players met a game-ending condition at the same moment: the game is "
    "a draw.",
    "result.draw": "The game is a draw.",
    "result.win": "{winner} wins.",
    "signets.one": "1 signet",
    "signets.other": "{n} signets",
    "signets.score": "{a} to {b}",
    # the board and the other embeds (bot.render)
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
    "board.footer_finished": "{deck} · Difficulty: {difficulty} · {round} rounds",
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
    "challenge.no_location": "None",
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
    # records: /cardia stats, leaderboard, history, about (bot.records, bot.records_ui)
    "records.in_server": "Records are kept per server: use this command in a server.",
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


# --- cards, factions, decks, locations ---------------------------------------------------------------


def faction_name(faction: str) -> str:
    return tr(f"faction.{faction}")


def faction_label(faction: str) -> str:
    """ "🟢 Rebels"."""
    return f"{FACTION_EMOJI[str(faction)]} {faction_name(str(faction))}"


def card_name(card_id: str) -> str:
    return CARDS[card_id].name


def card_label(card_id: str) -> str:
    """ "Judge (8, Dynasty)"."""
    card = CARDS[card_id]
    return tr("card.label", name=card.name, value=card.value, faction=faction_name(card.faction))


def card_emoji(card_id: str) -> str:
    return FACTION_EMOJI[str(CARDS[card_id].faction)]


def card_text(card_id: str) -> str:
    return CARDS[card_id].text


def kind_name(card_id: str) -> str:
    return tr(f"kind.{CARDS[card_id].kind}")


def location_name(location_id: str) -> str:
    return LOCATIONS[location_id].name


def location_text(location_id: str) -> str:
    return LOCATIONS[location_id].text


def skulls_text(skulls: int) -> str:
    return plural("skulls", skulls)


def location_label(location_id: str) -> str:
    """ "Serpent Temple (1 skull)"."""
    location = LOCATIONS[location_id]
    return tr("location.label", name=location.name, skulls=skulls_text(location.skulls))


def deck_label(deck: str | Mapping[Any, str]) -> str:
    """ "Deck I", "Deck II", or "Mixed: Rebels I, Academy II, Guild II, Dynasty I"."""
    if isinstance(deck, str):
        return tr(f"deck.{deck}")
    sources = {str(faction): source for faction, source in deck.items()}
    if len(set(sources.values())) == 1:
        return tr(f"deck.{next(iter(sources.values()))}")
    parts = ", ".join(f"{faction_name(f)} {sources[f]}" for f in map(str, FACTIONS))
    return tr("deck.mixed", parts=parts)


def find_item(query: str) -> str | None:
    """A card or location id from an id or an English name (case and spacing ignored), else None."""
    wanted = "".join(ch for ch in query.lower() if ch.isalnum())
    for item_id, name in [
        *((c.id, c.name) for c in CARDS.values()),
        *((x.id, x.name) for x in LOCATIONS.values()),
    ]:
        if wanted in (
            "".join(ch for ch in item_id if ch.isalnum()),
            "".join(ch for ch in name.lower() if ch.isalnum()),
        ):
            return item_id
    return None


def _possessive(name: str) -> str:
    return tr("possessive", name=name)


def _player_name(player: int | str, names: Mapping[str, str]) -> str:
    key = PLAYERS[player] if isinstance(player, int) else player
    return names.get(key, key)


# --- decisions ---------------------------------------------------------------------------------------

HAND_KINDS = frozenset(
    {
        "play",
        "palace_guard_discard",
        "revolutionary_discard",
        "blackmailer_discard",
        "elemental",
        "successor_keep",
        "serpent_temple_discard",
        "scrapyard",
        "puppeteer",
        "witch_king_shuffle",
    }
)
FACTION_KINDS = frozenset(
    {"palace_guard_faction", "ambusher_faction", "witch_king_faction", "blackmailer_faction"}
)


def decision_prompt(kind: str, options: Sequence[str] | None = None, *, first: bool = False) -> str:
    """What the deciding player is asked. ``first``: a "play" that must be placed face up before the
    opponent chooses (Fortune Teller). With the ``options`` of a Palace Guard discard the prompt names
    the faction (every card option is of it)."""
    if kind == "play" and first:
        return tr("prompt.play_first")
    if kind == "palace_guard_discard" and options:
        cards = [_card_of(option) for option in options if _card_of(option) in CARDS]
        if cards:
            return tr("prompt.palace_guard_discard_named", faction=faction_name(CARDS[cards[0]].faction))
    key = f"prompt.{kind}"
    return tr(key) if key in EN else tr("prompt.unknown")


def waiting_text(kind: str, *, first: bool = False) -> str:
    """What someone is deciding, revealing nothing: "choosing a card", "naming a faction for Palace
    Guard", ..."""
    if kind == "play" and first:
        return tr("waiting.play_first")
    key = f"waiting.{kind}"
    return tr(key) if key in EN else tr("waiting.unknown")


def _card_of(option: str) -> str:
    """The card id of a card reference ("p2:judge" → "judge"), or "" if the option is not one."""
    owner, sep, rest = option.partition(":")
    return rest.partition("/")[0] if sep and owner in PLAYERS else ""


def _owner_of(option: str) -> str:
    return option.partition(":")[0]


def _find_played(
    observation: Mapping[str, Any] | None, owner: str, card_id: str
) -> tuple[int, dict[str, Any], str | None] | None:
    """(0-based encounter index, the card's observed state, the encounter's winner) of a played card."""
    for index, encounter in enumerate((observation or {}).get("encounters", [])):
        slot = encounter.get(owner)
        if slot is not None and slot.get("card") == card_id:
            return index, slot, encounter.get("winner")
    return None


def _owner_phrase(
    owner: str, viewer: str | None, names: Mapping[str, str], lower: bool = False, name_limit: int = 32
) -> str:
    """ "Your" (or "your") for the viewer's own card, else "Bob's"."""
    if owner == viewer:
        return tr("your").lower() if lower else tr("your")
    return _possessive(clip(names.get(owner, owner), name_limit))


def option_label(
    kind: str,
    option: str,
    viewer: str | None,
    names: Mapping[str, str],
    observation: Mapping[str, Any] | None = None,
    *,
    limit: int = LABEL_LIMIT,
) -> str:
    """A label for one option of a decision, at most ``limit`` characters (100 for a select option; pass
    80 for a button) and never a raw id: "Judge (8, Dynasty)", "Bob's Mediator (4), encounter 2",
    "Remove the modifiers (+3) from your Judge", "Rebels". A long display name is shortened first, so the
    labels of one decision stay unique."""
    name_limit = NAME_LIMIT
    label = _option_label(kind, option, viewer, names, observation, name_limit)
    while len(label) > limit and name_limit > 8:
        name_limit = max(8, name_limit - (len(label) - limit))
        label = _option_label(kind, option, viewer, names, observation, name_limit)
    return clip(label, limit)


def _option_label(
    kind: str,
    option: str,
    viewer: str | None,
    names: Mapping[str, str],
    observation: Mapping[str, Any] | None,
    name_limit: int,
) -> str:
    if option in FACTIONS:
        return faction_name(option)
    if option in ("decline", "next", "+2", "-2"):
        return tr(f"option.{option}")
    card_id = _card_of(option)
    if card_id not in CARDS:
        return option.replace("_", " ").capitalize()  # not expected: an option this module does not know
    if kind in HAND_KINDS:
        return card_label(card_id)
    owner = _owner_of(option)
    name = card_name(card_id)
    found = _find_played(observation, owner, card_id)
    if option.endswith(("/modifiers", "/ongoing")):
        slot = found[1] if found else {}
        lower = _owner_phrase(owner, viewer, names, lower=True, name_limit=name_limit)
        if option.endswith("/modifiers"):
            modifier = signed(slot.get("modifier", 0))
            return tr("option.modifiers", modifier=modifier, owner_lower=lower, name=name)
        return plural_format("option.ongoing", slot.get("ongoing", 1), owner_lower=lower, name=name)
    who = _owner_phrase(owner, viewer, names, name_limit=name_limit)
    if found is None:
        return tr("option.played_lost", owner=who, name=name)
    index, slot, _ = found
    return tr("option.played", owner=who, name=name, influence=slot.get("influence"), index=index + 1)


def plural_format(key: str, n: int, **values: Any) -> str:
    return tr(f"{key}.one" if n == 1 else f"{key}.other", n=n, **values)


def option_description(
    kind: str,
    option: str,
    viewer: str | None,
    names: Mapping[str, str],
    observation: Mapping[str, Any] | None = None,
) -> str | None:
    """A short description (≤ 100 characters) for a select option, or None: the ability text of a hand
    card, the state of a played card, the values of a faction."""
    text: str | None = None
    if option in FACTIONS:
        values = ", ".join(str(c.value) for c in CARDS.values() if c.deck == "I" and c.faction == option)
        text = tr("describe.faction", values=values)
    elif option in ("decline", "next", "+2", "-2"):
        text = tr(f"describe.{option}")
    elif (card_id := _card_of(option)) in CARDS:
        if kind in HAND_KINDS:
            text = card_text(card_id)
        else:
            found = _find_played(observation, _owner_of(option), card_id)
            if found is not None:
                text = _played_description(card_id, _owner_of(option), found[1], found[2])
    return None if text is None else clip(text, LABEL_LIMIT)


def _played_description(card_id: str, owner: str, slot: Mapping[str, Any], winner: str | None) -> str:
    other = "p2" if owner == "p1" else "p1"
    if winner is None:
        status = "open"
    elif winner in (owner, "both"):
        status = "wins"
    elif winner == other:
        status = "loses"
    else:
        status = "tie"
    tokens = slot.get("ongoing", 0)
    return tr(
        "describe.played",
        value=CARDS[card_id].value,
        modifier=tr("describe.modifier", amount=signed(slot["modifier"])) if slot.get("modifier") else "",
        tokens=plural_format("describe.tokens", tokens) if tokens else "",
        status=tr(f"describe.status.{status}"),
    )


def option_emoji(option: str) -> str | None:
    """The faction emoji of a faction or card option (for a select option's emoji), else None."""
    if option in FACTIONS:
        return FACTION_EMOJI[option]
    card_id = _card_of(option)
    return card_emoji(card_id) if card_id in CARDS else None


# --- what just happened ------------------------------------------------------------------------------


class _Story:
    """Builds sentences from events: an ability and its effects form one sentence ("X lost and
    activates: a, then b."); effects outside an ability stand alone."""

    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = names
        self.sentences: list[str] = []
        self.head: str | None = None
        self.head_lost = False  # the head is "X lost and activates" (may absorb a nested ability)
        self.subject: tuple[int, str] | None = None  # the card the ability resolves on
        self.ability: str | None = None  # the ability being resolved
        self.clauses: list[str] = []
        self.loser: tuple[int, str] | None = None  # the card that lost the last comparison
        self.ending: str | None = None
        self.revealing = False  # between the placements and the comparison: a modifier is Librarian's

    def who(self, player: int) -> str:
        return _player_name(player, self.names)

    def card(self, player: int, card_id: str) -> str:
        return f"{_possessive(self.who(player))} {card_name(card_id)}"

    def flush(self) -> None:
        if self.head is not None:
            body = tr("event.then").join(self.clauses)
            self.sentences.append(f"{self.head}: {body}." if body else f"{self.head}.")
        else:
            self.sentences.extend(_sentence(clause) for clause in self.clauses)
        self.head, self.head_lost, self.subject, self.ability, self.clauses = None, False, None, None, []

    def clause(self, text: str) -> None:
        self.clauses.append(text)

    def sentence(self, text: str) -> None:
        self.flush()
        self.sentences.append(text)

    def start_ability(self, event: Event) -> None:
        ability, this = (*event.cards, event.cards[0])[:2] if event.cards else ("", "")
        player = event.player
        subject = self.subject
        if self.head_lost and not self.clauses and subject is not None and subject[0] == player:
            base = self.card(*subject)
            if ability == this:  # Illusionist: another card's own ability
                self.head = tr("event.lost_activates_other", card=base, target=self.card(player, this))
                self.subject = (player, this)
            else:  # Magistra or Elemental: a copy
                self.head = tr("event.lost_copies", card=base, source=card_name(ability))
            self.ability, self.head_lost = ability, False
            return
        self.flush()
        if ability != this:
            self.head = tr("event.copies", card=self.card(player, this), source=card_name(ability))
        elif self.loser == (player, this):
            self.head = tr("event.lost_activates", card=self.card(player, this))
            self.head_lost = True
        else:
            self.head = tr("event.activates", card=self.card(player, this))
        self.loser = None
        self.subject, self.ability = (player, this), ability


def _sentence(clause: str) -> str:
    return clause[:1].upper() + clause[1:] + "."


def _names(cards: Iterable[str]) -> str:
    return join([card_name(c) for c in cards])


def describe_events(events: Sequence[Event], names: Mapping[str, str], *, limit: int = 6) -> list[str]:
    """ "What just happened" in plain sentences, one or two per step, at most ``limit`` (the rest are
    summarised as "… and N more changes."); a game-over sentence is always kept, last. ``names`` maps
    "p1"/"p2" to display names. Pass events as :func:`engine.visible_events` gives them to the reader."""
    story = _Story(names)
    i = 0
    while i < len(events):
        event = events[i]
        run = _run(events, i)
        if event.kind == "placed":
            _placed(story, events[i : i + run])
            story.revealing = True
        elif event.kind in ("outcome", "compared"):
            _revealed(story, event)
            story.revealing = False
        elif event.kind == "ability":
            story.start_ability(event)
        elif event.kind == "drew" and event.detail != "bazaar":
            if _ends_round(events, i + run):
                story.flush()  # an end-of-round draw, not part of an ability
            _drew(story, events[i : i + run])
        elif event.kind == "under_deck":
            _under_deck(story, events[i : i + run])
        elif event.kind == "discarded" and event.detail == "play":
            cards = [story.card(e.player, c) for e in events[i : i + run] for c in e.cards]
            verb = tr("event.verb.are" if len(cards) > 1 else "event.verb.is")
            story.clause(tr("event.discard_play", cards=join(cards), verb=verb))
        elif event.kind == "game_over":
            story.flush()
            winner = None if event.player < 0 else PLAYERS[event.player]
            story.ending = result_text({"winner": winner, "reason": event.detail}, names)
        else:
            run = 1
            text = _effect(story, event)
            if text:
                story.clause(text)
        i += run
    story.flush()
    sentences = story.sentences
    if len(sentences) > limit:
        kept = max(limit - 1, 0)
        sentences = [*sentences[:kept], tr("event.more", n=len(sentences) - kept)]
    return [*sentences, story.ending] if story.ending else sentences


def _run(events: Sequence[Event], start: int) -> int:
    """How many events from ``start`` on form one group: both players' placements, p1's and p2's
    end-of-round draws or Scrapyard cards, or cards discarded from play together (Hired Blade)."""
    first = events[start]
    if first.kind == "discarded" and first.detail == "play":
        end = start + 1
        while end < len(events) and events[end].kind == "discarded" and events[end].detail == "play":
            end += 1
        return end - start
    if first.kind in ("placed", "drew", "under_deck") and start + 1 < len(events):
        second = events[start + 1]
        pair = second.kind == first.kind and second.detail == first.detail and second.player != first.player
        if pair and first.kind != "drew":
            return 2
        # p1's then p2's draw, right before the next round (or the end): the end-of-round draws
        if pair and (first.player, second.player) == (0, 1) and _ends_round(events, start + 2):
            return 2
    return 1


def _ends_round(events: Sequence[Event], index: int) -> bool:
    """True if the event at ``index`` starts a new round or ends the game (or there is none)."""
    return index >= len(events) or events[index].kind in ("placed", "game_over", "under_deck")


def _placed(story: _Story, events: Sequence[Event]) -> None:
    story.flush()
    hidden = [e for e in events if not e.cards and e.detail != "shown"]
    if len(hidden) == 2:
        story.sentence(tr("event.placed_both_hidden", who=join([story.who(e.player) for e in hidden])))
        return
    for e in events:
        who = story.who(e.player)
        if e.detail == "shown":
            key = "event.placed_shown" if e.cards else "event.placed_shown_hidden"
            story.sentence(tr(key, who=who, card=card_label(e.cards[0]) if e.cards else ""))
        elif e.cards:
            story.sentence(tr("event.placed_card", who=who, card=card_label(e.cards[0])))
        else:
            story.sentence(tr("event.placed_hidden", who=who))


def _revealed(story: _Story, event: Event) -> None:
    """The comparison, with printed values; "(after modifiers)" when those alone do not explain it."""
    story.flush()
    first, second = event.cards[:2]
    sides = [f"{story.card(p, c)} ({CARDS[c].value})" for p, c in ((0, first), (1, second))]
    difference = CARDS[first].value - CARDS[second].value
    if event.detail in PLAYERS:
        outcome = tr("event.outcome.win", who=_player_name(event.detail, story.names))
        winner = PLAYERS.index(event.detail)
        story.loser = (1 - winner, (first, second)[1 - winner])
        plain = difference > 0 if winner == 0 else difference < 0
    else:
        outcome = tr("event.outcome.tie")
        story.loser = None
        plain = difference == 0
    if not plain:
        outcome += tr("event.outcome.modified")
    story.sentence(tr("event.revealed", first=sides[0], second=sides[1], outcome=outcome))


def _drew(story: _Story, events: Sequence[Event]) -> None:
    counts = [len(e.cards) or e.amount for e in events]
    if len(events) == 1:
        e = events[0]
        text = (
            tr("event.drew_cards", who=story.who(e.player), cards=_names(e.cards))
            if e.cards
            else tr("event.drew", who=story.who(e.player), count=plural("cards", counts[0]))
        )
        story.clause(text)
        return
    story.flush()
    if len(set(counts)) == 1 and not any(e.cards for e in events):
        who = join([story.who(e.player) for e in events])
        story.sentence(_sentence(tr("event.drew_each", who=who, count=plural("cards", counts[0]))))
        return
    parts = [
        tr("event.drew_cards", who=story.who(e.player), cards=_names(e.cards))
        if e.cards
        else tr("event.drew", who=story.who(e.player), count=plural("cards", n))
        for e, n in zip(events, counts, strict=True)
    ]
    story.sentence(_sentence("; ".join(parts)))


def _under_deck(story: _Story, events: Sequence[Event]) -> None:
    story.flush()
    if len(events) > 1 and not any(e.cards for e in events):
        story.sentence(
            _sentence(tr("event.under_deck_each", who=join([story.who(e.player) for e in events])))
        )
        return
    for e in events:
        who = story.who(e.player)
        key, card = ("event.under_deck_card", card_name(e.cards[0])) if e.cards else ("event.under_deck", "")
        story.sentence(_sentence(tr(key, who=who, card=card)))


def _effect(story: _Story, event: Event) -> str:
    """One effect as a clause (without the final full stop); "" if there is nothing to tell."""
    kind, player, cards, amount, detail = event
    who = story.who(player) if player >= 0 else ""
    if kind == "discarded":
        if not cards:
            return tr("event.discard_hand_none", who=who) if detail == "hand" else ""
        if detail == "hand":
            return tr("event.discard_hand", who=who, cards=_names(cards))
        if story.ability == "successor" and len(cards) > 4:
            return tr("event.discard_deck", who=who, cards=plural("cards", len(cards)))
        if story.ability in ("witch_king", "successor"):
            return tr("event.discard_deck", who=who, cards=_names(cards))
        if story.head is None and len(cards) == 1:  # outside an ability: Auction House at a reveal
            return tr("event.auction_house", who=who, cards=card_name(cards[0]))
        count = "card" if len(cards) == 1 else f"{len(cards)} cards"
        return tr("event.discard_top", who=who, count=count, cards=", ".join(map(card_name, cards)))
    if kind == "modifier" and cards:
        if detail == "removed":
            return tr("event.modifier_removed", card=story.card(player, cards[0]))
        if story.revealing:  # the only modifier between the placements and the comparison
            return tr("event.librarian", card=story.card(player, cards[0]), amount=signed(amount))
        if amount == 5:  # no ability but the Engineer's gives +5: it comes after the abilities
            story.flush()
            return tr("event.engineer", card=story.card(player, cards[0]))
        if story.subject == (player, cards[0]) and not story.clauses:
            return tr("event.modifier_self", amount=signed(amount))
        return tr("event.modifier", card=story.card(player, cards[0]), amount=signed(amount))
    if kind == "token" and cards:
        if amount < 0:
            return tr("event.token_removed", card=story.card(player, cards[0]))
        if story.subject == (player, cards[0]) and not story.clauses:
            return tr("event.token_self")
        return tr("event.token", card=story.card(player, cards[0]))
    if kind == "moved" and len(cards) == 2:
        return tr("event.moved", who=who, source=card_name(cards[0]), target=card_name(cards[1]))
    if kind == "returned" and cards:
        return tr("event.returned", who=who, card=card_name(cards[0]))
    if kind == "replaced" and len(cards) == 2:
        return tr("event.replaced", old=story.card(player, cards[0]), new=card_name(cards[1]), who=who)
    if kind == "drew" and detail == "bazaar":
        return tr("event.drew_bazaar", who=who, count=plural("cards", len(cards) or amount))
    if kind == "next_card":
        if amount:
            return tr("event.next_modifier", who=who, amount=signed(amount))
        effect, _, faction = detail.partition(":")
        if effect == "blackmail" and faction:
            return tr("event.next_blackmail", who=who, faction=faction_name(faction))
        if effect in ("librarian", "engineer"):
            return tr(f"event.next_{effect}", who=who)
        return ""
    if kind == "must_play_first":
        return tr("event.must_play_first", who=who)
    if kind == "shuffled":
        return tr("event.shuffled", who=who)
    return ""


# --- results -----------------------------------------------------------------------------------------


#: Reasons a game ends without any result (Duels.abort): not a draw, nothing is recorded.
NO_RESULT = ("aborted", "abandoned")


def match_ended_text(
    winner: str | None, reason: str, mentions: Mapping[str, str], names: Mapping[str, str]
) -> str:
    """A match ended by the bot (a concession, a timeout, an abort): the winner mentioned, if any."""
    if winner is None:
        key = f"match.{reason}" if reason in NO_RESULT else "match.aborted"
        return tr(key, first=mentions["p1"], second=mentions["p2"])
    loser = "p2" if winner == "p1" else "p1"
    key = f"match.{reason}" if f"match.{reason}" in EN else "match.conceded"
    return tr(key, winner=mentions[winner], loser=names[loser])


def hours_text(hours: float) -> str:
    """A duration in hours as people say it: "24 hours", "1 hour", "1.5 hours", "15 minutes"."""
    if hours < 1:
        return tr("minutes.other", n=f"{hours * 60:g}")
    return tr("hours.one") if hours == 1 else tr("hours.other", n=f"{hours:g}")


def result_text(
    result: Mapping[str, Any], names: Mapping[str, str], signets: Mapping[str, int] | None = None
) -> str:
    """How a finished game ended, e.g. "Alice wins: Bob has no card left to play."; ``signets`` (the
    final totals) makes a signet win say the score."""
    winner = result.get("winner")
    reason = result.get("reason", "")
    if reason in NO_RESULT:
        return tr(f"result.{reason}")
    if winner is None:
        if reason == "both_cannot_play":
            return tr("result.both_cannot_play_draw")
        if reason in ("simultaneous", "haunted_catacombs", "founders_day"):
            return tr("result.simultaneous_draw")
        return tr("result.draw")
    loser = "p2" if winner == "p1" else "p1"
    values = {"winner": names.get(winner, winner), "loser": names.get(loser, loser)}
    if reason == "signets":
        if signets is None:
            return tr("result.signets_plain", **values)
        score = tr("signets.score", a=plural("signets", signets[winner]), b=signets[loser])
        return tr("result.signets", signets=score, **values)
    key = f"result.{reason}"
    return tr(key, **values) if key in EN else tr("result.win", **values)


# --- card and location notes (from RULES.md §3 and §4), for /cardia card -------------------------------

CARD_NOTES: dict[str, dict[str, str]] = {
    "en": {
        "hired_blade": "Both cards of the encounter go to their owners' discard piles with all their tokens; "
        "later encounters slide back to close the gap.",
        "void_mage": "Any played card of either player, the current encounter included. Removing an ongoing "
        "token switches that ability off at once and everything is re-evaluated.",
        "surgeon": "The −5 waits beside your card and goes on the next card you play when it is revealed; it "
        "counts in that comparison. Handy for making your own Djinn lose.",
        "mediator": "While the token is on, its encounter is a tie whatever the influences, so the "
        "opponent's signet returns. An active Judge still wins this tie.",
        "saboteur": "Fewer cards are discarded if the deck is shorter. Discards are never reshuffled.",
        "fortune_teller": "Next round your opponent places first, face up; then you choose knowing their "
        "card. Reveal-time effects still happen at the reveal.",
        "palace_guard": "You name the faction blind. Your opponent decides whether to discard a matching "
        "card; with none they cannot, and Palace Guard gets +7 (usually winning: 7 + 7 = 14).",
        "judge": "On activation it claims every currently tied encounter, and every later tie. A tie still "
        "activates no ability, and Judge does not break a tie in signet totals.",
        "ambusher": "The faction is named blind; your opponent has no choice.",
        "puppeteer": "The replacement is face up, carries no tokens and does not activate. If your "
        "opponent's hand is empty they cannot play and you win at once.",
        "clockmaker": '"Previous" is relative to the Clockmaker. No previous encounter: only the next-card '
        "half happens.",
        "treasurer": "The extra signet goes to whichever card wins the previous encounter, even your "
        "opponent's, and follows the winner if it changes.",
        "swamp_guardian": "Only past encounters qualify. The card comes back without its tokens, the "
        "opposing card is discarded and the row closes the gap. You still draw at the end of the round.",
        "magistra": "Only your own other played cards with an instant ability and at least Magistra's "
        "current influence. The copy resolves in Magistra's position; copying a Djinn wins the game.",
        "inventor": "Any two different played cards, either player's, Inventor itself included. Both parts "
        "are mandatory.",
        "djinn": "Only fires when the Djinn loses its encounter (after a −5 from Surgeon, for example). It "
        "wins at once, whatever the signets.",
        "poisoner": "A one-shot negative modifier; later changes do not re-trigger it. It never raises a "
        "card that is already lower.",
        "kinesis_mage": "Source and destination are both yours (either may be the Kinesis Mage). A token "
        "landing on an ongoing card switches its ability on at once.",
        "envoy": "Any played card of either player, or the next card you play.",
        "tax_collector": "Often turns the loss into a win (4 + 4 = 8) or a tie; the opposing card does not "
        "activate then.",
        "revolutionary": "Your opponent picks the 2 cards (all they have if fewer), then draws as many as "
        "the deck allows.",
        "librarian": "You choose +2 or −2 after seeing both revealed cards, before the comparison.",
        "prodigy": "Prodigy itself qualifies while its influence is 8 or less.",
        "aristocrat": "Pays off if the encounter later flips to the Aristocrat: it then carries 2 signets.",
        "blackmailer": "The discard happens right after the reveal, before abilities; your opponent chooses "
        "which 2.",
        "illusionist": "A losing card is one whose opposing card currently wins. The ability resolves in "
        "that card's position; an ongoing one gets its token there.",
        "engineer": "The +5 lands after the next encounter's abilities (also after a tie), so it does not "
        "decide which card activates.",
        "counselor": "Relative to the Counselor; overrides influence, Mediator and Judge while the token is "
        "on. Two Counselors forcing the same encounter cancel out.",
        "witch_king": "The faction is named blind; the deck is shuffled afterwards.",
        "elemental": "The copy resolves as if printed on the Elemental. With no instant card in hand you "
        "still draw 1.",
        "mechanical_djinn": "Wins the moment its token is on and you win the encounter right after it, by "
        "any means (influence, Judge, Counselor).",
        "successor": "Your opponent keeps the 2 cards they choose. They usually cannot play a few rounds "
        "later.",
    }
}

LOCATION_NOTES: dict[str, dict[str, str]] = {
    "en": {
        "serpent_temple": "Triggers when a past encounter becomes yours (from a loss or a tie), e.g. by "
        "Clockmaker, Inventor, Judge or Counselor; each new win triggers again.",
        "bazaar": "Only the end-of-round draw is removed; abilities still draw. The refill happens in any "
        "phase, e.g. right after placing your card.",
        "founders_day": "Checked at every moment; consecutive means adjacent in the current row.",
        "grand_library": "With 1 card left in the deck you draw it; with none, nothing.",
        "scrapyard": "Ignored when your deck has 0 or 1 cards (draw normally then).",
        "auction_house": "Compared at the reveal with current influence, tokens included; equal means no "
        "discard. Not for a Puppeteer replacement.",
        "haunted_catacombs": "Only at the reveal; neighbours created by abilities do not count. Both players "
        "at once: a draw.",
        "foggy_swamp": 'Round 1 reveals nothing. "Next card" effects bind to the next card you choose from '
        "hand. You may look at your own face-down cards.",
    }
}


def card_note(item_id: str) -> str | None:
    """A clarification of a card or location's rule, or None."""
    notes = CARD_NOTES if item_id in CARDS else LOCATION_NOTES
    return notes.get(LOCALE, notes["en"]).get(item_id) or notes["en"].get(item_id)


# --- the rules summary (/cardia rules), from RULES.md in our own words --------------------------------

RULES_PAGES: list[tuple[str, str]] = [
    (
        "Goal and setup",
        "Cardia is a duel of two players with identical 16-card decks (values 1–16, in four factions: "
        "🟢 Rebels, 🟡 Academy, 🔴 Guild, 🔵 Dynasty).\n\n"
        "**Goal:** be the first with **5 signets** on your played cards at the end of a round. A match is "
        "played until one player has won 2 games.\n\n"
        "**Setup:** each player shuffles their deck and draws 5 cards. Your discard pile is face up; "
        "either player may look at both piles at any time. Discarded cards are never reshuffled.",
    ),
    (
        "A round",
        "There is no turn order: both players act at the same time.\n\n"
        "**1. Play.** Each player chooses a card from hand and places it face down, opposite the "
        "opponent's card. The two cards form an **encounter**; encounters form a row, oldest first. Both "
        'cards are revealed together, and any waiting "next card" effects (Surgeon −5, Clockmaker +3, '
        "...) are put on them now.\n\n"
        "**2. Compare.** The higher **influence** (printed value plus modifiers) wins the encounter and "
        "gets a signet. The card that **lost** activates its ability — only that card, and it cannot "
        "decline.\n\n"
        "**3. End of round.** Each player draws 1 card (an empty deck simply draws nothing). Then signets "
        "are counted.",
    ),
    (
        "Ties",
        "If both cards have the same influence the encounter is a **tie**: nobody gets a signet and **no "
        "ability activates** this round.\n\n"
        "A player with an active **Judge** wins every tie (past and future) and its signet, but the tie "
        "still activates no ability. If both players have an active Judge, both cards win the tie.\n\n"
        "A **Mediator** with its ongoing token makes its own encounter a tie whatever the influences.",
    ),
    (
        "Abilities",
        "**Instant** abilities are resolved once, at once, as fully as possible — even if that helps the "
        "opponent.\n\n"
        "**Ongoing** abilities (Mediator, Judge, Treasurer; Aristocrat, Counselor, Mechanical Djinn) put an "
        "ongoing token on the card. The effect lasts while the token is there, even if the card later "
        "wins its encounter; removing the token switches it off at once.\n\n"
        '"Played card" means any face-up card in the row, either player\'s. "Previous encounter" is the '
        'one just before, in the row; "next card you play" is your card in the next round.\n\n'
        "Discarding a played card returns all its tokens; when both cards of an encounter leave, the row "
        "closes the gap.",
    ),
    (
        "Signets and live re-evaluation",
        "Signets are never fixed: **at any moment** the card with the higher influence wins its "
        "encounter. If a modifier, a removed token or an ability changes a past encounter, its signet "
        "moves to the new winner (or goes back on a tie). This never activates another ability: only "
        "the card that lost the comparison this round activates.\n\n"
        "Some cards add signets: Treasurer (the winner of the previous encounter carries 1 more) and "
        "Aristocrat (2 signets when it wins).",
    ),
    (
        "End of the game",
        "The game ends at once when:\n"
        "• at the end of a round a player has **5 or more signets and more than the opponent** (equal "
        "totals of 5 or more: keep playing);\n"
        "• a player must play a card but has **none in hand**: the opponent wins (if neither can play, "
        "more signets wins, equal is a draw);\n"
        "• a **Djinn** activates (its owner wins, whatever the signets), or a **Mechanical Djinn**'s "
        "condition is met;\n"
        "• a location says so (Founder's Day, Haunted Catacombs).\n\n"
        "Reaching 5 signets in the middle of a round is not yet a win: the losing card's ability may "
        "still take signets away.",
    ),
    (
        "Locations and difficulty",
        "A game may use one **location**, whose rule applies all game long (e.g. Bazaar: no end-of-round "
        "draw, but refill to 4 whenever your hand drops to 1; Foggy Swamp: each round the *previous* "
        "encounter is revealed). Each location has 1–3 skulls.\n\n"
        "**Difficulty** = deck (Deck I 0, Deck II or a mix with any Deck II faction 1) + the location's "
        "skulls: 0–1 Assassins in training, 2 Experienced inventors, 3–4 Mighty mages.\n\n"
        "**Mixed decks** are built from whole faction sets, each taken from Deck I or Deck II; both "
        "players use the same mix.",
    ),
]
