-- 4: the outbox (bot.outbox): what the channel must be brought up to date with, written in the very
-- transaction that changes it, and marked done once Discord shows it. With it, what the latest
-- board told (so the next board tells everything since) and the match result's message.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id INTEGER NOT NULL REFERENCES matches (id),
    game_id INTEGER REFERENCES games (id),  -- a board: this game's
    kind TEXT NOT NULL,                     -- challenge, board, result
    created_at TEXT NOT NULL,
    done_at TEXT                            -- NULL: still due
);
CREATE INDEX outbox_due ON outbox (match_id, id) WHERE done_at IS NULL;
ALTER TABLE games ADD COLUMN board_told INTEGER;       -- engine events the latest board told
ALTER TABLE matches ADD COLUMN result_message_id INTEGER;
