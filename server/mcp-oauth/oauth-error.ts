/**
 * An OAuth failure in the shape RFC 6749 §5.2 (and RFC 7591 §3.2.2) gives it: `{"error", "error_description"}`,
 * not the API's `{"error", "code"}`, since OAuth clients read these fields.
 */
export class OAuthError extends Error {
  override name = 'OAuthError';
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

export const isOAuthError = (err: unknown): err is OAuthError => err instanceof OAuthError;
