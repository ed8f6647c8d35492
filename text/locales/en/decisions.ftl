prompt-play = Choose the card to place face down
prompt-play_first = Fortune Teller: choose your card first — your opponent sees it before choosing theirs
prompt-void_mage = Void Mage: choose a played card and whether to remove its modifiers or its ongoing tokens
prompt-palace_guard_faction = Palace Guard: name a faction — your opponent may discard a card of it, or Palace Guard gets +7
prompt-palace_guard_discard = Palace Guard: discard a card of the named faction, or decline and Palace Guard gets +7
prompt-palace_guard_discard_named = Palace Guard named { $faction }: discard a { $faction } card, or decline and Palace Guard gets +7
prompt-ambusher_faction = Ambusher: name a faction — your opponent discards every card of it from hand
prompt-witch_king_faction = Witch King: name a faction — your opponent discards every card of it from hand and deck
prompt-blackmailer_faction = Blackmailer: name a faction — if your opponent's next card is of another faction, they discard 2 cards
prompt-swamp_guardian = Swamp Guardian: choose one of your played cards to take back (the card opposite it is discarded)
prompt-magistra = Magistra: choose one of your played cards whose instant ability to copy
prompt-inventor_plus = Inventor: choose the played card that gets +3
prompt-inventor_minus = Inventor: choose the played card that gets −3
prompt-kinesis_from = Kinesis Mage: choose your card to move all modifiers and ongoing tokens from
prompt-kinesis_to = Kinesis Mage: choose your card to move them to
prompt-envoy = Envoy: put −3 on a played card, or on your next card
prompt-revolutionary_discard = Revolutionary: choose 2 cards to discard (you then draw 2)
prompt-librarian = Librarian: +2 or −2 on your revealed card?
prompt-prodigy = Prodigy: choose one of your played cards (influence 8 or less) to get +3
prompt-blackmailer_discard = Blackmailer: your revealed card is not of the named faction — choose 2 cards to discard
prompt-illusionist = Illusionist: choose one of your losing cards whose ability to activate
prompt-elemental = Elemental: choose an instant card from your hand to discard and copy (then you draw 1)
prompt-successor_keep = Successor: choose the 2 cards you keep (the rest of your hand is discarded)
prompt-serpent_temple_discard = Serpent Temple: your opponent won a past encounter — choose a card to discard
prompt-scrapyard = Scrapyard: choose a card to put under your deck
prompt-puppeteer = Puppeteer: the card taken at random from the opponent's hand
prompt-witch_king_shuffle = Witch King: the new order of the shuffled deck
prompt-unknown = Make your choice
waiting-play = choosing a card
waiting-play_first = choosing a card to play first, shown to the opponent, as Fortune Teller requires
waiting-void_mage = choosing what the Void Mage removes
waiting-palace_guard_faction = naming a faction for Palace Guard
waiting-palace_guard_discard = deciding whether to discard a card for Palace Guard
waiting-ambusher_faction = naming a faction for Ambusher
waiting-witch_king_faction = naming a faction for Witch King
waiting-blackmailer_faction = naming a faction for Blackmailer
waiting-swamp_guardian = choosing a card to take back for Swamp Guardian
waiting-magistra = choosing the ability Magistra copies
waiting-inventor_plus = choosing where the Inventor puts +3
waiting-inventor_minus = choosing where the Inventor puts −3
waiting-kinesis_from = choosing the Kinesis Mage's source card
waiting-kinesis_to = choosing the Kinesis Mage's target card
waiting-envoy = choosing where the Envoy puts −3
waiting-revolutionary_discard = choosing 2 cards to discard for Revolutionary
waiting-librarian = choosing +2 or −2 for Librarian
waiting-prodigy = choosing a card for Prodigy
waiting-blackmailer_discard = choosing 2 cards to discard for Blackmailer
waiting-illusionist = choosing a card for Illusionist
waiting-elemental = choosing a card for Elemental
waiting-successor_keep = choosing 2 cards to keep for Successor
waiting-serpent_temple_discard = choosing a card to discard for Serpent Temple
waiting-scrapyard = choosing a card to put under their deck
waiting-puppeteer = the random pick for Puppeteer
waiting-witch_king_shuffle = the shuffle for Witch King
waiting-unknown = deciding
option-hand = { $card }
option-played = { $owner } { $name } ({ $influence }), encounter { $index }
option-played_lost = { $owner } { $name }
option-modifiers = Remove the modifiers ({ $modifier }) from { $owner_lower } { $name }
option-ongoing =
    { $n ->
        [one] Remove the ongoing token from { $owner_lower } { $name }
       *[other] Remove the { $n } ongoing tokens from { $owner_lower } { $name }
    }
option-decline = Decline: Palace Guard gets +7
option-next = Your next card
option-plus2 = +2
option-minus2 = −2
describe-played = Printed { $value }{ $modifier }{ $tokens }; { $status }
describe-modifier = , modifier { $amount }
describe-tokens =
    { $n ->
        [one] , 1 ongoing token
       *[other] , { $n } ongoing tokens
    }
describe-status-wins = wins its encounter
describe-status-loses = loses its encounter
describe-status-tie = tied
describe-status-open = not compared yet
describe-faction = Values { $values }
describe-decline = Keep your cards; Palace Guard gets +7
describe-next = −3 on the next card you play, when it is revealed
describe-plus2 = Your revealed card gets +2
describe-minus2 = Your revealed card gets −2
