import { Link } from "react-router";

/** A calm, honest page for sections still being written: what it will hold and where to go now. */
export function PlaceholderPage({ title, intro }: { title: string; intro: string }) {
  return (
    <section className="container-page grid gap-6 py-16 sm:py-24">
      <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
      <p className="max-w-2xl text-lg text-ink-700">{intro}</p>
      <p className="max-w-2xl text-ink-700">Questa pagina è in preparazione. Nel frattempo puoi iniziare dal questionario.</p>
      <p>
        <Link to="/questionario" className="btn btn-primary">
          Compila il questionario
        </Link>
      </p>
    </section>
  );
}
