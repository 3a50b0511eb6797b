import { useActionData, useLoaderData } from 'react-router';
import { createTag } from '#server/tags/tag.service';
import { EditorPage } from '~/components/editor/editor-shell';
import { TagForm } from '~/components/editor/tag-form';
import { TagFormSchema } from '~/lib/editor-schemas';
import { backWithToast, editorFrame, tagErrors } from '~/lib/editor.server';
import { tagDefaults, toTagInput } from '~/lib/editor-values';
import { readForm, submitForm } from '~/lib/forms.server';
import { requestInfo } from '~/lib/request-context.server';
import { signedInUser } from '~/lib/guards.server';
import type { Route } from './+types/edit.tags.new';
import { editorTitle } from '~/lib/page-title';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: editorTitle(matches, loaderData?.page) },
];

export function loader({ request }: Route.LoaderArgs) {
  return editorFrame(request, 'tag');
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const formData = await readForm(request);
  const { locale } = requestInfo(context);
  return submitForm(formData, { schema: TagFormSchema, locale, errors: tagErrors }, async (value) => {
    const tag = await createTag(actor, toTagInput(value));
    return backWithToast(request, formData, 'editor.created', tag.name);
  });
}

export default function NewTagPage() {
  const { page, form } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <EditorPage {...page}>
      <TagForm {...form} defaultValue={tagDefaults(null)} lastResult={lastResult} />
    </EditorPage>
  );
}
