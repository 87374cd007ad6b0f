/**
 * The words of POST /api/moderation/actions' refusals (issue 21 item 3), shared by the server
 * and the /moderation screens. The spec's own words are in moderation-values.ts.
 */
export const MODERATION_ACTION_MESSAGES = {
  targetNotFound: 'That no longer exists',
  untilOnlyForSuspend: 'Only a suspension has an end date',
  untilInPast: 'A suspension must end in the future',
  noOwner: 'The account behind this was deleted',
  notYourself: 'You cannot do that to your own account',
  staffAccount: 'Only an admin can suspend or warn a moderator',
  alreadyRemoved: 'This is already removed',
  notRemoved: 'This is not removed, so there is nothing to restore',
  nothingToDismiss: 'There is nothing to dismiss: no open reports and nothing hidden',
  notSuspended: 'This account is not suspended',
} as const;
