import { Star } from "lucide-react";

/** Five filled stars read out as one rating ("5 stelle su 5"). */
export function Stars({ rating = 5, className = "size-5" }: { rating?: number; className?: string }) {
  return (
    <span role="img" aria-label={`${rating} stelle su 5`} className="inline-flex gap-0.5 text-coral-500">
      {Array.from({ length: 5 }, (_, index) => (
        <Star key={index} aria-hidden="true" className={className} fill={index < rating ? "currentColor" : "none"} strokeWidth={1.5} />
      ))}
    </span>
  );
}
