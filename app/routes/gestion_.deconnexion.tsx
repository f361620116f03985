import { flashedSuccess } from "~/forms/server-toasts";
import { endSessionCookie, ownerPassword, SIGN_IN_PATH } from "~/services/owner/owner-session.server";
import { redirectWithSuccess } from "~/services/toast.server";
import type { ActionFunctionArgs } from "@remix-run/node";

/** Signing out takes a posted form: a link, or an image on another site, cannot do it. */
export function loader() {
  ownerPassword();
  throw new Response("Méthode non autorisée : la déconnexion se fait par le bouton « Se déconnecter ».", {
    status: 405,
  });
}

/** Sign out, by a posted form only: a link or an image elsewhere cannot sign the owner out. */
export async function action({ request }: ActionFunctionArgs) {
  ownerPassword();
  return redirectWithSuccess(
    request,
    SIGN_IN_PATH,
    flashedSuccess("Déconnecté", "Vous êtes sorti de la gestion du site."),
    {
      status: 303,
      headers: { "Set-Cookie": await endSessionCookie(request) },
    },
  );
}
