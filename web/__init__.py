"""``cardia web``: a game's page on the web, live while it is played, its replay step by step, a
tournament's and a player's pages; read from the bot's database, never written (docs/web.md)."""
