import type { RunningSite } from "./server";

/** The back office's password in the tests. */
export const OWNER_PASSWORD = "correct-cheval-agrafe-pile";

/** Posts a form to the running site as its own pages would (their Origin), without following the answer. */
export function postForm(
  site: RunningSite,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${site.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.origin, ...headers },
    body: new URLSearchParams(fields),
  });
}

/** The `name=value` of the answer's cookie called `name`, if it sets one. */
export function cookieFrom(response: Response, name: string): string | undefined {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .find((pair) => pair.startsWith(`${name}=`));
}

/** Signs in to the back office and gives the session's cookie (`cp_gestion=…`). */
export async function signIn(site: RunningSite, headers: Record<string, string> = {}): Promise<string> {
  const response = await postForm(site, "/gestion/connexion", { password: OWNER_PASSWORD }, headers);
  const cookie = cookieFrom(response, "cp_gestion");
  if (response.status !== 303 || !cookie) throw new Error(`Connexion refusée : ${response.status}`);
  return cookie;
}

/** Sends `count` wrong passwords to sign-in as the browser `headers` describe: the statuses answered. */
export async function wrongPasswords(site: RunningSite, headers: Record<string, string>, count = 5): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < count; attempt += 1) {
    statuses.push((await postForm(site, "/gestion/connexion", { password: `essai-${attempt}` }, headers)).status);
  }
  return statuses;
}

/**
 * The owner raises N26's bonus from the bundled 15 € to 20 € and drops its card-payment condition, with a new code:
 * an improvement, as the history records it. Gives the back office's answer.
 * `more` adds fields (a first day, say).
 */
export function improveN26(
  site: RunningSite,
  headers: Record<string, string>,
  code: string,
  more: Record<string, string> = {},
): Promise<Response> {
  return postForm(site, "/gestion/offres/n26", { ...n26OfferForm(code), ...more }, headers);
}

/** The back office's form on N26 saving `amount` € as its bonus (the bundle has 15 €) and `code`. */
export const n26OfferForm = (code: string, amount = 20) => ({
  intent: "save",
  code,
  link: "https://n26.com/fr-fr/parrainage",
  offer_description: `${amount} € offerts après l'ouverture de votre compte N26.`,
  bonus_amount: String(amount),
  bonus_unit: "EUR",
  bonus_kind: "argent",
  conditions: "Ouverture du compte avec le code de parrainage",
});
