/**
 * The search's precision on the visitors' queries of tests/support/search-precision-set.ts: the share whose first
 * result is the expected one, and each miss. Prints it and writes bench-results/search-precision.md.
 *
 * Run with `npm run bench:search`.
 */
import { writeFileSync } from "node:fs";
import { mergeOffers } from "../app/catalogue/merge";
import { buildSearchIndex } from "../app/catalogue/search-index";
import { measurePrecision } from "../tests/support/search-precision";

const TODAY = new Date().toISOString().slice(0, 10);
const { rows, misses, precision } = measurePrecision(buildSearchIndex(mergeOffers(null, TODAY), TODAY));
const percent = (precision * 100).toFixed(1).replace(".", ",");

const report = [
  `# Précision de la recherche — ${TODAY}, ${rows.length} requêtes, catalogue livré`,
  "",
  "Chaque requête de `tests/support/search-precision-set.ts` est cherchée dans toutes les catégories ; elle compte " +
    "comme juste quand la première offre trouvée est l'une de celles que la liste attend (ou aucune, « ∅ », quand " +
    "aucune offre ne répond à la requête). La liste est écrite d'après le sens des requêtes, pas d'après les résultats.",
  "",
  `Précision : ${rows.length - misses.length} sur ${rows.length}, soit ${percent}\u00a0%.`,
  "",
  ...(misses.length > 0
    ? [
        "| requête | attendu | premier résultat |",
        "|---|---|---|",
        ...misses.map((miss) => `| ${miss.query} | ${miss.expected.replaceAll("|", " ou ")} | ${miss.first} |`),
      ]
    : ["Aucune requête manquée."]),
  "",
].join("\n");

writeFileSync(new URL("../bench-results/search-precision.md", import.meta.url), report);
console.log(report);
