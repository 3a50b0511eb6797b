import { useTranslation } from 'react-i18next';
import { useErrorText } from '~/lib/use-error-text';

/**
 * After a failed save of a long form: every problem in one list at the top, each linking to its field, so none
 * is missed further down the page (also without JavaScript).
 */
export function ErrorSummary({
  formId,
  errors,
  sectionOf,
}: {
  formId: string;
  errors: Record<string, string[]>;
  /** The heading of the section a field is in. */
  sectionOf: (name: string) => string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const entries = Object.entries(errors).filter(([name, e]) => name && e.length);
  if (!entries.length) return null;
  return (
    <div className="form-errors error-summary" role="alert">
      <p className="error-summary-title">{t('editor.errorSummary', { count: entries.length })}</p>
      <ul>
        {entries.map(([name, e]) => (
          <li key={name}>
            <a href={`#${formId}-${name}`}>
              {sectionOf(name)}: {errorText(e[0])}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
