import type { FieldMetadata } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { Field } from '~/components/ui/field';
import { inputProps } from '~/lib/conform';

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
      <Field
        label={usernameLabel}
        {...inputProps(fields.username, { type: 'text' })}
        key={fields.username.key}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={usernameHint}
        errors={fields.username.errors}
      />
      <Field
        label={t('setup.password')}
        {...inputProps(fields.password, { type: 'password' })}
        key={fields.password.key}
        autoComplete="new-password"
        hint={t('setup.passwordHint')}
        errors={fields.password.errors}
      />
      <Field
        label={t('setup.confirmPassword')}
        {...inputProps(fields.confirmPassword, { type: 'password' })}
        key={fields.confirmPassword.key}
        autoComplete="new-password"
        errors={fields.confirmPassword.errors}
      />
    </>
  );
}
