## Seasons of a server's leaderboard, and the records of tournaments and seasons.

slash-settings-season_weeks = season_weeks
slash-settings-new_season = new_season
slash-settings-new_season-description = Server managers: end the leaderboard's season now and begin the next
slash-leaderboard-season = season
slash-leaderboard-season-description = A past season's final leaderboard (default: the current season)
setting-season_weeks = Weeks each leaderboard season lasts; 0: a new one only when a manager asks
settings-seasons = Seasons
settings-seasons_value = a new season of the leaderboard every { $weeks ->
        [one] week
       *[other] { $weeks } weeks
    }: ratings move halfway back to 1000, the old leaderboard stays (`/cardia leaderboard season:`)
settings-seasons_off = a new season only when a server manager starts one (`/cardia settings new_season:True`)

season-begun = ✅ Season { $season } has begun: the last one's leaderboard is kept, and every rating moved halfway back to 1000.
season-raced = The season was changed a moment ago: nothing more was done.
season-over = 🏁 **Season { $season }** of this server's Cardia leaderboard is over!
season-podium_line = { $medal } { $who }: { $rating }
season-nobody = Nobody played a rated game in it.
season-begins = **Season { $season }** begins: every rating moved halfway back to 1000. `/cardia leaderboard season:` shows a past season's final leaderboard.

leaderboard-empty_season = Nobody has played a rated game in season { $season } yet: challenge someone with `/cardia challenge`!
leaderboard-season_now = Season { $season }
leaderboard-title-season = 🏆 Cardia leaderboard: season { $season }, final
leaderboard-season_empty = Nobody played a rated game in that season.
leaderboard-season_footer = { $players } players · ratings and games as the season ended
leaderboard-no_season = Season { $season } has no final leaderboard on this server: the current season is { $current }.

stats-rating_unplayed = Rating **{ $rating }** (no rated game this season yet)
stats-competitions = Tournaments and seasons
stats-tournaments = **Tournaments**: { $played } played, { $won } won, best place { $best }
stats-seasons = **Past seasons**: { $seasons } ranked, best place { $best } (season { $season })
stats-season_now = **Season { $season }** under way
history-tournament = 🏆 { $name }, round { $round }
history-choice_tournament = 🏆 { $name }, round { $round }
