-- 2: asynchronous play over days (server settings; the timers are derived from each game's wait).
-- Matches and games may also be 'aborted' (by a server manager, or abandoned by both players): no
-- result is recorded for them.
CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    decision_hours REAL NOT NULL,           -- how long a player may take for a decision
    reminder_hours REAL NOT NULL,           -- between reminders while the game waits (0: none)
    grace_hours REAL NOT NULL,              -- after the decision time, until the game is forfeited
    cross_channel INTEGER NOT NULL,         -- 1: a player may have duels in several channels at once
    max_duels INTEGER NOT NULL,             -- open duels (proposed or active) per player
    updated_by INTEGER,                     -- the server manager who last changed them
    updated_at TEXT
);
ALTER TABLE games ADD COLUMN waiting_since TEXT;    -- when the current wait for a decision began
ALTER TABLE games ADD COLUMN reminders_sent INTEGER NOT NULL DEFAULT 0;  -- during the current wait
ALTER TABLE games ADD COLUMN claim_offered INTEGER NOT NULL DEFAULT 0;   -- 1: "Claim victory" posted
CREATE INDEX games_by_status ON games (status);
CREATE INDEX matches_by_guild ON matches (guild_id, status);
