-- PostgreSQL's version of migrations/sqlite/0012_mirrors.sql (same columns, PostgreSQL's types).
-- 12: a duel whose players are not in one place (issue 34): a duel in direct messages shows its public
-- messages in each player's DM with the bot. The challenger's home is the match's channel (channel_id);
-- mirror_id is the opponent's (NULL: the same place), with its own challenge and result messages, and
-- each game's latest board there (mirror_board_id, and the engine events it told: mirror_board_told).
ALTER TABLE matches ADD COLUMN mirror_id BIGINT;
ALTER TABLE matches ADD COLUMN mirror_challenge_id BIGINT;
ALTER TABLE matches ADD COLUMN mirror_result_id BIGINT;
ALTER TABLE games ADD COLUMN mirror_board_id BIGINT;
ALTER TABLE games ADD COLUMN mirror_board_told INTEGER;
-- A challenge by code (/cardia challenge code:True): anyone given the code accepts it from their own
-- channel or DM (/cardia accept code:), which becomes their home, on whatever server (mirror_guild_id;
-- 0: a DM). A code is unique among the matches that have one.
ALTER TABLE matches ADD COLUMN code TEXT;
ALTER TABLE matches ADD COLUMN mirror_guild_id BIGINT;
CREATE UNIQUE INDEX matches_by_code ON matches (code) WHERE code IS NOT NULL;
