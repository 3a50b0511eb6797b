import { useTranslation } from 'react-i18next';
import { Link, useActionData, useLoaderData } from 'react-router';
import { SocialCreateSchema } from '#server/cards/card.schema';
import { createSocialCard } from '#server/cards/social-card.service';
import { shownCardName, socialTypeMeta } from '#server/cards/card-kinds.shared';
import { EditorPage } from '~/components/editor/editor-shell';
import { SocialForm } from '~/components/editor/social-form';
import { SocialTypePicker } from '~/components/editor/social-type-picker';
import { withReturnTo } from '~/lib/editor-links';
import { socialFormSchema } from '~/lib/editor-schemas';
import { backWithToast, editorFrame } from '~/lib/editor.server';
import { checkInput, submitForm } from '~/lib/forms.server';
import { socialDefaults, toSocialInput } from '~/lib/editor-values';
import { socialTypeLabels } from '~/lib/i18n';
import { requestInfo } from '~/lib/request-context.server';
import { signedInUser } from '~/lib/guards.server';
import type { Route } from './+types/edit.social.new';
import { readSocialForm } from './edit.social.server';
import { editorTitle } from '~/lib/page-title';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: editorTitle(matches, loaderData?.page) },
];

/** `?type=<type>` picks the type; without it (or with an unknown one) the page shows the type picker. */
function typeOf(request: Request) {
  return socialTypeMeta(new URL(request.url).searchParams.get('type') ?? '')?.type ?? null;
}

export function loader({ request }: Route.LoaderArgs) {
  return { type: typeOf(request), ...editorFrame(request, 'social') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = signedInUser(context);
  const { locale } = requestInfo(context);
  const { formData, refused } = await readSocialForm(request, actor, locale);
  const meta =
    socialTypeMeta(String(formData.get('cardType') ?? '')) ?? socialTypeMeta(typeOf(request) ?? '');
  if (!meta) throw new Response(null, { status: 400 });
  return submitForm(formData, { schema: socialFormSchema(meta), locale, refused }, async (value) => {
    const created = await createSocialCard(
      actor,
      checkInput(SocialCreateSchema, toSocialInput(value, meta)),
      'first',
    );
    const name = shownCardName({ name: created.label, cardType: meta.type }, socialTypeLabels(locale));
    return backWithToast(request, formData, 'editor.created', name);
  });
}

export default function NewSocialPage() {
  const { t } = useTranslation();
  const { type, page, form } = useLoaderData<typeof loader>();
  const { returnTo } = page;
  const lastResult = useActionData<typeof action>();
  const meta = type ? socialTypeMeta(type) : undefined;
  return (
    <EditorPage {...page} intro={meta ? undefined : t('editor.social.pickIntro')}>
      {meta ? (
        <SocialForm
          key={meta.type}
          meta={meta}
          {...form}
          defaultValue={socialDefaults(null, meta)}
          lastResult={lastResult}
          typeActions={
            <Link className="button button-small" to={withReturnTo('/edit/social/new', returnTo)}>
              {t('editor.social.changeType')}
            </Link>
          }
        />
      ) : (
        <div className="panel editor-section">
          <SocialTypePicker returnTo={returnTo} />
          <div className="editor-savebar editor-savebar-static">
            <span className="spacer" />
            <a className="button" href={returnTo}>
              {t('editor.cancel')}
            </a>
          </div>
        </div>
      )}
    </EditorPage>
  );
}
