/** One row of an item list (sessions, tokens, accounts, snapshots): a picture, a title, facts, then its actions. */
export function Item({
  icon,
  title,
  meta,
  action,
  className,
  children,
  ...li
}: {
  icon?: React.ReactNode;
  title: React.ReactNode;
  meta?: React.ReactNode;
  /** The row's action (an `PostButton`) or actions. */
  action?: React.ReactNode;
  /** Shown below the facts (a rename form, an error). */
  children?: React.ReactNode;
} & Omit<React.ComponentProps<'li'>, 'title'>) {
  return (
    <li className={`item${className ? ` ${className}` : ''}`} {...li}>
      {icon}
      <div className="item-main">
        <p className="item-title">{title}</p>
        {meta ? <p className="item-meta">{meta}</p> : null}
        {children}
      </div>
      {action}
    </li>
  );
}

/** A small label beside a title (`tone`: accent, danger, warn). */
export function Badge({
  tone,
  className,
  children,
}: {
  tone?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <span className={['badge', tone && `badge-${tone}`, className].filter(Boolean).join(' ')}>
      {children}
    </span>
  );
}
