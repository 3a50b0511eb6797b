import { createContext, useContext } from 'react';

/** The CSP nonce of the current document, for inline scripts. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
