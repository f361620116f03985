import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { secureCookieFor } from "./http/cookies.server";
import { sharedAnswerAllowed, TOAST_COOKIE_NAME } from "./http/headers.server";
import { acceptedKeysFor } from "./lifecycle/secrets.server";

/** The toast's signed cookie, made on first use (its secret comes from the backend's start): Secure or not. */
const toasts = new Map<
  boolean,
  {
    session: ReturnType<typeof createCookieSessionStorage>;
    utils: ReturnType<typeof createToastUtilsWithCustomSession>;
  }
>();
function toastCookie(secure = false) {
  let toast = toasts.get(secure);
  if (!toast) {
    const session = createCookieSessionStorage({
      cookie: {
        name: TOAST_COOKIE_NAME,
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure,
        secrets: acceptedKeysFor("notifications"),
        maxAge: 60,
      },
    });
    toast = { session, utils: createToastUtilsWithCustomSession(session) };
    toasts.set(secure, toast);
  }
  return toast;
}

type ToastUtils = ReturnType<typeof createToastUtilsWithCustomSession>;

/** A redirect flashing a success toast, its cookie Secure as every cookie of the site is (secureCookieFor). */
export const redirectWithSuccess = (request: Request, ...args: Parameters<ToastUtils["redirectWithSuccess"]>) =>
  toastCookie(secureCookieFor(request)).utils.redirectWithSuccess(...args);
/** The same with an error toast. */
export const redirectWithError = (request: Request, ...args: Parameters<ToastUtils["redirectWithError"]>) =>
  toastCookie(secureCookieFor(request)).utils.redirectWithError(...args);

/**
 * The flashed toast, if the request carries one, with the header that deletes the cookie. Requests without the
 * cookie get no Set-Cookie at all, so ordinary pages stay cookie-free and cacheable; a tampered cookie is ignored.
 */
export async function readFlashToast(request: Request) {
  const cookie = request.headers.get("Cookie");
  // No toast cookie, or only its emptied copy: nothing to show, nothing to delete, and the page stays shareable.
  if (!cookie?.includes(`${TOAST_COOKIE_NAME}=`) || sharedAnswerAllowed(cookie)) {
    return { toast: undefined, headers: undefined };
  }
  const { session: storage, utils } = toastCookie();
  const { toast: flashed } = await utils.getToast(request);
  const session = await storage.getSession(cookie);
  return { toast: flashed, headers: { "Set-Cookie": await storage.destroySession(session) } };
}
