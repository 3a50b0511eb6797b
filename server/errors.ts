/** Every error a service may throw, with the one HTTP status each maps to. */
export const ERROR_STATUS = {
  bad_request: 400,
  ai_not_configured: 400,
  invalid_json: 400,
  validation_failed: 400,
  nesting_too_deep: 400,
  secret_required: 400,
  unauthorized: 401,
  forbidden: 403,
  csrf_failed: 403,
  registration_closed: 403,
  already_initialized: 403,
  quota_exceeded: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  fetch_failed: 422,
  rate_limited: 429,
  internal: 500,
  ai_unavailable: 502,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Extra response headers, e.g. Retry-After or Allow. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/** Shorthands for the most common failures. */
export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('forbidden', message);
export const badRequest = (message: string, details?: unknown) =>
  new AppError('bad_request', message, details);
export const conflict = (message: string) => new AppError('conflict', message);
