import { getBackend } from "~/services/backend/index.server";

const HEADERS = {
  "Cache-Control": "no-store",
  "Content-Type": "text/plain; charset=utf-8",
  "X-Content-Type-Options": "nosniff",
};

/**
 * 200 when the backend answers a brands read now (not from the cache), 503 otherwise; never cached. The answer is a
 * plain French status: what failed, and how, goes to the server's log, not to whoever asks.
 */
export async function loader() {
  try {
    const backend = await getBackend();
    await backend.ping();
    return new Response("Disponible : les offres sont lues normalement.\n", { headers: HEADERS });
  } catch (error) {
    console.error(
      "Contrôle de santé : source des marques indisponible :",
      error instanceof Error ? error.message : String(error),
    );
    return new Response("Indisponible : les offres ne peuvent pas être lues pour le moment.\n", {
      status: 503,
      headers: { ...HEADERS, "Retry-After": "30" },
    });
  }
}
