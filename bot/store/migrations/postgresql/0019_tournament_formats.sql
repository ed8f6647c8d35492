-- PostgreSQL's version of migrations/sqlite/0019_tournament_formats.sql.
-- 19: a tournament's format is any registered one (bot/services/tournaments/formats/): the list of names
-- checked by 0017 is dropped, as a new format must not need a migration.
ALTER TABLE tournaments DROP CONSTRAINT tournaments_format_check;
