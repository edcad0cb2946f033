import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { useScrollEdges } from "~/components/ui/use-scroll-edges";

interface AdminTab {
  to: string;
  label: string;
  end?: boolean;
}

/**
 * The admin sections as a row of tabs that scrolls sideways on a phone. Where tabs are cut off, the
 * edge fades and a chevron button scrolls to them, so it shows that there is more; the current tab
 * is brought into view.
 */
export function AdminTabBar({ tabs }: { tabs: readonly AdminTab[] }) {
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    list.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [pathname]);
  const more = useScrollEdges(list, [pathname]);

  const scrollBy = (direction: 1 | -1) => {
    const element = list.current;
    if (element) element.scrollBy({ left: direction * element.clientWidth * 0.7, behavior: "smooth" });
  };
  const edge = "absolute inset-y-0 flex w-14 items-center from-white from-45% to-transparent";
  const arrow = "grid size-8 place-items-center rounded-full bg-white text-teal-800 shadow ring-1 ring-sand-200 hover:bg-teal-50";

  return (
    <nav aria-label="Sezioni admin" className="relative mx-auto max-w-7xl">
      <ul ref={list} className="flex gap-1 overflow-x-auto px-4 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end ?? false}
              className={({ isActive }) =>
                `block whitespace-nowrap border-b-2 px-3 py-3 text-sm font-medium ${
                  isActive ? "border-teal-700 text-teal-800" : "border-transparent text-ink-500 hover:text-ink-900"
                }`
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
      {more.start ? (
        <div className={`${edge} left-0 justify-start bg-gradient-to-r pl-1`}>
          <button type="button" className={arrow} onClick={() => scrollBy(-1)} aria-label="Sezioni precedenti">
            <ChevronLeft aria-hidden className="size-4" />
          </button>
        </div>
      ) : null}
      {more.end ? (
        <div className={`${edge} right-0 justify-end bg-gradient-to-l pr-1`}>
          <button type="button" className={arrow} onClick={() => scrollBy(1)} aria-label="Altre sezioni">
            <ChevronRight aria-hidden className="size-4" />
          </button>
        </div>
      ) : null}
    </nav>
  );
}
