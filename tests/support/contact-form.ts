import { randomUUID } from "node:crypto";
import type { RunningSite } from "./server";

/** Posts the contact form to the running site as a browser on its pages would, with a fresh submission id. */
export function postContactForm(
  site: RunningSite,
  fields: { name: string; email: string; subject: string; message: string },
): Promise<Response> {
  return fetch(`${site.url}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.origin },
    body: new URLSearchParams({ ...fields, submissionId: randomUUID() }),
  });
}
