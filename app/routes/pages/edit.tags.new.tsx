import { parseWithZod } from '@conform-to/zod/v4';
import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router';
import { createTag } from '#server/tags/tag.service';
import { EditorPage } from '~/components/editor/editor-shell';
import { TagForm } from '~/components/editor/tag-form';
import { TagFormSchema } from '~/lib/editor-schemas';
import { finish, pageTitle, replyToForm, returnToOf, tagErrors } from '~/lib/editor.server';
import { tagDefaults, toTagInput } from '~/lib/editor-values';
import { readForm } from '~/lib/forms.server';
import { signedInUser } from '~/lib/guards.server';
import type { Route } from './+types/edit.tags.new';

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? 'SakuraNav' }];

export function loader({ request, context }: Route.LoaderArgs) {
  return { returnTo: returnToOf(request), title: pageTitle(context, 'editor.tag.newTitle') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: TagFormSchema });
  if (submission.status !== 'success') return replyToForm(submission);
  try {
    const tag = await createTag(actor, toTagInput(submission.value));
    return finish(request, returnToOf(formData), {
      kind: 'success',
      key: 'editor.created',
      values: { name: tag.name },
    });
  } catch (err) {
    return replyToForm(submission, tagErrors(err));
  }
}

export default function NewTagPage() {
  const { t } = useTranslation();
  const { returnTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <EditorPage kind={t('editor.kinds.tag')} title={t('editor.tag.newTitle')} returnTo={returnTo}>
      <TagForm
        defaultValue={tagDefaults(null)}
        lastResult={lastResult}
        returnTo={returnTo}
        submitLabel={t('editor.create')}
      />
    </EditorPage>
  );
}
