faction-rebels = Rebels
faction-academy = Academy
faction-guild = Guild
faction-dynasty = Dynasty
kind-instant = instant
kind-ongoing = ongoing
deck-I = Deck I
deck-II = Deck II
deck-mixed = Mixed: { $parts }
card-label = { $name } ({ $value }, { $faction })
# the cards each player draws ("draw 2 cards each")
cards_each =
    { $n ->
        [one] 1 card
       *[other] { $n } cards
    }
cards =
    { $n ->
        [one] 1 card
       *[other] { $n } cards
    }
card-value = Value
card-faction = Faction
card-deck = Deck
card-kind = Ability
card-notes = Notes
card-hired_blade = Hired Blade
card-hired_blade-text = Discard this card and the card opposite it.
card-void_mage = Void Mage
card-void_mage-text = Pick any played card and strip it of either all its modifiers or all its ongoing tokens.
card-surgeon = Surgeon
card-surgeon-text = The next card you play gets −5 influence.
card-mediator = Mediator
card-mediator-text = Ongoing: this encounter is a tie.
card-saboteur = Saboteur
card-saboteur-text = Your opponent discards the top 2 cards of their deck.
card-fortune_teller = Fortune Teller
card-fortune_teller-text = Next round your opponent must place their card face up before you choose yours.
card-palace_guard = Palace Guard
card-palace_guard-text = Name a faction. Your opponent may discard a card of that faction from hand; if they don't, this card gets +7.
card-judge = Judge
card-judge-text = Ongoing: you win every tied encounter, past and future. A tie still activates no ability.
card-ambusher = Ambusher
card-ambusher-text = Name a faction: your opponent discards every card of that faction from their hand.
card-puppeteer = Puppeteer
card-puppeteer-text = Discard the card opposite this one and replace it with a random card from your opponent's hand (its ability does not activate).
card-clockmaker = Clockmaker
card-clockmaker-text = +3 on your card in the previous encounter and +3 on the next card you play.
card-treasurer = Treasurer
card-treasurer-text = Ongoing: whichever card wins the previous encounter carries 1 extra signet.
card-swamp_guardian = Swamp Guardian
card-swamp_guardian-text = Take another of your played cards back into your hand and discard the card opposite it.
card-magistra = Magistra
card-magistra-text = Copy the instant ability of another of your played cards whose influence is at least this card's, and resolve it here.
card-inventor = Inventor
card-inventor-text = Put +3 on one played card and −3 on another.
card-djinn = Djinn
card-djinn-text = You win the game.
card-poisoner = Poisoner
card-poisoner-text = Lower the influence of the card opposite until this encounter is a tie.
card-kinesis_mage = Kinesis Mage
card-kinesis_mage-text = Move all modifiers and ongoing tokens from one of your played cards to another of yours.
card-envoy = Envoy
card-envoy-text = Put −3 on any played card, or on the next card you play.
card-tax_collector = Tax Collector
card-tax_collector-text = This card gets +4.
card-revolutionary = Revolutionary
card-revolutionary-text = Your opponent discards 2 cards of their choice from hand, then draws 2.
card-librarian = Librarian
card-librarian-text = When your next card is revealed, give it +2 or −2 (your choice, made after seeing both cards).
card-prodigy = Prodigy
card-prodigy-text = Put +3 on one of your played cards whose influence is 8 or less.
card-aristocrat = Aristocrat
card-aristocrat-text = Ongoing: whenever this card wins its encounter, it carries 1 extra signet.
card-blackmailer = Blackmailer
card-blackmailer-text = Name a faction. If your opponent's next revealed card is of another faction, they discard 2 cards of their choice from hand.
card-illusionist = Illusionist
card-illusionist-text = Activate the ability of another of your played cards that is losing its encounter.
card-engineer = Engineer
card-engineer-text = Your next card gets +5, put on after that encounter's abilities are resolved.
card-counselor = Counselor
card-counselor-text = Ongoing: in the previous encounter your card wins and your opponent's card loses.
card-witch_king = Witch King
card-witch_king-text = Name a faction: your opponent discards every card of it from hand and deck, then shuffles their deck.
card-elemental = Elemental
card-elemental-text = Discard an instant-ability card from your hand, resolve its ability as if printed here, then draw a card.
card-mechanical_djinn = Mechanical Djinn
card-mechanical_djinn-text = Ongoing: if you win the encounter right after this one, you win the game.
card-successor = Successor
card-successor-text = Your opponent discards their whole deck and all but 2 cards of their hand (they keep the 2 they choose).
card-unknown = No card or location is called “{ $name }”.
difficulty-training = Assassins in training
difficulty-inventors = Experienced inventors
difficulty-mages = Mighty mages
difficulty-impressed = The Djinn is impressed!
