-- 22: whether a server's duels, tournaments and players have pages on the web (cardia web; /cardia settings web_pages): 1 yes.
ALTER TABLE guild_settings ADD COLUMN web_pages INTEGER NOT NULL DEFAULT 1;
