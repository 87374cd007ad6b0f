import { useCallback, useState } from 'react';

const keyOf = (conversationId: number) => `inbox-draft:${conversationId}`;

function read(conversationId: number): string {
  try {
    return sessionStorage.getItem(keyOf(conversationId)) ?? '';
  } catch {
    return '';
  }
}

/**
 * The text being typed in a conversation, kept in sessionStorage so leaving the chat (or a
 * reload) loses nothing that was typed.
 */
export function useDraft(conversationId: number) {
  const [draft, setState] = useState(() => read(conversationId));
  const setDraft = useCallback(
    (value: string) => {
      setState(value);
      try {
        if (value) sessionStorage.setItem(keyOf(conversationId), value);
        else sessionStorage.removeItem(keyOf(conversationId));
      } catch {
        // Storage full or blocked: the draft still lives in state.
      }
    },
    [conversationId],
  );
  return [draft, setDraft] as const;
}
