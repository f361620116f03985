import { log } from "../log.server";
import { requireOwner } from "./owner-session.server";
import { getBackend } from "../backend/index.server";
import { MISSING_SERVICE_ROLE_KEY, type Backend, type OwnerAccess, type OwnerStore } from "../backend/types.server";
import { redirectWithError } from "../toast.server";

/** What the owner reads when a write of theirs found the database unable to take it. */
export const OWNER_WRITE_FAILED =
  "Rien n'a été enregistré : la base de données n'a pas pu l'écrire. Réessayez dans quelques minutes.";

/**
 * Why one of the owner's writes failed, in French, for the owner: the full disk and its folder when that is the cause
 * (the owner is who can free it), else OWNER_WRITE_FAILED. The error itself goes to the log.
 */
export async function ownerWriteFailure(error: unknown): Promise<string> {
  log.error("Gestion : écriture impossible :", error);
  const storage = (await getBackend()).storageProblem();
  return storage ? `Rien n'a été enregistré. ${storage}` : OWNER_WRITE_FAILED;
}

/**
 * Runs one of the owner's writes. When the backend cannot take it (a full disk, a database that does not answer),
 * the owner is sent back to `back` with an error toast saying that nothing was saved, and why: never a bare 500.
 */
export async function ownerWrite<T>(request: Request, back: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Response) throw error;
    throw await redirectWithError(
      request,
      back,
      { message: "Erreur", description: await ownerWriteFailure(error), duration: 10_000 },
      { status: 303 },
    );
  }
}

/**
 * The back office's operations for a signed-in owner (after requireOwner), or the variable to set when the backend
 * cannot give them (hosted Supabase without its service role's key): what a page shows.
 */
export async function ownerAccessFor(request: Request): Promise<OwnerAccess> {
  await requireOwner(request);
  return (await getBackend()).owner();
}

/** The back office's operations for a signed-in owner's form; without them, the one answer: a 503 naming the variable. */
export async function ownerStoreFor(request: Request): Promise<OwnerStore> {
  const access = await ownerAccessFor(request);
  if (!access.ok) throw new Response(`Définissez ${access.missing}.`, { status: 503 });
  return access.store;
}

/** The variable a back-office page says to set, or null when the back office works. */
export const missingKey = (access: OwnerAccess) => (access.ok ? null : access.missing);

/** A positive whole number sent by a form (a message's id), or a 400. */
export function formId(value: FormDataEntryValue | null): number {
  const id = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Message inconnu.", { status: 400 });
  return id;
}

/**
 * The back office's guides or site texts for a signed-in owner, or the variable to set when the backend cannot give
 * them.
 */
export async function deskFor<Name extends "guideDesk" | "siteTextDesk">(
  request: Request,
  name: Name,
): Promise<{ desk: ReturnType<Backend[Name]>; missing: string | null }> {
  await requireOwner(request);
  const desk = (await getBackend())[name]() as ReturnType<Backend[Name]>;
  return { desk, missing: desk ? null : MISSING_SERVICE_ROLE_KEY };
}

export const guideDeskFor = (request: Request) => deskFor(request, "guideDesk");
