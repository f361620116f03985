import type { BrandEntry, GenericOffer } from "./types";

/**
 * One entry per brand: the bundled catalogue the site always has. A row of the backend's `brands` table with the
 * same name (or one of its aliases) may replace the offer columns it sets; everything else comes from here.
 *
 * An offer's terms (bonus, kind, conditions) say only what its own text says: no amount, kind or condition the text
 * does not state (docs/decisions/2026-11-26-offer-terms-as-data.md).
 */
export const BRAND_ENTRIES: readonly BrandEntry[] = [
  // ---------------------------------------------------------------------------
  // Finance
  // ---------------------------------------------------------------------------
  {
    name: "BoursoBank",
    aliases: ["Boursorama Banque", "Boursorama"],
    category: "finance",
    serviceDescription:
      "BoursoBank (ex-Boursorama Banque) est la banque en ligne française sans frais de tenue de compte, avec carte bancaire gratuite sous conditions.",
    // The specification sets this offer: up to 200 € for opening an account, with a code to copy.
    offerDescription:
      "Jusqu'à 200 € offerts pour l'ouverture de votre premier compte BoursoBank avec le code de parrainage.",
    code: "BOURSOPARRAIN",
    link: "https://www.boursobank.com/parrainage",
    advantages: [
      "Jusqu'à 200 € offerts à l'ouverture du compte",
      "Carte bancaire gratuite sous conditions",
      "Aucuns frais de tenue de compte",
      "Application mobile complète",
    ],
    bonus: { amount: 200, unit: "EUR", upTo: true },
    kind: "argent",
    conditions: ["Ouverture d'un premier compte BoursoBank", "Code de parrainage saisi à l'ouverture"],
    featured: true,
  },
  {
    name: "Fortuneo",
    category: "finance",
    serviceDescription:
      "Fortuneo est une banque en ligne française proposant compte courant, cartes gratuites sous conditions, épargne et bourse.",
    offerDescription:
      "Prime de bienvenue offerte à l'ouverture de votre premier compte Fortuneo avec le code de parrainage, selon les conditions en vigueur.",
    code: "FORTUNEOPARRAIN",
    link: "https://www.fortuneo.fr/parrainage",
    advantages: [
      "Prime de bienvenue à l'ouverture",
      "Cartes bancaires gratuites sous conditions",
      "Compte courant sans frais de tenue",
      "Offre bourse et épargne complète",
    ],
    conditions: ["Ouverture d'un premier compte Fortuneo", "Code de parrainage saisi à l'ouverture"],
  },
  {
    name: "Hello Bank",
    category: "finance",
    serviceDescription:
      "Hello bank! est la banque en ligne du groupe BNP Paribas, avec compte courant, carte bancaire et épargne accessibles depuis l'application.",
    offerDescription:
      "Prime offerte à l'ouverture de votre compte Hello bank! en passant par le lien de parrainage, selon les conditions en vigueur.",
    code: "Cliquez sur le lien",
    link: "https://www.hellobank.fr/parrainage",
    advantages: [
      "Prime de bienvenue via le lien",
      "Banque en ligne du groupe BNP Paribas",
      "Accès aux agences BNP Paribas",
      "Gestion du compte depuis l'application",
    ],
    conditions: ["Ouverture du compte en passant par le lien de parrainage"],
    copyable: false,
  },
  {
    name: "N26",
    category: "finance",
    serviceDescription:
      "N26 est une banque mobile européenne qui permet d'ouvrir un compte courant en quelques minutes depuis son smartphone.",
    offerDescription:
      "15 € offerts après l'ouverture de votre compte N26 avec le code de parrainage et votre premier paiement par carte.",
    code: "N26PARRAIN",
    link: "https://n26.com/fr-fr/parrainage",
    advantages: [
      "15 € offerts avec le parrainage",
      "Compte ouvert en quelques minutes",
      "Carte virtuelle disponible immédiatement",
      "Notifications en temps réel",
    ],
    bonus: { amount: 15, unit: "EUR", upTo: false },
    kind: "argent",
    conditions: ["Ouverture du compte avec le code de parrainage", "Un premier paiement par carte"],
  },
  {
    name: "Revolut",
    category: "finance",
    alsoIn: ["crypto"],
    serviceDescription:
      "Revolut est une application financière qui propose compte, carte bancaire, paiements en devises sans frais cachés et épargne.",
    // The specification sets this offer: 50 € until 17 June 2025, through the link rather than a code.
    offerDescription:
      "50 € offerts à l'ouverture de votre compte Revolut et après votre première transaction (offre valable jusqu'au 17 juin 2025).",
    code: "Cliquez sur le lien",
    link: "https://www.revolut.com/fr-FR/referral/",
    advantages: [
      "50 € offerts après la première transaction",
      "Paiements en devises au taux réel",
      "Cartes virtuelles et jetables",
      "Ouverture de compte 100 % en ligne",
    ],
    bonus: { amount: 50, unit: "EUR", upTo: false },
    kind: "argent",
    conditions: ["Ouverture du compte Revolut", "Une première transaction"],
    validUntil: "2025-06-17",
    copyable: false,
    featured: true,
  },
  {
    name: "Trade Republic",
    category: "finance",
    serviceDescription:
      "Trade Republic est un courtier et une banque en ligne pour investir en actions, ETF et plans d'épargne à frais réduits.",
    offerDescription:
      "Une action offerte après l'ouverture de votre compte Trade Republic avec le lien de parrainage et un premier dépôt.",
    code: "TRPARRAIN",
    link: "https://traderepublic.com/fr-fr",
    advantages: [
      "Action offerte avec le parrainage",
      "Ordres à 1 € de frais",
      "Plans d'investissement programmés gratuits",
      "Intérêts sur les liquidités non investies",
    ],
    kind: "autre",
    conditions: ["Ouverture du compte avec le lien de parrainage", "Un premier dépôt"],
    risk: "investment",
  },
  {
    name: "Vivid",
    category: "finance",
    serviceDescription:
      "Vivid est une application bancaire européenne avec compte courant, sous-comptes et investissement depuis une seule application.",
    offerDescription:
      "Profitez de 5 % d'intérêts pendant 60 jours après l'ouverture de votre compte Vivid avec le code de parrainage.",
    code: "VIVIDPARRAIN",
    link: "https://vivid.money/fr-fr/",
    advantages: [
      "5 % d'intérêts pendant 60 jours",
      "Jusqu'à 20 sous-comptes",
      "Carte bancaire virtuelle et physique",
      "Investissement depuis l'application",
    ],
    bonus: { amount: 5, unit: "%", upTo: false },
    kind: "autre",
    conditions: ["Intérêts pendant 60 jours après l'ouverture du compte", "Code de parrainage saisi à l'ouverture"],
    risk: "investment",
  },
  {
    name: "Wise",
    aliases: ["TransferWise"],
    category: "finance",
    serviceDescription:
      "Wise est un service de transfert d'argent international et de compte multidevise au taux de change réel.",
    offerDescription:
      "Votre premier transfert international sans frais jusqu'à un certain montant en passant par le lien d'invitation Wise.",
    code: "Cliquez sur le lien",
    link: "https://wise.com/fr/invite/",
    advantages: [
      "Premier transfert sans frais via le lien",
      "Taux de change réel, sans marge cachée",
      "Compte multidevise",
      "Carte utilisable dans le monde entier",
    ],
    kind: "frais-offerts",
    conditions: [
      "Premier transfert international seulement",
      "Sans frais jusqu'à un certain montant",
      "En passant par le lien d'invitation",
    ],
    copyable: false,
  },
  {
    name: "Deblock",
    category: "finance",
    alsoIn: ["crypto"],
    serviceDescription:
      "Deblock est une application française qui réunit un compte courant en euros et un portefeuille crypto régulé.",
    offerDescription:
      "Bonus de bienvenue offert à l'ouverture de votre compte Deblock avec le code de parrainage, selon les conditions en vigueur.",
    code: "DEBLOCKPARRAIN",
    link: "https://deblock.com/",
    advantages: [
      "Bonus de bienvenue avec le code",
      "IBAN français",
      "Compte en euros et crypto réunis",
      "Application régulée en France",
    ],
    conditions: ["Ouverture du compte avec le code de parrainage"],
    risk: "crypto",
  },
  {
    name: "Bricks",
    category: "finance",
    serviceDescription:
      "Bricks est une plateforme d'investissement immobilier participatif qui permet d'investir dans la pierre dès quelques euros.",
    offerDescription:
      "Bonus offert sur votre premier investissement Bricks en vous inscrivant avec le code de parrainage.",
    code: "BRICKSPARRAIN",
    link: "https://www.bricks.co/",
    advantages: [
      "Bonus sur le premier investissement",
      "Investissement immobilier dès quelques euros",
      "Revenus locatifs redistribués",
      "Inscription rapide en ligne",
    ],
    conditions: ["Sur le premier investissement", "Inscription avec le code de parrainage"],
    risk: "investment",
  },
  {
    name: "La Première Brique",
    category: "finance",
    serviceDescription:
      "La Première Brique est une plateforme française de financement participatif de projets immobiliers.",
    offerDescription:
      "1 % de rendement supplémentaire sur votre premier investissement La Première Brique avec le code de parrainage.",
    code: "LPBPARRAIN",
    link: "https://www.lapremierebrique.fr/",
    advantages: [
      "1 % de rendement en plus sur le premier investissement",
      "Projets immobiliers sélectionnés",
      "Investissement accessible en ligne",
      "Suivi des projets depuis votre espace",
    ],
    bonus: { amount: 1, unit: "%", upTo: false },
    kind: "autre",
    conditions: ["Rendement en plus sur le premier investissement", "Inscription avec le code de parrainage"],
    risk: "investment",
  },
  {
    name: "Qonto",
    category: "finance",
    serviceDescription:
      "Qonto est la banque en ligne des indépendants, TPE et PME, avec compte professionnel, cartes et outils de gestion.",
    offerDescription:
      "Avantage offert à l'ouverture de votre compte professionnel Qonto avec le code de parrainage, selon les conditions en vigueur.",
    code: "QONTOPARRAIN",
    link: "https://qonto.com/fr",
    advantages: [
      "Avantage offert avec le parrainage",
      "Compte professionnel ouvert en ligne",
      "Cartes physiques et virtuelles",
      "Outils de gestion et de comptabilité",
    ],
    conditions: ["Ouverture d'un compte professionnel", "Code de parrainage saisi à l'ouverture"],
    logo: false,
  },

  // ---------------------------------------------------------------------------
  // Crypto
  // ---------------------------------------------------------------------------
  {
    name: "Binance",
    category: "crypto",
    serviceDescription:
      "Binance est l'une des plus grandes plateformes d'échange de cryptomonnaies au monde, avec des centaines d'actifs disponibles.",
    offerDescription:
      "20 % de réduction sur vos frais de trading en vous inscrivant sur Binance avec le code de parrainage.",
    code: "CPBINANCE",
    link: "https://www.binance.com/fr/register?ref=CPBINANCE",
    advantages: [
      "20 % de réduction sur les frais de trading",
      "Des centaines de cryptomonnaies disponibles",
      "Frais de trading parmi les plus bas",
      "Application mobile complète",
    ],
    bonus: { amount: 20, unit: "%", upTo: false },
    kind: "reduction",
    conditions: ["Sur les frais de trading", "Inscription avec le code de parrainage"],
  },
  {
    name: "Bitget",
    category: "crypto",
    serviceDescription:
      "Bitget est une plateforme d'échange de cryptomonnaies proposant trading au comptant, produits dérivés et copy trading.",
    offerDescription:
      "15 % de réduction sur vos frais de trading en vous inscrivant sur Bitget avec le code de parrainage.",
    code: "CPBITGET",
    link: "https://www.bitget.com/fr/register",
    advantages: [
      "15 % de réduction sur les frais",
      "Copy trading intégré",
      "Large choix de cryptomonnaies",
      "Inscription rapide",
    ],
    bonus: { amount: 15, unit: "%", upTo: false },
    kind: "reduction",
    conditions: ["Sur les frais de trading", "Inscription avec le code de parrainage"],
  },
  {
    name: "Bitrefill",
    category: "crypto",
    serviceDescription:
      "Bitrefill permet d'acheter des cartes cadeaux et des recharges mobiles en payant en bitcoin et autres cryptomonnaies.",
    offerDescription: "5 $ offerts sur Bitrefill en créant votre compte avec le code de parrainage.",
    code: "CPBITREFILL",
    link: "https://www.bitrefill.com/signup/",
    advantages: [
      "5 $ offerts à l'inscription",
      "Milliers de cartes cadeaux disponibles",
      "Paiement en bitcoin et Lightning",
      "Livraison instantanée par e-mail",
    ],
    bonus: { amount: 5, unit: "USD", upTo: false },
    conditions: ["Création du compte avec le code de parrainage"],
  },
  {
    name: "Bitstack",
    category: "crypto",
    serviceDescription:
      "Bitstack est une application française pour épargner en bitcoin grâce à l'arrondi de vos achats et aux achats programmés.",
    offerDescription:
      "Bonus en bitcoin offert à l'inscription sur Bitstack avec le code de parrainage, selon les conditions en vigueur.",
    code: "CPBITSTACK",
    link: "https://www.bitstack-app.com/",
    advantages: [
      "Bonus en bitcoin avec le code",
      "Épargne automatique par arrondi",
      "Achats programmés",
      "Application française enregistrée auprès de l'AMF",
    ],
    kind: "crypto",
    conditions: ["Inscription avec le code de parrainage"],
  },
  {
    name: "Coinbase",
    category: "crypto",
    serviceDescription:
      "Coinbase est une plateforme d'achat et de vente de cryptomonnaies simple d'utilisation, cotée en bourse aux États-Unis.",
    offerDescription:
      "10 $ en BTC offerts après un premier achat de 100 $ sur Coinbase via le lien, crédités sous 72 h.",
    code: "Cliquez sur le lien",
    link: "https://www.coinbase.com/fr/join",
    advantages: [
      "10 $ en BTC après un premier achat de 100 $",
      "Bonus crédité sous 72 h",
      "Interface simple pour débuter",
      "Plateforme reconnue et sécurisée",
    ],
    bonus: { amount: 10, unit: "USD", upTo: false },
    kind: "crypto",
    conditions: ["Un premier achat de 100 $", "Inscription via le lien", "Bonus crédité sous 72 h"],
    copyable: false,
  },
  {
    name: "Crypto.com",
    slug: "crypto-com",
    slugAliases: ["cryptocom"],
    category: "crypto",
    serviceDescription:
      "Crypto.com est une application d'achat, de vente et de paiement en cryptomonnaies, avec carte Visa associée.",
    offerDescription:
      "25 $ en CRO offerts sur Crypto.com en vous inscrivant avec le code de parrainage, selon les conditions en vigueur.",
    code: "CPCRYPTOCOM",
    link: "https://crypto.com/app",
    advantages: [
      "25 $ en CRO offerts",
      "Plus de 250 cryptomonnaies",
      "Carte Visa avec récompenses",
      "Application mobile complète",
    ],
    bonus: { amount: 25, unit: "USD", upTo: false },
    kind: "crypto",
    conditions: ["Inscription avec le code de parrainage"],
  },
  {
    name: "KuCoin",
    category: "crypto",
    serviceDescription:
      "KuCoin est une plateforme d'échange de cryptomonnaies internationale réputée pour son large choix d'actifs.",
    offerDescription:
      "30 % de réduction sur vos frais de trading en vous inscrivant sur KuCoin avec le code de parrainage.",
    code: "CPKUCOIN",
    link: "https://www.kucoin.com/r/rf/CPKUCOIN",
    advantages: [
      "30 % de réduction sur les frais",
      "Très large choix de cryptomonnaies",
      "Bots de trading intégrés",
      "Application mobile disponible",
    ],
    bonus: { amount: 30, unit: "%", upTo: false },
    kind: "reduction",
    conditions: ["Sur les frais de trading", "Inscription avec le code de parrainage"],
  },
  {
    name: "MEXC",
    category: "crypto",
    serviceDescription:
      "MEXC est une plateforme d'échange de cryptomonnaies qui liste rapidement de nouveaux projets, avec des frais réduits.",
    offerDescription:
      "10 % de réduction sur vos frais de trading en vous inscrivant sur MEXC avec le code de parrainage.",
    code: "CPMEXC",
    link: "https://www.mexc.com/fr-FR/register?inviteCode=CPMEXC",
    advantages: [
      "10 % de réduction sur les frais",
      "Nouveaux projets listés rapidement",
      "Frais de trading bas",
      "Trading au comptant et dérivés",
    ],
    bonus: { amount: 10, unit: "%", upTo: false },
    kind: "reduction",
    conditions: ["Sur les frais de trading", "Inscription avec le code de parrainage"],
  },
  {
    name: "OKX",
    aliases: ["OKEx"],
    category: "crypto",
    serviceDescription:
      "OKX est une plateforme d'échange de cryptomonnaies avec trading, portefeuille Web3 et produits d'épargne.",
    offerDescription:
      "30 % de réduction sur vos frais de trading en vous inscrivant sur OKX avec le code de parrainage.",
    code: "CPOKX",
    link: "https://www.okx.com/fr/join/CPOKX",
    advantages: [
      "30 % de réduction sur les frais",
      "Portefeuille Web3 intégré",
      "Large choix de cryptomonnaies",
      "Produits d'épargne crypto",
    ],
    bonus: { amount: 30, unit: "%", upTo: false },
    kind: "reduction",
    conditions: ["Sur les frais de trading", "Inscription avec le code de parrainage"],
  },
  {
    name: "Feel Mining",
    category: "crypto",
    serviceDescription:
      "Feel Mining est un service français de minage de cryptomonnaies dans le cloud et de staking, sans matériel à gérer.",
    offerDescription:
      "Bonus offert sur votre premier contrat Feel Mining en vous inscrivant avec le code de parrainage.",
    code: "CPFEELMINING",
    link: "https://feel-mining.com/",
    advantages: [
      "Bonus sur le premier contrat",
      "Minage sans matériel à gérer",
      "Service français",
      "Suivi des gains depuis votre espace",
    ],
    conditions: ["Sur le premier contrat", "Inscription avec le code de parrainage"],
  },
  {
    name: "SwissBorg",
    category: "crypto",
    serviceDescription:
      "SwissBorg est une application suisse pour acheter, vendre et faire fructifier ses cryptomonnaies au meilleur prix.",
    offerDescription:
      "Une récompense en cryptomonnaie offerte après votre inscription et votre premier dépôt sur SwissBorg via le lien.",
    code: "Cliquez sur le lien",
    link: "https://swissborg.com/fr",
    advantages: [
      "Récompense crypto via le lien",
      "Recherche du meilleur prix sur plusieurs plateformes",
      "Produits de rendement",
      "Application simple et complète",
    ],
    kind: "crypto",
    conditions: ["Inscription via le lien", "Un premier dépôt"],
    copyable: false,
    logo: false,
  },
  {
    name: "Sorare",
    category: "crypto",
    serviceDescription:
      "Sorare est un jeu de fantasy football où l'on collectionne des cartes de joueurs sous forme de NFT pour composer ses équipes.",
    offerDescription:
      "50 € de bonus en crédits offerts sur Sorare en vous inscrivant via le lien de parrainage, selon les conditions en vigueur.",
    code: "Cliquez sur le lien",
    link: "https://sorare.com/fr",
    advantages: [
      "Bonus de 50 € en crédits",
      "Inscription gratuite",
      "Fantasy football et cartes NFT",
      "Cartes de joueurs sous licence officielle",
    ],
    bonus: { amount: 50, unit: "EUR", upTo: false },
    kind: "freebet",
    conditions: ["Inscription via le lien de parrainage"],
    copyable: false,
  },

  // ---------------------------------------------------------------------------
  // Alimentation
  // ---------------------------------------------------------------------------
  {
    name: "Deliveroo",
    category: "food",
    serviceDescription:
      "Deliveroo est un service de livraison de repas à domicile depuis les restaurants et commerces de votre ville.",
    offerDescription:
      "Réduction offerte sur votre première commande Deliveroo avec le code de parrainage, selon les conditions en vigueur.",
    code: "CPDELIVEROO",
    link: "https://deliveroo.fr/fr/",
    advantages: [
      "Réduction sur la première commande",
      "Large choix de restaurants",
      "Livraison rapide",
      "Suivi de la commande en temps réel",
    ],
    kind: "reduction",
    conditions: ["Sur la première commande", "Avec le code de parrainage"],
  },
  {
    name: "Uber Eats",
    category: "food",
    serviceDescription:
      "Uber Eats est une application de livraison de repas et de courses depuis les restaurants et commerces proches.",
    offerDescription:
      "Réduction offerte sur votre première commande Uber Eats avec le code promo, selon les conditions en vigueur.",
    code: "CPUBEREATS",
    link: "https://www.ubereats.com/fr",
    advantages: [
      "Réduction sur la première commande",
      "Restaurants et courses livrés",
      "Suivi de la livraison en direct",
      "Disponible dans de nombreuses villes",
    ],
    kind: "reduction",
    conditions: ["Sur la première commande", "Avec le code promo"],
  },
  {
    name: "Shopmium",
    category: "food",
    alsoIn: ["shopping"],
    serviceDescription:
      "Shopmium est une application qui rembourse tout ou partie de vos achats de produits en supermarché.",
    offerDescription: "Un produit offert après votre inscription sur Shopmium avec le code de parrainage.",
    code: "CPSHOPMIUM",
    link: "https://www.shopmium.com/fr",
    advantages: [
      "Un produit offert à l'inscription",
      "Remboursements sur vos courses",
      "Offres dans toutes les grandes enseignes",
      "Remboursement par virement",
    ],
    kind: "autre",
    conditions: ["Inscription avec le code de parrainage"],
  },

  // ---------------------------------------------------------------------------
  // Shopping
  // ---------------------------------------------------------------------------
  {
    name: "eBuyClub",
    category: "shopping",
    serviceDescription:
      "eBuyClub est un site de cashback et de codes promo qui vous reverse une partie de vos achats en ligne.",
    offerDescription:
      "Bonus de bienvenue offert à l'inscription sur eBuyClub via le lien de parrainage, puis du cashback sur vos achats.",
    code: "Cliquez sur le lien",
    link: "https://www.ebuyclub.com/",
    advantages: [
      "Bonus de bienvenue via le lien",
      "Cashback chez des milliers de marchands",
      "Codes promo exclusifs",
      "Inscription gratuite",
    ],
    conditions: ["Inscription via le lien de parrainage"],
    copyable: false,
  },
  {
    name: "iGraal",
    category: "shopping",
    serviceDescription:
      "iGraal est une plateforme de cashback qui vous reverse une partie du montant de vos achats chez ses marchands partenaires.",
    offerDescription:
      "Bonus de bienvenue offert à l'inscription sur iGraal via le lien de parrainage, puis du cashback sur vos achats.",
    code: "Cliquez sur le lien",
    link: "https://fr.igraal.com/parrainage",
    advantages: [
      "Bonus de bienvenue via le lien",
      "Cashback chez des milliers de marchands",
      "Extension de navigateur pratique",
      "Inscription gratuite",
    ],
    conditions: ["Inscription via le lien de parrainage"],
    copyable: false,
  },
  {
    name: "Joko",
    category: "shopping",
    serviceDescription:
      "Joko est une application de cashback qui vous fait gagner de l'argent sur vos achats en ligne et en magasin.",
    offerDescription:
      "Bonus offert après votre inscription sur Joko avec le code de parrainage, puis du cashback sur vos achats.",
    code: "CPJOKO",
    link: "https://www.joko.com/",
    advantages: [
      "Bonus à l'inscription avec le code",
      "Cashback en ligne et en magasin",
      "Extension de navigateur",
      "Application gratuite",
    ],
    conditions: ["Inscription avec le code de parrainage"],
  },
  {
    name: "Poulpeo",
    category: "shopping",
    serviceDescription:
      "Poulpeo est un site français de cashback et de codes promo pour économiser sur vos achats en ligne.",
    offerDescription:
      "Bonus de bienvenue offert à l'inscription sur Poulpeo avec le code de parrainage, puis du cashback sur vos achats.",
    code: "CPPOULPEO",
    link: "https://www.poulpeo.com/",
    advantages: [
      "Bonus de bienvenue avec le code",
      "Cashback chez de nombreux marchands",
      "Codes promo vérifiés",
      "Inscription gratuite",
    ],
    conditions: ["Inscription avec le code de parrainage"],
  },
  {
    name: "Wanteeed",
    category: "shopping",
    serviceDescription:
      "Wanteeed est une extension de navigateur qui applique automatiquement codes promo et cashback lors de vos achats en ligne.",
    offerDescription:
      "Bonus offert à l'inscription sur Wanteeed avec le code de parrainage, puis du cashback sur vos achats.",
    code: "CPWANTEEED",
    link: "https://wanteeed.com/fr",
    advantages: [
      "Bonus à l'inscription",
      "Codes promo appliqués automatiquement",
      "Cashback sur vos achats",
      "Extension gratuite",
    ],
    conditions: ["Inscription avec le code de parrainage"],
  },
  {
    name: "Widilo",
    category: "shopping",
    serviceDescription:
      "Widilo est un site de cashback qui vous reverse une partie de vos achats chez ses marchands partenaires.",
    // The specification sets this offer: 5 € on sign-up, through the link rather than a code.
    offerDescription: "5 € offerts à l'inscription sur Widilo, puis jusqu'à 15 % de cashback sur vos achats.",
    code: "Cliquez sur le lien",
    link: "https://www.widilo.fr/parrainage",
    advantages: [
      "5 € offerts à l'inscription",
      "Jusqu'à 15 % de cashback",
      "Paiement dès 20 € de cashback",
      "Inscription gratuite",
    ],
    bonus: { amount: 5, unit: "EUR", upTo: false },
    conditions: ["Inscription sur Widilo", "Cashback payé dès 20 € cumulés"],
    copyable: false,
    featured: true,
  },
  {
    name: "Naomi",
    category: "shopping",
    serviceDescription:
      "Naomi est une application de cashback qui vous reverse une partie de vos achats chez ses marques partenaires.",
    offerDescription:
      "Bonus offert à l'inscription sur Naomi avec le code de parrainage ; le cashback est versé dès 20 € cumulés.",
    code: "CPNAOMI",
    link: "https://www.naomi.fr/",
    advantages: [
      "Bonus à l'inscription avec le code",
      "Paiement dès 20 € de cashback",
      "Cashback chez des marques partenaires",
      "Application gratuite",
    ],
    conditions: ["Inscription avec le code de parrainage", "Cashback versé dès 20 € cumulés"],
  },

  // ---------------------------------------------------------------------------
  // Mobilité
  // ---------------------------------------------------------------------------
  {
    name: "Lime",
    aliases: ["LimeBike"],
    category: "mobility",
    serviceDescription:
      "Lime est un service de trottinettes et de vélos électriques en libre-service disponible dans de nombreuses villes.",
    offerDescription:
      "Trajets offerts après votre inscription sur Lime avec le code de parrainage, selon les conditions en vigueur.",
    code: "CPLIME",
    link: "https://www.li.me/fr-fr",
    advantages: [
      "Trajets offerts avec le code",
      "Trottinettes et vélos électriques",
      "Disponible dans de nombreuses villes",
      "Déverrouillage depuis l'application",
    ],
    kind: "autre",
    conditions: ["Inscription avec le code de parrainage"],
  },
  {
    name: "Bolt",
    aliases: ["Taxify"],
    category: "mobility",
    serviceDescription: "Bolt est une application de VTC, de trottinettes électriques et de livraison de repas.",
    offerDescription:
      "Réduction offerte sur vos premières courses Bolt avec le code promo, selon les conditions en vigueur.",
    code: "CPBOLT",
    link: "https://bolt.eu/fr-fr/",
    advantages: [
      "Réduction sur les premières courses",
      "VTC à prix compétitifs",
      "Trottinettes électriques",
      "Paiement dans l'application",
    ],
    kind: "reduction",
    conditions: ["Sur les premières courses", "Avec le code promo"],
    logo: false,
  },
  {
    name: "BlaBlaCar",
    category: "mobility",
    serviceDescription:
      "BlaBlaCar est la plateforme de covoiturage et de bus pour voyager partout en France et en Europe à petit prix.",
    offerDescription:
      "Avantage offert sur votre premier trajet BlaBlaCar avec le code de parrainage, selon les conditions en vigueur.",
    code: "CPBLABLACAR",
    link: "https://www.blablacar.fr/",
    advantages: [
      "Avantage sur le premier trajet",
      "Covoiturage et bus",
      "Trajets partout en France et en Europe",
      "Réservation en quelques clics",
    ],
    conditions: ["Sur le premier trajet", "Avec le code de parrainage"],
    logo: false,
  },

  // ---------------------------------------------------------------------------
  // Paris
  // ---------------------------------------------------------------------------
  {
    name: "Unibet",
    category: "betting",
    serviceDescription:
      "Unibet est un opérateur de paris sportifs, hippiques et de poker en ligne agréé par l'Autorité nationale des jeux.",
    offerDescription:
      "Offre de bienvenue disponible à l'inscription sur Unibet avec le code de parrainage, selon les conditions de l'opérateur.",
    code: "CPUNIBET",
    link: "https://www.unibet.fr/",
    advantages: [
      "Offre de bienvenue à l'inscription",
      "Opérateur agréé par l'ANJ",
      "Paris sportifs, hippiques et poker",
      "Outils de maîtrise du jeu",
    ],
    conditions: ["Inscription avec le code de parrainage", "Selon les conditions de l'opérateur"],
  },
  {
    name: "PMU",
    category: "betting",
    serviceDescription:
      "PMU est l'opérateur historique français des paris hippiques, qui propose aussi paris sportifs et poker en ligne.",
    offerDescription:
      "Offre de bienvenue disponible à l'inscription sur PMU avec le code de parrainage, selon les conditions de l'opérateur.",
    code: "CPPMU",
    link: "https://www.pmu.fr/",
    advantages: [
      "Offre de bienvenue à l'inscription",
      "Opérateur agréé par l'ANJ",
      "Paris hippiques, sportifs et poker",
      "Outils de maîtrise du jeu",
    ],
    conditions: ["Inscription avec le code de parrainage", "Selon les conditions de l'opérateur"],
  },
  {
    name: "Winamax",
    category: "betting",
    serviceDescription:
      "Winamax est un opérateur français de poker et de paris sportifs en ligne agréé par l'Autorité nationale des jeux.",
    offerDescription:
      "Offre de bienvenue disponible à l'inscription sur Winamax avec le code de parrainage, selon les conditions de l'opérateur.",
    code: "CPWINAMAX",
    link: "https://www.winamax.fr/",
    advantages: [
      "Offre de bienvenue à l'inscription",
      "Opérateur agréé par l'ANJ",
      "Poker et paris sportifs",
      "Outils de maîtrise du jeu",
    ],
    conditions: ["Inscription avec le code de parrainage", "Selon les conditions de l'opérateur"],
    logo: false,
  },

  // ---------------------------------------------------------------------------
  // Autres
  // ---------------------------------------------------------------------------
  {
    name: "Hostinger",
    category: "other",
    serviceDescription:
      "Hostinger est un hébergeur web qui propose hébergement de sites, noms de domaine et création de sites à prix réduits.",
    offerDescription: "Réduction supplémentaire sur votre offre d'hébergement Hostinger avec le code de parrainage.",
    code: "CPHOSTINGER",
    link: "https://www.hostinger.fr/",
    advantages: [
      "Réduction supplémentaire avec le code",
      "Hébergement web performant",
      "Nom de domaine inclus selon l'offre",
      "Support client disponible 24 h/24",
    ],
    kind: "reduction",
    conditions: ["Sur l'offre d'hébergement", "Avec le code de parrainage"],
  },
  {
    name: "Lovable",
    category: "other",
    serviceDescription:
      "Lovable est un outil d'intelligence artificielle qui génère des applications web à partir d'une simple description.",
    offerDescription: "Crédits supplémentaires offerts à l'inscription sur Lovable via le lien de parrainage.",
    code: "CPLOVABLE",
    link: "https://lovable.dev/",
    advantages: [
      "Crédits offerts à l'inscription",
      "Création d'applications par IA",
      "Aucune compétence technique requise",
      "Publication en un clic",
    ],
    kind: "autre",
    conditions: ["Inscription via le lien de parrainage"],
  },
  {
    name: "TotalEnergies",
    aliases: ["Total Direct Énergie", "Total Énergie"],
    category: "other",
    serviceDescription: "TotalEnergies est un fournisseur d'électricité et de gaz pour les particuliers en France.",
    offerDescription:
      "Réduction offerte sur votre facture d'énergie TotalEnergies en souscrivant avec le code de parrainage.",
    code: "CPTOTALENERGIES",
    link: "https://www.totalenergies.fr/particuliers/parrainage",
    advantages: [
      "Réduction sur la facture",
      "Électricité et gaz",
      "Souscription en ligne",
      "Espace client et application",
    ],
    kind: "reduction",
    conditions: ["Sur la facture d'énergie", "Souscription avec le code de parrainage"],
  },
  {
    name: "Vexub",
    category: "other",
    serviceDescription:
      "Vexub est un service en ligne de rapports d'historique de véhicules d'occasion pour acheter en toute confiance.",
    offerDescription: "1 crédit offert et 20 % de réduction sur Vexub en passant par le lien de parrainage.",
    code: "Cliquez sur le lien",
    link: "https://www.vexub.com/",
    advantages: [
      "1 crédit offert",
      "20 % de réduction",
      "Historique complet du véhicule",
      "Rapport disponible en quelques minutes",
    ],
    bonus: { amount: 20, unit: "%", upTo: false },
    kind: "reduction",
    conditions: ["En passant par le lien de parrainage"],
    copyable: false,
  },
  {
    name: "WeWard",
    category: "other",
    serviceDescription:
      "WeWard est une application qui récompense vos pas quotidiens en points convertibles en argent ou en cartes cadeaux.",
    offerDescription: "Bonus de points offert à l'inscription sur WeWard avec le code de parrainage.",
    code: "CPWEWARD",
    link: "https://www.weward.fr/",
    advantages: [
      "Bonus de points à l'inscription",
      "Gagnez de l'argent en marchant",
      "Conversion en argent ou cartes cadeaux",
      "Application gratuite",
    ],
    kind: "autre",
    conditions: ["Inscription avec le code de parrainage"],
  },
  {
    name: "ekWateur",
    category: "other",
    serviceDescription: "ekWateur est un fournisseur français d'électricité verte, de gaz et de bois.",
    offerDescription: "Réduction offerte sur votre facture ekWateur en souscrivant avec le code de parrainage.",
    code: "CPEKWATEUR",
    link: "https://ekwateur.fr/",
    advantages: [
      "Réduction sur la facture",
      "Électricité verte",
      "Fournisseur français indépendant",
      "Souscription en ligne",
    ],
    kind: "reduction",
    conditions: ["Sur la facture", "Souscription avec le code de parrainage"],
    logo: false,
  },
];

/** The offer of a brand that the backend lists and this file does not: the visitor is invited to ask. */
export const GENERIC_OFFER: GenericOffer = {
  description: "Offre de parrainage disponible",
  code: "Me contacter",
  link: "",
};
