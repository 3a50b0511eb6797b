import type { FieldMetadata } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { FormColour, FormField } from '~/components/ui/conform-fields';

type Meta = FieldMetadata<any, any, any>;

/** The texts of each picture: a tag's logo, a site's icon (both on a colour), another card's icon. */
const TEXTS = {
  tag: { url: 'editor.tag.logoUrl', colour: { text: 'editor.tag.logoBgColor', placeholder: '#c92f67' } },
  site: {
    url: 'editor.site.iconUrl',
    colour: { text: 'editor.site.iconBgColor', placeholder: 'transparent' },
  },
  card: { url: 'files.iconUrl', colour: null },
} as const;

/**
 * The picture of a card or tag: its address (label `<url>`, hint `<url>Hint`) and, where it has one, the colour
 * behind it, side by side.
 */
export function IconFields({
  of = 'card',
  url,
  colour,
}: {
  of?: keyof typeof TEXTS;
  url: Meta;
  colour?: Meta;
}) {
  const { t } = useTranslation();
  const texts = TEXTS[of];
  const address = (
    <FormField
      label={t(texts.url)}
      field={url}
      inputMode="url"
      placeholder="https://"
      hint={t(`${texts.url}Hint`)}
      autoComplete="off"
    />
  );
  if (!texts.colour || !colour) return address;
  return (
    <div className="editor-grid">
      {address}
      <FormColour
        label={t(texts.colour.text)}
        field={colour}
        placeholder={texts.colour.placeholder}
        hint={t('editor.colourHint')}
      />
    </div>
  );
}
