import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { site } from "~/content/site";

/** The logo wordmark linking home; the text brand is shown when the image cannot be loaded. */
export function Logo({ className = "" }: { className?: string }) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // The image may have failed before hydration attached onError.
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <Link to="/" className={`inline-flex items-center rounded-md ${className}`}>
      {failed ? (
        <span className="font-serif text-2xl font-semibold text-teal-800">{site.brand}</span>
      ) : (
        <img ref={image} src="/logo.svg" alt={site.brand} width={132} height={36} className="h-9 w-auto" onError={() => setFailed(true)} />
      )}
    </Link>
  );
}
