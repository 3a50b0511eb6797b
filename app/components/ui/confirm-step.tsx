import { Link } from 'react-router';
import { PostForm } from '~/components/ui/post-form';

/**
 * The confirm step of an action that cannot be undone (docs/decisions.md, "Caution in proportion to the harm"): a
 * danger panel that names what will happen, the confirming button (a plain POST of `intent` and `values` with
 * `confirm=on`, which the page action requires) and Cancel. It works without JavaScript: the step is a page state
 * reached by a link (`?<step>=<id>`) or by the action's answer to a post without `confirm`.
 */
export function ConfirmStep({
  id = 'confirm',
  title,
  children,
  action,
  intent,
  values,
  submitLabel,
  cancelHref,
  cancelLabel,
}: {
  id?: string;
  title: string;
  children: React.ReactNode;
  action: string;
  intent: string;
  values: Record<string, string>;
  submitLabel: string;
  cancelHref: string;
  cancelLabel: string;
}) {
  return (
    <section id={id} className="panel panel-danger confirm-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
      <div className="row">
        <PostForm action={action} intent={intent} values={{ ...values, confirm: 'on' }}>
          <button type="submit" className="button button-danger">
            {submitLabel}
          </button>
        </PostForm>
        <Link to={cancelHref} className="button">
          {cancelLabel}
        </Link>
      </div>
    </section>
  );
}
