import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PageHeader } from '@/web/components/layout/page-header';
import { buttonClasses } from '@/web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import type { QueueStatus } from '../api/get-moderation-queue';
import { QueueList } from '../components/queue-list';
import { RequireModerator } from '../components/require-moderator';

/** /moderation: the queue of reported targets, Open and Resolved (issue 21 item 3). */
export function ModerationPage() {
  return <RequireModerator>{() => <ModerationQueue />}</RequireModerator>;
}

function ModerationQueue() {
  const [tab, setTab] = useState<QueueStatus>('open');
  return (
    <div className="flex min-h-full flex-col">
      <PageHeader
        title="Moderation"
        backTo="/profile"
        actions={
          <Link href="/moderation/log" className={buttonClasses('ghost', 'sm')}>
            <ScrollText className="size-4.5" aria-hidden="true" />
            Audit log
          </Link>
        }
      />
      <Tabs
        value={tab}
        onValueChange={(value) => setTab(value as QueueStatus)}
        className="flex flex-1 flex-col gap-4 p-4 pb-24"
      >
        <TabsList aria-label="Reports">
          <TabsTrigger value="open">Open</TabsTrigger>
          <TabsTrigger value="resolved">Resolved</TabsTrigger>
        </TabsList>
        <TabsContent value="open">
          <QueueList status="open" />
        </TabsContent>
        <TabsContent value="resolved">
          <QueueList status="resolved" />
        </TabsContent>
      </Tabs>
    </div>
  );
}
