import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationSettings,
  UpdateNotificationSettings,
} from '@/contracts/notification-settings';
import { apiRequest } from '@/web/lib/api-client';

const SETTINGS_KEY = ['/api/user/notification-settings'] as const;

/** GET /api/user/notification-settings: every kind with email on or off. */
export function useNotificationSettings(enabled = true) {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) =>
      apiRequest<NotificationSettings>('/api/user/notification-settings', { signal }),
    enabled,
  });
}

/**
 * PUT /api/user/notification-settings: the switch moves at once (optimistic); a refusal
 * puts it back.
 */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationSettings) =>
      apiRequest<NotificationSettings>('/api/user/notification-settings', {
        method: 'PUT',
        body,
      }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: SETTINGS_KEY });
      const previous = queryClient.getQueryData<NotificationSettings>(SETTINGS_KEY);
      if (previous) {
        const changed = new Map(body.settings.map((s) => [s.kind, s.email]));
        queryClient.setQueryData<NotificationSettings>(SETTINGS_KEY, {
          settings: previous.settings.map((s) => ({ ...s, email: changed.get(s.kind) ?? s.email })),
        });
      }
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(SETTINGS_KEY, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}
