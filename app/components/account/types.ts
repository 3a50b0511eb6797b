import type { SubmissionResult } from '@conform-to/react';

/** What a /profile form post answers when it does not redirect. */
export interface ProfileActionData {
  intent: string;
  result?: SubmissionResult<string[]>;
  /** Avatar uploads report a single message. */
  error?: string;
  /** A username change waiting for its confirm step. */
  confirmUsername?: string;
  /** A token just created: its secret is shown this once. */
  created?: { id: string; name: string; token: string; expiresAt: string | null; readOnly: boolean };
}

export type { AccountDto as ProfileAccount } from '#server/users/user.dto';

/** The conform result meant for one form of the page. */
export function resultFor(actionData: ProfileActionData | undefined, intent: string) {
  return actionData?.intent === intent ? actionData.result : undefined;
}
