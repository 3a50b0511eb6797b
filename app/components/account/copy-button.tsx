import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyIcon } from '../icons';

const noSubscribe = () => () => {};

/** Copies a value to the clipboard; hidden until JavaScript runs (without it the text can be selected). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  // false on the server and while hydrating, true once the browser runs React.
  const ready = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button button-small"
      hidden={!ready}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      <CopyIcon size={16} />
      <span aria-live="polite">{copied ? t('profile.tokens.copied') : label}</span>
    </button>
  );
}
