-- PostgreSQL's version of migrations/sqlite/0015_mirror_threads.sql (same columns, PostgreSQL's types).
-- 15: the opponent's home may be a thread of its own too (issue 34): a challenge by code accepted in a
-- server's text channel that wants threads starts one there, from the challenge message shown there
-- (mirror_challenge_id). mirror_home: 'channel' (the mirror channel itself, a DM) or 'thread';
-- mirror_thread_id once started (that message's id, as Discord gives it).
ALTER TABLE matches ADD COLUMN mirror_home TEXT NOT NULL DEFAULT 'channel' CHECK (mirror_home IN ('channel', 'thread'));
ALTER TABLE matches ADD COLUMN mirror_thread_id BIGINT;
