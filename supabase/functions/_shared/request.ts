/**
 * What every function the site calls does with a request before reading its fields: CORS, the JSON content type, a
 * bounded body, the payload's validation, the database client, and the key a caller is counted on for rate limiting.
 */

import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod";
import { visitorNetwork, visitorWiderNetwork } from "./visitor-network.ts";

/** The answers shared by every function, in French like everything a visitor may read. */
export const REQUEST_ERRORS = {
  methodNotAllowed: "Méthode non autorisée.",
  unsupportedMediaType: "Le contenu de la requête doit être au format JSON.",
  payloadTooLarge: "La requête est trop volumineuse.",
  malformedJson: "Requête invalide : JSON mal formé.",
  invalidFields: "Certains champs sont invalides.",
  misconfigured: "Configuration du serveur incomplète.",
  siteOnly: "Appel refusé : seul le site peut appeler cette fonction.",
  internal: "Une erreur interne est survenue.",
} as const;

export class PayloadTooLargeError extends Error {}

/** What a function reads from its surroundings: its settings, and the network (a fake in tests). */
export interface EndpointDeps {
  env: (name: string) => string | undefined;
  fetch: typeof fetch;
}

export interface JsonEndpointOptions<T> {
  /** Named at the start of every line the function logs. */
  functionName: string;
  maxBodyBytes: number;
  schema: z.ZodType<T>;
  /** The field messages of a refused payload; by default, those of `schema`. */
  fieldErrors?: (body: unknown, error: z.ZodError) => Record<string, string[]>;
  /** The answers when the database did not store the payload (502) or refused it for its rate limit (429). */
  errors: { notStored: string; rateLimited: string };
  /**
   * Only the site may call: a call without the secret it shares with the function (CONTACT_CLIENT_KEY_SECRET) is
   * refused with a 403 before its body is read, so that no other page can make its visitors call the function.
   */
  siteOnly?: boolean;
}

/** Answers with `body` as JSON and the CORS headers, plus `extra`. */
export type JsonReply = (status: number, body: unknown, extra?: Record<string, string>) => Response;

/** A database procedure storing a payload, which answers "rate_limited" or one of `results`. */
export interface StoreProcedure<R extends string> {
  name: string;
  args: Record<string, unknown>;
  results: readonly R[];
  /** When a rate-limited caller may try again. */
  retryAfterSeconds: number;
}

/** A request that passed every check, with its payload. */
export interface JsonCall<T> {
  req: Request;
  payload: T;
  json: JsonReply;
  /** The database, with the service role. */
  db: SupabaseClient;
  /**
   * Calls `procedure` with the service role: its result, or the answer to send instead, a 429 with Retry-After when
   * the caller is rate limited, a 502 (logged) when the procedure fails or answers anything else.
   */
  store: <R extends string>(procedure: StoreProcedure<R>) => Promise<R | Response>;
}

/**
 * A function taking a JSON payload over POST: it answers the CORS preflight, refuses other methods (405), other
 * content types (415), bodies over `maxBodyBytes` (413), malformed JSON (400) and invalid fields (400, with their
 * messages), and a missing database configuration (500); `handle` is only called with a valid payload. Whatever
 * `handle` throws is logged and answered with a 500.
 */
export function jsonEndpoint<T>(
  deps: EndpointDeps,
  {
    functionName,
    maxBodyBytes,
    schema,
    fieldErrors = (_body, error) => fieldErrorsOf(error),
    errors,
    siteOnly = false,
  }: JsonEndpointOptions<T>,
  handle: (call: JsonCall<T>) => Promise<Response>,
): (req: Request) => Promise<Response> {
  return async (req) => {
    const cors = corsHeaders(deps.env("ALLOWED_ORIGIN"));
    const json: JsonReply = (status, body, extra = {}) =>
      new Response(JSON.stringify(body), { status, headers: { ...cors, ...extra } });

    if (req.method === "OPTIONS") return new Response(null, { status: 204, headers: cors });
    if (req.method !== "POST") {
      return json(405, { error: REQUEST_ERRORS.methodNotAllowed }, { Allow: "POST, OPTIONS" });
    }
    if (siteOnly && !fromTheSite(req, deps.env)) {
      return json(403, { error: REQUEST_ERRORS.siteOnly });
    }
    if (!isJsonContentType(req.headers.get("content-type"))) {
      return json(415, { error: REQUEST_ERRORS.unsupportedMediaType });
    }

    try {
      let text: string;
      try {
        text = await readBody(req, maxBodyBytes);
      } catch (error) {
        if (error instanceof PayloadTooLargeError) return json(413, { error: REQUEST_ERRORS.payloadTooLarge });
        // Undecodable bytes are as unusable as broken JSON.
        if (error instanceof TypeError) return json(400, { error: REQUEST_ERRORS.malformedJson });
        throw error;
      }

      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return json(400, { error: REQUEST_ERRORS.malformedJson });
      }

      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        return json(400, { error: REQUEST_ERRORS.invalidFields, fieldErrors: fieldErrors(body, parsed.error) });
      }

      const supabaseUrl = deps.env("SUPABASE_URL");
      const serviceRoleKey = deps.env("SUPABASE_SERVICE_ROLE_KEY");
      if (!supabaseUrl || !serviceRoleKey) {
        console.error(`${functionName} : SUPABASE_URL ou SUPABASE_SERVICE_ROLE_KEY n'est pas défini.`);
        return json(500, { error: REQUEST_ERRORS.misconfigured });
      }
      const supabase = createClient(supabaseUrl, serviceRoleKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        global: { fetch: deps.fetch },
      });
      const store = async <R extends string>({ name, args, results, retryAfterSeconds }: StoreProcedure<R>) => {
        const { data, error } = await supabase.rpc(name, args);
        if (error || typeof data !== "string" || (data !== "rate_limited" && !results.includes(data as R))) {
          console.error(`${functionName} : échec de ${name}`, error ?? { data });
          return json(502, { error: errors.notStored });
        }
        if (data === "rate_limited") {
          return json(429, { error: errors.rateLimited }, { "Retry-After": String(retryAfterSeconds) });
        }
        return data as R;
      };

      return await handle({ req, payload: parsed.data, json, db: supabase, store });
    } catch (error) {
      console.error(`${functionName} : erreur inattendue`, error);
      return json(500, { error: REQUEST_ERRORS.internal });
    }
  };
}

/** The messages of each refused field, by field name. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const { fieldErrors } = z.flattenError(error);
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (Array.isArray(messages)) result[field] = messages;
  }
  return result;
}

/**
 * The CORS headers: a browser page may call the function only from ALLOWED_ORIGIN, never from anywhere by default
 * (the site calls it from its server, which CORS does not concern).
 */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  return {
    ...(origin ? { "Access-Control-Allow-Origin": origin } : {}),
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
  // Leaving the loop, as the throw does, cancels the rest of the body.
  for await (const chunk of req.body) {
    size += chunk.byteLength;
    if (size > limit) throw new PayloadTooLargeError();
    chunks.push(chunk);
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

/** Whether the call carries the secret the site shares with the function, compared in constant time. */
export function fromTheSite(req: Request, env: (name: string) => string | undefined): boolean {
  const secret = env("CONTACT_CLIENT_KEY_SECRET");
  const given = req.headers.get("x-client-key-secret");
  if (!secret || given === null) return false;
  const [a, b] = [new TextEncoder().encode(secret), new TextEncoder().encode(given)];
  let difference = a.length ^ b.length;
  for (let index = 0; index < a.length; index += 1) difference |= a[index]! ^ (b[index] ?? 0);
  return difference === 0;
}

/**
 * The website server sends a keyed hash of the visitor's network, trusted only with the secret both share
 * (CONTACT_CLIENT_KEY_SECRET); any other call is keyed by its own network, hashed with a key of the function's
 * (that secret, else the service role key) so that a key cannot be turned back into an address by trying them all,
 * and a caller cannot pick its key.
 */
export async function clientKey(
  req: Request,
  env: (name: string) => string | undefined,
  { functionName, counted }: KeyedCall,
): Promise<string> {
  const given = req.headers.get("x-client-key");
  const secret = env("CONTACT_CLIENT_KEY_SECRET");
  if (fromTheSite(req, env) && given && /^[a-f0-9]{64}$/.test(given)) return given;
  if (given && req.headers.has("x-client-key-secret")) {
    // The site sent a key the function does not accept: every visitor now shares the site server's budget.
    console.warn(
      secret
        ? `${functionName} : clé d'expéditeur refusée, CONTACT_CLIENT_KEY_SECRET diffère de celui du site ; ${counted} compté sur l'adresse de l'appelant.`
        : `${functionName} : CONTACT_CLIENT_KEY_SECRET n'est pas défini pour la fonction ; ${counted} compté sur l'adresse de l'appelant.`,
    );
  }
  return await callerHash(env, visitorNetwork(callerAddress(req)));
}

/**
 * The key of the caller's network (the /24 or /48 around the visitor), for what weighs per network: the site's
 * (x-client-network-key), trusted with the shared secret as the visitor's key is; from a site that sends none, the
 * visitor's own key (a network of their own, as before networks were weighed); for any other call, a keyed hash of
 * the network around the calling address.
 */
export async function networkKey(req: Request, env: (name: string) => string | undefined): Promise<string> {
  if (fromTheSite(req, env)) {
    for (const key of [req.headers.get("x-client-network-key"), req.headers.get("x-client-key")]) {
      if (key && /^[a-f0-9]{64}$/.test(key)) return key;
    }
  }
  return await callerHash(env, visitorWiderNetwork(callerAddress(req)));
}

/** A keyed hash of what a direct caller is counted on: a key cannot be turned back into an address by trying all. */
function callerHash(env: (name: string) => string | undefined, network: string): Promise<string> {
  return hmacSha256Hex(env("CONTACT_CLIENT_KEY_SECRET") || env("SUPABASE_SERVICE_ROLE_KEY") || "", network);
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

export async function hmacSha256Hex(key: string, text: string): Promise<string> {
  const encoder = new TextEncoder();
  const cryptoKey = await crypto.subtle.importKey(
    "raw",
    encoder.encode(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const digest = await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
