import { useMutation } from '@tanstack/react-query';
import { errorFromResponse, NetworkError } from '@/web/lib/api-client';

const FALLBACK_NAME = 'darefund-export.json';

/** The name the server gave the file (Content-Disposition), else a plain one. */
function filenameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? FALLBACK_NAME;
}

/**
 * GET /api/account/export: the whole file as a Blob. Not apiRequest: the answer is a file to
 * save, never parsed here; a refusal (429, 401) is read as the API's { message } all the same.
 */
async function fetchAccountExport(): Promise<{ blob: Blob; filename: string }> {
  let response: Response;
  try {
    response = await fetch('/api/account/export', {
      headers: { Accept: 'application/json' },
      credentials: 'include',
    });
    if (!response.ok) throw await errorFromResponse(response);
    return { blob: await response.blob(), filename: filenameOf(response) };
  } catch (error) {
    if (error instanceof TypeError) throw new NetworkError();
    throw error;
  }
}

/** Hands a Blob to the browser as a download through a temporary object URL and link. */
function saveFile({ blob, filename }: { blob: Blob; filename: string }) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once the click is handled; a moment later is safe.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the account's data file and saves it; resolves to the saved name. */
export function useDownloadAccountExport() {
  return useMutation({
    mutationFn: async () => {
      const file = await fetchAccountExport();
      saveFile(file);
      return file.filename;
    },
  });
}
