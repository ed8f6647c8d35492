-- PostgreSQL's version of migrations/sqlite/0022_web_pages.sql (same tables, PostgreSQL's types).
-- 22: whether a server's duels, tournaments and players have pages on the web (cardia web; /cardia settings web_pages): 1 yes.
ALTER TABLE guild_settings ADD COLUMN web_pages INTEGER NOT NULL DEFAULT 1;
