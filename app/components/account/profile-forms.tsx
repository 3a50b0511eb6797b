import { getFormProps } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { Form, useActionData, useNavigation } from 'react-router';
import {
  ChangePasswordSchema,
  ChangeUsernameSchema,
  DeleteAccountConfirmSchema,
  NICKNAME_MAX,
  NicknameSchema,
} from '#server/users/user.schema';
import { useErrorText } from '~/lib/use-error-text';
import { Avatar } from '../avatar';
import { CsrfInput } from '../csrf-input';
import { FormErrors } from '../ui/field';
import { resultFor, type ProfileAccount, type ProfileActionData } from './types';
import { FormField } from '~/components/ui/conform-fields';
import { PostForm } from '~/components/ui/post-form';
import { useZodForm } from '~/lib/conform';
import { Panel } from '~/components/ui/panel';

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
}

/** Nickname and avatar. */
export function ProfilePanel({ account }: { account: ProfileAccount }) {
  const { t } = useTranslation();
  const actionData = useActionData<ProfileActionData>();
  const errorText = useErrorText();
  const busy = useBusy('profile');
  const [form, fields] = useZodForm(NicknameSchema, {
    id: 'profile-form',
    lastResult: resultFor(actionData, 'profile'),
    defaultValue: { nickname: account.nickname ?? '' },
  });
  const display = account.nickname || account.username;
  const avatarError = actionData?.intent === 'avatar' ? actionData.error : undefined;
  return (
    <Panel id="profile" title={t('profile.profile.title')}>
      <div className="avatar-editor">
        <Avatar name={display} url={account.avatarUrl} color={account.avatarColor} size={88} />
        <div className="stack avatar-forms">
          <Form
            method="post"
            action="/profile#profile"
            encType="multipart/form-data"
            className="avatar-upload"
          >
            {/* The CSRF token must precede the file: it is checked before the upload is stored. */}
            <CsrfInput />
            <input type="hidden" name="intent" value="avatar" />
            <div className="field">
              <label htmlFor="avatar-file">{t('profile.profile.avatar')}</label>
              <input
                id="avatar-file"
                type="file"
                name="file"
                required
                accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
                aria-describedby={avatarError ? 'avatar-hint avatar-error' : 'avatar-hint'}
                aria-invalid={avatarError ? true : undefined}
              />
              <p className="field-hint" id="avatar-hint">
                {t('profile.profile.avatarHint')}
              </p>
              {avatarError ? (
                <p className="field-error" id="avatar-error" role="alert">
                  {errorText(avatarError)}
                </p>
              ) : null}
            </div>
            <div className="row">
              <button type="submit" className="button button-small">
                {t('profile.profile.upload')}
              </button>
            </div>
          </Form>
          {account.avatarUrl ? (
            <PostForm action="/profile#profile" intent="avatar-remove">
              <button type="submit" className="link-button small">
                {t('profile.profile.removeAvatar')}
              </button>
            </PostForm>
          ) : null}
        </div>
      </div>
      <PostForm
        action="/profile#profile"
        {...getFormProps(form)}
        className="stack form-narrow"
        intent="profile"
      >
        <FormErrors errors={form.errors} id={form.errorId} />
        <FormField
          label={t('profile.profile.nickname')}
          field={fields.nickname}
          hint={t('profile.profile.nicknameHint', { max: NICKNAME_MAX })}
          maxLength={NICKNAME_MAX}
        />
        <div className="row">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('profile.save')}
          </button>
        </div>
      </PostForm>
    </Panel>
  );
}

/** Password change (the current password is asked for when the account has one). */
export function PasswordPanel({ account }: { account: ProfileAccount }) {
  const { t } = useTranslation();
  const actionData = useActionData<ProfileActionData>();
  const busy = useBusy('password');
  const [form, fields] = useZodForm(ChangePasswordSchema, {
    id: 'password-form',
    lastResult: resultFor(actionData, 'password'),
  });
  return (
    <Panel id="password" title={t('profile.password.title')}>
      <p className="muted">{t('profile.password.intro')}</p>
      <PostForm
        action="/profile#password"
        {...getFormProps(form)}
        className="stack form-narrow"
        intent="password"
      >
        {/* Lets password managers tie the new password to this account. */}
        <input type="text" name="username" value={account.username} autoComplete="username" readOnly hidden />
        <FormErrors errors={form.errors} id={form.errorId} />
        {account.hasPassword ? (
          <FormField
            label={t('profile.password.current')}
            field={fields.oldPassword}
            type="password"
            autoComplete="current-password"
          />
        ) : null}
        <FormField
          label={t('profile.password.new')}
          field={fields.newPassword}
          type="password"
          autoComplete="new-password"
          hint={t('setup.passwordHint')}
        />
        <FormField
          label={t('profile.password.confirm')}
          field={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
        />
        <div className="row">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('profile.password.submit')}
          </button>
        </div>
      </PostForm>
    </Panel>
  );
}

/** The one-time username change. */
export function UsernamePanel({ account }: { account: ProfileAccount }) {
  const { t } = useTranslation();
  const actionData = useActionData<ProfileActionData>();
  const busy = useBusy('username');
  const [form, fields] = useZodForm(ChangeUsernameSchema, {
    id: 'username-form',
    lastResult: resultFor(actionData, 'username'),
  });
  const canChange = account.role !== 'admin' && !account.usernameChanged;
  return (
    <Panel id="username" title={t('profile.username.title')}>
      <p>
        {t('profile.username.current')} <strong className="mono">{account.username}</strong>
      </p>
      {canChange ? (
        <PostForm
          action="/profile#username"
          {...getFormProps(form)}
          className="stack form-narrow"
          intent="username"
        >
          <FormErrors errors={form.errors} id={form.errorId} />
          <FormField
            label={t('profile.username.new')}
            field={fields.username}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            hint={t('profile.username.onceHint')}
          />
          <div className="row">
            <button type="submit" className="button" disabled={busy}>
              {t('profile.username.submit')}
            </button>
          </div>
        </PostForm>
      ) : (
        <p className="muted">
          {account.role === 'admin' ? t('profile.username.adminKeeps') : t('profile.username.alreadyChanged')}
        </p>
      )}
    </Panel>
  );
}

/** Account deletion, confirmed by retyping the username. */
export function DangerPanel({ account }: { account: ProfileAccount }) {
  const { t } = useTranslation();
  const actionData = useActionData<ProfileActionData>();
  const busy = useBusy('delete-account');
  const [form, fields] = useZodForm(DeleteAccountConfirmSchema, {
    id: 'delete-form',
    lastResult: resultFor(actionData, 'delete-account'),
  });
  return (
    <Panel id="danger" className="panel-danger" title={t('profile.danger.title')}>
      {account.role === 'admin' ? (
        <p className="muted">{t('profile.danger.adminCannot')}</p>
      ) : (
        <>
          <p>{t('profile.danger.intro')}</p>
          <PostForm
            action="/profile#danger"
            {...getFormProps(form)}
            className="stack form-narrow"
            intent="delete-account"
          >
            <FormErrors errors={form.errors} id={form.errorId} />
            <FormField
              label={t('profile.danger.confirmLabel', { name: account.username })}
              field={fields.confirm}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
            <div className="row">
              <button type="submit" className="button button-danger" disabled={busy}>
                {t('profile.danger.submit')}
              </button>
            </div>
          </PostForm>
        </>
      )}
    </Panel>
  );
}
