import {
  Award,
  Banknote,
  Crown,
  Flame,
  Gem,
  Gift,
  HandCoins,
  Handshake,
  Heart,
  type LucideIcon,
  Medal,
  Megaphone,
  MessageCircle,
  Scale,
  Send,
  Sparkles,
  Star,
  Swords,
  Trophy,
  UserPlus,
  Video,
  Vote,
  Wallet,
  Zap,
} from 'lucide-react';

/** The catalogue's icon keys (drizzle/0013_achievements_catalogue.sql) as pictures. */
const ICONS: Record<string, LucideIcon> = {
  sparkles: Sparkles,
  flame: Flame,
  crown: Crown,
  video: Video,
  vote: Vote,
  scale: Scale,
  message: MessageCircle,
  'user-plus': UserPlus,
  star: Star,
  megaphone: Megaphone,
  send: Send,
  handshake: Handshake,
  swords: Swords,
  heart: Heart,
  gift: Gift,
  gem: Gem,
  'hand-coins': HandCoins,
  wallet: Wallet,
  banknote: Banknote,
  trophy: Trophy,
  zap: Zap,
  medal: Medal,
};

export function AchievementIcon({ icon, className }: { icon: string; className?: string }) {
  const Icon = ICONS[icon] ?? Award;
  return <Icon className={className} aria-hidden="true" />;
}
