/**
 * What every function the site calls does with a request before reading its fields: CORS, the JSON content type, a
 * bounded body, and the key a caller is counted on for rate limiting.
 */

/** The answers shared by every function, in French like everything a visitor may read. */
export const REQUEST_ERRORS = {
  methodNotAllowed: "Méthode non autorisée.",
  unsupportedMediaType: "Le contenu de la requête doit être au format JSON.",
  payloadTooLarge: "La requête est trop volumineuse.",
  malformedJson: "Requête invalide : JSON mal formé.",
  invalidFields: "Certains champs sont invalides.",
  misconfigured: "Configuration du serveur incomplète.",
  internal: "Une erreur interne est survenue.",
} as const;

export class PayloadTooLargeError extends Error {}

export function corsHeaders(origin: string): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Headers":
      "authorization, x-client-info, apikey, content-type, x-client-key, x-client-key-secret",
    "Access-Control-Allow-Methods": "POST, OPTIONS",
    "Content-Type": "application/json; charset=utf-8",
  };
}

export function isJsonContentType(value: string | null): boolean {
  return value?.split(";")[0]?.trim().toLowerCase() === "application/json";
}

/** Reads at most `limit` bytes, so that a body without (or lying about) its length cannot exhaust memory. */
export async function readBody(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw new PayloadTooLargeError();
  if (!req.body) return "";

  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new PayloadTooLargeError();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

/** Who is asking, for the warnings of clientKey: the function's name and what it counts ("message", "avis"). */
export interface KeyedCall {
  functionName: string;
  counted: string;
}

/**
 * The website server sends a hash of the visitor's address, trusted only with the secret both share
 * (CONTACT_CLIENT_KEY_SECRET); any other call is keyed by its own address, so a caller cannot pick its key.
 */
export async function clientKey(
  req: Request,
  env: (name: string) => string | undefined,
  { functionName, counted }: KeyedCall,
): Promise<string> {
  const given = req.headers.get("x-client-key");
  const secret = env("CONTACT_CLIENT_KEY_SECRET");
  const vouched = Boolean(secret) && req.headers.get("x-client-key-secret") === secret;
  if (vouched && given && /^[a-f0-9]{64}$/.test(given)) return given;
  if (given && req.headers.has("x-client-key-secret")) {
    // The site sent a key the function does not accept: every visitor now shares the site server's budget.
    console.warn(
      secret
        ? `${functionName} : clé d'expéditeur refusée, CONTACT_CLIENT_KEY_SECRET diffère de celui du site ; ${counted} compté sur l'adresse de l'appelant.`
        : `${functionName} : CONTACT_CLIENT_KEY_SECRET n'est pas défini pour la fonction ; ${counted} compté sur l'adresse de l'appelant.`,
    );
  }
  return await sha256Hex(callerAddress(req));
}

/**
 * The address a direct caller is counted on: the right-most X-Forwarded-For entry. Each proxy in front of the
 * function (on hosted Supabase, the platform's own) appends the address it received the request from, so the
 * right-most entry was written by the platform, while anything to its left may have been written by the caller: a
 * caller who sends a made-up X-Forwarded-For only adds entries that are never read, and cannot pick a fresh budget.
 * At worst, callers that reach the platform through one proxy share a budget. The site's own visitors are never
 * counted here: the site vouches for their key with CONTACT_CLIENT_KEY_SECRET.
 */
export function callerAddress(req: Request): string {
  const hops = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops.at(-1) ?? "unknown";
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
