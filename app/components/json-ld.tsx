import { useNonce } from "~/nonce";

/** Structured data, escaped so that no string can close the script element. */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
