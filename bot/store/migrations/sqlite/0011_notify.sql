-- 11: how each player is told a duel waits for them (/cardia settings notify, issue 34): 'channel', a
-- ping in the duel's channel or thread (the default, as before); 'dm', a direct message linking the
-- board; 'off', neither. dm_refused: Discord refused the last direct message ("Cannot send messages to
-- this user"): pinged in the channel meanwhile. language: of the player's own Discord client, for DMs.
CREATE TABLE player_settings (
    user_id INTEGER PRIMARY KEY,
    notify TEXT NOT NULL DEFAULT 'channel' CHECK (notify IN ('dm', 'channel', 'off')),
    dm_refused INTEGER NOT NULL DEFAULT 0,
    language TEXT NOT NULL DEFAULT 'en',
    updated_at TEXT NOT NULL
);
