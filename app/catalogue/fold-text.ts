/** Lower-case, accent-free text, for comparisons that ignore case and accents (a module without data, for any bundle). */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}
