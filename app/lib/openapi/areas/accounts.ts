import { z } from 'zod';
import { AccountSummarySchema, ProfileDtoSchema } from '#server/users/user.dto';
import { TokenDtoSchema } from '#server/tokens/token.dto';
import * as login from '~/routes/api/auth.login';
import * as logout from '~/routes/api/auth.logout';
import * as register from '~/routes/api/auth.register';
import * as session from '~/routes/api/auth.session';
import * as switchAccount from '~/routes/api/auth.switch';
import * as avatar from '~/routes/api/user.avatar';
import * as deleteAccount from '~/routes/api/user.delete-account';
import * as password from '~/routes/api/user.password';
import * as profile from '~/routes/api/user.profile';
import * as tokenById from '~/routes/api/user.tokens.$id';
import * as tokens from '~/routes/api/user.tokens';
import * as username from '~/routes/api/user.username';
import { describeArea, describeRoute } from '../describe';
import { TOKEN, USER } from '../examples';
import { openAccountDoc } from '../operations';
import { Ok, Success } from '../shapes';

const SignedIn = Ok.extend({
  username: z.string(),
  role: z.string(),
  mustChangePassword: z.literal(true).optional(),
});
const PROFILE = {
  id: USER.id,
  username: 'alice',
  nickname: 'Alice',
  avatarUrl: null,
  avatarColor: USER.avatarColor,
  role: 'user' as const,
  hasPassword: true,
  usernameChanged: false,
};

export const accountsArea = describeArea(
  'Accounts',
  'Sign-in, sessions, your profile and your personal access tokens.',
  [
    describeRoute('/api/auth/login', login, {
      POST: {
        summary: 'Sign in; sets the session cookie',
        setsSession: true,
        response: SignedIn,
        errors: [429],
        example: {
          body: { username: 'alice', password: 'correct-horse-7', rememberMe: true },
          response: { ok: true, username: 'alice', role: 'user' },
        },
      },
    }),
    describeRoute('/api/auth/logout', logout, {
      POST: { summary: 'End this browser’s session', response: Ok, example: { response: { ok: true } } },
    }),
    describeRoute('/api/auth/register', register, {
      POST: openAccountDoc('Open an account (when registration is enabled)', 'bob', 'bob-pass-42', {
        errors: [429],
      }),
    }),
    describeRoute('/api/auth/session', session, {
      GET: {
        summary: 'Who is signed in (never 401)',
        response: z.object({
          isAuthenticated: z.boolean(),
          username: z.string().nullable(),
          userId: z.string().nullable(),
          role: z.string().nullable(),
          nickname: z.string().nullable(),
          avatarUrl: z.string().nullable(),
          avatarColor: z.string().nullable(),
          accounts: z.array(AccountSummarySchema),
        }),
        example: {
          response: {
            isAuthenticated: true,
            username: 'alice',
            userId: USER.id,
            role: 'user',
            nickname: 'Alice',
            avatarUrl: null,
            avatarColor: '#60a5fa',
            accounts: [],
          },
        },
      },
    }),
    describeRoute('/api/auth/switch', switchAccount, {
      POST: {
        summary: 'Switch to another account signed in on this browser',
        sessionOnly: true,
        response: Ok.extend({ username: z.string(), userId: z.string(), role: z.string() }),
        errors: [404],
        example: {
          body: { userId: 'user-0c44' },
          response: { ok: true, username: 'bob', userId: 'user-0c44', role: 'user' },
        },
      },
    }),
    describeRoute('/api/user/profile', profile, {
      GET: { summary: 'Your profile', response: ProfileDtoSchema, example: { response: PROFILE } },
      PUT: {
        summary: 'Change your nickname',
        response: ProfileDtoSchema,
        example: { body: { nickname: 'Ally' }, response: { ...PROFILE, nickname: 'Ally' } },
      },
    }),
    describeRoute('/api/user/avatar', avatar, {
      POST: {
        summary: 'Upload an avatar (JPEG, PNG, GIF, WebP or AVIF, ≤ 5 MB)',
        multipart: { file: 'the picture' },
        response: z.object({ id: z.string(), url: z.string() }),
        errors: [429],
        example: { response: { id: 'asset-77a0', url: '/api/assets/asset-77a0/file' } },
      },
      DELETE: { summary: 'Remove your avatar', response: Ok, example: { response: { ok: true } } },
    }),
    describeRoute('/api/user/password', password, {
      PUT: {
        summary: 'Change your password; ends your other sessions',
        response: Ok,
        errors: [429],
        example: {
          body: {
            oldPassword: 'correct-horse-7',
            newPassword: 'new-pass-88',
            confirmPassword: 'new-pass-88',
          },
          response: { ok: true },
        },
      },
    }),
    describeRoute('/api/user/username', username, {
      PUT: {
        summary: 'Change your username (once)',
        response: Ok.extend({ username: z.string() }),
        errors: [409],
        example: { body: { username: 'alice2' }, response: { ok: true, username: 'alice2' } },
      },
    }),
    describeRoute('/api/user/delete-account', deleteAccount, {
      POST: {
        summary: 'Delete your account and all its data',
        sessionOnly: true,
        response: Ok,
        example: { body: { confirm: 'alice' }, response: { ok: true } },
      },
    }),
    describeRoute('/api/user/tokens', tokens, {
      GET: {
        summary: 'Your access tokens, newest first (a bare array)',
        response: z.array(TokenDtoSchema),
        example: { response: [TOKEN] },
      },
      POST: {
        summary: 'Create an access token; the secret is in this answer only',
        description: 'A token cannot mint tokens (a leaked one must not outlive its expiry).',
        sessionOnly: true,
        response: TokenDtoSchema.extend({ token: z.string().describe('sak_ + 64 hex digits') }),
        errors: [409],
        example: {
          body: { name: 'Laptop script', expiresIn: '90d', readOnly: false },
          response: { ...TOKEN, token: `sak_${'0f'.repeat(32)}` },
        },
      },
    }),
    describeRoute('/api/user/tokens/:id', tokenById, {
      DELETE: {
        summary: 'Revoke an access token',
        response: Success,
        errors: [404],
        example: { params: { id: TOKEN.id }, response: { success: true } },
      },
    }),
  ],
);
