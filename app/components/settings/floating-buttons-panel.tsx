import { useTranslation } from 'react-i18next';
import type { FloatingButton } from '#server/settings/settings.model';
import { Field } from '~/components/ui/field';
import { PostForm, SubmitRow } from '~/components/ui/post-form';
import { Panel } from '~/components/ui/panel';

/** The admin's floating buttons: which show, their labels and the feedback link (compat §2.13). */
export function FloatingButtonsPanel({ buttons }: { buttons: FloatingButton[] }) {
  const { t } = useTranslation();
  return (
    <Panel
      id="floating-buttons"
      headingId="floating-heading"
      className="settings-panel"
      title={t('settings.floating.title')}
    >
      <p className="muted">{t('settings.floating.intro')}</p>
      <PostForm action="/settings/appearance" className="settings-form" preventScrollReset intent="buttons">
        <ul className="floating-config">
          {buttons.map((b, i) => (
            <li key={b.id}>
              <input type="hidden" name={`b${i}.id`} value={b.id} />
              <label className="check">
                <input type="checkbox" name={`b${i}.enabled`} value="on" defaultChecked={b.enabled} />
                <span>{t(`settings.floating.names.${b.id}`, { defaultValue: b.label || b.id })}</span>
              </label>
              <Field
                id={`fb-${b.id}-label`}
                label={t('settings.floating.label')}
                name={`b${i}.label`}
                defaultValue={b.label}
                placeholder={t(`settings.floating.names.${b.id}`, { defaultValue: b.id })}
                hint={t('settings.floating.labelHint')}
                maxLength={20}
              />
              {b.customData?.url !== undefined ? (
                <Field
                  id={`fb-${b.id}-url`}
                  label={t('settings.floating.feedbackUrl')}
                  name={`b${i}.url`}
                  type="url"
                  inputMode="url"
                  defaultValue={b.customData.url}
                  maxLength={500}
                  hint={t('settings.floating.feedbackUrlHint')}
                />
              ) : null}
            </li>
          ))}
        </ul>
        <SubmitRow label={t('settings.floating.save')} />
      </PostForm>
    </Panel>
  );
}
