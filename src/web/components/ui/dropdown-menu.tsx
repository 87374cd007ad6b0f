import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

/**
 * Not modal: a modal menu hides the rest of the app from screen readers with aria-hidden
 * while its links and buttons stay focusable (axe: aria-hidden-focus on #root). As in the
 * WAI-ARIA menu button pattern, Escape returns to the trigger and Tab leaves and closes it.
 */
export function DropdownMenu({
  modal = false,
  ...props
}: ComponentProps<typeof MenuPrimitive.Root>) {
  return <MenuPrimitive.Root modal={modal} {...props} />;
}
export const DropdownMenuTrigger = MenuPrimitive.Trigger;

export function DropdownMenuContent({
  className,
  sideOffset = 6,
  align = 'end',
  ...props
}: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        sideOffset={sideOffset}
        align={align}
        className={cn(
          'z-50 min-w-56 rounded-2xl border border-line bg-surface-raised p-1.5 shadow-2xl',
          'data-[state=open]:animate-fade-in',
          className,
        )}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

interface ItemProps extends ComponentProps<typeof MenuPrimitive.Item> {
  tone?: 'default' | 'danger';
}

export function DropdownMenuItem({ className, tone = 'default', ...props }: ItemProps) {
  return (
    <MenuPrimitive.Item
      className={cn(
        'flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium outline-none',
        'data-[highlighted]:bg-line data-[disabled]:opacity-50',
        tone === 'danger' ? 'text-danger' : 'text-ink',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({ className }: { className?: string }) {
  return <MenuPrimitive.Separator className={cn('my-1 h-px bg-line', className)} />;
}
