import type { FormMetadata } from '@conform-to/react';
import type { SiteFormValue } from '~/lib/editor-schemas';

export type SiteFormMeta = FormMetadata<SiteFormValue>;
export type SiteFields = ReturnType<SiteFormMeta['getFieldset']>;

/** One of the owner's site cards, for pickers. */
export interface SiteOption {
  id: string;
  name: string;
}

export interface TagOption {
  id: string;
  name: string;
  isHidden: boolean;
}
