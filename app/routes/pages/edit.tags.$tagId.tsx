import { parseWithZod } from '@conform-to/zod/v4';
import { useActionData, useLoaderData } from 'react-router';
import { updateTag } from '#server/tags/tag.service';
import { EditorPage } from '~/components/editor/editor-shell';
import { TagForm } from '~/components/editor/tag-form';
import { TagFormSchema } from '~/lib/editor-schemas';
import { editorFrame, replyToForm, requireTag, returnAfter, tagErrors } from '~/lib/editor.server';
import { tagDefaults, toTagInput } from '~/lib/editor-values';
import { readForm } from '~/lib/forms.server';
import { signedInUser } from '~/lib/guards.server';
import type { Route } from './+types/edit.tags.$tagId';
import { PRODUCT_NAME } from '#server/product.shared';

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title ?? PRODUCT_NAME }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const tag = await requireTag(signedInUser(context), params.tagId);
  return { tag, ...editorFrame(request, context, 'tag', tag) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: TagFormSchema });
  if (submission.status !== 'success') return replyToForm(submission);
  const save = async () =>
    (await updateTag(actor, { id: params.tagId, ...toTagInput(submission.value) })).name;
  return returnAfter(request, formData, submission, save, 'editor.saved', tagErrors);
}

export default function EditTagPage() {
  const { tag, page, form } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <EditorPage {...page}>
      <TagForm {...form} defaultValue={tagDefaults(tag)} lastResult={lastResult} />
    </EditorPage>
  );
}
