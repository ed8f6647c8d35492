-- 7: whether a server's boards and hands are drawn as pictures too (/cardia settings images): 1 yes.
ALTER TABLE guild_settings ADD COLUMN images INTEGER NOT NULL DEFAULT 1;
