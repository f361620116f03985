import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { fieldClass } from "~/components/back-office/fields";
import { backOfficeButton, backOfficeMeta } from "~/components/back-office/frame";
import { FieldShell, FormErrors } from "~/components/forms";
import { refusedForm } from "~/forms/refused-form";
import { readForm } from "~/services/form-request.server";
import { backOfficeHeaders } from "~/services/http/headers.server";
import { draftCookieFor, draftFromSignIn } from "~/services/owner/kept-form.server";
import {
  deviceCookieFor,
  forgetFailures,
  signInVisitor,
  isSignedIn,
  lockedForSeconds,
  newSessionCookie,
  ownerPassword,
  isOwnerPassword,
  beginSignInAttempt,
} from "~/services/owner/owner-session.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => backOfficeMeta("Connexion");

export const headers = backOfficeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  if (await isSignedIn(request)) throw redirect("/gestion", 303);
  return null;
}

const lockedMessage = (seconds: number, device: boolean) =>
  `Trop d'essais : la connexion ${device ? "depuis ce navigateur" : "depuis votre adresse"} est bloquée pendant ${Math.ceil(seconds / 60)} min.`;

/**
 * A browser that has signed in before (its device cookie) is locked by its own wrong passwords only: strangers,
 * however many, never lock the owner out of it. Strangers are locked per network and all together.
 */
export async function action({ request }: ActionFunctionArgs) {
  const password = ownerPassword();
  const form = await readForm(request);
  const visitor = await signInVisitor(request);
  // A form the ended session did not take, carried back to its page once signed in (kept-form.server.ts).
  const draft = draftFromSignIn(form);
  const refuse = (seconds: number) =>
    data(
      { result: refusedForm({}, lockedMessage(seconds, visitor.deviceKey !== null)), draft },
      { status: 429, headers: { "Retry-After": String(seconds) } },
    );
  // Counted before the comparison, in one step with the decision: tries sent at once cannot all be compared.
  const locked = await beginSignInAttempt(visitor);
  if (locked !== undefined) return refuse(locked);
  const candidate = form.get("password");
  if (!isOwnerPassword(typeof candidate === "string" ? candidate : "", password)) {
    const nowLocked = await lockedForSeconds(visitor);
    return nowLocked === undefined
      ? data({ result: refusedForm({}, "Mot de passe incorrect."), draft }, { status: 400 })
      : refuse(nowLocked);
  }
  await forgetFailures(visitor);
  const headers = new Headers();
  headers.append("Set-Cookie", await newSessionCookie(request));
  headers.append("Set-Cookie", await deviceCookieFor(request, visitor.deviceId));
  const carried = draft ? await draftCookieFor(request, draft) : undefined;
  if (carried) headers.append("Set-Cookie", carried);
  // No toast: the messages' page says where the owner is, and a toast left on a page without JavaScript would
  // cover its navigation.
  return redirect(draft?.path ?? "/gestion", { status: 303, headers });
}

export default function SignIn() {
  const actionData = useActionData<typeof action>();
  // The password is never sent back: a refused one comes back empty, with the reason above the form.
  const [form, fields] = useForm<{ password: string }>({
    id: "connexion",
    lastResult: actionData?.result,
    constraint: { password: { required: true } },
    defaultNoValidate: false,
  });
  const refused = form.errors?.length ? { "aria-invalid": true, "aria-describedby": form.errorId } : {};
  return (
    <div className="mx-auto max-w-sm space-y-6 py-8">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Gestion du site</h1>
      <Form
        reloadDocument
        method="post"
        {...getFormProps(form)}
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        {actionData?.draft ? (
          <>
            <p className="text-sm text-slate-700">Vos saisies seront remises dans le formulaire une fois connecté.</p>
            <input type="hidden" name="retour" value={actionData.draft.path} />
            <input type="hidden" name="brouillon" value={JSON.stringify(actionData.draft.fields)} />
          </>
        ) : null}
        <FieldShell field={fields.password} label="Mot de passe">
          <input
            {...getInputProps(fields.password, { type: "password" })}
            {...refused}
            autoComplete="current-password"
            className={fieldClass}
          />
        </FieldShell>
        <button type="submit" className={`${backOfficeButton} w-full`}>
          Se connecter
        </button>
      </Form>
    </div>
  );
}
