const DEFAULT_EMOJI = '💼';

/** Checked in order, so the more specific words come first ("mobile app" before "app"). */
const EMOJI_BY_KEYWORD: ReadonlyArray<readonly [RegExp, string]> = [
  [/mobile|ios|android/, '📱'],
  [/ui|ux|design/, '🎨'],
  [/security|testing|\bqa\b|quality/, '🔒'],
  [/cloud|devops|infrastructure|hosting/, '☁️'],
  [/\bapi\b|integration|backend/, '🔌'],
  [/\bai\b|machine learning|\bml\b|artificial/, '🤖'],
  [/data|analytics/, '📊'],
  [/blockchain|web3/, '⛓️'],
  [/game/, '🎮'],
  [/marketing|seo/, '📣'],
  [/content|writing/, '✍️'],
  [/e-?commerce|shop/, '🛒'],
  [/web|website|frontend/, '🌐'],
  [/support|maintenance/, '🛠️'],
  [/consult/, '💡'],
];

export function categoryEmoji(name: string): string {
  const normalised = name.toLowerCase();
  return EMOJI_BY_KEYWORD.find(([pattern]) => pattern.test(normalised))?.[1] ?? DEFAULT_EMOJI;
}
