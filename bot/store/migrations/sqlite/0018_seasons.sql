-- 18: seasons of a server's leaderboard (issue 35). Season 1 is every game before the first season a
-- server started; a season holds the rated games that finished after its after_seq (games.finish_seq)
-- and up to the next season's. Started by a manager (/cardia settings new_season) or after the server's
-- season_weeks; its end announced once in channel_id (announced_at). A season's final leaderboard is
-- kept in season_standings when the next one starts.
CREATE TABLE seasons (
    guild_id INTEGER NOT NULL,
    number INTEGER NOT NULL,
    started_at TEXT NOT NULL,
    after_seq INTEGER NOT NULL,
    channel_id INTEGER,
    announced_at TEXT,
    PRIMARY KEY (guild_id, number)
);
CREATE TABLE season_standings (
    guild_id INTEGER NOT NULL,
    season INTEGER NOT NULL,
    place INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    user_name TEXT NOT NULL,
    rating INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    losses INTEGER NOT NULL,
    draws INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season, place)
);
ALTER TABLE guild_settings ADD COLUMN season_weeks INTEGER NOT NULL DEFAULT 0;
