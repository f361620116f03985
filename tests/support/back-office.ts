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
  if (response.status !== 303 || !cookie) throw new Error(`Connexion refusée : ${response.status}`);
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
