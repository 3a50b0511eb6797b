import { getFormProps } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { Link, useActionData } from 'react-router';
import { TOKEN_EXPIRY, TokenCreateSchema } from '#server/tokens/token.schema';
import type { TokenDto } from '#server/tokens/token.dto';
import type { AppGrantDto } from '#server/mcp-oauth/grant.dto';
import { inputProps } from '~/lib/conform';
import { formatDate, formatDateTime } from '~/lib/format';
import { KeyIcon, TrashIcon } from '../icons';
import { FormErrors } from '../ui/field';
import { CopyButton } from './copy-button';
import { useBusy, useProfileForm } from './profile-forms';
import type { ProfileActionData } from './types';
import { FormField, FormSelect } from '~/components/ui/conform-fields';
import { Badge, Item } from '~/components/ui/item';
import { PostForm, SubmitRow } from '~/components/ui/post-form';
import { ConfirmStep } from '~/components/ui/confirm-step';
import { Panel } from '~/components/ui/panel';

/**
 * Personal access tokens: create (the secret is shown once), list, revoke; with them the apps connected through the
 * MCP authorization flow (docs/decisions.md §69), which are revoked here too.
 */
export function TokensPanel({
  tokens,
  apps,
  max,
  confirmDelete,
  confirmRevoke,
}: {
  tokens: TokenDto[];
  apps: AppGrantDto[];
  max: number;
  /** The token whose deletion waits for its confirm step. */
  confirmDelete: TokenDto | null;
  /** The app connection whose revocation waits for its confirm step. */
  confirmRevoke: AppGrantDto | null;
}) {
  const { t } = useTranslation();
  const actionData = useActionData<ProfileActionData>();
  const busy = useBusy('token-create');
  const [form, fields] = useProfileForm(TokenCreateSchema, 'token-create', {
    id: 'token-form',
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

      {confirmDelete ? (
        <ConfirmStep
          id="confirm-token"
          title={t('profile.tokens.confirm.title', { name: confirmDelete.name })}
          action="/profile#tokens"
          intent="token-delete"
          values={{ id: confirmDelete.id }}
          submitLabel={t('profile.tokens.confirm.submit')}
          cancelHref="/profile#tokens"
          cancelLabel={t('profile.tokens.confirm.cancel')}
        >
          <p>{t('profile.tokens.confirm.body', { suffix: confirmDelete.tokenSuffix })}</p>
        </ConfirmStep>
      ) : null}

      {confirmRevoke ? (
        <ConfirmStep
          id="confirm-app"
          title={t('mcpOauth.tokens.confirmTitle', { name: confirmRevoke.clientName })}
          action="/profile#tokens"
          intent="app-revoke"
          values={{ id: confirmRevoke.id }}
          submitLabel={t('mcpOauth.tokens.confirmSubmit')}
          cancelHref="/profile#tokens"
          cancelLabel={t('profile.tokens.confirm.cancel')}
        >
          <p>{t('mcpOauth.tokens.confirmBody')}</p>
        </ConfirmStep>
      ) : null}

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
            <FormSelect
              label={t('profile.tokens.expiry')}
              field={fields.expiresIn}
              options={TOKEN_EXPIRY.map((e) => ({ value: e, label: t(`profile.tokens.expiryOptions.${e}`) }))}
            />
          </div>
          <label className="check">
            <input {...inputProps(fields.readOnly, { type: 'checkbox' })} key={fields.readOnly.key} />
            <span>{t('profile.tokens.readOnly')}</span>
          </label>
          <SubmitRow label={t('profile.tokens.create')} disabled={busy} />
        </PostForm>
      )}

      {tokens.length + apps.length === 0 ? (
        <p className="empty-state">{t('profile.tokens.none')}</p>
      ) : (
        <ul className="item-list" aria-label={t('profile.tokens.listLabel')}>
          {apps.map((app) => (
            <Item
              key={app.id}
              title={
                <>
                  <span>{app.clientName}</span>
                  <Badge tone="accent">{t('mcpOauth.tokens.appBadge')}</Badge>
                  <Badge>
                    {app.readOnly ? t('profile.tokens.readOnlyBadge') : t('mcpOauth.tokens.readWrite')}
                  </Badge>
                </>
              }
              meta={
                <>
                  <span>{t('mcpOauth.tokens.via', { host: app.redirectHost })}</span>
                  <span>{t('mcpOauth.tokens.connectedAt', { date: formatDate(app.createdAt) })}</span>
                  <span>
                    {app.lastUsedAt
                      ? t('profile.tokens.lastUsed', { date: formatDateTime(app.lastUsedAt) })
                      : t('profile.tokens.neverUsed')}
                  </span>
                </>
              }
              action={
                <Link
                  to={`/profile?revoke-app=${encodeURIComponent(app.id)}#tokens`}
                  className="item-action button button-small button-ghost danger-text"
                  aria-label={t('mcpOauth.tokens.revokeNamed', { name: app.clientName })}
                >
                  <TrashIcon size={16} />
                  <span>{t('mcpOauth.tokens.revoke')}</span>
                </Link>
              }
            />
          ))}
          {tokens.map((tok) => (
            <Item
              key={tok.id}
              title={
                <>
                  <span>{tok.name}</span>
                  <Badge className="mono">sak_…{tok.tokenSuffix}</Badge>
                  {tok.readOnly ? <Badge>{t('profile.tokens.readOnlyBadge')}</Badge> : null}
                  {tok.isExpired ? <Badge tone="danger">{t('profile.tokens.expired')}</Badge> : null}
                </>
              }
              meta={
                <>
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
                </>
              }
              action={
                <Link
                  to={`/profile?delete-token=${encodeURIComponent(tok.id)}#tokens`}
                  className="item-action button button-small button-ghost danger-text"
                  aria-label={t('profile.tokens.deleteNamed', { name: tok.name })}
                >
                  <TrashIcon size={16} />
                  <span>{t('profile.tokens.delete')}</span>
                </Link>
              }
            />
          ))}
        </ul>
      )}
    </Panel>
  );
}
