import { statfsSync } from "node:fs";

/**
 * Below this much free space under the data folder, the embedded database can no longer be trusted to write: a WAL
 * segment alone is 16 MB, and a checkpoint or a backup needs more. /healthz answers 503 below it.
 */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

const MB = 1024 * 1024;

/** The bytes an unprivileged process may still write on the disk that holds `dir`; undefined when unknown. */
export function freeBytes(dir: string): number | undefined {
  try {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

/** "Le disque qui porte /srv/data est plein : il reste 3 Mo, il en faut 64 au moins pour enregistrer." or null. */
export function diskFullMessage(dir: string): string | null {
  const free = freeBytes(dir);
  if (free === undefined || free >= MIN_FREE_BYTES) return null;
  return (
    `Le disque qui porte ${dir} est plein : il reste ${Math.floor(free / MB)} Mo, il en faut ` +
    `${MIN_FREE_BYTES / MB} au moins pour enregistrer. Libérez de la place.`
  );
}

/** Whether `error` says a write found no room (ENOSPC, or the words Postgres and PGlite use for it). */
export function isNoSpaceError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "ENOSPC" || /ENOSPC|No space left|could not extend file|disk full/i.test(String(message ?? ""));
}

/**
 * Why a write under `dataDir` failed, in French: the full disk and its folder when that is the cause (said by the
 * error, or seen on the disk: an aborted embedded database says only "Aborted()"), else the error's own message.
 */
export function describeWriteFailure(error: unknown, dataDir: string): string {
  const full = diskFullMessage(dataDir);
  if (full) return full;
  if (isNoSpaceError(error)) return `Le disque qui porte ${dataDir} est plein. Libérez de la place.`;
  return error instanceof Error ? error.message : String(error);
}
