/** The shop's own pages in English (the format is described in `shop-pages.sv.ts`). */
export const shopPagesEn = {
  terms: {
    slug: "terms",
    title: "Terms of purchase",
    intro:
      "These terms apply when you shop in Kassa's online shop, as a consumer or for a company, in Sweden and in Finland.",
    sections: {
      seller: {
        heading: "Seller",
        body: "The online shop is run by {{company}}, company registration number {{orgNumber}}, VAT number {{vatNumber}}, {{address}}. You reach customer service on {{phone}} or at {{email}}.\n\nThe sections on the right of withdrawal and on complaints under consumer law apply when you shop as a consumer. When you shop for a company, the section Business customers applies too.",
      },
      prices: {
        heading: "Prices and VAT",
        body: "In Sweden prices are in Swedish kronor (SEK) and in Finland in euros (EUR). Consumer prices include VAT: {{vatSE}} in Sweden and {{vatFI}} in Finland. In the business shop prices are shown without VAT, which is added in the cart and at checkout.\n\nThe price that applies is the one shown at checkout when you pay. If a price is obviously wrong, for example because of a typing error, we may cancel the purchase; you then get back everything you paid.",
      },
      order: {
        heading: "Orders and the contract",
        body: "The contract is made when you have paid at checkout and we have sent an order confirmation to your email address. Check the confirmation and contact customer service if anything is wrong.\n\nSome products may only be bought in a limited number per order; the limit is shown on the product page and in the cart. If an item sells out while you shop, the cart and the checkout tell you before you pay.",
      },
      payment: {
        heading: "Payment",
        body: "You pay at checkout through one of our payment partners: Adyen, Qliro, Avarda, Klarna or Walley. Which payment methods are offered depends on the market and on whether you shop as a consumer or for a company. If you choose an invoice or instalments, the payment partner's terms apply to the credit.\n\nYou add gift cards and discount codes in the cart or at checkout.",
      },
      delivery: {
        heading: "Delivery",
        body: "We ship with PostNord. Delivery normally takes 1–3 working days in Sweden and 2–5 working days in Finland. Shipping costs {{feeSE}} in Sweden and {{feeFI}} in Finland, and is free when the goods cost at least {{freeFromSE}} or {{freeFromFI}} respectively.\n\nIf a delivery is delayed we let you know. If the delay is substantial, you may cancel the purchase and get back what you paid.",
      },
      withdrawal: {
        heading: "Right of withdrawal",
        body: "As a consumer you have a {{returnDays}}-day right of withdrawal under the Swedish Distance Contracts Act (in Finland the Consumer Protection Act). The period starts on the day you receive the goods. Tell customer service within the period that you withdraw from the purchase, and send the goods back no later than {{returnDays}} days after telling us.\n\nWe refund what you paid, including the original standard shipping, no later than {{returnDays}} days after receiving your notice, but may wait until the goods are back with us. You pay for the return shipping. You may examine the goods as you would in a shop; if they have been handled more than that, we may deduct their loss in value.",
      },
      complaints: {
        heading: "Complaints",
        body: "If an item is faulty, you have the right to complain. In Sweden the Consumer Sales Act applies: you can complain about a fault that existed when you received the goods for three years, and a fault that shows within two years is presumed to have been there from the start. In Finland the Consumer Protection Act applies: tell us within a reasonable time of noticing the fault.\n\nContact customer service with your order number and, if you can, a photo of the fault. For an accepted complaint we pay the return shipping and repair, replace or refund the item.",
      },
      giftCards: {
        heading: "Gift cards and discount codes",
        body: "A gift card is used with its code and PIN in the cart or at checkout, and you pay whatever the gift card does not cover in the usual way. Gift cards cannot be exchanged for cash.\n\nA discount code applies on the terms given for the code, and cannot be added afterwards to an order that has already been paid.",
      },
      business: {
        heading: "Business customers",
        body: "When you shop for a company, the Sale of Goods Act applies instead of consumer law, and there is no right of withdrawal. Business customers normally pay by invoice.\n\nAn order that an agent places for your company may need your approval before it is shipped. You approve it, decline it or ask for a change under My account → Orders.",
      },
      disputes: {
        heading: "Disputes",
        body: "We would first like to solve the problem together with you, so please contact customer service. As a consumer in Sweden you can also turn to the National Board for Consumer Disputes (ARN), and in Finland to the Consumer Disputes Board after getting advice from the consumer advisory service.\n\nSwedish law applies to the contract, but you always keep the protection that the law of your home country gives you as a consumer.",
      },
    },
  },
  privacy: {
    slug: "privacy-policy",
    title: "Privacy policy",
    intro:
      "This page tells you which personal data we process when you shop with us, why we do it, how long we keep it and what rights you have.",
    sections: {
      controller: {
        heading: "Data controller",
        body: "{{company}}, company registration number {{orgNumber}}, {{address}}, is the controller of your personal data. Send questions about your data to {{email}}.",
      },
      data: {
        heading: "The data we keep",
        body: "- Your account: name, email address, phone number and addresses. Your password is only stored in encrypted form.\n- When you shop for a company: the company's registration and VAT numbers, its addresses and contact people.\n- Your orders: items, prices, delivery address and the payment partner you paid through. We never see card numbers or bank details; the payment partner handles them.\n- The newsletter: your email address and when you confirmed the subscription.\n- Print files, such as logos, that your company uploads.",
      },
      purposes: {
        heading: "Why we process it",
        body: "- To deliver your order and handle returns and complaints (contract).\n- To run your account and your company's orders (contract).\n- To comply with the Swedish Bookkeeping Act, which requires us to keep the records of every purchase for seven years (legal obligation).\n- To send the newsletter, only if you have confirmed the subscription (consent). You can stop it with the link in every mailing.\n- To protect the shop from abuse, for example by limiting the number of login attempts (legitimate interest).",
      },
      sharing: {
        heading: "Who we share data with",
        body: "We share only what is needed: with the payment partner you pay through (Adyen, Qliro, Avarda, Klarna or Walley), with PostNord for the delivery, and with the suppliers who run our IT systems for us. Your data is processed within the EU and the EEA. We never sell your data.",
      },
      retention: {
        heading: "How long we keep it",
        body: "Your account is kept until you delete it. Orders are kept for seven years under the Bookkeeping Act, even if you delete your account. Once you unsubscribe from the newsletter, you get no more mailings.",
      },
      cookies: {
        heading: "Cookies",
        body: "We only use the cookies the shop needs to work, none for advertising or tracking.\n\n- Your cart is kept for {{cartDays}} days and a checkout in progress for {{checkoutDays}} days.\n- A login lasts at most {{loginDays}} days. Logging out removes it, and with it the cart, the checkout, saved gift cards and the wishlist kept in this browser.\n- Your choice of language and market, and your wishlist, are kept for {{preferenceDays}} days.",
      },
      rights: {
        heading: "Your rights",
        body: "You have the right to know which data we hold about you, to have mistakes corrected, to have your data erased or transferred, and to object to processing based on legitimate interest. You can change your details yourself under My account, where you can also delete your account.\n\nIf you are unhappy with how we process your data, you can complain to the Swedish Authority for Privacy Protection (IMY) or, in Finland, to the Office of the Data Protection Ombudsman.",
      },
    },
  },
  deliveryReturns: {
    slug: "delivery-and-returns",
    title: "Delivery and returns",
    intro: "How we ship your order, what shipping costs and how to return an item.",
    sections: {
      shipping: {
        heading: "Shipping and delivery times",
        body: "We send every parcel with PostNord to a pickup point near you. You get a text message or an email when the parcel has arrived.\n\nOrders paid before 2 pm (Swedish time) on weekdays leave our warehouse the same day. Delivery then normally takes 1–3 working days in Sweden and 2–5 working days in Finland.",
      },
      costs: {
        heading: "Shipping costs",
        body: "- Sweden: {{feeSE}}, free shipping when the goods cost at least {{freeFromSE}}.\n- Finland: {{feeFI}}, free shipping when the goods cost at least {{freeFromFI}}.\n\nThe free-shipping threshold is judged on the goods' price before discounts, so a discount code never makes you pay for shipping. In the business shop the amounts exclude VAT.",
      },
      tracking: {
        heading: "Follow your order",
        body: "Once you have paid you get an order confirmation by email. When you are logged in, you see your orders and their status under My account → Orders.",
      },
      returns: {
        heading: "Returning an item",
        body: "You have a {{returnDays}}-day right of withdrawal from the day you receive the goods. This is how it works:\n\n- Tell customer service that you want to return something, with your order number and the items concerned.\n- Pack the item well, preferably in its original packaging, and include your order number.\n- Send the parcel to our return address with PostNord no later than {{returnDays}} days after telling us. Keep the receipt until you have your money back.\n\nYou pay for the return shipping. The item should be in the same condition as when you got it; you may try it as you would in a shop.",
      },
      refunds: {
        heading: "Refunds",
        body: "We refund the price of the goods and the original standard shipping no later than {{returnDays}} days after your notice, to the payment method you used, but not before the goods are back with us.",
      },
      faulty: {
        heading: "Faulty items",
        body: "If an item is faulty or you received the wrong item, we pay for the return. Contact customer service with your order number and, if you can, a photo, and we will send you a shipping label. More about complaints is in the terms of purchase.",
      },
      returnAddress: {
        heading: "Return address",
        body: "{{company}}, Returns, {{address}}",
      },
    },
  },
  paymentMethods: {
    slug: "payment-methods",
    title: "Payment methods",
    intro:
      "You pay securely at checkout through one of our five payment partners, and with gift cards. Kassa never sees your card or bank details.",
    sections: {
      howItWorks: {
        heading: "How it works",
        body: "The checkout shows the payment window of the partner that serves your market and the way you shop, as a consumer or for a company. There you choose how to pay, for example by card, invoice, instalments or a direct payment from your bank.\n\nYou pay in the market's currency: Swedish kronor in Sweden and euros in Finland.",
      },
      providers: {
        heading: "Our payment partners",
        body: "- Adyen: cards (Visa, Mastercard and American Express) and digital wallets such as Apple Pay and Google Pay.\n- Qliro: invoice, instalments and card.\n- Avarda: invoice, instalments, card and online bank payment.\n- Klarna: pay now, pay within 30 days or split the payment.\n- Walley: invoice and instalments for consumers, and invoice for companies.",
      },
      invoice: {
        heading: "Invoice and instalments",
        body: "If you choose an invoice or instalments, the payment partner runs a credit check, and the partner's terms apply to the credit. The invoice comes from the payment partner, not from Kassa.",
      },
      giftCards: {
        heading: "Gift cards",
        body: "If you have a Kassa gift card, enter its code and PIN in the cart or at checkout. You can use several gift cards in one purchase, and if they do not cover it all you pay the rest in the usual way.\n\nYou can buy gift cards in the shop for {{giftCardRangeSEK}} or {{giftCardRangeEUR}}; we email the card to its recipient once you have paid.",
      },
      business: {
        heading: "Companies",
        body: "When you shop for a company you normally pay by invoice. Prices in the business shop are shown without VAT, and the VAT has a line of its own in the cart and on the invoice.",
      },
      security: {
        heading: "Secure payment",
        body: "You pay in the payment partner's own window over an encrypted connection. Card payments are confirmed with 3-D Secure or BankID when your bank asks for it.",
      },
    },
  },
  customerService: {
    slug: "customer-service",
    title: "Customer service",
    intro:
      "We help you with orders, deliveries, returns and your account, in English, Swedish and Finnish.",
    contactTitle: "Contact us",
    phone: "Phone",
    email: "Email",
    hoursLabel: "Opening hours",
    hours: "Weekdays 9:00–16:00 (Swedish time)",
    emailReply: "We answer emails within one working day.",
    sections: {
      beforeContact: {
        heading: "Before you get in touch",
        body: "Have your order number ready; it is in the order confirmation and under My account → Orders. If it is about a particular item, tell us which one, and send a photo if something is wrong with it.",
      },
      orders: {
        heading: "Orders and deliveries",
        body: "When you are logged in, you see all your orders and their status under My account. If you want to change or cancel an order, call us as soon as you can; until the parcel has left our warehouse we can usually change it.",
      },
      returns: {
        heading: "Returns and complaints",
        body: "You have a {{returnDays}}-day right of withdrawal. How to return an item and what it costs is on the page Delivery and returns.",
      },
      account: {
        heading: "Account and password",
        body: "If you have forgotten your password, choose Forgot password on the login page and we will email you a link to choose a new one. You change your details under My account, where you can also delete your account.",
      },
      business: {
        heading: "Business customers",
        body: "If your company has an agent of its own with us, you reach them directly. Otherwise customer service helps with company accounts, orders awaiting your approval and print files.",
      },
      post: {
        heading: "Write to us",
        body: "{{company}}, Customer service, {{address}}",
      },
    },
  },
  about: {
    slug: "about-kassa",
    title: "About Kassa",
    intro:
      "Kassa is a Nordic online shop for wool, linen and durable everyday things, for you and for your company.",
    sections: {
      story: {
        heading: "Who we are",
        body: "We sell clothes and everyday things from Nordic makers to consumers and companies in Sweden and Finland. Companies shop at their own prices, order for their staff and can approve orders before they are shipped.",
      },
      markets: {
        heading: "Markets and languages",
        body: "We sell in Sweden in Swedish kronor and in Finland in euros. The shop is in Swedish, Finnish and English; you change the language and the market at the top of the page.",
      },
      company: {
        heading: "Company details",
        body: "- Company name: {{company}}\n- Company registration number: {{orgNumber}}\n- VAT number: {{vatNumber}}\n- Registered office: {{city}}\n- Postal address: {{address}}",
      },
      contact: {
        heading: "Contact",
        body: "You reach customer service on {{phone}} and at {{email}}.",
      },
    },
  },
} as const;
