import { z } from 'zod';
import { textError } from '../forms/fields.schema';

// Rules at least as permissive as the older service (2-10 of [A-Za-z0-9_]; passwords of 6+ with upper, lower and
// digit): every name and password it accepted is accepted here too. See docs/api.md "Accounts".
export const USERNAME_RE = /^[A-Za-z0-9_.-]{2,32}$/;
export const USERNAME_CHARS_MESSAGE = 'Username may contain only English letters, digits, "_", "-" and "."';

/**
 * A username in the one form every path stores and compares (registration, setup, username change, sign-in and
 * the admin pages): NFKC, so full-width `ａｄｍｉｎ` is `admin`. Only ASCII letters, digits, `_`, `-` and `.` are
 * allowed, so no name can look like another in a different script (Cyrillic `а` for Latin `a`). Nicknames stay free.
 */
export function normaliseUsername(username: string): string {
  return username.normalize('NFKC').trim();
}

export const UsernameSchema = z
  .string(textError('Username is required'))
  .transform(normaliseUsername)
  .pipe(
    z
      .string()
      .min(2, 'Username must be at least 2 characters')
      .max(32, 'Username must be at most 32 characters')
      .regex(USERNAME_RE, USERNAME_CHARS_MESSAGE),
  );

export const NewPasswordSchema = z
  .string(textError('Password is required'))
  .min(6, 'Password must be at least 6 characters')
  .max(128, 'Password must be at most 128 characters')
  .refine((p) => p.trim() === p, 'Password must not start or end with a space')
  .refine((p) => {
    const classes = [/\p{L}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((re) => re.test(p)).length;
    return classes >= 2;
  }, 'Password must mix at least two of: letters, digits, symbols');

const confirm = <T extends { password: string; confirmPassword: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
  }
};

export const SetupSchema = z
  .object({
    username: UsernameSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string(textError('Please confirm the password')),
  })
  .superRefine(confirm);
export type SetupInput = z.infer<typeof SetupSchema>;

export const RegisterSchema = SetupSchema;
export type RegisterInput = SetupInput;

const checkbox = z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean());

export const LoginSchema = z.object({
  username: z.string(textError('Username is required')).trim().min(1, 'Username is required').max(64),
  // Trimmed like the older service did (no password may start or end with a space anyway).
  password: z.string(textError('Password is required')).trim().min(1, 'Password is required').max(256),
  rememberMe: checkbox.optional().default(false),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const ChangePasswordSchema = z
  .object({
    oldPassword: z.string().max(256).optional(),
    newPassword: NewPasswordSchema,
    confirmPassword: z.string(textError('Please confirm the password')),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
    }
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** The longest nickname (the older service's limit; the profile form's field and hint use it too). */
export const NICKNAME_MAX = 20;

export const NicknameSchema = z.object({
  nickname: z
    .string()
    .trim()
    .max(NICKNAME_MAX, `Nickname must be at most ${NICKNAME_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
});

export const ChangeUsernameSchema = z.object({ username: UsernameSchema });

export const RoleSchema = z.enum(['admin', 'user']);
export const SetRoleSchema = z.object({ id: z.string().min(1).max(80), role: RoleSchema });

export const SwitchSchema = z.object({
  userId: z.string(textError('userId is required')).trim().min(1, 'userId is required').max(80),
});

export const RegistrationToggleSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});

/** GET /api/admin/users: optional search and paging (without `limit`, every user, as the older API listed). */
export const UserListQuerySchema = z.object({
  q: z.string().max(100).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

export const UserIdQuerySchema = z.object({
  id: z.string(textError('id is required')).trim().min(1, 'id is required').max(80),
});

/** The profile page's "delete my account" form: the user retypes their username. */
/** `POST /api/user/delete-account`: the older web client sends no body; `confirm` is checked when given. */
export const DeleteAccountSchema = z
  .object({ confirm: z.string().trim().max(200).optional() })
  .optional()
  .transform((v) => v ?? {});
export type DeleteAccountInput = { confirm?: string };

export const DeleteAccountConfirmSchema = z.object({
  confirm: z
    .string(textError('Type your username to confirm'))
    .trim()
    .min(1, 'Type your username to confirm'),
});
