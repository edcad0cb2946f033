import type { Route } from "./+types/member";
import { formatDateTime } from "~/domain/format";
import { QuestionnaireAnswers } from "~/components/admin/questionnaire-answers";
import { EmptyState, PageHeader } from "~/components/admin/page";
import { THERAPIST_AREA } from "~/domain/sessions";
import { HttpError, loadPage } from "~/server/http/errors.server";
import { ownMemberAnswers } from "~/server/services/therapist-area.server";
import { BackLink } from "~/components/site/back-link";
import { requireTherapist } from "~/server/gates.server";

/** A member's questionnaire answers (health data): only for the therapist of their group, each read audited. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const identity = await requireTherapist(context.db, request);
  return loadPage("therapist-member", async () => {
    if (!/^[0-9a-f-]{36}$/i.test(params.bookingId)) throw new HttpError(404, "Non trovato.");
    return ownMemberAnswers(context.db, identity, params.bookingId);
  });
}

export default function TherapistMember({ loaderData }: Route.ComponentProps) {
  const member = loaderData;
  return (
    <div className="grid gap-6">
      <BackLink to={`${THERAPIST_AREA}/gruppi/${member.groupId}`}>{member.groupName}</BackLink>
      <PageHeader
        title={member.name}
        description={[member.ageBracket ? `${member.ageBracket} anni` : null, member.submittedAt ? `questionario del ${formatDateTime(member.submittedAt)}` : null]
          .filter(Boolean)
          .join(" · ")}
      />
      <p className="text-sm text-ink-500">Dati sanitari, coperti dal segreto professionale: ogni lettura è registrata.</p>
      {member.answers ? <QuestionnaireAnswers answers={member.answers} /> : <EmptyState>Questa persona non ha compilato il questionario.</EmptyState>}
    </div>
  );
}
