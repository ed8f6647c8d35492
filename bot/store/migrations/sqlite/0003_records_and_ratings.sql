-- 3: records and ratings (bot.records): the order games finished in and their length, set in the
-- transaction that finishes a game, and a rating history that can be recomputed from the games.
ALTER TABLE games ADD COLUMN finish_seq INTEGER;    -- 1, 2, ...: the order finished games are rated in
ALTER TABLE games ADD COLUMN decisions INTEGER;     -- length: decisions taken
ALTER TABLE games ADD COLUMN rounds INTEGER;        -- length: the round the game ended in
UPDATE games SET decisions = (SELECT COUNT(*) FROM actions WHERE actions.game_id = games.id),
    finish_seq = (SELECT COUNT(*) FROM games AS older WHERE older.status = 'finished'
        AND (older.finished_at < games.finished_at
             OR (older.finished_at = games.finished_at AND older.id <= games.id)))
    WHERE status = 'finished';
CREATE UNIQUE INDEX games_by_finish ON games (finish_seq);
CREATE INDEX matches_by_challenger ON matches (guild_id, challenger_id);
CREATE INDEX matches_by_opponent ON matches (guild_id, opponent_id);
CREATE TABLE rating_history (                       -- one row per player and rated game
    id INTEGER PRIMARY KEY AUTOINCREMENT,           -- in finish order: a player's latest row is current
    guild_id INTEGER NOT NULL,                      -- ratings are per server
    user_id INTEGER NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games (id),
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    UNIQUE (game_id, user_id)
);
CREATE INDEX rating_history_by_player ON rating_history (guild_id, user_id, id);
