error-nothing_changed = Something went wrong on our side and nothing was changed: please try again in a moment.
error-stored = That was saved, but something went wrong showing it: the channel catches up in a moment.
error-stopping = The bot is restarting: nothing was changed, please try again in a minute.
refuse-private_hand = Decisions are taken on your private hand: press Show my hand.
refuse-game_gone = This game no longer exists.
refuse-match_gone = This match no longer exists.
