import type { FaqItem, TitledText, WhySection } from "./types";

/** The sentence under the home page's title, in its banner. */
export const HOME_BANNER =
  "Découvrez les meilleurs codes de parrainage et offres pour économiser sur vos services préférés. Le parrainage, c'est simple, rapide et gagnant pour tout le monde\u202f!";

export const HOME_WHY: WhySection = {
  title: "Pourquoi utiliser des codes de parrainage ?",
  paragraphs: [
    "Le parrainage est l'un des moyens les plus simples de faire des économies : de nombreuses banques, applications et plateformes récompensent les nouveaux clients qui s'inscrivent avec le code ou le lien d'un membre existant.",
    "Prime de bienvenue à l'ouverture d'un compte, réduction sur les frais, cashback sur vos achats ou crédit offert sur votre première commande : chaque offre dit ce qu'elle donne, sous quelle forme et à quelles conditions.",
    "Nous rassemblons ces offres au même endroit et les tenons à jour, pour que vous n'ayez plus qu'à choisir celle qui vous correspond.",
  ],
  highlights: [
    {
      title: "Des montants tels qu'annoncés",
      text: "Chaque carte reprend le montant et la nature de l'avantage que l'offre annonce, et sa première condition : rien n'est additionné ni arrondi.",
    },
    {
      title: "Simple et rapide",
      text: "Copiez le code ou cliquez sur le lien, inscrivez-vous normalement : l'avantage est appliqué automatiquement selon les conditions de l'offre.",
    },
    {
      title: "Gagnant-gagnant",
      text: "Le filleul profite d'un avantage de bienvenue et le parrain est récompensé : tout le monde y gagne, sans frais supplémentaires.",
    },
  ],
};

export const HOME_STEPS: TitledText[] = [
  {
    title: "Choisissez une offre",
    text: "Parcourez les offres par catégorie (banque, crypto, shopping, livraison…) ou utilisez la recherche pour trouver le service qui vous intéresse.",
  },
  {
    title: "Utilisez le code ou le lien",
    text: "Copiez le code de parrainage en un clic ou ouvrez directement le lien, puis inscrivez-vous sur le site ou l'application du service.",
  },
  {
    title: "Profitez des avantages",
    text: "Une fois les conditions de l'offre remplies, vous recevez votre bonus, votre réduction ou votre cashback.",
  },
];

export const HOME_FAQ: FaqItem[] = [
  {
    question: "Qu'est-ce qu'un code de parrainage ?",
    answer:
      "Un code de parrainage est un identifiant (ou un lien) fourni par un client existant. En l'utilisant lors de votre inscription, vous bénéficiez d'un avantage de bienvenue : prime, réduction, crédit ou cashback selon le service.",
  },
  {
    question: "Est-ce que c'est gratuit ?",
    answer:
      "Oui. Utiliser un code de parrainage ne vous coûte rien et ne modifie pas le prix du service. Certaines offres demandent simplement de remplir une condition, comme un premier achat ou un premier dépôt.",
  },
  {
    question: "Combien peut-on économiser ?",
    answer:
      "Cela dépend de chaque offre : sa carte indique le montant et la nature de l'avantage (prime, réduction, cashback, crédit) tels que l'offre les annonce, et sa page en donne les conditions. L'avantage n'est acquis qu'une fois ces conditions remplies. Un crédit de paris ou un bonus en crypto-actifs n'est pas une économie : parier et investir comportent un risque de perte.",
  },
  {
    question: "Les codes fonctionnent-ils vraiment ?",
    answer:
      "Chaque offre dit ce que l'on sait d'elle : « Vérifié le … » quand l'éditeur du site a lui-même contrôlé le code, à cette date, sinon « Code non vérifié » ; et, dès 3 avis sur 90 jours, la part des visiteurs pour qui le code a fonctionné. La façon dont les avis sont recueillis et dont les offres sont classées est publiée sur deux pages du site. Les conditions sont fixées par chaque service et peuvent évoluer : lisez-les avant de vous inscrire. Si un code ne fonctionne pas, dites-le en répondant « Non » sous son offre.",
  },
];
