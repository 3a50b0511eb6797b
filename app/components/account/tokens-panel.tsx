import { getFormProps } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { useActionData, useNavigation } from 'react-router';
import { TOKEN_EXPIRY, TokenCreateSchema } from '#server/tokens/token.schema';
import type { TokenDto } from '#server/tokens/token.dto';
import { inputProps, selectProps, useZodForm } from '~/lib/conform';
import { formatDate, formatDateTime } from '~/lib/format';
import { useErrorText } from '~/lib/use-error-text';
import { KeyIcon, TrashIcon } from '../icons';
import { FormErrors } from '../ui/field';
import { CopyButton } from './copy-button';
import { resultFor, type ProfileActionData } from './types';
import { FormField } from '~/components/ui/conform-fields';
import { PostForm } from '~/components/ui/post-form';
import { Panel } from '~/components/ui/panel';

/** Personal access tokens: create (the secret is shown once), list, revoke. */
export function TokensPanel({ tokens, max }: { tokens: TokenDto[]; max: number }) {
  const { t } = useTranslation();
  const actionData = useActionData<ProfileActionData>();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'token-create';
  const [form, fields] = useZodForm(TokenCreateSchema, {
    id: 'token-form',
    lastResult: resultFor(actionData, 'token-create'),
    defaultValue: { expiresIn: '90d' },
  });
  const created = actionData?.intent === 'token-create' ? actionData.created : undefined;
  const full = tokens.length >= max;
  return (
    <Panel
      id="tokens"
      title={t('profile.tokens.title')}
      actions={<span className="badge">{t('profile.tokens.count', { count: tokens.length, max })}</span>}
    >
      <p className="muted">{t('profile.tokens.intro')}</p>
      <p className="small api-docs-link">
        {t('profile.tokens.apiDocsIntro')} <a href="/docs/api">{t('profile.tokens.apiDocs')}</a> ·{' '}
        <a href="/api/openapi.json">OpenAPI</a> · <a href="#mcp">{t('profile.nav.mcp')}</a>
      </p>

      {created ? (
        <div className="token-reveal" role="status">
          <p className="token-reveal-title">
            <KeyIcon size={18} /> {t('profile.tokens.createdTitle', { name: created.name })}
          </p>
          <p className="small">{t('profile.tokens.createdOnce')}</p>
          <div className="token-reveal-row">
            <label htmlFor="new-token" className="visually-hidden">
              {t('profile.tokens.secretLabel')}
            </label>
            <input
              id="new-token"
              className="mono token-secret"
              type="text"
              readOnly
              value={created.token}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={created.token} label={t('profile.tokens.copy')} />
          </div>
        </div>
      ) : null}

      {full ? (
        <p className="notice">{t('profile.tokens.limitReached', { max })}</p>
      ) : (
        <PostForm
          action="/profile#tokens"
          {...getFormProps(form)}
          className="token-create"
          intent="token-create"
        >
          <FormErrors errors={form.errors} id={form.errorId} />
          <div className="token-create-grid">
            <FormField
              label={t('profile.tokens.name')}
              field={fields.name}
              placeholder={t('profile.tokens.namePlaceholder')}
              autoComplete="off"
            />
            <div className="field">
              <label htmlFor={fields.expiresIn.id}>{t('profile.tokens.expiry')}</label>
              <select {...selectProps(fields.expiresIn)} key={fields.expiresIn.key}>
                {TOKEN_EXPIRY.map((e) => (
                  <option key={e} value={e}>
                    {t(`profile.tokens.expiryOptions.${e}`)}
                  </option>
                ))}
              </select>
              {fields.expiresIn.errors?.length ? (
                <p className="field-error" role="alert">
                  {fields.expiresIn.errors.map((m) => errorText(m)).join(' ')}
                </p>
              ) : null}
            </div>
          </div>
          <label className="check">
            <input {...inputProps(fields.readOnly, { type: 'checkbox' })} key={fields.readOnly.key} />
            <span>{t('profile.tokens.readOnly')}</span>
          </label>
          <div className="row">
            <button type="submit" className="button button-primary" disabled={busy}>
              {t('profile.tokens.create')}
            </button>
          </div>
        </PostForm>
      )}

      {tokens.length === 0 ? (
        <p className="empty-state">{t('profile.tokens.none')}</p>
      ) : (
        <ul className="item-list" aria-label={t('profile.tokens.listLabel')}>
          {tokens.map((tok) => (
            <li key={tok.id} className="item">
              <div className="item-main">
                <p className="item-title">
                  <span>{tok.name}</span>
                  <span className="badge mono">sak_…{tok.tokenSuffix}</span>
                  {tok.readOnly ? <span className="badge">{t('profile.tokens.readOnlyBadge')}</span> : null}
                  {tok.isExpired ? (
                    <span className="badge badge-danger">{t('profile.tokens.expired')}</span>
                  ) : null}
                </p>
                <p className="item-meta">
                  <span>{t('profile.tokens.createdAt', { date: formatDate(tok.createdAt) })}</span>
                  <span>
                    {tok.expiresAt
                      ? t('profile.tokens.expiresAt', { date: formatDate(tok.expiresAt) })
                      : t('profile.tokens.neverExpires')}
                  </span>
                  <span>
                    {tok.lastUsedAt
                      ? t('profile.tokens.lastUsed', { date: formatDateTime(tok.lastUsedAt) })
                      : t('profile.tokens.neverUsed')}
                  </span>
                </p>
              </div>
              <PostForm
                action="/profile#tokens"
                className="item-action"
                intent="token-delete"
                values={{ id: tok.id }}
              >
                <button
                  type="submit"
                  className="button button-small button-ghost danger-text"
                  aria-label={t('profile.tokens.deleteNamed', { name: tok.name })}
                >
                  <TrashIcon size={16} />
                  <span>{t('profile.tokens.delete')}</span>
                </button>
              </PostForm>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
