import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/admin/fields";
import { tsOppositionLabel, type FiscalProfileInput } from "~/domain/fiscal-forms";

type ProfileField = Exclude<keyof FiscalProfileInput, "ts_opposition">;

/** A person's saved fiscal data as the form's first values (the checkbox "on" when they opposed). */
export function fiscalProfileDefaults(
  profile: { firstName: string; lastName: string; addressLine: string; postalCode: string; city: string; province: string; codiceFiscale: string; tsOpposition: boolean } | null,
) {
  if (!profile) return undefined;
  return {
    first_name: profile.firstName,
    last_name: profile.lastName,
    address_line: profile.addressLine,
    postal_code: profile.postalCode,
    city: profile.city,
    province: profile.province,
    codice_fiscale: profile.codiceFiscale,
    ts_opposition: profile.tsOpposition ? ("on" as const) : undefined,
  };
}

/**
 * The fields of a person's data for their invoices (`fiscalProfileSchema`), shared by the person's
 * own form in /area-personale and staff's: `who` words the opposition in the first person for the
 * person, in the third for staff.
 */
export function FiscalProfileFields({ fields, who }: { fields: Record<ProfileField, FieldMetadata<string>> & { ts_opposition: FieldMetadata<unknown> }; who: "self" | "staff" }) {
  const oppositionHint = `${fields.ts_opposition.id}-hint`;
  // The browser fills in the person's own data; staff type someone else's.
  const autoComplete = (token: string) => (who === "self" ? token : "off");
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Nome" field={fields.first_name}>
          <input {...getInputProps(fields.first_name, { type: "text" })} autoComplete={autoComplete("given-name")} className="field" />
        </Field>
        <Field label="Cognome" field={fields.last_name}>
          <input {...getInputProps(fields.last_name, { type: "text" })} autoComplete={autoComplete("family-name")} className="field" />
        </Field>
      </div>
      <Field label="Codice fiscale" field={fields.codice_fiscale} hint="16 caratteri, come sulla tessera sanitaria.">
        <input
          {...getInputProps(fields.codice_fiscale, { type: "text" })}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          className="field font-mono uppercase tracking-wider"
        />
      </Field>
      <Field label="Indirizzo di residenza" field={fields.address_line} hint="Via e numero civico.">
        <input {...getInputProps(fields.address_line, { type: "text" })} autoComplete={autoComplete("address-line1")} className="field" />
      </Field>
      <div className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-4 sm:grid-cols-[8rem_minmax(0,1fr)_6rem]">
        <Field label="CAP" field={fields.postal_code}>
          <input {...getInputProps(fields.postal_code, { type: "text" })} autoComplete={autoComplete("postal-code")} inputMode="numeric" maxLength={5} className="field" />
        </Field>
        <Field label="Comune" field={fields.city}>
          <input {...getInputProps(fields.city, { type: "text" })} autoComplete={autoComplete("address-level2")} className="field" />
        </Field>
        <Field label="Provincia" field={fields.province} hint="Sigla, es. RM" className="col-span-2 sm:col-span-1">
          <input
            {...getInputProps(fields.province, { type: "text" })}
            autoComplete={autoComplete("address-level1")}
            autoCapitalize="characters"
            maxLength={2}
            className="field w-24 uppercase sm:w-full"
          />
        </Field>
      </div>
      <div className="grid gap-2 rounded-2xl bg-sand-50 p-4">
        <label className="flex items-start gap-3">
          <input {...getInputProps(fields.ts_opposition, { type: "checkbox" })} aria-describedby={oppositionHint} className="mt-1 size-5 shrink-0 accent-teal-700" />
          <span className="font-medium">{who === "self" ? tsOppositionLabel : "La persona si oppone alla trasmissione dei dati delle sue spese al Sistema Tessera Sanitaria"}</span>
        </label>
        <p id={oppositionHint} className="text-sm text-ink-700">
          Ogni anno lo studio comunica le spese sanitarie al Sistema Tessera Sanitaria, che le mette nella dichiarazione dei redditi precompilata.
          {who === "self" ? " Se ti opponi" : " Con l'opposizione"}, la fattura lo riporta e la spesa è comunicata senza codice fiscale: per detrarla
          {who === "self" ? " la aggiungi tu" : " la persona la aggiunge"} alla dichiarazione, con la fattura. Vale per le fatture emesse da ora in poi.
        </p>
      </div>
    </>
  );
}
