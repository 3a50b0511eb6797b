import type { FieldMetadata } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { FormField } from '~/components/ui/conform-fields';

type TextField = FieldMetadata<string, Record<string, unknown>, string[]>;

/** A username as typed: the phone keyboard neither capitalizes it nor marks its spelling. */
export function UsernameField(props: React.ComponentProps<typeof FormField>) {
  return <FormField autoComplete="off" autoCapitalize="none" spellCheck={false} {...props} />;
}

/**
 * A new password and its confirmation, both marked `new-password` so that password managers offer one; the rules
 * are the hint. `change` names them as the replacement of the current password.
 */
export function NewPasswordFields({
  password,
  confirm,
  change,
}: {
  password: TextField;
  confirm: TextField;
  change?: boolean;
}) {
  const { t } = useTranslation();
  const [passwordLabel, confirmLabel] = change
    ? ['profile.password.new', 'profile.password.confirm']
    : ['setup.password', 'setup.confirmPassword'];
  return (
    <>
      <FormField
        label={t(passwordLabel)}
        field={password}
        type="password"
        autoComplete="new-password"
        hint={t('setup.passwordHint')}
      />
      <FormField label={t(confirmLabel)} field={confirm} type="password" autoComplete="new-password" />
    </>
  );
}

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
  return (
    <>
      <UsernameField
        label={usernameLabel}
        field={fields.username}
        autoComplete="username"
        hint={usernameHint}
      />
      <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} />
    </>
  );
}
