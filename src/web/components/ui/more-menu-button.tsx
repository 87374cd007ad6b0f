import { type LucideIcon, MoreHorizontal } from 'lucide-react';
import { Suspense, useState } from 'react';
import { retryableLazy } from '@/web/lib/retryable-lazy';
import { MenuStandIn } from './menu-stand-in';

export interface MoreMenuItem {
  label: string;
  icon?: LucideIcon;
  tone?: 'default' | 'danger';
  onSelect: () => void;
}

export interface MoreMenuProps {
  /** The button's accessible name, e.g. 'More options'. */
  label: string;
  items: MoreMenuItem[];
  triggerClassName: string;
  iconClassName: string;
}

const loadMenu = () => import('./more-menu');
const MoreMenu = retryableLazy(() => loadMenu().then((m) => ({ default: m.MoreMenu })));
const preload = () => void loadMenu().catch(() => undefined);

/**
 * A ⋯ menu button (a dare in the feed, a profile, a conversation). As ProfileMenuButton: the
 * Radix menu is no part of a screen's first paint (issue 14), so until first used this is a
 * stand-in that looks and announces the same; pressing it mounts the menu open.
 */
export function MoreMenuButton(props: MoreMenuProps) {
  const [wanted, setWanted] = useState(false);
  if (props.items.length === 0) return null;
  const standIn = (
    <MenuStandIn
      label={props.label}
      className={props.triggerClassName}
      onPreload={preload}
      onOpen={() => setWanted(true)}
    >
      <MoreHorizontal className={props.iconClassName} aria-hidden="true" />
    </MenuStandIn>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <MoreMenu {...props} defaultOpen />
    </Suspense>
  );
}
