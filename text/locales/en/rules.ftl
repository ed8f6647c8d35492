note-hired_blade = Both cards of the encounter go to their owners' discard piles with all their tokens; later encounters slide back to close the gap.
note-void_mage = Any played card of either player, the current encounter included. Removing an ongoing token switches that ability off at once and everything is re-evaluated.
note-surgeon = The −5 waits beside your card and goes on the next card you play when it is revealed; it counts in that comparison. Handy for making your own Djinn lose.
note-mediator = While the token is on, its encounter is a tie whatever the influences, so the opponent's signet returns. An active Judge still wins this tie.
note-saboteur = Fewer cards are discarded if the deck is shorter. Discards are never reshuffled.
note-fortune_teller = Next round your opponent places first, face up; then you choose knowing their card. Reveal-time effects still happen at the reveal.
note-palace_guard = You name the faction blind. Your opponent decides whether to discard a matching card; with none they cannot, and Palace Guard gets +7 (usually winning: 7 + 7 = 14).
note-judge = On activation it claims every currently tied encounter, and every later tie. A tie still activates no ability, and Judge does not break a tie in signet totals.
note-ambusher = The faction is named blind; your opponent has no choice.
note-puppeteer = The replacement is face up, carries no tokens and does not activate. If your opponent's hand is empty they cannot play and you win at once.
note-clockmaker = "Previous" is relative to the Clockmaker. No previous encounter: only the next-card half happens.
note-treasurer = The extra signet goes to whichever card wins the previous encounter, even your opponent's, and follows the winner if it changes.
note-swamp_guardian = Only past encounters qualify. The card comes back without its tokens, the opposing card is discarded and the row closes the gap. You still draw at the end of the round.
note-magistra = Only your own other played cards with an instant ability and at least Magistra's current influence. The copy resolves in Magistra's position; copying a Djinn wins the game.
note-inventor = Any two different played cards, either player's, Inventor itself included. Both parts are mandatory.
note-djinn = Only fires when the Djinn loses its encounter (after a −5 from Surgeon, for example). It wins at once, whatever the signets.
note-poisoner = A one-shot negative modifier; later changes do not re-trigger it. It never raises a card that is already lower.
note-kinesis_mage = Source and destination are both yours (either may be the Kinesis Mage). A token landing on an ongoing card switches its ability on at once.
note-envoy = Any played card of either player, or the next card you play.
note-tax_collector = Often turns the loss into a win (4 + 4 = 8) or a tie; the opposing card does not activate then.
note-revolutionary = Your opponent picks the 2 cards to discard (all they have if fewer), then draws 2 (fewer if the deck is shorter).
note-librarian = You choose +2 or −2 after seeing both revealed cards, before the comparison.
note-prodigy = Prodigy itself qualifies while its influence is 8 or less.
note-aristocrat = Pays off if the encounter later flips to the Aristocrat: it then carries 2 signets.
note-blackmailer = The discard happens right after the reveal, before abilities; your opponent chooses the 2 cards to discard.
note-illusionist = A losing card is one whose opposing card currently wins. The ability resolves in that card's position; an ongoing one gets its token there.
note-engineer = The +5 lands after the next encounter's abilities (also after a tie), so it does not decide which card activates.
note-counselor = Relative to the Counselor; overrides influence, Mediator and Judge while the token is on. Two Counselors forcing the same encounter cancel out.
note-witch_king = The faction is named blind; the deck is shuffled afterwards.
note-elemental = The copy resolves as if printed on the Elemental. With no instant card in hand you still draw 1.
note-mechanical_djinn = Wins the moment its token is on and you win the encounter right after it, by any means (influence, Judge, Counselor).
note-successor = Your opponent keeps the 2 cards they choose. They usually cannot play a few rounds later.
note-serpent_temple = Triggers when a past encounter becomes yours (from a loss or a tie), e.g. by Clockmaker, Inventor, Judge or Counselor; each new win triggers again.
note-bazaar = Only the end-of-round draw is removed; abilities still draw. The refill happens in any phase, e.g. right after placing your card.
note-founders_day = Checked at every moment; consecutive means adjacent in the current row.
note-grand_library = With 1 card left in the deck you draw it; with none, nothing.
note-scrapyard = Ignored when your deck has 0 or 1 cards (draw normally then).
note-auction_house = Compared at the reveal with current influence, tokens included; equal means no discard. Not for a Puppeteer replacement.
note-haunted_catacombs = Only at the reveal; neighbours created by abilities do not count. Both players at once: a draw.
note-foggy_swamp = Round 1 reveals nothing. "Next card" effects bind to the next card you choose from hand. You may look at your own face-down cards.
rules-page-1-title = Goal and setup
rules-page-1 = 
    Cardia is a duel of two players with identical 16-card decks (values 1–16, in four factions: 🟢 Rebels, 🟡 Academy, 🔴 Guild, 🔵 Dynasty).

    {"*"}*Goal:** be the first with **5 signets** on your played cards at the end of a round. A match is played until one player has won 2 games.

    {"*"}*Setup:** each player shuffles their deck and draws 5 cards. Your discard pile is face up; either player may look at both piles at any time. Discarded cards are never reshuffled.
rules-page-2-title = A round
rules-page-2 = 
    There is no turn order: both players act at the same time.

    {"*"}*1. Play.** Each player chooses a card from hand and places it face down, opposite the opponent's card. The two cards form an **encounter**; encounters form a row, oldest first. Both cards are revealed together, and any waiting "next card" effects (Surgeon −5, Clockmaker +3, ...) are put on them now.

    {"*"}*2. Compare.** The higher **influence** (printed value plus modifiers) wins the encounter and gets a signet. The card that **lost** activates its ability — only that card, and it cannot decline.

    {"*"}*3. End of round.** Each player draws 1 card (an empty deck simply draws nothing). Then signets are counted.
rules-page-3-title = Ties
rules-page-3 = 
    If both cards have the same influence the encounter is a **tie**: nobody gets a signet and **no ability activates** this round.

    A player with an active **Judge** wins every tie (past and future) and its signet, but the tie still activates no ability. If both players have an active Judge, both cards win the tie.

    A **Mediator** with its ongoing token makes its own encounter a tie whatever the influences.
rules-page-4-title = Abilities
rules-page-4 = 
    {"*"}*Instant** abilities are resolved once, at once, as fully as possible — even if that helps the opponent.

    {"*"}*Ongoing** abilities (Mediator, Judge, Treasurer; Aristocrat, Counselor, Mechanical Djinn) put an ongoing token on the card. The effect lasts while the token is there, even if the card later wins its encounter; removing the token switches it off at once.

    "Played card" means any face-up card in the row, either player's. "Previous encounter" is the one just before, in the row; "next card you play" is your card in the next round.

    Discarding a played card returns all its tokens; when both cards of an encounter leave, the row closes the gap.
rules-page-5-title = Signets and live re-evaluation
rules-page-5 = 
    Signets are never fixed: **at any moment** the card with the higher influence wins its encounter. If a modifier, a removed token or an ability changes a past encounter, its signet moves to the new winner (or goes back on a tie). This never activates another ability: only the card that lost the comparison this round activates.

    Some cards add signets: Treasurer (the winner of the previous encounter carries 1 more signet) and Aristocrat (2 signets when it wins).
rules-page-6-title = End of the game
rules-page-6 = 
    The game ends at once when:
    • at the end of a round a player has **5 or more signets and more than the opponent** (equal totals of 5 signets or more: keep playing);
    • a player must play a card but has **none in hand**: the opponent wins (if neither can play, more signets wins, equal is a draw);
    • a **Djinn** activates (its owner wins, whatever the signets), or a **Mechanical Djinn**'s condition is met;
    • a location says so (Founder's Day, Haunted Catacombs).

    Reaching 5 signets in the middle of a round is not yet a win: the losing card's ability may still take signets away.
rules-page-7-title = Locations and difficulty
rules-page-7 = 
    A game may use one **location**, whose rule applies all game long (e.g. Bazaar: no draw at the end of a round, but whoever holds 1 card or none draws 4 at once; Foggy Swamp: each round the *previous* encounter is revealed). Each location has 1–3 skulls.

    {"*"}*Difficulty** = deck (Deck I 0, Deck II or a mix with any Deck II faction 1) + the location's skulls: 0–1 Assassins in training, 2 Experienced inventors, 3–4 Mighty mages.

    {"*"}*Mixed decks** are built from whole faction sets, each taken from Deck I or Deck II; both players use the same mix.
rules-footer = More: /cardia rules topic:<…> · any card: /cardia card
