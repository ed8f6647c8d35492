-- PostgreSQL's version of migrations/sqlite/0008_bare_boards.sql (same tables, PostgreSQL's types).
-- 8: whether a game's latest board went out without the picture it should have (drawn too slowly, left
-- out while the workers were behind, failed, or the bot stopped first): 1 until it is given it later,
-- so a restart gives it too (bot.ui.outbox).
ALTER TABLE games ADD COLUMN board_bare INTEGER NOT NULL DEFAULT 0;
