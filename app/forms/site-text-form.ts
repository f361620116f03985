/**
 * The form of a site text in the back office (content/site-texts.ts declares the fields): reading what was typed,
 * the buttons that add, remove and move a list's items without JavaScript (the form comes back changed, nothing
 * saved), and the checks before a save. What the owner typed is always given back as typed.
 */
import type { WrongField } from "~/components/wrong-fields";
import type { FieldValue, Pair, SiteText, TextField, TextValue } from "~/content/site-texts";

/** The most characters a text's value may hold as JSON, all fields together (the database's own check). */
export const MAX_TEXT_LENGTH = 60_000;

/** The id of a field's control (of a pair's half: `index`, `half`), which the error summary links to. */
export const textFieldId = (name: string, index?: number, half?: 0 | 1) =>
  index === undefined ? `texte-${name}` : `texte-${name}-${index}-${half ?? 0}`;

/** The form control's name of a pair's half. */
export const pairInputName = (name: string, index: number, half: 0 | 1) => `${name}.${index}.${half}`;

const CELL_SEPARATOR = " | ";

/** A field's value as its textarea shows it (a line as is). */
export function fieldText(field: TextField, value: FieldValue): string {
  if (field.kind === "line") return value as string;
  if (field.kind === "paragraphs") return (value as string[]).join("\n\n");
  if (field.kind === "lines") return (value as string[]).join("\n");
  if (field.kind === "table") return (value as string[][]).map((row) => row.join(CELL_SEPARATOR)).join("\n");
  return "";
}

const typed = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
};

function readField(field: TextField, form: FormData): FieldValue {
  const text = typed(form, field.name);
  switch (field.kind) {
    case "line":
      return text.trim();
    case "paragraphs":
      return text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.replace(/\s*\n\s*/g, " ").trim())
        .filter(Boolean);
    case "lines":
      return text
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
    case "table":
      return text
        .split("\n")
        .filter((line) => line.trim())
        .map((line) => line.split("|").map((cell) => cell.trim()));
    case "pairs": {
      const pairs: Pair[] = [];
      // One more than the most kept, so that a form posted with too many items is refused rather than cut.
      for (let index = 0; index <= field.most; index++) {
        const first = form.get(pairInputName(field.name, index, 0));
        const second = form.get(pairInputName(field.name, index, 1));
        if (first === null && second === null) break;
        pairs.push([
          typed(form, pairInputName(field.name, index, 0)),
          typed(form, pairInputName(field.name, index, 1)),
        ]);
      }
      return pairs;
    }
  }
}

/** The text's value as the form sent it. */
export function readTextForm(text: SiteText, form: FormData): TextValue {
  return Object.fromEntries(text.fields.map((field) => [field.name, readField(field, form)]));
}

/** A list button: add an empty pair, remove one, or move one a place up or down. */
export interface ListChange {
  change: "ajouter" | "retirer" | "monter" | "descendre";
  field: string;
  index: number;
}

export type TextIntent = "apercu" | "enregistrer" | "origine" | ListChange;

/** What the pressed button asks, or null for an unknown one. */
export function textIntent(text: SiteText, form: FormData): TextIntent | null {
  const sent = form.get("intent");
  if (sent === "apercu" || sent === "enregistrer" || sent === "origine") return sent;
  const match =
    typeof sent === "string" ? /^(ajouter|retirer|monter|descendre):([A-Za-z]+)(?::(\d{1,3}))?$/.exec(sent) : null;
  if (!match) return null;
  const [, change, name, index] = match as unknown as [string, ListChange["change"], string, string | undefined];
  if (!text.fields.some((field) => field.kind === "pairs" && field.name === name)) return null;
  if ((change === "ajouter") !== (index === undefined)) return null;
  return { change, field: name, index: Number(index ?? 0) };
}

/** The value with one list changed; positions outside the list leave it as it is. */
export function changeList(value: TextValue, { change, field, index }: ListChange): TextValue {
  const pairs = [...((value[field] ?? []) as Pair[])];
  if (change === "ajouter") pairs.push(["", ""]);
  else if (index < pairs.length) {
    const [pair] = pairs.splice(index, 1) as [Pair];
    if (change === "monter") pairs.splice(Math.max(0, index - 1), 0, pair);
    if (change === "descendre") pairs.splice(Math.min(pairs.length, index + 1), 0, pair);
  }
  return { ...value, [field]: pairs };
}

const number = new Intl.NumberFormat("fr-FR");
const characters = (count: number) => `${number.format(count)}\u00a0caractère${count > 1 ? "s" : ""}`;
const tooLong = (max: number, length: number) => `${characters(max)} au plus (${number.format(length)} écrits).`;

function fieldProblems(field: TextField, value: FieldValue): WrongField[] {
  const id = textFieldId(field.name);
  const wrong = (message: string, at = id, label = field.label) => [{ id: at, label, message }];
  switch (field.kind) {
    case "line": {
      const line = value as string;
      if (!line && !field.optional) return wrong("à remplir.");
      return line.length > field.max ? wrong(tooLong(field.max, line.length)) : [];
    }
    case "paragraphs":
    case "lines": {
      const items = value as string[];
      const noun = field.kind === "paragraphs" ? "paragraphe" : "ligne";
      if (items.length > field.most) return wrong(`${field.most} ${noun}s au plus (${items.length}).`);
      const long = items.findIndex((item) => item.length > field.max);
      return long < 0 ? [] : wrong(`${noun} ${long + 1}\u00a0: ${tooLong(field.max, (items[long] as string).length)}`);
    }
    case "table": {
      const rows = value as string[][];
      if (rows.length > field.most) return wrong(`${field.most} lignes au plus (${rows.length}).`);
      const cells = field.columns ?? rows[0]?.length ?? 0;
      if (cells > (field.widest ?? Infinity)) return wrong(`${field.widest} cases au plus par ligne (${cells}).`);
      const uneven = rows.findIndex((row) => row.length !== cells);
      if (uneven >= 0)
        return wrong(`ligne ${uneven + 1}\u00a0: ${cells} cases attendues, séparées par «\u00a0|\u00a0».`);
      const long = rows.findIndex((row) => row.some((cell) => cell.length > field.max));
      return long < 0 ? [] : wrong(`ligne ${long + 1}\u00a0: une case dépasse ${characters(field.max)}.`);
    }
    case "pairs": {
      const pairs = (value as Pair[]).filter(([first, second]) => first.trim() || second.trim());
      if (pairs.length > field.most) return wrong(`${field.most} au plus (${pairs.length}).`);
      const seen = new Set<string>();
      return (value as Pair[]).flatMap((pair, index) => {
        const first = pair[0].trim();
        if (!first && !pair[1].trim()) return [];
        const repeated = first !== "" && seen.has(first);
        seen.add(first);
        const half = ([0, 1] as const).find((at) => !pair[at].trim() || pair[at].length > field.max[at]);
        if (half === undefined && !repeated) return [];
        const at = repeated ? 0 : (half ?? 0);
        const message = repeated
          ? "déjà dans la liste."
          : pair[at].trim()
            ? tooLong(field.max[at], pair[at].length)
            : "à remplir.";
        return wrong(message, textFieldId(field.name, index, at), `${field.labels[at]} ${index + 1}`);
      });
    }
  }
}

/**
 * The checks before a save: every field within its declaration. Gives the value to save (pairs left empty dropped,
 * texts trimmed) and what to correct.
 */
export function checkText(text: SiteText, value: TextValue): { value: TextValue; wrong: WrongField[] } {
  const wrong = text.fields.flatMap((field) => fieldProblems(field, value[field.name] ?? ""));
  const length = JSON.stringify(value).length;
  if (length > MAX_TEXT_LENGTH) {
    const first = text.fields[0] as TextField;
    wrong.push({ id: textFieldId(first.name), label: "Le texte entier", message: tooLong(MAX_TEXT_LENGTH, length) });
  }
  const cleaned = Object.fromEntries(
    text.fields.map((field) => {
      const sent = value[field.name] ?? "";
      if (field.kind !== "pairs") return [field.name, sent];
      const pairs = (sent as Pair[]).map(([first, second]): Pair => [first.trim(), second.trim()]);
      return [field.name, pairs.filter(([first, second]) => first || second)];
    }),
  );
  return { value: cleaned, wrong };
}
