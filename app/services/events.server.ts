/**
 * What happens in the site that other parts react to, and what each event carries. Every emitter and listener names
 * its event here: a search for the name finds them all (tests/unit/site-events.test.ts lists them). All three are
 * emitted by the cached backend (backend/cached-backend.server.ts, `CachedBackend`), for a change made through this
 * instance or announced by the database from another; the application's start wires what reacts to them
 * (lifecycle/start.server.ts).
 */
import { log } from "./log.server";
export interface SiteEvents {
  /** A visitor's vote was stored: the pages showing the offer and the owner's alerts are out of date. */
  "vote-stored": { offerSlug: string };
  /** The owner changed a brand in the back office: any page may show it, and the alerts may change. */
  "brands-changed": Record<string, never>;
  /** A testimonial was published, refused, chosen for the home page or erased: its brand page and the home page. */
  "testimonials-changed": { offerSlug: string };
  /** The owner saved a guide: its pages, the brand pages and listings naming it, the sitemap and the feed. */
  "writing-changed": Record<string, never>;
}

export type SiteEventName = keyof SiteEvents;
type Listener<Name extends SiteEventName> = (payload: SiteEvents[Name]) => void;

/** A typed, synchronous event bus: a listener that throws is logged and the others still run. */
export class SiteEventBus {
  private readonly listeners = new Map<SiteEventName, Set<Listener<never>>>();

  /** Calls `listener` on each `name` from now on; the function returned stops it. */
  on<Name extends SiteEventName>(name: Name, listener: Listener<Name>): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  emit<Name extends SiteEventName>(name: Name, payload: SiteEvents[Name]): void {
    for (const listener of this.listeners.get(name) ?? []) {
      try {
        (listener as Listener<Name>)(payload);
      } catch (error) {
        log.error(`Réaction à l'événement ${name} impossible :`, error);
      }
    }
  }

  /** How many listeners `name` has (for the start-up's own check and the tests). */
  listenerCount(name: SiteEventName): number {
    return this.listeners.get(name)?.size ?? 0;
  }
}

/** The events of this process. */
export const siteEvents = new SiteEventBus();
