location-label = { $name } ({ $skulls })
location-rule = **{ $label }** — { $text }
skulls =
    { $n ->
        [one] 1 czaszka
        [few] { $n } czaszki
        [many] { $n } czaszek
       *[other] { $n } czaszki
    }
location-skulls = Trudność
location-footer = Lokacja: jej zasada obowiązuje przez całą grę.
location-serpent_temple = Świątynia węży
location-serpent_temple-text = Za każdym razem, gdy zaczynasz wygrywać przeszłe starcie, dobierasz kartę, a przeciwnik odrzuca z ręki wybraną przez siebie kartę.
location-bazaar = Bazar
location-bazaar-text = Na koniec rundy nie dobiera się kart. Gdy masz na ręce 1 kartę lub żadnej, od razu dobierasz 4.
location-founders_day = Festiwal założyciela
location-founders_day-text = Kto w dowolnej chwili wygrywa 3 starcia z rzędu, od razu wygrywa grę.
location-grand_library = Wielka biblioteka
location-grand_library-text = Zaczynasz z 2 kartami na ręce i na koniec każdej rundy dobierasz 2.
location-scrapyard = Złomowisko
location-scrapyard-text = Na koniec każdej rundy dobierz 2, a potem połóż kartę z ręki pod swoją talię (gdy w talii masz 0 lub 1 kartę, dobierasz normalnie).
location-auction_house = Dom aukcyjny
location-auction_house-text = Gdy odkrywasz kartę o mniejszym wpływie niż twoja karta w poprzednim starciu, odrzuć wierzchnią kartę swojej talii.
location-haunted_catacombs = Nawiedzone katakumby
location-haunted_catacombs-text = Jeśli odkryjesz kartę tej samej frakcji co twoja karta w poprzednim starciu, od razu przegrywasz grę.
location-foggy_swamp = Mgliste bagna
location-foggy_swamp-text = Położone karty pozostają zakryte; w każdej rundzie zamiast nich odkrywa się i rozpatruje poprzednie starcie.
