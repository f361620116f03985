export interface BrandSections {
  whyChoose?: { title: string; text: string }[];
  howToUse?: string[];
  services?: { title: string; text: string }[];
  popular?: { title: string; items: string[] };
  faq?: { question: string; answer: string }[];
  comparison?: { caption: string; columns: string[]; rows: string[][] };
  cryptoList?: { symbol: string; name: string; text: string }[];
  infoCard?: { title: string; rows: { label: string; value: string }[] };
}

const CRYPTO_RISK_ANSWER =
  "Les cryptoactifs sont volatils : leur valeur peut fortement varier, à la baisse comme à la hausse, et vous pouvez perdre tout ou partie de la somme investie. N'investissez que ce que vous êtes prêt à perdre.";

export const BRAND_SECTIONS: Record<string, BrandSections> = {
  binance: {
    whyChoose: [
      {
        title: "Un très large choix de cryptomonnaies",
        text: "Binance donne accès à plusieurs centaines de cryptoactifs, des plus connus comme le Bitcoin et l'Ether jusqu'à des projets plus récents.",
      },
      {
        title: "Des frais de trading réduits",
        text: "Les frais de Binance comptent parmi les plus bas du marché, et le code de parrainage vous donne 20 % de réduction sur vos frais de trading.",
      },
      {
        title: "Une plateforme complète",
        text: "Achat simplifié, trading au comptant, produits d'épargne ou paiements : Binance regroupe de nombreux services dans une seule application.",
      },
      {
        title: "Une liquidité importante",
        text: "Binance fait partie des plus grandes plateformes d'échange au monde en volume, ce qui facilite l'exécution des ordres.",
      },
    ],
    howToUse: [
      "Cliquez sur le lien de parrainage ou copiez le code affiché sur cette page.",
      "Créez votre compte Binance avec votre adresse e-mail ou votre numéro de téléphone, en saisissant le code s'il n'est pas déjà rempli.",
      "Vérifiez votre identité en suivant les étapes demandées par la plateforme.",
      "Alimentez votre compte par virement ou par carte bancaire.",
      "Passez vos ordres : la réduction de 20 % sur les frais de trading s'applique selon les conditions de l'offre.",
    ],
    services: [
      {
        title: "Trading au comptant",
        text: "Achetez et vendez des cryptomonnaies sur de nombreuses paires de trading, avec des outils adaptés aux débutants comme aux utilisateurs avancés.",
      },
      {
        title: "Achat simplifié",
        text: "Achetez des cryptomonnaies en quelques clics par carte bancaire ou par virement, sans passer par l'interface de trading.",
      },
      {
        title: "Binance Earn",
        text: "Des produits d'épargne et de staking permettent de percevoir une rémunération variable sur certains cryptoactifs, avec des risques propres à chaque produit.",
      },
      {
        title: "Binance Pay",
        text: "Envoyez et recevez des cryptomonnaies entre utilisateurs de Binance en quelques instants, directement depuis l'application.",
      },
    ],
    faq: [
      {
        question: "Comment profiter de la réduction sur les frais ?",
        answer:
          "Inscrivez-vous avec le lien ou le code de parrainage de cette page : la réduction de 20 % sur les frais de trading est associée à votre compte dès sa création, selon les conditions en vigueur.",
      },
      {
        question: "Binance est-elle autorisée en France ?",
        answer:
          "Binance est enregistrée auprès de l'Autorité des marchés financiers (AMF) en tant que prestataire de services sur actifs numériques. Vous pouvez vérifier à tout moment le statut d'une plateforme sur le site de l'AMF.",
      },
      {
        question: "Puis-je utiliser le code si j'ai déjà un compte ?",
        answer:
          "Non, le code de parrainage doit être saisi lors de la création du compte. Il ne peut pas être ajouté après l'inscription.",
      },
      {
        question: "Quels sont les risques ?",
        answer: CRYPTO_RISK_ANSWER,
      },
    ],
    comparison: {
      caption: "Binance face à d'autres plateformes crypto",
      columns: ["Critère", "Binance", "Coinbase", "Kraken"],
      rows: [
        ["Choix de cryptomonnaies", "Très large", "Large", "Large"],
        ["Frais de trading", "Parmi les plus bas du marché", "Plus élevés en achat simplifié", "Modérés"],
        [
          "Public visé",
          "Débutants et utilisateurs avancés",
          "Débutants en priorité",
          "Utilisateurs intermédiaires et avancés",
        ],
        ["Épargne et staking", "Oui", "Oui", "Oui"],
        ["Application mobile", "Oui", "Oui", "Oui"],
        [
          "Avantage de parrainage",
          "20 % de réduction sur les frais de trading",
          "10 $ en BTC après un premier achat de 100 $",
          "Selon l'offre en cours",
        ],
      ],
    },
    cryptoList: [
      {
        symbol: "BTC",
        name: "Bitcoin",
        text: "La première cryptomonnaie, lancée en 2009, dont l'offre est limitée à 21 millions d'unités.",
      },
      {
        symbol: "ETH",
        name: "Ethereum",
        text: "La blockchain des contrats intelligents, sur laquelle reposent de nombreuses applications décentralisées.",
      },
      {
        symbol: "BNB",
        name: "BNB",
        text: "Le jeton de l'écosystème Binance, qui peut notamment servir à régler une partie des frais de trading sur la plateforme.",
      },
      {
        symbol: "SOL",
        name: "Solana",
        text: "Une blockchain conçue pour traiter des transactions rapides et peu coûteuses.",
      },
      {
        symbol: "XRP",
        name: "XRP",
        text: "Un cryptoactif pensé pour faciliter les paiements et les transferts internationaux.",
      },
      {
        symbol: "USDT",
        name: "Tether",
        text: "Un stablecoin dont la valeur vise à suivre celle du dollar américain.",
      },
    ],
  },

  coinbase: {
    whyChoose: [
      {
        title: "Idéale pour débuter",
        text: "L'interface de Coinbase est claire et guidée : acheter ses premières cryptomonnaies ne prend que quelques minutes.",
      },
      {
        title: "Une entreprise cotée en bourse",
        text: "Coinbase est cotée au Nasdaq depuis 2021, ce qui l'oblige à publier régulièrement ses comptes.",
      },
      {
        title: "La sécurité au cœur du service",
        text: "Double authentification, alertes de connexion et stockage hors ligne d'une grande partie des fonds font partie des mesures de protection proposées.",
      },
      {
        title: "Un bonus de bienvenue en Bitcoin",
        text: "Avec le lien de parrainage, recevez 10 $ en BTC dans les 72 h suivant un premier achat de 100 $.",
      },
    ],
    howToUse: [
      "Cliquez sur le lien de parrainage présent sur cette page.",
      "Créez votre compte Coinbase et confirmez votre adresse e-mail.",
      "Vérifiez votre identité avec une pièce d'identité en cours de validité.",
      "Ajoutez un moyen de paiement et effectuez un premier achat de 100 $ (ou l'équivalent en euros).",
      "Recevez 10 $ en BTC sur votre compte dans les 72 h suivant cet achat.",
    ],
    services: [
      {
        title: "Achat et vente de cryptomonnaies",
        text: "Achetez, vendez et convertissez de nombreuses cryptomonnaies par carte bancaire ou par virement.",
      },
      {
        title: "Coinbase Advanced",
        text: "Une interface de trading plus complète, avec graphiques et carnet d'ordres, pour les utilisateurs plus expérimentés.",
      },
      {
        title: "Staking",
        text: "Sur certains cryptoactifs, percevez des récompenses variables en participant au fonctionnement du réseau, avec les risques propres à ce type de produit.",
      },
      {
        title: "Coinbase Wallet",
        text: "Un portefeuille en auto-conservation pour garder vous-même le contrôle de vos clés et accéder aux applications décentralisées.",
      },
    ],
    faq: [
      {
        question: "Comment recevoir les 10 $ en BTC ?",
        answer:
          "Inscrivez-vous avec le lien de parrainage, vérifiez votre identité puis effectuez un premier achat d'au moins 100 $. Le bonus est crédité en BTC dans les 72 h suivant cet achat.",
      },
      {
        question: "Faut-il saisir un code ?",
        answer:
          "Non, l'offre Coinbase fonctionne uniquement par lien de parrainage : il suffit de l'ouvrir avant de créer votre compte.",
      },
      {
        question: "Coinbase est-elle fiable ?",
        answer:
          "Coinbase est une entreprise cotée au Nasdaq et enregistrée en France auprès de l'AMF en tant que prestataire de services sur actifs numériques. Comme pour toute plateforme, activez la double authentification pour protéger votre compte.",
      },
      {
        question: "Quels sont les risques ?",
        answer: CRYPTO_RISK_ANSWER,
      },
    ],
    comparison: {
      caption: "Coinbase face à d'autres plateformes crypto",
      columns: ["Critère", "Coinbase", "Binance", "Crypto.com"],
      rows: [
        ["Prise en main", "Très simple", "Plus technique", "Simple"],
        ["Choix de cryptomonnaies", "Large", "Très large", "Large"],
        [
          "Frais",
          "Plus élevés en achat simplifié, réduits sur Coinbase Advanced",
          "Parmi les plus bas du marché",
          "Variables selon le mode d'achat",
        ],
        ["Staking", "Oui", "Oui", "Oui"],
        ["Carte de paiement", "Selon les pays", "Selon les pays", "Oui"],
        [
          "Avantage de parrainage",
          "10 $ en BTC après un premier achat de 100 $",
          "20 % de réduction sur les frais de trading",
          "25 $ en CRO selon conditions",
        ],
      ],
    },
    cryptoList: [
      {
        symbol: "BTC",
        name: "Bitcoin",
        text: "La cryptomonnaie historique, souvent choisie pour un premier achat.",
      },
      {
        symbol: "ETH",
        name: "Ethereum",
        text: "Le réseau de référence pour les contrats intelligents et la finance décentralisée.",
      },
      {
        symbol: "SOL",
        name: "Solana",
        text: "Une blockchain rapide aux frais de transaction faibles.",
      },
      {
        symbol: "USDC",
        name: "USD Coin",
        text: "Un stablecoin dont la valeur est adossée au dollar américain.",
      },
      {
        symbol: "ADA",
        name: "Cardano",
        text: "Une blockchain développée selon une approche fondée sur la recherche académique.",
      },
      {
        symbol: "DOGE",
        name: "Dogecoin",
        text: "Une cryptomonnaie née d'un mème, particulièrement volatile.",
      },
    ],
  },

  fortuneo: {
    whyChoose: [
      {
        title: "Une banque en ligne reconnue",
        text: "Fortuneo est la banque en ligne du groupe Crédit Mutuel Arkéa et propose une gamme complète de services bancaires du quotidien.",
      },
      {
        title: "Une carte bancaire gratuite",
        text: "Les cartes Fortuneo sont gratuites sous conditions d'utilisation et, pour certaines, de revenus.",
      },
      {
        title: "Une offre bourse complète",
        text: "Fortuneo est réputée pour son offre de courtage en ligne : PEA, compte-titres et accès à de nombreux marchés.",
      },
      {
        title: "Tout gérer depuis l'application",
        text: "Virements, plafonds de carte, épargne : l'essentiel se gère en quelques clics depuis l'application mobile.",
      },
    ],
    howToUse: [
      "Cliquez sur le lien de parrainage ou copiez le code affiché sur cette page.",
      "Choisissez votre carte bancaire et remplissez le formulaire d'ouverture de compte en ligne.",
      "Saisissez le code de parrainage à l'étape prévue si le lien ne l'a pas déjà renseigné.",
      "Envoyez vos justificatifs et effectuez le premier versement demandé.",
      "Respectez les conditions de l'offre pour recevoir votre prime de bienvenue.",
    ],
    services: [
      {
        title: "Compte courant et cartes",
        text: "Un compte bancaire en ligne avec plusieurs cartes au choix, gratuites sous conditions.",
      },
      {
        title: "Bourse",
        text: "PEA, compte-titres et PEA-PME pour investir en actions et en ETF, avec des frais de courtage compétitifs.",
      },
      {
        title: "Assurance-vie",
        text: "Des contrats d'assurance-vie en ligne avec fonds en euros et unités de compte, ces dernières présentant un risque de perte en capital.",
      },
      {
        title: "Épargne",
        text: "Des livrets d'épargne pour mettre de l'argent de côté tout en le gardant disponible.",
      },
    ],
    faq: [
      {
        question: "Comment bénéficier de l'offre de parrainage Fortuneo ?",
        answer:
          "Ouvrez votre compte avec le lien ou le code de parrainage de cette page, puis remplissez les conditions de l'offre en cours (premier versement, utilisation de la carte…) pour recevoir votre prime.",
      },
      {
        question: "Y a-t-il des conditions de revenus ?",
        answer:
          "Cela dépend de la carte choisie : certaines sont accessibles sans condition de revenus, d'autres en demandent. Les conditions à jour figurent sur le site de Fortuneo.",
      },
      {
        question: "Fortuneo est-elle une vraie banque ?",
        answer:
          "Oui. Fortuneo appartient au groupe Crédit Mutuel Arkéa, et vos dépôts bénéficient de la garantie des dépôts prévue par la réglementation française.",
      },
    ],
    comparison: {
      caption: "Fortuneo face à d'autres banques en ligne",
      columns: ["Critère", "Fortuneo", "BoursoBank", "Hello Bank"],
      rows: [
        ["Groupe bancaire", "Crédit Mutuel Arkéa", "Société Générale", "BNP Paribas"],
        ["Carte bancaire", "Gratuite sous conditions", "Gratuite sous conditions", "Gratuite sous conditions"],
        ["Offre bourse", "Très complète", "Très complète", "Disponible"],
        ["Assurance-vie", "Oui", "Oui", "Oui"],
        ["Application mobile", "Oui", "Oui", "Oui"],
        ["Prime de parrainage", "Selon l'offre en cours", "Jusqu'à 200 €", "Selon l'offre en cours"],
      ],
    },
  },

  sorare: {
    infoCard: {
      title: "Informations",
      rows: [
        {
          label: "Inscription",
          value: "Gratuite",
        },
        {
          label: "Type de service",
          value: "Fantasy football et NFT",
        },
        {
          label: "Bonus",
          value: "50 € de crédits",
        },
        {
          label: "Site officiel",
          value: "https://sorare.com",
        },
      ],
    },
    whyChoose: [
      {
        title: "Le fantasy football nouvelle génération",
        text: "Composez vos équipes avec des cartes de joueurs réels et marquez des points selon leurs performances sur le terrain.",
      },
      {
        title: "Des cartes à collectionner",
        text: "Les cartes de joueurs sont des objets numériques (NFT) que vous pouvez collectionner et échanger avec d'autres joueurs.",
      },
      {
        title: "Un bonus pour commencer",
        text: "Avec le lien de parrainage, bénéficiez de 50 € de crédits selon les conditions de l'offre.",
      },
    ],
    faq: [
      {
        question: "Comment obtenir les 50 € de crédits ?",
        answer:
          "Inscrivez-vous avec le lien de parrainage de cette page, puis remplissez les conditions indiquées par Sorare pour débloquer vos crédits.",
      },
      {
        question: "Faut-il payer pour jouer ?",
        answer:
          "L'inscription est gratuite et il est possible de commencer sans rien acheter. Les cartes limitées sont payantes et leur valeur peut baisser : ne dépensez que ce que vous pouvez vous permettre.",
      },
    ],
  },

  boursobank: {
    whyChoose: [
      {
        title: "Jusqu'à 200 € offerts",
        text: "En ouvrant votre premier compte avec le code de parrainage, vous pouvez recevoir jusqu'à 200 € selon l'offre en cours et la carte choisie.",
      },
      {
        title: "Une banque en ligne sans frais cachés",
        text: "BoursoBank propose des cartes gratuites sous conditions d'utilisation et des tarifs bancaires parmi les plus bas du marché.",
      },
      {
        title: "Une gamme complète",
        text: "Compte courant, épargne, bourse, assurance-vie et crédits : tous les services d'une banque, accessibles en ligne.",
      },
    ],
    howToUse: [
      "Copiez le code de parrainage ou cliquez sur le lien de cette page.",
      "Choisissez votre offre de compte et votre carte sur le site de BoursoBank.",
      "Saisissez le code de parrainage dans le formulaire d'ouverture.",
      "Envoyez vos justificatifs et effectuez le versement initial demandé pour recevoir votre prime selon les conditions de l'offre.",
    ],
    popular: {
      title: "Services populaires",
      items: ["Compte courant", "Livrets d'épargne", "Assurance-vie", "PEA et compte-titres", "Crédit immobilier"],
    },
    faq: [
      {
        question: "Comment obtenir jusqu'à 200 € chez BoursoBank ?",
        answer:
          "Ouvrez votre premier compte avec le code de parrainage, puis respectez les conditions de l'offre (versement initial, utilisation de la carte…). Le montant de la prime dépend de l'offre en vigueur.",
      },
      {
        question: "BoursoBank et Boursorama Banque, c'est la même banque ?",
        answer:
          "Oui. Boursorama Banque s'appelle désormais BoursoBank ; il s'agit de la banque en ligne du groupe Société Générale.",
      },
      {
        question: "Le code fonctionne-t-il si je suis déjà client ?",
        answer:
          "Non, l'offre de parrainage est réservée aux personnes qui ouvrent leur premier compte chez BoursoBank.",
      },
    ],
  },

  revolut: {
    whyChoose: [
      {
        title: "Un compte pensé pour le mobile",
        text: "Ouvrez un compte en quelques minutes depuis l'application et gérez vos dépenses en temps réel.",
      },
      {
        title: "Idéal pour voyager",
        text: "Payez et retirez dans de nombreuses devises, avec des conditions de change avantageuses selon votre formule.",
      },
      {
        title: "De nombreux outils intégrés",
        text: "Cartes virtuelles, coffres d'épargne, partage de dépenses : Revolut réunit beaucoup de fonctionnalités dans une seule application.",
      },
    ],
    howToUse: [
      "Cliquez sur le lien de parrainage de cette page.",
      "Téléchargez l'application Revolut et créez votre compte.",
      "Vérifiez votre identité, puis commandez votre carte.",
      "Consultez dans l'application les conditions de l'offre de bienvenue en cours, qui évoluent selon les périodes.",
    ],
    popular: {
      title: "Services populaires",
      items: ["Compte multidevise", "Cartes virtuelles", "Coffres d'épargne", "Paiements entre amis", "Investissement"],
    },
    faq: [
      {
        question: "Quel est le bonus de parrainage Revolut ?",
        answer:
          "Le montant et les conditions du bonus de bienvenue changent régulièrement. L'offre de 50 € a pris fin le 17 juin 2025 : l'offre en vigueur est indiquée lors de votre inscription via le lien.",
      },
      {
        question: "Faut-il un code de parrainage ?",
        answer:
          "Non, le parrainage Revolut passe par un lien. Ouvrez-le avant de télécharger l'application pour que votre inscription soit bien rattachée à l'offre.",
      },
    ],
  },

  n26: {
    whyChoose: [
      {
        title: "15 € offerts",
        text: "Avec le code de parrainage, recevez 15 € après l'ouverture de votre compte, selon les conditions de l'offre.",
      },
      {
        title: "Une banque 100 % mobile",
        text: "Ouvrez un compte depuis votre smartphone et suivez chaque paiement grâce aux notifications instantanées.",
      },
      {
        title: "Des Espaces pour épargner",
        text: "Organisez votre argent dans des sous-comptes pour mettre de côté en vue de vos projets.",
      },
    ],
    howToUse: [
      "Copiez le code de parrainage ou cliquez sur le lien de cette page.",
      "Téléchargez l'application N26 et créez votre compte.",
      "Vérifiez votre identité directement depuis l'application.",
      "Remplissez les conditions de l'offre pour recevoir vos 15 €.",
    ],
    popular: {
      title: "Services populaires",
      items: [
        "Compte courant mobile",
        "Carte virtuelle",
        "Espaces d'épargne",
        "Apple Pay et Google Pay",
        "Statistiques de dépenses",
      ],
    },
    faq: [
      {
        question: "Comment recevoir les 15 € N26 ?",
        answer:
          "Inscrivez-vous avec le code ou le lien de parrainage, puis effectuez les opérations demandées par N26. Le bonus est versé une fois les conditions remplies.",
      },
      {
        question: "N26 est-elle une vraie banque ?",
        answer:
          "Oui, N26 dispose d'une licence bancaire européenne et vos dépôts bénéficient de la garantie des dépôts applicable.",
      },
    ],
  },

  igraal: {
    whyChoose: [
      {
        title: "Du cashback sur vos achats",
        text: "Récupérez une partie du montant de vos achats en ligne chez de nombreux marchands partenaires.",
      },
      {
        title: "Un acteur historique",
        text: "iGraal fait partie des sites de cashback les plus connus en France.",
      },
      {
        title: "Une extension pratique",
        text: "L'extension de navigateur vous signale automatiquement le cashback disponible sur les sites que vous visitez.",
      },
    ],
    howToUse: [
      "Cliquez sur le lien de parrainage de cette page et créez votre compte iGraal.",
      "Avant chaque achat, passez par iGraal ou par son extension pour activer le cashback.",
      "Finalisez votre commande normalement sur le site du marchand.",
      "Une fois le cashback validé, demandez son versement sur votre compte bancaire.",
    ],
    popular: {
      title: "Boutiques populaires",
      items: ["Booking.com", "Fnac", "Cdiscount", "Sephora", "AliExpress", "Nike"],
    },
    faq: [
      {
        question: "Comment fonctionne le cashback iGraal ?",
        answer:
          "Le marchand verse une commission à iGraal pour chaque achat effectué via la plateforme, et iGraal vous en reverse une partie sous forme de cashback.",
      },
      {
        question: "Quand le cashback est-il disponible ?",
        answer:
          "Le cashback apparaît d'abord en attente, puis il est validé une fois le délai de rétractation ou de séjour passé. Il peut alors être retiré.",
      },
    ],
  },

  widilo: {
    whyChoose: [
      {
        title: "Jusqu'à 15 % de cashback",
        text: "Widilo reverse jusqu'à 15 % de cashback sur vos achats chez ses marchands partenaires.",
      },
      {
        title: "5 € offerts à l'inscription",
        text: "En vous inscrivant via le lien de parrainage, vous recevez 5 € sur votre compte Widilo.",
      },
      {
        title: "Un seuil de retrait accessible",
        text: "Votre cashback peut être retiré dès 20 € cumulés.",
      },
    ],
    howToUse: [
      "Cliquez sur le lien de parrainage de cette page.",
      "Créez votre compte Widilo pour recevoir vos 5 € de bienvenue.",
      "Passez par Widilo avant chacun de vos achats en ligne pour activer le cashback.",
      "Demandez le versement de vos gains dès que votre solde atteint 20 €.",
    ],
    popular: {
      title: "Boutiques populaires",
      items: ["Booking.com", "Fnac", "Cdiscount", "Sephora", "Zalando", "Decathlon"],
    },
    faq: [
      {
        question: "À partir de quel montant puis-je retirer mon cashback ?",
        answer:
          "Le seuil de retrait de Widilo est de 20 €. Une fois ce montant atteint en cashback validé, vous pouvez demander son versement.",
      },
      {
        question: "Combien puis-je gagner en cashback ?",
        answer:
          "Le taux dépend de chaque marchand et peut aller jusqu'à 15 %. Il est indiqué sur la fiche du marchand avant votre achat.",
      },
    ],
  },

  joko: {
    whyChoose: [
      {
        title: "Du cashback automatique",
        text: "Joko vous fait gagner du cashback chez de nombreuses enseignes, en ligne et parfois en magasin.",
      },
      {
        title: "Une application et une extension",
        text: "Activez les offres depuis l'application ou laissez l'extension de navigateur vous les signaler pendant vos achats.",
      },
      {
        title: "Un suivi clair",
        text: "Retrouvez dans l'application le détail de votre cashback en attente et validé.",
      },
    ],
    howToUse: [
      "Cliquez sur le lien de parrainage de cette page et téléchargez Joko.",
      "Créez votre compte et, si vous le souhaitez, installez l'extension de navigateur.",
      "Activez les offres de cashback avant vos achats chez les enseignes partenaires.",
      "Transférez votre cashback validé vers votre compte bancaire selon les conditions de Joko.",
    ],
    popular: {
      title: "Boutiques populaires",
      items: ["Fnac", "Sephora", "Decathlon", "Uber Eats", "Zalando", "Booking.com"],
    },
    faq: [
      {
        question: "Joko est-il gratuit ?",
        answer:
          "Oui, l'inscription et l'utilisation de Joko sont gratuites. Le cashback est financé par les commissions versées par les enseignes partenaires.",
      },
      {
        question: "Comment profiter du parrainage Joko ?",
        answer:
          "Inscrivez-vous via le lien de cette page : l'avantage de bienvenue est attribué selon les conditions de l'offre en cours.",
      },
    ],
  },

  poulpeo: {
    whyChoose: [
      {
        title: "Cashback et codes promo réunis",
        text: "Poulpeo combine cashback et codes de réduction pour faire baisser le prix de vos achats en ligne.",
      },
      {
        title: "De nombreux marchands",
        text: "Retrouvez des offres chez des enseignes de mode, de voyage, de high-tech ou de beauté.",
      },
      {
        title: "Simple à utiliser",
        text: "Passez par Poulpeo avant votre achat et le cashback est enregistré automatiquement.",
      },
    ],
    howToUse: [
      "Cliquez sur le lien de parrainage et créez votre compte Poulpeo.",
      "Recherchez le marchand chez qui vous souhaitez acheter.",
      "Activez le cashback ou copiez le code promo proposé, puis finalisez votre commande.",
      "Retirez votre cashback une fois validé.",
    ],
    popular: {
      title: "Boutiques populaires",
      items: ["Fnac", "Cdiscount", "Booking.com", "La Redoute", "Sephora", "Darty"],
    },
    faq: [
      {
        question: "Peut-on cumuler cashback et code promo ?",
        answer:
          "Souvent oui, à condition d'utiliser un code promo proposé par Poulpeo. Un code trouvé ailleurs peut annuler le cashback.",
      },
      {
        question: "Pourquoi mon cashback est-il en attente ?",
        answer:
          "Le marchand doit d'abord confirmer la commande, notamment après le délai de rétractation. Le cashback passe ensuite en statut validé.",
      },
    ],
  },

  naomi: {
    whyChoose: [
      {
        title: "Du cashback sur vos achats",
        text: "Naomi vous reverse une partie du montant de vos achats réalisés chez ses marchands partenaires.",
      },
      {
        title: "Un seuil de retrait de 20 €",
        text: "Demandez le versement de votre cashback dès que votre solde validé atteint 20 €.",
      },
    ],
    howToUse: [
      "Cliquez sur le lien de parrainage de cette page et créez votre compte Naomi.",
      "Passez par Naomi avant chaque achat en ligne pour activer le cashback.",
      "Suivez votre cashback en attente puis validé depuis votre espace membre.",
      "Demandez votre virement dès 20 € de cashback validé.",
    ],
    popular: {
      title: "Boutiques populaires",
      items: ["Booking.com", "Fnac", "Cdiscount", "Sephora", "Zalando"],
    },
    faq: [
      {
        question: "Quel est le seuil de paiement de Naomi ?",
        answer: "Le cashback peut être retiré à partir de 20 € validés.",
      },
      {
        question: "L'inscription est-elle gratuite ?",
        answer: "Oui, l'inscription sur Naomi est gratuite et sans engagement.",
      },
    ],
  },

  vivid: {
    whyChoose: [
      {
        title: "5 % d'intérêts pendant 60 jours",
        text: "Avec l'offre de parrainage, profitez d'un taux de 5 % pendant 60 jours, selon les conditions de l'offre.",
      },
      {
        title: "Jusqu'à 20 sous-comptes",
        text: "Répartissez votre argent dans jusqu'à 20 sous-comptes pour organiser vos dépenses et votre épargne.",
      },
      {
        title: "Un compte mobile complet",
        text: "Compte, carte et outils de gestion réunis dans une seule application.",
      },
    ],
    howToUse: [
      "Cliquez sur le lien de parrainage ou copiez le code de cette page.",
      "Téléchargez l'application Vivid et ouvrez votre compte.",
      "Vérifiez votre identité et alimentez votre compte.",
      "Activez l'offre pour bénéficier de 5 % d'intérêts pendant 60 jours selon les conditions en vigueur.",
    ],
    popular: {
      title: "Services populaires",
      items: ["Compte courant", "Sous-comptes", "Épargne rémunérée", "Carte virtuelle", "Investissement"],
    },
    faq: [
      {
        question: "Comment fonctionne le taux de 5 % ?",
        answer:
          "Le taux de 5 % s'applique pendant 60 jours après l'activation de l'offre, dans les limites et conditions fixées par Vivid. Le taux standard s'applique ensuite.",
      },
      {
        question: "Combien de sous-comptes puis-je créer ?",
        answer: "Vivid permet de créer jusqu'à 20 sous-comptes pour séparer vos budgets et vos objectifs d'épargne.",
      },
    ],
  },

  "la-premiere-brique": {
    whyChoose: [
      {
        title: "Investir dans l'immobilier en ligne",
        text: "La Première Brique permet de financer des projets immobiliers par le biais du financement participatif, à partir de petits montants.",
      },
      {
        title: "1 % de rendement supplémentaire",
        text: "Avec le parrainage, bénéficiez de 1 % de rendement en plus sur votre premier investissement.",
      },
      {
        title: "Des projets détaillés",
        text: "Chaque projet est présenté avec son opérateur, sa durée et son taux, pour vous aider à vous décider.",
      },
    ],
    howToUse: [
      "Cliquez sur le lien de parrainage ou copiez le code de cette page.",
      "Créez votre compte La Première Brique et complétez votre profil investisseur.",
      "Choisissez un projet après avoir lu sa présentation et ses risques.",
      "Réalisez votre premier investissement pour bénéficier de 1 % de rendement supplémentaire.",
    ],
    faq: [
      {
        question: "Comment obtenir le bonus de 1 % ?",
        answer:
          "Inscrivez-vous avec le code ou le lien de parrainage : le rendement supplémentaire de 1 % s'applique à votre premier investissement, selon les conditions de l'offre.",
      },
      {
        question: "Quels sont les risques ?",
        answer:
          "Le financement participatif immobilier comporte un risque de perte en capital et d'illiquidité, ainsi qu'un risque de retard de remboursement. Diversifiez vos placements et n'investissez que des sommes dont vous n'avez pas besoin à court terme.",
      },
    ],
  },

  "uber-eats": {
    whyChoose: [
      {
        title: "Un large choix de restaurants",
        text: "Des chaînes de restauration rapide aux restaurants de quartier, commandez parmi de nombreux établissements près de chez vous.",
      },
      {
        title: "Une réduction sur la première commande",
        text: "Avec le code de parrainage, profitez d'une réduction sur votre première commande selon l'offre en cours.",
      },
      {
        title: "Le suivi en temps réel",
        text: "Suivez la préparation puis la livraison de votre commande directement dans l'application.",
      },
    ],
    howToUse: [
      "Copiez le code de parrainage ou cliquez sur le lien de cette page.",
      "Téléchargez l'application Uber Eats et créez votre compte.",
      "Ajoutez le code dans la section dédiée aux codes promo avant de commander.",
      "Passez votre première commande pour profiter de la réduction.",
    ],
    popular: {
      title: "Catégories populaires",
      items: ["Burgers", "Pizzas", "Sushis", "Cuisine asiatique", "Desserts", "Courses"],
    },
    faq: [
      {
        question: "Où saisir le code Uber Eats ?",
        answer:
          "Dans l'application, ouvrez la section de votre compte dédiée aux codes promo et ajoutez-y le code avant de valider votre première commande.",
      },
      {
        question: "Le code est-il valable sur toutes les commandes ?",
        answer:
          "Non, la réduction de parrainage s'applique en général à la première commande et peut exiger un montant minimum. Vérifiez les conditions dans l'application.",
      },
    ],
  },

  deliveroo: {
    whyChoose: [
      {
        title: "Des restaurants de qualité",
        text: "Deliveroo propose de nombreux restaurants, des grandes enseignes aux adresses locales.",
      },
      {
        title: "Une réduction de bienvenue",
        text: "Avec le lien de parrainage, profitez d'un avantage sur votre première commande selon l'offre en cours.",
      },
      {
        title: "La livraison rapide",
        text: "Suivez votre livreur en temps réel jusqu'à votre porte.",
      },
    ],
    howToUse: [
      "Cliquez sur le lien de parrainage ou copiez le code de cette page.",
      "Créez votre compte Deliveroo sur l'application ou le site.",
      "Choisissez votre restaurant et composez votre commande.",
      "Vérifiez que la réduction est appliquée avant de valider le paiement.",
    ],
    popular: {
      title: "Catégories populaires",
      items: ["Burgers", "Pizzas", "Poké bowls", "Cuisine indienne", "Healthy", "Courses"],
    },
    faq: [
      {
        question: "Comment utiliser le parrainage Deliveroo ?",
        answer:
          "Inscrivez-vous via le lien ou avec le code de parrainage, puis passez votre première commande : l'avantage s'applique selon les conditions en vigueur.",
      },
      {
        question: "Puis-je utiliser l'offre si j'ai déjà commandé ?",
        answer: "Non, l'offre de parrainage est réservée aux nouveaux clients de Deliveroo.",
      },
    ],
  },

  bitget: {
    whyChoose: [
      {
        title: "15 % de réduction sur les frais",
        text: "Avec le code de parrainage, bénéficiez de 15 % de réduction sur vos frais de trading, selon les conditions de l'offre.",
      },
      {
        title: "Le copy trading",
        text: "Bitget est connue pour sa fonction de copy trading, qui permet de reproduire les positions d'autres utilisateurs. Les performances passées ne préjugent pas des performances futures.",
      },
      {
        title: "Un large choix de cryptos",
        text: "De nombreuses cryptomonnaies sont disponibles au trading au comptant.",
      },
    ],
    howToUse: [
      "Copiez le code de parrainage ou cliquez sur le lien de cette page.",
      "Créez votre compte Bitget en saisissant le code lors de l'inscription.",
      "Vérifiez votre identité et alimentez votre compte.",
      "Tradez avec 15 % de réduction sur vos frais selon les conditions en vigueur.",
    ],
    popular: {
      title: "Services populaires",
      items: ["Trading au comptant", "Copy trading", "Achat de cryptos par carte", "Épargne crypto"],
    },
    faq: [
      {
        question: "Quand s'applique la réduction de 15 % ?",
        answer:
          "La réduction est liée à votre compte dès l'inscription avec le code de parrainage et s'applique à vos frais de trading selon les conditions de Bitget.",
      },
      {
        question: "Quels sont les risques ?",
        answer: CRYPTO_RISK_ANSWER,
      },
    ],
  },

  kucoin: {
    whyChoose: [
      {
        title: "30 % de réduction sur les frais",
        text: "Le code de parrainage vous donne 30 % de réduction sur vos frais de trading, selon les conditions de l'offre.",
      },
      {
        title: "Un catalogue très varié",
        text: "KuCoin référence de nombreuses cryptomonnaies, y compris des projets moins connus, souvent plus risqués.",
      },
      {
        title: "Des outils pour tous les profils",
        text: "Achat simplifié, trading au comptant et bots de trading sont proposés dans l'application.",
      },
    ],
    howToUse: [
      "Copiez le code de parrainage ou cliquez sur le lien de cette page.",
      "Inscrivez-vous sur KuCoin en renseignant le code de parrainage.",
      "Vérifiez votre identité et déposez des fonds.",
      "Profitez de 30 % de réduction sur vos frais de trading selon les conditions en vigueur.",
    ],
    popular: {
      title: "Services populaires",
      items: ["Trading au comptant", "Bots de trading", "Achat de cryptos par carte", "Épargne crypto"],
    },
    faq: [
      {
        question: "Puis-je ajouter le code après l'inscription ?",
        answer: "Non, le code de parrainage doit être saisi au moment de la création du compte.",
      },
      {
        question: "Quels sont les risques ?",
        answer: CRYPTO_RISK_ANSWER,
      },
    ],
  },

  okx: {
    whyChoose: [
      {
        title: "30 % de réduction sur les frais",
        text: "Avec le code de parrainage, réduisez de 30 % vos frais de trading, selon les conditions de l'offre.",
      },
      {
        title: "Une plateforme et un portefeuille",
        text: "OKX propose une plateforme d'échange ainsi qu'un portefeuille en auto-conservation pour accéder aux applications décentralisées.",
      },
      {
        title: "Une application complète",
        text: "Achat, vente, conversion et suivi de votre portefeuille depuis une seule application.",
      },
    ],
    howToUse: [
      "Copiez le code de parrainage ou cliquez sur le lien de cette page.",
      "Créez votre compte OKX en saisissant le code de parrainage.",
      "Vérifiez votre identité et alimentez votre compte.",
      "Tradez avec 30 % de réduction sur vos frais selon les conditions en vigueur.",
    ],
    popular: {
      title: "Services populaires",
      items: ["Trading au comptant", "Conversion instantanée", "OKX Wallet", "Épargne crypto"],
    },
    faq: [
      {
        question: "Comment bénéficier de la réduction OKX ?",
        answer:
          "Inscrivez-vous avec le code ou le lien de parrainage : la réduction de 30 % s'applique ensuite à vos frais de trading selon les conditions d'OKX.",
      },
      {
        question: "Quels sont les risques ?",
        answer: CRYPTO_RISK_ANSWER,
      },
    ],
  },

  "crypto-com": {
    whyChoose: [
      {
        title: "25 $ en CRO",
        text: "Avec le lien de parrainage, recevez 25 $ en CRO, le jeton de Crypto.com, selon les conditions de l'offre.",
      },
      {
        title: "Une application grand public",
        text: "Achetez, vendez et suivez vos cryptomonnaies depuis une application simple à prendre en main.",
      },
      {
        title: "Une carte de paiement",
        text: "Crypto.com propose une carte de paiement associée à votre compte, selon les pays et les conditions d'éligibilité.",
      },
    ],
    howToUse: [
      "Cliquez sur le lien de parrainage ou copiez le code de cette page.",
      "Téléchargez l'application Crypto.com et créez votre compte.",
      "Vérifiez votre identité depuis l'application.",
      "Remplissez les conditions de l'offre pour recevoir 25 $ en CRO.",
    ],
    popular: {
      title: "Services populaires",
      items: ["Achat de cryptos", "Carte de paiement", "Staking", "Crypto.com Exchange"],
    },
    faq: [
      {
        question: "Comment recevoir les 25 $ en CRO ?",
        answer:
          "Inscrivez-vous via le lien ou avec le code de parrainage, puis effectuez les actions demandées par Crypto.com. Le bonus est crédité en CRO une fois les conditions remplies.",
      },
      {
        question: "Quels sont les risques ?",
        answer: CRYPTO_RISK_ANSWER,
      },
    ],
  },

  "trade-republic": {
    whyChoose: [
      {
        title: "Investir simplement",
        text: "Actions, ETF et plans d'investissement programmés sont accessibles depuis une application claire.",
      },
      {
        title: "Des frais réduits",
        text: "Trade Republic applique des frais fixes faibles par ordre, et les plans d'investissement programmés sont sans frais d'exécution.",
      },
      {
        title: "Une rémunération des liquidités",
        text: "Les espèces non investies peuvent être rémunérées, selon le taux en vigueur et ses conditions.",
      },
    ],
    howToUse: [
      "Cliquez sur le lien de parrainage de cette page.",
      "Téléchargez l'application Trade Republic et créez votre compte.",
      "Vérifiez votre identité et effectuez un premier dépôt.",
      "Consultez dans l'application les conditions de l'offre de parrainage en cours.",
    ],
    popular: {
      title: "Services populaires",
      items: ["Actions", "ETF", "Plans d'investissement programmés", "Compte rémunéré", "Carte de paiement"],
    },
    faq: [
      {
        question: "Trade Republic est-elle une banque ?",
        answer:
          "Oui, Trade Republic est une banque allemande agréée, supervisée par les autorités financières allemandes et européennes.",
      },
      {
        question: "Investir comporte-t-il des risques ?",
        answer:
          "Oui. La valeur des actions et des ETF peut baisser et vous pouvez perdre tout ou partie du capital investi. Les performances passées ne préjugent pas des performances futures.",
      },
    ],
  },

  "hello-bank": {
    whyChoose: [
      {
        title: "La banque en ligne de BNP Paribas",
        text: "Hello Bank s'appuie sur le groupe BNP Paribas, avec accès à son réseau de distributeurs.",
      },
      {
        title: "Une carte gratuite sous conditions",
        text: "Les offres Hello Bank comprennent une carte bancaire gratuite sous conditions d'utilisation.",
      },
      {
        title: "Une prime de bienvenue",
        text: "En passant par le lien de parrainage, profitez de l'offre de bienvenue en cours selon ses conditions.",
      },
    ],
    howToUse: [
      "Cliquez sur le lien de parrainage de cette page.",
      "Choisissez votre offre Hello Bank et remplissez le formulaire d'ouverture.",
      "Envoyez vos justificatifs et signez votre contrat en ligne.",
      "Respectez les conditions de l'offre pour recevoir votre prime.",
    ],
    popular: {
      title: "Services populaires",
      items: ["Compte courant", "Carte bancaire", "Livrets d'épargne", "Assurance-vie", "Application mobile"],
    },
    faq: [
      {
        question: "Faut-il un code pour le parrainage Hello Bank ?",
        answer:
          "Non, l'offre passe par le lien de parrainage : ouvrez-le avant de commencer votre demande d'ouverture de compte.",
      },
      {
        question: "Quel est le montant de la prime ?",
        answer:
          "Le montant dépend de l'offre en vigueur au moment de votre ouverture de compte. Il est indiqué sur le site de Hello Bank.",
      },
    ],
  },

  vexub: {
    whyChoose: [
      {
        title: "1 crédit offert",
        text: "En passant par le lien de parrainage, recevez 1 crédit offert à votre inscription.",
      },
      {
        title: "20 % de réduction",
        text: "Profitez en plus de 20 % de réduction, selon les conditions de l'offre.",
      },
    ],
    howToUse: [
      "Cliquez sur le lien de parrainage de cette page.",
      "Créez votre compte Vexub.",
      "Vérifiez que votre crédit offert et votre réduction de 20 % apparaissent dans votre espace.",
    ],
    faq: [
      {
        question: "Faut-il saisir un code ?",
        answer: "Non, l'offre Vexub fonctionne uniquement par lien : cliquez dessus avant de créer votre compte.",
      },
      {
        question: "Comment profiter des 20 % de réduction ?",
        answer:
          "La réduction est associée à votre compte lorsque vous vous inscrivez via le lien de parrainage, selon les conditions de Vexub.",
      },
    ],
  },

  wise: {
    whyChoose: [
      {
        title: "Des transferts internationaux transparents",
        text: "Wise affiche ses frais à l'avance et utilise le taux de change moyen du marché.",
      },
      {
        title: "Un compte multidevise",
        text: "Détenez et convertissez de l'argent dans de nombreuses devises depuis un seul compte.",
      },
      {
        title: "Une carte pour voyager",
        text: "Payez à l'étranger avec la carte Wise, directement dans la devise locale.",
      },
    ],
    howToUse: [
      "Cliquez sur le lien de parrainage de cette page.",
      "Créez votre compte Wise et vérifiez votre identité.",
      "Effectuez votre premier transfert ou commandez votre carte.",
      "Vérifiez dans votre compte l'avantage de bienvenue appliqué selon les conditions de l'offre.",
    ],
    popular: {
      title: "Services populaires",
      items: ["Transferts internationaux", "Compte multidevise", "Carte Wise", "Réception de paiements de l'étranger"],
    },
    faq: [
      {
        question: "Faut-il un code de parrainage Wise ?",
        answer: "Non, il suffit de cliquer sur le lien de parrainage avant de créer votre compte.",
      },
      {
        question: "Quels sont les frais de Wise ?",
        answer:
          "Les frais dépendent du montant et des devises concernées. Ils sont toujours affichés avant la validation d'un transfert.",
      },
    ],
  },
};
