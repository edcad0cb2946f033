import { CalendarDays, Clock } from "lucide-react";
import { formatItalianDate } from "./post-format";

/** Publication date and reading time of an article. */
export function PostMeta({ publishedDate, readTime, className = "" }: { publishedDate: string; readTime: string; className?: string }) {
  return (
    <p className={`flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-500 ${className}`}>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="size-4" />
        <time dateTime={publishedDate}>{formatItalianDate(publishedDate)}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock aria-hidden="true" className="size-4" />
        <span>{readTime} di lettura</span>
      </span>
    </p>
  );
}
