import { useMutation } from '@tanstack/react-query';
import type { CreateReportInput, ReportReceipt } from '@/contracts/reports';
import { apiRequest } from '@/web/lib/api-client';

/** POST /api/reports: 201 a new report, 200 the same open one again (issue 21 item 1). */
export function createReport(input: CreateReportInput) {
  return apiRequest<ReportReceipt>('/api/reports', { method: 'POST', body: input });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
