import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadCatalogue } from "~/services/offers.server";

export const meta: MetaFunction = () => [{ title: "CodeParrain - Les meilleurs codes et offres de parrainage" }];

export async function loader() {
  const { offers } = await loadCatalogue();
  return { offers };
}

export default function Home() {
  const { offers } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Offres</h1>
      <ul>
        {offers.map((offer) => (
          <li key={offer.id}>
            <h2>{offer.brand}</h2>
            <p>{offer.description}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
