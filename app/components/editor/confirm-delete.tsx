import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { PostForm } from '~/components/ui/post-form';

/**
 * The form of a page that confirms a deletion: a danger panel that posts back with `returnTo`, what will be
 * deleted (`children`), then Cancel and the confirming button.
 */
export function ConfirmDelete({
  returnTo,
  confirmLabel,
  children,
}: {
  returnTo: string;
  confirmLabel: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <PostForm className="panel panel-danger editor-section editor-confirm" values={{ returnTo }}>
      {children}
      <div className="editor-savebar editor-savebar-static">
        <span className="spacer" />
        <a className="button" href={returnTo}>
          {t('editor.cancel')}
        </a>
        <button type="submit" className="button button-danger" disabled={navigation.state === 'submitting'}>
          {confirmLabel}
        </button>
      </div>
    </PostForm>
  );
}
