import { Link } from "react-router";

/** Where to go next, as buttons: the first is the suggested one, the others secondary. */
export function LinkButtons({ links }: { links: readonly { to: string; text: string }[] }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      {links.map((link, index) => (
        <Link key={link.to} to={link.to} className={`btn ${index === 0 ? "btn-primary" : "btn-secondary"}`}>
          {link.text}
        </Link>
      ))}
    </div>
  );
}
