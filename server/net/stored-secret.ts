// A stored secret (the AI key, an OAuth client secret) goes only to the address it was saved with. Secrets are never
// shown again, so a form keeps one by sending it back masked; with a new address beside it, that would let anyone
// who may edit the form send the secret to a server of their choice. Changing the address needs the secret typed
// again (or cleared).
import { AppError } from '../errors';

/** An address as it is saved: trimmed, without trailing slashes. */
export function savedAddress(url: string | undefined): string {
  return (url ?? '').trim().replace(/\/+$/, '');
}

/** Whether a secret kept from storage would go to another address than the one it was saved with. */
export function addressChanged(saved: string | undefined, next: string | undefined): boolean {
  return savedAddress(saved) !== savedAddress(next);
}

/** 400 `secret_required` for `field`, a stored secret kept while `addressField` changes. */
export function secretRequired(field: string, addressField: string): AppError {
  const message = `${field} must be typed again when ${addressField} changes (a stored secret goes only to the address it was saved with)`;
  return new AppError('secret_required', message, [{ path: field, message }]);
}
