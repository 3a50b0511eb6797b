import type { FormMetadata } from '@conform-to/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useNavigation } from 'react-router';
import { checkUrl } from '#server/urls/url-policy.shared';
import { FETCH_DETAILS_FIELD, FETCHED_FIELDS, type FetchNotice } from '~/lib/site-preview';

/** What the fetch button shows: whether a fetch runs, what the last one did, and how to start one. */
export interface FetchDetailsState {
  busy: boolean;
  notice: FetchNotice | undefined;
  start: (trigger: 'button' | 'auto') => void;
}

const formOf = (id: string) => document.getElementById(id) as HTMLFormElement | null;
const valueOf = (form: HTMLFormElement, name: string) => {
  const input = form.elements.namedItem(name);
  return input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement ? input.value.trim() : '';
};
/** An address worth asking about without being asked: one the URL policy takes as http(s). */
const readable = (url: string) => {
  const checked = checkUrl(url, 'link');
  return checked.ok && /^https?:\/\/[^/]+\.[^/]/i.test(checked.value);
};

/**
 * "Fetch details" with JavaScript: the form goes to the page's action through a fetcher (no reload), and what the
 * page gives fills the name, description and icon that are still empty when the answer comes, so nothing typed
 * meanwhile is lost. A pasted URL, leaving the URL field and a prefilled URL (`autoFetch`) ask by themselves, once
 * per address, and only while one of those fields is empty. Without JavaScript the button posts the form.
 */
export function useFetchDetails(
  form: FormMetadata<any, string[]>,
  served: FetchNotice | undefined,
  autoFetch: boolean,
): FetchDetailsState {
  const fetcher = useFetcher<{ fetchNotice?: FetchNotice }>();
  const asked = useRef<string | null>(null);
  const start = useRef<FetchDetailsState['start']>(() => {});
  // The latest closure for the listeners below (kept current after each render).
  useEffect(() => {
    start.current = (trigger) => {
      const el = formOf(form.id);
      if (!el) return;
      const url = valueOf(el, 'siteUrl');
      if (trigger === 'auto') {
        if (!readable(url) || url === asked.current) return;
        if (FETCHED_FIELDS.every(([field]) => valueOf(el, field))) return;
      }
      asked.current = url;
      const body = new FormData(el);
      body.set(FETCH_DETAILS_FIELD, trigger);
      void fetcher.submit(body, { method: 'post' });
    };
  });

  // A paste into the URL field, or leaving it changed (delegated: the field may be re-rendered).
  useEffect(() => {
    const el = formOf(form.id);
    if (!el) return;
    const onEvent = (event: Event) => {
      const target = event.target as HTMLInputElement | null;
      if (target?.name !== 'siteUrl') return;
      if (event.type === 'change' || (event as InputEvent).inputType === 'insertFromPaste') {
        start.current('auto');
      }
    };
    el.addEventListener('input', onEvent);
    el.addEventListener('change', onEvent);
    return () => {
      el.removeEventListener('input', onEvent);
      el.removeEventListener('change', onEvent);
    };
  }, [form.id]);

  useEffect(() => {
    if (autoFetch) start.current('auto');
  }, [autoFetch]);

  // The answer fills the fields that are still empty now (the notice names what was empty when it was asked).
  useEffect(() => {
    const answer = fetcher.data?.fetchNotice;
    const el = formOf(form.id);
    if (fetcher.state !== 'idle' || !answer?.ok || !el) return;
    for (const [field, from] of FETCHED_FIELDS) {
      if (!valueOf(el, field) && answer.values[from])
        form.update({ name: field, value: answer.values[from] });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [fetcher.data, fetcher.state]);

  const posting = useNavigation().formData?.has(FETCH_DETAILS_FIELD) ?? false;
  return {
    busy: fetcher.state !== 'idle' || posting,
    notice: (fetcher.state === 'idle' && fetcher.data?.fetchNotice) || served,
    start: (trigger) => start.current(trigger),
  };
}

/** The button under the URL field and what the last fetch did. */
export function FetchDetails({ state }: { state: FetchDetailsState }) {
  const { t } = useTranslation();
  const { notice, busy } = state;
  return (
    <div className="fetch-details">
      <div className="fetch-details-row">
        <button
          type="submit"
          name={FETCH_DETAILS_FIELD}
          value="button"
          formNoValidate
          className="button button-small"
          disabled={busy}
          aria-describedby="fetch-details-hint"
          onClick={(event) => {
            // Hydrated: fill the fields in place instead of posting the page.
            event.preventDefault();
            state.start('button');
          }}
        >
          {busy ? t('editor.site.fetching') : t('editor.site.fetchDetails')}
        </button>
        <p className="field-hint" id="fetch-details-hint">
          {t('editor.site.fetchHint')}
        </p>
      </div>
      <p
        role="status"
        aria-live="polite"
        className={notice ? `notice ${notice.ok ? 'notice-success' : 'notice-danger'}` : undefined}
        id="fetch-details-status"
      >
        {notice ? <FetchNoticeText notice={notice} /> : null}
      </p>
    </div>
  );
}

function FetchNoticeText({ notice }: { notice: FetchNotice }) {
  const { t } = useTranslation();
  if (!notice.ok) {
    return (
      <>
        {t(`editor.site.fetchFailed.${notice.reason}`, {
          status: notice.status ?? '',
          seconds: notice.retryAfter ?? '60',
          defaultValue: t('editor.site.fetchFailed.error'),
        })}
      </>
    );
  }
  if (!notice.filled.length) return <>{t('editor.site.fetchKept')}</>;
  const names = notice.filled.map((f) => t(`editor.site.fetchedField.${f}`));
  return <>{t('editor.site.fetchFilled', { fields: names.join(t('editor.site.listSeparator')) })}</>;
}
