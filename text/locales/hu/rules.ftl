note-hired_blade = A találkozás mindkét kártyája a tulajdonosa dobópaklijára kerül az összes jelzőjével együtt; a későbbi találkozások visszacsúsznak, hogy ne maradjon hézag.
note-void_mage = Bármelyik játékos bármelyik kijátszott kártyája, az aktuális találkozásé is. Az időjelző eltávolítása azonnal kikapcsolja a képességet, és minden újraértékelődik.
note-surgeon = A −5 a kártyád mellett vár, és a következő kijátszott kártyádra kerül, amikor felfeded; abban az összevetésben számít. Jól jön, ha azt akarod, hogy a saját Dzsinned veszítsen.
note-mediator = Amíg rajta van az időjelző, a találkozása döntetlen, bármekkora is a befolyás, így az ellenfél pecsétgyűrűje visszakerül. Egy aktív Bírónő ezt a döntetlent is megnyeri.
note-saboteur = Ha rövidebb a pakli, kevesebb kártyát dob el. Az eldobott kártyákat sosem keverjük vissza.
note-fortune_teller = A következő körben az ellenfeled teszi le elsőként a kártyáját, képpel felfelé; te az ő kártyája ismeretében választasz. A felfedéskor ható hatások továbbra is a felfedéskor történnek.
note-palace_guard = Vakon nevezed meg a csoportot. Az ellenfeled dönti el, eldob-e egy egyező kártyát; ha nincs ilyenje, nem teheti, és a Palotaőr +7-et kap (általában nyer: 7 + 7 = 14).
note-judge = Aktiválásakor megnyeri az összes éppen döntetlen találkozást és minden későbbi döntetlent. A döntetlen továbbra sem aktivál képességet, és a Bírónő nem dönti el a pecsétgyűrűk egyenlőségét.
note-ambusher = A csoportot vakon nevezed meg; az ellenfelednek nincs választása.
note-puppeteer = A helyettesítő kártya képpel felfelé kerül le, jelzők nélkül, és nem aktiválódik. Ha az ellenfeled keze üres, nem tud kártyát kijátszani, és azonnal nyersz.
note-clockmaker = Az „előző” az Órakészítőhöz képest értendő. Ha nincs előző találkozás, csak a következő kártyára szóló rész történik meg.
note-treasurer = A további pecsétgyűrű ahhoz a kártyához kerül, amelyik megnyeri az előző találkozást, akár az ellenfeledé, és a győztessel együtt vándorol, ha az változik.
note-swamp_guardian = Csak korábbi találkozás jöhet szóba. A kártya jelzők nélkül tér vissza, a vele szemben fekvőt eldobod, és a sor hézag nélkül összezárul. A kör végén továbbra is húzol.
note-magistra = Csak a saját, másik kijátszott, egyszeri képességű kártyáid, amelyek befolyása legalább akkora, mint a Nagymesternőé. A másolat a Nagymesternő helyén hajtódik végre; egy Dzsinn másolása megnyeri a játszmát.
note-inventor = Bármely két különböző kijátszott kártya, bármelyik játékosé, magát a Feltalálót is beleértve. Mindkét rész kötelező.
note-djinn = Csak akkor hat, ha a Dzsinn elveszíti a találkozását (például a Sebész −5-je után). Azonnal nyer, a pecsétgyűrűktől függetlenül.
note-poisoner = Egyszeri negatív módosító; a későbbi változások nem indítják újra. Egy már alacsonyabb kártyát sosem emel meg.
note-kinesis_mage = A forrás és a cél is a tiéd (bármelyik lehet maga a Telekinetikus). Ha időjelző kerül egy állandó képességű kártyára, a képessége azonnal bekapcsol.
note-envoy = Bármelyik játékos bármelyik kijátszott kártyája, vagy a következő kártyád, amit kijátszol.
note-tax_collector = Gyakran győzelemmé (4 + 4 = 8) vagy döntetlenné fordítja a vereséget; ilyenkor a vele szemben fekvő kártya nem aktiválódik.
note-revolutionary = Az ellenfeled választja ki a 2 eldobandó kártyát (ha kevesebb van, mindet), majd húz 2-t (ha rövidebb a paklija, kevesebbet).
note-librarian = A +2 vagy −2 közül a két felfedett kártya láttán, az összevetés előtt választasz.
note-prodigy = Maga a Csodagyerek is választható, amíg a befolyása legfeljebb 8.
note-aristocrat = Akkor fizetődik ki, ha a találkozás később az Arisztokrata javára fordul: ekkor 2 pecsétgyűrűt visel.
note-blackmailer = Az eldobás közvetlenül a felfedés után, a képességek előtt történik; az ellenfeled választja ki a 2 eldobandó kártyát.
note-illusionist = Vesztes kártya az, amelynek a vele szemben fekvő kártyája éppen nyer. A képesség annak a kártyának a helyén hajtódik végre; egy állandó képesség ott kapja meg az időjelzőjét.
note-engineer = A +5 a következő találkozás képességei után kerül fel (döntetlen után is), így nem dönti el, melyik kártya aktiválódik.
note-counselor = A Tanácsosnőhöz képest értendő; amíg rajta van az időjelző, felülírja a befolyást, a Mediátort és a Bírónőt. Ha két Tanácsosnő ugyanazt a találkozást kényszeríti, kioltják egymást.
note-witch_king = A csoportot vakon nevezed meg; utána a paklit megkeverik.
note-elemental = A másolat úgy hajtódik végre, mintha az Elementálra lenne nyomtatva. Ha nincs egyszeri képességű kártya a kezedben, akkor is húzol 1-et.
note-mechanical_djinn = Abban a pillanatban nyer, amikor rajta van az időjelző, és megnyered a közvetlenül utána következő találkozást, bármilyen módon (befolyás, Bírónő, Tanácsosnő).
note-successor = Az ellenfeled az általa választott 2 kártyát tartja meg. Néhány körrel később általában már nem tud kártyát kijátszani.
note-serpent_temple = Akkor lép életbe, amikor egy korábbi találkozás a tiéd lesz (vereségből vagy döntetlenből), például az Órakészítő, a Feltaláló, a Bírónő vagy a Tanácsosnő által; minden új győzelem újra kiváltja.
note-bazaar = Csak a kör végi húzás marad el; a képességek továbbra is húzatnak. Az utánpótlás bármelyik fázisban megtörténik, például közvetlenül azután, hogy letetted a kártyádat.
note-founders_day = Minden pillanatban ellenőrizzük; az egymást követő a jelenlegi sorban szomszédosat jelent.
note-grand_library = Ha 1 kártya maradt a pakliban, azt húzod; ha egy sem, semmit.
note-scrapyard = Nem érvényes, ha a paklidban 0 vagy 1 kártya van (ekkor a szokásos módon húzol).
note-auction_house = A felfedéskor a jelenlegi befolyással vetjük össze, a jelzőkkel együtt; egyenlőség esetén nincs eldobás. A Bábjátékos helyettesítő kártyájára nem vonatkozik.
note-haunted_catacombs = Csak a felfedéskor; a képességek által létrejött szomszédok nem számítanak. Ha mindkét játékosra egyszerre teljesül: döntetlen.
note-foggy_swamp = Az 1. körben semmit sem fedünk fel. A „következő kártya” hatások a kezedből következőként választott kártyára vonatkoznak. A saját, képpel lefelé fekvő kártyáidat bármikor megnézheted.
rules-page-1-title = Cél és előkészületek
rules-page-1 =
    A Cardia kétszemélyes párbaj két egyforma, 16 lapos paklival (1–16 értékek, négy csoportban: 🟢 Lázadók, 🟡 Akadémia, 🔴 Céhesek, 🔵 Dinasztia).

    {"*"}*Cél:** egy kör végén elsőként **5 pecsétgyűrűt** gyűjteni a kijátszott kártyáidon. Egy mérkőzés addig tart, amíg valaki 2 játszmát meg nem nyer.

    {"*"}*Előkészületek:** mindkét játékos megkeveri a pakliját, és húz 5 kártyát. A dobópaklid képpel felfelé fekszik; bármelyik játékos bármikor megnézheti mindkettőt. Az eldobott kártyákat sosem keverjük vissza.
rules-page-2-title = Egy kör
rules-page-2 =
    Nincs körsorrend: a két játékos egyszerre cselekszik.

    {"*"}*1. Kijátszás.** Mindkét játékos kiválaszt egy kártyát a kezéből, és képpel lefelé leteszi az ellenfele kártyájával szemben. A két kártya egy **találkozást** alkot; a találkozások sort alkotnak, a legrégebbi elöl. A két kártyát együtt fedjük fel, és a várakozó „következő kártya” hatások (Sebész −5, Órakészítő +3 …) ekkor kerülnek rájuk.

    {"*"}*2. Összevetés.** A nagyobb **befolyás** (nyomtatott érték és módosítók) nyeri a találkozást, és pecsétgyűrűt kap. A **vesztes** kártya aktiválja a képességét – csak az a kártya, és nem utasíthatja el.

    {"*"}*3. A kör vége.** Mindkét játékos húz 1 kártyát (üres pakliból egyszerűen semmit). Ezután megszámoljuk a pecsétgyűrűket.
rules-page-3-title = Döntetlen
rules-page-3 =
    Ha a két kártya befolyása egyenlő, a találkozás **döntetlen**: senki sem kap pecsétgyűrűt, és ebben a körben **nem aktiválódik képesség**.

    Akinek aktív **Bírónője** van, minden döntetlent megnyer (a korábbiakat és a későbbieket is) a pecsétgyűrűjével együtt, de a döntetlen továbbra sem aktivál képességet. Ha mindkét játékosnak aktív Bírónője van, a döntetlent mindkét kártya megnyeri.

    Egy időjelzős **Mediátor** a saját találkozását döntetlenné teszi, bármekkora is a befolyás.
rules-page-4-title = Képességek
rules-page-4 =
    Az **egyszeri** képességeket egyszer, azonnal és a lehető legteljesebben hajtjuk végre – akkor is, ha az ellenfélnek segít.

    Az **állandó** képességek (Mediátor, Bírónő, Kincstárnok; Arisztokrata, Tanácsosnő, Mechanikus dzsinn) időjelzőt tesznek a kártyára. A hatás addig tart, amíg az időjelző ott van, akkor is, ha a kártya később megnyeri a találkozását; az időjelző eltávolítása azonnal kikapcsolja.

    A „kijátszott kártya” a sor bármelyik képpel felfelé fekvő kártyája, bármelyik játékosé. Az „előző találkozás” a sorban közvetlenül előtte lévő; a „következő kártya, amit kijátszol” a következő körben letett kártyád.

    Egy kijátszott kártya eldobásakor az összes jelzője visszakerül; ha egy találkozás mindkét kártyája távozik, a sor bezárul.
rules-page-5-title = Pecsétgyűrűk és folyamatos újraértékelés
rules-page-5 =
    A pecsétgyűrűk sosem véglegesek: **bármelyik pillanatban** a nagyobb befolyású kártya nyeri a találkozását. Ha egy módosító, egy eltávolított időjelző vagy egy képesség megváltoztat egy korábbi találkozást, a pecsétgyűrűje az új győzteshez kerül (vagy döntetlennél visszakerül). Ez sosem aktivál más képességet: csak az a kártya aktiválódik, amely ebben a körben elveszítette az összevetést.

    Néhány kártya pecsétgyűrűt ad: a Kincstárnok (az előző találkozás győztese 1-gyel több pecsétgyűrűt visel) és az Arisztokrata (2 pecsétgyűrű, ha nyer).
rules-page-6-title = A játszma vége
rules-page-6 =
    A játszma azonnal véget ér, ha:
    • egy kör végén egy játékosnak **legalább 5 pecsétgyűrűje van, és több, mint az ellenfelének** (ha mindkettőjüknek ugyanannyi, legalább 5 pecsétgyűrűje van: tovább kell játszani);
    • egy játékosnak kártyát kellene kijátszania, de **nincs a kezében**: az ellenfele nyer (ha egyikük sem tud kijátszani, a több pecsétgyűrű nyer, egyenlőség esetén döntetlen);
    • egy **Dzsinn** aktiválódik (a tulajdonosa nyer, a pecsétgyűrűktől függetlenül), vagy teljesül egy **Mechanikus dzsinn** feltétele;
    • egy helyszín így rendelkezik (Városalapítás ünnepe, Elátkozott katakombák).

    Az 5 pecsétgyűrű elérése egy kör közepén még nem győzelem: a vesztes kártya képessége még elvehet pecsétgyűrűket.
rules-page-7-title = Helyszínek és nehézség
rules-page-7 =
    Egy játszmában egy **helyszín** is lehet, amelynek szabálya az egész játszmára érvényes (például Bazár: nincs kör végi húzás, de akinek 1 vagy 0 kártya van a kezében, azonnal húz 4-et; Ködös mocsár: minden körben az *előző* találkozást fedjük fel). Minden helyszínen 1–3 koponya van.

    {"*"}*Nehézség** = pakli (I-es pakli 0, II-es pakli vagy bármely, a II-es pakliból vett csoportot tartalmazó keverék 1) + a helyszín koponyái: 0–1 Bérgyilkosok kiképzése, 2 Tapasztalt feltalálók, 3–4 Hatalmas mágusok.

    {"*"}*Vegyes paklik** teljes csoportokból állnak, mindegyik az I-es vagy a II-es pakliból; mindkét játékos ugyanazt a keveréket használja.
rules-footer = Továbbiak: /cardia szabályok téma:<…> · bármely kártya: /cardia kártya
