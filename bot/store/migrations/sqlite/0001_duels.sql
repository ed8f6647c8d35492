-- Matches, their games, and each game's record: one row per decision, keyed (game, seq).
CREATE TABLE matches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    challenger_id INTEGER NOT NULL,          -- p1 in every game
    opponent_id INTEGER NOT NULL,            -- p2
    challenger_name TEXT NOT NULL,           -- display names when the challenge was made
    opponent_name TEXT NOT NULL,
    deck TEXT NOT NULL,                      -- JSON: "I", "II" or {faction: "I" | "II"}
    location TEXT,
    wins_needed INTEGER NOT NULL,
    status TEXT NOT NULL,                    -- proposed, declined, withdrawn, active, finished
    message_id INTEGER,                      -- the challenge message
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX matches_by_channel ON matches (channel_id, status);
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id INTEGER NOT NULL REFERENCES matches (id),
    number INTEGER NOT NULL,
    setup TEXT NOT NULL,                     -- JSON setup of the cardia-replay/1 record
    status TEXT NOT NULL,                    -- in_progress, finished
    winner TEXT,                             -- p1, p2, or NULL for a draw
    reason TEXT,
    board_message_id INTEGER,                -- a recent public board (saved with the next action)
    created_at TEXT NOT NULL,
    finished_at TEXT,
    UNIQUE (match_id, number)
);
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seq INTEGER NOT NULL,
    player TEXT NOT NULL,
    choose TEXT NOT NULL,                    -- JSON list of options
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
