import { getBrandsSource } from "~/services/brands.server";

/** 200 when the brands source answers now (not from the cache), 503 otherwise. Never cached. */
export async function loader() {
  const headers = { "Cache-Control": "no-store", "Content-Type": "application/json; charset=utf-8" };
  const source = await getBrandsSource();
  try {
    const rows = await source.readSource();
    return new Response(JSON.stringify({ status: "ok", backend: source.kind, brands: rows.length }), { headers });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return new Response(JSON.stringify({ status: "unavailable", backend: source.kind, error: message }), {
      status: 503,
      headers: { ...headers, "Retry-After": "30" },
    });
  }
}
