import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Conform is patched (patches/, applied by `npm install`): a field's or a form's metadata is built once for each state
 * of the form instead of at every property read. These tests hold the metadata to what Conform gives: read from a
 * field kept across a change of the form's state (as a callback keeps it), it follows the new state.
 */

const distDir = path.dirname(createRequire(import.meta.url).resolve("@conform-to/react"));

type FormContext = {
  getState(): unknown;
  onUpdate(options: { lastResult: unknown }): void;
};
type Metadata = Record<string, unknown>;
type ContextModule = {
  createFormContext(options: { formId: string; constraint: Record<string, Record<string, unknown>> }): FormContext;
  getFieldMetadata(context: FormContext, subjectRef: { current: object }, snapshot: unknown, name: string): Metadata;
  getFormMetadata(
    context: FormContext,
    subjectRef: { current: object },
    snapshot: unknown,
    noValidate: boolean,
  ): Metadata;
};

// The module the server and the browser's bundle load (the package's `import` entry), read by its file: the package
// exports only its index, which does not expose a form context.
const loadContext = async () => (await import(pathToFileURL(path.join(distDir, "context.mjs")).href)) as ContextModule;

// A form's report looks its form element up in the page's document; there is none here.
const realDocument = Object.getOwnPropertyDescriptor(globalThis, "document");
beforeAll(() => {
  Object.defineProperty(globalThis, "document", {
    value: { forms: { namedItem: () => null } },
    configurable: true,
  });
});
afterAll(() => {
  if (realDocument) Object.defineProperty(globalThis, "document", realDocument);
  else Reflect.deleteProperty(globalThis, "document");
});

describe("Conform's field and form metadata", () => {
  it("is the patched one in both of the package's builds: `npm install` applied the patch", () => {
    for (const file of ["context.mjs", "context.js"]) {
      expect(readFileSync(path.join(distDir, file), "utf8")).toContain("keptMetadata");
    }
  });

  it("reads the same as fresh metadata at every read, then follows a change of the form's state", async () => {
    const { createFormContext, getFieldMetadata, getFormMetadata } = await loadContext();
    const context = createFormContext({ formId: "temoignage", constraint: { text: { required: true, minLength: 3 } } });
    const subjectRef = { current: {} };
    const snapshot = context.getState();
    const kept = getFieldMetadata(context, subjectRef, snapshot, "text");
    const keptForm = getFormMetadata(context, subjectRef, snapshot, false);

    for (let read = 0; read < 3; read += 1) {
      // The metadata are proxies with no own keys: each property is read by name.
      expect([kept.id, kept.name, kept.required, kept.minLength]).toEqual(["temoignage-text", "text", true, 3]);
      expect(kept.errors).toBeUndefined();
      expect(keptForm.errors).toBeUndefined();
      expect(keptForm.status).toBeUndefined();
    }

    context.onUpdate({
      lastResult: {
        status: "error",
        error: { text: ["Trop court."], "": ["Rien n'a été envoyé."] },
        initialValue: { text: "ab" },
      },
    });

    const fresh = getFieldMetadata(context, subjectRef, context.getState(), "text");
    for (const field of [kept, fresh]) {
      expect(field.errors).toEqual(["Trop court."]);
      expect(field.value).toBe("ab");
      expect(field.errorId).toBe("temoignage-text-error");
    }
    expect(keptForm.errors).toEqual(["Rien n'a été envoyé."]);
    expect(keptForm.status).toBe("error");
    expect(keptForm.allErrors).toEqual({ text: ["Trop court."], "": ["Rien n'a été envoyé."] });
  });
});
