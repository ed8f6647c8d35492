event-placed_hidden = { $who } placed a card face down.
event-placed_both_hidden = { $who } placed their cards face down.
event-placed_card = { $who } placed { $card } face down.
event-placed_shown = { $who } placed { $card } face up first (Fortune Teller).
event-placed_shown_hidden = { $who } placed a card face down and showed it to the opponent (Fortune Teller).
event-revealed = Revealed: { $first } against { $second } — { $outcome }.
event-outcome-win = { $who } wins the encounter
event-outcome-tie = a tie, no ability activates
event-lost_activates = { $card } lost and activates
event-activates = { $card } activates
event-copies = { $card } copies { $source }
event-lost_copies = { $card } lost and copies { $source }
event-lost_activates_other = { $card } lost and activates { $target }
event-discard_top =
    { $n ->
        [one] { $who } discards the top card of their deck ({ $cards })
       *[other] { $who } discards the top { $n } cards of their deck ({ $cards })
    }
event-discard_deck = { $who } discards { $cards } from their deck
event-discard_hand = { $who } discards { $cards } from hand
event-discard_hand_none = { $who } has no card of that faction in hand
event-discard_play =
    { $n ->
        [one] { $cards } is discarded from play
       *[other] { $cards } are discarded from play
    }
event-modifier = { $card } gets { $amount }
event-modifier_self = it gets { $amount }
event-outcome-modified = {" "}(after modifiers)
event-modifier_removed = the modifiers are removed from { $card }
event-token = { $card } gets an ongoing token
event-token_self = it gets an ongoing token (its ability is now on)
event-token_removed = the ongoing token is removed from { $card }
event-moved = { $who } moves all modifiers and ongoing tokens from { $source } to { $target }
event-returned = { $who } takes { $card } back into their hand
event-replaced = { $old } is discarded and replaced by { $new } from { $who }'s hand
event-next_modifier = { $who }'s next card gets { $amount }
event-next_librarian = { $who } will give their next card +2 or −2
event-next_engineer = { $who }'s next card gets +5 once its encounter's abilities are resolved
event-next_blackmail = { $who } must reveal a { $faction } card next, or discard 2 cards
event-must_play_first = { $who } must place their next card face up first (Fortune Teller)
event-shuffled = { $who } shuffles their deck
event-drew = { $who } draws { $count }
event-drew_cards = { $who } draws { $cards }
event-drew_each = { $who } draw { $count } each
event-under_deck = { $who } puts a card under their deck
event-under_deck_card = { $who } puts { $card } under their deck
event-under_deck_each = { $who } each put a card under their deck
event-then = , then{" "}
event-continued = { $head } (continued)
event-nested = { $head } ({ $text })
event-from_cause = { $text } ({ $cause })
event-next_modifier_applied = Next-card modifier
event-more = … and { $n } more changes.
