location-label = { $name } ({ $skulls })
location-rule = **{ $label }** — { $text }
skulls =
    { $n ->
        [one] 1 skull
       *[other] { $n } skulls
    }
location-skulls = Difficulty
location-footer = Location: its rule applies to the whole game.
location-serpent_temple = Serpent Temple
location-serpent_temple-text = Whenever you come to win a past encounter, draw a card and your opponent discards a card of their choice from hand.
location-bazaar = Bazaar
location-bazaar-text = No draw at the end of a round. Whenever you hold 1 card or none, you draw 4 at once.
location-founders_day = Founder's Day
location-founders_day-text = Whoever wins 3 encounters in a row at any moment wins the game at once.
location-grand_library = Grand Library
location-grand_library-text = Start with 2 cards in hand and draw 2 at the end of every round.
location-scrapyard = Scrapyard
location-scrapyard-text = At the end of every round draw 2, then put a card from your hand under your deck (with 0 or 1 cards in your deck, draw as usual).
location-auction_house = Auction House
location-auction_house-text = When you reveal a card with less influence than your card in the previous encounter, discard the top card of your deck.
location-haunted_catacombs = Haunted Catacombs
location-haunted_catacombs-text = Reveal a card of the same faction as your card in the previous encounter and you lose the game at once.
location-foggy_swamp = Foggy Swamp
location-foggy_swamp-text = Cards stay face down when placed; each round the previous encounter is revealed and resolved instead.
