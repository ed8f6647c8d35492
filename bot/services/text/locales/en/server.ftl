settings-title = ⚙️ Cardia settings for this server
settings-decision = Decision time
settings-decision_value = { $hours } for each decision
settings-reminder = Reminders
settings-reminder_value = every { $hours } while a decision is awaited
settings-reminder_off = off
settings-grace = Grace period
settings-grace_value = { $hours } after the decision time: the opponent may claim victory meanwhile, then the duel is forfeited
settings-cross_channel = Duels in several channels
settings-cross_channel_yes = allowed
settings-cross_channel_no = no: all of a player's open duels are in one channel
settings-max_duels = Open duels per player
settings-max_duels_value = { $n } (challenges included)
settings-footer = Server managers: /cardia settings with options to change them
settings-saved = ✅ Settings saved.
settings-managers_only = Only members with the Manage Server permission can change Cardia's settings.
settings-in_server = Settings belong to a server: use this command in one.
settings-out_of_range = { $name } must be between { $low } and { $high }.
hours =
    { $n ->
        [one] 1 hour
       *[other] { $n } hours
    }
minutes = { $n } minutes
limit-max_duels_you = You already have { $duels } on this server (challenges included), the most allowed here ({ $max }). Finish, concede or withdraw one first: `/cardia status` lists them.
limit-max_duels_them = { $name } already has { $duels } on this server (challenges included), the most allowed here ({ $max }). Challenge them later.
duels =
    { $n ->
        [one] 1 open duel
       *[other] { $n } open duels
    }
limit-one_channel_you = On this server, a player's duels all stay in one channel: you already have a duel in { $channel }. Challenge there, or finish it first.
limit-one_channel_them = On this server, a player's duels all stay in one channel: { $name } already has a duel in { $channel }.
timer-reminder = ⏰ { $who }: your move in the duel { $first } vs { $second } (game { $number }) — { $what }. Waiting since { $since }; time is up { $time_up }. { $board }
timer-reminder_late = ⏰ { $who }: time is up in the duel { $first } vs { $second } (game { $number }) — { $what }. { $claimer } may claim victory at any moment, and the duel is forfeited { $forfeit } unless you decide first. { $board }
timer-reminder_late_both = ⏰ { $who }: time is up in the duel { $first } vs { $second } (game { $number }) — { $what }. The duel is cancelled without a result { $forfeit } unless one of you decides. { $board }
timer-claim = ⌛ { $who } ran out of time in the duel { $first } vs { $second } (game { $number }). { $claimer }, you may claim victory with the button below; until you do, { $loser } can still decide. Without a decision the duel is forfeited { $forfeit }. { $board }
timer-claim_both = ⌛ Time is up for { $who } in the duel { $first } vs { $second } (game { $number }): the game waits for both of you, so nobody can claim victory. Unless one of you decides, the duel is cancelled without a result { $forfeit }. { $board }
timer-board = [Latest board](<{ $link }>)
timer-decision = { $who }: { $what }
claim-label = Claim victory
claim-not_player = This is a duel between { $first } and { $second }: only they can claim victory in it.
claim-not_yet = The decision time is not over yet: you cannot claim victory.
claim-waits_for_you = The game waits for your decision: you cannot claim victory, but you can still decide (Show my hand on the latest board).
claim-nobody = The game waits for both players: nobody can claim victory.
claim-out_of_date = That claim is out of date: a decision was taken since, and the game goes on.
claim-done = ✅ { $who } claimed victory.
duel-unknown = There is no such duel: choose one from the list of the `duel` option.
duel-label_mine = vs { $opponent } — { $what } · #{ $channel }
duel-label_all = { $first } vs { $second } — { $what } · #{ $channel }
duel-label_game = game { $number }
duel-label_proposed = challenge
duel-channel_unknown = another channel
concede-none = You have no running duel to concede on this server.
concede-which = You have several running duels: choose one with the `duel` option.
concede-proposed = That challenge has not started: withdraw or decline it on the challenge message.
concede-done = You conceded your duel against { $opponent }: { $opponent } wins the match.
concede-confirm = Concede the match against { $opponent }? { $opponent } wins it; this cannot be undone.
concede-button = Confirm: concede
concede-over = This duel is not running any more: there is nothing to concede.
abort-managers_only = Only members with the Manage Server permission can abort duels.
abort-none = There is no open duel in this channel: choose one with the `duel` option.
abort-which = There are several open duels in this channel: choose one with the `duel` option.
abort-done = The duel { $first } vs { $second } is aborted: no result is recorded.
status-title = Your duels
status-none = You have no open duels here. Challenge someone with `/cardia challenge`.
status-count = { $n } open (at most { $max } per player on this server).
status-active = **vs { $opponent }** — game { $number }{ $score } · { $channel }
status-score = {" "}· you { $mine } – { $theirs } { $opponent }
status-waits = { $who } since { $since }; time is up { $time_up }.
status-your_decision = ❗ **your** decision ({ $what })
status-their_decision = ⏳ { $who }'s decision ({ $what })
status-board = [Latest board]({ $link })
status-proposed_by_you = **vs { $opponent }** — your challenge, waiting for { $opponent } to accept · { $channel }
status-proposed_to_you = **vs { $opponent }** — { $opponent } challenges you: accept or decline · { $channel }
status-challenge = [Challenge]({ $link })
status-more = … and { $n } more.
