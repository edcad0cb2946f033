import { Link, Section, Text } from "@react-email/components";
import { site } from "~/content/site";
import type { BankTransferDetails } from "~/domain/bank-transfer";
import { formatEuro } from "~/domain/money";
import { emailStyles } from "./layout";

const p = emailStyles.paragraph;
const box = { backgroundColor: "#f1f7f5", borderRadius: "12px", padding: "16px 20px", margin: "0 0 16px" };
const line = { ...p, margin: "0 0 4px" };
const link = { color: "#256657" };

/**
 * What a member still owes and how to pay it by bank transfer, inside an e-mail they already receive:
 * the IBAN in groups of four, the holder, the exact amount and the causale, as plain lines that read
 * the same in the text part. No session is named beyond the causale's date; the QR code is in the area.
 */
export function BankTransferEmailSection({ transfer, paymentsUrl }: { transfer: BankTransferDetails; paymentsUrl: string }) {
  const amount = formatEuro(transfer.amountCents);
  const stampDuty = transfer.stampDutyCents > 0 ? ` (comprende ${formatEuro(transfer.stampDutyCents)} di imposta di bollo della fattura)` : "";
  if (transfer.status === "contact") {
    return (
      <Text style={p}>
        Risultano da pagare <strong>{amount}</strong>
        {stampDuty}. Per pagare con bonifico scrivici a{" "}
        <Link href={`mailto:${site.contactEmail}`} style={link}>
          {site.contactEmail}
        </Link>
        : ti mandiamo i dati del conto dello studio. Il dettaglio è nella tua area personale:{" "}
        <Link href={paymentsUrl} style={link}>
          {paymentsUrl}
        </Link>
      </Text>
    );
  }
  return (
    <>
      <Text style={p}>
        Risultano da pagare <strong>{amount}</strong>
        {stampDuty}. Per pagare con bonifico usa questi dati:
      </Text>
      <Section style={box}>
        <Text style={line}>
          IBAN: <strong>{transfer.ibanGroups}</strong>
        </Text>
        <Text style={line}>
          Intestatario: <strong>{transfer.holder}</strong>
        </Text>
        <Text style={line}>
          Importo: <strong>{amount}</strong>
        </Text>
        <Text style={{ ...line, margin: 0 }}>
          Causale: <strong>{transfer.reference}</strong>
        </Text>
      </Section>
      <Text style={p}>
        Scrivi la causale così com'è: ci dice che il pagamento è tuo. Nella tua area personale, alla voce Pagamenti, trovi il dettaglio e il codice QR da inquadrare con l'app della
        tua banca:{" "}
        <Link href={paymentsUrl} style={link}>
          {paymentsUrl}
        </Link>
      </Text>
    </>
  );
}
