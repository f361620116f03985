import {
  contactMessageSchema,
  MESSAGES,
  offerQuestionSchema,
  printable,
  sendContactEmailPayloadSchema,
  subjectLabel,
  SUBJECTS,
} from "@contract/contact-contract";
import { describe, expect, it } from "vitest";
import * as z from "zod";

const valid = { name: "Anne Martin", email: "anne@exemple.fr", subject: "question", message: "Bonjour, une question." };
const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return (result.success ? {} : z.flattenError(result.error).fieldErrors) as Record<string, string[] | undefined>;
};

describe("the message contract", () => {
  it("accepts a valid contact message and trims every field", () => {
    const parsed = contactMessageSchema.parse({
      ...valid,
      name: "  Anne Martin ",
      email: " anne@exemple.fr ",
      message: "  Bonjour, une question.  ",
    });
    expect(parsed).toEqual(valid);
  });

  it("requires a name of at least 2 characters, after trimming", () => {
    expect(errorsOf(contactMessageSchema, { ...valid, name: "A" })).toEqual({ name: [MESSAGES.nameTooShort] });
    expect(errorsOf(contactMessageSchema, { ...valid, name: "  A  " })).toEqual({ name: [MESSAGES.nameTooShort] });
    expect(errorsOf(contactMessageSchema, { ...valid, name: undefined })).toEqual({ name: [MESSAGES.nameTooShort] });
    expect(MESSAGES.nameTooShort).toBe("Le nom doit comporter au moins 2 caractères");
  });

  it("caps the name at 100 characters and refuses line breaks in it", () => {
    expect(errorsOf(contactMessageSchema, { ...valid, name: "x".repeat(101) })).toEqual({
      name: [MESSAGES.nameTooLong],
    });
    expect(errorsOf(contactMessageSchema, { ...valid, name: "Anne\r\nBcc: x@y.z" }).name).toBeDefined();
    expect(contactMessageSchema.safeParse({ ...valid, name: "x".repeat(100) }).success).toBe(true);
  });

  it("refuses control characters in the name with a clear French message", () => {
    expect(MESSAGES.nameInvalid).toBe("Le nom contient des caractères non autorisés");
    for (const name of [
      "Anne\u001b[2J\u001b[31mMartin", // ESC: clears and recolours a terminal
      "Anne\u0007Martin", // BEL
      "Anne\rMartin", // CR: rewrites the line
      "Anne\nBcc: x@y.z",
      "Anne\tMartin",
      "Anne\u0000Martin",
      "Anne\u007fMartin", // DEL
      "Anne\u009b31mMartin", // C1 CSI
      "Anne\u0085Martin", // NEL
      "Anne\u2028Martin", // line separator
      "Anne\u202eMartin", // right-to-left override
      "Anne\u2066Martin", // left-to-right isolate
    ]) {
      expect(errorsOf(contactMessageSchema, { ...valid, name }), JSON.stringify(name)).toEqual({
        name: [MESSAGES.nameInvalid],
      });
      expect(
        errorsOf(offerQuestionSchema, { ...valid, brandName: "Binance", name }).name,
        JSON.stringify(name),
      ).toEqual([MESSAGES.nameInvalid]);
    }
    for (const name of ["Anne-Marie O'Connor", "Zoë Ñúñez", "李小龙", "محمد علي", "Ana 👩‍💻"]) {
      expect(contactMessageSchema.safeParse({ ...valid, name }).success, name).toBe(true);
    }
  });

  it("refuses a name that poses as an address, or hides marks, with clear French messages", () => {
    for (const name of ["Binance Support <support@binance.com>", "support@binance.com", "Anne <Martin>"]) {
      expect(errorsOf(contactMessageSchema, { ...valid, name }), name).toEqual({ name: [MESSAGES.nameAddressLike] });
    }
    expect(MESSAGES.nameAddressLike).toContain("votre adresse va dans le champ E-mail");
    for (const name of [
      "Anne\u200eMartin", // left-to-right mark
      "Anne\u200fMartin", // right-to-left mark
      "Anne\u061cMartin", // Arabic letter mark
      "Anne\u200bMartin", // zero-width space
      "Anne\ufeffMartin", // byte order mark (trimmed away at either end)
      "An\u00adne", // soft hyphen
      "Anne\u2060Martin", // word joiner
    ]) {
      expect(errorsOf(contactMessageSchema, { ...valid, name }), JSON.stringify(name)).toEqual({
        name: [MESSAGES.nameInvisible],
      });
    }
    expect(MESSAGES.nameInvisible).toMatch(/^Le nom contient des caractères invisibles/);
  });

  it("keeps a message's line breaks and tabs, turning CR LF into LF, and refuses its other control characters", () => {
    const parsed = contactMessageSchema.parse({ ...valid, message: "Bonjour,\r\n\r\n\tune question.\rMerci" });
    expect(parsed.message).toBe("Bonjour,\n\n\tune question.\nMerci");
    expect(MESSAGES.messageInvalid).toBe("Le message contient des caractères non autorisés");
    for (const message of [
      "Bonjour \u001b]0;titre\u0007 à vous",
      "Bonjour\u0008\u0008 à vous",
      "Bonjour \u009b2J à vous",
    ]) {
      expect(errorsOf(contactMessageSchema, { ...valid, message }), JSON.stringify(message)).toEqual({
        message: [MESSAGES.messageInvalid],
      });
    }
  });

  it("refuses control characters in the brand name of a question", () => {
    const question = { name: "Anne", email: "anne@exemple.fr", message: "Le code marche-t-il ?" };
    for (const brandName of ["Bin\u000bance", "Bin\u0085ance", "Bin\u001bance", "Bin\u2028ance"]) {
      expect(errorsOf(offerQuestionSchema, { ...question, brandName }).brandName).toEqual([MESSAGES.brandNameInvalid]);
    }
  });

  it("requires a valid email of at most 254 characters", () => {
    expect(errorsOf(contactMessageSchema, { ...valid, email: "anne@" })).toEqual({ email: [MESSAGES.emailInvalid] });
    expect(errorsOf(contactMessageSchema, { ...valid, email: "" })).toEqual({ email: [MESSAGES.emailInvalid] });
    expect(errorsOf(contactMessageSchema, { ...valid, email: `${"a".repeat(250)}@b.fr` })).toEqual({
      email: [MESSAGES.emailTooLong],
    });
    expect(MESSAGES.emailInvalid).toBe("Veuillez entrer une adresse e-mail valide");
  });

  it("requires one of the five subjects", () => {
    expect(errorsOf(contactMessageSchema, { ...valid, subject: "" })).toEqual({ subject: [MESSAGES.subjectRequired] });
    expect(errorsOf(contactMessageSchema, { ...valid, subject: "spam" })).toEqual({
      subject: [MESSAGES.subjectRequired],
    });
    expect(MESSAGES.subjectRequired).toBe("Veuillez sélectionner un sujet");
    expect(SUBJECTS.map((subject) => [subject.value, subject.label])).toEqual([
      ["question", "Question générale"],
      ["partnership", "Proposition de partenariat"],
      ["new-code", "Proposition d'un nouveau code"],
      ["issue", "Signaler un problème"],
      ["other", "Autre sujet"],
    ]);
    expect(subjectLabel("new-code")).toBe("Proposition d'un nouveau code");
  });

  it("requires a message of 10 to 5000 characters, after trimming", () => {
    expect(errorsOf(contactMessageSchema, { ...valid, message: "trop court" + " " })).toEqual({});
    expect(errorsOf(contactMessageSchema, { ...valid, message: "  court   " })).toEqual({
      message: [MESSAGES.messageTooShort],
    });
    expect(errorsOf(contactMessageSchema, { ...valid, message: "x".repeat(5001) })).toEqual({
      message: [MESSAGES.messageTooLong],
    });
    expect(MESSAGES.messageTooShort).toBe("Le message doit comporter au moins 10 caractères");
  });

  it("reports every invalid field at once", () => {
    expect(Object.keys(errorsOf(contactMessageSchema, {})).sort()).toEqual(["email", "message", "name", "subject"]);
  });

  it("validates a per-offer question: same rules, no subject, a brand name", () => {
    const question = { name: "Anne", email: "anne@exemple.fr", message: "Le code marche-t-il ?", brandName: "Binance" };
    expect(offerQuestionSchema.parse(question)).toEqual(question);
    expect(Object.keys(errorsOf(offerQuestionSchema, { brandName: "Binance" })).sort()).toEqual([
      "email",
      "message",
      "name",
    ]);
    expect(errorsOf(offerQuestionSchema, { ...question, brandName: "" }).brandName).toEqual([
      MESSAGES.brandNameInvalid,
    ]);
  });

  it("accepts an optional submission id that must be a UUID", () => {
    expect(
      contactMessageSchema.safeParse({ ...valid, submissionId: "0b6f7d3e-2c1a-4b5e-9f00-1234567890ab" }).success,
    ).toBe(true);
    expect(contactMessageSchema.safeParse({ ...valid, submissionId: "not-a-uuid" }).success).toBe(false);
  });

  it("refuses control characters in the email address", () => {
    expect(errorsOf(contactMessageSchema, { ...valid, email: "anne\u001b@exemple.fr" })).toEqual({
      email: [MESSAGES.emailInvalid],
    });
  });

  it("lets the function accept either a contact message or a question", () => {
    expect(sendContactEmailPayloadSchema.safeParse(valid).success).toBe(true);
    expect(
      sendContactEmailPayloadSchema.safeParse({
        name: "Anne",
        email: "a@b.fr",
        message: "Une question ?!",
        brandName: "N26",
      }).success,
    ).toBe(true);
    expect(
      sendContactEmailPayloadSchema.safeParse({ name: "Anne", email: "a@b.fr", message: "Une question ?!" }).success,
    ).toBe(false);
  });
});

describe("printing stored texts", () => {
  it("shows every control character as an escape, so a terminal obeys none of them", () => {
    expect(printable("\u001b[2J\u001b[31mAnne\u0007\r\u009b1m\u007f")).toBe(
      "\\x1b[2J\\x1b[31mAnne\\x07\\x0d\\x9b1m\\x7f",
    );
    expect(printable("Anne\u202eniraM\u2028x\u2066")).toBe("Anne\\u202eniraM\\u2028x\\u2066");
    expect(printable("Ligne 1\nLigne 2\tfin")).toBe("Ligne 1\\x0aLigne 2\\x09fin");
    expect(printable("\u0000\u001f\u0080\u009f")).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });

  it("keeps the lines and tabs of a message when asked, and leaves ordinary text alone", () => {
    expect(printable("Bonjour,\n\tÀ bientôt\r\u001b[0m", { keepLines: true })).toBe(
      "Bonjour,\n\tÀ bientôt\\x0d\\x1b[0m",
    );
    const plain = "Zoë Ñúñez — 李小龙 « \u00a0 » محمد 👩‍💻 \\x1b";
    expect(printable(plain)).toBe(plain);
  });
});
