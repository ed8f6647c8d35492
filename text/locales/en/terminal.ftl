# The terminal game (python -m engine play): a person against the computer.
terminal-title = Cardia — you against { $level }
terminal-setup = { $deck } · { $location } · difficulty: { $difficulty } · seed { $seed }
terminal-player = Player
terminal-round = Round { $round }
terminal-thinking = { $name } is thinking…
terminal-ask_one = Your choice (1–{ $n }; q stops the game):
terminal-ask_many = Choose { $count } different numbers from 1 to { $n }, separated by spaces (q stops the game):
terminal-not_a_number = Type one of the numbers 1 to { $n }.
terminal-need_count = Choose exactly { $count } different numbers.
terminal-stopped = Game stopped. The record so far is in { $file }.
terminal-summary = { $rounds }, { $decisions } — you 💍 { $a }, the computer 💍 { $b }.
terminal-saved = The record is in { $file }: python -m engine replay { $file } replays it.
