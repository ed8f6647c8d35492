note-hired_blade = Obie karty starcia trafiają do odrzuconych kart ich właścicieli razem ze wszystkimi żetonami; późniejsze starcia przesuwają się, zamykając lukę.
note-void_mage = Dowolna zagrana karta dowolnego gracza, także z bieżącego starcia. Usunięcie żetonu stałej zdolności od razu ją wyłącza i wszystko jest przeliczane na nowo.
note-surgeon = −5 czeka obok twojej karty i trafia na następną zagraną kartę, gdy zostanie odkryta; liczy się w tym porównaniu. Przydaje się, by twój Dżinn przegrał.
note-mediator = Dopóki leży na niej żeton, jej starcie kończy się remisem bez względu na wpływ, więc sygnet przeciwnika wraca. Aktywna Sędzina nadal wygrywa ten remis.
note-saboteur = Gdy talia jest krótsza, odrzuca się mniej kart. Odrzuconych kart nigdy się nie przetasowuje.
note-fortune_teller = W następnej rundzie przeciwnik kładzie kartę najpierw, odkrytą; ty wybierasz, znając jego kartę. Efekty przy odkryciu nadal działają przy odkryciu.
note-palace_guard = Frakcję wskazujesz w ciemno. Przeciwnik decyduje, czy odrzucić pasującą kartę; jeśli takiej nie ma, nie może, a Strażnik pałacu otrzymuje +7 (zwykle wygrywa: 7 + 7 = 14).
note-judge = Po aktywacji wygrywa wszystkie obecnie remisowe starcia i każdy późniejszy remis. Remis nadal nie aktywuje zdolności, a Sędzina nie rozstrzyga równej liczby sygnetów.
note-ambusher = Frakcję wskazujesz w ciemno; przeciwnik nie ma wyboru.
note-puppeteer = Karta zastępcza jest odkryta, bez żetonów i nie aktywuje się. Jeśli przeciwnik ma pustą rękę, nie może zagrać i od razu wygrywasz.
note-clockmaker = „Poprzednie” liczy się względem Zegarmistrzyni. Bez poprzedniego starcia działa tylko część dotycząca następnej karty.
note-treasurer = Dodatkowy sygnet trafia do karty, która wygrywa poprzednie starcie, nawet karty przeciwnika, i przechodzi za zwycięzcą, gdy ten się zmienia.
note-swamp_guardian = Liczą się tylko przeszłe starcia. Karta wraca bez żetonów, jej przeciwna karta zostaje odrzucona, a rząd zamyka lukę. Na koniec rundy nadal dobierasz.
note-magistra = Tylko twoje inne zagrane karty z natychmiastową zdolnością i wpływem co najmniej takim jak obecny wpływ Arcymagini. Kopia działa w miejscu Arcymagini; skopiowanie Dżinna wygrywa grę.
note-inventor = Dowolne dwie różne zagrane karty dowolnego gracza, łącznie z samą Wynalazczynią. Obie części są obowiązkowe.
note-djinn = Działa tylko, gdy Dżinn przegra swoje starcie (na przykład po −5 od Chirurga). Wygrywa od razu, bez względu na sygnety.
note-poisoner = Jednorazowy ujemny modyfikator; późniejsze zmiany go nie powtarzają. Nigdy nie podnosi karty, która już jest niższa.
note-kinesis_mage = Źródło i cel są twoje (każde może być samą Telekinetą). Żeton, który trafi na kartę ze stałą zdolnością, od razu ją włącza.
note-envoy = Dowolna zagrana karta dowolnego gracza albo następna karta, którą zagrasz.
note-tax_collector = Często zamienia przegraną w wygraną (4 + 4 = 8) albo w remis; karta przeciwna się wtedy nie aktywuje.
note-revolutionary = Przeciwnik wybiera 2 karty do odrzucenia (wszystkie, jeśli ma mniej), a potem dobiera 2 (mniej, jeśli talia jest krótsza).
note-librarian = +2 albo −2 wybierasz po zobaczeniu obu odkrytych kart, przed porównaniem.
note-prodigy = Sam Młody geniusz też się liczy, dopóki jego wpływ wynosi 8 lub mniej.
note-aristocrat = Opłaca się, gdy starcie później obróci się na korzyść Arystokratki: nosi wtedy 2 sygnety.
note-blackmailer = Odrzucenie następuje zaraz po odkryciu, przed zdolnościami; przeciwnik wybiera, które 2 karty odrzuca.
note-illusionist = Przegrywająca karta to taka, której karta przeciwna obecnie wygrywa. Zdolność działa w miejscu tamtej karty; stała zdolność dostaje tam swój żeton.
note-engineer = +5 trafia na kartę po zdolnościach następnego starcia (także po remisie), więc nie rozstrzyga, która karta się aktywuje.
note-counselor = Względem Doradczyni; dopóki leży żeton, przeważa nad wpływem, Mediatorem i Sędziną. Dwie Doradczynie wymuszające to samo starcie się znoszą.
note-witch_king = Frakcję wskazujesz w ciemno; potem przeciwnik przetasowuje talię.
note-elemental = Kopia działa tak, jakby była wydrukowana na Żywiołaku. Bez karty z natychmiastową zdolnością na ręce i tak dobierasz 1.
note-mechanical_djinn = Wygrywa w chwili, gdy leży na nim żeton, a ty wygrywasz starcie tuż po nim, w dowolny sposób (wpływem, Sędziną, Doradczynią).
note-successor = Przeciwnik zatrzymuje 2 wybrane przez siebie karty. Kilka rund później zwykle nie może już zagrać.
note-serpent_temple = Działa, gdy przeszłe starcie staje się twoje (z przegranej lub remisu), np. dzięki Zegarmistrzyni, Wynalazczyni, Sędzinie lub Doradczyni; każda nowa wygrana działa ponownie.
note-bazaar = Znika tylko dobieranie na koniec rundy; zdolności nadal każą dobierać. Uzupełnienie działa w każdej fazie, np. zaraz po położeniu karty.
note-founders_day = Sprawdzane w każdej chwili; „z rzędu” znaczy obok siebie w obecnym rzędzie.
note-grand_library = Gdy w talii została 1 karta, dobierasz ją; gdy żadna, nic.
note-scrapyard = Nie działa, gdy w twojej talii jest 0 lub 1 karta (wtedy dobierasz normalnie).
note-auction_house = Porównywane przy odkryciu z obecnym wpływem, z żetonami; równy wpływ oznacza brak odrzucenia. Nie dotyczy karty zastępczej Lalkarki.
note-haunted_catacombs = Tylko przy odkryciu; sąsiedzi utworzeni przez zdolności się nie liczą. Obie strony naraz: remis.
note-foggy_swamp = W 1. rundzie nic się nie odkrywa. Efekty „następnej karty” dotyczą następnej karty wybranej z ręki. Możesz oglądać swoje zakryte karty.
rules-page-1-title = Cel i przygotowanie
rules-page-1 =
    Cardia to pojedynek dwóch graczy z identycznymi 16-kartowymi taliami (wartości 1–16, w czterech frakcjach: 🟢 Rebelia, 🟡 Akademia, 🔴 Gildia, 🔵 Dynastia).

    {"*"}*Cel:** mieć na koniec rundy **5 sygnetów** na swoich zagranych kartach, zanim zdobędzie je przeciwnik. Mecz trwa, aż któryś gracz wygra 2 gry.

    {"*"}*Przygotowanie:** każdy gracz przetasowuje swoją talię i dobiera 5 kart. Twoje odrzucone karty leżą odkryte; każdy gracz może w dowolnej chwili przejrzeć oba stosy. Odrzuconych kart nigdy się nie przetasowuje.
rules-page-2-title = Runda
rules-page-2 =
    Nie ma kolejności tur: gracze działają jednocześnie.

    {"*"}*1. Zagranie.** Każdy gracz wybiera kartę z ręki i kładzie ją zakrytą naprzeciw karty przeciwnika. Dwie karty tworzą **starcie**; starcia tworzą rząd, od najstarszego. Obie karty odkrywa się razem, a czekające efekty „następnej karty” (Chirurg −5, Zegarmistrzyni +3…) trafiają na nie właśnie teraz.

    {"*"}*2. Porównanie.** Wyższy **wpływ** (wartość nadrukowana plus modyfikatory) wygrywa starcie i dostaje sygnet. Karta, która **przegrała**, aktywuje swoją zdolność — tylko ona i nie może odmówić.

    {"*"}*3. Koniec rundy.** Każdy gracz dobiera 1 kartę (z pustej talii nie dobiera się nic). Potem liczy się sygnety.
rules-page-3-title = Remisy
rules-page-3 =
    Jeśli obie karty mają ten sam wpływ, starcie kończy się **remisem**: nikt nie dostaje sygnetu i w tej rundzie **żadna zdolność się nie aktywuje**.

    Gracz z aktywną **Sędziną** wygrywa każdy remis (przeszły i przyszły) razem z jego sygnetem, ale remis nadal nie aktywuje zdolności. Jeśli obie strony mają aktywną Sędzinę, remis wygrywają obie karty.

    {"*"}*Mediator** z żetonem stałej zdolności sprawia, że jego starcie kończy się remisem bez względu na wpływ.
rules-page-4-title = Zdolności
rules-page-4 =
    Zdolności **natychmiastowe** rozpatruje się raz, od razu i jak najpełniej — nawet jeśli to pomaga przeciwnikowi.

    Zdolności **stałe** (Mediator, Sędzina, Skarbnik; Arystokratka, Doradczyni, Mechaniczny dżinn) kładą na kartę żeton stałej zdolności. Efekt trwa, dopóki żeton tam leży, nawet jeśli karta później wygra swoje starcie; usunięcie żetonu od razu go wyłącza.

    „Zagrana karta” to dowolna odkryta karta w rzędzie, dowolnego gracza. „Poprzednie starcie” leży w rzędzie tuż przed danym starciem; „następna karta, którą zagrasz” to twoja karta w następnej rundzie.

    Odrzucenie zagranej karty zwraca wszystkie jej żetony; gdy obie karty starcia odchodzą, rząd zamyka lukę.
rules-page-5-title = Sygnety i ciągłe przeliczanie
rules-page-5 =
    Sygnety nigdy nie są ostateczne: **w każdej chwili** starcie wygrywa karta z wyższym wpływem. Jeśli modyfikator, usunięty żeton lub zdolność zmieni przeszłe starcie, jego sygnet przechodzi do nowego zwycięzcy (albo wraca przy remisie). To nigdy nie aktywuje innej zdolności: aktywuje się tylko karta, która przegrała porównanie w tej rundzie.

    Niektóre karty dodają sygnety: Skarbnik (karta wygrywająca poprzednie starcie ma o 1 sygnet więcej) i Arystokratka (2 sygnety, gdy wygrywa).
rules-page-6-title = Koniec gry
rules-page-6 =
    Gra kończy się od razu, gdy:
    • na koniec rundy gracz ma **5 lub więcej sygnetów i więcej niż przeciwnik** (po równo 5 sygnetów lub więcej: gra się dalej);
    • gracz musi zagrać kartę, ale **nie ma żadnej na ręce**: wygrywa przeciwnik (jeśli żaden nie może zagrać, wygrywa ten z większą liczbą sygnetów, przy równej liczbie jest remis);
    • aktywuje się **Dżinn** (wygrywa jego właściciel, bez względu na sygnety) albo spełni się warunek **Mechanicznego dżinna**;
    • tak mówi lokacja (Festiwal założyciela, Nawiedzone katakumby).

    Zdobycie 5 sygnetów w środku rundy to jeszcze nie wygrana: zdolność przegrywającej karty może jeszcze odebrać sygnety.
rules-page-7-title = Lokacje i poziom trudności
rules-page-7 =
    Gra może korzystać z jednej **lokacji**, której zasada obowiązuje przez całą grę (np. Bazar: bez dobierania na koniec rundy, ale kto ma na ręce 1 kartę lub żadnej, od razu dobiera 4; Mgliste bagna: w każdej rundzie odkrywa się *poprzednie* starcie). Każda lokacja ma 1–3 czaszki.

    {"*"}*Poziom trudności** = talia (Talia I 0, Talia II lub mieszanka z dowolną frakcją z Talii II 1) + czaszki lokacji: 0–1 Najemnicy w szkoleniu, 2 Doświadczeni inżynierowie, 3–4 Potężni magowie.

    {"*"}*Talie mieszane** buduje się z całych frakcji, każdą z Talii I albo II; obie strony używają tej samej mieszanki.
rules-footer = Więcej: /cardia zasady temat:<…> · dowolna karta: /cardia karta
