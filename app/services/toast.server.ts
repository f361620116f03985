import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { sessionSecret } from "./backend/index.server";
import { getConfig } from "./env.server";
import { sharedAnswerAllowed, TOAST_COOKIE_NAME } from "./http/headers.server";

/** The toast's signed cookie, made on first use: its secret comes from the backend's start. */
let toast:
  | {
      session: ReturnType<typeof createCookieSessionStorage>;
      utils: ReturnType<typeof createToastUtilsWithCustomSession>;
    }
  | undefined;
function toastCookie() {
  if (!toast) {
    const config = getConfig();
    const session = createCookieSessionStorage({
      cookie: {
        name: TOAST_COOKIE_NAME,
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        // Sent over HTTPS only in production; a production build tried over plain http on loopback keeps working.
        secure: config.nodeEnv === "production" && config.siteUrl.startsWith("https://"),
        secrets: [sessionSecret()],
        maxAge: 60,
      },
    });
    toast = { session, utils: createToastUtilsWithCustomSession(session) };
  }
  return toast;
}

export const redirectWithSuccess: ReturnType<typeof createToastUtilsWithCustomSession>["redirectWithSuccess"] = (
  ...args
) => toastCookie().utils.redirectWithSuccess(...args);
export const redirectWithError: ReturnType<typeof createToastUtilsWithCustomSession>["redirectWithError"] = (...args) =>
  toastCookie().utils.redirectWithError(...args);

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
