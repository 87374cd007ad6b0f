import type { DareRequestType } from '@/contracts/dare-requests';

// Query keys only (no hooks, no fetching): the entry bundle's first-screen seeding imports
// them without pulling the dare-requests hooks in.
export const DARE_REQUESTS_KEY = ['/api/dare-requests'] as const;
export const dareRequestsKey = (type: DareRequestType) => [...DARE_REQUESTS_KEY, type] as const;
