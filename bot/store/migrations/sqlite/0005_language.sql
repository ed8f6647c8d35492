-- 5: the language of a server's public messages (/cardia settings language): auto follows the server's
-- own preferred locale (Hungarian, Polish, else English).
ALTER TABLE guild_settings ADD COLUMN language TEXT NOT NULL DEFAULT 'auto';
