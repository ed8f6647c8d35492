"""What the bot shows on Discord and how it answers, shared by the cogs (one per feature, above):

- ``messages``: the builders of every public message (a board, a challenge, a match's result);
- ``outbox``: the one owner of what the channels show, posted from the database (retries, adoption
  after a crash, a board's picture given later);
- ``components``: the stateless buttons and selects, and the handlers the cogs register for them;
- ``answer`` and ``guard``: every interaction answered once and in time, on one error path;
- ``render``: embeds; ``translator``: the command tree in every language.

Nothing here imports a cog: the cogs are given what they need, and register what they handle.
"""
