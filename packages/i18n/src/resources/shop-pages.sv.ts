/**
 * The pages every shop has, in Swedish: terms of purchase, privacy policy, delivery and returns,
 * payment methods, customer service and the company's details. Each page has a `slug` (its
 * one-segment address), a `title`, an `intro` and `sections`, each with a `heading` and a `body`.
 * A body's paragraphs are separated by a blank line; a paragraph whose lines all start with "- "
 * is a list. Facts that the code knows (shipping fees, VAT rates, the company's details, cookie
 * lifetimes) come in as placeholders, so the pages quote the numbers the shop really uses.
 */
export const shopPagesSv = {
  terms: {
    slug: "kopvillkor",
    title: "Köpvillkor",
    intro:
      "De här villkoren gäller när du handlar i Kassas webbutik, som privatperson eller för ett företag, i Sverige och i Finland.",
    sections: {
      seller: {
        heading: "Säljare",
        body: "Webbutiken drivs av {{company}}, organisationsnummer {{orgNumber}}, momsregistreringsnummer {{vatNumber}}, {{address}}. Kundservice når du på {{phone}} eller {{email}}.\n\nAvsnitten om ångerrätt och reklamation enligt konsumentlagarna gäller dig som handlar som privatperson. Handlar du för ett företag gäller också avsnittet Företagskunder.",
      },
      prices: {
        heading: "Priser och moms",
        body: "I Sverige anges priserna i svenska kronor (SEK) och i Finland i euro (EUR). För privatpersoner ingår moms, {{vatSE}} i Sverige och {{vatFI}} i Finland. I företagsbutiken visas priserna utan moms, och momsen läggs till i varukorgen och kassan.\n\nDet pris som gäller är det som visas i kassan när du betalar. Vid uppenbara prisfel, till exempel ett skrivfel, har vi rätt att häva köpet; du får då tillbaka allt du har betalat.",
      },
      order: {
        heading: "Beställning och avtal",
        body: "Avtalet ingås när du har betalat i kassan och vi har skickat en orderbekräftelse till din e-postadress. Kontrollera bekräftelsen och hör av dig till kundservice om något inte stämmer.\n\nVissa produkter får bara köpas i ett begränsat antal per beställning; gränsen visas på produktsidan och i varukorgen. Tar en vara slut medan du handlar säger vi det i varukorgen och i kassan innan du betalar.",
      },
      payment: {
        heading: "Betalning",
        body: "Du betalar i kassan genom någon av våra betalpartner: Adyen, Qliro, Avarda, Klarna eller Walley. Vilka betalsätt som erbjuds beror på marknaden och på om du handlar som privatperson eller för ett företag. Väljer du faktura eller delbetalning gäller betalpartnerns villkor för krediten.\n\nPresentkort och rabattkoder lägger du till i varukorgen eller i kassan.",
      },
      delivery: {
        heading: "Leverans",
        body: "Vi skickar med PostNord. Leveranstiden är normalt 1–3 arbetsdagar i Sverige och 2–5 arbetsdagar i Finland. Frakten kostar {{feeSE}} i Sverige och {{feeFI}} i Finland och är fri när varorna kostar minst {{freeFromSE}} respektive {{freeFromFI}}.\n\nBlir leveransen försenad hör vi av oss. Är förseningen väsentlig har du rätt att häva köpet och få tillbaka det du har betalat.",
      },
      withdrawal: {
        heading: "Ångerrätt",
        body: "Som privatperson har du {{returnDays}} dagars ångerrätt enligt lagen om distansavtal (i Finland konsumentskyddslagen). Fristen börjar den dag du tar emot varan. Meddela kundservice inom fristen att du ångrar köpet, och skicka tillbaka varan senast {{returnDays}} dagar efter ditt meddelande.\n\nVi betalar tillbaka det du har betalat, också den ursprungliga standardfrakten, senast {{returnDays}} dagar efter att vi fått ditt meddelande, men får vänta tills varan har kommit tillbaka till oss. Returfrakten betalar du själv. Du får undersöka varan som i en butik; har den hanterats mer än så får vi göra avdrag för värdeminskningen.",
      },
      complaints: {
        heading: "Reklamation",
        body: "Är en vara felaktig har du rätt att reklamera. I Sverige gäller konsumentköplagen: du kan reklamera fel som fanns när du tog emot varan i tre år, och ett fel som visar sig inom två år antas ha funnits från början. I Finland gäller konsumentskyddslagen: meddela oss inom skälig tid efter att du har märkt felet.\n\nKontakta kundservice med ordernumret och gärna en bild på felet. Vid en godkänd reklamation betalar vi returfrakten och reparerar, byter eller betalar tillbaka varan.",
      },
      giftCards: {
        heading: "Presentkort och rabattkoder",
        body: "Ett presentkort används med kod och PIN-kod i varukorgen eller i kassan, och det som inte täcks av presentkortet betalar du på vanligt sätt. Presentkort kan inte lösas in mot kontanter.\n\nEn rabattkod gäller enligt de villkor som anges för koden och kan inte läggas till i efterhand på en beställning som redan är betald.",
      },
      business: {
        heading: "Företagskunder",
        body: "Handlar du för ett företag gäller köplagen i stället för konsumentlagarna, och ångerrätten gäller inte. Företagskunder betalar normalt mot faktura.\n\nEn beställning som en agent lägger åt ditt företag kan behöva ert godkännande innan den skickas. Du godkänner, avböjer eller ber om en ändring under Mitt konto → Beställningar.",
      },
      disputes: {
        heading: "Tvister",
        body: "Vi vill i första hand lösa problemet tillsammans med dig, så kontakta kundservice. Som konsument i Sverige kan du också vända dig till Allmänna reklamationsnämnden (ARN), och i Finland till Konsumenttvistenämnden efter att ha fått råd av konsumentrådgivningen.\n\nSvensk lag gäller för avtalet, men du behåller alltid det skydd som lagen i ditt hemland ger dig som konsument.",
      },
    },
  },
  privacy: {
    slug: "integritetspolicy",
    title: "Integritetspolicy",
    intro:
      "Här berättar vi vilka personuppgifter vi behandlar när du handlar hos oss, varför vi gör det, hur länge vi sparar dem och vilka rättigheter du har.",
    sections: {
      controller: {
        heading: "Personuppgiftsansvarig",
        body: "{{company}}, organisationsnummer {{orgNumber}}, {{address}}, är personuppgiftsansvarig. Frågor om dina uppgifter skickar du till {{email}}.",
      },
      data: {
        heading: "Vilka uppgifter vi sparar",
        body: "- Ditt konto: namn, e-postadress, telefonnummer och adresser. Lösenordet sparas bara i krypterad form.\n- När du handlar för ett företag: organisationsnummer, momsregistreringsnummer, företagets adresser och kontaktpersoner.\n- Dina beställningar: varor, priser, leveransadress och vilken betalpartner du betalade genom. Kortnummer och bankuppgifter ser vi aldrig; dem hanterar betalpartnern.\n- Nyhetsbrevet: din e-postadress och när du bekräftade prenumerationen.\n- Tryckfiler, till exempel logotyper, som ditt företag laddar upp.",
      },
      purposes: {
        heading: "Varför vi behandlar dem",
        body: "- För att leverera din beställning och hantera returer och reklamationer (avtal).\n- För att sköta ditt konto och ditt företags beställningar (avtal).\n- För att följa bokföringslagen, som kräver att vi sparar underlaget för varje köp i sju år (rättslig förpliktelse).\n- För att skicka nyhetsbrev, bara om du har bekräftat prenumerationen (samtycke). Du avslutar den med länken i varje utskick.\n- För att skydda butiken mot missbruk, till exempel genom att begränsa antalet inloggningsförsök (berättigat intresse).",
      },
      sharing: {
        heading: "Vem vi delar uppgifter med",
        body: "Vi delar bara det som behövs: med betalpartnern du betalar genom (Adyen, Qliro, Avarda, Klarna eller Walley), med PostNord för leveransen och med de leverantörer som driver vår it-miljö åt oss. Uppgifterna behandlas inom EU och EES. Vi säljer aldrig dina uppgifter.",
      },
      retention: {
        heading: "Hur länge vi sparar dem",
        body: "Kontot sparas tills du raderar det. Beställningar sparas i sju år enligt bokföringslagen, även om du raderar kontot. När du avslutar nyhetsbrevet får du inga fler utskick.",
      },
      cookies: {
        heading: "Cookies",
        body: "Vi använder bara cookies som behövs för att butiken ska fungera, inga för annonser eller spårning.\n\n- Varukorgen sparas i {{cartDays}} dagar och ett påbörjat köp i kassan i {{checkoutDays}} dagar.\n- Inloggningen gäller i högst {{loginDays}} dagar. När du loggar ut tas den bort, och med den varukorgen, kassan, sparade presentkort och önskelistan i den här webbläsaren.\n- Ditt val av språk och marknad och din önskelista sparas i {{preferenceDays}} dagar.",
      },
      rights: {
        heading: "Dina rättigheter",
        body: "Du har rätt att få veta vilka uppgifter vi har om dig, att få fel rättade, att få uppgifter raderade eller överförda och att invända mot behandling som bygger på berättigat intresse. Dina uppgifter ändrar du själv under Mitt konto, där du också kan radera ditt konto.\n\nÄr du missnöjd med hur vi behandlar dina uppgifter kan du klaga hos Integritetsskyddsmyndigheten (IMY) i Sverige eller hos Dataombudsmannens byrå i Finland.",
      },
    },
  },
  deliveryReturns: {
    slug: "leverans-och-returer",
    title: "Leverans och returer",
    intro: "Så skickar vi din beställning, vad frakten kostar och hur du returnerar en vara.",
    sections: {
      shipping: {
        heading: "Leveranssätt och leveranstid",
        body: "Vi skickar alla paket med PostNord till ett utlämningsställe nära dig. Du får ett meddelande med sms eller e-post när paketet har kommit fram.\n\nBeställningar som betalas före klockan 14 på vardagar skickas samma dag. Leveranstiden är sedan normalt 1–3 arbetsdagar i Sverige och 2–5 arbetsdagar i Finland.",
      },
      costs: {
        heading: "Fraktkostnad",
        body: "- Sverige: {{feeSE}}, fri frakt när varorna kostar minst {{freeFromSE}}.\n- Finland: {{feeFI}}, fri frakt när varorna kostar minst {{freeFromFI}}.\n\nGränsen för fri frakt räknas på varornas pris före rabatter, så en rabattkod gör aldrig att du måste betala frakt. I företagsbutiken är beloppen utan moms.",
      },
      tracking: {
        heading: "Följ din beställning",
        body: "När du har betalat får du en orderbekräftelse med e-post. Är du inloggad ser du dina beställningar och deras status under Mitt konto → Beställningar.",
      },
      returns: {
        heading: "Returnera en vara",
        body: "Du har {{returnDays}} dagars ångerrätt från den dag du tar emot varan. Så här gör du:\n\n- Meddela kundservice att du vill returnera, med ordernumret och vilka varor det gäller.\n- Packa varan väl, helst i originalförpackningen, och lägg med ordernumret.\n- Skicka paketet till vår returadress med PostNord senast {{returnDays}} dagar efter ditt meddelande. Spara kvittot tills du har fått pengarna tillbaka.\n\nReturfrakten betalar du själv. Varan ska vara i samma skick som när du fick den; du får pröva den som i en butik.",
      },
      refunds: {
        heading: "Återbetalning",
        body: "Vi betalar tillbaka varornas pris och den ursprungliga standardfrakten senast {{returnDays}} dagar efter ditt meddelande, till samma betalsätt som du använde, men tidigast när varan har kommit tillbaka till oss.",
      },
      faulty: {
        heading: "Fel på varan",
        body: "Är varan felaktig eller har du fått fel vara betalar vi returfrakten. Kontakta kundservice med ordernumret och gärna en bild, så skickar vi en fraktsedel. Mer om reklamation står i köpvillkoren.",
      },
      returnAddress: {
        heading: "Returadress",
        body: "{{company}}, Returer, {{address}}",
      },
    },
  },
  paymentMethods: {
    slug: "betalsatt",
    title: "Betalsätt",
    intro:
      "Du betalar tryggt i kassan genom någon av våra fem betalpartner, och med presentkort. Kassa ser aldrig dina kort- eller bankuppgifter.",
    sections: {
      howItWorks: {
        heading: "Så fungerar det",
        body: "I kassan visas betalningen från den betalpartner som gäller för din marknad och för hur du handlar, som privatperson eller för ett företag. Där väljer du betalsätt, till exempel kort, faktura, delbetalning eller direktbetalning från din bank.\n\nDu betalar i marknadens valuta: svenska kronor i Sverige och euro i Finland.",
      },
      providers: {
        heading: "Våra betalpartner",
        body: "- Adyen: kort (Visa, Mastercard och American Express) och digitala plånböcker som Apple Pay och Google Pay.\n- Qliro: faktura, delbetalning och kort.\n- Avarda: faktura, delbetalning, kort och betalning via internetbanken.\n- Klarna: betala direkt, betala inom 30 dagar eller dela upp betalningen.\n- Walley: faktura och delbetalning för privatpersoner och faktura för företag.",
      },
      invoice: {
        heading: "Faktura och delbetalning",
        body: "Väljer du faktura eller delbetalning gör betalpartnern en kreditprövning, och det är betalpartnerns villkor som gäller för krediten. Fakturan kommer från betalpartnern, inte från Kassa.",
      },
      giftCards: {
        heading: "Presentkort",
        body: "Har du ett presentkort från Kassa skriver du in koden och PIN-koden i varukorgen eller i kassan. Du kan använda flera presentkort i samma köp, och räcker de inte betalar du resten på vanligt sätt.\n\nPresentkort köper du i butiken för {{giftCardRangeSEK}} eller {{giftCardRangeEUR}}; vi skickar kortet med e-post till mottagaren när du har betalat.",
      },
      business: {
        heading: "Företag",
        body: "Handlar du för ett företag betalar du normalt mot faktura. Priserna i företagsbutiken visas utan moms, och momsen står på en egen rad i varukorgen och på fakturan.",
      },
      security: {
        heading: "Säker betalning",
        body: "Betalningen görs i betalpartnerns eget fönster över en krypterad anslutning. Kortköp bekräftas med 3-D Secure eller BankID när banken kräver det.",
      },
    },
  },
  customerService: {
    slug: "kundservice",
    title: "Kundservice",
    intro:
      "Vi hjälper dig med beställningar, leveranser, returer och ditt konto, på svenska, finska och engelska.",
    contactTitle: "Kontakta oss",
    phone: "Telefon",
    email: "E-post",
    hoursLabel: "Öppettider",
    hours: "Vardagar 9–16",
    emailReply: "Vi svarar på e-post inom en arbetsdag.",
    sections: {
      beforeContact: {
        heading: "Innan du hör av dig",
        body: "Ha ordernumret till hands; det står i orderbekräftelsen och under Mitt konto → Beställningar. Gäller det en viss vara, skriv vilken, och skicka gärna en bild om något är fel.",
      },
      orders: {
        heading: "Beställningar och leveranser",
        body: "Är du inloggad ser du alla dina beställningar och deras status under Mitt konto. Vill du ändra eller avbryta en beställning, ring oss så snart som möjligt; innan paketet har lämnat lagret kan vi oftast ändra den.",
      },
      returns: {
        heading: "Returer och reklamationer",
        body: "Du har {{returnDays}} dagars ångerrätt. Hur du returnerar och vad det kostar står på sidan Leverans och returer.",
      },
      account: {
        heading: "Konto och lösenord",
        body: "Har du glömt lösenordet väljer du Glömt lösenord på inloggningssidan, så får du en länk för att välja ett nytt. Dina uppgifter ändrar du under Mitt konto, där du också kan radera kontot.",
      },
      business: {
        heading: "Företagskunder",
        body: "Har ditt företag en egen agent hos oss når du agenten direkt. Annars hjälper kundservice till med företagskonton, beställningar som väntar på ert godkännande och tryckfiler.",
      },
      post: {
        heading: "Skriv till oss",
        body: "{{company}}, Kundservice, {{address}}",
      },
    },
  },
  about: {
    slug: "om-kassa",
    title: "Om Kassa",
    intro:
      "Kassa är en nordisk webbutik för ylle, linne och hållbara vardagsting, för dig och för ditt företag.",
    sections: {
      story: {
        heading: "Vilka vi är",
        body: "Vi säljer kläder och vardagsting från nordiska tillverkare till privatpersoner och företag i Sverige och Finland. Företag handlar med egna priser, beställer åt sina medarbetare och kan godkänna beställningar innan de skickas.",
      },
      markets: {
        heading: "Marknader och språk",
        body: "Vi säljer i Sverige i svenska kronor och i Finland i euro. Butiken finns på svenska, finska och engelska; språk och marknad byter du högst upp på sidan.",
      },
      company: {
        heading: "Företagsuppgifter",
        body: "- Företagsnamn: {{company}}\n- Organisationsnummer: {{orgNumber}}\n- Momsregistreringsnummer: {{vatNumber}}\n- Säte: {{city}}\n- Postadress: {{address}}",
      },
      contact: {
        heading: "Kontakt",
        body: "Kundservice når du på {{phone}} och {{email}}.",
      },
    },
  },
} as const;
