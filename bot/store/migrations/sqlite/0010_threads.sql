-- 10: where a duel is played (issue 34). home: 'channel', its challenge's channel, or 'thread', a thread
-- of its own started from the challenge message (thread_id once started: the message's id, as Discord
-- gives it). A server chooses with /cardia settings threads (1: when the bot may create them).
ALTER TABLE matches ADD COLUMN home TEXT NOT NULL DEFAULT 'channel' CHECK (home IN ('channel', 'thread'));
ALTER TABLE matches ADD COLUMN thread_id INTEGER;
ALTER TABLE guild_settings ADD COLUMN threads INTEGER NOT NULL DEFAULT 1;
-- What the bot said once to a server's managers (a permission it lacks, say): never said again.
CREATE TABLE server_notes (
    guild_id INTEGER NOT NULL,
    note TEXT NOT NULL,
    told_at TEXT NOT NULL,
    PRIMARY KEY (guild_id, note)
);
