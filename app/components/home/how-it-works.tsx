import { Link } from "react-router";
import { ContentIcon } from "~/components/site/content-icon";
import { howItWorksCta, howItWorksSteps } from "~/content/steps";
import { HomeSection } from "./section-heading";

export function HowItWorks() {
  return (
    <HomeSection
      name="come-funziona"
      anchor
      heading={{ eyebrow: "In tre passi", title: "Come funziona", lead: "Dal primo questionario al tuo gruppo, ti accompagniamo a ogni passo, con calma e senza impegno." }}
    >
      <ol className="grid gap-6 md:grid-cols-3">
        {howItWorksSteps.map((step, index) => (
          <li key={step.title} className="relative grid content-start gap-4 rounded-3xl border border-sand-200 bg-white p-6 sm:p-8">
            <div className="flex items-center justify-between">
              <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-teal-50 text-teal-700">
                <ContentIcon name={step.icon} />
              </span>
              <span aria-hidden="true" className="font-serif text-5xl font-semibold text-sand-200">
                {index + 1}
              </span>
            </div>
            <h3 className="text-xl font-semibold">
              <span className="sr-only">{`Passo ${index + 1}: `}</span>
              {step.title}
            </h3>
            <p className="text-ink-700">{step.description}</p>
          </li>
        ))}
      </ol>
      <p className="text-center">
        <Link to={howItWorksCta.href} className="btn btn-primary px-7">
          {howItWorksCta.text}
        </Link>
      </p>
    </HomeSection>
  );
}
