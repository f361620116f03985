import { createContext, useContext } from "react";

/** The per-request Content-Security-Policy nonce, set by entry.server and read by the root document. */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
