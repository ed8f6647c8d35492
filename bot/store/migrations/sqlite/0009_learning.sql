-- 9: each review the bot made of a finished game, for one seat (engine.review, as JSON: review_data): a
-- review takes seconds of search, so it is made once; shared says a player made it public.
CREATE TABLE reviews (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seat TEXT NOT NULL CHECK (seat IN ('p1', 'p2')),
    data TEXT NOT NULL,
    created_at TEXT NOT NULL,
    shared_at TEXT,
    PRIMARY KEY (game_id, seat)
);
-- Hints (engine.review.hint): a duel whose challenge allowed them (never rated) or against the computer.
-- One row per decision a player asked a hint for: the result tells how many each used.
ALTER TABLE matches ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
CREATE TABLE hints (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seat TEXT NOT NULL CHECK (seat IN ('p1', 'p2')),
    version INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat, version)
);
-- The first game that teaches (/cardia learn): its hands explain each card met and the first rounds.
ALTER TABLE matches ADD COLUMN learn INTEGER NOT NULL DEFAULT 0;
