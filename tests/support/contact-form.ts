import { randomUUID } from "node:crypto";
import type { RunningSite } from "./server";

interface ContactFields {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** A valid message, for the fields a test does not name. */
const A_MESSAGE: ContactFields = {
  name: "Anne Martin",
  email: "anne@exemple.fr",
  subject: "question",
  message: "Une question envoyée par un test.",
};

/**
 * Posts the contact form to the running site as a browser on its pages would, with a fresh submission id: the fields
 * given, a valid value for the others.
 */
export function postContactForm(
  site: RunningSite,
  fields: Partial<ContactFields> = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${site.url}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.origin, ...headers },
    body: new URLSearchParams({ ...A_MESSAGE, ...fields, submissionId: randomUUID() }),
  });
}
