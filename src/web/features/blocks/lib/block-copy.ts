/** The confirm dialog's words for blocking or unblocking `name` (issue 21 item 5). */
export function blockCopy(name: string, blocked: boolean) {
  return blocked
    ? {
        title: `Unblock ${name}?`,
        description:
          'They will be able to follow you, message you and comment on your dares again.',
        confirmLabel: 'Unblock',
        done: `${name} is unblocked`,
        failed: 'Unblock failed',
      }
    : {
        title: `Block ${name}?`,
        description:
          "They won't be able to follow you, message you, send you dare requests or comment on your dares, and you won't see each other's dares or comments.",
        confirmLabel: 'Block',
        done: `${name} is blocked`,
        failed: 'Block failed',
      };
}
