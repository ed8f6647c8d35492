faction-rebels = Rebelia
faction-academy = Akademia
faction-guild = Gildia
faction-dynasty = Dynastia
kind-instant = natychmiastowa
kind-ongoing = stała
deck-I = Talia I
deck-II = Talia II
deck-mixed = Mieszana: { $parts }
card-label = { $name } ({ $value }, { $faction })
# dobierają po … (po jednej karcie, po 2 karty, po 5 kart)
cards_each =
    { $n ->
        [one] jednej karcie
        [few] { $n } karty
        [many] { $n } kart
       *[other] { $n } karty
    }
cards =
    { $n ->
        [one] 1 karta
        [few] { $n } karty
        [many] { $n } kart
       *[other] { $n } karty
    }
card-value = Wartość
card-faction = Frakcja
card-deck = Talia
card-kind = Zdolność
card-notes = Uwagi
card-hired_blade = Zabójczyni
card-hired_blade-text = Odrzuć tę kartę oraz przeciwną kartę.
card-void_mage = Mag pustki
card-void_mage-text = Wybierz dowolną zagraną kartę i usuń z niej wszystkie modyfikatory albo wszystkie żetony stałych zdolności.
card-surgeon = Chirurg
card-surgeon-text = Następna karta, którą zagrasz, otrzymuje −5 wpływu.
card-mediator = Mediator
card-mediator-text = Stała: to starcie kończy się remisem.
card-saboteur = Sabotażysta
card-saboteur-text = Twój przeciwnik odrzuca 2 wierzchnie karty ze swojej talii.
card-fortune_teller = Wróżbita
card-fortune_teller-text = W następnej rundzie przeciwnik musi położyć swoją kartę odkrytą, zanim wybierzesz swoją.
card-palace_guard = Strażnik pałacu
card-palace_guard-text = Wskaż frakcję. Przeciwnik może odrzucić z ręki kartę tej frakcji; jeśli tego nie zrobi, ta karta otrzymuje +7.
card-judge = Sędzina
card-judge-text = Stała: wygrywasz każde remisowe starcie, przeszłe i przyszłe. Remis nadal nie aktywuje zdolności.
card-ambusher = Czatownik
card-ambusher-text = Wskaż frakcję: przeciwnik odrzuca z ręki wszystkie karty tej frakcji.
card-puppeteer = Lalkarka
card-puppeteer-text = Odrzuć przeciwną kartę i zastąp ją losową kartą z ręki przeciwnika (jej zdolność się nie aktywuje).
card-clockmaker = Zegarmistrzyni
card-clockmaker-text = +3 dla twojej karty w poprzednim starciu i +3 dla następnej karty, którą zagrasz.
card-treasurer = Skarbnik
card-treasurer-text = Stała: karta, która wygrywa poprzednie starcie, otrzymuje 1 dodatkowy sygnet.
card-swamp_guardian = Strażnik bagien
card-swamp_guardian-text = Weź na rękę inną swoją zagraną kartę i odrzuć jej przeciwną kartę.
card-magistra = Arcymagini
card-magistra-text = Skopiuj natychmiastową zdolność innej swojej zagranej karty o wpływie co najmniej takim jak ta karta i rozpatrz ją tutaj.
card-inventor = Wynalazczyni
card-inventor-text = Połóż +3 na jednej zagranej karcie i −3 na innej.
card-djinn = Dżinn
card-djinn-text = Wygrywasz grę.
card-poisoner = Truciciel
card-poisoner-text = Obniż wpływ przeciwnej karty tak, by to starcie zakończyło się remisem.
card-kinesis_mage = Telekineta
card-kinesis_mage-text = Przenieś wszystkie modyfikatory i żetony stałych zdolności z jednej swojej zagranej karty na inną swoją.
card-envoy = Posłaniec
card-envoy-text = Połóż −3 na dowolnej zagranej karcie albo na następnej karcie, którą zagrasz.
card-tax_collector = Poborca podatków
card-tax_collector-text = Ta karta otrzymuje +4.
card-revolutionary = Rewolucjonistka
card-revolutionary-text = Przeciwnik odrzuca z ręki 2 wybrane przez siebie karty, a potem dobiera 2.
card-librarian = Bibliotekarka
card-librarian-text = Gdy twoja następna karta zostanie odkryta, daj jej +2 albo −2 (wybierasz, widząc obie karty).
card-prodigy = Młody geniusz
card-prodigy-text = Połóż +3 na jednej ze swoich zagranych kart o wpływie 8 lub mniejszym.
card-aristocrat = Arystokratka
card-aristocrat-text = Stała: za każdym razem, gdy ta karta wygrywa swoje starcie, otrzymuje 1 dodatkowy sygnet.
card-blackmailer = Szantażystka
card-blackmailer-text = Wskaż frakcję. Jeśli następna odkryta karta przeciwnika należy do innej frakcji, przeciwnik odrzuca z ręki 2 wybrane przez siebie karty.
card-illusionist = Iluzjonistka
card-illusionist-text = Aktywuj zdolność innej swojej zagranej karty, która przegrywa swoje starcie.
card-engineer = Inżynier
card-engineer-text = Twoja następna karta otrzymuje +5 po rozpatrzeniu zdolności jej starcia.
card-counselor = Doradczyni
card-counselor-text = Stała: w poprzednim starciu twoja karta wygrywa, a karta przeciwnika przegrywa.
card-witch_king = Król czarnoksiężników
card-witch_king-text = Wskaż frakcję: przeciwnik odrzuca z ręki i z talii wszystkie karty tej frakcji, a potem przetasowuje talię.
card-elemental = Żywiołak
card-elemental-text = Odrzuć z ręki kartę z natychmiastową zdolnością, rozpatrz tę zdolność, jakby była wydrukowana tutaj, a potem dobierz kartę.
card-mechanical_djinn = Mechaniczny dżinn
card-mechanical_djinn-text = Stała: jeśli wygrasz starcie bezpośrednio po tym, wygrywasz grę.
card-successor = Następca
card-successor-text = Przeciwnik odrzuca całą swoją talię i wszystkie karty z ręki poza 2 (zatrzymuje 2 wybrane przez siebie).
card-unknown = Nie ma karty ani lokacji o nazwie „{ $name }”.
difficulty-training = Najemnicy w szkoleniu
difficulty-inventors = Doświadczeni inżynierowie
difficulty-mages = Potężni magowie
difficulty-impressed = Dżinn jest pod wrażeniem!
