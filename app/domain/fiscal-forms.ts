import { codiceFiscaleSchema } from "./codice-fiscale";
import { labelled } from "./labelled";
import { optionalText, requiredText } from "./form-fields";
import { ibanSchema } from "./iban";
import { issuerCodiceFiscaleSchema, partitaIvaSchema } from "./partita-iva";
import { z } from "./zod";

/**
 * The two forms of the books (issue 29): the practice's fiscal identity, set by staff on
 * /admin/impostazioni, and a person's data for their invoices, entered by the person in
 * /area-personale/dati-fiscali or by staff. Shared by the forms (Conform) and the actions.
 */

export const postalCodeSchema = z
  .string({ error: "Scrivi il CAP." })
  .trim()
  .regex(/^\d{5}$/, "Il CAP è fatto di 5 cifre, per esempio 00184.");

/** The two-letter sigla of the provincia (EE for an address abroad, as the Agenzia delle Entrate writes it). */
export const provinceSchema = z
  .string({ error: "Scrivi la sigla della provincia." })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "Scrivi la sigla della provincia: due lettere, per esempio RM (EE per un indirizzo all'estero).");

/** SWIFT/BIC: bank (4 letters), country (2 letters), place (2 letters or digits), optionally the branch (3). */
const BIC = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

export const bicSchema = z
  .string()
  .optional()
  .transform((value) => (value ?? "").replace(/\s+/g, "").toUpperCase())
  .refine((value) => value === "" || BIC.test(value), "Il BIC (o SWIFT) ha 8 o 11 caratteri, per esempio BPPIITRRXXX.")
  .transform((value) => value || null);

/** Who bears the €2 stamp duty of an invoice above €77.47 (practice_settings.stamp_duty_charged). */

export const [stampDutyBearers, stampDutyBearerLabels] = labelled({
  practice: "Lo studio (non addebitata)",
  person: "La persona (addebitata in fattura)",
});
export type StampDutyBearer = (typeof stampDutyBearers)[number];

/** The version of the saved record a staff form was loaded from (optimistic concurrency), "0" when none was saved yet. */
const savedVersion = z.string({ error: "Versione mancante: ricarica la pagina." }).regex(/^\d{1,20}$/, "Versione mancante: ricarica la pagina.");

export const practiceSettingsSchema = z.object({
  legal_name: requiredText("Scrivi la denominazione: il nome dello studio o del professionista che emette le fatture.", 200),
  address_line: requiredText("Scrivi l'indirizzo: via e numero civico.", 200),
  postal_code: postalCodeSchema,
  city: requiredText("Scrivi il comune.", 100),
  province: provinceSchema,
  partita_iva: partitaIvaSchema,
  codice_fiscale: issuerCodiceFiscaleSchema,
  tax_regime_note: optionalText(500),
  iban: ibanSchema,
  bic: bicSchema,
  account_holder: requiredText("Scrivi l'intestatario del conto, come lo conosce la banca.", 200),
  stamp_duty: z.enum(stampDutyBearers, "Scegli chi paga l'imposta di bollo."),
  /** The settings' version when the form was loaded ("0": none saved yet). */
  version: savedVersion,
});

export type PracticeSettingsInput = z.output<typeof practiceSettingsSchema>;

/** The Sistema TS opposition as the person reads it beside the checkbox (D.M. 31 luglio 2015, art. 3). */
export const tsOppositionLabel = "Mi oppongo alla trasmissione dei dati delle mie spese al Sistema Tessera Sanitaria (le spese non compariranno nella dichiarazione precompilata)";

export const fiscalProfileSchema = z.object({
  first_name: requiredText("Scrivi il tuo nome, come sulla tessera sanitaria.", 100),
  last_name: requiredText("Scrivi il tuo cognome, come sulla tessera sanitaria.", 100),
  address_line: requiredText("Scrivi l'indirizzo di residenza: via e numero civico.", 200),
  postal_code: postalCodeSchema,
  city: requiredText("Scrivi il comune di residenza.", 100),
  province: provinceSchema,
  codice_fiscale: codiceFiscaleSchema,
  /** A checkbox: ticked ("on") or not sent. */
  ts_opposition: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});

export type FiscalProfileInput = z.output<typeof fiscalProfileSchema>;

/** Staff's edit of a person's data: the same fields, and the version of what they loaded ("0": nothing saved yet). */
export const staffFiscalProfileSchema = fiscalProfileSchema.safeExtend({
  version: savedVersion,
});

/** "2 fatture emesse": how many invoices a save issued. */
export const issuedInvoicesText = (issued: number) => (issued === 1 ? "1 fattura emessa" : `${issued} fatture emesse`);
