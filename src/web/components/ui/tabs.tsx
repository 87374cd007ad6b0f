import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from '@/web/lib/cn';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('flex rounded-xl border border-line bg-surface p-1', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'flex h-10 flex-1 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold',
        'text-ink-muted transition-colors hover:text-ink',
        'data-[state=active]:bg-line data-[state=active]:text-ink data-[state=active]:shadow',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A panel is a tab stop (Radix gives it tabIndex 0 so content without controls can be reached):
 * it keeps the app's focus ring like every other stop (WCAG 2.4.7).
 */
export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('rounded-lg', className)} {...props} />;
}
