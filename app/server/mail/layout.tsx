import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { site } from "~/content/site";

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

/** The branded layout every e-mail shares: brand header, content, footer with contacts. */
export function EmailLayout({ preview, children, footerNote }: { preview: string; children: ReactNode; footerNote?: ReactNode }) {
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
