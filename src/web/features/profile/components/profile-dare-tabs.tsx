import { type LucideIcon, Sparkles, Trophy, Wallet } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';

interface TabSpec {
  value: string;
  label: string;
  icon: LucideIcon;
  empty: string;
  description: string;
  action: { href: string; label: string };
}

const tabs: TabSpec[] = [
  {
    value: 'created',
    label: 'Created',
    icon: Sparkles,
    empty: 'No dares created yet',
    description: 'Pitch a challenge and let others fund it.',
    action: { href: '/dare', label: 'Create a Dare' },
  },
  {
    value: 'pledged',
    label: 'Pledged',
    icon: Wallet,
    empty: 'No pledges yet',
    description: 'Back a dare you want to see happen.',
    action: { href: '/', label: 'Browse Dares' },
  },
  {
    value: 'completed',
    label: 'Completed',
    icon: Trophy,
    empty: 'No completed dares yet',
    description: 'Dares you finish and get approved show up here.',
    action: { href: '/', label: 'Find a Dare' },
  },
];

/** Created, pledged and completed dares; the lists arrive with the dares feature. */
export function ProfileDareTabs() {
  return (
    <Tabs defaultValue="created" className="mt-6 flex flex-col gap-2 px-4">
      <TabsList aria-label="Your dares">
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            <tab.icon className="size-4" aria-hidden="true" />
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab.value} value={tab.value}>
          <EmptyState
            icon={tab.icon}
            title={tab.empty}
            description={tab.description}
            headingLevel={3}
            action={
              <Link href={tab.action.href} className={buttonClasses('primary', 'md')}>
                {tab.action.label}
              </Link>
            }
          />
        </TabsContent>
      ))}
    </Tabs>
  );
}
