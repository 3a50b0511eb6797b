import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useTranslation } from 'react-i18next';
import { data, redirect, useActionData, useNavigation } from 'react-router';
import { isAppError } from '#server/errors';
import { isInitialized, setupAdmin } from '#server/setup/setup.service';
import { SetupSchema } from '#server/users/user.schema';
import { AuthCard } from '~/components/auth-card';
import { NewAccountFields } from '~/components/account/new-account-fields';
import { FormErrors } from '~/components/ui/field';
import { headersWithCookies, readForm } from '~/lib/forms.server';
import { requestInfo } from '~/lib/request-context.server';
import { signIn } from '~/lib/session.server';
import type { Route } from './+types/setup';
import { PostForm } from '~/components/ui/post-form';
import { useZodForm } from '~/lib/conform';

export const meta: Route.MetaFunction = () => [{ title: 'Setup · SakuraNav' }];

export async function loader() {
  if (await isInitialized()) throw redirect('/');
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: SetupSchema });
  if (submission.status !== 'success') {
    return data(submission.reply({ hideFields: ['password', 'confirmPassword'] }), { status: 400 });
  }
  try {
    const admin = await setupAdmin(submission.value, { locale: requestInfo(context).locale });
    const cookies = await signIn(request, admin._id, { persistent: false });
    return redirect('/', { headers: headersWithCookies(cookies) });
  } catch (err) {
    if (isAppError(err) && err.code === 'already_initialized') throw redirect('/');
    if (isAppError(err)) return data(submission.reply({ formErrors: [err.message] }), { status: err.status });
    throw err;
  }
}

export const handle = { noFloatingButtons: true };

export default function SetupPage() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(SetupSchema, {
    lastResult,
  });
  return (
    <AuthCard title={t('setup.title')} intro={t('setup.intro')}>
      <PostForm {...getFormProps(form)} className="stack">
        <FormErrors errors={form.errors} id={form.errorId} />
        <NewAccountFields fields={fields} usernameLabel={t('setup.username')} />
        <p className="muted small">{t('setup.seeded')}</p>
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={navigation.state === 'submitting'}
        >
          {t('setup.submit')}
        </button>
      </PostForm>
    </AuthCard>
  );
}
