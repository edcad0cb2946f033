import { getFormProps } from "@conform-to/react";
import { Save } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/fiscal-data";
import { AreaPage } from "~/components/client/area-page";
import { AreaDone, AreaError } from "~/components/client/notices";
import { FiscalProfileFields, fiscalProfileDefaults } from "~/components/fiscal-profile-fields";
import { firstError, useSchemaForm } from "~/components/forms/schema-form";
import { SendButton } from "~/components/site/send-button";
import { clientPaymentPaths } from "~/domain/client-area";
import { fiscalProfileSchema, issuedInvoicesText } from "~/domain/fiscal-forms";
import type { FormRefusal } from "~/domain/form-fields";
import { parseSubmission, refuseSubmission } from "~/server/form-submission.server";
import { requireClient } from "~/server/gates.server";
import { handleErrors } from "~/server/http/errors.server";
import { hitRateLimit } from "~/server/http/rate-limit.server";
import { fiscalDataOf, saveFiscalProfile } from "~/server/services/fiscal-profiles.server";
import { clientAreaMeta } from "~/domain/seo";

/**
 * /area-personale/dati-fiscali — who may: the signed-in client, for the data of their own verified
 * address only (anonymous visitors go to the sign-in form and come back here, a post gets 401; staff
 * and therapists 403). Name, address and codice fiscale for the person's invoices, and the Sistema TS
 * opposition; saving issues the invoices that were waiting for them.
 */

const PRIVATE = { "Cache-Control": "private, no-store" };
/** Saves a person may make per 10 minutes (each one may issue invoices). */
const SAVES_PER_WINDOW = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const client = await requireClient(context.db, request);
  const { profile, version, waiting } = await fiscalDataOf(context.db, client.user.email);
  return data({ defaults: fiscalProfileDefaults(profile), version, saved: profile !== null, waiting }, { headers: PRIVATE });
}

type ActionResult = { saved: { issued: number } } | FormRefusal;

export async function action({ request, context }: Route.ActionArgs) {
  const client = await requireClient(context.db, request);
  const submission = parseSubmission(await request.formData(), fiscalProfileSchema);
  if (submission.status !== "success") return refuseSubmission(submission, { headers: PRIVATE });
  if (!(await hitRateLimit(context.db, `client-fiscal-data:${client.user.id}`, SAVES_PER_WINDOW, 600))) {
    return refuseSubmission(submission, { status: 429, headers: PRIVATE, formError: "Troppi salvataggi. Riprova tra qualche minuto." });
  }
  return handleErrors(
    async () => {
      const saved = await saveFiscalProfile(context.db, { self: client.session }, client.user.email, submission.value);
      return data<ActionResult>({ saved: { issued: saved.issued } }, { headers: PRIVATE });
    },
    (error) => refuseSubmission(submission, { status: error.status, headers: PRIVATE, formError: error.message }),
    { scope: "client-fiscal-data" },
  );
}

export const headers = () => PRIVATE;

export const meta = clientAreaMeta("Dati fiscali");

export default function FiscalDataPage({ loaderData, actionData }: Route.ComponentProps) {
  const { defaults, version, saved, waiting } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const refused = actionData && "result" in actionData ? actionData.result : undefined;
  const done = actionData && "saved" in actionData ? actionData.saved : null;
  // A new version (after a save) starts the form from what was saved.
  const [form, fields] = useSchemaForm(fiscalProfileSchema, { id: `fiscal-data-${version}`, lastResult: refused, defaultValue: defaults });
  return (
    <AreaPage
      id="fiscal-data-title"
      title="Dati fiscali"
      lead="Servono per le fatture delle tue sedute, che ti servono anche per la detrazione. Scrivili come sulla tessera sanitaria: li vedono solo lo staff e chi prepara le fatture."
    >
      {done ? (
        <AreaDone>
          <span>
            Dati salvati.
            {done.issued > 0 ? (
              <>
                {" "}
                {issuedInvoicesText(done.issued)}: le trovi in{" "}
                <Link to={clientPaymentPaths.page} className="font-semibold underline">
                  Pagamenti
                </Link>
                .
              </>
            ) : null}
          </span>
        </AreaDone>
      ) : null}
      {form.errors ? <AreaError>{firstError(form.errors)}</AreaError> : null}
      {!saved && !done && waiting > 0 ? (
        <p className="rounded-2xl border border-coral-100 bg-coral-100/50 p-4 text-ink-900">
          {waiting === 1
            ? "Una tua fattura aspetta questi dati: appena li salvi la emettiamo e la trovi"
            : `${waiting} tue fatture aspettano questi dati: appena li salvi le emettiamo e le trovi`}{" "}
          in Pagamenti.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-5 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm sm:p-7">
        <FiscalProfileFields fields={fields} who="self" />
        <SendButton sending={sending} icon={<Save aria-hidden className="size-5" />} className="btn btn-primary w-full sm:w-fit">
          Salva i dati
        </SendButton>
        {saved ? <p className="text-sm text-ink-500">Le fatture già emesse restano come sono: i dati nuovi valgono per le prossime.</p> : null}
      </Form>
    </AreaPage>
  );
}
