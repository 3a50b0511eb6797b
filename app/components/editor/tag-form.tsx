import type { SubmissionResult } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { Field } from '~/components/ui/field';
import { inputProps } from '~/lib/conform';
import { TagFormSchema, type TagFormValue } from '~/lib/editor-schemas';
import type { tagDefaults } from '~/lib/editor-values';
import { EditorSection } from './editor-shell';
import { EditorForm, useEditorForm } from './editor-form';
import { ColourField, SwitchField } from './form-controls';

export function TagForm({
  defaultValue,
  lastResult,
  returnTo,
  deleteHref,
  submitLabel,
}: {
  defaultValue: ReturnType<typeof tagDefaults>;
  lastResult: SubmissionResult<string[]> | undefined;
  returnTo: string;
  deleteHref?: string;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useEditorForm<TagFormValue>({
    id: 'tag-form',
    schema: TagFormSchema,
    defaultValue,
    lastResult,
  });
  return (
    <EditorForm form={form} returnTo={returnTo} submitLabel={submitLabel} deleteHref={deleteHref}>
      <EditorSection id="tag-basic" title={t('editor.tag.section')}>
        <Field
          label={t('editor.tag.name')}
          {...inputProps(fields.name, { type: 'text' })}
          key={fields.name.key}
          errors={fields.name.errors}
          autoComplete="off"
        />
        <Field
          label={t('editor.tag.description')}
          {...inputProps(fields.description, { type: 'text' })}
          key={fields.description.key}
          hint={t('editor.tag.descriptionHint')}
          errors={fields.description.errors}
        />
        <div className="editor-grid">
          <Field
            label={t('editor.tag.logoUrl')}
            {...inputProps(fields.logoUrl, { type: 'text' })}
            key={fields.logoUrl.key}
            inputMode="url"
            placeholder="https://"
            hint={t('editor.tag.logoUrlHint')}
            errors={fields.logoUrl.errors}
          />
          <ColourField
            label={t('editor.tag.logoBgColor')}
            {...inputProps(fields.logoBgColor, { type: 'text' })}
            key={fields.logoBgColor.key}
            current={fields.logoBgColor.value}
            placeholder="#c92f67"
            hint={t('editor.colourHint')}
            errors={fields.logoBgColor.errors}
          />
        </div>
        <SwitchField
          label={t('editor.tag.hidden')}
          {...inputProps(fields.isHidden, { type: 'checkbox' })}
          key={fields.isHidden.key}
          hint={t('editor.tag.hiddenHint')}
        />
      </EditorSection>
    </EditorForm>
  );
}
