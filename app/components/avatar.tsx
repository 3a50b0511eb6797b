import { initialOf } from '~/lib/user-view';

/** A user's picture, or their initial on their colour. */
export function Avatar({
  name,
  url,
  color,
  size = 32,
}: {
  name: string;
  url: string | null;
  color: string | null;
  size?: number;
}) {
  if (url) return <img className="avatar" src={url} alt="" width={size} height={size} />;
  return (
    <span
      className="avatar avatar-letter"
      style={{ width: size, height: size, background: color ?? '#94a3b8', fontSize: size * 0.45 }}
      aria-hidden="true"
    >
      {initialOf(name)}
    </span>
  );
}
