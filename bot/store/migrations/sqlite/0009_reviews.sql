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
