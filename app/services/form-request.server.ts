import { MAX_GUIDE_LENGTH } from "~/catalogue/guides";
import { MAX_TEXT_LENGTH } from "~/forms/site-text-form";

/**
 * Largest form body accepted: a message of the longest length allowed still fits when every character takes 3 bytes
 * (Chinese, '€', '’'), which urlencoding turns into 9: 5000 x 9 = 45 000 bytes, plus the other fields. (An emoji
 * takes 4 bytes but counts as two characters.)
 */
export const MAX_FORM_BYTES = 64 * 1024;

/**
 * The one larger form, the guide writing form's (/gestion/guides/…): the longest text when each character is 3 bytes
 * of UTF-8 that urlencoding turns into 9, plus the other fields.
 */
export const GUIDE_FORM_BYTES = MAX_GUIDE_LENGTH * 9 + MAX_FORM_BYTES;

/** A site text's form: its value is bounded as a whole (MAX_TEXT_LENGTH), each character up to 9 bytes encoded. */
export const TEXT_FORM_BYTES = MAX_TEXT_LENGTH * 9 + MAX_FORM_BYTES;

/** The largest body a form posted to `path` may have. */
export const formBytesFor = (path: string) =>
  path.startsWith("/gestion/guides/")
    ? GUIDE_FORM_BYTES
    : path.startsWith("/gestion/textes/")
      ? TEXT_FORM_BYTES
      : MAX_FORM_BYTES;

/**
 * An oversized body is still read, and thrown away, up to this size: a client whose upload is cut short sees a
 * network error instead of the 413 page. Beyond it the rest is left unread: the 413 still goes out, and the server
 * drops the connection once it sits idle (its keep-alive timeout), which the client may see as a reset.
 */
export const MAX_DRAINED_BYTES = 4 * 1024 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Reads a form body within the size limit (MAX_FORM_BYTES unless a form that carries a file says otherwise, never
 * above MAX_DRAINED_BYTES), or answers with the 4xx that says what is wrong.
 */
export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) {
    throw new Response("Type de contenu non pris en charge : envoyez le formulaire.", { status: 415 });
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_DRAINED_BYTES) throw tooLarge();
  if (!request.body) return new FormData();

  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_DRAINED_BYTES) throw tooLarge();
    if (size <= maxBytes) chunks.push(value);
  }
  if (size > maxBytes) throw tooLarge();
  const body = Buffer.concat(chunks);
  try {
    return await new Request("http://form.local/", {
      method: "POST",
      headers: { "Content-Type": request.headers.get("Content-Type") ?? type },
      body,
    }).formData();
  } catch {
    throw new Response("Formulaire mal formé.", { status: 400 });
  }
}

/**
 * The 413, shown by the error boundary. (Headers of a thrown Response reach the page only through a route's
 * `headers` export, so a `Connection: close` here would be dropped: the server's keep-alive timeout does that job.)
 */
function tooLarge() {
  return new Response(
    "Le formulaire envoyé est trop volumineux. Raccourcissez votre message, puis envoyez-le à nouveau.",
    {
      status: 413,
      statusText: "Formulaire trop volumineux",
    },
  );
}
