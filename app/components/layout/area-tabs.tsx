import { NavLink } from "react-router";

interface AreaTab {
  to: string;
  label: string;
  /** Active only on this exact path (the area's home), not on the pages below it. */
  end: boolean;
}

/** The section tabs of a signed-in area (therapists, clients): links, the current one underlined and announced. */
export function AreaTabs({ label, tabs, className }: { label: string; tabs: readonly AreaTab[]; className: string }) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex gap-1 overflow-x-auto">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                `block min-h-11 whitespace-nowrap border-b-2 px-3 py-3 text-sm font-medium ${isActive ? "border-teal-700 text-teal-800" : "border-transparent text-ink-700 hover:text-ink-900"}`
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
