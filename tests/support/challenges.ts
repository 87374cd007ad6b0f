const DAY = 24 * 60 * 60 * 1000;

/** The body of POST /api/dares for a challenge sent to an email address or a phone number. */
export const challengePayload = (recipientType: 'email' | 'phone', recipientContact: string) => ({
  title: 'Sing <loudly> & proud',
  description: 'One verse of the anthem at the bus stop.',
  targetAmount: 40,
  category: 'Social',
  contentRating: 'G',
  coverImage: null,
  pitchVideo: '',
  expiresAt: new Date(Date.now() + 3 * DAY).toISOString(),
  dareType: 'challenge',
  isPublicChallenge: false,
  recipientType,
  recipientContact,
});
