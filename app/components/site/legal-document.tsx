import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { ParagraphList } from "~/components/site/paragraphs";
import type { LegalDocument } from "~/content/types";

const sectionId = (index: number) => `sezione-${index + 1}`;

function TableOfContents({ document }: { document: LegalDocument }) {
  return (
    <ol className="grid gap-1 text-[0.95rem]">
      {document.sections.map((section, index) => (
        <li key={section.heading}>
          <a href={`#${sectionId(index)}`} className="flex min-h-11 items-center rounded-lg px-2 py-2 text-ink-700 hover:bg-sand-100 hover:text-teal-700">
            {section.heading}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** A legal text from content/legal.ts: title, last update, table of contents and numbered sections. */
export function LegalDocumentPage({ document, before }: { document: LegalDocument; before?: ReactNode }) {
  return (
    <>
      <header className="border-b border-sand-200 bg-gradient-to-b from-teal-50 to-sand-50">
        <div className="container-page grid gap-4 py-10 sm:py-14">
          {before}
          <h1 className="max-w-3xl text-3xl font-semibold leading-tight sm:text-5xl">{document.title}</h1>
          <p className="text-ink-700">
            Ultimo aggiornamento: <time dateTime={document.version}>{document.updated}</time>
          </p>
        </div>
      </header>
      <div className="container-page grid gap-8 py-10 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-14 lg:py-14">
        <aside>
          <details className="group rounded-2xl border border-sand-200 bg-white lg:hidden">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
              Indice dei contenuti
              <ChevronDown aria-hidden="true" className="size-5 text-teal-700 transition-transform group-open:rotate-180" />
            </summary>
            <nav aria-label="Indice" className="border-t border-sand-200 px-2 py-2">
              <TableOfContents document={document} />
            </nav>
          </details>
          <nav aria-label="Indice" className="sticky top-24 hidden max-h-[calc(100dvh-7rem)] overflow-y-auto lg:block">
            <p className="mb-2 px-2 text-sm font-semibold uppercase tracking-[0.12em] text-ink-500">Indice</p>
            <TableOfContents document={document} />
          </nav>
        </aside>
        <article className="prose-site max-w-3xl text-ink-700">
          {document.intro ? <p className="text-lg text-ink-900">{document.intro}</p> : null}
          {document.sections.map((section, index) => (
            <section key={section.heading} id={sectionId(index)} className="scroll-mt-20">
              <h2>{section.heading}</h2>
              <ParagraphList paragraphs={section.paragraphs} />
              {section.items ? (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
