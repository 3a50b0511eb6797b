import { parseWithZod } from '@conform-to/zod/v4';
import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router';
import { updateTag } from '#server/tags/tag.service';
import { EditorPage } from '~/components/editor/editor-shell';
import { TagForm } from '~/components/editor/tag-form';
import { TagFormSchema } from '~/lib/editor-schemas';
import {
  finish,
  orNotFound,
  pageTitle,
  replyToForm,
  requireTag,
  returnToOf,
  tagErrors,
} from '~/lib/editor.server';
import { editorHref } from '~/lib/editor-links';
import { tagDefaults, toTagInput } from '~/lib/editor-values';
import { readForm } from '~/lib/forms.server';
import { signedInUser } from '~/lib/guards.server';
import type { Route } from './+types/edit.tags.$tagId';

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? 'SakuraNav' }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = signedInUser(context);
  const tag = await requireTag(actor, params.tagId);
  const returnTo = returnToOf(request);
  return {
    tag,
    returnTo,
    deleteHref: editorHref.deleteTag(tag.id, returnTo),
    title: pageTitle(context, 'editor.tag.editTitle', { name: tag.name }),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: TagFormSchema });
  if (submission.status !== 'success') return replyToForm(submission);
  try {
    const tag = await orNotFound(updateTag(actor, { id: params.tagId, ...toTagInput(submission.value) }));
    return finish(request, returnToOf(formData), {
      kind: 'success',
      key: 'editor.saved',
      values: { name: tag.name },
    });
  } catch (err) {
    return replyToForm(submission, tagErrors(err));
  }
}

export default function EditTagPage() {
  const { t } = useTranslation();
  const { tag, returnTo, deleteHref } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <EditorPage
      kind={t('editor.kinds.tag')}
      title={t('editor.tag.editTitle', { name: tag.name })}
      returnTo={returnTo}
    >
      <TagForm
        defaultValue={tagDefaults(tag)}
        lastResult={lastResult}
        returnTo={returnTo}
        deleteHref={deleteHref}
        submitLabel={t('editor.save')}
      />
    </EditorPage>
  );
}
