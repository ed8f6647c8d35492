-- 16: where a queued player's duel is played in their home (issue 34): 'channel', or 'thread', a thread
-- of its own started from the message that says the queue found the duel (the server wanted threads
-- and the bot could start them where the player queued).
ALTER TABLE queue ADD COLUMN home TEXT NOT NULL DEFAULT 'channel' CHECK (home IN ('channel', 'thread'));
