import { data, redirect } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { fieldClass } from "~/components/back-office/fields";
import { backOfficeButton, backOfficeMeta } from "~/components/back-office/frame";
import { readForm } from "~/services/form-request.server";
import { backOfficeHeaders } from "~/services/http/headers.server";
import {
  deviceCookieFor,
  forgetFailures,
  signInVisitor,
  isSignedIn,
  lockedForSeconds,
  newSessionCookie,
  ownerPassword,
  isOwnerPassword,
  recordFailure,
} from "~/services/owner/owner-session.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => backOfficeMeta("Connexion");

export const headers = backOfficeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  if (await isSignedIn(request)) throw redirect("/gestion", 303);
  return null;
}

const lockedMessage = (seconds: number, device: boolean) =>
  `Trop d'essais : la connexion ${device ? "depuis ce navigateur" : "depuis votre adresse"} est bloquée pendant ${Math.ceil(seconds / 60)} min.`;

/**
 * A browser that has signed in before (its device cookie) is locked by its own wrong passwords only: strangers,
 * however many, never lock the owner out of it. Strangers are locked per network and all together.
 */
export async function action({ request }: ActionFunctionArgs) {
  const password = ownerPassword();
  const form = await readForm(request);
  const visitor = await signInVisitor(request);
  const refuse = (seconds: number) =>
    data(
      { error: lockedMessage(seconds, visitor.deviceKey !== null) },
      { status: 429, headers: { "Retry-After": String(seconds) } },
    );
  const locked = await lockedForSeconds(visitor);
  if (locked !== undefined) return refuse(locked);
  const candidate = form.get("password");
  if (!isOwnerPassword(typeof candidate === "string" ? candidate : "", password)) {
    const nowLocked = await recordFailure(visitor);
    return nowLocked === undefined ? data({ error: "Mot de passe incorrect." }, { status: 400 }) : refuse(nowLocked);
  }
  await forgetFailures(visitor);
  const headers = new Headers();
  headers.append("Set-Cookie", await newSessionCookie(request));
  headers.append("Set-Cookie", await deviceCookieFor(request, visitor.deviceId));
  // No toast: the messages' page says where the owner is, and a toast left on a page without JavaScript would
  // cover its navigation.
  return redirect("/gestion", { status: 303, headers });
}

export default function SignIn() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-sm space-y-6 py-8">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Gestion du site</h1>
      <Form reloadDocument method="post" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
        {actionData?.error ? (
          <p id="connexion-erreur" role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900">
            {actionData.error}
          </p>
        ) : null}
        <div className="space-y-1">
          <label htmlFor="password" className="block text-sm font-semibold text-slate-800">
            Mot de passe
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={actionData?.error ? true : undefined}
            aria-describedby={actionData?.error ? "connexion-erreur" : undefined}
            className={fieldClass}
          />
        </div>
        <button type="submit" className={`${backOfficeButton} w-full`}>
          Se connecter
        </button>
      </Form>
    </div>
  );
}
