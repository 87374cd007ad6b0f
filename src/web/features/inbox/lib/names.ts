import type { ConversationView, Participant } from '@/contracts/conversations';

/** The person on the other side of a one-to-one conversation (yourself if alone in it). */
export function otherParticipant(conversation: ConversationView, meId: number): Participant {
  return (
    conversation.participants.find((p) => p.id !== meId) ??
    conversation.participants[0] ?? {
      id: 0,
      username: 'unknown',
      displayName: 'Unknown user',
      profilePicture: null,
    }
  );
}

export const displayNameOf = (person: { displayName: string | null; username: string }) =>
  person.displayName || person.username;

/** "3:05 PM": a bubble's time. */
export const clockTime = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
