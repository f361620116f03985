import type { FaqItemWithContact, IntroSection, TitledText } from "./types";

export const OFFRES_INTRO: IntroSection = {
  title: "Tout savoir sur les codes de parrainage",
  paragraphs: [
    "Un code de parrainage est un code ou un lien personnel qu'un client existant partage avec ses proches. Lorsqu'un nouvel utilisateur s'inscrit avec ce code, le service lui accorde un avantage de bienvenue, et récompense souvent aussi le parrain.",
    "Les avantages varient d'un service à l'autre : prime à l'ouverture d'un compte bancaire, réduction sur les frais de trading, cashback sur vos achats en ligne, crédit offert sur une première commande de livraison ou encore bonus sur une application mobile.",
    "Cette page rassemble les offres de parrainage que nous avons sélectionnées dans plusieurs catégories : banque et finance, crypto, shopping et cashback, livraison de repas, mobilité et bien d'autres. Utilisez la recherche pour trouver rapidement un service, puis ouvrez sa fiche pour connaître le détail de l'offre.",
    "Chaque offre est soumise aux conditions fixées par le service concerné (premier dépôt, premier achat, délai d'utilisation…). Elles peuvent évoluer à tout moment : vérifiez-les toujours sur le site officiel avant de vous inscrire.",
  ],
};

export const OFFRES_HOWTO: TitledText[] = [
  {
    title: "Trouvez le service",
    text: "Recherchez une marque ou parcourez les catégories pour repérer l'offre qui vous intéresse.",
  },
  {
    title: "Consultez l'offre",
    text: "Ouvrez la fiche du service avec le bouton « Plus d'infos » pour lire le détail de l'avantage et ses conditions.",
  },
  {
    title: "Copiez le code ou ouvrez le lien",
    text: "Copiez le code de parrainage en un clic, ou utilisez le bouton « Accéder à l'offre » pour ouvrir directement le lien de parrainage.",
  },
  {
    title: "Inscrivez-vous",
    text: "Créez votre compte sur le site ou l'application du service en saisissant le code au moment demandé, ou en passant par le lien.",
  },
  {
    title: "Remplissez les conditions",
    text: "Effectuez l'action demandée par l'offre (premier achat, premier dépôt, vérification d'identité…) pour recevoir votre avantage.",
  },
];

export const OFFRES_FAQ: FaqItemWithContact[] = [
  {
    question: "Où dois-je saisir le code de parrainage ?",
    answer:
      "Le code se saisit généralement pendant l'inscription, dans un champ intitulé « code de parrainage », « code promo » ou « code d'invitation ». Si l'offre passe par un lien, il suffit de l'ouvrir avant de créer votre compte.",
  },
  {
    question: "Puis-je utiliser un code si j'ai déjà un compte ?",
    answer:
      "Dans la plupart des cas, non : les offres de parrainage sont réservées aux nouveaux clients qui s'inscrivent pour la première fois auprès du service.",
  },
  {
    question: "Quand vais-je recevoir mon avantage ?",
    answer:
      "Le délai dépend de chaque service : certains avantages sont crédités immédiatement, d'autres après la validation de votre compte ou une fois une condition remplie, comme un premier achat. Les détails figurent sur la fiche de chaque offre.",
  },
  {
    question: "Un code ne fonctionne pas, que faire ?",
    answer:
      "Vérifiez d'abord que vous remplissez les conditions de l'offre et que le code a été saisi sans erreur. Si le problème persiste, signalez-le-nous depuis la page de contact : nous mettrons l'offre à jour rapidement.",
    contactLink: true,
  },
];
