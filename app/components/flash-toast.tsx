import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useLocation } from 'react-router';
import { toastMs, type Flash } from '~/lib/flash';

/** The one-time message from the previous action, with an Undo button when the action can be undone. */
export function FlashToast({ flash, csrfToken }: { flash: Flash; csrfToken: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  // Hydrated pages keep the root data across link navigations, so the toast hides itself after a while (pages
  // rendered without React get the same from app/client/enhance.ts). A new flash is a new object and shows again.
  const [dismissed, setDismissed] = useState<Flash | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setDismissed(flash), toastMs());
    return () => clearTimeout(timer);
  }, [flash]);
  return (
    <div
      className={`toast toast-${flash.kind}${dismissed === flash ? ' toast-leaving' : ''}`}
      role={flash.kind === 'error' ? 'alert' : 'status'}
      data-toast
    >
      <span>{t(flash.key, flash.values ?? {})}</span>
      {flash.link && flash.link.href.startsWith('/') && !flash.link.href.startsWith('//') ? (
        <a href={flash.link.href} data-toast-link>
          {t(flash.link.key)}
        </a>
      ) : null}
      {flash.undo || flash.restore ? (
        <UndoForm
          undo={flash.undo}
          snapshot={flash.restore}
          returnTo={location.pathname + location.search}
          csrfToken={csrfToken}
        />
      ) : null}
    </div>
  );
}

/**
 * The Undo button of an action that can be taken back: a deletion's trash token (`undo`) or the snapshot taken
 * before an import (`snapshot`), posted to /undo, which returns to `returnTo`.
 */
export function UndoForm({
  undo,
  snapshot,
  returnTo,
  csrfToken,
}: {
  undo?: string;
  snapshot?: string;
  returnTo: string;
  csrfToken: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/undo" className="toast-undo">
      <input type="hidden" name="csrf" value={csrfToken} />
      {undo ? <input type="hidden" name="token" value={undo} /> : null}
      {snapshot ? <input type="hidden" name="snapshot" value={snapshot} /> : null}
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className="button button-small">
        {t('toast.undo')}
      </button>
    </Form>
  );
}
