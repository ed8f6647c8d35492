-- 21: what Discord must show, one table for every kind (issue 47). An entry is written by the transaction
-- that makes it due, shown by the reconciler (bot.ui.reconciler) through its kind's renderer, and marked
-- done (done_at) once shown. By kind, what it shows (subject) and its details:
--   challenge, board, result: a duel's match; a board's game (detail);
--   reminder, late_reminder, claim: a duel's match; the game (detail) and its decisions then (extra);
--   page, round, final: a tournament; a round's number (detail);
--   queue_offer, queue_expired: a queued player; their channel (detail) and its server (extra, 0: a DM);
--   season: a server; the season begun (detail), whose predecessor's end is announced.
-- A renderer shared by several processes claims its entries first (claimed_by until claimed_until). The
-- outbox and tournament_posts of migrations 4 and 17 are carried over, each entry as it was, and so are
-- the seasons' announcements of migration 18 (seasons.announced_at, which goes).
CREATE TABLE due (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    subject INTEGER NOT NULL,
    detail INTEGER,
    extra INTEGER,
    created_at TEXT NOT NULL,
    done_at TEXT,
    claimed_by TEXT,
    claimed_until TEXT
);
INSERT INTO due (kind, subject, detail, created_at, done_at)
SELECT kind, match_id, game_id, created_at, done_at FROM outbox ORDER BY id;
INSERT INTO due (kind, subject, detail, created_at, done_at, claimed_by, claimed_until)
SELECT kind, tournament_id, round, created_at, done_at, claimed_by, claimed_until FROM tournament_posts ORDER BY id;
INSERT INTO due (kind, subject, detail, created_at, done_at)
SELECT 'season', guild_id, number, started_at, announced_at FROM seasons WHERE number > 1 ORDER BY started_at;
-- Open entries of one subject (a decision's board), and of one kind (a sweep of a family's leftovers).
CREATE INDEX due_open ON due (subject, id) WHERE done_at IS NULL;
CREATE INDEX due_open_kinds ON due (kind, id) WHERE done_at IS NULL;
DROP TABLE outbox;
DROP TABLE tournament_posts;
ALTER TABLE seasons DROP COLUMN announced_at
