import { FEEDBACK_RULES } from "@contract/feedback-fields";
import { TESTIMONIAL_TEXT_MAX, TESTIMONIAL_TEXT_MIN } from "@contract/testimonial-fields";
import { Link } from "@remix-run/react";
import { DISPLAY_THRESHOLDS, NOT_ENOUGH_VOTES, REPORTED_NOT_WORKING } from "~/catalogue/feedback";
import { RETENTIONS } from "~/catalogue/retentions";
import { HOW_VOTES_WORK } from "~/catalogue/site-pages";
import { HOME_TESTIMONIAL_COUNT, TESTIMONIALS_PER_PAGE } from "~/catalogue/testimonials";
import { TextSection } from "~/components/text-section";
import { pageMeta, siteInfo } from "~/seo";
import type { MetaFunction } from "@remix-run/node";

/**
 * How the votes "Ce code a-t-il fonctionné ?" are taken, weighed, restarted and shown, and how testimonials are
 * moderated, ordered, picked, kept and erased: consumer reviews under the
 * Code de la consommation (L111-7-2, D111-16 to D111-19), which asks a site to say so. Every number comes from the
 * rules the site and the database apply.
 */
export const meta: MetaFunction = ({ matches }) =>
  pageMeta(siteInfo(matches), {
    title: `${HOW_VOTES_WORK.label} - ${siteInfo(matches).siteName}`,
    description:
      "Comment les visiteurs indiquent si un code a fonctionné, comment leurs avis sont comptés et pondérés, ce que la vérification de l'éditeur change, et comment les témoignages sont modérés.",
    path: HOW_VOTES_WORK.path,
  });

const percent = (share: number) => `${Math.round(share * 100)}\u202f%`;

export default function HowVotesWork() {
  const { maxVotesPerHour, windowDays, votesPerNetwork } = FEEDBACK_RULES;
  const { minVotesForRate, minNetworks, warningMinVotes, warningBelowRate } = DISPLAY_THRESHOLDS;
  return (
    <article className="mx-auto max-w-3xl space-y-10 rounded-2xl border border-slate-200 bg-white p-6 sm:p-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{HOW_VOTES_WORK.label}</h1>
      <p className="text-slate-700">
        Sur la page de chaque offre, les visiteurs peuvent répondre à la question « Ce code a-t-il fonctionné ? ». Ces
        réponses sont des avis de consommateurs : cette page explique comment ils sont recueillis, comptés et affichés.
      </p>

      <TextSection id="recueil" title="Comment un avis est recueilli">
        <p>
          Chaque visiteur répond « Oui » ou « Non » sur la page de l'offre, et peut indiquer pourquoi le code n'a pas
          fonctionné. Aucun compte n'est nécessaire. Le site ne vérifie pas que le visiteur a réellement utilisé
          l'offre : un avis rapporte ce qu'un visiteur déclare.
        </p>
        <p>
          Un visiteur compte une seule fois par offre : s'il répond de nouveau, sa nouvelle réponse remplace la
          précédente. Un même visiteur peut envoyer au plus {maxVotesPerHour} avis par heure, toutes offres confondues.
          Pour reconnaître un visiteur, le site garde une empreinte chiffrée de son adresse IP, jamais l'adresse
          elle-même ; les avis sont supprimés au bout de {RETENTIONS.votesMonths} mois.
        </p>
      </TextSection>

      <TextSection id="comptage" title="Comment les avis sont comptés">
        <p>
          Seuls les avis des {windowDays} derniers jours comptent. Le pourcentage de réussite s'affiche à partir de{" "}
          {minVotesForRate} avis venant d'au moins {minNetworks} réseaux différents ; en dessous, la page indique « 
          {NOT_ENOUGH_VOTES} », suivi, quand les avis sont assez nombreux mais viennent de trop peu de réseaux, du
          nombre d'avis et de réseaux (par exemple « 10 avis de 1 réseau »). Le nombre d'avis affiché est toujours le
          nombre réel de visiteurs qui ont répondu ; quand ils viennent de moins de réseaux qu'ils ne sont, la page dit
          aussi de combien de réseaux (« sur 10 avis de 4 réseaux »), puisque le pourcentage les pèse par réseau.
        </p>
        <p>
          Les avis venant d'un même réseau (les adresses IPv4 qui partagent leurs trois premiers nombres, ou les
          adresses IPv6 qui partagent un même préfixe /48, qu'un seul abonné peut obtenir) pèsent ensemble au plus{" "}
          {votesPerNetwork} avis dans le pourcentage, en gardant leur part de « Oui » et de « Non ». Ainsi, une même
          personne disposant de nombreuses adresses ne peut pas faire à elle seule la note d'une offre.
        </p>
        <p>
          L'avertissement « {REPORTED_NOT_WORKING} » s'affiche quand au moins {warningMinVotes} visiteurs, venant d'au
          moins {minNetworks} réseaux différents, ont répondu, et que le pourcentage de réussite ainsi pondéré est
          inférieur à {percent(warningBelowRate)}. Une offre qui porte cet avertissement n'est plus mise en avant sur la
          page d'accueil.
        </p>
        <p>
          Aucun avis n'est supprimé, modifié ou mis en avant selon ce qu'il dit : le site ne donne à l'éditeur aucun
          moyen de modifier un avis. Aucun avis n'est rémunéré ni acheté.
        </p>
      </TextSection>

      <TextSection id="verification" title="Ce que change la vérification de l'éditeur">
        <p>
          Quand l'éditeur vérifie lui-même qu'un code fonctionne (« Vérifié le … »), ou quand le code ou le lien d'une
          offre change, le décompte repart de zéro : les avis envoyés avant ne comptent plus, puisqu'ils portaient sur
          un code qui a pu changer depuis. La page de l'offre l'indique par la mention « avis depuis le … ».
        </p>
      </TextSection>

      <TextSection id="temoignages" title="Les témoignages">
        <p>
          Sur la page d'une offre qui reçoit des avis, un visiteur peut aussi écrire un témoignage de{" "}
          {TESTIMONIAL_TEXT_MIN} à {TESTIMONIAL_TEXT_MAX} caractères, signé d'un prénom ou d'un pseudonyme (« Anonyme »
          sinon), avec le mois où il a utilisé l'offre. Il accepte sa publication en l'envoyant.
        </p>
        <p>
          Chaque témoignage est lu par l'éditeur avant d'être publié : c'est une modération, pas une vérification.
          L'éditeur refuse les propos injurieux, la diffamation, les données personnelles, le hors-sujet et la
          publicité ; il ne peut pas vérifier que l'auteur a réellement utilisé l'offre, et un témoignage rapporte ce
          que son auteur déclare. Un témoignage n'est jamais modifié : il est publié tel quel ou refusé. Aucun
          témoignage n'est rémunéré, acheté ou échangé contre un avantage.
        </p>
        <p>
          Sur la page d'une offre, les témoignages publiés s'affichent du plus récent au plus ancien,{" "}
          {TESTIMONIALS_PER_PAGE} par page, avec la date de leur publication. La page d'accueil en montre{" "}
          {HOME_TESTIMONIAL_COUNT} : d'abord ceux que l'éditeur choisit, puis les plus récemment publiés. Ce choix est
          le sien : ces {HOME_TESTIMONIAL_COUNT} témoignages ne représentent pas l'ensemble des témoignages reçus.
        </p>
        <p>
          Un témoignage publié reste en ligne jusqu'à ce que son auteur ou l'éditeur l'efface. Un témoignage refusé est
          effacé {RETENTIONS.refusedTestimonialDays} jours après la décision ; un témoignage jamais modéré, au bout de{" "}
          {RETENTIONS.pendingTestimonialDays} jours. L'adresse e-mail facultative reçoit d'abord un seul e-mail, qui
          demande de la confirmer ; une adresse en reçoit au plus un par jour. Une fois confirmée, elle reçoit la
          décision de l'éditeur, et rien d'autre ; sans confirmation, plus rien. Elle est effacée dès la décision prise.
        </p>
        <p>
          Pour effacer son témoignage, l'auteur ouvre le lien personnel affiché une seule fois après l'envoi, ou écrit à
          l'éditeur par la{" "}
          <Link to="/contact" className="font-medium text-indigo-800 underline">
            page de contact
          </Link>
          . Tout visiteur peut signaler un témoignage publié par le lien « Signaler ce témoignage » : l'éditeur examine
          chaque signalement.
        </p>
      </TextSection>

      <TextSection id="interet" title="L'intérêt de l'éditeur">
        <p>
          L'éditeur du site reçoit une récompense du service concerné quand un visiteur utilise l'un de ses codes ou
          liens de parrainage. Il a donc intérêt à ce que les offres soient utilisées ; c'est pourquoi les règles
          ci-dessus s'appliquent à toutes les offres de la même façon, sans intervention de sa part. Pour en savoir
          plus, consultez les{" "}
          <Link to="/mentions-legales#remuneration" className="font-medium text-indigo-800 underline">
            mentions légales
          </Link>
          .
        </p>
      </TextSection>
    </article>
  );
}
