-- 19: a tournament's format is any registered one (bot/services/tournaments/formats/): the list of names
-- checked by 0017 is dropped, as a new format must not need a migration. SQLite cannot drop a CHECK, so
-- the table is made again and every row (and its AUTOINCREMENT counter) carried over. Its players, games,
-- posts and duels keep pointing at it: their foreign keys are checked at the commit
-- (defer_foreign_keys), when every tournament they name is back.
PRAGMA defer_foreign_keys = ON;
CREATE TEMP TABLE tournaments_kept AS SELECT * FROM tournaments;
CREATE TEMP TABLE tournaments_counter AS SELECT seq FROM sqlite_sequence WHERE name = 'tournaments';
DROP TABLE tournaments;
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    format TEXT NOT NULL,                    -- a format's name (bot.services.tournaments.formats)
    rounds INTEGER,                          -- as chosen, where the format takes it; else set at the start
    deck TEXT NOT NULL,                      -- JSON, as matches.deck
    location TEXT,
    wins_needed INTEGER NOT NULL,
    decision_hours REAL NOT NULL,
    rated INTEGER NOT NULL,
    home TEXT NOT NULL DEFAULT 'channel' CHECK (home IN ('channel', 'thread')),
    signup_until TEXT,                       -- ISO time: sign-up closes and the tournament starts
    player_limit INTEGER,
    status TEXT NOT NULL,
    round INTEGER NOT NULL DEFAULT 0,
    page_id INTEGER,                         -- the page's message in the channel
    created_by INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
INSERT INTO tournaments (
    id, guild_id, channel_id, name, format, rounds, deck, location, wins_needed, decision_hours, rated,
    home, signup_until, player_limit, status, round, page_id, created_by, created_at, updated_at
)
SELECT
    id, guild_id, channel_id, name, format, rounds, deck, location, wins_needed, decision_hours, rated,
    home, signup_until, player_limit, status, round, page_id, created_by, created_at, updated_at
FROM tournaments_kept ORDER BY id;
UPDATE sqlite_sequence SET seq = (SELECT seq FROM tournaments_counter)
    WHERE name = 'tournaments' AND EXISTS (SELECT 1 FROM tournaments_counter);
INSERT INTO sqlite_sequence (name, seq)
    SELECT 'tournaments', seq FROM tournaments_counter
    WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'tournaments');
DROP TABLE tournaments_kept;
DROP TABLE tournaments_counter;
CREATE INDEX tournaments_by_status ON tournaments (status, guild_id);
