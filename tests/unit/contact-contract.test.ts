import { describe, expect, it } from "vitest";
import * as z from "zod";
import {
  contactMessageSchema,
  MESSAGES,
  offerQuestionSchema,
  sendContactEmailPayloadSchema,
  subjectLabel,
  SUBJECTS,
} from "../../supabase/functions/_shared/contact-contract";

const valid = { name: "Anne Martin", email: "anne@exemple.fr", subject: "question", message: "Bonjour, une question." };
const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return (result.success ? {} : z.flattenError(result.error).fieldErrors) as Record<string, string[] | undefined>;
};

describe("the message contract", () => {
  it("accepts a valid contact message and trims every field", () => {
    const parsed = contactMessageSchema.parse({ ...valid, name: "  Anne Martin ", email: " anne@exemple.fr ", message: "  Bonjour, une question.  " });
    expect(parsed).toEqual(valid);
  });

  it("requires a name of at least 2 characters, after trimming", () => {
    expect(errorsOf(contactMessageSchema, { ...valid, name: "A" })).toEqual({ name: [MESSAGES.nameTooShort] });
    expect(errorsOf(contactMessageSchema, { ...valid, name: "  A  " })).toEqual({ name: [MESSAGES.nameTooShort] });
    expect(errorsOf(contactMessageSchema, { ...valid, name: undefined })).toEqual({ name: [MESSAGES.nameTooShort] });
    expect(MESSAGES.nameTooShort).toBe("Le nom doit comporter au moins 2 caractères");
  });

  it("caps the name at 100 characters and refuses line breaks in it", () => {
    expect(errorsOf(contactMessageSchema, { ...valid, name: "x".repeat(101) })).toEqual({ name: [MESSAGES.nameTooLong] });
    expect(errorsOf(contactMessageSchema, { ...valid, name: "Anne\r\nBcc: x@y.z" }).name).toBeDefined();
    expect(contactMessageSchema.safeParse({ ...valid, name: "x".repeat(100) }).success).toBe(true);
  });

  it("requires a valid email of at most 254 characters", () => {
    expect(errorsOf(contactMessageSchema, { ...valid, email: "anne@" })).toEqual({ email: [MESSAGES.emailInvalid] });
    expect(errorsOf(contactMessageSchema, { ...valid, email: "" })).toEqual({ email: [MESSAGES.emailInvalid] });
    expect(errorsOf(contactMessageSchema, { ...valid, email: `${"a".repeat(250)}@b.fr` })).toEqual({ email: [MESSAGES.emailTooLong] });
    expect(MESSAGES.emailInvalid).toBe("Veuillez entrer une adresse email valide");
  });

  it("requires one of the five subjects", () => {
    expect(errorsOf(contactMessageSchema, { ...valid, subject: "" })).toEqual({ subject: [MESSAGES.subjectRequired] });
    expect(errorsOf(contactMessageSchema, { ...valid, subject: "spam" })).toEqual({ subject: [MESSAGES.subjectRequired] });
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
    expect(errorsOf(contactMessageSchema, { ...valid, message: "  court   " })).toEqual({ message: [MESSAGES.messageTooShort] });
    expect(errorsOf(contactMessageSchema, { ...valid, message: "x".repeat(5001) })).toEqual({ message: [MESSAGES.messageTooLong] });
    expect(MESSAGES.messageTooShort).toBe("Le message doit comporter au moins 10 caractères");
  });

  it("reports every invalid field at once", () => {
    expect(Object.keys(errorsOf(contactMessageSchema, {})).sort()).toEqual(["email", "message", "name", "subject"]);
  });

  it("validates a per-offer question: same rules, no subject, a brand name", () => {
    const question = { name: "Anne", email: "anne@exemple.fr", message: "Le code marche-t-il ?", brandName: "Binance" };
    expect(offerQuestionSchema.parse(question)).toEqual(question);
    expect(Object.keys(errorsOf(offerQuestionSchema, { brandName: "Binance" })).sort()).toEqual(["email", "message", "name"]);
    expect(errorsOf(offerQuestionSchema, { ...question, brandName: "" }).brandName).toEqual([MESSAGES.brandNameInvalid]);
  });

  it("accepts an optional submission id that must be a UUID", () => {
    expect(contactMessageSchema.safeParse({ ...valid, submissionId: "0b6f7d3e-2c1a-4b5e-9f00-1234567890ab" }).success).toBe(true);
    expect(contactMessageSchema.safeParse({ ...valid, submissionId: "not-a-uuid" }).success).toBe(false);
  });

  it("lets the function accept either a contact message or a question", () => {
    expect(sendContactEmailPayloadSchema.safeParse(valid).success).toBe(true);
    expect(sendContactEmailPayloadSchema.safeParse({ name: "Anne", email: "a@b.fr", message: "Une question ?!", brandName: "N26" }).success).toBe(true);
    expect(sendContactEmailPayloadSchema.safeParse({ name: "Anne", email: "a@b.fr", message: "Une question ?!" }).success).toBe(false);
  });
});
