import { OWNER_PASSWORD, postForm, signIn } from "./back-office";
import type { RunningSite } from "./server";

/**
 * A guide of about `words` words as an owner would write one: sections, lists, a table, quotes, and links to offers
 * (which then show as cards under it). What the budgets, the render bench and Lighthouse measure a guide page with.
 */
export function sampleGuideBody(words = 3_000): string {
  const offers = ["boursobank", "fortuneo", "binance", "winamax", "n26", "wise"];
  const paragraph = (index: number) =>
    `Avant de choisir, comparez la prime, les conditions et le délai de versement : une offre de bienvenue n'est ` +
    `intéressante que si le service vous sert ensuite (${index}). Lisez les conditions, gardez le code, et notez la ` +
    `date de votre inscription pour suivre le versement de la prime, comme le décrit [la fiche](/offres/${
      offers[index % offers.length]
    }).`;
  const parts: string[] = [];
  let count = 0;
  for (let section = 1; count < words; section += 1) {
    parts.push(`## Partie ${section} : ce qu'il faut savoir`, "");
    for (let index = 0; index < 4 && count < words; index += 1) {
      const text = paragraph(section * 4 + index);
      parts.push(text, "");
      count += text.split(/\s+/).length;
    }
    parts.push("- la prime ;", "- les conditions ;", "- le délai.", "");
    if (section % 3 === 0) parts.push("| Offre | Prime |", "| :-- | --: |", "| BoursoBank | 100 € |", "");
    if (section % 4 === 0) parts.push("> Une prime se mérite : lisez tout.", "");
  }
  return parts.join("\n");
}

/** Publishes a guide of about `words` words on `site` through the back office (OWNER_PASSWORD set): its address. */
export async function publishSampleGuide(site: RunningSite, words = 3_000): Promise<string> {
  const cookie = await signIn(site);
  const saved = await postForm(
    site,
    "/gestion/guides/nouveau",
    {
      title: "Les primes des banques en ligne comparées",
      slug: "primes-des-banques-en-ligne",
      summary: "Ce que versent les banques en ligne et les applications, à quelles conditions, et comment les obtenir.",
      category: "finance",
      body: sampleGuideBody(words),
      intent: "publier",
    },
    { Cookie: cookie },
  );
  if (saved.status !== 303) throw new Error(`Guide non publié : ${saved.status}`);
  return "/guides/primes-des-banques-en-ligne";
}

export { OWNER_PASSWORD };
