/**
 * HTML the server rendered from a component that needs no JavaScript (a native form), given as loader data: the
 * browser shows it as it is, on the first load and after a navigation, and its bundle carries none of its code.
 */
export function ServerMarkup({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
