import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { LRUCache } from "lru-cache";
import satori from "satori";
import { initialsOf, type ShareImageContent } from "~/catalogue/share-image";
import { DrawingBudget } from "./drawing-budget.server";

/**
 * Draws the share images (1200 × 630 PNG) with satori (layout to SVG) and resvg (SVG to PNG), one at a time and
 * never during a page's render: a page only names its image by a hash of what it shows (shareImagePath), and the
 * image's own route draws it when a crawler asks, keeping the last ones in a cache bounded in bytes, at a rate
 * bounded for the whole site and for each network (past it, the route answers the site's default image).
 */

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** Raised when the drawing itself changes, so that every address changes with it. */
const DRAWING_VERSION = 1;

/** The font, shipped with the site (its licence beside it): satori reads TTF, not WOFF2. */
const FONT_FILE = path.join(process.cwd(), "assets/fonts/DejaVuSans-Bold.ttf");
const FONT_FAMILY = "DejaVu Sans";

/**
 * The drawn images kept, by hash: about 40 of 80 to 110 KB. Crawlers keep an image a year once fetched, so what is
 * asked again soon is a burst of shares of the same few pages; a larger cache only weighs on the server's memory.
 */
export const KEPT_BYTES = 4 * 1024 * 1024;

/** A short hash of what an image shows: part of its address, so a crawler caching by address sees a change. */
export function shareImageHash(content: ShareImageContent): string {
  return createHash("sha256")
    .update(JSON.stringify({ version: DRAWING_VERSION, ...content }))
    .digest("hex")
    .slice(0, 12);
}

/** Where an image is served: `/partage/offres/binance/3f2a…png`, `/partage/codes/crypto/…png`. */
export const shareImagePath = (kind: "offres" | "codes" | "guides", name: string, content: ShareImageContent) =>
  `/partage/${kind}/${encodeURIComponent(name)}/${shareImageHash(content)}.png`;

type Node = { type: string; props: { style?: Record<string, unknown>; children?: unknown; [key: string]: unknown } };
const box = (style: Record<string, unknown>, ...children: unknown[]): Node => {
  const shown = children.filter((child) => child !== null && child !== undefined);
  return {
    type: "div",
    props: { style: { display: "flex", ...style }, children: shown.length === 1 ? shown[0] : shown },
  };
};

let font: Promise<Buffer> | undefined;
const fontData = () => (font ??= readFile(FONT_FILE));

/**
 * A bundled logo's colours and letters: the logos of public/logos are tiles (a rounded square of one colour and a few
 * letters), redrawn here in the drawing's font, which a nested SVG image would not get.
 */
async function logoTile(logo: string): Promise<{ background: string; color: string; letters: string } | null> {
  try {
    const svg = await readFile(path.join(process.cwd(), "public", logo), "utf8");
    const background = /<rect\b[^>]*\bfill="(#[0-9a-f]{3,8})"/i.exec(svg)?.[1];
    const text = /<text\b[^>]*\bfill="(#[0-9a-f]{3,8})"[^>]*>([^<]{1,4})<\/text>/i.exec(svg);
    return background && text?.[1] && text[2] ? { background, color: text[1], letters: text[2] } : null;
  } catch {
    return null;
  }
}

async function tile(content: ShareImageContent): Promise<Node> {
  const logo = "logo" in content.tile ? await logoTile(content.tile.logo) : null;
  const letters = logo?.letters ?? ("initials" in content.tile ? content.tile.initials : initialsOf(content.title));
  return box(
    {
      width: 176,
      height: 176,
      flexShrink: 0,
      borderRadius: 36,
      background: logo?.background ?? "#ffffff",
      color: logo?.color ?? "#3730a3",
      fontSize: letters.length > 2 ? 60 : letters.length > 1 ? 76 : 96,
      alignItems: "center",
      justifyContent: "center",
    },
    letters,
  );
}

async function layout(content: ShareImageContent): Promise<Node> {
  // A guide's title may take 120 characters: four lines at 48 px.
  const titleSize = content.title.length > 48 ? 48 : content.title.length > 16 ? 64 : 84;
  return box(
    {
      width: SHARE_IMAGE_WIDTH,
      height: SHARE_IMAGE_HEIGHT,
      flexDirection: "column",
      justifyContent: "space-between",
      padding: "64px 72px",
      boxSizing: "border-box",
      backgroundImage: "linear-gradient(135deg, #4338ca, #5b21b6)",
      color: "#ffffff",
      fontFamily: FONT_FAMILY,
    },
    box(
      { alignItems: "center", gap: 44 },
      await tile(content),
      box(
        { flexDirection: "column", flexShrink: 1 },
        box({ fontSize: 38, color: "#e0e7ff" }, content.eyebrow),
        box({ fontSize: titleSize, lineHeight: 1.1 }, content.title),
      ),
    ),
    box(
      { flexDirection: "column", gap: 8 },
      content.bonus ? box({ fontSize: content.bonus.length > 14 ? 72 : 104, lineHeight: 1.05 }, content.bonus) : null,
      content.bonusKind ? box({ fontSize: 42, color: "#fde68a" }, content.bonusKind) : null,
      content.note ? box({ fontSize: 56, color: "#fde68a" }, content.note) : null,
    ),
    box(
      { flexDirection: "column", gap: 16 },
      content.warning ? warningLine(content.warning) : null,
      box(
        { justifyContent: "space-between", alignItems: "flex-end", fontSize: 34, color: "#c7d2fe" },
        box({ color: "#ffffff", fontSize: 40 }, content.siteName),
        box({}, content.siteHost),
      ),
    ),
  );
}

/** The offer's warning, over the site's name: "18+" in a white box, then the short message. */
function warningLine(warning: NonNullable<ShareImageContent["warning"]>): Node {
  return box(
    { alignItems: "center", gap: 16, fontSize: 26, lineHeight: 1.25, color: "#ffffff" },
    warning.adultsOnly
      ? box(
          {
            flexShrink: 0,
            padding: "4px 12px",
            borderRadius: 8,
            background: "#ffffff",
            color: "#4c1d95",
            fontSize: 30,
          },
          "18+",
        )
      : null,
    box({ flexShrink: 1 }, warning.text),
  );
}

/**
 * resvg as WebAssembly, started once. Its native build for Node (@resvg/resvg-js 2.6.2) keeps each drawing's pixels
 * (3 MB at 1200 × 630) until V8 happens to collect the object that holds them, which it is never told to hurry:
 * 240 drawings left a process at 900 MB. Here every drawing frees what it took as soon as its PNG is out.
 */
let resvgReady: Promise<void> | undefined;
const startResvg = () =>
  (resvgReady ??= readFile(createRequire(import.meta.url).resolve("@resvg/resvg-wasm/index_bg.wasm")).then(initWasm));

/**
 * What every drawing needs, made once: the font read, resvg's WebAssembly compiled, and satori's layout engine
 * started (by laying out an empty box). About 400 ms, once per process, not counted in the drawing budget.
 */
let drawingReady: Promise<void> | undefined;
const startDrawing = () =>
  (drawingReady ??= Promise.all([
    startResvg(),
    fontData().then((data) =>
      satori(box({}, "") as never, {
        width: 1,
        height: 1,
        fonts: [{ name: FONT_FAMILY, data, weight: 700, style: "normal" }],
      }),
    ),
  ]).then(() => undefined));

/** Draws the image of `content`, once the drawing is started: its PNG, and how long it held the main thread. */
async function draw(content: ShareImageContent): Promise<{ png: Buffer; drawingMs: number }> {
  await startDrawing();
  const element = await layout(content);
  const fonts = [{ name: FONT_FAMILY, data: await fontData(), weight: 700 as const, style: "normal" as const }];
  const startedAt = performance.now();
  const svg = await satori(element as never, { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, fonts });
  // satori draws the letters as paths: resvg needs no font.
  const resvg = new Resvg(svg, { font: { loadSystemFonts: false } });
  try {
    const image = resvg.render();
    try {
      return { png: Buffer.from(image.asPng()), drawingMs: performance.now() - startedAt };
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

const drawn = new LRUCache<string, Buffer>({ maxSize: KEPT_BYTES, sizeCalculation: (png) => png.length });
/** The drawing under way, if any: the next waits for it, so that a burst of crawlers draws one image at a time. */
let queue: Promise<unknown> = Promise.resolve();
/** The images asked for and not drawn yet, by hash: a second request for one waits for the same drawing. */
const pending = new Map<string, Promise<ShareImage>>();

/**
 * Drawings that may wait their turn, about 2 s of work: past them an image is not drawn, rather than queueing
 * minutes of drawing that every later visitor would wait behind.
 */
export const MAX_WAITING_DRAWINGS = 16;

/**
 * The main thread's time the whole site may spend drawing: 150 ms at once (two or three images), then 2.5 % of the
 * time that passes (one image of 55 ms every 2.2 s; fewer on a slower machine). The images outnumber what the cache
 * keeps (one per brand and category), so a client asking them all in a loop would otherwise draw without end.
 */
export const SITE_DRAWING_SHARE = { burstMs: 150, share: 0.025 } as const;
/** The drawings one network (its /24 or /48) may start: 4 at once, then one every 15 s. */
export const NETWORK_DRAWING_RATE = { burst: 4, everyMs: 15_000 } as const;
const budget = new DrawingBudget(SITE_DRAWING_SHARE, NETWORK_DRAWING_RATE);

/** A share image's bytes, and how long its drawing held the main thread when it was drawn for this request. */
export interface ShareImage {
  png: Buffer;
  drawingMs: number | null;
}

/**
 * The image of `content`, drawn once for each hash while it stays in the cache; null when it is not kept and
 * drawing it now would pass the budget of `network` or of the site, or the queue's bound.
 */
export function shareImage(content: ShareImageContent, network: string): Promise<ShareImage | null> {
  const hash = shareImageHash(content);
  const kept = drawn.get(hash);
  if (kept) return Promise.resolve({ png: kept, drawingMs: null });
  const waiting = pending.get(hash);
  if (waiting) return waiting;
  if (pending.size >= MAX_WAITING_DRAWINGS) return Promise.resolve(null);
  const reserved = budget.take(network);
  if (reserved === null) return Promise.resolve(null);
  const next = queue
    .then(() => draw(content))
    .then(
      (image) => {
        budget.drawn(reserved, image.drawingMs);
        drawn.set(hash, image.png);
        return image;
      },
      (error: unknown) => {
        // A drawing that failed is counted as expected: how long it ran is not known.
        budget.drawn(reserved, reserved);
        throw error;
      },
    )
    .finally(() => pending.delete(hash));
  pending.set(hash, next);
  queue = next.catch(() => undefined);
  return next;
}

let defaultImage: Promise<Buffer> | undefined;

/** The site's own share image (`/og-image.png`), read once: what a link preview gets past the drawing budget. */
export const defaultShareImage = (): Promise<Buffer> =>
  (defaultImage ??= readFile(path.join(process.cwd(), "public/og-image.png")));
