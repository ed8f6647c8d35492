"""Everything the bot says in words: card and location labels, decision prompts and option labels, the
"what just happened" sentences, game results and the rules summary.

Every phrase lives in a Fluent catalogue (``locales/<language>/<area>.ftl``: English, Hungarian, Polish)
looked up through ``tr`` in the language set by ``speaking``. The functions here never return a raw
engine id ("p1:judge", "/modifiers", "rebels").

    catalogue  the phrases and small helpers     names      cards, factions, decks, locations
    decisions  prompts and option labels         story      "what just happened"
    results    how games and matches end         rules      card notes and the rules pages
"""

from text.catalogue import (
    FACTION_EMOJI,
    LABEL_LIMIT,
    LANGUAGES,
    NAME_LIMIT,
    SOURCE,
    clip,
    current_language,
    has,
    join,
    language_of,
    plural,
    set_language,
    signed,
    speaking,
    tr,
)
from text.decisions import (
    FACTION_KINDS,
    HAND_KINDS,
    answer_label,
    decision_prompt,
    option_description,
    option_emoji,
    option_label,
    waiting_text,
)
from text.names import (
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
    location_rule,
    location_text,
    player_name,
    possessive,
    skulls_text,
)
from text.results import NO_RESULT, hours_text, match_ended_text, result_text
from text.review import answer_text, percent, review_lines, turning_point_text
from text.rules import RULES_PAGE_COUNT, card_note, rules_pages
from text.story import describe_events

__all__ = [
    "FACTION_EMOJI",
    "FACTION_KINDS",
    "HAND_KINDS",
    "LABEL_LIMIT",
    "LANGUAGES",
    "NAME_LIMIT",
    "NO_RESULT",
    "RULES_PAGE_COUNT",
    "SOURCE",
    "answer_label",
    "answer_text",
    "card_emoji",
    "card_label",
    "card_name",
    "card_note",
    "card_text",
    "clip",
    "current_language",
    "decision_prompt",
    "deck_label",
    "describe_events",
    "faction_label",
    "faction_name",
    "find_item",
    "has",
    "hours_text",
    "join",
    "kind_name",
    "language_of",
    "location_label",
    "location_name",
    "location_rule",
    "location_text",
    "match_ended_text",
    "option_description",
    "option_emoji",
    "option_label",
    "percent",
    "player_name",
    "plural",
    "possessive",
    "result_text",
    "review_lines",
    "rules_pages",
    "set_language",
    "signed",
    "skulls_text",
    "speaking",
    "tr",
    "turning_point_text",
    "waiting_text",
]
