import { getBackend } from "./backend/index.server";
import { requireOwner } from "./owner-session.server";
import type { OwnerStore } from "./backend/types.server";

/**
 * The back office's operations for a signed-in owner (after requireOwner), or the name of the variable to set when
 * the backend cannot give them (hosted Supabase without its service role's key).
 */
export async function ownerStoreFor(request: Request): Promise<OwnerStore | string> {
  await requireOwner(request);
  return (await getBackend()).owner();
}

/** A positive whole number sent by a form (a message's id), or a 400. */
export function formId(value: FormDataEntryValue | null): number {
  const id = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Message inconnu.", { status: 400 });
  return id;
}
