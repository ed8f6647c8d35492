prompt-play = Wybierz kartę, którą położysz zakrytą
prompt-play_first = Wróżbita: wybierasz najpierw — przeciwnik zobaczy twoją kartę, zanim wybierze swoją
prompt-void_mage = Mag pustki: wybierz zagraną kartę i to, czy usuwasz jej modyfikatory, czy żetony stałych zdolności
prompt-palace_guard_faction = Strażnik pałacu: wskaż frakcję — przeciwnik może odrzucić kartę tej frakcji, inaczej Strażnik pałacu otrzyma +7
prompt-palace_guard_discard = Strażnik pałacu: odrzuć kartę wskazanej frakcji albo odmów, a Strażnik pałacu otrzyma +7
prompt-palace_guard_discard_named = Strażnik pałacu wskazał frakcję { $faction }: odrzuć kartę tej frakcji albo odmów, a Strażnik pałacu otrzyma +7
prompt-ambusher_faction = Czatownik: wskaż frakcję — przeciwnik odrzuci z ręki wszystkie jej karty
prompt-witch_king_faction = Król czarnoksiężników: wskaż frakcję — przeciwnik odrzuci wszystkie jej karty z ręki i z talii
prompt-blackmailer_faction = Szantażystka: wskaż frakcję — jeśli przeciwnik odkryje jako następną kartę innej frakcji, odrzuci 2 karty
prompt-swamp_guardian = Strażnik bagien: wybierz swoją zagraną kartę, którą weźmiesz na rękę (jej przeciwna karta zostanie odrzucona)
prompt-magistra = Arcymagini: wybierz swoją zagraną kartę, której natychmiastową zdolność skopiujesz
prompt-inventor_plus = Wynalazczyni: wybierz zagraną kartę, która otrzyma +3
prompt-inventor_minus = Wynalazczyni: wybierz zagraną kartę, która otrzyma −3
prompt-kinesis_from = Telekineta: wybierz swoją kartę, z której przeniesiesz wszystkie modyfikatory i żetony stałych zdolności
prompt-kinesis_to = Telekineta: wybierz swoją kartę, na którą je przeniesiesz
prompt-envoy = Posłaniec: −3 na zagraną kartę albo na twoją następną kartę
prompt-revolutionary_discard = Rewolucjonistka: wybierz 2 karty do odrzucenia (potem dobierzesz 2)
prompt-librarian = Bibliotekarka: +2 czy −2 dla twojej odkrytej karty?
prompt-prodigy = Młody geniusz: wybierz swoją zagraną kartę o wpływie 8 lub mniejszym, która otrzyma +3
prompt-blackmailer_discard = Szantażystka: twoja odkryta karta nie należy do wskazanej frakcji — wybierz 2 karty do odrzucenia
prompt-illusionist = Iluzjonistka: wybierz swoją przegrywającą kartę, której zdolność aktywujesz
prompt-elemental = Żywiołak: wybierz z ręki kartę z natychmiastową zdolnością, którą odrzucisz i skopiujesz (potem dobierzesz 1)
prompt-successor_keep = Następca: wybierz 2 karty, które zatrzymasz (reszta twojej ręki zostanie odrzucona)
prompt-serpent_temple_discard = Świątynia węży: przeszłe starcie przechodzi na stronę przeciwnika — wybierz kartę do odrzucenia
prompt-scrapyard = Złomowisko: wybierz kartę, którą położysz pod swoją talię
prompt-puppeteer = Lalkarka: karta wzięta losowo z ręki przeciwnika
prompt-witch_king_shuffle = Król czarnoksiężników: nowa kolejność przetasowanej talii
prompt-unknown = Dokonaj wyboru
waiting-play = wybór karty
waiting-play_first = wybór karty, którą z powodu Wróżbity trzeba najpierw pokazać przeciwnikowi
waiting-void_mage = wybór tego, co usunie Mag pustki
waiting-palace_guard_faction = wskazanie frakcji dla Strażnika pałacu
waiting-palace_guard_discard = decyzja, czy odrzucić kartę z powodu Strażnika pałacu
waiting-ambusher_faction = wskazanie frakcji dla Czatownika
waiting-witch_king_faction = wskazanie frakcji dla Króla czarnoksiężników
waiting-blackmailer_faction = wskazanie frakcji dla Szantażystki
waiting-swamp_guardian = wybór karty, którą Strażnik bagien zabierze na rękę
waiting-magistra = wybór zdolności, którą skopiuje Arcymagini
waiting-inventor_plus = wybór karty, na którą Wynalazczyni położy +3
waiting-inventor_minus = wybór karty, na którą Wynalazczyni położy −3
waiting-kinesis_from = wybór karty źródłowej Telekinety
waiting-kinesis_to = wybór karty docelowej Telekinety
waiting-envoy = wybór karty, na którą Posłaniec położy −3
waiting-revolutionary_discard = wybór 2 kart do odrzucenia z powodu Rewolucjonistki
waiting-librarian = wybór +2 albo −2 dla Bibliotekarki
waiting-prodigy = wybór karty dla Młodego geniusza
waiting-blackmailer_discard = wybór 2 kart do odrzucenia z powodu Szantażystki
waiting-illusionist = wybór karty dla Iluzjonistki
waiting-elemental = wybór karty dla Żywiołaka
waiting-successor_keep = wybór 2 kart do zatrzymania z powodu Następcy
waiting-serpent_temple_discard = wybór karty do odrzucenia z powodu Świątyni węży
waiting-scrapyard = wybór karty, która trafi pod talię
waiting-puppeteer = losowy wybór Lalkarki
waiting-witch_king_shuffle = przetasowanie talii po Królu czarnoksiężników
waiting-unknown = decyzja
option-hand = { $card }
option-played = { $name } ({ $influence }) – { $owner }, starcie { $index }
option-played_lost = { $name } – { $owner }
option-modifiers = Usuń modyfikatory ({ $modifier }): { $name } – { $owner_lower }
option-ongoing =
    { $n ->
        [one] Usuń żeton stałej zdolności: { $name } – { $owner_lower }
        [few] Usuń { $n } żetony stałych zdolności: { $name } – { $owner_lower }
       *[other] Usuń { $n } żetonów stałych zdolności: { $name } – { $owner_lower }
    }
option-decline = Odmawiam: Strażnik pałacu otrzymuje +7
option-next = Twoja następna karta
option-plus2 = +2
option-minus2 = −2
describe-played = Nadrukowana wartość { $value }{ $modifier }{ $tokens }; { $status }
describe-modifier = , modyfikator { $amount }
describe-tokens =
    { $n ->
        [one] , 1 żeton stałej zdolności
        [few] , { $n } żetony stałych zdolności
       *[other] , { $n } żetonów stałych zdolności
    }
describe-status-wins = wygrywa swoje starcie
describe-status-loses = przegrywa swoje starcie
describe-status-tie = remisuje
describe-status-open = jeszcze nie porównana
describe-faction = Wartości: { $values }
describe-decline = Zatrzymujesz karty; Strażnik pałacu otrzymuje +7
describe-next = −3 na następną kartę, którą zagrasz, gdy zostanie odkryta
describe-plus2 = Twoja odkryta karta otrzymuje +2
describe-minus2 = Twoja odkryta karta otrzymuje −2
