import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { getConfig } from "./env.server";
import { sharedAnswerAllowed, TOAST_COOKIE_NAME } from "./http/headers.server";

const config = getConfig();

const toastSession = createCookieSessionStorage({
  cookie: {
    name: TOAST_COOKIE_NAME,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    // Sent over HTTPS only in production; a production build tried over plain http on loopback keeps working.
    secure: config.nodeEnv === "production" && config.siteUrl.startsWith("https://"),
    secrets: [config.sessionSecret],
    maxAge: 60,
  },
});

const toastUtils = createToastUtilsWithCustomSession(toastSession);
export const { redirectWithSuccess, redirectWithError } = toastUtils;

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
  const { toast } = await toastUtils.getToast(request);
  const session = await toastSession.getSession(cookie);
  return { toast, headers: { "Set-Cookie": await toastSession.destroySession(session) } };
}
