import { MoreHorizontal } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from './dropdown-menu';
import type { MoreMenuProps } from './more-menu-button';

/**
 * The ⋯ menu itself (Radix DropdownMenu). MoreMenuButton loads it on first use and mounts
 * it open (`defaultOpen`): the press that asked for it has already happened.
 */
export function MoreMenu({
  label,
  items,
  triggerClassName,
  iconClassName,
  defaultOpen,
}: MoreMenuProps & { defaultOpen?: boolean }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label={label} className={triggerClassName}>
        <MoreHorizontal className={iconClassName} aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {items.map(({ label: text, icon: Icon, tone, onSelect }) => (
          <DropdownMenuItem key={text} tone={tone} onSelect={onSelect}>
            {Icon && (
              <Icon
                className={tone === 'danger' ? 'size-4.5' : 'size-4.5 text-ink-muted'}
                aria-hidden="true"
              />
            )}
            {text}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
