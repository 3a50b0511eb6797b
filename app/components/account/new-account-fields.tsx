import type { FieldMetadata } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { FormField } from '~/components/ui/conform-fields';

type TextField = FieldMetadata<string, Record<string, unknown>, string[]>;

/** Username, password and confirmation of a new account (first-run setup and registration). */
export function NewAccountFields({
  fields,
  usernameLabel,
  usernameHint,
}: {
  fields: { username: TextField; password: TextField; confirmPassword: TextField };
  usernameLabel: string;
  usernameHint?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        label={usernameLabel}
        field={fields.username}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={usernameHint}
      />
      <FormField
        label={t('setup.password')}
        field={fields.password}
        type="password"
        autoComplete="new-password"
        hint={t('setup.passwordHint')}
      />
      <FormField
        label={t('setup.confirmPassword')}
        field={fields.confirmPassword}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
