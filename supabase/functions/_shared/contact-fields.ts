/**
 * The limits, French error texts and subjects of a message sent to the site owner, without zod: what the pages need
 * before a visitor uses a form. The rules themselves are in `contact-contract.ts`, which re-exports all of this.
 */

export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;
export const BRAND_NAME_MAX = 100;
/**
 * Messages one network (an IPv4 /24, an IPv6 /48) may send in an hour, all its senders together: the default of
 * CONTACT_NETWORK_LIMIT_PER_HOUR, and of submit_contact_message's p_max_per_network.
 */
export const MESSAGES_PER_NETWORK_PER_HOUR = 5;
/**
 * The longest value each form field takes, for the form's `maxlength`: the schema cannot give it to the form
 * (zod counts characters, HTML counts UTF-16 units, so zod no longer exposes string lengths as constraints).
 */
export const FIELD_MAX_LENGTHS: Readonly<Record<string, number>> = {
  name: NAME_MAX,
  email: EMAIL_MAX,
  message: MESSAGE_MAX,
};

export const MESSAGES = {
  nameTooShort: "Le nom doit comporter au moins 2 caractères",
  nameTooLong: `Le nom ne doit pas dépasser ${NAME_MAX} caractères`,
  emailInvalid: "Veuillez entrer une adresse e-mail valide",
  emailTooLong: `L'adresse e-mail ne doit pas dépasser ${EMAIL_MAX} caractères`,
  subjectRequired: "Veuillez sélectionner un sujet",
  messageTooShort: "Le message doit comporter au moins 10 caractères",
  messageTooLong: `Le message ne doit pas dépasser ${MESSAGE_MAX} caractères`,
  brandNameInvalid: "Le nom de la marque est invalide",
  nameInvalid: "Le nom contient des caractères non autorisés",
  nameAddressLike:
    "Le nom ne peut contenir ni « < », ni « > », ni « @ » : indiquez votre nom ou un pseudonyme, votre adresse va dans le champ E-mail",
  nameInvisible:
    "Le nom contient des caractères invisibles ou de mise en forme (marques de sens d'écriture, espaces sans largeur) : retirez-les",
  messageInvalid: "Le message contient des caractères non autorisés",
} as const;

/**
 * The one e-mail the owner gets, in place of the messages, once more than the hourly ceiling of messages came in
 * (the database's message_rules()): every message is stored and waits in the back office.
 */
export const MESSAGES_SUMMARY = {
  subject: "[Contact] Beaucoup de messages : les suivants attendent dans la gestion",
  text: [
    "Le site a reçu plus de messages en une heure qu'il n'en envoie par e-mail.",
    "Les messages suivants de cette heure sont tous enregistrés mais ne vous sont pas envoyés un par un :",
    "lisez-les dans la gestion du site (/gestion).",
  ].join("\n"),
} as const;

export const SUBJECTS = [
  { value: "question", label: "Question générale" },
  { value: "partnership", label: "Proposition de partenariat" },
  { value: "new-code", label: "Proposition d'un nouveau code" },
  { value: "issue", label: "Signaler un problème" },
  { value: "other", label: "Autre sujet" },
] as const;

export type SubjectId = (typeof SUBJECTS)[number]["value"];

export function subjectLabel(subject: string | undefined): string | undefined {
  return SUBJECTS.find((candidate) => candidate.value === subject)?.label;
}
