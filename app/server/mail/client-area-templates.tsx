import { Button, Text } from "@react-email/components";
import { site } from "~/content/site";
import { EmailLayout, emailStyles } from "./layout";

const p = emailStyles.paragraph;

/**
 * The confirmation of something a person did in their own area (an absence, an erasure request,
 * leaving the newsletter, ending every session): what happened, in their words, and the way back.
 */
export function ClientAreaNoticeEmail({
  name,
  preview,
  paragraphs,
  areaUrl,
  footerNote = "Ti scriviamo perché questa azione è stata fatta dalla tua area personale. Se non sei statə tu, rispondi a questa email.",
}: {
  name: string | null;
  preview: string;
  paragraphs: string[];
  areaUrl: string;
  /** Why this e-mail: by default, an action done from the area (staff's answer to a request says so). */
  footerNote?: string;
}) {
  return (
    <EmailLayout preview={preview} footerNote={footerNote}>
      <Text style={p}>{name ? `Ciao ${name},` : "Ciao,"}</Text>
      {paragraphs.map((text) => (
        <Text key={text} style={p}>
          {text}
        </Text>
      ))}
      <Button href={areaUrl} style={emailStyles.button}>
        Apri la tua area personale
      </Button>
      <Text style={p}>
        A presto,{"\n"}il team di {site.brand}
      </Text>
    </EmailLayout>
  );
}
