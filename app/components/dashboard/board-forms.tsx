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
  const moves = [
    ['up', first, ArrowUpIcon],
    ['down', last, ArrowDownIcon],
  ] as const;
  return moves.map(([dir, atEnd, Arrow], i) => (
    <button
      key={dir}
      type="submit"
      name="intent"
      value={`${what}-${dir}`}
      className="icon-button tool"
      disabled={atEnd}
      aria-label={labels[i]}
      title={titles?.[i]}
    >
      <Arrow size={size} />
    </button>
  ));
}

/** A tool of a tile in edit mode that is a link (edit, delete): its label is also its tooltip. */
export function ToolLink({
  href,
  label,
  danger,
  children,
}: {
  href: string;
  label: string;
  danger?: boolean;
  children: React.ReactNode;
}) {
  return (
    <a
      className={`icon-button tool${danger ? ' tool-danger' : ''}`}
      href={href}
      aria-label={label}
      title={label}
    >
      {children}
    </a>
  );
}
