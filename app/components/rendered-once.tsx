import { createContext, useContext, type ReactElement } from "react";

/** Gives the HTML of `element`, rendered once for each value of `data` (see entry.server.tsx); only the server has one. */
export type RenderOnce = (data: unknown, element: ReactElement) => string;

export const RenderOnceContext = createContext<RenderOnce | undefined>(undefined);

/**
 * A list item whose content depends only on `data`, what it shows. The server renders the same
 * content once and then reuses its HTML: a listing's cards are most of its render, and they change only with
 * their data. The browser renders and hydrates the content as usual, against the same HTML.
 */
export function ListItemRenderedOnce({ data, children }: { data: unknown; children: ReactElement }) {
  const renderOnce = useContext(RenderOnceContext);
  if (!renderOnce) return <li>{children}</li>;
  return <li dangerouslySetInnerHTML={{ __html: renderOnce(data, children) }} />;
}
