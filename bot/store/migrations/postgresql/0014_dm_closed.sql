-- 14: a duel's public message to the player's DM with the bot was refused ("Cannot send messages to
-- this user", issue 34): they are told in one line at their next interaction with the bot, and
-- /cardia status shows them their duels' boards again once they allow direct messages.
ALTER TABLE player_settings ADD COLUMN dm_closed INTEGER NOT NULL DEFAULT 0;
