import { data as reply, useActionData, useLoaderData } from 'react-router';
import { SocialUpdateSchema } from '#server/cards/card.schema';
import { updateSocialCard } from '#server/cards/social-card.service';
import { shownCardName, socialTypeMeta } from '#server/cards/card-kinds.shared';
import { EditorPage } from '~/components/editor/editor-shell';
import { SocialForm } from '~/components/editor/social-form';
import { socialFormSchema } from '~/lib/editor-schemas';
import { backWithToast, editorFrame, orNotFound, requireCard } from '~/lib/editor.server';
import { checkInput, submitForm } from '~/lib/forms.server';
import { socialDefaults, toSocialInput } from '~/lib/editor-values';
import { socialTypeLabels } from '~/lib/i18n';
import { requestInfo } from '~/lib/request-context.server';
import { signedInUser } from '~/lib/guards.server';
import type { Route } from './+types/edit.social.$cardId';
import { readSocialForm } from './edit.social.server';
import { editorTitle } from '~/lib/page-title';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: editorTitle(matches, loaderData?.page) },
];

async function loadSocial(request: Request, context: Route.LoaderArgs['context'], id: string) {
  const actor = signedInUser(context);
  const card = await requireCard(actor, id, 'social');
  const meta = socialTypeMeta(card.cardType ?? '');
  if (!meta) throw reply(null, { status: 404 });
  return { actor, card, meta };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { card, meta } = await loadSocial(request, context, params.cardId);
  return {
    type: meta.type,
    defaultValue: socialDefaults(card, meta),
    ...editorFrame(request, 'social', card),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, card, meta } = await loadSocial(request, context, params.cardId);
  const { locale } = requestInfo(context);
  const { formData, refused } = await readSocialForm(request, actor, locale);
  return submitForm(formData, { schema: socialFormSchema(meta), locale, refused }, async (value) => {
    const input = checkInput(SocialUpdateSchema, { id: card.id, ...toSocialInput(value, meta) });
    const { item } = await orNotFound(updateSocialCard(actor, input));
    const name = shownCardName({ name: item.label, cardType: meta.type }, socialTypeLabels(locale));
    return backWithToast(request, formData, 'editor.saved', name);
  });
}

export default function EditSocialPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const meta = socialTypeMeta(data.type)!;
  return (
    <EditorPage {...data.page}>
      <SocialForm meta={meta} {...data.form} defaultValue={data.defaultValue} lastResult={lastResult} />
    </EditorPage>
  );
}
