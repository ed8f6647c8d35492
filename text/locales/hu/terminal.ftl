# The terminal game (python -m engine play): a person against the computer.
terminal-title = Cardia — te a { $level } ellen
terminal-setup = { $deck } · { $location } · nehézség: { $difficulty } · kezdőérték { $seed }
terminal-player = Játékos
terminal-round = { $round }. kör
terminal-thinking = { $name } gondolkodik…
terminal-ask_one = Választásod (1–{ $n }; a q befejezi a játszmát):
terminal-ask_many = Válassz { $count } különböző számot 1 és { $n } között, szóközzel elválasztva (a q befejezi a játszmát):
terminal-not_a_number = Írd be az 1 és { $n } közötti számok egyikét.
terminal-need_count = Pontosan { $count } különböző számot válassz.
terminal-stopped = A játszma megszakadt. Az eddigi lejegyzés itt van: { $file }.
terminal-summary = { $rounds }, { $decisions } — te 💍 { $a }, a számítógép 💍 { $b }.
terminal-saved = A lejegyzés itt van: { $file }; a python -m engine replay { $file } visszajátssza.
