import { Check, X } from "lucide-react";
import { comparisonFeatures } from "~/content/comparison";
import { HomeSection } from "./section-heading";

function Mark({ value }: { value: boolean }) {
  return value ? (
    <>
      <span className="inline-flex size-8 items-center justify-center rounded-full bg-teal-100 text-teal-800">
        <Check aria-hidden="true" className="size-5" strokeWidth={2.5} />
      </span>
      <span className="sr-only">Sì</span>
    </>
  ) : (
    <>
      <span className="inline-flex size-8 items-center justify-center rounded-full bg-sand-100 text-ink-500">
        <X aria-hidden="true" className="size-5" strokeWidth={2.5} />
      </span>
      <span className="sr-only">No</span>
    </>
  );
}

export function ComparisonTable() {
  return (
    <HomeSection
      name="confronto"
      heading={{
        eyebrow: "Il confronto",
        title: "Terapia di gruppo o individuale?",
        lead: "Entrambe sono percorsi seri, guidati da professionisti. Il gruppo aggiunge qualcosa che da solə è difficile trovare.",
      }}
    >
      <div className="mx-auto w-full max-w-4xl overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-sand-200">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Confronto tra terapia di gruppo e terapia individuale</caption>
          <thead className="bg-teal-800 text-white">
            <tr>
              <th scope="col" className="px-3 py-4 font-semibold sm:px-6">
                Caratteristica
              </th>
              <th scope="col" className="w-[5.25rem] px-1 py-4 text-center text-sm font-semibold sm:w-44 sm:px-4 sm:text-base">
                <span className="sm:hidden">Di gruppo</span>
                <span className="hidden sm:inline">Terapia di gruppo</span>
              </th>
              <th scope="col" className="w-[5.25rem] px-1 py-4 text-center text-sm font-semibold sm:w-44 sm:px-4 sm:text-base">
                <span className="sm:hidden">Individuale</span>
                <span className="hidden sm:inline">Terapia individuale</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {comparisonFeatures.map((row) => (
              <tr key={row.feature} className="border-t border-sand-200 even:bg-sand-50">
                <th scope="row" className="px-3 py-4 text-[0.95rem] font-medium text-ink-900 sm:px-6 sm:text-base">
                  {row.feature}
                </th>
                <td className="px-1 py-4 text-center">
                  <Mark value={row.groupTherapy} />
                </td>
                <td className="px-1 py-4 text-center">
                  <Mark value={row.individualTherapy} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </HomeSection>
  );
}
