import type { AccountExportSectionName } from '@/contracts/account-export';
import { readAchievements } from './achievements';
import { readComments } from './comments';
import { readConversations } from './conversations';
import { readDareRequestsReceived } from './dare-requests-received';
import { readDareRequestsSent } from './dare-requests-sent';
import { readDaresCreated } from './dares-created';
import { readDaresTakenOn } from './dares-taken-on';
import { readEmailSettings } from './email-settings';
import { readFollowers, readFollowing } from './follows';
import { readMessages } from './messages';
import { readNotifications } from './notifications';
import { readPayouts } from './payouts';
import { readPledges } from './pledges';
import { readProofs } from './proofs';
import { readPushDevices } from './push-devices';
import { readLikes, readSaves } from './reactions';
import { readSavedCards } from './saved-cards';
import { readSessions } from './sessions';
import type { SectionReader } from './shared';
import { readVotes } from './votes';

/** The query of each list of the file: the type makes a new contract section need its reader. */
export const SECTION_READERS: { [K in AccountExportSectionName]: SectionReader<K> } = {
  sessions: readSessions,
  pushDevices: readPushDevices,
  daresCreated: readDaresCreated,
  daresTakenOn: readDaresTakenOn,
  pledges: readPledges,
  payouts: readPayouts,
  savedCards: readSavedCards,
  proofs: readProofs,
  votes: readVotes,
  comments: readComments,
  likes: readLikes,
  saves: readSaves,
  conversations: readConversations,
  messages: readMessages,
  following: readFollowing,
  followers: readFollowers,
  notifications: readNotifications,
  achievements: readAchievements,
  dareRequestsSent: readDareRequestsSent,
  dareRequestsReceived: readDareRequestsReceived,
  emailSettings: readEmailSettings,
};
