import { Link } from "react-router";

/**
 * What an error boundary shows: the status, a heading, one sentence and one way on. The root's
 * boundary speaks Italian to visitors; the admin pages' boundary (`AdminErrorBoundary`) English.
 */
export function ErrorNotice({
  status,
  title,
  message,
  link,
  className = "container-page flex-1 py-24",
}: {
  status: number;
  title: string;
  message: string;
  link: { to: string; label: string };
  className?: string;
}) {
  return (
    <section className={`grid place-content-center gap-4 text-center ${className}`}>
      <p className="font-serif text-5xl font-semibold text-coral-700">{status}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-ink-700">{message}</p>
      <p>
        <Link to={link.to} className="btn btn-primary">
          {link.label}
        </Link>
      </p>
    </section>
  );
}
