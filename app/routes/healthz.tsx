import { getBackend } from "~/services/backend/index.server";
import { siteSecretReplaced } from "~/services/lifecycle/secrets.server";
import { log } from "~/services/log.server";

const HEADERS = {
  "Content-Type": "text/plain; charset=utf-8",
  "X-Content-Type-Options": "nosniff",
};

const UNAVAILABLE = { status: 503, headers: { ...HEADERS, "Retry-After": "30" } };

/**
 * 200 when the backend answers a read of the brands (one row, not from the cache; a success is reused for 5 s and
 * shared by concurrent checks) and, on the embedded database, its disk has room to write; 503 otherwise, at once;
 * never cached. The answer is a plain French status that says what was checked: what
 * failed, and how, goes to the server's log, not to whoever asks.
 */
export async function loader() {
  try {
    const backend = await getBackend();
    await backend.ping();
    if (siteSecretReplaced()) {
      log.error("Contrôle de santé : le secret de ce serveur a été remplacé par une rotation.");
      return new Response(
        "Indisponible : ce serveur a l'ancien secret du site, redémarrez-le avec le nouveau.\n",
        UNAVAILABLE,
      );
    }
    const storage = backend.storageProblem();
    if (storage) {
      log.error(`Contrôle de santé : ${storage}`);
      return new Response(
        "Indisponible : les offres sont lues, mais le site ne peut plus rien enregistrer.\n",
        UNAVAILABLE,
      );
    }
    return new Response(
      storage === null
        ? "Disponible : les offres sont lues normalement, et le disque a de la place pour enregistrer.\n"
        : "Disponible : les offres sont lues normalement.\n",
      { headers: HEADERS },
    );
  } catch (error) {
    log.error(
      "Contrôle de santé : source des marques indisponible :",
      error instanceof Error ? error.message : String(error),
    );
    return new Response("Indisponible : les offres ne peuvent pas être lues pour le moment.\n", UNAVAILABLE);
  }
}
