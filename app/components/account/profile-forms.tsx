import { getFormProps, type FormMetadata } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useActionData, useNavigation } from 'react-router';
import type { ZodType } from 'zod';
import {
  ChangePasswordSchema,
  ChangeUsernameSchema,
  DeleteAccountConfirmSchema,
  NICKNAME_MAX,
  NicknameSchema,
} from '#server/users/user.schema';
import { Avatar } from '../avatar';
import { Field, FormErrors } from '../ui/field';
import { NewPasswordFields, UsernameField } from './new-account-fields';
import { resultFor, type ProfileAccount, type ProfileActionData } from './types';
import { FormField } from '~/components/ui/conform-fields';
import { PostForm, SubmitRow } from '~/components/ui/post-form';
import { ConfirmStep } from '~/components/ui/confirm-step';
import { useZodForm } from '~/lib/conform';
import { Panel } from '~/components/ui/panel';

/** A form of the profile page checked by its schema, fed back the action's answer to the same intent. */
export function useProfileForm<S extends ZodType>(
  schema: S,
  intent: string,
  options: { id: string; defaultValue?: Record<string, unknown> },
) {
  const actionData = useActionData<ProfileActionData>();
  return useZodForm(schema, { ...options, lastResult: resultFor(actionData, intent) });
}

export function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
}

/** A form of a profile panel: posts its intent back to the panel, its errors first, its submit button last. */
function PanelForm({
  form,
  panel,
  intent,
  submit,
  tone = 'button-primary',
  anchored = true,
  children,
}: {
  form: FormMetadata<any, string[]>;
  panel: string;
  /**
   * Posts to `/profile#<panel>`, so that without JavaScript the answer opens at the panel. Off for a form whose
   * success leaves the page: a redirect keeps the fragment of the address posted to.
   */
  anchored?: boolean;
  intent: string;
  submit: string;
  /** The submit button's look. */
  tone?: string;
  children: React.ReactNode;
}) {
  const busy = useBusy(intent);
  return (
    <PostForm
      action={anchored ? `/profile#${panel}` : '/profile'}
      {...getFormProps(form)}
      className="stack form-narrow"
      intent={intent}
    >
      <FormErrors errors={form.errors} id={form.errorId} />
      {children}
      <SubmitRow label={submit} tone={tone} disabled={busy} />
    </PostForm>
  );
}

/** Nickname and avatar. */
export function ProfilePanel({ account }: { account: ProfileAccount }) {
  const { t } = useTranslation();
  const actionData = useActionData<ProfileActionData>();
  const [form, fields] = useProfileForm(NicknameSchema, 'profile', {
    id: 'profile-form',
    defaultValue: { nickname: account.nickname ?? '' },
  });
  const display = account.nickname || account.username;
  const avatarError = actionData?.intent === 'avatar' ? actionData.error : undefined;
  // With JavaScript the picked picture is shown before it is uploaded, until the page shows another stored
  // picture (the one just uploaded) or another file is picked.
  const [picked, setPicked] = useState<{ url: string; base: string | null } | null>(null);
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);
  const preview = picked && picked.base === account.avatarUrl ? picked.url : null;
  const pick = (file: File | undefined) =>
    setPicked(
      file && file.type.startsWith('image/')
        ? { url: URL.createObjectURL(file), base: account.avatarUrl }
        : null,
    );
  return (
    <Panel id="profile" title={t('profile.profile.title')}>
      <div className="avatar-editor">
        <figure className="avatar-figure">
          <Avatar name={display} url={preview ?? account.avatarUrl} color={account.avatarColor} size={88} />
          <figcaption className="small muted">
            {preview
              ? t('profile.profile.avatarNew')
              : account.avatarUrl
                ? t('profile.profile.avatarCurrent')
                : t('profile.profile.avatarNone')}
          </figcaption>
        </figure>
        <div className="stack avatar-forms">
          {/* The CSRF token precedes the file: it is checked before the upload is stored. */}
          <PostForm
            action="/profile#profile"
            encType="multipart/form-data"
            className="avatar-upload"
            intent="avatar"
          >
            <Field
              id="avatar-file"
              label={t('profile.profile.avatar')}
              type="file"
              name="file"
              required
              accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
              hint={t('profile.profile.avatarHint')}
              errors={avatarError ? [avatarError] : undefined}
              onChange={(e) => pick(e.currentTarget.files?.[0])}
            />
            <SubmitRow label={t('profile.profile.upload')} tone="button-small" />
          </PostForm>
          {account.avatarUrl ? (
            <PostForm action="/profile#profile" intent="avatar-remove">
              <button type="submit" className="link-button small">
                {t('profile.profile.removeAvatar')}
              </button>
            </PostForm>
          ) : null}
        </div>
      </div>
      <PanelForm form={form} panel="profile" intent="profile" submit={t('profile.save')}>
        <FormField
          label={t('profile.profile.nickname')}
          field={fields.nickname}
          hint={t('profile.profile.nicknameHint', { max: NICKNAME_MAX })}
          maxLength={NICKNAME_MAX}
        />
      </PanelForm>
    </Panel>
  );
}

/** Password change (the current password is asked for when the account has one). */
export function PasswordPanel({ account }: { account: ProfileAccount }) {
  const { t } = useTranslation();
  const [form, fields] = useProfileForm(ChangePasswordSchema, 'password', { id: 'password-form' });
  return (
    <Panel id="password" title={t('profile.password.title')}>
      <p className="muted">{t('profile.password.intro')}</p>
      <PanelForm form={form} panel="password" intent="password" submit={t('profile.password.submit')}>
        {/* Lets password managers tie the new password to this account. */}
        <input type="text" name="username" value={account.username} autoComplete="username" readOnly hidden />
        {account.hasPassword ? (
          <FormField
            label={t('profile.password.current')}
            field={fields.oldPassword}
            type="password"
            autoComplete="current-password"
          />
        ) : null}
        <NewPasswordFields password={fields.newPassword} confirm={fields.confirmPassword} change />
      </PanelForm>
    </Panel>
  );
}

/** The one-time username change. */
export function UsernamePanel({ account }: { account: ProfileAccount }) {
  const { t } = useTranslation();
  const [form, fields] = useProfileForm(ChangeUsernameSchema, 'username', { id: 'username-form' });
  const actionData = useActionData<ProfileActionData>();
  const confirm = actionData?.intent === 'username' ? actionData.confirmUsername : undefined;
  const canChange = account.role !== 'admin' && !account.usernameChanged;
  return (
    <Panel id="username" title={t('profile.username.title')}>
      <p>
        {t('profile.username.current')} <strong className="mono">{account.username}</strong>
      </p>
      {canChange && confirm ? (
        <ConfirmStep
          id="confirm-username"
          title={t('profile.username.confirm.title', { name: confirm })}
          action="/profile#username"
          intent="username"
          values={{ username: confirm }}
          submitLabel={t('profile.username.confirm.submit', { name: confirm })}
          cancelHref="/profile#username"
          cancelLabel={t('profile.username.confirm.cancel')}
        >
          <p>{t('profile.username.confirm.body', { old: account.username })}</p>
        </ConfirmStep>
      ) : canChange ? (
        <PanelForm
          form={form}
          panel="username"
          intent="username"
          submit={t('profile.username.submit')}
          tone=""
        >
          <UsernameField
            label={t('profile.username.new')}
            field={fields.username}
            hint={t('profile.username.onceHint')}
          />
        </PanelForm>
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
  const [form, fields] = useProfileForm(DeleteAccountConfirmSchema, 'delete-account', { id: 'delete-form' });
  return (
    <Panel id="danger" className="panel-danger" title={t('profile.danger.title')}>
      {account.role === 'admin' ? (
        <p className="muted">{t('profile.danger.adminCannot')}</p>
      ) : (
        <>
          <p>{t('profile.danger.intro')}</p>
          <PanelForm
            form={form}
            panel="danger"
            intent="delete-account"
            submit={t('profile.danger.submit')}
            tone="button-danger"
            anchored={false}
          >
            {/* Not anchored: a refusal brings the field into view by focusing it (also without JavaScript). */}
            <UsernameField
              label={t('profile.danger.confirmLabel', { name: account.username })}
              field={fields.confirm}
              autoFocus={Boolean(form.errors?.length || fields.confirm.errors?.length) || undefined}
            />
          </PanelForm>
        </>
      )}
    </Panel>
  );
}
