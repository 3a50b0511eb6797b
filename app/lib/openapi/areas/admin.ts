import { z } from 'zod';
import { BootstrapDtoSchema } from '#server/navigation/bootstrap.dto';
import { UserDtoSchema } from '#server/users/user.dto';
import * as bootstrap from '~/routes/api/admin.bootstrap';
import * as registration from '~/routes/api/admin.registration';
import * as tempPassword from '~/routes/api/admin.users.temporary-password';
import * as users from '~/routes/api/admin.users';
import * as setup from '~/routes/api/setup';
import { describeArea, describeRoute } from '../describe';
import { BOOTSTRAP, USER } from '../examples';
import { openAccountDoc } from '../operations';
import { Ok } from '../shapes';

export const adminArea = describeArea(
  'Administration',
  'First run, registration, user management and the editor’s bootstrap data.',
  [
    describeRoute('/api/setup', setup, {
      GET: {
        summary: 'Whether the first administrator exists',
        response: z.object({ initialized: z.boolean() }),
        example: { response: { initialized: true } },
      },
      POST: openAccountDoc('Create the first administrator (once) and sign in', 'admin', 'admin-pass-1', {
        setsSession: true,
      }),
    }),
    describeRoute('/api/admin/registration', registration, {
      GET: {
        summary: 'Whether visitors may register',
        response: z.object({ registrationEnabled: z.boolean() }),
        example: { response: { registrationEnabled: false } },
      },
      PUT: {
        summary: 'Open or close registration',
        response: Ok.extend({ registrationEnabled: z.boolean() }),
        example: { body: { enabled: true }, response: { ok: true, registrationEnabled: true } },
      },
    }),
    describeRoute('/api/admin/users', users, {
      GET: {
        summary: 'List users, oldest first',
        response: z.object({ items: z.array(UserDtoSchema), total: z.number() }),
        example: { query: { q: 'ali', limit: '20' }, response: { items: [USER], total: 1 } },
      },
      PUT: {
        summary: 'Change a user’s role',
        response: Ok,
        errors: [404, 409],
        example: { body: { id: USER.id, role: 'admin' }, response: { ok: true } },
      },
      DELETE: {
        summary: 'Delete a user with all their data',
        response: Ok,
        errors: [404, 409],
        example: { query: { id: USER.id }, response: { ok: true } },
      },
    }),
    describeRoute('/api/admin/users/temporary-password', tempPassword, {
      POST: {
        summary: 'Give a user a temporary password',
        response: z.object({ username: z.string(), password: z.string() }),
        errors: [404],
        example: { body: { id: USER.id }, response: { username: 'alice', password: 'x7Kp2mQa9wRt' } },
      },
    }),
    describeRoute('/api/admin/bootstrap', bootstrap, {
      GET: {
        summary: 'Everything the editor loads at once (your own space; any signed-in user)',
        response: BootstrapDtoSchema,
        example: { response: BOOTSTRAP },
      },
    }),
  ],
);
