-- PostgreSQL's version of migrations/sqlite/0006_computer.sql (same tables, PostgreSQL's types).
-- 6: duels against the computer (bot.services.computer). The opponent (p2) is the bot itself, and
-- ``computer`` is its level (easy, normal, hard); NULL for a duel between two people. Such games are
-- recorded like any other but kept apart: no ratings, not on the leaderboard, their own line in stats.
ALTER TABLE matches ADD COLUMN computer TEXT;
