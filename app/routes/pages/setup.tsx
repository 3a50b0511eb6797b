import { parseWithZod } from '@conform-to/zod/v4';
import { useTranslation } from 'react-i18next';
import { data, redirect, useActionData } from 'react-router';
import { isAppError } from '#server/errors';
import { isInitialized, setupAdmin } from '#server/setup/setup.service';
import { SetupSchema } from '#server/users/user.schema';
import { AuthCard } from '~/components/auth-card';
import { NewAccountFields } from '~/components/account/new-account-fields';
import { AuthForm } from '~/components/auth-form';
import { headersWithCookies, readForm } from '~/lib/forms.server';
import { requestInfo } from '~/lib/request-context.server';
import { signIn } from '~/lib/session.server';
import type { Route } from './+types/setup';
import { PRODUCT_NAME } from '#server/product.shared';

export const meta: Route.MetaFunction = () => [{ title: `Setup · ${PRODUCT_NAME}` }];

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
  return (
    <AuthCard title={t('setup.title')} intro={t('setup.intro')}>
      <AuthForm schema={SetupSchema} lastResult={lastResult} submitLabel={t('setup.submit')}>
        {(fields) => (
          <>
            <NewAccountFields fields={fields} usernameLabel={t('setup.username')} />
            <p className="muted small">{t('setup.seeded')}</p>
          </>
        )}
      </AuthForm>
    </AuthCard>
  );
}
