import { useActionData, useLoaderData } from 'react-router';
import { updateTag } from '#server/tags/tag.service';
import { EditorPage } from '~/components/editor/editor-shell';
import { TagForm } from '~/components/editor/tag-form';
import { TagFormSchema } from '~/lib/editor-schemas';
import { backWithToast, editorFrame, orNotFound, requireTag, tagErrors } from '~/lib/editor.server';
import { tagDefaults, toTagInput } from '~/lib/editor-values';
import { readForm, submitForm } from '~/lib/forms.server';
import { requestInfo } from '~/lib/request-context.server';
import { signedInUser } from '~/lib/guards.server';
import type { Route } from './+types/edit.tags.$tagId';
import { editorTitle } from '~/lib/page-title';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: editorTitle(matches, loaderData?.page) },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const tag = await requireTag(signedInUser(context), params.tagId);
  return { tag, ...editorFrame(request, 'tag', tag) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const formData = await readForm(request);
  const { locale } = requestInfo(context);
  return submitForm(formData, { schema: TagFormSchema, locale, errors: tagErrors }, async (value) => {
    const tag = await orNotFound(updateTag(actor, { id: params.tagId, ...toTagInput(value) }));
    return backWithToast(request, formData, 'editor.saved', tag.name);
  });
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
