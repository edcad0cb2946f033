import { useEffect, useState, type DependencyList, type RefObject } from "react";

/**
 * Whether a row that scrolls sideways has more to see before and after what shows, kept up to date
 * on scroll and resize (and whenever `deps` change): the admin tab bar and the call slots' day strip
 * fade an edge and show an arrow there.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>, deps: DependencyList) {
  const [edges, setEdges] = useState({ start: false, end: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setEdges({ start: element.scrollLeft > 4, end: element.scrollLeft + element.clientWidth < element.scrollWidth - 4 });
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener("scroll", measure);
      observer.disconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what changes the row
  }, deps);
  return edges;
}
