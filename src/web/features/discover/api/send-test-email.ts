import { useMutation } from '@tanstack/react-query';
import type { TestEmailResult } from '@/contracts/notification-settings';
import { apiRequest } from '@/web/lib/api-client';

/** GET /api/test-email (development only): queues, and with SMTP sends, a test email to me. */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: () => apiRequest<TestEmailResult>('/api/test-email'),
  });
}
