import SearchableMap from "minisearch/SearchableMap";
import { describe, expect, it } from "vitest";
import { foldText } from "~/catalogue/names";
import { BUNDLED_OFFERS } from "~/catalogue/offers";
import { SortedDictionary } from "~/catalogue/sorted-dictionary";
import { tokenize } from "~/catalogue/word-index";

/** The catalogue's words, folded as the search folds them, each with a number; and the same in MiniSearch's tree. */
const words = [
  ...new Set(
    BUNDLED_OFFERS.flatMap((offer) =>
      tokenize(
        [offer.brand, ...offer.aliases, offer.serviceDescription, offer.description, ...offer.advantages].join(" "),
      )
        .map(foldText)
        .filter(Boolean),
    ),
  ),
];
const entries = words.map((word, number) => [word, number] as const);
const dictionary = new SortedDictionary(entries);
const tree = new SearchableMap<number>();
for (const [word, number] of entries) tree.set(word, number);

/** A fixed sequence of edits, so that the same run tests the same misspellings. */
function* misspellings(): Generator<string> {
  let seed = 7;
  const next = (limit: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % limit;
  };
  const letters = "abcdefghijklmnopqrstuvwxyzéè0";
  for (const word of words) {
    for (let edit = 0; edit < 3; edit += 1) {
      const at = next(word.length + 1);
      const letter = letters[next(letters.length)] ?? "a";
      const kind = next(3);
      yield kind === 0
        ? word.slice(0, at) + letter + word.slice(at)
        : kind === 1
          ? word.slice(0, at) + word.slice(at + 1)
          : word.slice(0, at) + letter + word.slice(at + 1);
    }
  }
}

const sortedEntries = <V>(map: Map<string, V>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

describe("SortedDictionary", () => {
  it("finds each word, and no word that is not one", () => {
    expect(dictionary.size).toBe(words.length);
    for (const [word, number] of entries) {
      expect(dictionary.get(word)).toBe(number);
      expect(dictionary.has(word)).toBe(true);
    }
    for (const absent of ["", "zzzz", "banqu", "binancee"]) {
      expect(dictionary.has(absent)).toBe(tree.has(absent));
      expect(dictionary.get(absent)).toBe(tree.get(absent));
    }
  });

  it("lists the words a prefix starts, as MiniSearch's tree does", () => {
    const prefixes = new Set(words.flatMap((word) => [word.slice(0, 1), word.slice(0, 3), word]));
    for (const prefix of [...prefixes, "zz", "é"]) {
      expect(sortedEntries(new Map(dictionary.atPrefix(prefix)))).toEqual(
        sortedEntries(new Map(tree.atPrefix(prefix))),
      );
    }
  });

  it("finds the words one or two typos away, at the same distances as MiniSearch's tree", () => {
    let compared = 0;
    let found = 0;
    for (const query of [...words, ...misspellings()]) {
      for (const distance of [1, 2]) {
        const own = sortedEntries(dictionary.fuzzyGet(query, distance));
        expect(own, `${query} à ${distance}`).toEqual(sortedEntries(tree.fuzzyGet(query, distance)));
        compared += 1;
        found += own.length;
      }
    }
    // The comparison is worth something only if many queries found words.
    expect(compared).toBeGreaterThan(1_000);
    expect(found).toBeGreaterThan(compared);
  });

  it("answers an empty dictionary with nothing", () => {
    const empty = new SortedDictionary<number>([]);
    expect(empty.get("a")).toBeUndefined();
    expect([...empty.atPrefix("")]).toEqual([]);
    expect(empty.fuzzyGet("abc", 2).size).toBe(0);
  });
});
