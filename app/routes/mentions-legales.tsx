import { FEEDBACK_RULES } from "@contract/feedback-fields";
import { Link, useLoaderData } from "@remix-run/react";
import { RETENTIONS } from "~/catalogue/retentions";
import { HOW_VOTES_WORK } from "~/catalogue/site-pages";
import { TextSection } from "~/components/text-section";
import { pageMeta, siteInfo } from "~/seo";
import { getConfig } from "~/services/config/env.server";
import type { MetaFunction } from "@remix-run/node";
import type { ReactNode } from "react";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(siteInfo(matches), {
    title: `Mentions légales - ${siteInfo(matches).siteName}`,
    description: "Mentions légales du site : éditeur, hébergement, données personnelles, cookies et droit applicable.",
    path: "/mentions-legales",
    noindex: true,
  });

export async function loader() {
  const config = getConfig();
  return {
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    publisherName: config.publisherName,
    contactEmail: config.contactEmail,
    hostingProvider: config.hostingProvider,
    hostingAddress: config.hostingAddress,
    hostingPhone: config.hostingPhone,
    identityIsExample: config.identityIsExample,
    identityPlaceholders: config.identityPlaceholders,
  };
}

/**
 * An identity value, marked "exemple" when it is a placeholder (its variable not set): only a local run shows one,
 * production on a public address does not start without them.
 */
function Identity({ placeholder, children }: { placeholder: boolean; children: ReactNode }) {
  if (!placeholder) return <>{children}</>;
  return (
    <mark className="rounded bg-amber-100 px-1 text-amber-950">
      {children} <span className="text-xs font-bold uppercase">(exemple)</span>
    </mark>
  );
}

export default function LegalNotice() {
  const site = useLoaderData<typeof loader>();
  const placeholder = (field: (typeof site.identityPlaceholders)[number]) => site.identityPlaceholders.includes(field);
  const mail = (
    <Identity placeholder={placeholder("contactEmail")}>
      <a href={`mailto:${site.contactEmail}`} className="font-semibold text-indigo-800 underline">
        {site.contactEmail}
      </a>
    </Identity>
  );
  const publisher = <Identity placeholder={placeholder("publisherName")}>{site.publisherName}</Identity>;
  return (
    <article className="mx-auto max-w-3xl space-y-10 rounded-2xl border border-slate-200 bg-white p-6 sm:p-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Mentions légales</h1>

      {site.identityIsExample ? (
        <p
          id="exemple-identite"
          role="note"
          className="rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950"
        >
          <strong>Exemple : l'identité de l'éditeur et de l'hébergeur n'est pas encore renseignée.</strong> Les valeurs
          marquées « exemple » ci-dessous ne désignent personne : elles tiennent la place de celles que le propriétaire
          du site doit définir avant sa mise en ligne (variables PUBLISHER_NAME, CONTACT_EMAIL, HOSTING_PROVIDER,
          HOSTING_ADDRESS et HOSTING_PHONE).
        </p>
      ) : null}

      <TextSection id="editeur" title="Éditeur du site">
        <p>
          Le site {site.siteName} ({site.siteUrl}) est édité par {publisher}, personne physique agissant à titre privé.
          Contact : {mail}.
        </p>
        <p>Directeur de la publication : {publisher}.</p>
      </TextSection>

      <TextSection id="hebergement" title="Hébergement">
        <p>
          Le site est hébergé par{" "}
          <Identity placeholder={placeholder("hostingProvider")}>{site.hostingProvider}</Identity>,{" "}
          <Identity placeholder={placeholder("hostingAddress")}>{site.hostingAddress}</Identity>. Téléphone :{" "}
          <Identity placeholder={placeholder("hostingPhone")}>{site.hostingPhone}</Identity>.
        </p>
      </TextSection>

      <TextSection id="propriete" title="Propriété intellectuelle">
        <p>
          Les textes, la mise en page et les éléments graphiques propres au site sont protégés par le droit d'auteur.
          Les noms et logos des marques citées appartiennent à leurs titulaires respectifs et ne sont utilisés que pour
          identifier leurs offres. Toute reproduction sans autorisation est interdite.
        </p>
      </TextSection>

      <TextSection id="remuneration" title="Parrainage et rémunération">
        <p>
          {site.siteName} présente des codes et des liens de parrainage. Lorsque vous utilisez l'un d'eux, l'éditeur
          peut recevoir une récompense de la part du service concerné (prime, bonus ou avantage de parrainage). Cela ne
          vous coûte rien et ne modifie pas votre propre avantage. Les offres sont soumises aux conditions des services,
          qui peuvent les modifier à tout moment ; une offre dont la date de fin est passée est signalée comme expirée.
          La mention « Vérifié le … » donne le jour où l'éditeur a lui-même vérifié l'offre ; les pourcentages de
          réussite résument les avis des visiteurs des 90 derniers jours, comme l'explique la page{" "}
          <Link to={HOW_VOTES_WORK.path} className="font-medium text-indigo-800 underline">
            {HOW_VOTES_WORK.label.toLowerCase()}
          </Link>
          .
        </p>
      </TextSection>

      <TextSection id="donnees" title="Données personnelles">
        <p>
          Les informations envoyées par les formulaires de contact et de question (nom, adresse e-mail, sujet, message)
          servent uniquement à vous répondre. Elles sont conservées au maximum {RETENTIONS.messagesMonths} mois, puis
          supprimées, et ne sont ni vendues ni cédées.
        </p>
        <p>
          Quand vous indiquez si un code a fonctionné, le site enregistre l'offre concernée, votre réponse (oui ou non),
          la raison que vous avez éventuellement choisie, la date et deux empreintes chiffrées, l'une de votre adresse
          IP, l'autre du réseau qui l'entoure (jamais les adresses elles-mêmes) : elles servent seulement à ne compter
          qu'un avis par visiteur et par offre sur {FEEDBACK_RULES.windowDays} jours, à limiter le poids d'un même
          réseau et à limiter les envois abusifs. Ces avis sont supprimés au bout de {RETENTIONS.votesMonths} mois ;
          seuls leurs totaux sont affichés.
        </p>
        <p>
          Quand vous écrivez un témoignage, le site enregistre son texte, le prénom ou pseudonyme choisi, le mois
          indiqué, votre adresse e-mail si vous la donnez et les deux mêmes empreintes chiffrées, qui servent à limiter
          les envois abusifs. L'adresse e-mail sert seulement à vous envoyer le lien d'effacement et la décision de
          l'éditeur, puis elle est effacée. Un témoignage refusé est effacé {RETENTIONS.refusedTestimonialDays} jours
          après la décision, un témoignage jamais modéré au bout de {RETENTIONS.pendingTestimonialDays} jours ; un
          témoignage publié reste en ligne jusqu'à ce que vous ou l'éditeur l'effaciez.
        </p>
        <p id="alertes">
          Si vous demandez une alerte par e-mail (« Me prévenir »), le site enregistre votre adresse, la marque ou la
          catégorie suivie, la date de la demande, la page du formulaire et la version du texte que vous avez accepté :
          c'est la preuve de votre consentement. Un seul e-mail, de confirmation, est envoyé tant que vous n'avez pas
          appuyé sur son bouton ; une demande non confirmée est effacée au bout de {RETENTIONS.unconfirmedAlertHours}{" "}
          heures. Une fois confirmée, l'adresse sert seulement à vous envoyer les offres ajoutées ou améliorées que vous
          suivez, au plus un e-mail par jour après le premier, sans mesure d'ouverture ni de clic. Elle est effacée dès
          que vous vous désabonnez (un clic dans chaque e-mail), si votre messagerie la refuse, ou{" "}
          {RETENTIONS.alertConsentYears} ans après votre dernière confirmation (vous êtes prévenu un mois avant). Après
          un désabonnement, seules une empreinte chiffrée de l'adresse (pas l'adresse elle-même) et les dates de votre
          consentement sont gardées {RETENTIONS.alertConsentYears} ans, pour pouvoir prouver que les e-mails envoyés
          avaient été demandés : c'est la durée que la CNIL retient pour les données de prospection.
        </p>
        <p id="mesure-audience">
          Pour savoir quelles offres intéressent les visiteurs, le site compte lui-même, pour chaque offre et chaque
          jour, les affichages de sa page, les copies de son code et les clics sur son lien de parrainage, qui passe par
          le site avant de mener au service. Il ne dépose pour cela aucun cookie et n'enregistre rien qui vous
          concerne : pour ne compter qu'une fois les répétitions venant d'un même réseau le même jour, il garde, jusqu'à
          minuit seulement, une empreinte chiffrée avec une clé tirée chaque jour ; l'empreinte et la clé sont effacées
          le lendemain, et votre adresse n'est jamais enregistrée. Seuls les totaux par offre et par jour sont
          conservés,
          {RETENTIONS.audienceTotalsMonths} mois au plus. Les robots et les préchargements ne sont pas comptés.
        </p>
        <p>
          Le site n'utilise aucun cookie publicitaire ni traceur d'un tiers : seuls des cookies techniques sont déposés,
          pour afficher les messages de confirmation après l'envoi d'un formulaire et, une seule fois, le lien
          d'effacement d'un témoignage.
        </p>
        <p>
          Conformément au Règlement général sur la protection des données et à la loi Informatique et Libertés, vous
          disposez d'un droit d'accès, de rectification, d'opposition, de portabilité et de suppression de vos données.
          Pour l'exercer, contactez l'éditeur à l'adresse {mail}. Vous pouvez aussi adresser une réclamation à la CNIL.
        </p>
      </TextSection>

      <TextSection id="liens" title="Liens externes">
        <p>
          Le site contient des liens vers des sites tiers, notamment des liens de parrainage. L'éditeur n'exerce aucun
          contrôle sur ces sites et décline toute responsabilité quant à leur contenu et à leurs conditions.
        </p>
      </TextSection>

      <TextSection id="responsabilite" title="Limitation de responsabilité">
        <p>
          Les informations publiées sont fournies à titre indicatif et peuvent contenir des erreurs ou ne plus être à
          jour. Les conditions de chaque offre sont celles du service concerné : vérifiez-les sur son site avant de vous
          inscrire. Les investissements en crypto-actifs comportent un risque de perte en capital. Les jeux d'argent
          sont interdits aux mineurs et peuvent être dangereux : appelez le 09 74 75 13 13 (appel non surtaxé).
        </p>
      </TextSection>

      <TextSection id="droit" title="Droit applicable et juridiction">
        <p>
          Les présentes mentions sont régies par le droit français. En cas de litige, et à défaut d'accord amiable, les
          tribunaux français sont seuls compétents.
        </p>
      </TextSection>

      <p>
        <Link to="/contact" className="font-semibold text-indigo-800 underline">
          Nous contacter
        </Link>
      </p>
    </article>
  );
}
