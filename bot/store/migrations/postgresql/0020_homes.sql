-- PostgreSQL's version of migrations/sqlite/0020_homes.sql (same tables, PostgreSQL's types).
-- 20: where a duel is shown, as rows of its own (issue 47). A duel has one home (a server's channel, a
-- thread of its own there, a player's DM with the bot) or, when its players are in two places (direct
-- messages, two servers, the queue), two: each player's own. Its challenge, boards and result are shown
-- in each. homes.number: 0, where it was proposed; 1, the opponent's own elsewhere. homes.player: whose
-- home it is ('p1', 'p2'); NULL: both players'. guild_id 0: a player's DM with the bot. in_thread: played
-- in a thread of its own there (thread_id once started: the challenge message's id, as Discord gives it,
-- or the thread a rematch was proposed in). challenge_id, result_id: those messages there.
CREATE TABLE homes (
    match_id BIGINT NOT NULL REFERENCES matches (id),
    number INTEGER NOT NULL,
    player TEXT CHECK (player IN ('p1', 'p2')),
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    in_thread INTEGER NOT NULL DEFAULT 0,
    thread_id BIGINT,
    challenge_id BIGINT,
    result_id BIGINT,
    PRIMARY KEY (match_id, number)
);
INSERT INTO homes (match_id, number, player, guild_id, channel_id, in_thread, thread_id, challenge_id, result_id)
SELECT id, 0,
       CASE WHEN mirror_id IS NOT NULL OR COALESCE(home_guild_id, guild_id) = 0 THEN 'p1' END,
       COALESCE(home_guild_id, guild_id), channel_id, CASE WHEN home = 'thread' THEN 1 ELSE 0 END, thread_id, message_id, result_message_id
FROM matches;
INSERT INTO homes (match_id, number, player, guild_id, channel_id, in_thread, thread_id, challenge_id, result_id)
SELECT id, 1, 'p2', COALESCE(mirror_guild_id, 0), mirror_id, CASE WHEN mirror_home = 'thread' THEN 1 ELSE 0 END, mirror_thread_id,
       mirror_challenge_id, mirror_result_id
FROM matches WHERE mirror_id IS NOT NULL;
CREATE INDEX homes_by_channel ON homes (channel_id);
CREATE INDEX homes_by_thread ON homes (thread_id) WHERE thread_id IS NOT NULL;
-- A duel the queue made (its first message says the queue found it; it counts for no server: guild_id 0).
ALTER TABLE matches ADD COLUMN queued INTEGER NOT NULL DEFAULT 0;
UPDATE matches SET queued = 1 WHERE guild_id = 0 AND home_guild_id IS NOT NULL;
-- Each game's latest board in each home of its match: its message, the engine events it told (NULL:
-- before migration 4), and whether it went out without its picture (given later: bot.ui.late_pictures).
-- Bookkeeping, written with whatever transaction comes next, a decision's of another game too: no key
-- of games, whose row lock would cross the finish order's (a game's end locks that order, then its row;
-- a foreign key here would lock the row of a game another process is ending, then wait for the order).
CREATE TABLE boards (
    game_id BIGINT NOT NULL,
    home INTEGER NOT NULL,
    message_id BIGINT NOT NULL,
    told INTEGER,
    bare INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, home)
);
INSERT INTO boards (game_id, home, message_id, told, bare)
SELECT id, 0, board_message_id, board_told, board_bare FROM games WHERE board_message_id IS NOT NULL;
INSERT INTO boards (game_id, home, message_id, told, bare)
SELECT id, 1, mirror_board_id, mirror_board_told, 0 FROM games WHERE mirror_board_id IS NOT NULL;
CREATE INDEX boards_bare ON boards (game_id) WHERE bare = 1;
DROP INDEX matches_by_channel;
ALTER TABLE matches DROP COLUMN channel_id;
ALTER TABLE matches DROP COLUMN home_guild_id;
ALTER TABLE matches DROP COLUMN home;
ALTER TABLE matches DROP COLUMN thread_id;
ALTER TABLE matches DROP COLUMN message_id;
ALTER TABLE matches DROP COLUMN result_message_id;
ALTER TABLE matches DROP COLUMN mirror_id;
ALTER TABLE matches DROP COLUMN mirror_guild_id;
ALTER TABLE matches DROP COLUMN mirror_home;
ALTER TABLE matches DROP COLUMN mirror_thread_id;
ALTER TABLE matches DROP COLUMN mirror_challenge_id;
ALTER TABLE matches DROP COLUMN mirror_result_id;
ALTER TABLE games DROP COLUMN board_message_id;
ALTER TABLE games DROP COLUMN board_told;
ALTER TABLE games DROP COLUMN board_bare;
ALTER TABLE games DROP COLUMN mirror_board_id;
ALTER TABLE games DROP COLUMN mirror_board_told
