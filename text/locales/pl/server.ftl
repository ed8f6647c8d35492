settings-title = ⚙️ Ustawienia Cardii na tym serwerze
settings-decision = Czas na decyzję
settings-decision_value = { $hours } na każdą decyzję
settings-reminder = Przypomnienia
settings-reminder_value = { $hours } między przypomnieniami, gdy czekamy na decyzję
settings-reminder_off = wyłączone
settings-grace = Czas dodatkowy
settings-grace_value = { $hours } po czasie na decyzję: w tym czasie przeciwnik może ogłosić zwycięstwo, potem pojedynek przepada
settings-cross_channel = Pojedynki na kilku kanałach
settings-cross_channel_yes = dozwolone
settings-cross_channel_no = nie: wszystkie otwarte pojedynki gracza są na jednym kanale
settings-images = Obrazy
settings-images_yes = plansza i ręce są też rysowane jako obrazy
settings-images_no = nie: tylko tekst
settings-threads = Wątki
settings-threads_yes = każdy pojedynek toczy się we własnym wątku (tam, gdzie bot może zakładać wątki)
settings-threads_no = nie: pojedynki toczą się na swoim kanale
settings-web_pages = Strony WWW
settings-web_pages_yes = pojedynki, turnieje i gracze mają strony WWW (jeśli bot je ma)
settings-web_pages_no = nie: brak
settings-notify = Twoje powiadomienia (tylko twoje, na każdym serwerze)
settings-notify-channel = wzmianka tam, gdzie toczy się pojedynek
settings-notify-dm = wiadomość prywatna z linkiem
settings-notify-off = bez wzmianek
settings-notify_value-channel = wzmianka tam, gdzie toczy się pojedynek, gdy czeka na ciebie
settings-notify_value-dm = wiadomość prywatna z linkiem, gdy pojedynek czeka na ciebie
settings-notify_value-off = brak: twoja nazwa jest widoczna tam, gdzie toczy się pojedynek, bez wzmianki
settings-notify_refused = ⚠️ Discord odrzucił ostatnią wiadomość prywatną bota: dostajesz wzmianki tam, gdzie toczy się pojedynek, dopóki nie zezwolisz na wiadomości prywatne i ponownie nie wybierzesz opcji `powiadomienia`.
settings-own_title = ⚙️ Twoje ustawienia Cardii
notify-your_move = ⚔️ Twój ruch w pojedynku Cardii (przeciwnik: { $opponent }, serwer: { $server }): { $link }
notify-reminder = ⏰ Pojedynek Cardii wciąż czeka na ciebie (przeciwnik: { $opponent }, serwer: { $server }): { $link }
notify-claim = ⌛ W pojedynku Cardii (serwer: { $server }) minął czas gracza { $opponent }: możesz ogłosić zwycięstwo. { $link }
notify-dm_refused = { $who }, nie mogę wysyłać ci wiadomości prywatnych, więc wzmianki o twoich ruchach są tutaj. Aby dostawać je prywatnie, zezwól na wiadomości prywatne od członków tego serwera (Ustawienia prywatności), a potem ponownie wybierz `/cardia ustawienia powiadomienia`.
notify-dm_closed = Nie mogę wysyłać ci wiadomości prywatnych, więc plansze twojego pojedynku nie docierają już do naszych wiadomości prywatnych (nic z pojedynku nie przepada). Zezwól na wiadomości prywatne od tej aplikacji (Ustawienia prywatności; albo ją odblokuj), a potem użyj tam `/cardia stan`: to je zaktualizuje.
settings-max_duels = Otwarte pojedynki na gracza
settings-max_duels_value = { $n } (razem z wyzwaniami)
settings-footer = Zarządcy serwera zmieniają je poleceniem /cardia ustawienia z opcjami.
settings-saved = ✅ Ustawienia zapisane.
settings-managers_only = Ustawienia Cardii mogą zmieniać tylko osoby z uprawnieniem Zarządzanie serwerem.
settings-in_server = Ustawienia należą do serwera: użyj tego polecenia na serwerze.
settings-out_of_range = { $name } musi mieścić się między { $low } a { $high }.
hours =
    { $n ->
        [one] 1 godzina
        [few] { $n } godziny
        [many] { $n } godzin
       *[other] { $n } godziny
    }
minutes =
    { $n ->
        [one] 1 minuta
        [few] { $n } minuty
        [many] { $n } minut
       *[other] { $n } minuty
    }
limit-max_duels_you = Masz już na tym serwerze { $duels } (razem z wyzwaniami), a to najwięcej, ile tu wolno ({ $max }). Najpierw zakończ, poddaj albo wycofaj jeden z nich: `/cardia stan` je wymienia.
limit-max_duels_them = { $name } ma już na tym serwerze { $duels } (razem z wyzwaniami), a to najwięcej, ile tu wolno ({ $max }). Spróbuj wyzwać tę osobę później.
duels =
    { $n ->
        [one] 1 otwarty pojedynek
        [few] { $n } otwarte pojedynki
       *[other] { $n } otwartych pojedynków
    }
limit-one_channel_you = Na tym serwerze wszystkie pojedynki gracza toczą się na jednym kanale: masz już pojedynek na kanale { $channel }. Rzuć wyzwanie tam albo najpierw zakończ tamten pojedynek.
limit-one_channel_them = Na tym serwerze wszystkie pojedynki gracza toczą się na jednym kanale: { $name } ma już pojedynek na kanale { $channel }.
timer-reminder = ⏰ { $who }: twój ruch w pojedynku { $first } kontra { $second } (gra { $number }) — { $what }. Czekanie zaczęło się { $since }; czas mija { $time_up }. { $board }
timer-reminder_late = ⏰ { $who }: minął czas w pojedynku { $first } kontra { $second } (gra { $number }) — { $what }. { $claimer } może w każdej chwili ogłosić zwycięstwo, a pojedynek przepadnie { $forfeit }, chyba że zdecydujesz wcześniej. { $board }
timer-reminder_late_both = ⏰ { $who }: minął czas w pojedynku { $first } kontra { $second } (gra { $number }) — { $what }. Pojedynek zostanie anulowany bez wyniku { $forfeit }, chyba że któreś z was zdecyduje. { $board }
timer-reminder_late_computer = ⏰ { $who }: minął czas w pojedynku { $first } kontra { $second } (gra { $number }) — { $what }. Pojedynek przepadnie na rzecz komputera { $forfeit }, chyba że zdecydujesz wcześniej. { $board }
timer-claim = ⌛ { $who }: skończył się czas w pojedynku { $first } kontra { $second } (gra { $number }). { $claimer }, możesz ogłosić zwycięstwo przyciskiem poniżej; dopóki tego nie zrobisz, { $loser } może jeszcze zdecydować. Bez decyzji pojedynek przepadnie { $forfeit }. { $board }
timer-claim_both = ⌛ { $who }: minął czas w pojedynku { $first } kontra { $second } (gra { $number }). Gra czeka na decyzje obu stron, więc nikt nie może ogłosić zwycięstwa. Jeśli nikt nie zdecyduje, pojedynek zostanie anulowany bez wyniku { $forfeit }. { $board }
timer-board = [Ostatnia plansza](<{ $link }>)
timer-decision = { $who }: { $what }
claim-label = Ogłoś zwycięstwo
claim-not_player = To pojedynek { $first } kontra { $second }: ogłosić w nim zwycięstwo mogą tylko jego gracze.
claim-not_yet = Czas na decyzję jeszcze nie minął: nie możesz ogłosić zwycięstwa.
claim-waits_for_you = Gra czeka na twoją decyzję: nie możesz ogłosić zwycięstwa, ale wciąż możesz zdecydować (Pokaż moją rękę na ostatniej planszy).
claim-nobody = Gra czeka na decyzje obu stron: nikt nie może ogłosić zwycięstwa.
claim-out_of_date = To żądanie jest nieaktualne: od tego czasu zapadła decyzja i gra toczy się dalej.
claim-done = ✅ { $who } ogłasza zwycięstwo.
duel-unknown = Nie ma takiego pojedynku: wybierz jeden z listy opcji `pojedynek`.
duel-label_mine = przeciwnik: { $opponent } — { $what } · #{ $channel }
duel-label_all = { $first } kontra { $second } — { $what } · #{ $channel }
duel-label_game = gra { $number }
duel-label_proposed = wyzwanie
duel-channel_unknown = inny kanał
concede-none = Nie masz na tym serwerze trwającego pojedynku do poddania.
concede-which = Masz kilka trwających pojedynków: wybierz jeden opcją `pojedynek`.
concede-proposed = To wyzwanie jeszcze się nie zaczęło: wycofaj je albo odrzuć przy wiadomości z wyzwaniem.
concede-done = Pojedynek poddany: mecz wygrywa { $opponent }.
concede-confirm = Poddać mecz? Wygra go { $opponent }; tego nie da się cofnąć.
concede-button = Potwierdzam: poddaję mecz
concede-over = Ten pojedynek już się nie toczy: nie ma czego poddawać.
abort-managers_only = Pojedynki mogą przerywać tylko osoby z uprawnieniem Zarządzanie serwerem.
abort-none = Na tym kanale nie ma otwartego pojedynku: wybierz jeden opcją `pojedynek`.
abort-which = Na tym kanale jest kilka otwartych pojedynków: wybierz jeden opcją `pojedynek`.
abort-done = Przerwano pojedynek { $first } kontra { $second }: wynik nie zostaje zapisany.
status-title = Twoje pojedynki
status-none = Nie masz tu otwartych pojedynków. Wyzwij kogoś poleceniem `/cardia wyzwanie`.
status-count = Otwarte: { $n } (na tym serwerze najwyżej { $max } na gracza).
status-active = **przeciwnik: { $opponent }** — gra { $number }{ $score } · { $channel }
status-score = {" "}· ty { $mine } – { $theirs } { $opponent }
status-waits = { $who } – czekanie zaczęło się { $since }; czas mija { $time_up }.
status-your_decision = ❗ **twoja** decyzja ({ $what })
status-their_decision = ⏳ decyzja gracza { $who } ({ $what })
status-board = [Ostatnia plansza]({ $link })
status-proposed_by_you = **przeciwnik: { $opponent }** — twoje wyzwanie, czeka, aż { $opponent } przyjmie · { $channel }
status-proposed_to_you = **przeciwnik: { $opponent }** — { $opponent } cię wyzywa: przyjmij albo odrzuć · { $channel }
status-challenge = [Wyzwanie]({ $link })
status-more = … i jeszcze { $n }.
settings-option = { $meaning } (domyślnie: { $default })
settings-yes = tak
settings-no = nie
settings-language = Język wiadomości publicznych
settings-language-auto = język serwera (węgierski, polski, w innym razie angielski)
settings-language-en = angielski (English)
settings-language-hu = węgierski (magyar)
settings-language-pl = polski
setting-decision_hours = Godziny, które gracz ma na każdą decyzję
setting-reminder_hours = Godziny między przypomnieniami, gdy czekamy na decyzję; 0: brak
setting-grace_hours = Godziny po czasie na decyzję, po których pojedynek przepada
setting-cross_channel = Czy gracz może mieć otwarte pojedynki na kilku kanałach naraz?
setting-images = Czy rysować planszę i ręce graczy także jako obrazy?
setting-threads = Czy dawać każdemu pojedynkowi własny wątek (gdy bot może tam zakładać wątki)?
setting-web_pages = Czy pojedynki, turnieje i gracze serwera mają mieć strony WWW (jeśli bot je ma)?
setting-max_duels = Otwarte pojedynki na gracza na tym serwerze, razem z wyzwaniami
setting-language = Język plansz i wyników; auto: język serwera, jeśli węgierski lub polski
