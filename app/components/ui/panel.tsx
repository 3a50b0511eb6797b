/** A titled panel of a settings or account page: the heading names the section for assistive technology. */
export function Panel({
  id,
  headingId = `${id}-heading`,
  title,
  actions,
  className,
  children,
}: {
  /** The section's id (a link target such as `/profile#tokens`). */
  id?: string;
  headingId?: string;
  title: React.ReactNode;
  /** Shown beside the title (a count, a button). */
  actions?: React.ReactNode;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <section className={`panel${className ? ` ${className}` : ''}`} id={id} aria-labelledby={headingId}>
      <div className="panel-header">
        <h2 id={headingId}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
