-- 13: the queue that finds an opponent (/cardia queue, issue 34): one entry per player waiting, across
-- every server and DM of the bot, with their home (where they queued: a channel, or their DM with the
-- bot, guild_id 0), what they will play (NULL: anything), whether rated, and their global rating then.
-- A pair is matched by deleting both entries in the transaction that creates their match: once only,
-- whatever processes race. offered_computer: told nobody came yet, and offered the computer.
CREATE TABLE queue (
    user_id INTEGER PRIMARY KEY,
    user_name TEXT NOT NULL,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    deck TEXT,
    location TEXT,
    wins_needed INTEGER,
    rated INTEGER NOT NULL,
    rating INTEGER NOT NULL,
    joined_at TEXT NOT NULL,
    offered_computer INTEGER NOT NULL DEFAULT 0
);
-- A match the queue made: it belongs to no server (guild_id 0, the global rating and leaderboard); its
-- challenger's home is on server home_guild_id (0: their DM), the other player's is its mirror.
ALTER TABLE matches ADD COLUMN home_guild_id INTEGER;
