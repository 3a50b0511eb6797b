import { LogoMark } from './icons';

/** The centred card used by setup, sign-in and registration. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: React.ReactNode;
}) {
  return (
    <main id="main" className="auth-main">
      <div className="auth-backdrop" aria-hidden="true" />
      <section className="auth-card" aria-labelledby="auth-title">
        <div className="auth-logo">
          <LogoMark size={44} />
        </div>
        <h1 id="auth-title">{title}</h1>
        {intro ? <p className="muted auth-intro">{intro}</p> : null}
        {children}
      </section>
    </main>
  );
}
