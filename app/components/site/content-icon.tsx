import { CircleHelp, ClipboardList, Clock, CloudRain, Compass, Hourglass, Lock, Phone, RefreshCw, Smartphone, Split, UserRound, Users, type LucideIcon } from "lucide-react";
import type { ContentIconName } from "~/content/types";

const icons: Record<ContentIconName, LucideIcon> = { CircleHelp, ClipboardList, Clock, CloudRain, Compass, Hourglass, Lock, Phone, RefreshCw, Smartphone, Split, UserRound, Users };

/** The lucide icon named by a content file; decorative, so hidden from assistive technology. */
export function ContentIcon({ name, className = "size-6" }: { name: ContentIconName; className?: string }) {
  const Icon = icons[name];
  return <Icon aria-hidden="true" className={className} />;
}
