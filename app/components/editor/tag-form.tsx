import type { SubmissionResult } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { TagFormSchema, type TagFormValue } from '~/lib/editor-schemas';
import type { tagDefaults } from '~/lib/editor-values';
import { EditorSection } from './editor-shell';
import { EditorForm, useEditorForm } from './editor-form';
import { FormField, FormSwitch, FormColour } from '~/components/ui/conform-fields';

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
        <FormField label={t('editor.tag.name')} field={fields.name} autoComplete="off" />
        <FormField
          label={t('editor.tag.description')}
          field={fields.description}
          hint={t('editor.tag.descriptionHint')}
        />
        <div className="editor-grid">
          <FormField
            label={t('editor.tag.logoUrl')}
            field={fields.logoUrl}
            inputMode="url"
            placeholder="https://"
            hint={t('editor.tag.logoUrlHint')}
          />
          <FormColour
            label={t('editor.tag.logoBgColor')}
            field={fields.logoBgColor}
            placeholder="#c92f67"
            hint={t('editor.colourHint')}
          />
        </div>
        <FormSwitch
          label={t('editor.tag.hidden')}
          field={fields.isHidden}
          hint={t('editor.tag.hiddenHint')}
        />
      </EditorSection>
    </EditorForm>
  );
}
