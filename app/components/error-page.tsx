/**
 * The page's body when a request fails: a refused request (form too large, wrong content type) with the French
 * sentence it carries, else the site's own failure. What failed goes to the log only.
 */
export function ErrorPage({ refusal, pathname }: { refusal?: string; pathname: string }) {
  if (refusal) {
    return (
      <div className="mx-auto max-w-xl space-y-4 py-16">
        <h1 className="text-2xl font-bold text-slate-900">Votre demande n'a pas pu aboutir</h1>
        <p className="rounded-md bg-red-50 p-4 text-red-900">{refusal}</p>
        <p>
          <a href={pathname} className="font-semibold text-indigo-800 underline">
            Revenir à la page
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl space-y-4 py-16">
      <h1 className="text-2xl font-bold text-slate-900">Une erreur est survenue</h1>
      <p className="rounded-md bg-red-50 p-4 text-red-900">
        La page n'a pas pu s'afficher. Réessayez dans un instant ; si l'erreur revient, écrivez-nous depuis la page
        Contact.
      </p>
      <p>
        <a href={pathname} className="font-semibold text-indigo-800 underline">
          Recharger la page
        </a>
      </p>
    </div>
  );
}
