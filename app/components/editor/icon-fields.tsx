import type { FieldMetadata } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { FormColour, FormField } from '~/components/ui/conform-fields';

type Meta = FieldMetadata<any, any, any>;

/**
 * The picture of a card or tag: its address (label and hint are `text` and `<text>Hint`) and, where it has one, the
 * colour behind it, side by side.
 */
export function IconFields({
  text = 'files.iconUrl',
  url,
  colour,
}: {
  text?: string;
  url: Meta;
  colour?: { field: Meta; text: string; placeholder: string };
}) {
  const { t } = useTranslation();
  const address = (
    <FormField
      label={t(text)}
      field={url}
      inputMode="url"
      placeholder="https://"
      hint={t(`${text}Hint`)}
      autoComplete="off"
    />
  );
  if (!colour) return address;
  return (
    <div className="editor-grid">
      {address}
      <FormColour
        label={t(colour.text)}
        field={colour.field}
        placeholder={colour.placeholder}
        hint={t('editor.colourHint')}
      />
    </div>
  );
}
