-- The achievement catalogue (spec sections 2 and 9; issue 13). Hand-written: drizzle-kit
-- cannot express data. Idempotent: running it again (or after the catalogue changed here)
-- updates the rows by their unique name and never duplicates them. `requirement` is
-- `<metric>:<target>` (src/domain/achievements.ts) and max_progress is that target.
-- `icon` is a key the web maps to a picture.
INSERT INTO "achievements" ("name", "title", "description", "icon", "category", "rarity", "points", "requirement", "max_progress") VALUES
  ('first_dare', 'First Dare', 'Create your first dare', 'sparkles', 'creator', 'common', 10, 'dares_created:1', 1),
  ('dare_maker', 'Dare Maker', 'Create 5 dares', 'flame', 'creator', 'rare', 25, 'dares_created:5', 5),
  ('dare_architect', 'Dare Architect', 'Create 25 dares', 'crown', 'creator', 'epic', 50, 'dares_created:25', 25),
  ('first_proof', 'Proof Positive', 'Submit your first proof video', 'video', 'creator', 'common', 10, 'proofs_submitted:1', 1),
  ('first_vote', 'Fair Judge', 'Cast your first vote on a proof', 'vote', 'social', 'common', 10, 'votes_cast:1', 1),
  ('trusted_judge', 'Trusted Judge', 'Vote on 10 proofs', 'scale', 'social', 'rare', 25, 'votes_cast:10', 10),
  ('first_comment', 'Conversation Starter', 'Post your first comment', 'message', 'social', 'common', 10, 'comments_posted:1', 1),
  ('networker', 'Networker', 'Follow 10 people', 'user-plus', 'social', 'common', 10, 'following:10', 10),
  ('rising_star', 'Rising Star', 'Reach 10 followers', 'star', 'social', 'rare', 25, 'followers:10', 10),
  ('influencer', 'Influencer', 'Reach 100 followers', 'megaphone', 'social', 'legendary', 100, 'followers:100', 100),
  ('first_request', 'Challenger', 'Send your first dare request', 'send', 'social', 'common', 10, 'requests_sent:1', 1),
  ('request_accepted', 'Challenge Taken', 'Have a dare request you sent accepted', 'handshake', 'social', 'rare', 20, 'requests_accepted:1', 1),
  ('game_on', 'Game On', 'Accept a dare request sent to you', 'swords', 'social', 'common', 10, 'challenges_accepted:1', 1),
  ('first_pledge', 'First Backer', 'Make your first pledge', 'heart', 'financial', 'common', 10, 'pledges_made:1', 1),
  ('generous_backer', 'Generous Backer', 'Pledge $100 in total', 'gift', 'financial', 'rare', 25, 'dollars_pledged:100', 100),
  ('patron', 'Patron', 'Pledge $1,000 in total', 'gem', 'financial', 'epic', 50, 'dollars_pledged:1000', 1000),
  ('super_backer', 'Super Backer', 'Back 10 dares', 'hand-coins', 'financial', 'rare', 25, 'pledges_made:10', 10),
  ('first_earnings', 'Paid Off', 'Earn $100 from completed dares', 'wallet', 'financial', 'rare', 25, 'dollars_earned:100', 100),
  ('high_earner', 'High Earner', 'Earn $1,000 from completed dares', 'banknote', 'financial', 'legendary', 100, 'dollars_earned:1000', 1000),
  ('first_completed', 'Dare Devil', 'Complete your first dare', 'trophy', 'milestone', 'rare', 25, 'dares_completed:1', 1),
  ('five_completed', 'Unstoppable', 'Complete 5 dares', 'zap', 'milestone', 'epic', 50, 'dares_completed:5', 5),
  ('legend', 'Living Legend', 'Complete 25 dares', 'medal', 'milestone', 'legendary', 100, 'dares_completed:25', 25)
ON CONFLICT ("name") DO UPDATE SET
  "title" = EXCLUDED."title",
  "description" = EXCLUDED."description",
  "icon" = EXCLUDED."icon",
  "category" = EXCLUDED."category",
  "rarity" = EXCLUDED."rarity",
  "points" = EXCLUDED."points",
  "requirement" = EXCLUDED."requirement",
  "max_progress" = EXCLUDED."max_progress",
  "is_active" = true;
