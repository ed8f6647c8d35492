"""Everything the bot says in words: card and location labels, decision prompts and option labels, the
"what just happened" sentences, game results and the rules summary.

English only for now. Every phrase lives in a catalogue (``catalogue.EN``) looked up through ``tr``, and the
longer texts (card notes, rules pages) in per-locale tables, so a Hungarian or Polish catalogue can be
added later and selected with ``LOCALE`` without touching the logic. The functions here never return a
raw engine id ("p1:judge", "/modifiers", "rebels").

    catalogue  the phrases and small helpers     names      cards, factions, decks, locations
    decisions  prompts and option labels         story      "what just happened"
    results    how games and matches end         rules      card notes and the rules pages
"""

from bot.services.text.catalogue import (
    CATALOGUES,
    EN,
    FACTION_EMOJI,
    LABEL_LIMIT,
    LOCALE,
    NAME_LIMIT,
    clip,
    join,
    plural,
    signed,
    tr,
)
from bot.services.text.decisions import (
    FACTION_KINDS,
    HAND_KINDS,
    decision_prompt,
    option_description,
    option_emoji,
    option_label,
    plural_format,
    waiting_text,
)
from bot.services.text.names import (
    card_emoji,
    card_label,
    card_name,
    card_text,
    deck_label,
    faction_label,
    faction_name,
    find_item,
    kind_name,
    location_label,
    location_name,
    location_text,
    player_name,
    possessive,
    skulls_text,
)
from bot.services.text.results import NO_RESULT, hours_text, match_ended_text, result_text
from bot.services.text.rules import CARD_NOTES, LOCATION_NOTES, RULES_PAGES, card_note
from bot.services.text.story import describe_events

__all__ = [
    "CARD_NOTES",
    "CATALOGUES",
    "EN",
    "FACTION_EMOJI",
    "FACTION_KINDS",
    "HAND_KINDS",
    "LABEL_LIMIT",
    "LOCALE",
    "LOCATION_NOTES",
    "NAME_LIMIT",
    "NO_RESULT",
    "RULES_PAGES",
    "card_emoji",
    "card_label",
    "card_name",
    "card_note",
    "card_text",
    "clip",
    "decision_prompt",
    "deck_label",
    "describe_events",
    "faction_label",
    "faction_name",
    "find_item",
    "hours_text",
    "join",
    "kind_name",
    "location_label",
    "location_name",
    "location_text",
    "match_ended_text",
    "option_description",
    "option_emoji",
    "option_label",
    "player_name",
    "plural",
    "plural_format",
    "possessive",
    "result_text",
    "signed",
    "skulls_text",
    "tr",
    "waiting_text",
]
