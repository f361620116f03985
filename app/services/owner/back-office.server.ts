import { requireOwner } from "./owner-session.server";
import { getBackend } from "../backend/index.server";
import type { OwnerAccess, OwnerStore } from "../backend/types.server";

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
