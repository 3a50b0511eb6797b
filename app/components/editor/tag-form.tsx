import { useTranslation } from 'react-i18next';
import { TagFormSchema, type TagFormValue } from '~/lib/editor-schemas';
import type { tagDefaults } from '~/lib/editor-values';
import { EditorSection } from './editor-shell';
import { useZodForm } from '~/lib/conform';
import { EditorForm, type EditorPageProps } from './editor-form';
import { IconFields } from './icon-fields';
import { FormField, FormSwitch, useFieldText } from '~/components/ui/conform-fields';

export function TagForm({
  defaultValue,
  lastResult,
  ...frame
}: EditorPageProps<ReturnType<typeof tagDefaults>>) {
  const { t } = useTranslation();
  const text = useFieldText('editor.tag');
  const [form, fields] = useZodForm<typeof TagFormSchema, TagFormValue>(TagFormSchema, {
    id: 'tag-form',
    defaultValue,
    lastResult,
  });
  return (
    <EditorForm form={form} {...frame}>
      <EditorSection id="tag-basic" title={t('editor.tag.section')}>
        <FormField label={t('editor.tag.name')} field={fields.name} autoComplete="off" />
        <FormField {...text('description')} field={fields.description} />
        <IconFields of="tag" url={fields.logoUrl} colour={fields.logoBgColor} />
        <FormSwitch {...text('hidden')} field={fields.isHidden} />
      </EditorSection>
    </EditorForm>
  );
}
