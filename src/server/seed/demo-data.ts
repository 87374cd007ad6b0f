/**
 * The demo world a newcomer sees on first start: a few people and dares in every status,
 * with the short videos and covers that ship in assets/demo.
 */
export const DEMO_PASSWORD = 'demo1234';

export const DEMO_USERS = [
  {
    key: 'maya',
    email: 'maya@demo.darefund.example',
    username: 'maya',
    displayName: 'Maya Chen',
    bio: 'Cold water enthusiast. Will try anything once.',
    avatar: 'avatar-1',
  },
  {
    key: 'leo',
    email: 'leo@demo.darefund.example',
    username: 'leo_runs',
    displayName: 'Leo Martins',
    bio: 'Running for good causes.',
    avatar: 'avatar-2',
  },
  {
    key: 'sam',
    email: 'sam@demo.darefund.example',
    username: 'sam.laughs',
    displayName: 'Sam Okafor',
    bio: 'Open mic regular. Bad jokes, good heart.',
    avatar: 'avatar-3',
  },
  {
    key: 'ava',
    email: 'ava@demo.darefund.example',
    username: 'ava_paints',
    displayName: 'Ava Rossi',
    bio: 'Painter. Fast ones only.',
    avatar: 'avatar-4',
  },
  {
    key: 'kai',
    email: 'kai@demo.darefund.example',
    username: 'kai',
    displayName: 'Kai Tanaka',
    bio: 'Gym, hot sauce, repeat.',
    avatar: 'avatar-5',
  },
  {
    key: 'nora',
    email: 'nora@demo.darefund.example',
    username: 'nora',
    displayName: 'Nora Lind',
    bio: 'I pledge, therefore I am.',
    avatar: 'avatar-6',
  },
] as const;

export type DemoUserKey = (typeof DEMO_USERS)[number]['key'];

export type DemoDare = {
  media: string;
  creator: DemoUserKey;
  title: string;
  description: string;
  category:
    | 'Comedy'
    | 'Physical'
    | 'Food'
    | 'Skill'
    | 'Social'
    | 'Creativity'
    | 'Charity'
    | 'Other';
  contentRating: 'G' | 'PG' | 'PG-13' | 'R';
  targetDollars: number;
  status: 'pending' | 'active' | 'verification' | 'completed' | 'failed';
  /** Days since creation, and days of funding from creation. */
  ageDays: number;
  durationDays: number;
  pledges: Array<[DemoUserKey, number]>;
  publicChallenge?: boolean;
  sponsor?: DemoUserKey;
  /** Proof video (for verification and completed dares). */
  proof?: string;
  /** Votes on the proof (true approve), by pledgers; a rejection gets a preset reason. */
  votes?: Array<[DemoUserKey, boolean]>;
  /** A staff pick: listed under Trending's Featured tab. */
  featured?: boolean;
};

export const DEMO_DARES: DemoDare[] = [
  {
    media: 'ice-bucket-challenge',
    creator: 'maya',
    title: 'Ice Bucket Challenge',
    description:
      'A full bucket of ice water over my head at sunrise on the beach. No towel for five minutes after.',
    category: 'Physical',
    contentRating: 'G',
    targetDollars: 100,
    status: 'active',
    ageDays: 1,
    durationDays: 7,
    pledges: [
      ['leo', 20],
      ['sam', 50],
      ['nora', 40],
    ],
  },
  {
    media: 'hot-sauce-tasting',
    creator: 'kai',
    title: 'Hot Sauce Tasting',
    description:
      'Ten hot sauces, mildest to hottest, one spoonful each, no milk until the very last one.',
    category: 'Food',
    contentRating: 'PG',
    targetDollars: 150,
    status: 'pending',
    ageDays: 0.2,
    durationDays: 14,
    pledges: [
      ['maya', 10],
      ['ava', 5],
    ],
  },
  {
    media: '100-pushups',
    creator: 'kai',
    title: '100 Push-ups',
    description:
      'One hundred push-ups in a row, on camera, in under five minutes. Chest to the floor on every rep.',
    category: 'Physical',
    contentRating: 'G',
    targetDollars: 60,
    status: 'verification',
    ageDays: 4,
    durationDays: 7,
    pledges: [
      ['maya', 20],
      ['leo', 20],
      ['nora', 25],
    ],
    proof: '100-pushups',
    // 1 of 3 approved: the next approval is a strict majority and completes it at once.
    votes: [['maya', true]],
  },
  {
    media: 'sing-in-public',
    creator: 'sam',
    title: 'Sing in Public',
    description:
      'Sing a full song at the busiest corner of the market square and ask strangers to join the chorus.',
    category: 'Social',
    contentRating: 'G',
    targetDollars: 50,
    status: 'completed',
    ageDays: 9,
    durationDays: 7,
    pledges: [
      ['ava', 20],
      ['kai', 20],
      ['nora', 20],
    ],
    proof: 'sing-in-public',
    votes: [
      ['ava', true],
      ['kai', true],
    ],
    featured: true,
  },
  {
    media: 'juggling-five-balls',
    creator: 'ava',
    title: 'Juggle Five Balls',
    description:
      'Public challenge: whoever juggles five balls for thirty seconds straight takes the pot.',
    category: 'Skill',
    contentRating: 'G',
    targetDollars: 80,
    status: 'active',
    ageDays: 2,
    durationDays: 14,
    pledges: [
      ['ava', 5],
      ['sam', 15],
    ],
    publicChallenge: true,
  },
  {
    media: 'cold-shower-week',
    creator: 'maya',
    title: 'Cold Shower Week',
    description: 'Seven days of cold-only showers, filmed every morning. Nora sponsored this one.',
    category: 'Physical',
    contentRating: 'G',
    targetDollars: 40,
    status: 'active',
    ageDays: 1.5,
    durationDays: 7,
    pledges: [
      ['nora', 25],
      ['leo', 15],
    ],
    sponsor: 'nora',
  },
  {
    media: 'speed-painting',
    creator: 'ava',
    title: 'Speed Painting',
    description: 'A full portrait of a stranger in ten minutes flat, then I give it to them.',
    category: 'Creativity',
    contentRating: 'G',
    targetDollars: 75,
    status: 'pending',
    ageDays: 0.5,
    durationDays: 7,
    pledges: [['maya', 10]],
  },
  {
    media: 'charity-run-10k',
    creator: 'leo',
    title: 'Charity 10K Run',
    description: 'Running 10K in a full chicken costume. Every dollar goes to the local food bank.',
    category: 'Charity',
    contentRating: 'G',
    targetDollars: 200,
    status: 'verification',
    ageDays: 3,
    durationDays: 30,
    pledges: [
      ['maya', 50],
      ['sam', 20],
      ['ava', 20],
      ['kai', 100],
      ['nora', 50],
    ],
    proof: 'charity-run-10k',
    // Under vote with its window open at seed time: 2 of 5 voted, kai and nora may still vote.
    votes: [
      ['maya', true],
      ['sam', false],
    ],
    featured: true,
  },
  {
    media: 'stand-up-comedy',
    creator: 'sam',
    title: 'Stand-up Open Mic',
    description:
      'Five minutes of brand-new material at an open mic night. No notes, no bailing out.',
    category: 'Comedy',
    contentRating: 'PG-13',
    targetDollars: 40,
    status: 'completed',
    ageDays: 12,
    durationDays: 7,
    pledges: [
      ['leo', 20],
      ['maya', 25],
    ],
    proof: 'stand-up-comedy',
    votes: [
      ['leo', true],
      ['maya', true],
    ],
  },
  {
    media: 'backflip-attempt',
    creator: 'leo',
    title: 'Backflip Attempt',
    description: 'Learn a standing backflip from zero in three days, landing it on a soft mat.',
    category: 'Physical',
    contentRating: 'PG',
    targetDollars: 120,
    status: 'failed',
    ageDays: 6,
    durationDays: 3,
    pledges: [['kai', 10]],
  },
];
