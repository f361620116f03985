/**
 * The one contract of a message sent to the site owner (fields, limits, French error texts, subjects): used by the forms (Conform),
 * the route actions and the send-contact-email function. Kept free of anything but zod so Deno and Node share it. Its
 * limits, texts and subjects are in `contact-fields.ts`, which pages can import without loading zod.
 */
import * as z from "zod";
import {
  BRAND_NAME_MAX,
  EMAIL_MAX,
  MESSAGE_MAX,
  MESSAGE_MIN,
  MESSAGES,
  NAME_MAX,
  NAME_MIN,
  SUBJECTS,
} from "./contact-fields.ts";
import type { SubjectId } from "./contact-fields.ts";

// The site's Content-Security-Policy forbids eval: zod must not even probe for it (the probe is reported).
z.config({ jitless: true });

export * from "./contact-fields.ts";

const SUBJECT_IDS = SUBJECTS.map((subject) => subject.value) as [SubjectId, ...SubjectId[]];

/**
 * Characters that act on whatever displays the text rather than being read: C0 and C1 controls and DEL (a terminal
 * obeys ESC sequences, BEL, CR), the Unicode line and paragraph separators, and the bidirectional embeddings,
 * overrides and isolates that reorder what follows them.
 */
// deno-lint-ignore no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** What a message may not hold: the control characters, except line feeds and tabs. */
// deno-lint-ignore no-control-regex
export const MESSAGE_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/**
 * Marks that show nothing yet change how a text reads or compares: the bidirectional marks (LRM, RLM, ALM), the
 * zero-width space, the word joiner and invisible operators, the soft hyphen, the Mongolian vowel separator and the
 * byte order mark. A name holding one may pose as another, or as an address. The zero-width joiner and non-joiner
 * stay allowed: emoji sequences and several scripts need them.
 */
export const INVISIBLE_MARKS = /[\u00ad\u061c\u180e\u200b\u200e\u200f\u2060-\u2064\u206a-\u206f\ufeff]/;
/** What makes a name look like an e-mail address where it is shown as one (a Reply-To's display name). */
export const ADDRESS_LIKE = /[<>@]/;

/**
 * What no XML document may hold (XML 1.0's Char production) beyond the control characters: a surrogate without its
 * pair, and the noncharacters U+FFFE and U+FFFF. One in an offer's text made the Atom feeds unreadable.
 */
const NOT_XML_CHARACTERS = /[\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A one-line text, such as a name: it goes into logs, `npm run messages`, e-mail headers and the feeds. */
export const plainLine = (text: string) => !CONTROL_CHARACTERS.test(text) && !NOT_XML_CHARACTERS.test(text);

/** A text of several lines shown to others: lines and tabs, but nothing invisible, reordering or controlling. */
export const plainText = (text: string) => !INVISIBLE_MARKS.test(text) && plainLine(text.replace(/[\n\t]/g, " "));

/**
 * A visitor's name or pseudonym: one plain line, nothing invisible, nothing of an address. It becomes the display
 * name of the owner's Reply-To, where "Binance Support <support@binance.com>" would pose as that address.
 */
export const nameField = z
  .string({ error: MESSAGES.nameTooShort })
  .trim()
  .min(NAME_MIN, { error: MESSAGES.nameTooShort })
  .max(NAME_MAX, { error: MESSAGES.nameTooLong })
  .refine((text) => !INVISIBLE_MARKS.test(text), { error: MESSAGES.nameInvisible, abort: true })
  .refine(plainLine, { error: MESSAGES.nameInvalid, abort: true })
  .refine((text) => !ADDRESS_LIKE.test(text), { error: MESSAGES.nameAddressLike });

export const emailField = z
  .string({ error: MESSAGES.emailInvalid })
  .trim()
  .max(EMAIL_MAX, { error: MESSAGES.emailTooLong })
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

export const subjectField = z.enum(SUBJECT_IDS, { error: MESSAGES.subjectRequired });

/** A message keeps its lines and tabs; the CR LF line ends a browser sends from a textarea become LF. */
export const messageField = z
  .string({ error: MESSAGES.messageTooShort })
  .overwrite((text) => text.replace(/\r\n?/g, "\n"))
  .trim()
  .min(MESSAGE_MIN, { error: MESSAGES.messageTooShort })
  .max(MESSAGE_MAX, { error: MESSAGES.messageTooLong })
  .refine((text) => !MESSAGE_CONTROL_CHARACTERS.test(text), { error: MESSAGES.messageInvalid });

export const brandNameField = z
  .string({ error: MESSAGES.brandNameInvalid })
  .trim()
  .min(1, { error: MESSAGES.brandNameInvalid })
  .max(BRAND_NAME_MAX, { error: MESSAGES.brandNameInvalid })
  .refine(plainLine, { error: MESSAGES.brandNameInvalid });

/** Identifies one rendering of a form, so that sending it twice stores one message. */
export const submissionIdField = z.uuid().optional();

/** Contact page: name, email, subject, message. */
export const contactMessageSchema = z.object({
  name: nameField,
  email: emailField,
  subject: subjectField,
  message: messageField,
  submissionId: submissionIdField,
});

/** Per-offer question: name, email, message and the brand it is about. */
export const offerQuestionSchema = z.object({
  name: nameField,
  email: emailField,
  message: messageField,
  brandName: brandNameField,
  submissionId: submissionIdField,
});

/** What send-contact-email accepts: either of the two. */
export const sendContactEmailPayloadSchema = z.union([contactMessageSchema, offerQuestionSchema]);

export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type OfferQuestion = z.infer<typeof offerQuestionSchema>;
export type SendContactEmailPayload = z.infer<typeof sendContactEmailPayloadSchema>;

/**
 * A stored text made safe to print on a terminal or in a log: every control character, and every character that
 * reorders or breaks lines, is shown as an escape (`\x1b`, `\u202e`), so that a sender cannot move the cursor,
 * recolour, retitle or rewrite what the reader sees. Line feeds and tabs stay when `keepLines` is set (a message).
 * Texts stored before the contract refused these characters are printed through it as well.
 */
export function printable(text: string, { keepLines = false }: { keepLines?: boolean } = {}): string {
  return text.replace(new RegExp(CONTROL_CHARACTERS.source, "g"), (character) => {
    if (keepLines && (character === "\n" || character === "\t")) return character;
    const code = character.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
