/**
 * A feed's Last-Modified, which never goes backwards. The newest entry's date alone went back in time when that
 * entry left (its offer withdrawn or not started yet), and a reader that sends only If-Modified-Since then got a 304
 * and kept the withdrawn entry. The date is the newest of: every change the feed was made from, shown or not (an
 * entry that leaves keeps its date in the count), and the moment this process first served the feed's current
 * content, when that content changed with no newer change to date it.
 */
const firstServed = new Map<string, { etag: string; at: number }>();

export function feedLastModified(
  feed: string,
  etag: string,
  newestChange: string | undefined,
  now = Date.now(),
): string {
  const changed = newestChange ? Date.parse(newestChange) : 0;
  const known = firstServed.get(feed);
  let at = changed;
  if (known?.etag === etag) at = Math.max(at, known.at);
  // HTTP dates count whole seconds: the new date is in a later second than the last one served, or a reader that
  // sends it back would be told nothing changed.
  else if (known && known.at >= changed) at = Math.max(now, Math.floor(known.at / 1000) * 1000 + 1000);
  firstServed.set(feed, { etag, at });
  return new Date(at).toISOString();
}
