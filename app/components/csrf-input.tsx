import { useRootData } from '~/lib/root-data';

/** The hidden CSRF field every state-changing form carries. */
export function CsrfInput() {
  const data = useRootData();
  return <input type="hidden" name="csrf" value={data?.csrfToken ?? ''} />;
}
