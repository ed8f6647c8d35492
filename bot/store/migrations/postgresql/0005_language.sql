-- PostgreSQL's version of migrations/sqlite/0005_language.sql (same tables, PostgreSQL's types).
-- 5: the language of a server's public messages (/cardia settings language): auto follows the server's
-- own preferred locale (Hungarian, Polish, else English).
ALTER TABLE guild_settings ADD COLUMN language TEXT NOT NULL DEFAULT 'auto';
