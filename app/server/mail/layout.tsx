import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { HELP_PATH, helpTitle } from "~/content/help";
import { site } from "~/content/site";
import { publicBaseUrl } from "../env.server";

const colors = { ink: "#1f2a2e", muted: "#5d6b70", teal: "#256657", sand: "#fbf8f3", line: "#ebe1d0" };

export const emailStyles = {
  paragraph: { fontSize: "16px", lineHeight: "26px", color: colors.ink, margin: "0 0 16px" },
  button: {
    backgroundColor: colors.teal,
    borderRadius: "999px",
    color: "#ffffff",
    display: "inline-block",
    fontSize: "16px",
    fontWeight: 600,
    padding: "12px 24px",
    textDecoration: "none",
  },
  small: { fontSize: "13px", lineHeight: "20px", color: colors.muted, margin: "0 0 8px" },
};

/**
 * The branded layout every e-mail shares: brand header, content, footer with contacts. Every e-mail to
 * a person (not those to staff: `forStaff`) ends with the link to "Hai bisogno di aiuto subito?" (issue 30).
 */
export function EmailLayout({ preview, children, footerNote, forStaff = false }: { preview: string; children: ReactNode; footerNote?: ReactNode; forStaff?: boolean }) {
  return (
    <Html lang="it">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.sand, fontFamily: "Helvetica, Arial, sans-serif", margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#ffffff", borderRadius: "16px", maxWidth: "560px", padding: "32px" }}>
          <Text style={{ fontFamily: "Georgia, serif", fontSize: "24px", fontWeight: 600, color: colors.teal, margin: "0 0 24px" }}>{site.brand}</Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: colors.line, margin: "32px 0 16px" }} />
          {footerNote ? <Text style={emailStyles.small}>{footerNote}</Text> : null}
          {forStaff ? null : (
            <Text style={emailStyles.small}>
              {helpTitle} In caso di emergenza chiama il 112; i numeri di ascolto sono qui:{" "}
              <Link href={`${publicBaseUrl()}${HELP_PATH}`} style={{ color: colors.teal }}>
                {`${publicBaseUrl()}${HELP_PATH}`}
              </Link>
            </Text>
          )}
          <Text style={emailStyles.small}>
            {site.brand} · Terapia di gruppo online ·{" "}
            <Link href={`mailto:${site.contactEmail}`} style={{ color: colors.teal }}>
              {site.contactEmail}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
