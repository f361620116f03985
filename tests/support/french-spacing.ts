import { BREAKABLE_SPACES } from "~/catalogue/typography";

/** What a page shows of its own texts: its markup without scripts, styles, code, nor what a visitor typed. */
function ownTexts(html: string): string {
  return html
    .replace(/<(script|style|textarea|code|pre)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/\s(?:value|href|src|action|srcset)="[^"]*"/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

/** The places where a line of `html` could break where French needs a no-break space (catalogue/typography.ts). */
export function breakableSpaces(html: string): string[] {
  const texts = ownTexts(html);
  const found: string[] = [];
  for (const pattern of BREAKABLE_SPACES) {
    const global = new RegExp(pattern.source, `${pattern.flags}g`);
    for (const match of texts.matchAll(global))
      found.push(texts.slice(Math.max(0, match.index - 40), match.index + 10).replace(/\s+/g, " "));
  }
  return found;
}
