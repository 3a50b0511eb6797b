// The /profile page's form posts: one handler per intent, each a thin adapter around a service.
import { data, redirect } from 'react-router';
import type { Actor } from '#server/actor';
import { revokeOtherSessions, revokeSession } from '#server/auth/session.service';
import { switchAccount } from '#server/auth/switch.service';
import { isAppError } from '#server/errors';
import { unbindProvider } from '#server/oauth/oauth-accounts.service';
import { isProviderKey } from '#server/oauth/oauth.schema';
import { createToken, deleteToken } from '#server/tokens/token.service';
import { revokeAppGrant } from '#server/mcp-oauth/grant.service';
import { TokenCreateSchema } from '#server/tokens/token.schema';
import { AVATAR_MAX_BYTES, removeAvatar, setAvatar } from '#server/users/avatar.service';
import {
  ChangePasswordSchema,
  ChangeUsernameSchema,
  DeleteAccountConfirmSchema,
  NicknameSchema,
} from '#server/users/user.schema';
import { changePassword, changeUsername, deleteAccount, updateProfile } from '#server/users/user.service';
import { redirectWithFlash } from '~/lib/flash.server';
import {
  isConfirmed,
  isMultipart,
  pageErrorMessage,
  readForm,
  readFormUpload,
  submitForm,
} from '~/lib/forms.server';
import type { Locale } from '~/lib/i18n';
import { browserSessions, signOut, switchCookies } from '~/lib/session.server';

type Ctx = { request: Request; actor: Actor; locale: Locale };

const PASSWORD_FORM = {
  schema: ChangePasswordSchema,
  hideFields: ['oldPassword', 'newPassword', 'confirmPassword'],
};
// The service's refusals of a new name belong on the name field.
const USERNAME_FORM = { schema: ChangeUsernameSchema, field: 'username' };

/** Avatar uploads come as multipart bodies; the CSRF field precedes the file, so it is checked before storing. */
async function uploadAvatar({ request, actor, locale }: Ctx) {
  try {
    await readFormUpload(request, { maxBytes: AVATAR_MAX_BYTES }, (file) => setAvatar(actor, file));
  } catch (err) {
    if (!isAppError(err)) throw err;
    return data(
      { intent: 'avatar', error: pageErrorMessage(err, locale) },
      { status: err.status, headers: err.headers },
    );
  }
  return redirectWithFlash(request, '/profile#profile', {
    kind: 'success',
    key: 'profile.flash.avatarSaved',
  });
}

export async function profileAction(ctx: Ctx) {
  const { request, actor, locale } = ctx;
  if (isMultipart(request)) return uploadAvatar(ctx);
  const formData = await readForm(request);
  const intent = String(formData.get('intent') ?? '');
  switch (intent) {
    case 'profile':
      return submitForm(formData, { schema: NicknameSchema, locale, intent }, async (value) => {
        await updateProfile(actor, value);
        return redirectWithFlash(request, '/profile#profile', {
          kind: 'success',
          key: 'profile.flash.saved',
        });
      });
    case 'avatar-remove': {
      await removeAvatar(actor);
      return redirectWithFlash(request, '/profile#profile', {
        kind: 'success',
        key: 'profile.flash.avatarRemoved',
      });
    }
    case 'password':
      return submitForm(formData, { ...PASSWORD_FORM, locale, intent }, async (value) => {
        await changePassword(actor, value);
        return redirectWithFlash(request, '/profile#password', {
          kind: 'success',
          key: 'profile.flash.passwordChanged',
        });
      });
    case 'username':
      return submitForm(formData, { ...USERNAME_FORM, locale, intent }, async (value) => {
        // Only one change is allowed: the typed name is shown in a confirm step first.
        if (!isConfirmed(formData)) return data({ intent, confirmUsername: value.username });
        await changeUsername(actor, value);
        return redirectWithFlash(request, '/profile#username', {
          kind: 'success',
          key: 'profile.flash.usernameChanged',
        });
      });
    case 'token-create':
      return submitForm(
        formData,
        { schema: TokenCreateSchema, locale, intent },
        async (value, submission) => {
          const created = await createToken(actor, value);
          // Shown once, in this response only: it is never stored in a readable form.
          return data({ intent, result: submission.reply({ resetForm: true }), created });
        },
      );
    case 'token-delete': {
      // Scripts using the token stop working at once: a post without `confirm` leads to the confirm step.
      if (!isConfirmed(formData))
        return redirect(
          `/profile?delete-token=${encodeURIComponent(String(formData.get('id') ?? ''))}#tokens`,
        );
      await ignoreMissing(() => deleteToken(actor, String(formData.get('id') ?? '')));
      return redirectWithFlash(request, '/profile#tokens', {
        kind: 'success',
        key: 'profile.flash.tokenDeleted',
      });
    }
    case 'app-revoke': {
      // The app stops working at once: a post without `confirm` leads to the confirm step.
      if (!isConfirmed(formData))
        return redirect(`/profile?revoke-app=${encodeURIComponent(String(formData.get('id') ?? ''))}#tokens`);
      await ignoreMissing(() => revokeAppGrant(actor, String(formData.get('id') ?? '')));
      return redirectWithFlash(request, '/profile#tokens', {
        kind: 'success',
        key: 'mcpOauth.tokens.revoked',
      });
    }
    case 'oauth-unbind': {
      const provider = formData.get('provider');
      if (!isProviderKey(provider)) throw data({ code: 'bad_request' }, { status: 400 });
      try {
        await unbindProvider(actor, provider);
      } catch (err) {
        if (!isAppError(err)) throw err;
        const key = err.code === 'bad_request' ? 'oauth.flash.lastWay' : 'oauth.flash.unbindFailed';
        return redirectWithFlash(request, '/profile#connections', { kind: 'error', key });
      }
      return redirectWithFlash(request, '/profile#connections', {
        kind: 'success',
        key: 'oauth.flash.unbound',
      });
    }
    case 'session-revoke': {
      await ignoreMissing(() => revokeSession(actor, String(formData.get('id') ?? '')));
      return redirectWithFlash(request, '/profile#sessions', {
        kind: 'success',
        key: 'profile.flash.sessionEnded',
      });
    }
    case 'sessions-revoke-others': {
      const { ended } = await revokeOtherSessions(actor);
      return redirectWithFlash(request, '/profile#sessions', {
        kind: 'success',
        key: 'profile.flash.otherSessionsEnded',
        values: { count: ended },
      });
    }
    case 'switch': {
      try {
        const result = await switchAccount(
          actor,
          { userId: String(formData.get('userId') ?? '') },
          await browserSessions(request),
        );
        return redirectWithFlash(
          request,
          '/',
          {
            kind: 'success',
            key: 'auth.switched',
            values: { name: result.user.nickname || result.user.username },
          },
          { cookies: switchCookies(request, result) },
        );
      } catch (err) {
        if (!isAppError(err)) throw err;
        return redirectWithFlash(request, '/profile#accounts', {
          kind: 'error',
          key: 'profile.flash.switchFailed',
        });
      }
    }
    case 'delete-account':
      return submitForm(formData, { schema: DeleteAccountConfirmSchema, locale, intent }, async (value) => {
        await deleteAccount(actor, { confirm: value.confirm });
        return redirectWithFlash(
          request,
          '/',
          { kind: 'info', key: 'profile.flash.accountDeleted' },
          { cookies: await signOut(request) },
        );
      });
    default:
      throw data({ code: 'bad_request' }, { status: 400 });
  }
}

/** Deleting something that is already gone (a second click, another tab) is not an error for a page. */
async function ignoreMissing(fn: () => Promise<unknown>) {
  try {
    await fn();
  } catch (err) {
    if (!isAppError(err) || err.code !== 'not_found') throw err;
  }
}
