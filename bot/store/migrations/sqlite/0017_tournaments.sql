-- 17: tournaments that the bot runs (issue 35). A tournament of a server: its page in a channel, its
-- format (swiss with its number of rounds, round-robin, knockout), the setup of its duels, the time per
-- decision, rated or not, its sign-up deadline and player limit. status: signup, running, finished,
-- cancelled; round: the round being played (0 during sign-up). A round is made once: by the transaction
-- that moves round from n to n+1 (compare and set), which also creates its duels.
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('swiss', 'round-robin', 'knockout')),
    rounds INTEGER,                          -- swiss: as chosen; the others: set at the start
    deck TEXT NOT NULL,                      -- JSON, as matches.deck
    location TEXT,
    wins_needed INTEGER NOT NULL,
    decision_hours REAL NOT NULL,
    rated INTEGER NOT NULL,
    home TEXT NOT NULL DEFAULT 'channel' CHECK (home IN ('channel', 'thread')),
    signup_until TEXT,                       -- ISO time: sign-up closes and the tournament starts
    player_limit INTEGER,
    status TEXT NOT NULL,
    round INTEGER NOT NULL DEFAULT 0,
    page_id INTEGER,                         -- the page's message in the channel
    created_by INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX tournaments_by_status ON tournaments (status, guild_id);
-- Its players: their seed rating (the server's rating when it started), and whether they withdrew.
CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id INTEGER NOT NULL,
    user_name TEXT NOT NULL,
    rating INTEGER NOT NULL,
    joined_at TEXT NOT NULL,
    withdrawn INTEGER NOT NULL DEFAULT 0,
    place INTEGER,                           -- the final place, once it is over
    PRIMARY KEY (tournament_id, user_id)
);
-- Its games, one per pairing of a round (second_id NULL: a bye). result NULL: not over yet; first,
-- second, draw, or neither (both lost: a duel abandoned by both, two players withdrawn). how: played,
-- bye, forfeit (a player withdrew), awarded (by a manager).
CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round INTEGER NOT NULL,
    first_id INTEGER NOT NULL,
    second_id INTEGER,
    match_id INTEGER UNIQUE REFERENCES matches (id),
    result TEXT CHECK (result IN ('first', 'second', 'draw', 'neither')),
    how TEXT,
    PRIMARY KEY (tournament_id, round, first_id)
);
-- What the tournament's channel must show (its outbox): the page brought up to date, a round's start
-- (the standings so far and its pairings), the final standings. Done once posted. A process claims an
-- entry before it posts it (claimed_by, until claimed_until): two processes never post it both, and one
-- that died leaves it to the next claim once the lease is over.
CREATE TABLE tournament_posts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    kind TEXT NOT NULL CHECK (kind IN ('page', 'round', 'final')),
    round INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    done_at TEXT,
    claimed_by TEXT,
    claimed_until TEXT
);
CREATE INDEX tournament_posts_due ON tournament_posts (done_at);
-- A tournament's duel: its tournament and round; rated 0: a duel that counts for no rating.
ALTER TABLE matches ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id);
ALTER TABLE matches ADD COLUMN tournament_round INTEGER;
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
