import { createElement } from 'react';
import {
  BarChart3,
  Blocks,
  Bot,
  Briefcase,
  Cloud,
  Gamepad2,
  Globe,
  Lightbulb,
  Megaphone,
  Palette,
  PenLine,
  Plug,
  ShieldCheck,
  ShoppingCart,
  Smartphone,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

/**
 * Checked in order, so the more specific words come first ("mobile app" before "app"). Vector icons
 * drawn inline: emoji showed as empty boxes where no emoji font is installed.
 */
const ICON_BY_KEYWORD: ReadonlyArray<readonly [RegExp, LucideIcon]> = [
  [/mobile|ios|android/, Smartphone],
  [/ui|ux|design/, Palette],
  [/security|testing|\bqa\b|quality/, ShieldCheck],
  [/cloud|devops|infrastructure|hosting/, Cloud],
  [/\bapi\b|integration|backend/, Plug],
  [/\bai\b|machine learning|\bml\b|artificial/, Bot],
  [/data|analytics/, BarChart3],
  [/blockchain|web3/, Blocks],
  [/game/, Gamepad2],
  [/marketing|seo/, Megaphone],
  [/content|writing/, PenLine],
  [/e-?commerce|shop/, ShoppingCart],
  [/web|website|frontend/, Globe],
  [/support|maintenance/, Wrench],
  [/consult/, Lightbulb],
];

export function categoryIconFor(name: string): LucideIcon {
  const normalised = name.toLowerCase();
  return ICON_BY_KEYWORD.find(([pattern]) => pattern.test(normalised))?.[1] ?? Briefcase;
}

/** The category's icon; decoration only, the category's name says what it is. */
export function CategoryIcon({ name, className }: { name: string; className?: string }) {
  return createElement(categoryIconFor(name), {
    'aria-hidden': true,
    focusable: false,
    className,
    strokeWidth: 1.75,
  });
}
