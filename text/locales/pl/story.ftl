event-placed_hidden = { $who } kładzie kartę zakrytą.
event-placed_both_hidden = { $who } kładą swoje karty zakryte.
event-placed_card = { $who } kładzie zakrytą kartę: { $card }.
event-placed_shown = { $who } kładzie najpierw kartę odkrytą (Wróżbita): { $card }.
event-placed_shown_hidden = { $who } kładzie kartę zakrytą i pokazuje ją przeciwnikowi (Wróżbita).
event-revealed = Odkryto: { $first } i { $second } — { $outcome }.
event-outcome-win = starcie wygrywa { $who }
event-outcome-tie = remis, żadna zdolność się nie aktywuje
event-lost_activates = { $card } przegrywa i aktywuje zdolność
event-activates = { $card } aktywuje zdolność
event-copies = { $card } kopiuje zdolność karty { $source }
event-lost_copies = { $card } przegrywa i kopiuje zdolność karty { $source }
event-lost_activates_other = { $card } przegrywa i aktywuje zdolność karty { $target }
event-discard_top =
    { $n ->
        [one] { $who } odrzuca wierzchnią kartę swojej talii ({ $cards })
        [few] { $who } odrzuca { $n } wierzchnie karty swojej talii ({ $cards })
       *[other] { $who } odrzuca { $n } wierzchnich kart swojej talii ({ $cards })
    }
event-discard_deck = { $who } odrzuca ze swojej talii: { $cards }
event-discard_hand = { $who } odrzuca z ręki: { $cards }
event-discard_hand_none = { $who } nie ma na ręce kart tej frakcji
event-discard_play =
    { $n ->
        [one] { $cards } trafia do kart odrzuconych
       *[other] { $cards } trafiają do kart odrzuconych
    }
event-modifier = { $card } otrzymuje { $amount }
event-modifier_self = otrzymuje { $amount }
event-outcome-modified = {" "}(po modyfikatorach)
event-modifier_removed = { $card } traci modyfikatory
event-token = { $card } otrzymuje żeton stałej zdolności
event-token_self = otrzymuje żeton stałej zdolności (zdolność działa)
event-token_removed = { $card } traci żeton stałej zdolności
event-moved = { $who } przenosi wszystkie modyfikatory i żetony: { $source } → { $target }
event-returned = { $who } bierze z powrotem na rękę: { $card }
event-replaced = odrzucono kartę { $old } i zastąpiono ją kartą z ręki gracza { $who }: { $new }
event-next_modifier = następna karta gracza { $who } otrzyma { $amount }
event-next_librarian = { $who } da swojej następnej karcie +2 albo −2
event-next_engineer = następna karta gracza { $who } otrzyma +5 po rozpatrzeniu zdolności jej starcia
event-next_blackmail = { $who } musi odkryć jako następną kartę frakcji { $faction } albo odrzucić 2 karty
event-must_play_first = { $who } musi najpierw położyć następną kartę, odkrytą (Wróżbita)
event-shuffled = { $who } przetasowuje swoją talię
event-drew = { $who } dobiera: { $count }
event-drew_cards = { $who } dobiera: { $cards }
event-drew_each = { $who } dobierają po { $count }
event-under_deck = { $who } kładzie kartę pod swoją talię
event-under_deck_card = { $who } kładzie pod swoją talię: { $card }
event-under_deck_each = { $who } kładą po karcie pod swoje talie
event-then = , potem{" "}
event-continued = { $head } (ciąg dalszy)
event-nested = { $head } ({ $text })
event-from_cause = { $text } ({ $cause })
event-next_modifier_applied = Modyfikator następnej karty
event-more =
    { $n ->
        [one] … i jeszcze 1 zmiana.
        [few] … i jeszcze { $n } zmiany.
       *[other] … i jeszcze { $n } zmian.
    }
