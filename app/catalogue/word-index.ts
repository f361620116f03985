import { SortedDictionary } from "./sorted-dictionary";

/**
 * A full-text index of documents with a few fields, scored as MiniSearch scores (BM25+, with its weights for prefix
 * and fuzzy matches), holding its postings in typed arrays: at 10 000 offers it takes a fraction of the memory of a
 * MiniSearch index, whose postings are a Map per word and field. Its words are a sorted array searched by prefix and
 * with typos (SortedDictionary) rather than MiniSearch's radix tree.
 */

/** A query: words (each processed as the index's words are), or a combination of queries with options of its own. */
export type WordQuery = string | WordQueryCombination;

export interface WordQueryOptions {
  /** How a combination's results combine: every query (AND) or any (OR, the default). */
  combineWith?: "AND" | "OR";
  /** Whether a word may be the start of a longer one. */
  prefix?: boolean;
  /** The typos forgiven in a word (edit distance). */
  fuzzy?: (term: string) => number;
}

export interface WordQueryCombination extends WordQueryOptions {
  queries: WordQuery[];
}

export interface WordSearchOptions {
  /** The fields searched; all by default. */
  fields?: readonly string[];
  /** A factor per field (1 when not named). */
  boost?: Readonly<Record<string, number>>;
}

export interface WordMatch {
  /** The document's position in the list it was built from. */
  id: number;
  score: number;
}

/** What a word of a document becomes in the index: a word, several (an abbreviation and what it stands for), or none. */
export type ProcessTerm = (term: string) => string | string[] | null;

const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;

/** The words of a text, split as MiniSearch splits them. */
export function tokenize(text: string): string[] {
  return text.split(SPACE_OR_PUNCTUATION);
}

/** MiniSearch's defaults. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const WEIGHTS = { fuzzy: 0.45, prefix: 0.375 };

function bm25(termFrequency: number, matching: number, total: number, fieldLength: number, average: number) {
  const inverseFrequency = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
  const { k, b, d } = BM25;
  return (
    inverseFrequency * (d + (termFrequency * (k + 1)) / (termFrequency + k * (1 - b + (b * fieldLength) / average)))
  );
}

interface Scored {
  score: number;
  /** The query's words this document matched. */
  terms: string[];
}

type Results = Map<number, Scored>;

export class WordIndex {
  readonly fields: readonly string[];
  readonly documentCount: number;
  /** Each word, with its number. */
  private readonly words: SortedDictionary<number>;
  /** Word n's postings are at [postingStart[n], postingStart[n + 1]). */
  private readonly postingStart: Uint32Array;
  private readonly postingDocument: Uint32Array;
  private readonly postingField: Uint8Array;
  private readonly postingFrequency: Uint16Array;
  /** Words in field f of document d, at d * fields.length + f. */
  private readonly fieldLength: Uint16Array;
  private readonly averageFieldLength: Float64Array;

  /** How a query's words are read (a document's are read by the constructor's `indexTerm`). */
  private readonly queryTerm: ProcessTerm;

  /** `documents[d][f]` is the text of field f of document d. */
  constructor(
    fields: readonly string[],
    documents: readonly (readonly string[])[],
    { indexTerm, queryTerm }: { indexTerm: ProcessTerm; queryTerm: ProcessTerm },
  ) {
    this.fields = fields;
    this.queryTerm = queryTerm;
    this.documentCount = documents.length;
    const words = new Map<string, number>();
    this.fieldLength = new Uint16Array(documents.length * fields.length);
    const totals = new Float64Array(fields.length);
    const postings: number[] = [];
    let wordCount = 0;
    documents.forEach((texts, document) => {
      fields.forEach((_field, field) => {
        const counts = new Map<number, number>();
        const tokens = tokenize(texts[field] ?? "");
        // A field's length as MiniSearch counts it: its distinct tokens, as written.
        const length = new Set(tokens).size;
        for (const token of tokens) {
          const processed = indexTerm(token);
          if (processed === null) continue;
          for (const word of Array.isArray(processed) ? processed : [processed]) {
            if (!word) continue;
            let number = words.get(word);
            if (number === undefined) words.set(word, (number = wordCount++));
            counts.set(number, (counts.get(number) ?? 0) + 1);
          }
        }
        this.fieldLength[document * fields.length + field] = Math.min(length, 0xffff);
        totals[field] = (totals[field] ?? 0) + length;
        for (const [number, frequency] of counts) postings.push(number, document, field, Math.min(frequency, 0xffff));
      });
    });
    this.words = new SortedDictionary(words);
    this.averageFieldLength = totals.map((total) => (documents.length > 0 ? total / documents.length : 0));

    // The postings sorted by word, in typed arrays: a counting sort on the word numbers.
    const postingCount = postings.length / 4;
    this.postingStart = new Uint32Array(wordCount + 1);
    for (let at = 0; at < postings.length; at += 4) (this.postingStart[(postings[at] as number) + 1] as number) += 1;
    for (let word = 0; word < wordCount; word += 1) {
      this.postingStart[word + 1] = (this.postingStart[word + 1] as number) + (this.postingStart[word] as number);
    }
    const next = this.postingStart.slice(0, wordCount);
    this.postingDocument = new Uint32Array(postingCount);
    this.postingField = new Uint8Array(postingCount);
    this.postingFrequency = new Uint16Array(postingCount);
    for (let at = 0; at < postings.length; at += 4) {
      const word = postings[at] as number;
      const slot = next[word] as number;
      next[word] = slot + 1;
      this.postingDocument[slot] = postings[at + 1] as number;
      this.postingField[slot] = postings[at + 2] as number;
      this.postingFrequency[slot] = postings[at + 3] as number;
    }
  }

  /** Whether some document holds this word (as the index keeps it). */
  has(word: string): boolean {
    return this.words.has(word);
  }

  /** The words the index holds that start with `prefix`, in order. */
  *wordsStartingWith(prefix: string): Generator<string> {
    for (const [word] of this.words.atPrefix(prefix)) yield word;
  }

  /** The documents matching a query, best first. */
  search(query: WordQuery, options: WordSearchOptions & WordQueryOptions = {}): WordMatch[] {
    const boosts = (options.fields ?? this.fields).map((field) => ({
      field: this.fields.indexOf(field),
      boost: options.boost?.[field] ?? 1,
    }));
    const results = this.execute(query, options, boosts);
    return [...results]
      .map(([id, { score, terms }]) => ({ id, score: score * (terms.length || 1) }))
      .sort((a, b) => b.score - a.score);
  }

  private execute(query: WordQuery, inherited: WordQueryOptions, boosts: { field: number; boost: number }[]): Results {
    if (typeof query !== "string") {
      const { queries, ...own } = query;
      const options = { ...inherited, ...own };
      return combine(
        queries.map((subquery) => this.execute(subquery, options, boosts)),
        options.combineWith ?? "OR",
      );
    }
    const terms = tokenize(query).flatMap((token) => this.queryTerm(token) ?? []);
    return combine(
      terms.filter(Boolean).map((term) => this.termResults(term, inherited, boosts)),
      inherited.combineWith ?? "OR",
    );
  }

  /** One word's documents: as written, then longer words it starts (with `prefix`), then words a few typos away. */
  private termResults(term: string, options: WordQueryOptions, boosts: { field: number; boost: number }[]): Results {
    const results: Results = new Map();
    const exact = this.words.get(term);
    if (exact !== undefined) this.addPostings(exact, term, 1, boosts, results);
    const distance = options.fuzzy?.(term) ?? 0;
    const fuzzyMatches = distance > 0 ? this.words.fuzzyGet(term, distance) : new Map<string, [number, number]>();
    if (options.prefix) {
      for (const [word, number] of this.words.atPrefix(term)) {
        const longer = word.length - term.length;
        if (!longer) continue;
        fuzzyMatches.delete(word);
        this.addPostings(number, term, (WEIGHTS.prefix * word.length) / (word.length + 0.3 * longer), boosts, results);
      }
    }
    for (const [word, [number, edits]] of fuzzyMatches) {
      if (edits > 0)
        this.addPostings(number, term, (WEIGHTS.fuzzy * word.length) / (word.length + edits), boosts, results);
    }
    return results;
  }

  private addPostings(
    word: number,
    term: string,
    weight: number,
    boosts: { field: number; boost: number }[],
    results: Results,
  ) {
    const [start, end] = [this.postingStart[word] as number, this.postingStart[word + 1] as number];
    for (const { field, boost } of boosts) {
      let matching = 0;
      for (let at = start; at < end; at += 1) if (this.postingField[at] === field) matching += 1;
      if (matching === 0) continue;
      const average = this.averageFieldLength[field] as number;
      for (let at = start; at < end; at += 1) {
        if (this.postingField[at] !== field) continue;
        const document = this.postingDocument[at] as number;
        const length = this.fieldLength[document * this.fields.length + field] as number;
        const score =
          weight * boost * bm25(this.postingFrequency[at] as number, matching, this.documentCount, length, average);
        const found = results.get(document);
        if (!found) results.set(document, { score, terms: [term] });
        else {
          found.score += score;
          if (!found.terms.includes(term)) found.terms.push(term);
        }
      }
    }
  }
}

/** OR adds the scores of documents found by any query; AND keeps those found by all, with their scores added. */
function combine(results: Results[], combineWith: "AND" | "OR"): Results {
  if (results.length === 0) return new Map();
  const [first, ...rest] = results as [Results, ...Results[]];
  return rest.reduce((combined, next) => {
    if (combineWith === "OR") {
      for (const [document, scored] of next) {
        const found = combined.get(document);
        if (!found) combined.set(document, scored);
        else {
          found.score += scored.score;
          for (const term of scored.terms) if (!found.terms.includes(term)) found.terms.push(term);
        }
      }
      return combined;
    }
    const both: Results = new Map();
    for (const [document, scored] of next) {
      const found = combined.get(document);
      if (!found) continue;
      for (const term of scored.terms) if (!found.terms.includes(term)) found.terms.push(term);
      both.set(document, { score: found.score + scored.score, terms: found.terms });
    }
    return both;
  }, first);
}
