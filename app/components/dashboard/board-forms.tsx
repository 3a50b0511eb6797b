import { ArrowDownIcon, ArrowUpIcon } from '../icons';

/**
 * A plain post to the dashboard's action about one card or tag (move, pin…): the CSRF token, what it acts on and
 * where to come back to, then the buttons naming the intent. Drawn without hooks: the card menu renders it too.
 */
export function BoardForm({
  csrf,
  id,
  returnTo,
  tagId,
  className,
  children,
}: {
  csrf: string;
  id: string;
  returnTo: string;
  /** The tag being shown (a card then moves inside it). */
  tagId?: string | null;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <form method="post" action="/?index" className={className}>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {tagId ? <input type="hidden" name="tagId" value={tagId} /> : null}
      {children}
    </form>
  );
}

/** The up and down buttons of a card or tag (`<what>-up`, `<what>-down`), off at either end of the list. */
export function MoveButtons({
  what,
  first,
  last,
  labels,
  titles,
  size,
}: {
  what: 'card' | 'tag';
  first: boolean;
  last: boolean;
  /** What each button says to assistive technology (naming the card or tag). */
  labels: [up: string, down: string];
  titles?: [up: string, down: string];
  size: number;
}) {
  return (
    <>
      <button
        type="submit"
        name="intent"
        value={`${what}-up`}
        className="icon-button tool"
        disabled={first}
        aria-label={labels[0]}
        title={titles?.[0]}
      >
        <ArrowUpIcon size={size} />
      </button>
      <button
        type="submit"
        name="intent"
        value={`${what}-down`}
        className="icon-button tool"
        disabled={last}
        aria-label={labels[1]}
        title={titles?.[1]}
      >
        <ArrowDownIcon size={size} />
      </button>
    </>
  );
}
