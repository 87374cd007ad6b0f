import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DareRequestType, DareRequestView } from '@/contracts/dare-requests';
import { toast } from '@/web/components/ui/toast-store';
import { apiRequest } from '@/web/lib/api-client';
import { unlessFromPage } from '@/web/lib/page-data';
import { dareRequestsKey } from './dare-request-keys';

/** GET /api/dare-requests?type=: one tab's requests, newest first; a failure is toasted. */
export function useDareRequests(type: DareRequestType) {
  const query = useQuery({
    queryKey: dareRequestsKey(type),
    queryFn: ({ signal }) =>
      apiRequest<DareRequestView[]>(`/api/dare-requests?type=${type}`, { signal }),
    staleTime: unlessFromPage(0),
    refetchOnWindowFocus: true,
  });
  const { isError, error } = query;
  useEffect(() => {
    if (!isError) return;
    toast({
      title: `Failed to load ${type} dare requests`,
      description: error?.message,
      variant: 'destructive',
    });
  }, [isError, error, type]);
  return query;
}
