/** The shop's own pages in Finnish (the format is described in `shop-pages.sv.ts`). */
export const shopPagesFi = {
  terms: {
    slug: "ostoehdot",
    title: "Ostoehdot",
    intro:
      "Nämä ehdot koskevat ostoksia Kassan verkkokaupassa, niin kuluttajana kuin yrityksen puolesta, Suomessa ja Ruotsissa.",
    sections: {
      seller: {
        heading: "Myyjä",
        body: "Verkkokauppaa ylläpitää {{company}}, ruotsalainen organisaationumero {{orgNumber}}, ALV-numero {{vatNumber}}, {{address}}. Asiakaspalvelun tavoitat numerosta {{phone}} tai osoitteesta {{email}}.\n\nKuluttajansuojalain mukaiset kohdat peruuttamisoikeudesta ja virheilmoituksesta koskevat sinua, kun ostat kuluttajana. Jos ostat yrityksen puolesta, sinua koskee lisäksi kohta Yritysasiakkaat.",
      },
      prices: {
        heading: "Hinnat ja arvonlisävero",
        body: "Suomessa hinnat ilmoitetaan euroina (EUR) ja Ruotsissa Ruotsin kruunuina (SEK). Kuluttajahintoihin sisältyy arvonlisävero, Ruotsissa {{vatSE}} ja Suomessa {{vatFI}}. Yrityskaupassa hinnat näytetään ilman arvonlisäveroa, ja vero lisätään ostoskorissa ja kassalla.\n\nVoimassa on hinta, joka näkyy kassalla maksuhetkellä. Jos hinnassa on ilmeinen virhe, esimerkiksi kirjoitusvirhe, meillä on oikeus purkaa kauppa; saat silloin takaisin kaiken maksamasi.",
      },
      order: {
        heading: "Tilaus ja sopimus",
        body: "Sopimus syntyy, kun olet maksanut kassalla ja olemme lähettäneet tilausvahvistuksen sähköpostiisi. Tarkista vahvistus ja ota yhteyttä asiakaspalveluun, jos jokin ei täsmää.\n\nJoitakin tuotteita voi ostaa vain rajoitetun määrän tilausta kohden; raja näkyy tuotesivulla ja ostoskorissa. Jos tuote loppuu kesken ostosten, kerromme siitä ostoskorissa ja kassalla ennen kuin maksat.",
      },
      payment: {
        heading: "Maksaminen",
        body: "Maksat kassalla jonkin maksukumppanimme kautta: Adyen, Qliro, Avarda, Klarna tai Walley. Tarjolla olevat maksutavat riippuvat markkinasta ja siitä, ostatko kuluttajana vai yrityksen puolesta. Jos valitset laskun tai osamaksun, luottoon sovelletaan maksukumppanin ehtoja.\n\nLahjakortit ja alennuskoodit lisäät ostoskorissa tai kassalla.",
      },
      delivery: {
        heading: "Toimitus",
        body: "Lähetämme tilaukset PostNordilla. Toimitusaika on yleensä 2–5 arkipäivää Suomeen ja 1–3 arkipäivää Ruotsiin. Toimitus maksaa Ruotsissa {{feeSE}} ja Suomessa {{feeFI}}, ja se on maksuton, kun tuotteiden hinta on vähintään {{freeFromSE}} tai vastaavasti {{freeFromFI}}.\n\nJos toimitus viivästyy, otamme sinuun yhteyttä. Jos viivästys on olennainen, sinulla on oikeus purkaa kauppa ja saada maksamasi takaisin.",
      },
      withdrawal: {
        heading: "Peruuttamisoikeus",
        body: "Kuluttajana sinulla on {{returnDays}} päivän peruuttamisoikeus kuluttajansuojalain mukaan (Ruotsissa etämyyntilain mukaan). Aika alkaa päivästä, jona vastaanotat tuotteen. Ilmoita asiakaspalveluun peruuttamisaikana, että peruutat kaupan, ja palauta tuote viimeistään {{returnDays}} päivän kuluttua ilmoituksestasi.\n\nPalautamme maksamasi summan, myös alkuperäiset vakiotoimituksen kulut, viimeistään {{returnDays}} päivän kuluttua ilmoituksesi saapumisesta, mutta voimme odottaa, kunnes tuote on palautunut meille. Palautuskulut maksat itse. Voit tutkia tuotetta kuten kaupassa; jos sitä on käsitelty enemmän, voimme vähentää arvon alenemisen.",
      },
      complaints: {
        heading: "Virheilmoitus",
        body: "Jos tuotteessa on virhe, sinulla on oikeus tehdä virheilmoitus. Suomessa sovelletaan kuluttajansuojalakia: ilmoita virheestä kohtuullisessa ajassa sen havaitsemisesta. Ruotsissa sovelletaan kuluttajakauppalakia (konsumentköplagen): virheestä voi ilmoittaa kolmen vuoden ajan, ja kahden vuoden kuluessa ilmenneen virheen oletetaan olleen tuotteessa alusta asti.\n\nOta yhteyttä asiakaspalveluun ja kerro tilausnumero sekä mielellään kuva virheestä. Hyväksytyssä virheilmoituksessa maksamme palautuskulut ja korjaamme tai vaihdamme tuotteen tai palautamme sen hinnan.",
      },
      giftCards: {
        heading: "Lahjakortit ja alennuskoodit",
        body: "Lahjakorttia käytetään koodilla ja PIN-koodilla ostoskorissa tai kassalla, ja lahjakortin ylittävän osan maksat tavalliseen tapaan. Lahjakorttia ei voi vaihtaa rahaksi.\n\nAlennuskoodi on voimassa koodille ilmoitetuin ehdoin, eikä sitä voi lisätä jälkikäteen jo maksettuun tilaukseen.",
      },
      business: {
        heading: "Yritysasiakkaat",
        body: "Kun ostat yrityksen puolesta, sovelletaan kauppalakia kuluttajansuojalain sijaan, eikä peruuttamisoikeutta ole. Yritysasiakkaat maksavat yleensä laskulla.\n\nTilaus, jonka agentti tekee yrityksesi puolesta, voi vaatia hyväksyntänne ennen lähetystä. Hyväksyt, hylkäät tai pyydät muutosta kohdassa Oma tili → Tilaukset.",
      },
      disputes: {
        heading: "Riitatilanteet",
        body: "Haluamme ensisijaisesti ratkaista asian yhdessä kanssasi, joten ota yhteyttä asiakaspalveluun. Kuluttajana voit Suomessa viedä asian kuluttajariitalautakuntaan saatuasi ensin neuvoja kuluttajaneuvonnasta, ja Ruotsissa Allmänna reklamationsnämndeniin (ARN).\n\nSopimukseen sovelletaan Ruotsin lakia, mutta säilytät aina kotimaasi lain kuluttajalle antaman suojan.",
      },
    },
  },
  privacy: {
    slug: "tietosuojaseloste",
    title: "Tietosuojaseloste",
    intro:
      "Tässä kerromme, mitä henkilötietoja käsittelemme, kun asioit kanssamme, miksi käsittelemme niitä, kuinka kauan säilytämme niitä ja mitä oikeuksia sinulla on.",
    sections: {
      controller: {
        heading: "Rekisterinpitäjä",
        body: "Rekisterinpitäjä on {{company}}, organisaationumero {{orgNumber}}, {{address}}. Tietojasi koskevat kysymykset voit lähettää osoitteeseen {{email}}.",
      },
      data: {
        heading: "Mitä tietoja tallennamme",
        body: "- Tilisi: nimi, sähköpostiosoite, puhelinnumero ja osoitteet. Salasana tallennetaan vain salattuna.\n- Kun ostat yrityksen puolesta: Y-tunnus, ALV-numero sekä yrityksen osoitteet ja yhteyshenkilöt.\n- Tilauksesi: tuotteet, hinnat, toimitusosoite ja maksukumppani, jonka kautta maksoit. Kortti- ja pankkitietojasi emme näe koskaan; niitä käsittelee maksukumppani.\n- Uutiskirje: sähköpostiosoitteesi ja milloin vahvistit tilauksen.\n- Painotiedostot, kuten logot, jotka yrityksesi lataa palveluun.",
      },
      purposes: {
        heading: "Miksi käsittelemme tietoja",
        body: "- Tilauksesi toimittamiseen sekä palautusten ja virheilmoitusten käsittelyyn (sopimus).\n- Tilisi ja yrityksesi tilausten hoitamiseen (sopimus).\n- Kirjanpitolain noudattamiseen: Ruotsin kirjanpitolaki edellyttää, että säilytämme jokaisen oston tositteet seitsemän vuoden ajan (lakisääteinen velvoite).\n- Uutiskirjeen lähettämiseen vain, jos olet vahvistanut tilauksen (suostumus). Voit lopettaa sen jokaisessa viestissä olevalla linkillä.\n- Kaupan suojaamiseen väärinkäytöltä, esimerkiksi rajoittamalla kirjautumisyritysten määrää (oikeutettu etu).",
      },
      sharing: {
        heading: "Kenelle luovutamme tietoja",
        body: "Luovutamme vain tarpeelliset tiedot: maksukumppanille, jonka kautta maksat (Adyen, Qliro, Avarda, Klarna tai Walley), PostNordille toimitusta varten sekä palveluntarjoajille, jotka ylläpitävät IT-ympäristöämme puolestamme. Tietoja käsitellään EU- ja ETA-alueella. Emme koskaan myy tietojasi.",
      },
      retention: {
        heading: "Kuinka kauan säilytämme tietoja",
        body: "Tili säilyy, kunnes poistat sen. Tilaukset säilytetään kirjanpitolain mukaan seitsemän vuotta, vaikka poistaisit tilisi. Kun lopetat uutiskirjeen tilauksen, emme lähetä sinulle enää viestejä.",
      },
      cookies: {
        heading: "Evästeet",
        body: "Käytämme vain evästeitä, joita kauppa tarvitsee toimiakseen, emme mainontaan tai seurantaan.\n\n- Ostoskori säilyy {{cartDays}} päivää ja kesken jäänyt kassa {{checkoutDays}} päivää.\n- Kirjautuminen on voimassa enintään {{loginDays}} päivää. Kun kirjaudut ulos, se poistetaan ja sen mukana ostoskori, kassa, tallennetut lahjakortit ja tähän selaimeen tallennettu toivelista.\n- Kielen ja markkinan valinta sekä toivelistasi säilyvät {{preferenceDays}} päivää.",
      },
      rights: {
        heading: "Oikeutesi",
        body: "Sinulla on oikeus tietää, mitä tietoja meillä on sinusta, saada virheelliset tiedot korjatuksi, saada tietosi poistetuiksi tai siirretyiksi ja vastustaa oikeutettuun etuun perustuvaa käsittelyä. Voit muuttaa tietojasi itse kohdassa Oma tili, jossa voit myös poistaa tilisi.\n\nJos olet tyytymätön tapaan, jolla käsittelemme tietojasi, voit tehdä valituksen Suomessa tietosuojavaltuutetun toimistolle tai Ruotsissa Integritetsskyddsmyndighetenille (IMY).",
      },
    },
  },
  deliveryReturns: {
    slug: "toimitus-ja-palautukset",
    title: "Toimitus ja palautukset",
    intro: "Näin lähetämme tilauksesi, tätä toimitus maksaa ja näin palautat tuotteen.",
    sections: {
      shipping: {
        heading: "Toimitustapa ja toimitusaika",
        body: "Lähetämme kaikki paketit PostNordilla lähelläsi olevaan noutopisteeseen. Saat ilmoituksen tekstiviestillä tai sähköpostilla, kun paketti on perillä.\n\nArkisin ennen kello 15 (Suomen aikaa) maksetut tilaukset lähtevät samana päivänä. Sen jälkeen toimitusaika on yleensä 2–5 arkipäivää Suomeen ja 1–3 arkipäivää Ruotsiin.",
      },
      costs: {
        heading: "Toimituskulut",
        body: "- Ruotsi: {{feeSE}}, maksuton toimitus, kun tuotteiden hinta on vähintään {{freeFromSE}}.\n- Suomi: {{feeFI}}, maksuton toimitus, kun tuotteiden hinta on vähintään {{freeFromFI}}.\n\nMaksuttoman toimituksen raja lasketaan tuotteiden hinnasta ennen alennuksia, joten alennuskoodi ei koskaan tee toimituksesta maksullista. Yrityskaupassa summat ovat ilman arvonlisäveroa.",
      },
      tracking: {
        heading: "Seuraa tilaustasi",
        body: "Kun olet maksanut, saat tilausvahvistuksen sähköpostiisi. Kun olet kirjautunut, näet tilauksesi ja niiden tilan kohdassa Oma tili → Tilaukset.",
      },
      returns: {
        heading: "Tuotteen palauttaminen",
        body: "Sinulla on {{returnDays}} päivän peruuttamisoikeus siitä päivästä, jona vastaanotat tuotteen. Toimi näin:\n\n- Ilmoita asiakaspalveluun, että haluat palauttaa, ja kerro tilausnumero sekä palautettavat tuotteet.\n- Pakkaa tuote huolellisesti, mieluiten alkuperäiseen pakkaukseen, ja liitä mukaan tilausnumero.\n- Lähetä paketti palautusosoitteeseemme PostNordilla viimeistään {{returnDays}} päivän kuluttua ilmoituksestasi. Säilytä kuitti, kunnes olet saanut rahasi takaisin.\n\nPalautuskulut maksat itse. Tuotteen on oltava samassa kunnossa kuin sen saadessasi; voit sovittaa sitä kuten kaupassa.",
      },
      refunds: {
        heading: "Hyvitys",
        body: "Palautamme tuotteiden hinnan ja alkuperäiset vakiotoimituksen kulut viimeistään {{returnDays}} päivän kuluttua ilmoituksestasi samalle maksutavalle, jota käytit, mutta aikaisintaan, kun tuote on palautunut meille.",
      },
      faulty: {
        heading: "Virheellinen tuote",
        body: "Jos tuote on virheellinen tai olet saanut väärän tuotteen, maksamme palautuskulut. Ota yhteyttä asiakaspalveluun ja kerro tilausnumero, mielellään myös kuvan kanssa, niin lähetämme sinulle palautuslipukkeen. Lisää virheilmoituksesta kerrotaan ostoehdoissa.",
      },
      returnAddress: {
        heading: "Palautusosoite",
        body: "{{company}}, Palautukset, {{address}}",
      },
    },
  },
  paymentMethods: {
    slug: "maksutavat",
    title: "Maksutavat",
    intro:
      "Maksat turvallisesti kassalla jonkin viidestä maksukumppanistamme kautta sekä lahjakortilla. Kassa ei koskaan näe kortti- tai pankkitietojasi.",
    sections: {
      howItWorks: {
        heading: "Näin se toimii",
        body: "Kassalla näkyy sen maksukumppanin maksunäkymä, joka palvelee markkinaasi ja tapaasi ostaa, kuluttajana tai yrityksen puolesta. Siellä valitset maksutavan, esimerkiksi kortin, laskun, osamaksun tai verkkopankkimaksun.\n\nMaksat markkinan valuutassa: Suomessa euroina ja Ruotsissa kruunuina.",
      },
      providers: {
        heading: "Maksukumppanimme",
        body: "- Adyen: kortit (Visa, Mastercard ja American Express) sekä digitaaliset lompakot, kuten Apple Pay ja Google Pay.\n- Qliro: lasku, osamaksu ja kortti.\n- Avarda: lasku, osamaksu, kortti ja verkkopankkimaksu.\n- Klarna: maksa heti, maksa 30 päivän kuluessa tai jaa maksu osiin.\n- Walley: lasku ja osamaksu kuluttajille sekä lasku yrityksille.",
      },
      invoice: {
        heading: "Lasku ja osamaksu",
        body: "Jos valitset laskun tai osamaksun, maksukumppani tekee luottotarkistuksen, ja luottoon sovelletaan maksukumppanin ehtoja. Laskun lähettää maksukumppani, ei Kassa.",
      },
      giftCards: {
        heading: "Lahjakortit",
        body: "Jos sinulla on Kassan lahjakortti, syötä sen koodi ja PIN-koodi ostoskorissa tai kassalla. Voit käyttää samassa ostoksessa useita lahjakortteja, ja jos ne eivät riitä, maksat loput tavalliseen tapaan.\n\nLahjakortteja voit ostaa kaupasta {{giftCardRangeSEK}} tai {{giftCardRangeEUR}} arvosta; lähetämme kortin vastaanottajalle sähköpostilla, kun olet maksanut.",
      },
      business: {
        heading: "Yritykset",
        body: "Kun ostat yrityksen puolesta, maksat yleensä laskulla. Yrityskaupan hinnat näytetään ilman arvonlisäveroa, ja vero on omalla rivillään ostoskorissa ja laskussa.",
      },
      security: {
        heading: "Turvallinen maksaminen",
        body: "Maksu tehdään maksukumppanin omassa ikkunassa salatun yhteyden yli. Korttiostot vahvistetaan 3-D Securella tai pankkitunnuksilla, kun pankkisi sitä edellyttää.",
      },
    },
  },
  customerService: {
    slug: "asiakaspalvelu",
    title: "Asiakaspalvelu",
    intro:
      "Autamme tilauksissa, toimituksissa, palautuksissa ja tiliisi liittyvissä asioissa suomeksi, ruotsiksi ja englanniksi.",
    contactTitle: "Ota yhteyttä",
    phone: "Puhelin",
    email: "Sähköposti",
    hoursLabel: "Aukioloajat",
    hours: "Arkisin klo 10–17 (Suomen aikaa)",
    emailReply: "Vastaamme sähköposteihin yhden arkipäivän kuluessa.",
    sections: {
      beforeContact: {
        heading: "Ennen kuin otat yhteyttä",
        body: "Pidä tilausnumero käsillä; se löytyy tilausvahvistuksesta ja kohdasta Oma tili → Tilaukset. Jos asia koskee tiettyä tuotetta, kerro mikä, ja lähetä mielellään kuva, jos siinä on jotain vialla.",
      },
      orders: {
        heading: "Tilaukset ja toimitukset",
        body: "Kun olet kirjautunut, näet kaikki tilauksesi ja niiden tilan kohdassa Oma tili. Jos haluat muuttaa tai perua tilauksen, soita meille mahdollisimman pian; ennen kuin paketti on lähtenyt varastosta, voimme yleensä muuttaa sitä.",
      },
      returns: {
        heading: "Palautukset ja virheilmoitukset",
        body: "Sinulla on {{returnDays}} päivän peruuttamisoikeus. Palauttamisen ohjeet ja kulut löydät sivulta Toimitus ja palautukset.",
      },
      account: {
        heading: "Tili ja salasana",
        body: "Jos olet unohtanut salasanasi, valitse kirjautumissivulla Unohtuiko salasana, niin saat linkin uuden salasanan valitsemiseen. Tietojasi voit muuttaa kohdassa Oma tili, jossa voit myös poistaa tilisi.",
      },
      business: {
        heading: "Yritysasiakkaat",
        body: "Jos yritykselläsi on oma agentti meillä, tavoitat hänet suoraan. Muuten asiakaspalvelu auttaa yritystileissä, hyväksyntäänne odottavissa tilauksissa ja painotiedostoissa.",
      },
      post: {
        heading: "Kirjoita meille",
        body: "{{company}}, Asiakaspalvelu, {{address}}",
      },
    },
  },
  about: {
    slug: "tietoa-kassasta",
    title: "Tietoa Kassasta",
    intro:
      "Kassa on pohjoismainen verkkokauppa villalle, pellavalle ja kestäville arjen tavaroille, sinulle ja yrityksellesi.",
    sections: {
      story: {
        heading: "Keitä olemme",
        body: "Myymme pohjoismaisten valmistajien vaatteita ja arjen tavaroita kuluttajille ja yrityksille Ruotsissa ja Suomessa. Yritykset ostavat omilla hinnoillaan, tilaavat työntekijöilleen ja voivat hyväksyä tilaukset ennen niiden lähettämistä.",
      },
      markets: {
        heading: "Markkinat ja kielet",
        body: "Myymme Suomessa euroina ja Ruotsissa kruunuina. Kauppa on käytettävissä suomeksi, ruotsiksi ja englanniksi; kielen ja markkinan vaihdat sivun yläosasta.",
      },
      company: {
        heading: "Yrityksen tiedot",
        body: "- Yrityksen nimi: {{company}}\n- Organisaationumero: {{orgNumber}}\n- ALV-numero: {{vatNumber}}\n- Kotipaikka: {{city}}\n- Postiosoite: {{address}}",
      },
      contact: {
        heading: "Yhteystiedot",
        body: "Asiakaspalvelun tavoitat numerosta {{phone}} ja osoitteesta {{email}}.",
      },
    },
  },
} as const;
