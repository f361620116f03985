import { Link, useRouteLoaderData } from "@remix-run/react";
import { DISPLAY_THRESHOLDS, REPORTED_NOT_WORKING } from "~/catalogue/feedback";
import { FEATURED_OFFERS } from "~/catalogue/offer-rules";
import { DEMOTION_BELOW_PERCENT, EXPIRED_GROUP, NEWS_DAYS } from "~/catalogue/ranking";
import { HOW_OFFERS_ARE_RANKED, HOW_VOTES_WORK, REWARD_ANCHOR, SELECTION_ANCHOR } from "~/catalogue/site-pages";
import { SEARCH_ORDER_LABEL, SORT_LABELS } from "~/catalogue/sort-orders";
import { kindLabel, OFFER_KINDS } from "~/catalogue/terms";
import { TextSection } from "~/components/text-section";
import { pageMeta, siteInfo } from "~/seo";
import type { MetaFunction } from "@remix-run/node";
import type { loader as rootLoader } from "~/root";

/**
 * How the listings order the offers, published as the Code de la consommation asks of a site that ranks offers
 * (L111-7, D111-7): the default criteria and their order, what sinks an offer, each order a visitor may choose, and
 * the referral reward the site's editor earns. Every number comes from the rules the listings apply (ranking.ts).
 */
export const meta: MetaFunction = ({ matches }) =>
  pageMeta(siteInfo(matches), {
    title: `${HOW_OFFERS_ARE_RANKED.label} - ${siteInfo(matches).siteName}`,
    description:
      "Les critères qui ordonnent les offres de parrainage, ce qui fait descendre une offre, les tris au choix, et la récompense de parrainage que perçoit l'éditeur du site.",
    path: HOW_OFFERS_ARE_RANKED.path,
  });

export default function HowOffersAreRanked() {
  const siteName = useRouteLoaderData<typeof rootLoader>("root")?.siteName ?? "CodeParrain";
  const { minVotesForRate, minNetworks } = DISPLAY_THRESHOLDS;
  return (
    <article className="mx-auto max-w-3xl space-y-10 rounded-2xl border border-slate-200 bg-white p-6 sm:p-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{HOW_OFFERS_ARE_RANKED.label}</h1>
      <p className="text-slate-700">
        Les listes d'offres peuvent être triées de quatre façons. Cette page dit comment chacune ordonne les offres, ce
        qui fait descendre une offre, et ce que l'éditeur du site gagne.
      </p>

      <TextSection id="par-defaut" title={`L'ordre par défaut : « ${SORT_LABELS.pertinence} »`}>
        <p>
          Sans recherche, les critères s'appliquent dans cet ordre (sur les résultats d'une recherche, l'ordre par
          défaut s'appelle « {SEARCH_ORDER_LABEL} », voir plus bas) :
        </p>
        <ol className="list-decimal space-y-1 pl-6">
          <li>les offres en cours d'abord, les offres expirées à la fin ;</li>
          <li>parmi les offres en cours, celles qui ne sont pas déclassées (voir ci-dessous) d'abord ;</li>
          <li>enfin, l'ordre alphabétique du nom de la marque.</li>
        </ol>
        <p>
          Avec une recherche, les marques qu'elle nomme (« acheter du bitcoin sur binance » nomme Binance) et celles
          dont le nom contient le texte cherché viennent en premier, même déclassées ; les autres offres suivent selon
          la proximité de leurs textes avec la recherche, les offres déclassées après les autres, puis les offres
          expirées.
        </p>
      </TextSection>

      <TextSection id="declassement" title="Quand une offre descend">
        <p>Une offre en cours passe après les autres dans l'ordre par défaut quand :</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>elle porte l'avertissement « {REPORTED_NOT_WORKING} » ;</li>
          <li>
            ou son pourcentage de réussite, affiché à partir de {minVotesForRate} avis venant d'au moins {minNetworks}{" "}
            réseaux, est inférieur à {DEMOTION_BELOW_PERCENT}&nbsp;%.
          </li>
        </ul>
        <p>
          Sa carte dit alors pourquoi elle est placée après les autres. Elle remonte dès que les avis des visiteurs le
          permettent, ou dès que l'éditeur vérifie de nouveau l'offre, ce qui fait repartir le décompte des avis (
          <Link to={HOW_VOTES_WORK.path} className="text-indigo-800 underline">
            {HOW_VOTES_WORK.label.toLowerCase()}
          </Link>
          ).
        </p>
      </TextSection>

      <TextSection id="tris" title="Les autres tris">
        <p>
          <strong>{SORT_LABELS.montant}</strong> : seuls se comparent les montants de même nature et de même unité.
          Viennent d'abord les montants en euros, puis en dollars, puis les crédits de jeu (qui ne sont pas de
          l'argent), puis les pourcentages, chaque groupe du plus élevé au plus faible ; les offres sans montant annoncé
          viennent après, puis les « {EXPIRED_GROUP.toLowerCase()} ». Chaque groupe a son titre au-dessus de ses offres.
          Un montant « jusqu'à » compte pour son plafond. Les natures sont :{" "}
          {OFFER_KINDS.map(kindLabel).filter(Boolean).join(", ").toLowerCase()} ; une offre dont la nature n'est pas
          précisée se range dans le groupe « avantage » de son unité.
        </p>
        <p>
          <strong>{SORT_LABELS.avis}</strong> : les offres dont le pourcentage de réussite s'affiche, du plus élevé au
          plus faible (à égalité, la plus notée d'abord), puis les autres dans l'ordre par défaut. Tant qu'aucune offre
          de la liste n'a assez d'avis, la liste le dit en une ligne et garde l'ordre par défaut.
        </p>
        <p>
          <strong>{SORT_LABELS.nouveautes}</strong> : les offres ajoutées ou améliorées ces {NEWS_DAYS} derniers jours,
          la plus récente d'abord, puis les autres dans l'ordre par défaut (la liste le dit quand aucune ne l'est). Une
          offre est améliorée quand son montant augmente à unité et nature égales, ou quand une condition disparaît ;
          tout autre changement n'en fait pas une nouveauté.
        </p>
        <p>Quel que soit le tri, les offres expirées viennent en dernier.</p>
      </TextSection>

      <TextSection id={SELECTION_ANCHOR} title="« Notre sélection » sur la page d'accueil">
        <p>
          La page d'accueil présente {FEATURED_OFFERS} offres choisies par l'éditeur du site : ce n'est pas un
          classement de popularité, et aucune marque ne paie pour y figurer. Seules y paraissent des offres en cours,
          commencées, et qu'aucun signalement des visiteurs ne dit hors d'usage. Quand l'éditeur n'en a pas choisi
          exactement {FEATURED_OFFERS} qui remplissent ces conditions, le site montre {FEATURED_OFFERS} offres choisies
          par défaut (une banque, une néobanque, un site de cashback), dans les mêmes conditions.
        </p>
      </TextSection>

      <TextSection id={REWARD_ANCHOR} title="Ce que gagne l'éditeur">
        <p>
          Les codes et liens présentés sont souvent ceux de l'éditeur de {siteName} : quand vous les utilisez, il peut
          recevoir la récompense de parrainage que prévoit la marque pour le parrain. Cela ne vous coûte rien et ne
          change pas votre avantage.
        </p>
        <p>
          Aucune marque ne paie pour apparaître sur le site ni pour y être mieux placée : aucun critère ci-dessus ne
          dépend de la récompense que perçoit l'éditeur.
        </p>
      </TextSection>
    </article>
  );
}
